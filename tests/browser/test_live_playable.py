"""The live playable board in a real browser: JupyterLab, Notebook 7 and Voila.

Uses tests/browser/notebooks/playable_fixture.ipynb: ``game`` (a 3x3 board one move from
solved: 1 2 3/4 5 6/7 _ 8), a cell printing ``game.summary()``, and ``picture`` (a 2x3 picture
board, 1 _ 3/4 2 5). An arrow key moves the blank (the library's convention): on ``game``
ArrowRight sends the blank right, so tile 8 slides left, with a CSS transition, and Python's
model is solved.
"""

from __future__ import annotations

import pytest
from drive import FIXTURES, TOKEN, moves, open_notebook, run_all, slide_a_tile, wait_for_voila
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.browser
FIXTURE = "playable_fixture.ipynb"
SOLVED = "PlayableBoard 3x3 [1 2 3/4 5 6/7 8 _], moves: 1, solved!"


#: load the picture the board shows (its blob URL) and answer its size in pixels
LOAD_PICTURE = """el => new Promise(done => {
    const img = new Image();
    img.onload = () => done([img.width, img.height]);
    img.onerror = () => done(null);
    img.src = el.querySelector('image.pzl-piece').getAttribute('href');
})"""
#: record which tiles start a CSS transition (transitionrun bubbles up to the SVG)
WATCH = """el => {
    el.__runs = [];
    el.addEventListener('transitionrun', e => {
        const g = e.target.closest('g.pzl-tile');
        if (g) el.__runs.push([g.dataset.tile, e.propertyName]);
    });
}"""


def watch_transitions(board: Locator) -> None:
    """Record in the page which tiles start a CSS transition, and of what property."""
    board.evaluate(WATCH)


def transitions(board: Locator) -> list[list[str]]:
    return board.evaluate("el => el.__runs")


def tile(board: Locator, number: int) -> Locator:
    return board.locator(f"g.pzl-tile[data-tile='{number}']")


def arrow_slides_tile_8(page: Page, root: Locator) -> None:
    """Press ArrowRight on the focused board: the blank goes right, tile 8 slides left (cell 8 -> 7),
    moving by a CSS transition of its transform; the counter (Python's move count) says 1."""
    board = root.locator("svg.puzzlelab-board")
    expect(tile(board, 8)).to_have_attribute("data-cell", "8")
    start = tile(board, 8).evaluate("g => g.getBoundingClientRect().x")
    watch_transitions(board)
    board.focus()
    expect(board).to_be_focused()
    board.press("ArrowRight")
    expect(tile(board, 8)).to_have_attribute("data-cell", "7")
    expect(tile(board, 0)).to_have_attribute("data-cell", "8")
    expect(root.locator(".puzzlelab-move-counter")).to_have_text("moves: 1")
    expect(root.locator(".puzzlelab-status")).to_have_text("solved!")
    page.wait_for_function("el => el.__runs.length > 0", arg=board.element_handle())
    assert ["8", "transform"] in transitions(board)
    page.wait_for_timeout(400)  # the transition ends: tile 8 is one cell (64 px + gap) further left
    end = tile(board, 8).evaluate("g => g.getBoundingClientRect().x")
    assert start - end == pytest.approx(67, abs=1)
    # a tile at home carries the corner mark as well as its colour
    expect(tile(board, 8).locator(".pzl-home")).to_be_visible()
    expect(tile(board, 0).locator(".pzl-home")).to_be_hidden()


def refused_arrow_shows_the_error(root: Locator) -> None:
    """The blank is in the bottom-right corner: ArrowDown is refused by Python, on the error line."""
    board = root.locator("svg.puzzlelab-board")
    board.focus()
    board.press("ArrowDown")
    expect(root.locator(".puzzlelab-error")).to_contain_text("illegal move 'D'")
    expect(root.locator(".puzzlelab-move-counter")).to_have_text("moves: 1")


def picture_shows_pieces(root: Locator) -> None:
    """Picture mode: every tile is filled with a pattern holding ONE picture (one blob URL),
    each shifted to its own piece; the blank shows none until solved. Then a click slides a tile."""
    board = root.locator("svg.puzzlelab-board")
    patterns = board.locator("pattern")
    expect(patterns).to_have_count(6)
    hrefs = {p.locator("image.pzl-piece").get_attribute("href") for p in patterns.all()}
    assert len(hrefs) == 1
    assert next(iter(hrefs)).startswith("blob:")
    offsets = {(p.get_attribute("x"), p.get_attribute("y")) for p in patterns.all()}
    assert len(offsets) == 6  # each tile its own piece
    expect(board.locator("rect.pzl-picture:visible")).to_have_count(5)  # not the blank's, until solved
    size = board.evaluate(LOAD_PICTURE)
    assert size == [320, 320]  # the picture Python sent: Grace Hopper at 320 px
    assert slide_a_tile(root) == (0, 1)


def solve_plays_the_moves(page: Page, root: Locator) -> None:
    """'solve it' on the picture board (1 3 _/4 2 5, three moves from solved): Python sends the
    moves once, the browser plays them one by one, each tile sliding."""
    board = root.locator("svg.puzzlelab-board")
    watch_transitions(board)
    root.locator("button.puzzlelab-solve").click()
    expect(root.locator(".puzzlelab-status")).to_contain_text("solved by the computer: 3 moves (optimal")
    page.wait_for_function(
        "el => el.__runs.filter(r => r[1] === 'transform' && r[0] !== '0').length >= 3",
        arg=board.element_handle(),
    )
    moved = {tile for tile, prop in transitions(board) if prop == "transform" and tile != "0"}
    assert moved == {"2", "3", "5"}  # 3 slides right, 2 up, 5 left: the solution's three tiles
    expect(root).to_have_attribute("data-solved", "true")
    expect(root.locator("rect.pzl-picture:visible")).to_have_count(6)  # the whole picture


def rerun_summary_cell(page: Page) -> None:
    """Run the cell that prints game.summary() again: the kernel's model has the new board."""
    cell = page.locator(".jp-CodeCell", has_text="cells ran:").first
    cell.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Shift+Enter")
    expect(cell.locator(".jp-OutputArea-output")).to_contain_text(SOLVED)


def test_arrow_key_slides_a_tile_and_the_kernel_knows_in_jupyterlab(lab, lab_page, shot):
    open_notebook(lab_page, lab, FIXTURE, TOKEN)
    run_all(lab_page)
    game, picture = (
        lab_page.locator(".puzzlelab-playable-board").nth(0),
        lab_page.locator(".puzzlelab-playable-board").nth(1),
    )
    expect(game).to_be_visible()
    expect(game.locator(".pzl-help")).to_contain_text("arrow keys: they move the BLANK")
    arrow_slides_tile_8(lab_page, game)
    rerun_summary_cell(lab_page)
    refused_arrow_shows_the_error(game)
    before, after = slide_a_tile(game)  # a click
    assert (before, after) == (1, 2)
    picture.scroll_into_view_if_needed()
    picture_shows_pieces(picture)
    solve_plays_the_moves(lab_page, picture)
    shot("lab_live_playable")


def test_the_board_plays_in_notebook_7(lab, lab_page, shot):
    lab_page.goto(f"{lab.url}/notebooks/{FIXTURE}?token={TOKEN}")
    lab_page.wait_for_selector(".jp-Notebook .jp-Cell")
    lab_page.wait_for_selector(".jp-DebuggerBugButton[aria-disabled='false']")
    run_all(lab_page)
    game = lab_page.locator(".puzzlelab-playable-board").first
    expect(game).to_be_visible()
    arrow_slides_tile_8(lab_page, game)
    rerun_summary_cell(lab_page)
    assert slide_a_tile(game) == (1, 2)
    shot("notebook7_live_playable")


def test_the_board_plays_as_a_voila_app(voila_app, page, shot):
    app = voila_app(str(FIXTURES / FIXTURE))
    wait_for_voila(page, app.url)
    game = page.locator(".puzzlelab-playable-board").first
    expect(game).to_be_visible(timeout=180_000)
    arrow_slides_tile_8(page, game)
    assert moves(game.locator(".puzzlelab-move-counter")) == 1
    assert slide_a_tile(game) == (1, 2)
    picture = page.locator(".puzzlelab-playable-board").nth(1)
    picture.scroll_into_view_if_needed()
    picture_shows_pieces(picture)
    shot("voila_live_playable")
