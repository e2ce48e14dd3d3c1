"""A tiny lesson in the course's form (a teacher's edition), for the edition and nbgrader tests.

It has what the real lessons have: an install cell, solution cells with a region inside a
function body, graded checks with hidden tests (one not marked locked), a markdown answer, a
cell whose picture must show (``keep-output``), executed outputs, saved widget state and nbgrader checksums.
"""

from __future__ import annotations

import json
from pathlib import Path

INSTALL = (
    "try:\n"
    "    import puzzlelab\n"
    "except ImportError:  # Colab and other hosted notebooks\n"
    "    %pip install -q puzzlelab\n"
    "    import puzzlelab"
)
SETUP = (
    "from puzzlelab.exercises import call, exercise, same\n"
    "\n"
    "@exercise('double a number')\n"
    "def check_double(fn, *, hidden=False):\n"
    "    for x in [0, 1, 7] + ([-3, 10**6] if hidden else []):\n"
    "        same(call(fn, x), 2 * x, where=f'x = {x}')"
)
SOLUTION = (
    "def double(x):\n"
    '    """Twice x.\n'
    "\n"
    "    Hint: add x to itself.\n"
    '    """\n'
    "    ### BEGIN SOLUTION\n"
    "    twice = x + x  # the secret sauce\n"
    "    return twice\n"
    "    ### END SOLUTION"
)
CHECK = (
    "check_double(double)\n"
    "### BEGIN HIDDEN TESTS\n"
    "check_double(double, hidden=True)  # hidden-marker\n"
    "### END HIDDEN TESTS"
)
WRITTEN = (
    "Why is doubling linear?\n\n### BEGIN SOLUTION\nBecause 2(a+b) = 2a + 2b, said plainly.\n### END SOLUTION"
)
SOLUTION_2 = (
    'def triple(x):\n    """Three times x."""\n'
    "    ### BEGIN SOLUTION\n    return 3 * x  # thrice\n    ### END SOLUTION"
)
CHECK_2 = (
    "assert triple(2) == 6, 'triple(2) should be 6'\n"
    "### BEGIN HIDDEN TESTS\n"
    "assert triple(-5) == -15  # hidden-triple\n"
    "### END HIDDEN TESTS"
)
#: Lines of the answers; none of them may appear anywhere in a student edition.
SECRETS = ["twice = x + x  # the secret sauce", "return twice", "hidden-marker", "said plainly",
           "return 3 * x  # thrice", "hidden-triple"]  # fmt: skip
PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="


def _grading(grade_id: str, *, solution=False, grade=False, points=None, locked=False) -> dict:
    meta = {"grade": grade, "grade_id": grade_id, "locked": locked, "schema_version": 3,
            "solution": solution, "task": False, "checksum": "0123456789abcdef" * 2}  # fmt: skip
    if points is not None:
        meta["points"] = points
    return {"nbgrader": meta}


def _code(source, metadata=None, outputs=(), count=None) -> dict:
    return {"cell_type": "code", "execution_count": count, "metadata": metadata or {},
            "outputs": list(outputs), "source": source}  # fmt: skip


def _markdown(source, metadata=None) -> dict:
    return {"cell_type": "markdown", "metadata": metadata or {}, "source": source}


def _stream(text):
    return {"name": "stdout", "output_type": "stream", "text": text}


CHECKED = [_stream("correct: double a number\n"), _stream("correct: double a number (further cases too)\n")]


def fixture_notebook() -> dict:
    """The teacher's edition of the fixture lesson, executed (outputs written by hand)."""
    widget_view = {"model_id": "abc", "version_major": 2, "version_minor": 0}
    picture = {"output_type": "display_data", "metadata": {},
               "data": {"image/png": PNG, "text/plain": "<Figure>",
                        "application/vnd.jupyter.widget-view+json": widget_view}}  # fmt: skip
    result = {"output_type": "execute_result", "execution_count": 5, "metadata": {},
              "data": {"text/plain": "14"}}  # fmt: skip
    cells = [
        _markdown("# 09 Doubling\n\nA lesson about doubling."),
        _code(INSTALL, count=1),
        _code(SETUP, _grading("l09_setup", locked=True), count=2),
        _code("picture()  # shown before anything runs", {"tags": ["keep-output"]}, [picture], count=3),
        _markdown("## Exercise: double\n\nWrite `double`."),
        _code(SOLUTION, _grading("l09_double", solution=True), count=4),
        _code(CHECK, _grading("l09_double_check", grade=True, points=2, locked=True), CHECKED, count=5),
        _code("double(7)", {"execution": {"iopub.execute_input": "2026-11-23T08:00:00Z"}}, [result], count=6),
        _markdown(WRITTEN, _grading("l09_why", solution=True, grade=True, points=1)),
        _markdown("## Exercise: triple"),
        _code(SOLUTION_2, _grading("l09_triple", solution=True), count=7),
        _code(CHECK_2, _grading("l09_triple_check", grade=True, points=3), count=8),
    ]
    metadata = {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
        "widgets": {"application/vnd.jupyter.widget-state+json": {"state": {"abc": {"x": "said plainly"}}}},
    }
    for number, cell in enumerate(cells):
        cell["id"] = f"cell-{number}"
    return {"cells": cells, "metadata": metadata, "nbformat": 4, "nbformat_minor": 5}


def write_fixture(folder: Path, name: str = "09_doubling.ipynb") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(json.dumps(fixture_notebook(), indent=1), encoding="utf-8")
    return path
