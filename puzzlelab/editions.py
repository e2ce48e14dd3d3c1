"""The two editions of a lesson, both made from its one source notebook.

- The **teacher's edition** is the source as it is: executed, solutions inside nbgrader's
  marks (``### BEGIN SOLUTION`` ... ``### END SOLUTION``), hidden tests inside
  ``### BEGIN HIDDEN TESTS`` ... ``### END HIDDEN TESTS``, graded cells with points.
- The **student edition** is what ``nbgrader generate_assignment`` makes of it, cell for
  cell: each solution region becomes ``# YOUR CODE HERE`` / ``raise NotImplementedError()``
  (indented like the region; "YOUR ANSWER HERE" in Markdown), a solution cell without a
  region becomes the stub as a whole (unless it holds the stub already: so a student
  edition of a student edition is itself), hidden tests and mark schemes are removed. On top of
  that, nothing that could carry an answer survives: outputs and execution counts are
  cleared (except in cells tagged ``keep-output``, a picture that must show before anything
  runs; widget views are dropped from those, their PNG fallback stays), and so are the saved
  widget state, nbgrader's cached checksums and cell execution timings.

Both functions are pure, deterministic and idempotent (a student edition of a student
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
from typing import Any

__all__ = [
    "CODE_STUB",
    "KEEP_OUTPUT",
    "TEXT_STUB",
    "cell_source",
    "edition_bytes",
    "notebook_bytes",
    "student_edition",
    "teacher_edition",
]

#: What nbgrader (ClearSolutions, for Python) puts in place of a solution region.
CODE_STUB = "# YOUR CODE HERE\nraise NotImplementedError()"
TEXT_STUB = "YOUR ANSWER HERE"
#: The cell tag that keeps a cell's outputs in the student edition.
KEEP_OUTPUT = "keep-output"
EDITIONS = ("student", "teacher")

_REGIONS = {
    "solution": ("BEGIN SOLUTION", "END SOLUTION"),
    "hidden": ("BEGIN HIDDEN TESTS", "END HIDDEN TESTS"),
    "mark scheme": ("BEGIN MARK SCHEME", "END MARK SCHEME"),
}
_WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: nbgrader metadata that is computed, not authored (a checksum of the teacher's cell).
_NBGRADER_CACHED = ("checksum", "cell_type")
#: Cell metadata that records a past run (timings, the collapsed/scrolled state of outputs).
_RUN_METADATA = ("execution", "collapsed", "scrolled", "ExecuteTime")


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


def _kept_outputs(outputs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Outputs of a ``keep-output`` cell, without execution counts or live widget views."""
    kept = []
    for output in outputs:
        output = copy.deepcopy(output)
        if "execution_count" in output:
            output["execution_count"] = None
        data = output.get("data")
        if isinstance(data, dict) and _WIDGET_VIEW in data:
            del data[_WIDGET_VIEW]  # no saved widget state in the student edition: show the PNG
            if not any(key != "text/plain" for key in data):
                continue  # nothing but a text summary of a widget: drop it
        kept.append(output)
    return kept


def _student_cell(cell: dict[str, Any]) -> dict[str, Any]:
    new = copy.deepcopy(cell)
    new["source"] = _student_source(cell)
    meta = new.setdefault("metadata", {})
    for key in _RUN_METADATA:
        meta.pop(key, None)
    grading = meta.get("nbgrader")
    if isinstance(grading, dict):
        for key in _NBGRADER_CACHED:
            grading.pop(key, None)
    if new["source"] != cell_source(cell):
        new.pop("attachments", None)  # pictures pasted into an answer are part of the answer
    if new.get("cell_type") == "code":
        keep = KEEP_OUTPUT in (meta.get("tags") or [])
        new["outputs"] = _kept_outputs(cell.get("outputs", [])) if keep else []
        new["execution_count"] = None
    return new


def student_edition(notebook: dict[str, Any]) -> dict[str, Any]:
    """The student edition of a source notebook (a new dict; the argument is not changed)."""
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
        raise TypeError("notebook must be a notebook's JSON as a dict with a 'cells' list")
    new = {key: copy.deepcopy(value) for key, value in notebook.items() if key != "cells"}
    new["cells"] = [_student_cell(cell) for cell in notebook["cells"]]
    meta = new.setdefault("metadata", {})
    for key in ("widgets", "celltoolbar"):  # saved widget state; nbgrader's toolbar choice
        meta.pop(key, None)
    return new


def teacher_edition(notebook: dict[str, Any]) -> dict[str, Any]:
    """The teacher's edition: the source as it is (a copy)."""
    return copy.deepcopy(notebook)


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

    The teacher's edition is the source byte for byte.
    """
    if edition not in EDITIONS:
        raise ValueError(f"edition must be one of {', '.join(EDITIONS)}, got {edition!r}")
    if edition == "teacher":
        return source
    return notebook_bytes(student_edition(json.loads(source.decode("utf-8"))))
