"""Real-browser fixtures: JupyterLab and Voila started the way the CLI starts them, driven by
Debian's chromium through Playwright (never a downloaded browser).

- ``lab``: one JupyterLab for the session, on 127.0.0.1 with a token, serving a temporary
  folder holding a copy of the lessons (``copy_lessons``) and the fixture notebooks.
- ``voila_app(target)``: runs ``python -m puzzlelab app TARGET`` (the real CLI); Voila picks its port.
- ``page``: a fresh chromium tab; screenshots go to ``$SCREENSHOTS`` or ``artifacts/screenshots``.

Jupyter's config, data, runtime, workspace and settings directories, IPython's and
matplotlib's are all isolated in tmp; servers are stopped by the PID we started.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest
from drive import FIXTURES, ROOT, STUDENT, TOKEN, repo_lessons, screenshot_dir

from puzzlelab import __main__ as cli
from puzzlelab.lessons import copy_lessons

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
START_TIMEOUT = 90


# -- servers ------------------------------------------------------------------------
def isolated_env(tmp: Path) -> dict[str, str]:
    env = dict(os.environ)
    for var, sub in [("JUPYTER_CONFIG_DIR", "cfg"), ("JUPYTER_DATA_DIR", "data"),
                     ("JUPYTER_RUNTIME_DIR", "runtime"), ("JUPYTERLAB_WORKSPACES_DIR", "ws"),
                     ("JUPYTERLAB_SETTINGS_DIR", "settings"), ("IPYTHONDIR", "ipython"),
                     ("MPLCONFIGDIR", "mpl")]:  # fmt: skip
        (tmp / sub).mkdir(parents=True, exist_ok=True)
        env[var] = str(tmp / sub)
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    env.pop("JUPYTER_TOKEN", None)
    # no "get notified about official Jupyter news?" toast over the notebook
    settings = tmp / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    # every cell stays in the page (no windowing), so a test can reach cell N without scrolling to it
    notebook = tmp / "settings" / "@jupyterlab" / "notebook-extension"
    notebook.mkdir(parents=True, exist_ok=True)
    (notebook / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    return env


@dataclass
class Server:
    url: str
    process: subprocess.Popen
    log: Path

    def stop(self) -> None:
        """Stop the process we started (by its PID); its own children follow (SIGTERM is passed on)."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)  # the group we created for it, nothing else
                self.process.wait(timeout=10)


def _announced_url(log: Path, pattern: re.Pattern) -> str | None:
    match = pattern.search(log.read_text(errors="replace")) if log.exists() else None
    return match[1] if match else None


def start_server(command, *, env, cwd, log: Path, announced: re.Pattern, probe: str) -> Server:
    """Start ``command`` in its own process group; read from its log the URL (group 1 of
    ``announced``: the server chose its port itself) and wait until ``url + probe`` answers."""
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT,
                                   start_new_session=True)  # fmt: skip
    server = Server("", process, log)
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        server.url = server.url or _announced_url(log, announced) or ""
        try:
            if server.url:
                with urllib.request.urlopen(server.url + probe, timeout=5):
                    return server
        except OSError:
            pass
        if process.poll() is not None:
            raise RuntimeError(f"server exited:\n{log.read_text()[-3000:]}")
        time.sleep(0.25)
    server.stop()
    raise TimeoutError(f"server did not answer in {START_TIMEOUT}s:\n{log.read_text()[-3000:]}")


#: JupyterLab's own "running at" line; the CLI's "Voila is ready; open:  <link>" line.
LAB_URL = re.compile(r"(http://127\.0\.0\.1:\d+)/lab")
CLI_VOILA_URL = re.compile(r"Voila is ready; open:\s+(http://127\.0\.0\.1:\d+)/")


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    """JupyterLab exactly as ``python -m puzzlelab lessons`` starts it, serving the teacher's edition
    of the lessons (which runs from top to bottom) with the student edition in ``student/``."""
    tmp = tmp_path_factory.mktemp("lab")
    root = tmp / "lessons"
    shutil.copytree(FIXTURES, root)
    if repo_lessons():
        copy_lessons(root, source=ROOT / "notebooks", edition="teacher")
        copy_lessons(root / STUDENT, source=ROOT / "notebooks", edition="student")
    command = cli.lab_command(root, ip=cli.LOCALHOST, port=None, open_browser=False,
                              as_root=os.geteuid() == 0)  # fmt: skip  (the server picks its port)
    command.append("--FileContentsManager.delete_to_trash=False")  # no ~/.local/share/Trash
    env = isolated_env(tmp) | {"JUPYTER_TOKEN": TOKEN}
    server = start_server(command, env=env, cwd=root, log=tmp / "lab.log", announced=LAB_URL,
                          probe=f"/api/status?token={TOKEN}")  # fmt: skip
    server.root = root
    yield server
    server.stop()


@pytest.fixture
def voila_app(tmp_path):
    """``voila_app(target)``: ``python -m puzzlelab app TARGET`` (the real CLI), on the port Voila
    chose itself, at the link the CLI printed."""
    started = []

    def start(target: str) -> Server:
        command = [sys.executable, "-m", "puzzlelab", "app", target, "--no-browser"]
        server = start_server(command, env=isolated_env(tmp_path), cwd=tmp_path, log=tmp_path / "voila.log",
                              announced=CLI_VOILA_URL, probe="/voila/static/voila.js")  # fmt: skip
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


# -- the browser --------------------------------------------------------------------
@pytest.fixture(scope="session")
def browser_context(tmp_path_factory):
    if not Path(CHROMIUM).exists():
        pytest.skip("chromium is not installed (Debian: apt-get install chromium; .ci/run does it)")
    from playwright.sync_api import sync_playwright

    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
            env={**os.environ, "HOME": str(profile)}, viewport={"width": 1280, "height": 1000},
        )  # fmt: skip
        context.set_default_timeout(60_000)
        yield context
        context.close()


@pytest.fixture
def page(browser_context):
    tab = browser_context.new_page()
    yield tab
    tab.close()


@pytest.fixture
def shot(page):
    """``shot(name)`` saves a full-page screenshot as ``<screenshots>/<name>.png``; returns its path."""

    def save(name: str) -> Path:
        path = screenshot_dir() / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return save


def shut_down_kernels(server: Server) -> None:
    """Free the memory of the kernels a test opened (the next test opens its own)."""
    api = f"{server.url}/api/sessions?token={TOKEN}"
    with urllib.request.urlopen(api, timeout=10) as answer:
        sessions = json.load(answer)
    for session in sessions:
        request = urllib.request.Request(f"{server.url}/api/sessions/{session['id']}?token={TOKEN}",
                                         method="DELETE")  # fmt: skip
        urllib.request.urlopen(request, timeout=30).close()


@pytest.fixture
def lab_page(lab, page):
    """A tab for JupyterLab; the kernels the test started are shut down afterwards."""
    yield page
    shut_down_kernels(lab)
