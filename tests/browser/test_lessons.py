"""Each lesson, opened the way a student opens it, runs and its main widget responds.

JupyterLab: open the lesson, Run All Cells (no cell may raise), find the lesson's main
widget and use it (slide a tile, change the shuffle, swap two tiles, step the search,
move the weight slider). Voila: ``python -m puzzlelab app LESSON`` for two lessons.
Lessons are listed from notebooks/ when the tests are collected, so a new lesson without
a check in ``drive.MAIN_WIDGET`` fails ``test_every_lesson_has_a_browser_check``.
"""

import time

import pytest
from drive import MAIN_WIDGET, TOKEN, assert_code_hidden, open_notebook, repo_lessons, run_all, wait_for_voila
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
LESSONS = repo_lessons()
VOILA_LESSONS = [lesson for lesson in LESSONS if lesson.slug in {"play", "shuffling"}]


def test_every_lesson_has_a_browser_check():
    assert [lesson.name for lesson in LESSONS if lesson.slug not in MAIN_WIDGET] == []


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.name)
def test_lesson_runs_and_responds_in_jupyterlab(lesson, lab, lab_page, shot):
    css_class, respond = MAIN_WIDGET[lesson.slug]
    t0 = time.perf_counter()
    open_notebook(lab_page, lab, lesson.path.name, TOKEN)
    run_all(lab_page)
    widget = lab_page.locator(f".{css_class}").first
    widget.scroll_into_view_if_needed()
    expect(widget).to_be_visible()
    respond(widget)
    print(f"lab {lesson.name}: {time.perf_counter() - t0:.1f}s")
    shot(f"lab_{lesson.name}")


@pytest.mark.parametrize("lesson", VOILA_LESSONS, ids=lambda lesson: lesson.name)
def test_lesson_runs_and_responds_as_a_voila_app(lesson, voila_app, page, shot):
    css_class, respond = MAIN_WIDGET[lesson.slug]
    t0 = time.perf_counter()
    app = voila_app(lesson.slug)  # python -m puzzlelab app shuffling
    wait_for_voila(page, app.url)
    widget = page.locator(f".{css_class}").first
    expect(widget).to_be_visible(timeout=180_000)  # Voila runs every cell before showing the page
    respond(widget)
    assert_code_hidden(page)
    print(f"voila {lesson.name}: {time.perf_counter() - t0:.1f}s")
    shot(f"voila_{lesson.name}")
