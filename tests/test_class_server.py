"""A real class server, small: a JupyterHub on 127.0.0.1 (configurable-http-proxy from npm),
two students signed in through its REST API, each running the core of lesson 05 in their own
kernel through the hub's proxy, at the same time (``benchmarks/bench_hub.py`` with 2 students).

It needs node and npm (for the proxy); without them it skips and says why.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("npm") is None and not (ROOT / "deploy" / "node_modules").exists(),
                       reason="configurable-http-proxy needs npm (apt-get install npm)"),
    pytest.mark.skipif(importlib.util.find_spec("jupyterhub") is None,
                       reason='JupyterHub is not installed (pip install "puzzlelab[test]")'),
]  # fmt: skip


def load_bench():
    spec = importlib.util.spec_from_file_location("bench_hub", ROOT / "benchmarks" / "bench_hub.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_hub"] = module
    spec.loader.exec_module(module)
    return module


def test_two_students_run_lesson_05_core_through_the_hub():
    bench = load_bench()
    result = bench.run(2, "05")
    print(bench.report(result))
    assert result["cells"] >= 5
    assert result["measured"] == 2, "both students' servers and kernels were found and measured"
    assert result["run_max"] > 0
    assert result["all_done"] >= result["run_max"] - 1
    # each student's server and kernel in well under a gigabyte
    assert 0 < result["memory_max"] < 2**30
    # both kernels map the one cached pattern-database file instead of loading a copy each
    assert result["table_mappings"] >= 2
    assert result["table_private"] < 2**20
