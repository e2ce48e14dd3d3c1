"""Two nbgrader preprocessors that make a course's release and grading match the lessons.

``python -m puzzlelab course DIR`` writes an ``nbgrader_config.py`` that uses them
(:func:`configure`). They need nbgrader (``pip install "puzzlelab[teach]"``), imported when
they are first built (:func:`preprocessors`), so this module imports without it.

- :class:`ClearOutputKeepTagged` replaces nbgrader's ``ClearOutput`` in
  ``generate_assignment``: it clears every output, as nbgrader does, except in cells tagged
  ``keep-output`` (pictures a student needs before running anything), which keep their
  picture without the live widget view; it drops the saved widget state and the cells' run
  timings. The release then holds the same cells as ``python -m puzzlelab copy``'s
  student edition.
- :class:`OverwriteCellsQuietly` replaces nbgrader's ``OverwriteCells`` in ``autograde``.
  nbgrader records a check cell's checksum with its hidden tests in, but the student's copy
  has them removed, so every untouched check cell with hidden tests printed "Attribute
  'checksum' for cell ... has changed!" (nbgrader issue #1961) and a warning that always
  shows tells a teacher nothing. A check cell that is exactly the released one gets its
  hidden tests back before nbgrader compares checksums; a cell the student changed still
  warns, and nbgrader still grades it as the teacher wrote it.
"""

from __future__ import annotations

import functools
from typing import Any

from .editions import KEEP_OUTPUT, RUN_METADATA, kept_outputs

__all__ = ["configure", "preprocessors", "released_source"]

_CLASSES = ("ClearOutputKeepTagged", "OverwriteCellsQuietly")


@functools.cache
def preprocessors() -> dict[str, type]:
    """Both classes by name, built on first use (also reachable as this module's attributes):
    nbgrader is imported here, so that this module imports where nbgrader is not installed."""
    import nbformat
    from nbgrader import utils
    from nbgrader.api import MissingEntry
    from nbgrader.preprocessors import ClearOutput, OverwriteCells

    class ClearOutputKeepTagged(ClearOutput):
        """nbgrader's ClearOutput, except that ``keep-output`` cells keep their pictures."""

        def preprocess(self, nb: Any, resources: Any) -> tuple[Any, Any]:
            for key in ("widgets", "celltoolbar"):  # the teacher's saved widget state
                nb.metadata.pop(key, None)
            return super().preprocess(nb, resources)

        def preprocess_cell(self, cell: Any, resources: Any, index: int) -> tuple[Any, Any]:
            keep = cell.cell_type == "code" and KEEP_OUTPUT in cell.metadata.get("tags", [])
            outputs = kept_outputs(cell.get("outputs", [])) if keep else []
            cell, resources = super().preprocess_cell(cell, resources, index)
            for key in RUN_METADATA:
                cell.metadata.pop(key, None)
            if keep:
                cell.outputs = [nbformat.from_dict(output) for output in outputs]
            return cell, resources

    class OverwriteCellsQuietly(OverwriteCells):
        """nbgrader's OverwriteCells, silent about a check cell that is exactly the released one."""

        def preprocess_cell(self, cell: Any, resources: Any, index: int) -> tuple[Any, Any]:
            grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
            if grade_id is not None and utils.is_locked(cell):
                try:
                    stored = self.gradebook.find_source_cell(grade_id, self.notebook_id, self.assignment_id)
                except MissingEntry:
                    stored = None
                if stored is not None and stored.locked and cell.source == released_source(stored.source):
                    cell.source = stored.source  # the hidden tests, back where the teacher put them
            return super().preprocess_cell(cell, resources, index)

    return {"ClearOutputKeepTagged": ClearOutputKeepTagged, "OverwriteCellsQuietly": OverwriteCellsQuietly}


def __getattr__(name: str) -> type:
    if name in _CLASSES:
        return preprocessors()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def released_source(source: str) -> str:
    """A check cell's source as the release shows it (nbgrader's own hidden-test removal)."""
    import nbformat
    from nbgrader.preprocessors import ClearHiddenTests

    grading = {"grade": True, "grade_id": "check", "locked": True, "points": 0, "solution": False}
    cell = nbformat.v4.new_code_cell(source, metadata={"nbgrader": grading})
    cell, _ = ClearHiddenTests().preprocess_cell(cell, {}, 0)
    return str(cell.source)


def _replaced(classes: list[type], old: type, new: type) -> list[type]:
    if old not in classes:
        raise RuntimeError(
            f"this nbgrader has no {old.__name__} step to replace; puzzlelab needs nbgrader 0.9"
        )
    return [new if cls is old else cls for cls in classes]


def configure(c: Any) -> None:
    """Put both preprocessors in place of nbgrader's in the config ``c`` (``get_config()``)."""
    from nbgrader.converters import Autograde, GenerateAssignment
    from nbgrader.preprocessors import ClearOutput, OverwriteCells

    ours = preprocessors()
    generate = GenerateAssignment.class_traits()["preprocessors"].default()
    sanitize = Autograde.class_traits()["sanitize_preprocessors"].default()
    c.GenerateAssignment.preprocessors = _replaced(generate, ClearOutput, ours["ClearOutputKeepTagged"])
    c.Autograde.sanitize_preprocessors = _replaced(sanitize, OverwriteCells, ours["OverwriteCellsQuietly"])
