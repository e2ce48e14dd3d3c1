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
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from .editions import KEEP_OUTPUT, RUN_METADATA, kept_outputs

if TYPE_CHECKING:
    from nbformat import NotebookNode
    from traitlets.config import Config

    # nbgrader ships no type information: the preprocessors this module subclasses or runs are
    # declared here for the type checker only (at run time the names are nbgrader's own, imported
    # where used); the rest of nbgrader it uses is imported as it is and typed where it is read.
    Resources = dict[str, object]  # nbconvert's resources, passed through untouched

    class Preprocessor:  # nbgrader's preprocessors are nbconvert Preprocessors
        def __init__(self, **kwargs: object) -> None: ...
        def preprocess(self, nb: NotebookNode, resources: Resources) -> tuple[NotebookNode, Resources]: ...
        def preprocess_cell(
            self, cell: NotebookNode, resources: Resources, index: int
        ) -> tuple[NotebookNode, Resources]: ...

    class ClearOutput(Preprocessor): ...

    class ClearHiddenTests(Preprocessor): ...

    class SourceCell:  # the gradebook's record of a cell as the teacher wrote it
        locked: bool
        source: str

    class Gradebook:
        def find_source_cell(self, name: str, notebook: str, assignment: str) -> SourceCell: ...

    class OverwriteCells(Preprocessor):
        gradebook: Gradebook  # set by nbgrader before it preprocesses a notebook
        notebook_id: str
        assignment_id: str


__all__ = ["configure", "preprocessors", "released_source"]

_CLASSES = ("ClearOutputKeepTagged", "OverwriteCellsQuietly")


@functools.cache
def preprocessors() -> dict[str, type[Preprocessor]]:
    """Both classes by name, built on first use (also reachable as this module's attributes):
    nbgrader is imported here, so that this module imports where nbgrader is not installed."""
    import nbformat
    from nbgrader import utils
    from nbgrader.api import MissingEntry

    if not TYPE_CHECKING:  # the type checker reads the declarations at the top instead
        from nbgrader.preprocessors import ClearOutput, OverwriteCells
    # nbformat's from_dict and nbgrader's is_locked have no annotations
    from_dict: Callable[[Mapping[str, Any]], NotebookNode] = nbformat.from_dict
    is_locked: Callable[[NotebookNode], bool] = utils.is_locked

    class ClearOutputKeepTagged(ClearOutput):
        """nbgrader's ClearOutput, except that ``keep-output`` cells keep their pictures."""

        def preprocess(self, nb: NotebookNode, resources: Resources) -> tuple[NotebookNode, Resources]:
            for key in ("widgets", "celltoolbar"):  # the teacher's saved widget state
                nb.metadata.pop(key, None)
            return super().preprocess(nb, resources)

        def preprocess_cell(
            self, cell: NotebookNode, resources: Resources, index: int
        ) -> tuple[NotebookNode, Resources]:
            keep = cell.cell_type == "code" and KEEP_OUTPUT in cell.metadata.get("tags", [])
            outputs = kept_outputs(cell.get("outputs", [])) if keep else []
            cell, resources = super().preprocess_cell(cell, resources, index)
            for key in RUN_METADATA:
                cell.metadata.pop(key, None)
            if keep:
                cell.outputs = [from_dict(output) for output in outputs]
            return cell, resources

    class OverwriteCellsQuietly(OverwriteCells):
        """nbgrader's OverwriteCells, silent about a check cell that is exactly the released one."""

        def preprocess_cell(
            self, cell: NotebookNode, resources: Resources, index: int
        ) -> tuple[NotebookNode, Resources]:
            grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
            if grade_id is not None and is_locked(cell):
                try:
                    stored = self.gradebook.find_source_cell(grade_id, self.notebook_id, self.assignment_id)
                except MissingEntry:
                    stored = None
                if stored is not None and stored.locked and cell.source == released_source(stored.source):
                    cell.source = stored.source  # the hidden tests, back where the teacher put them
            return super().preprocess_cell(cell, resources, index)

    return {"ClearOutputKeepTagged": ClearOutputKeepTagged, "OverwriteCellsQuietly": OverwriteCellsQuietly}


def __getattr__(name: str) -> type[Preprocessor]:
    if name in _CLASSES:
        return preprocessors()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def released_source(source: str) -> str:
    """A check cell's source as the release shows it (nbgrader's own hidden-test removal)."""
    import nbformat

    if not TYPE_CHECKING:  # the type checker reads the declarations at the top instead
        from nbgrader.preprocessors import ClearHiddenTests
    # nbformat's new_code_cell has no annotations
    new_code_cell: Callable[..., NotebookNode] = nbformat.v4.new_code_cell

    grading = {"grade": True, "grade_id": "check", "locked": True, "points": 0, "solution": False}
    cell = new_code_cell(source, metadata={"nbgrader": grading})
    cell, _ = ClearHiddenTests().preprocess_cell(cell, {}, 0)
    return str(cell.source)


def _replaced(classes: list[type] | None, old: type, new: type) -> list[type]:
    if classes is None or old not in classes:
        raise RuntimeError(
            f"this nbgrader has no {old.__name__} step to replace; puzzlelab needs nbgrader 0.9"
        )
    return [new if cls is old else cls for cls in classes]


def configure(c: Config) -> None:
    """Put both preprocessors in place of nbgrader's in the config ``c`` (``get_config()``)."""
    from nbgrader.converters import Autograde, GenerateAssignment

    if not TYPE_CHECKING:  # the type checker reads the declarations at the top instead
        from nbgrader.preprocessors import ClearOutput, OverwriteCells

    ours = preprocessors()
    # the classes nbgrader runs by default, in order (traitlets List traits; None if no default)
    generate: list[type] | None = GenerateAssignment.class_traits()["preprocessors"].default()
    sanitize: list[type] | None = Autograde.class_traits()["sanitize_preprocessors"].default()
    c.GenerateAssignment.preprocessors = _replaced(generate, ClearOutput, ours["ClearOutputKeepTagged"])
    c.Autograde.sanitize_preprocessors = _replaced(sanitize, OverwriteCells, ours["OverwriteCellsQuietly"])
