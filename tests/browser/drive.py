"""Small steps a student takes in JupyterLab or Voila, for the browser tests."""

from __future__ import annotations

import os
import re
import time
import uuid
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

from puzzlelab.lessons import list_lessons

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "notebooks"
STUDENT = "student"  # the folder (in the Lab server's root) holding the student edition
TOKEN = "browser-test-" + uuid.uuid4().hex  # one per test run; JupyterLab gets it via JUPYTER_TOKEN
TRACEBACK = "Traceback (most recent call last)"
RUN_ALL_TIMEOUT = 240_000  # ms: the slowest lesson computes for a while


#: before the page loads: every message the page sends to a kernel, with the time it was sent
WATCH_KERNEL = """(() => {
  window.__sent = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (String(this.url).includes('/api/kernels/')) {
      let text = '[blob]';
      if (typeof data === 'string') text = data;
      else if (data instanceof ArrayBuffer) text = new TextDecoder().decode(new Uint8Array(data));
      else if (ArrayBuffer.isView(data)) text = new TextDecoder().decode(data);
      window.__sent.push({ at: performance.now(), text });
    }
    return send.call(this, data);
  };
})();"""


def screenshot_dir() -> Path:
    """``$SCREENSHOTS``, else ``<repo>/artifacts/screenshots`` (git-ignored)."""
    folder = Path(os.environ.get("SCREENSHOTS") or ROOT / "artifacts" / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def repo_lessons():
    """The lessons in this checkout's notebooks/ (empty until they are written)."""
    return list_lessons(source=ROOT / "notebooks")


def open_notebook(page: Page, server, path: str, token: str) -> None:
    """Open ``path`` in a fresh JupyterLab workspace and wait until its kernel really is connected."""
    page.goto(f"{server.url}/lab/workspaces/{uuid.uuid4().hex}/tree/{path}?reset&token={token}")
    page.wait_for_selector(".jp-Notebook .jp-Cell")
    # "Run All" sent before the kernel is connected is silently dropped: wait for the debugger button
    page.wait_for_selector(".jp-DebuggerBugButton[aria-disabled='false']")


def run_all(page: Page) -> None:
    """Run > Run All Cells, then wait until no cell is queued or running and none raised."""
    page.click("#jp-MainMenu >> text=Run")
    page.click(".lm-Menu-itemLabel:text-is('Run All Cells')")
    page.wait_for_selector(".jp-InputArea-prompt:text-is('[*]:')", timeout=30_000)  # started
    expect(page.locator(".jp-InputArea-prompt:text-is('[*]:')")).to_have_count(0, timeout=RUN_ALL_TIMEOUT)
    expect(page.locator(".jp-OutputArea-output", has_text=TRACEBACK)).to_have_count(0)


def wait_for_voila(page: Page, url: str) -> None:
    """Load a Voila app (it runs every cell while the page loads) and check no cell failed."""
    page.goto(url)
    expect(page.locator("body")).not_to_contain_text("There was an error when executing cell")


def assert_code_hidden(page: Page) -> None:
    """App mode: widgets and text are shown, code cells' sources are not."""
    expect(page.locator(".jp-CodeCell .jp-InputArea, .cm-editor, .jp-InputPrompt")).to_have_count(0)


def moves(counter: Locator, *, timeout: float = 10.0) -> int:
    """The number on a "moves: N" read-out (the widget writes it when its state arrives, so read
    until it is there)."""
    deadline = time.monotonic() + timeout
    while True:
        text = counter.inner_text()
        match = re.search(r"moves:\s*(\d+)", text)
        if match:
            return int(match[1])
        assert time.monotonic() < deadline, f"move counter reads {text!r}"
        time.sleep(0.1)


def blank_and_neighbour(board: Locator) -> tuple[int, int]:
    """Cell indexes of the blank and of a tile next to it, read from the playable board's SVG
    (``svg.puzzlelab-board`` carries ``data-rows``/``data-cols``; each tile ``g.pzl-tile`` its
    ``data-tile`` number, 0 for the blank, and the ``data-cell`` it stands on)."""
    rows, cols = int(board.get_attribute("data-rows") or 0), int(board.get_attribute("data-cols") or 0)
    blank = int(board.locator("g.pzl-tile[data-tile='0']").get_attribute("data-cell") or -1)
    assert min(rows, cols) > 0, f"not a playable board: {rows}x{cols}"
    assert blank >= 0, "the board shows no blank"
    row, col = divmod(blank, cols)
    for dr, dc in [(0, 1), (0, -1), (1, 0), (-1, 0)]:
        if 0 <= row + dr < rows and 0 <= col + dc < cols:
            return blank, (row + dr) * cols + col + dc
    raise AssertionError(f"no tile next to the blank of a {rows}x{cols} board")


def slide_a_tile(root: Locator) -> tuple[int, int]:
    """Click a tile next to the blank in a playable board; check that the move counter (Python's
    move count) goes up by one and the tile now stands where the blank was.

    Returns the move count before and after.
    """
    board, counter = root.locator("svg.puzzlelab-board").first, root.locator(".puzzlelab-move-counter").first
    expect(counter).to_contain_text("moves:")
    before = moves(counter)
    blank, cell = blank_and_neighbour(board)
    tile = board.locator(f"g.pzl-tile[data-cell='{cell}']")
    number = tile.get_attribute("data-tile")
    tile.click()
    expect(counter).to_contain_text(f"moves: {before + 1}")
    # the tile really moved into the blank, and the blank took its cell
    expect(board.locator(f"g.pzl-tile[data-tile='{number}']")).to_have_attribute("data-cell", str(blank))
    expect(board.locator("g.pzl-tile[data-tile='0']")).to_have_attribute("data-cell", str(cell))
    return before, before + 1


def image_source(image: Locator) -> str:
    source = image.get_attribute("src")
    assert source, "the picture has no image data"
    return source


def press_slider(slider: Locator, key: str = "ArrowRight", times: int = 1) -> None:
    """Move an ipywidgets 8 slider (noUiSlider) with the keyboard, as a student would."""
    handle = slider.locator(".noUi-handle").first
    handle.focus()
    for _ in range(times):
        handle.press(key)


# -- what "responds" means for each lesson widget -------------------------------------
def change_shuffle(root: Locator) -> None:
    """Shuffle lab: pick another shuffle algorithm; a new run starts and its samples arrive in
    batches (the module writes the run and the batches it drew on its root element)."""
    run = root.get_attribute("data-run")
    menu = root.locator("select").first
    count, chosen = menu.evaluate("s => [s.options.length, s.selectedIndex]")
    menu.select_option(index=(chosen + 1) % count)
    expect(root).not_to_have_attribute("data-run", run or "", timeout=60_000)
    expect(root).not_to_have_attribute("data-batches", "0", timeout=60_000)
    expect(root.locator(".puzzlelab-ratio")).to_contain_text("max/min ratio")


def swap_two_tiles(root: Locator) -> None:
    """Parity lab: click two tiles (cells of the SVG board); they swap, so the inversion count and
    the verdict change (a swap of two tiles flips the invariant)."""
    inversions = root.locator(".puzzlelab-inversions").first
    verdict = root.locator(".puzzlelab-verdict").first
    expect(inversions).to_contain_text("inversions:")
    swap_mode = root.locator("button.pl-mode[data-mode='swap two tiles']")
    if swap_mode.get_attribute("aria-pressed") != "true":
        swap_mode.click()
        expect(swap_mode).to_have_attribute("aria-pressed", "true")
    before, before_verdict = inversions.inner_text(), verdict.inner_text()
    cells = root.locator(".puzzlelab-board .pl-cell")
    labels = [c.get_attribute("aria-label") or "" for c in cells.all()]
    tiles = [k for k, label in enumerate(labels) if "tile" in label]
    cells.nth(tiles[0]).click()
    cells.nth(tiles[1]).click()
    expect(inversions).not_to_have_text(before)
    expect(verdict).not_to_have_text(before_verdict)


def step_search(root: Locator) -> None:
    """Search player: one step forward (button, then the right arrow key); the step read-out, the
    step shown and the expanded board must change each time."""
    info = root.locator(".puzzlelab-search-info").first
    expanding = root.locator("svg.puzzlelab-search-expansion").first
    expect(info).to_contain_text("step ")
    for press in (lambda: root.locator("button.puzzlelab-step-forward").first.click(),
                  lambda: (root.focus(), root.page.keyboard.press("ArrowRight"))):  # fmt: skip
        before_info, before_board = info.inner_text(), expanding.inner_html()
        step = int(root.get_attribute("data-step") or 0)
        press()
        expect(info).not_to_have_text(before_info)
        expect(root).to_have_attribute("data-step", str(step + 1))
        assert expanding.inner_html() != before_board


def move_weight(root: Locator) -> None:
    """Weights: move the weight slider one notch with the keyboard; the caption of the (g, h) plane
    (and the picture with it) must change in the browser, without waiting for the kernel."""
    caption = root.locator(".puzzlelab-gh-title").first
    expect(caption).to_contain_text("expanded")
    slider = root.locator(".puzzlelab-weight-slider").first
    expect(slider).to_be_enabled(timeout=120_000)  # two runs at least: the slider has somewhere to go
    before = caption.inner_text()
    at_end = slider.evaluate("s => Number(s.value) >= Number(s.max)")
    slider.focus()
    slider.press("ArrowLeft" if at_end else "ArrowRight")
    expect(caption).not_to_have_text(before, timeout=2_000)


def slide(root: Locator) -> None:
    """Playable board: click a tile next to the blank, then press an arrow key on the focused
    board; the arrow moves the BLANK (the library's convention), so the blank goes that way."""
    slide_a_tile(root)
    board, counter = root.locator("svg.puzzlelab-board").first, root.locator(".puzzlelab-move-counter").first
    before = moves(counter)
    blank, cell = blank_and_neighbour(board)
    step = cell - blank
    cols = int(board.get_attribute("data-cols") or 0)
    key = {1: "ArrowRight", -1: "ArrowLeft", cols: "ArrowDown", -cols: "ArrowUp"}[step]
    board.focus()
    board.press(key)
    expect(counter).to_contain_text(f"moves: {before + 1}")
    expect(board.locator("g.pzl-tile[data-tile='0']")).to_have_attribute("data-cell", str(cell))


def lock_a_prediction(root: Locator) -> None:
    """Predict: choose the first answer (or type a number), lock it in; the answer is then frozen."""
    choices = root.locator(".puzzlelab-predict-answer input[type='radio']")
    if choices.count():
        choices.first.check()
    else:
        root.locator(".puzzlelab-predict-answer input").first.fill("12")
    root.locator("button.puzzlelab-predict-lock").click()
    expect(root).to_contain_text("locked in:")
    expect(root.locator("button.puzzlelab-predict-lock")).to_be_disabled()


#: The main widget of each lesson (by slug) and how a student makes it respond.
MAIN_WIDGET = {
    "play": ("puzzlelab-playable-board", slide),
    "shuffling": ("puzzlelab-shuffle-lab", change_shuffle),
    "parity": ("puzzlelab-parity-lab", swap_two_tiles),
    "search": ("puzzlelab-search-player", step_search),
    "weights": ("puzzlelab-weight-explorer", move_weight),
    "fifteen": ("puzzlelab-search-player", step_search),
    "pattern_databases": ("puzzlelab-predict", lock_a_prediction),
}
