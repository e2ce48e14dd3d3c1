"""The live weight explorer in a real browser: once its grid of weights is computed, moving the
slider with the keyboard redraws the (g, h) plane, its caption and the trade-off chart before
the next animation frame, with no message to the kernel; the kernel hears the chosen weight once
the slider rests. In JupyterLab and as a Voila app.

Uses tests/browser/notebooks/weight_explorer_fixture.ipynb (the hardest 8-puzzle, w = 1.5: the
module asks the kernel for the grid when it shows, and draws the progress).
"""

from __future__ import annotations

import pytest
from drive import FIXTURES, TOKEN, WATCH_KERNEL, assert_code_hidden, open_notebook, run_all, wait_for_voila
from playwright.sync_api import Locator, Page, expect

from puzzlelab.widgets.weight_explorer import SWEEP_WEIGHTS

pytestmark = pytest.mark.browser
FIXTURE = "weight_explorer_fixture.ipynb"
ROOT = ".puzzlelab-weight-explorer"

#: in the page: a snapshot of everything the slider changes (texts, the chart's chosen line, the canvas)
SNAPSHOT = """root => ({
  caption: root.querySelector('.puzzlelab-gh-title').textContent,
  expanded: root.querySelector('.puzzlelab-expanded').textContent,
  length: root.querySelector('.puzzlelab-solution-length').textContent,
  value: root.querySelector('.puzzlelab-weight-value').textContent,
  chosen: root.querySelector('.puzzlelab-chosen-weight')?.getAttribute('x1'),
  canvas: root.querySelector('canvas.puzzlelab-gh-plane').toDataURL(),
})"""

#: in the page: on the next keydown, note when, and take a snapshot in the first animation frame after it
#: listens where the module does (the window, capture phase), since the module stops the key there
ARM = """root => { window.__afterKey = null;
  window.addEventListener('keydown', () => { window.__keyAt = performance.now();
    requestAnimationFrame(() => { window.__afterKey = window.__snapshot(root); });
  }, {capture: true, once: true});
}"""

QUIET_MS = 300  # the module tells the kernel the weight 400 ms after the slider rests


def sent_between(page: Page, start: float, end: float) -> list[str]:
    return page.evaluate(
        "([a, b]) => window.__sent.filter(m => m.at >= a && m.at <= b).map(m => m.text)", [start, end]
    )


def wait_for_grid(root: Locator) -> None:
    """Until the kernel has sent every weight of the grid and the progress bar is gone."""
    slider = root.locator(".puzzlelab-weight-slider")
    expect(slider).to_have_attribute("max", str(len(SWEEP_WEIGHTS) - 1), timeout=120_000)
    expect(root.locator(".puzzlelab-progress")).to_be_hidden()
    expect(slider).to_be_enabled()


def press_and_snapshot(page: Page, root: Locator, key: str) -> tuple[dict, dict]:
    """The widget just before and in the first animation frame after pressing ``key`` on the slider."""
    slider = root.locator(".puzzlelab-weight-slider")
    slider.focus()
    page.evaluate(f"() => {{ window.__snapshot = {SNAPSHOT}; }}")
    before = root.evaluate(SNAPSHOT)
    root.evaluate(ARM)
    slider.press(key)
    page.wait_for_function("() => window.__afterKey !== null", timeout=5_000)
    return before, page.evaluate("() => window.__afterKey")


def assert_moves_within_a_frame(page: Page, root: Locator) -> None:
    """Each key moves the slider; the first animation frame after it shows the new run, and no
    message leaves for the kernel while the slider moves."""
    for key, expected in (("ArrowRight", "w = 1.6"), ("ArrowLeft", "w = 1.5"), ("End", "w = 10")):
        before, after = press_and_snapshot(page, root, key)
        assert after["value"] == expected
        for part in ("caption", "chosen", "canvas"):
            assert after[part] != before[part], f"{key}: the {part} did not change within one frame"
        assert after["caption"].startswith(expected + ":")
        key_at = page.evaluate("window.__keyAt")
        page.wait_for_timeout(QUIET_MS)
        assert sent_between(page, key_at, key_at + QUIET_MS) == [], f"{key}: a message went to the kernel"


def test_the_slider_redraws_within_a_frame_without_the_kernel_in_jupyterlab(lab, lab_page, shot):
    lab_page.add_init_script(WATCH_KERNEL)
    open_notebook(lab_page, lab, FIXTURE, TOKEN)
    run_all(lab_page)
    root = lab_page.locator(ROOT).first
    expect(root).to_be_visible()
    wait_for_grid(root)
    expect(root.locator(".puzzlelab-solution-length")).to_have_text("solution: 31 moves, optimum 31 (+0)")
    idle = lab_page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']")
    expect(idle).to_have_count(1)
    assert lab_page.evaluate("window.__sent.length") > 0, "the page's messages to the kernel are not watched"
    assert_moves_within_a_frame(lab_page, root)
    expect(idle).to_have_count(1)
    expect(root.locator(".puzzlelab-expanded")).to_have_text("nodes expanded: 159")  # w = 10, as in Python
    # once the slider rests, the kernel is told the weight it stopped at
    last_key = lab_page.evaluate("window.__keyAt")
    lab_page.wait_for_function(
        "at => window.__sent.some(m => m.at > at && m.text.includes('\"weight\"'))",
        arg=last_key,
        timeout=10_000,
    )
    told = [text for text in sent_between(lab_page, last_key, 1e12) if '"weight"' in text]
    assert len(told) == 1
    assert '"weight":10' in told[0].replace(" ", "")
    shot("lab_live_weight_explorer")


def test_the_slider_redraws_within_a_frame_as_a_voila_app(voila_app, page, shot):
    app = voila_app(str(FIXTURES / FIXTURE))
    page.add_init_script(WATCH_KERNEL)
    wait_for_voila(page, app.url)
    root = page.locator(ROOT).first
    expect(root).to_be_visible(timeout=180_000)
    wait_for_grid(root)
    assert page.evaluate("window.__sent.length") > 0, "the page's messages to the kernel are not watched"
    assert_moves_within_a_frame(page, root)
    assert_code_hidden(page)
    shot("voila_live_weight_explorer")
