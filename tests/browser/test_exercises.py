"""A student works one exercise of every lesson in JupyterLab, in the student edition.

For the first exercise of each lesson (a solution cell followed by its graded check, found
from the nbgrader metadata): run every cell above it, run the untouched stub and its check
and see "not answered yet"; then type the answer (the solution cell of the teacher's
edition) into the exercise cell, run it and the check, and see "correct". One JupyterLab
serves every lesson (the session's ``lab`` fixture).
"""

from __future__ import annotations

import itertools
import json
import re
import time

import pytest
from drive import STUDENT, TOKEN, TRACEBACK, open_notebook, repo_lessons
from playwright.sync_api import Locator, Page, expect

from puzzlelab.editions import cell_source

pytestmark = pytest.mark.browser
LESSONS = repo_lessons()
RUN_TIMEOUT = 240_000  # ms: the cells above an exercise may compute for a while
BUSY = re.compile(r"\[\*\]")


def first_exercise(path) -> tuple[int, str] | None:
    """Index of the first solution cell that a graded check follows, and the answer a student
    would type: the teacher's source of that cell without nbgrader's marks."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    for i, (cell, after) in enumerate(itertools.pairwise(cells)):
        grading, check = cell["metadata"].get("nbgrader", {}), after["metadata"].get("nbgrader", {})
        if cell["cell_type"] == "code" and grading.get("solution") and check.get("grade"):
            lines = cell_source(cell).split("\n")
            return i, "\n".join(line for line in lines if not re.search(r"(BEGIN|END) SOLUTION", line))
    return None


def wait_idle(page: Page) -> None:
    """Until no cell is queued or running."""
    expect(page.locator(".jp-InputArea-prompt", has_text=BUSY)).to_have_count(0, timeout=RUN_TIMEOUT)


def run_cell_and_next(page: Page, cell: Locator) -> None:
    """Run ``cell`` and the cell after it (Shift+Enter twice in command mode), as a student does."""
    cell.locator(".jp-InputArea-prompt").click()  # selects the cell in command mode
    page.keyboard.press("Escape")
    page.keyboard.press("Shift+Enter")
    page.keyboard.press("Shift+Enter")
    wait_idle(page)


def run_all_above(page: Page, cell: Locator) -> None:
    cell.locator(".jp-InputArea-prompt").click()
    page.click("#jp-MainMenu >> text=Run")
    page.click(".lm-Menu-itemLabel:text-is('Run All Above Selected Cell')")
    wait_idle(page)


def type_answer(page: Page, cell: Locator, answer: str) -> None:
    """Replace the exercise cell's text with ``answer``, typed as one input (no auto-indent)."""
    cell.locator(".cm-content").click()
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(answer)
    expect(cell.locator(".cm-content")).to_contain_text(answer.strip().splitlines()[-1].strip())


def test_every_lesson_has_an_exercise():
    assert [lesson.name for lesson in LESSONS if first_exercise(lesson.path) is None] == []


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.name)
def test_a_student_answers_one_exercise(lesson, lab, lab_page, shot):
    found = first_exercise(lesson.path)
    if found is None:
        pytest.fail(f"{lesson.name} has no exercise (a solution cell followed by a graded check)")
    index, answer = found
    page, t0 = lab_page, time.perf_counter()
    open_notebook(page, lab, f"{STUDENT}/{lesson.path.name}", TOKEN)
    cells = page.locator(".jp-Notebook .jp-Cell")
    exercise, check = cells.nth(index), cells.nth(index + 1)
    expect(exercise).to_contain_text("raise NotImplementedError()")  # the student edition's stub

    run_all_above(page, exercise)
    expect(page.locator(".jp-OutputArea-output", has_text=TRACEBACK)).to_have_count(0)
    run_cell_and_next(page, exercise)
    expect(check.locator(".jp-OutputArea-output")).to_contain_text("not answered yet")
    expect(check.locator(".jp-OutputArea-output")).not_to_contain_text(TRACEBACK)
    check.scroll_into_view_if_needed()
    shot(f"exercise_{lesson.name}_stub")

    type_answer(page, exercise, answer)
    run_cell_and_next(page, exercise)
    expect(check.locator(".jp-OutputArea-output")).to_contain_text("correct:")
    expect(check.locator(".jp-OutputArea-output")).not_to_contain_text("not answered")
    expect(check.locator(".jp-OutputArea-output")).not_to_contain_text("wrong answer")
    check.scroll_into_view_if_needed()
    shot(f"exercise_{lesson.name}_correct")
    print(f"exercise {lesson.name} (cell {index}): {time.perf_counter() - t0:.1f}s")
