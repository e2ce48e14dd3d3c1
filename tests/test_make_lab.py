"""``make lab`` as the README gives it: it opens a git-ignored copy of the student edition (never
``notebooks/``), on loopback, without JupyterLab's news pop-up; ``make lab-teacher`` the
teacher's edition. The server is asked over its REST API (no browser needed)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        shutil.which("make") is None or not (ROOT / "Makefile").exists(), reason="needs make and a checkout"
    ),
]  # fmt: skip


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str):
    with urllib.request.urlopen(url, timeout=10) as answer:
        return json.load(answer)


def _serve(target: str, tmp_path: Path, *extra: str):
    port = _free_port()
    env = {**os.environ, "JUPYTER_TOKEN": "t0ken", "JUPYTER_CONFIG_DIR": str(tmp_path / "cfg"),
           "JUPYTER_RUNTIME_DIR": str(tmp_path / "rt"), "JUPYTERLAB_SETTINGS_DIR": str(tmp_path / "settings"),
           "JUPYTERLAB_WORKSPACES_DIR": str(tmp_path / "ws"), "BROWSER": "true"}  # fmt: skip
    # this interpreter's environment stands in for .venv (already installed: no stamp to make)
    command = ["make", "-s", target, f"VENV={sys.prefix}", "LAB_STAMP=Makefile", f"PORT={port}",
               f"WORK={tmp_path / 'work'}", *extra]  # fmt: skip
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, start_new_session=True)  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            _get(f"{url}/api/status?token=t0ken")
            return server, url
        except OSError:
            assert server.poll() is None, f"make {target} exited with {server.returncode}"
            time.sleep(0.5)
    os.killpg(server.pid, signal.SIGTERM)
    raise TimeoutError(f"make {target} did not serve within 120 s")


def _stop(server) -> None:
    os.killpg(server.pid, signal.SIGTERM)
    server.wait(timeout=30)


@pytest.mark.parametrize(
    ("target", "edition", "lang"),
    [("lab", "student", "en"), ("lab-teacher", "teacher", "en"), ("lab", "student", "zh-CN")],
)
def test_make_lab_opens_a_copy_of_the_right_edition_without_the_news_pop_up(target, edition, lang, tmp_path):
    before = subprocess.run(
        ["git", "status", "--porcelain", "notebooks"], cwd=ROOT, capture_output=True, text=True
    )
    # LESSON_LANG=zh-CN: the Chinese lessons and JupyterLab's menus in Chinese (the zh extra is installed)
    server, url = _serve(target, tmp_path, f"LESSON_LANG={lang}", "LAB_ZH_STAMP=Makefile")
    try:
        listing = _get(f"{url}/api/contents?token=t0ken")
        names = {item["name"] for item in listing["content"]}
        assert "00_play.ipynb" in names
        lesson = _get(f"{url}/api/contents/03_search.ipynb?token=t0ken&content=1")
        text = json.dumps(lesson["content"])
        assert ("BEGIN SOLUTION" in text) == (edition == "teacher")
        news = _get(f"{url}/lab/api/settings/@jupyterlab/apputils-extension:notification?token=t0ken")
        defaults = {name: spec.get("default") for name, spec in news["schema"]["properties"].items()}
        effective = {**defaults, **news["settings"]}  # the user's own settings over the defaults
        assert effective["fetchNews"] == "false"
        assert effective["checkForUpdates"] is False
        play = _get(f"{url}/api/contents/00_play.ipynb?token=t0ken&content=1")["content"]
        assert play["cells"][0]["source"].startswith("# 00 · Play") == (lang == "en")  # 动手玩 in Chinese
        language = _get(f"{url}/lab/api/settings/@jupyterlab/translation-extension:plugin?token=t0ken")
        defaults = {name: spec.get("default") for name, spec in language["schema"]["properties"].items()}
        assert {**defaults, **language["settings"]}["locale"] == ("zh_CN" if lang == "zh-CN" else "default")
    finally:
        _stop(server)
    assert (tmp_path / "work" / edition / "00_play.ipynb").is_file()
    after = subprocess.run(
        ["git", "status", "--porcelain", "notebooks"], cwd=ROOT, capture_output=True, text=True
    )
    assert after.stdout == before.stdout, "the server must not touch the committed lessons"
