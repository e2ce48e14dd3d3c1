"""A puzzlelab widget renders and responds in a real browser, in JupyterLab and in Voila.

Uses tests/browser/notebooks/playable_fixture.ipynb (a PlayableBoard one move from solved),
so the machinery is checked independently of the lessons.
"""

import time

import pytest
from drive import (
    FIXTURES,
    MAIN_WIDGET,
    TOKEN,
    assert_code_hidden,
    open_notebook,
    run_all,
    screenshot_dir,
    slide_a_tile,
    wait_for_voila,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
FIXTURE = "playable_fixture.ipynb"


def test_playable_board_in_jupyterlab(lab, lab_page, shot):
    t0 = time.perf_counter()
    open_notebook(lab_page, lab, FIXTURE, TOKEN)
    run_all(lab_page)
    board = lab_page.locator(".puzzlelab-playable-board").first
    expect(board).to_be_visible()
    expect(lab_page.locator(".jp-OutputArea-output", has_text="cells ran:")).to_contain_text("moves: 0")
    assert slide_a_tile(board) == (0, 1)
    print(f"lab fixture: {time.perf_counter() - t0:.1f}s")
    shot("lab_fixture_playable")


def test_playable_board_as_a_voila_app(voila_app, page, shot):
    t0 = time.perf_counter()
    app = voila_app(str(FIXTURES / FIXTURE))  # the CLI accepts any notebook's path
    wait_for_voila(page, app.url)
    board = page.locator(".puzzlelab-playable-board").first
    expect(board).to_be_visible(timeout=180_000)  # progressive rendering: the page loads before cells run
    before, after = slide_a_tile(board)
    assert after == before + 1
    assert_code_hidden(page)
    print(f"voila fixture: {time.perf_counter() - t0:.1f}s")
    shot("voila_fixture_playable")


def test_every_lesson_widget_responds_in_jupyterlab(lab, lab_page):
    """The checks the lesson tests use, proven on the widgets themselves (one Run All for all four)."""
    open_notebook(lab_page, lab, "lesson_widgets_fixture.ipynb", TOKEN)
    run_all(lab_page)
    for slug in ["shuffling", "parity", "search", "weights"]:
        css_class, respond = MAIN_WIDGET[slug]
        widget = lab_page.locator(f".{css_class}").first
        widget.scroll_into_view_if_needed()
        expect(widget, f"{css_class} is not shown").to_be_visible()
        respond(widget)
        widget.screenshot(path=str(screenshot_dir() / f"lab_fixture_{slug}.png"))


def test_every_lesson_widget_responds_in_notebook_7(lab, lab_page):
    """The same widgets in Notebook 7 (the classic-style interface served by the same server),
    which handles keys and focus differently from JupyterLab."""
    lab_page.goto(f"{lab.url}/notebooks/lesson_widgets_fixture.ipynb?token={TOKEN}")
    lab_page.wait_for_selector(".jp-Notebook .jp-Cell")
    lab_page.wait_for_selector(".jp-DebuggerBugButton[aria-disabled='false']")
    run_all(lab_page)
    for slug in ["shuffling", "parity", "search", "weights"]:
        css_class, respond = MAIN_WIDGET[slug]
        widget = lab_page.locator(f".{css_class}").first
        widget.scroll_into_view_if_needed()
        expect(widget, f"{css_class} is not shown").to_be_visible()
        respond(widget)
        widget.screenshot(path=str(screenshot_dir() / f"notebook7_fixture_{slug}.png"))
