"""Every benchmark script answers ``--help`` with its usage and exits 0 without running anything.

A benchmark run takes minutes of CPU (some build wheels and venvs, or start a class server), so
``--help`` must only describe it. Each script runs in a subprocess; the test fails if one starts
working (it would not finish within the timeout, or would print more than its help) or if a new
script forgets to parse its arguments.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
SCRIPTS = [*sorted(BENCHMARKS.glob("bench_*.py")), BENCHMARKS / "install_sizes.py"]


def test_the_benchmarks_are_found():
    assert len(SCRIPTS) >= 8
    assert BENCHMARKS / "bench_core.py" in SCRIPTS


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_help_prints_usage_and_runs_nothing(script: Path, tmp_path: Path):
    done = subprocess.run([sys.executable, str(script), "--help"], capture_output=True, text=True, timeout=30,
                          cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith(f"usage: {script.name}"), done.stdout[:500]
    assert "-h, --help" in done.stdout
    assert done.stderr == ""
    assert list(tmp_path.iterdir()) == []  # wrote nothing where it ran
