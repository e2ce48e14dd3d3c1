"""The two editions of a lesson, both made from its one source notebook.

- The **teacher's edition** is the source as it is (its cells locked, below): executed,
  solutions inside nbgrader's marks (``### BEGIN SOLUTION`` ... ``### END SOLUTION``),
  hidden tests inside ``### BEGIN HIDDEN TESTS`` ... ``### END HIDDEN TESTS``, graded cells
  with points.
- The **student edition** is what ``nbgrader generate_assignment`` makes of it, cell for
  cell: each solution region becomes ``# YOUR CODE HERE`` / ``raise NotImplementedError()``
  (indented like the region; "YOUR ANSWER HERE" in Markdown), a solution cell without a
  region becomes the stub as a whole (unless it holds the stub already: so a student
  edition of a student edition is itself), hidden tests and mark schemes are removed. On top of
  that, nothing that could carry an answer survives: outputs and execution counts are
  cleared (except in cells tagged ``keep-output``, a picture that must show before anything
  runs; widget views are dropped from those, their PNG fallback stays), and so are the saved
  widget state, nbgrader's cached checksums and cell execution timings.

Both editions lock what grading depends on, as nbgrader's ``LockCells`` does in the release
(so ``python -m puzzlelab copy`` and ``nbgrader generate_assignment`` give the same cells):
a check cell (graded, not an answer) can be neither edited nor deleted and is marked
``locked`` for nbgrader, which puts it back as the teacher wrote it when it autogrades; an
answer cell can be edited but not deleted. (A teacher who edits a check cell in JupyterLab
first sets its ``editable`` to true in the cell's metadata.) The **course edition** (:func:`course_edition`,
what ``python -m puzzlelab course`` puts in nbgrader's ``source/``) is the teacher's edition
without the saved widget state, which only the teacher's kernel could use.

The functions are pure, deterministic and idempotent (a student edition of a student
edition is itself). Only the standard library is used: copying works before Jupyter is
installed.

>>> source = {"cells": [{"cell_type": "code", "metadata": {"nbgrader": {"solution": True}},
...           "source": "def f(x):\\n    ### BEGIN SOLUTION\\n    return 2 * x\\n    ### END SOLUTION",
...           "outputs": [], "execution_count": 3}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
>>> print(cell_source(student_edition(source)["cells"][0]))
def f(x):
    # YOUR CODE HERE
    raise NotImplementedError()
"""

from __future__ import annotations

import copy
import json
from typing import Any, cast

__all__ = [
    "CODE_STUB",
    "KEEP_OUTPUT",
    "RUN_METADATA",
    "SOLUTION_MARK",
    "TEXT_STUB",
    "cell_source",
    "course_edition",
    "edition_bytes",
    "has_solutions",
    "kept_outputs",
    "lock_cells",
    "notebook_bytes",
    "read_notebook",
    "student_edition",
    "teacher_edition",
]

#: What nbgrader (ClearSolutions, for Python) puts in place of a solution region.
CODE_STUB = "# YOUR CODE HERE\nraise NotImplementedError()"
TEXT_STUB = "YOUR ANSWER HERE"
#: The cell tag that keeps a cell's outputs in the student edition.
KEEP_OUTPUT = "keep-output"
EDITIONS = ("student", "teacher")
#: The mark that only a teacher's edition holds (nbgrader's solution delimiter).
SOLUTION_MARK = "### BEGIN SOLUTION"

_REGIONS = {
    "solution": ("BEGIN SOLUTION", "END SOLUTION"),
    "hidden": ("BEGIN HIDDEN TESTS", "END HIDDEN TESTS"),
    "mark scheme": ("BEGIN MARK SCHEME", "END MARK SCHEME"),
}
_WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: nbgrader metadata that is computed, not authored (a checksum of the teacher's cell).
_NBGRADER_CACHED = ("checksum", "cell_type")
#: Cell metadata that records a past run (timings, the collapsed/scrolled state of outputs).
RUN_METADATA = ("execution", "collapsed", "scrolled", "ExecuteTime")


def cell_source(cell: dict[str, Any]) -> str:
    """A cell's source as one string (notebook files store it as a string or a list of lines)."""
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def _replace_regions(source: str, kind: str, stub: str | None) -> tuple[str, bool]:
    """``source`` with each ``kind`` region replaced by ``stub`` (indented like its BEGIN line),
    or removed when ``stub`` is None; and whether there was one. Mirrors nbgrader's rules:
    the delimiter may sit anywhere in a line, and the delimiter lines go too."""
    begin, end = _REGIONS[kind]
    lines: list[str] = []
    inside = found = False
    for line in source.split("\n"):
        if begin in line:
            if inside:
                raise ValueError(f"nested '### {begin}' in a cell:\n{source}")
            inside = found = True
            if stub is not None:
                indent = line[: len(line) - len(line.lstrip())]
                lines.extend(indent + stub_line for stub_line in stub.split("\n"))
        elif end in line:
            if not inside:
                raise ValueError(f"'### {end}' without '### {begin}' in a cell:\n{source}")
            inside = False
        elif not inside:
            lines.append(line)
    if inside:
        raise ValueError(f"'### {begin}' without '### {end}' in a cell:\n{source}")
    return "\n".join(lines), found


def _nbgrader(cell: dict[str, Any]) -> dict[str, Any]:
    meta = cell.get("metadata", {}).get("nbgrader", {})
    return meta if isinstance(meta, dict) else {}


def _student_source(cell: dict[str, Any]) -> str:
    source = cell_source(cell)
    code = cell.get("cell_type") == "code"
    grading = _nbgrader(cell)
    source, replaced = _replace_regions(source, "solution", CODE_STUB if code else TEXT_STUB)
    if replaced and not grading.get("solution"):  # nbgrader refuses these too: say so early
        raise ValueError(f"a solution region in a cell not marked solution=true (nbgrader):\n{source}")
    stub = CODE_STUB if code else TEXT_STUB
    already = stub.split("\n")[0].strip() in source  # "# YOUR CODE HERE", maybe indented
    if grading.get("solution") and not replaced and not already:
        source = stub  # a solution cell without a region: all of it (unless already a student's)
    source, hidden = _replace_regions(source, "hidden", None)
    if hidden and not grading.get("grade"):
        raise ValueError(f"hidden tests in a cell not marked grade=true (nbgrader metadata):\n{source}")
    source, _ = _replace_regions(source, "mark scheme", None)
    return source


def _widget_view_dropped(output: dict[str, Any]) -> dict[str, Any] | None:
    """A copy of ``output`` without a live widget view (its picture stays), or None when
    nothing but a text summary of the widget would be left."""
    output = copy.deepcopy(output)
    data = output.get("data")
    if isinstance(data, dict) and _WIDGET_VIEW in data:
        del data[_WIDGET_VIEW]  # no saved widget state to draw it from: show the PNG
        if not any(key != "text/plain" for key in data):
            return None
    return output


def kept_outputs(outputs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Outputs of a ``keep-output`` cell, without execution counts or live widget views."""
    kept = []
    for output in outputs:
        new = _widget_view_dropped(output)
        if new is not None:
            if "execution_count" in new:
                new["execution_count"] = None
            kept.append(new)
    return kept


def _lock(cell: dict[str, Any]) -> dict[str, Any]:
    """``cell`` (changed in place) locked as nbgrader's LockCells locks the release: a check
    (graded, not an answer) neither editable nor deletable, and ``locked`` for nbgrader; an
    answer editable but not deletable; a cell the teacher marked ``locked``, both."""
    grading = _nbgrader(cell)
    if not grading:
        return cell
    meta = cell.setdefault("metadata", {})
    if grading.get("solution"):
        meta["deletable"] = False
    elif grading.get("grade") or grading.get("locked"):
        meta["deletable"] = meta["editable"] = False
        grading["locked"] = True
    return cell


def lock_cells(notebook: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``notebook`` with its check and answer cells locked (see the module's text)."""
    _check_notebook(notebook)
    new = copy.deepcopy(notebook)
    new["cells"] = [_lock(cell) for cell in new["cells"]]
    return new


def _student_cell(cell: dict[str, Any]) -> dict[str, Any]:
    new = _lock(copy.deepcopy(cell))
    new["source"] = _student_source(cell)
    meta = new.setdefault("metadata", {})
    for key in RUN_METADATA:
        meta.pop(key, None)
    grading = meta.get("nbgrader")
    if isinstance(grading, dict):
        for key in _NBGRADER_CACHED:
            grading.pop(key, None)
    if new["source"] != cell_source(cell):
        new.pop("attachments", None)  # pictures pasted into an answer are part of the answer
    if new.get("cell_type") == "code":
        keep = KEEP_OUTPUT in (meta.get("tags") or [])
        new["outputs"] = kept_outputs(cell.get("outputs", [])) if keep else []
        new["execution_count"] = None
    return new


def _check_notebook(notebook: Any) -> None:
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
        raise TypeError("notebook must be a notebook's JSON as a dict with a 'cells' list")
    if not all(isinstance(cell, dict) for cell in notebook["cells"]):
        raise TypeError("notebook's 'cells' must be a list of dicts (a notebook's JSON)")


def _without_widget_state(notebook: dict[str, Any]) -> None:
    """Drop (in place) the saved widget state and nbgrader's toolbar choice."""
    meta = notebook.setdefault("metadata", {})
    for key in ("widgets", "celltoolbar"):
        meta.pop(key, None)


def student_edition(notebook: dict[str, Any]) -> dict[str, Any]:
    """The student edition of a source notebook (a new dict; the argument is not changed)."""
    _check_notebook(notebook)
    new = {key: copy.deepcopy(value) for key, value in notebook.items() if key != "cells"}
    new["cells"] = [_student_cell(cell) for cell in notebook["cells"]]
    _without_widget_state(new)
    return new


def teacher_edition(notebook: dict[str, Any]) -> dict[str, Any]:
    """The teacher's edition: the source as it is, its check and answer cells locked (a copy)."""
    return lock_cells(notebook)


def _without_widget_views(cell: dict[str, Any]) -> dict[str, Any]:
    if cell.get("cell_type") == "code" and cell.get("outputs"):
        outputs = (_widget_view_dropped(output) for output in cell["outputs"])
        cell["outputs"] = [output for output in outputs if output is not None]
    return cell


def course_edition(notebook: dict[str, Any]) -> dict[str, Any]:
    """What a course's ``source/`` holds: the teacher's edition without the saved widget state
    (live widget views give way to their picture), so nbgrader's release carries none."""
    new = teacher_edition(notebook)
    _without_widget_state(new)
    new["cells"] = [_without_widget_views(cell) for cell in new["cells"]]
    return new


def has_solutions(data: bytes) -> bool:
    """True if a notebook file's bytes hold a solution mark (a teacher's edition)."""
    return SOLUTION_MARK.encode() in data


def _split_lines(cell: dict[str, Any]) -> dict[str, Any]:
    """Store the source as a list of lines, as Jupyter writes notebook files."""
    cell = dict(cell)
    cell["source"] = cell_source(cell).splitlines(keepends=True)
    return cell


def notebook_bytes(notebook: dict[str, Any]) -> bytes:
    """A notebook as file bytes, written the way Jupyter writes it (sorted keys, indent 1)."""
    on_disk = dict(notebook)
    on_disk["cells"] = [_split_lines(cell) for cell in notebook.get("cells", [])]
    text = json.dumps(on_disk, sort_keys=True, indent=1, ensure_ascii=False, separators=(",", ": "))
    return (text + "\n").encode("utf-8")


def edition_bytes(source: bytes, edition: str) -> bytes:
    """The file bytes of ``edition`` ("student" or "teacher") of the source notebook's bytes.

    The teacher's edition is the source byte for byte when its cells are locked already.
    Bytes that are not a notebook's JSON raise ``ValueError``.
    """
    if not isinstance(edition, str):
        raise TypeError(f"edition must be a string ({' or '.join(EDITIONS)}), not {type(edition).__name__}")
    if edition not in EDITIONS:
        raise ValueError(f"edition must be one of {', '.join(EDITIONS)}, got {edition!r}")
    notebook = read_notebook(source)
    if edition == "student":
        return notebook_bytes(student_edition(notebook))
    teacher = teacher_edition(notebook)
    return source if teacher == notebook else notebook_bytes(teacher)


def read_notebook(source: bytes) -> dict[str, Any]:
    """A notebook file's JSON; ``ValueError`` saying why when the bytes are not a notebook."""
    if not isinstance(source, bytes | bytearray):
        raise TypeError(f"source must be a notebook file's bytes, not {type(source).__name__}")
    try:
        notebook = json.loads(bytes(source).decode("utf-8"))
    except UnicodeDecodeError as error:
        raise ValueError(f"not a notebook: the file is not UTF-8 text ({error.reason})") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"not a notebook: the file is not JSON ({error.msg}, line {error.lineno})") from None
    try:
        _check_notebook(notebook)
    except TypeError:
        raise ValueError("not a notebook: the JSON has no list of cells") from None
    return cast(dict[str, Any], notebook)  # _check_notebook found a dict
