"""The live shuffle lab in a real browser: its samples arrive in batches and the histogram fills
in over several frames, with the exact marks there from the first frame; it runs in JupyterLab and
as a Voila app.

Uses tests/browser/notebooks/shuffle_lab_fixture.ipynb (the naive swap on 2x2, 100,000 samples).
The module writes what it drew on its root element (data-run, data-batches, data-drawn,
data-frames, data-exact-marks, data-first-frame-marks, data-first-frame-batches), which the
checks below read.
"""

from __future__ import annotations

import time

import pytest
from drive import FIXTURES, TOKEN, assert_code_hidden, change_shuffle, open_notebook, run_all, wait_for_voila
from playwright.sync_api import Locator, expect

pytestmark = pytest.mark.browser
FIXTURE = "shuffle_lab_fixture.ipynb"
BATCHES = 30  # puzzlelab.widgets.shuffle_lab.BATCHES
PERMUTATIONS = 24  # 4 items


def attribute(lab: Locator, name: str) -> str:
    return lab.get_attribute(f"data-{name}") or ""


def watch_the_run(lab: Locator, *, timeout: float = 60.0) -> list[tuple[int, int, str]]:
    """Read (batches, samples drawn, canvas picture) every 30 ms until the run is complete."""
    seen, deadline = [], time.monotonic() + timeout
    while True:
        batches, drawn, picture = lab.evaluate(
            "el => [el.dataset.batches, el.dataset.drawn,"
            " el.querySelector('canvas.puzzlelab-histogram').toDataURL()]"
        )
        if not seen or seen[-1][0] != int(batches):
            seen.append((int(batches), int(drawn), picture))
        if int(batches) == BATCHES:
            return seen
        assert time.monotonic() < deadline, f"only {batches} of {BATCHES} batches arrived: {seen[-1][:2]}"
        time.sleep(0.03)


def check_it_fills_in(lab: Locator) -> None:
    expect(lab.locator("canvas.puzzlelab-histogram")).to_be_visible()
    seen = watch_the_run(lab)
    counts = [batches for batches, _, _ in seen]
    assert counts == sorted(counts), counts
    assert len(seen) >= 4, f"the histogram should fill in over several frames, saw batches {counts}"
    pictures = {picture for _, _, picture in seen}
    assert len(pictures) >= 3, "the bars should move as batches arrive"
    assert seen[-1][1] == 100_000
    # the exact marks were drawn in the first frame, before any sample, and stay
    assert attribute(lab, "first-frame-marks") == str(PERMUTATIONS)
    assert attribute(lab, "exact-marks") == str(PERMUTATIONS)
    expect(lab.locator(".puzzlelab-ratio")).to_contain_text("exact 15/8 = 1.875")
    expect(lab.locator(".puzzlelab-ratio")).to_contain_text("sampled")
    expect(lab.locator(".pl-progress")).to_contain_text("samples: 100,000 of 100,000")
    cells = lab.locator("svg.puzzlelab-bias-matrix rect.pl-cell")
    expect(cells).to_have_count(16)
    assert "exact" in cells.first.locator("title").text_content()


def test_the_histogram_fills_in_over_frames_in_jupyterlab(lab, lab_page, shot):
    open_notebook(lab_page, lab, FIXTURE, TOKEN)
    run_all(lab_page)
    shuffle_lab = lab_page.locator(".puzzlelab-shuffle-lab").first
    expect(shuffle_lab).to_be_visible()
    check_it_fills_in(shuffle_lab)
    shot("lab_live_shuffle_lab")
    # a new shuffle from the menu starts a new run, which fills in again from its own first frame
    run = attribute(shuffle_lab, "run")
    shuffle_lab.locator("select").first.select_option("fisher_yates")
    expect(shuffle_lab).not_to_have_attribute("data-run", run)
    expect(shuffle_lab).to_have_attribute("data-batches", str(BATCHES), timeout=60_000)
    expect(shuffle_lab.locator(".puzzlelab-ratio")).to_contain_text("exact 1,")
    assert attribute(shuffle_lab, "first-frame-batches") == "0"
    assert attribute(shuffle_lab, "first-frame-marks") == str(PERMUTATIONS)
    # new samples: another run of the same shuffle
    run = attribute(shuffle_lab, "run")
    shuffle_lab.locator("button.pl-resample").click()
    expect(shuffle_lab).not_to_have_attribute("data-run", run)
    expect(shuffle_lab).to_have_attribute("data-batches", str(BATCHES), timeout=60_000)
    # the next shuffle in the menu, as the lesson test picks it
    change_shuffle(shuffle_lab)  # what the lesson test does (drive.MAIN_WIDGET)
    expect(shuffle_lab.locator(".puzzlelab-error")).to_have_text("")


def test_the_lab_fills_in_as_a_voila_app(voila_app, page, shot):
    app = voila_app(str(FIXTURES / FIXTURE))
    wait_for_voila(page, app.url)
    shuffle_lab = page.locator(".puzzlelab-shuffle-lab").first
    expect(shuffle_lab).to_be_visible(timeout=180_000)
    check_it_fills_in(shuffle_lab)
    assert_code_hidden(page)
    shot("voila_live_shuffle_lab")
