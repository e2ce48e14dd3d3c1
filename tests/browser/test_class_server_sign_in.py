"""The class server as a student meets it: sign in on the hub's login page in the real browser,
find the student edition in the home folder (given on first start by the spawner hook), open
lesson 00 and run it, with no news pop-up and no error."""

from __future__ import annotations

import importlib.util
import shutil
import sys

import pytest
from drive import ROOT, run_all
from playwright.sync_api import expect

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("npm") is None and not (ROOT / "deploy" / "node_modules").exists(),
                       reason="configurable-http-proxy needs npm (apt-get install npm)"),
    pytest.mark.skipif(importlib.util.find_spec("jupyterhub") is None,
                       reason='JupyterHub is not installed (pip install "puzzlelab[test]")'),
]  # fmt: skip


@pytest.fixture
def hub(tmp_path):
    sys.path.insert(0, str(ROOT / "deploy"))
    import classhub

    hub = classhub.start_hub(tmp_path / "hub", password="class-word")
    yield hub
    hub.stop()


def test_a_student_signs_in_finds_the_lessons_and_runs_lesson_00(hub, page, shot):
    page.goto(f"{hub.url}/hub/login")
    page.fill("#username_input", "grace")
    page.fill("#password_input", "wrong")
    page.click("#login_submit")
    expect(page.locator("body")).to_contain_text("Invalid username or password")
    page.fill("#username_input", "grace")
    page.fill("#password_input", "class-word")
    page.click("#login_submit")
    page.wait_for_url("**/user/grace/lab**", timeout=180_000)
    page.goto(f"{hub.url}/user/grace/lab/tree/lessons/00_play.ipynb")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=120_000)
    page.wait_for_selector(".jp-DebuggerBugButton[aria-disabled='false']", timeout=120_000)
    expect(page.locator(".jp-Notebook")).not_to_contain_text("BEGIN SOLUTION")
    run_all(page)
    expect(page.locator("text=official Jupyter news")).to_have_count(0)
    shot("hub_lesson00")
