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


def _hub_cli(tmp_path, *args, env=None):
    import subprocess

    return subprocess.Popen(
        [sys.executable, str(ROOT / "deploy" / "classhub.py"), "start", "--state", str(tmp_path / "state"),
         *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, start_new_session=True,
    )  # fmt: skip


def test_the_dummy_sign_in_is_refused_beyond_loopback(tmp_path):
    cli = _hub_cli(tmp_path, "--ip", "0.0.0.0")
    _, err = cli.communicate(timeout=60)
    assert cli.returncode == 2
    assert "loopback" in err
    assert "NativeAuthenticator" in err
    assert not (tmp_path / "state" / "jupyterhub.sqlite").exists(), "nothing was started"


def test_sigterm_stops_the_hub_the_proxy_and_every_student_server(tmp_path):
    import os
    import signal
    import time

    import psutil

    sys.path.insert(0, str(ROOT / "deploy"))
    import classhub

    token = "t" * 48
    port = classhub._free_port()
    cli = _hub_cli(
        tmp_path, "--port", str(port), "--password", "pw", env={**os.environ, "PUZZLELAB_HUB_TOKEN": token}
    )
    try:
        line = cli.stdout.readline()
        assert "class password: pw" in line, line + cli.stderr.read()
        hub = classhub.Hub(
            f"http://127.0.0.1:{port}", token, None, "pw", tmp_path / "state", tmp_path / "log"
        )
        classhub.sign_in(hub, "ada")
        classhub.start_server(hub, "ada")
        # the spawner hook gave the student the student edition on first start
        lessons = tmp_path / "state" / "users" / "ada" / "lessons"
        assert (lessons / "00_play.ipynb").is_file()
        assert "BEGIN SOLUTION" not in (lessons / "00_play.ipynb").read_text()
        started = psutil.Process(cli.pid).children(recursive=True)
        kinds = " ".join(" ".join(p.cmdline()) for p in started)
        assert "jupyterhub-singleuser" in kinds or "singleuser" in kinds
        assert "configurable-http-proxy" in kinds
        cli.send_signal(signal.SIGTERM)
        cli.wait(timeout=120)
        time.sleep(1)
        left = [p for p in started if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]
        assert left == [], [" ".join(p.cmdline()) for p in left]
    finally:
        if cli.poll() is None:
            os.killpg(cli.pid, signal.SIGKILL)
        cli.communicate(timeout=60)  # and close its pipes
