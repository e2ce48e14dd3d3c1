"""The live parity lab in a real browser (JupyterLab and Voila): clicking two tiles swaps them, the
arcs and the verdict redraw in the frame after Python's answer arrives, and Python's board is the
one on screen. The fixture notebook shows, under the lab, what the Python side knows.
"""

from __future__ import annotations

import re

import pytest
from drive import FIXTURES, TOKEN, open_notebook, run_all, swap_two_tiles
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.browser

FIXTURE = "parity_lab_fixture.ipynb"
LAB = ".puzzlelab-parity-lab"


def cell(root: Locator, k: int) -> Locator:
    return root.locator(f".puzzlelab-board .pl-cell[data-cell='{k}']")


def count_frames(page: Page) -> float:
    """Record every animation frame in ``window.__frames`` as [its time, when its callbacks ran];
    return the median time between frames (ms)."""
    return page.evaluate(
        """() => new Promise((done) => {
             window.__frames = [];
             const tick = (t) => {
               window.__frames.push([t, performance.now()]);
               if (window.__frames.length > 5000) window.__frames.splice(0, 1000);
               if (window.__frames.length === 21) {
                 const f = window.__frames;
                 done(f.slice(1).map(([t], k) => t - f[k][0]).sort((a, b) => a - b)[10]);
               }
               requestAnimationFrame(tick);
             };
             requestAnimationFrame(tick); })"""
    )


def click_timed(page: Page, root: Locator, first: int, second: int) -> float:
    """Click two cells; return the ms from the second click to the redraw that answers it."""
    cell(root, first).click()
    page.evaluate("() => { window.__clicked = performance.now(); }")
    cell(root, second).click()
    page.wait_for_function(
        "(el) => Number(el.dataset.drawnAt) > window.__clicked && !el.querySelector('.pl-cell.pending')",
        arg=root.element_handle(),
    )
    return page.evaluate("(el) => Number(el.dataset.drawnAt) - window.__clicked", root.element_handle())


def assert_redrawn_in_the_next_frame(page: Page, root: Locator) -> None:
    """The frame that drew Python's answer is the first frame after the answer arrived: every frame
    callback that ran between the two belongs to that same frame (however loaded the machine)."""
    received, drawn, others = page.evaluate(
        """(el) => {
             const [r, d, f] = ["receivedAt", "drawnAt", "drawnFrame"].map((k) => Number(el.dataset[k]));
             return [r, d, window.__frames.filter(([t, now]) => now > r && now < d && t !== f).length]; }""",
        root.element_handle(),
    )
    assert received <= drawn
    assert others == 0, (received, drawn, others)


def arcs(root: Locator) -> list[str]:
    return sorted(root.evaluate(
        "el => [...el.querySelectorAll('.pl-arc')].filter((a) => a.dataset.state !== 'removed')"
        ".map((a) => a.dataset.key)"
    ))  # fmt: skip


def board_text(root: Locator) -> str:
    """The board on screen, read from the cells' labels ('cell 3: tile 5' ...), as Board.text()."""
    labels = root.evaluate(
        "el => [...el.querySelectorAll('.pl-cell')].map((c) => c.getAttribute('aria-label'))"
    )
    tiles = ["_" if "blank" in label else re.search(r"tile (\d+)", label)[1] for label in labels]
    side = int(len(tiles) ** 0.5)
    return "/".join(" ".join(tiles[r * side : (r + 1) * side]) for r in range(side))


def play(page: Page, shot, where: str) -> None:
    root = page.locator(LAB).first
    echo = page.locator(".python-echo").first
    expect(root).to_be_visible()
    expect(echo).to_contain_text("python: 1 2 3/4 5 6/7 8 _ | solvable")
    expect(root.locator(".puzzlelab-verdict")).to_have_text("solvable: invariant (0 + 0) mod 2 = 0")
    assert arcs(root) == []
    interval = count_frames(page)

    # two clicks swap tiles 1 and 2: one arc appears, the verdict flips, Python knows the board
    latency = click_timed(page, root, 0, 1)
    assert_redrawn_in_the_next_frame(page, root)
    expect(root.locator(".puzzlelab-verdict")).to_have_text("NOT solvable: invariant (1 + 0) mod 2 = 1")
    expect(root.locator(".puzzlelab-inversions")).to_have_text("inversions: 1")
    assert arcs(root) == ["1-2"]
    assert board_text(root) == "2 1 3/4 5 6/7 8 _"
    expect(echo).to_contain_text("python: 2 1 3/4 5 6/7 8 _ | NOT solvable")

    # a second swap: the arc of a pair still inverted stays, a new one comes (3 is now before 1)
    click_timed(page, root, 1, 2)
    assert_redrawn_in_the_next_frame(page, root)
    assert arcs(root) == ["1-2", "1-3"]
    expect(root.locator(".puzzlelab-verdict")).to_have_text("solvable: invariant (2 + 0) mod 2 = 0")
    expect(echo).to_contain_text("python: 2 3 1/4 5 6/7 8 _ | solvable")

    # the keyboard: arrows move the focus over the cells, Enter clicks (swap cells 1 and 2 back)
    cell(root, 0).focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    expect(echo).to_contain_text("python: 2 1 3/4 5 6/7 8 _ | NOT solvable")
    expect(root.locator(".puzzlelab-verdict")).to_contain_text("NOT solvable")
    assert board_text(root) == "2 1 3/4 5 6/7 8 _"

    # slide mode: a slide keeps the verdict; a tile far from the blank is refused on the error line
    root.locator("button.pl-mode", has_text="slide the blank").click()
    expect(echo).to_contain_text("| slide the blank |")
    cell(root, 0).click()
    expect(root.locator(".puzzlelab-error")).to_have_text(
        "tile 2 is not next to the blank, so it cannot slide"
    )
    cell(root, 7).click()
    expect(echo).to_contain_text("python: 2 1 3/4 5 6/7 _ 8 | NOT solvable")
    expect(root.locator(".puzzlelab-error")).to_have_text("")
    expect(root.locator(".puzzlelab-verdict")).to_contain_text("NOT solvable")

    # the goal menu changes the blank-row term; the proof by search agrees with the verdict
    root.locator("select.pl-goal").select_option("first")
    expect(root.locator(".puzzlelab-row-term")).to_have_text("blank-row term: (3 - 1) x 2 rows = 4")
    root.locator("button.pl-prove").click()
    expect(root.locator(".puzzlelab-proof")).to_contain_text("The parity verdict agrees.", timeout=60_000)
    shot(f"parity_lab_live_{where}")

    # the size menu: 4x4 has no proof by search; reset brings the goal back
    root.locator("select.pl-size").select_option("4x4")
    expect(root.locator(".pl-cell")).to_have_count(16)
    expect(root.locator("button.pl-prove")).to_be_disabled()
    print(f"{where}: second click to redraw {latency:.0f} ms (a frame is {interval:.1f} ms)")


def test_parity_lab_in_jupyterlab(lab, lab_page, shot):
    open_notebook(lab_page, lab, FIXTURE, TOKEN)
    run_all(lab_page)
    play(lab_page, shot, "lab")
    swap_two_tiles(lab_page.locator(LAB).first)  # what test_lessons.py does in lesson 02


def test_parity_lab_in_voila(voila_app, page, shot):
    app = voila_app(str(FIXTURES / FIXTURE))
    page.goto(app.url)
    expect(page.locator(LAB).first).to_be_visible(timeout=120_000)
    play(page, shot, "voila")
