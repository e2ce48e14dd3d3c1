"""A lesson opened as an app paints within seconds, not after its last cell has run.

``python -m puzzlelab app`` starts Voila with progressive rendering: each cell's output is sent as
soon as the cell has run. Before it, the page stayed blank until every cell had run (42 s for
lesson 01 on a quiet machine, 181 s on a loaded one). Measured from the moment the page is
requested, on a server already listening (the kernel starts with the request):

- first paint: the lesson's first text is on screen;
- first output: the first code cell's output is on screen;
- main widget: the lesson's widget is on screen and answers.
"""

import time

import pytest
from drive import MAIN_WIDGET, repo_lessons
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

FIRST_PAINT_LIMIT = 10.0  # seconds; about 2 s on a quiet machine
FIRST_OUTPUT_LIMIT = 25.0  # seconds; the kernel starts and imports numpy and matplotlib first
LESSON = "shuffling"  # the slowest of the two app lessons to run to the end


@pytest.mark.skipif(not any(lesson.slug == LESSON for lesson in repo_lessons()), reason="lesson not written")
def test_app_paints_its_first_cells_before_the_rest_have_run(voila_app, page, shot):
    app = voila_app(LESSON)
    css_class, respond = MAIN_WIDGET[LESSON]
    start = time.perf_counter()
    page.goto(app.url, wait_until="commit", timeout=120_000)
    expect(page.locator(".jp-RenderedMarkdown:visible").first).to_be_visible(timeout=120_000)
    first_paint = time.perf_counter() - start
    expect(page.locator(".jp-OutputArea-output:visible").first).to_be_visible(timeout=120_000)
    first_output = time.perf_counter() - start
    widget = page.locator(f".{css_class}").first
    expect(widget).to_be_visible(timeout=240_000)
    main_widget = time.perf_counter() - start
    respond(widget)
    expect(page.locator("body")).not_to_contain_text("There was an error when executing cell")
    print(f"voila {LESSON}: first paint {first_paint:.1f} s, first output {first_output:.1f} s, "
          f"main widget {main_widget:.1f} s")  # fmt: skip
    shot(f"voila_first_paint_{LESSON}")
    assert first_paint < FIRST_PAINT_LIMIT
    assert first_output < FIRST_OUTPUT_LIMIT
