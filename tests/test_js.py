"""The widgets' ES modules under Node's own test runner (``node --test tests/js/*.test.mjs``).

Both sides read the same bytes: each ``tests/js_fixtures/NAME.py`` has ``write(directory)``,
which writes what the Python side sends a widget (encoded runs, shuffle batches, boards) into
``directory``; the Node tests read them from ``$PUZZLELAB_JS_FIXTURES`` and check the module's
decoding and logic against the expectations written beside them.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
JS_TESTS = sorted((HERE / "js").glob("*.test.mjs"))
FIXTURE_WRITERS = sorted((HERE / "js_fixtures").glob("[!_]*.py"))


def _write_fixtures(directory: Path) -> list[str]:
    written = []
    for path in FIXTURE_WRITERS:
        spec = importlib.util.spec_from_file_location(f"js_fixture_{path.stem}", path)
        assert spec is not None
        assert spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        target = directory / path.stem
        target.mkdir()
        module.write(target)
        written.append(path.stem)
    return written


def test_every_widget_module_has_node_tests():
    modules = sorted(p.stem for p in (HERE.parent / "puzzlelab" / "widgets" / "js").glob("*.js"))
    tested = {p.name.removesuffix(".test.mjs") for p in JS_TESTS}
    assert set(modules) <= tested, f"widget modules without a node test: {sorted(set(modules) - tested)}"


def test_node_tests_pass(tmp_path):
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (.ci/run installs it: apt-get install nodejs)")
    if not JS_TESTS:
        pytest.skip("no widget modules with node tests yet")
    _write_fixtures(tmp_path)
    env = {**os.environ, "PUZZLELAB_JS_FIXTURES": str(tmp_path)}
    done = subprocess.run(
        [node, "--test", *map(str, JS_TESTS)], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
