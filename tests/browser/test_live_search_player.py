"""The live search player in a real browser: a replay of the hardest 8-puzzle (A* with Manhattan,
6,744 expansions) plays at 30 frames a second or more with no message to the kernel while it
plays; the keys (space, arrows, Home, End) and the scrub bar move the step; when the replay stops
the kernel's ``player.step`` is the step shown. In JupyterLab, Notebook 7 and Voila; and the
self-contained HTML copy plays from a file with no server.

Uses tests/browser/notebooks/search_player_fixture.ipynb.
"""

from __future__ import annotations

import re

import pytest
from drive import FIXTURES, TOKEN, WATCH_KERNEL, assert_code_hidden, open_notebook, run_all, wait_for_voila
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.browser
FIXTURE = "search_player_fixture.ipynb"
ROOT = ".puzzlelab-search-player"
STEPS = 6744  # A* with Manhattan on 8 6 7/2 5 4/3 _ 1 (the test below reads it from the page too)
PLAY_MS = 2000



#: the page's own frame rate with nothing playing, over one second (printed beside the player's)
IDLE_FPS = """() => new Promise(done => { let n = 0; const t0 = performance.now();
  const frame = t => { n++;
    if (t - t0 < 1000) requestAnimationFrame(frame); else done(n * 1000 / (t - t0)); };
  requestAnimationFrame(frame); })"""


def shown_step(root: Locator) -> int:
    return int(root.get_attribute("data-step") or 0)


def wait_until_drawn(root: Locator) -> None:
    expect(root).to_have_attribute("data-step", re.compile(r"^[1-9]\d*$"), timeout=60_000)
    expect(root.locator(".puzzlelab-search-info")).to_contain_text(f"of {STEPS}:")


def play_and_count(page: Page, root: Locator) -> dict:
    """Play for PLAY_MS at 200 steps a second; count the player's animation frames and the
    messages the page sent while it played."""
    root.locator("select[aria-label='steps/s']").select_option("200")
    root.focus()
    start = page.evaluate("() => performance.now()")
    frames0, step0 = root.evaluate("el => el.puzzlelab.frames"), shown_step(root)
    page.keyboard.press(" ")
    page.wait_for_timeout(PLAY_MS)
    end = page.evaluate("() => performance.now()")
    frames1, step1 = root.evaluate("el => [el.puzzlelab.frames, el.puzzlelab.step]")
    page.keyboard.press(" ")  # pause: now the kernel is told the step (and data-step follows)
    sent = page.evaluate(
        "([a, b]) => (window.__sent || []).filter(m => m.at >= a && m.at <= b).map(m => m.text)", [start, end]
    )
    idle = page.evaluate(IDLE_FPS)
    return {
        "fps": (frames1 - frames0) * 1000 / (end - start),
        "steps": step1 - step0,
        "sent": sent,
        "idle": idle,
    }


def keys_and_scrub_move_the_step(page: Page, root: Locator) -> None:
    root.focus()
    page.keyboard.press("Home")
    assert shown_step(root) == 1
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert shown_step(root) == 3
    info = root.locator(".puzzlelab-search-info")
    expect(info).to_have_text(re.compile(r"^step 3 of 6744: expand g=1 h=20 f=21;"))
    page.keyboard.press("ArrowLeft")
    assert shown_step(root) == 2
    page.keyboard.press("End")
    assert shown_step(root) == STEPS
    scrub = root.locator("input.puzzlelab-scrub")
    scrub.focus()
    page.keyboard.press("Home")  # the range input's own keys, then its change event
    page.keyboard.press("ArrowRight")
    assert shown_step(root) == 2
    scrub.fill(str(STEPS // 2))  # a drag ends with the same input and change events
    assert shown_step(root) == STEPS // 2
    root.locator("button.puzzlelab-step-forward").click()
    assert shown_step(root) == STEPS // 2 + 1


def kernel_step(page: Page) -> str:
    """Run the cell that prints player.step again and read what the kernel says."""
    cell = page.locator(".jp-CodeCell", has_text="kernel step:").first
    cell.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Shift+Enter")
    output = cell.locator(".jp-OutputArea-output")
    page.wait_for_timeout(300)
    expect(page.locator(".jp-InputArea-prompt:text-is('[*]:')")).to_have_count(0, timeout=30_000)
    return output.inner_text()


def check_in_a_notebook(page: Page, shot, name: str) -> None:
    root = page.locator(ROOT).first
    expect(root).to_be_visible()
    wait_until_drawn(root)
    assert page.evaluate("window.__sent.length") > 0, "the page's messages to the kernel are not watched"
    played = play_and_count(page, root)
    print(f"{name}: {played['fps']:.1f} frames/s (page idle: {played['idle']:.1f}), {played['steps']} steps")
    assert played["steps"] > 0
    assert played["fps"] >= 30, played["fps"]
    assert not [m for m in played["sent"] if "comm_msg" in m], "a message went to the kernel while playing"
    shown = shown_step(root)
    assert kernel_step(page).strip() == f"kernel step: {shown} of {STEPS}"  # told on pause
    keys_and_scrub_move_the_step(page, root)
    assert kernel_step(page).strip() == f"kernel step: {STEPS // 2 + 1} of {STEPS}"
    shot(name)


def test_a_long_replay_plays_at_frame_rate_in_jupyterlab(lab, lab_page, shot):
    lab_page.add_init_script(WATCH_KERNEL)
    open_notebook(lab_page, lab, FIXTURE, TOKEN)
    run_all(lab_page)
    check_in_a_notebook(lab_page, shot, "lab_live_search_player")


def test_the_replay_plays_in_notebook_7(lab, lab_page, shot):
    lab_page.add_init_script(WATCH_KERNEL)
    lab_page.goto(f"{lab.url}/notebooks/{FIXTURE}?token={TOKEN}")
    lab_page.wait_for_selector(".jp-Notebook .jp-Cell")
    lab_page.wait_for_selector(".jp-DebuggerBugButton[aria-disabled='false']")
    run_all(lab_page)
    check_in_a_notebook(lab_page, shot, "notebook7_live_search_player")


def test_the_replay_plays_as_a_voila_app(voila_app, page, shot):
    app = voila_app(str(FIXTURES / FIXTURE))
    wait_for_voila(page, app.url)
    root = page.locator(ROOT).first
    expect(root).to_be_visible(timeout=180_000)
    wait_until_drawn(root)
    played = play_and_count(page, root)
    print(f"voila: {played['fps']:.1f} frames/s (page idle: {played['idle']:.1f})")
    assert played["steps"] > 0
    assert played["fps"] >= 30, played["fps"]
    keys_and_scrub_move_the_step(page, root)
    assert_code_hidden(page)
    shot("voila_live_search_player")


def test_the_html_copy_plays_from_a_file(page, tmp_path, shot):
    from puzzlelab.widgets import SearchPlayer

    player = SearchPlayer("8 6 7/2 5 4/3 _ 1")
    player.step = 7  # the copy opens at the step the kernel had
    try:
        path = player.save_html(tmp_path / "replay.html")
    finally:
        player.close()
    page.route(
        "**/*",
        lambda route: route.abort() if not route.request.url.startswith("file:") else route.continue_(),
    )
    page.goto(path.as_uri())
    root = page.locator(ROOT).first
    wait_until_drawn(root)
    assert shown_step(root) == 7
    root.locator("button.puzzlelab-step-forward").click()
    assert shown_step(root) == 8
    expect(root.locator(".puzzlelab-search-info")).to_have_text(re.compile(r"^step 8 of 6744: expand g="))
    played = play_and_count(page, root)
    assert played["steps"] > 0
    shot("html_copy_search_player")
