"""A progress bar for long builds (the 15-puzzle pattern database): pass ``view.callback`` as the
``progress=`` argument of the search layer, which calls it as ``(done, total, message)``.

>>> view = BuildProgress()
>>> view.callback(5, 20, "pattern 1-2-3")
>>> view.bar.value, view.label.value
(25, 'pattern 1-2-3: 5 of 20 (25%)')
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

import ipywidgets as widgets

from .._validate import describe
from ..i18n import N_
from ..i18n import gettext as _
from ._base import View, error_line

if TYPE_CHECKING:  # the search layer is imported when a database is asked for, matplotlib for a picture
    from matplotlib.figure import Figure

    from ..board import Board
    from ..search import PatternDatabase

__all__ = ["BuildProgress", "build_pattern_database"]

NOT_STARTED = N_("not started")


class BuildProgress(View):
    """An ``IntProgress`` bar (0..100) and a label, updated by :meth:`callback`."""

    def __init__(self, description: str | None = None):
        if description is None:
            description = _("building")
        if not isinstance(description, str):
            raise TypeError(f"description must be a str (the bar's label), got {describe(description)}")
        self.bar = widgets.IntProgress(value=0, min=0, max=100, description=description)
        self.bar.add_class("puzzlelab-progress")
        self.label = widgets.Label()
        self.error = error_line()
        self.widget = widgets.VBox([widgets.HBox([self.bar, self.label]), self.error])

    def callback(self, done: int, total: int, message: str) -> None:
        """Show ``done`` of ``total`` (the signature the search layer's ``progress=`` expects)."""
        if total <= 0 or not 0 <= done <= total:
            self.show_error(
                _("progress {done} of {total} does not make sense").format(done=done, total=total)
            )
            return
        percent = round(100 * done / total)
        self.bar.value = percent
        self.bar.bar_style = "success" if done == total else ""
        self.label.value = _("{message}: {done:,} of {total:,} ({percent}%)").format(
            message=message, done=done, total=total, percent=percent
        )

    def static_figure(self) -> Figure:
        from matplotlib.figure import Figure

        figure = Figure(figsize=(4.0, 0.6))
        ax = figure.add_axes((0.02, 0.2, 0.96, 0.6))
        ax.barh([0], [self.bar.value], color="#6baed6")
        ax.set_xlim(0, 100)
        ax.set_axis_off()
        ax.text(50, 0, self.label.value or _(NOT_STARTED), ha="center", va="center", fontsize=8)
        return figure

    def summary(self) -> str:
        return _("BuildProgress {percent}%: {label}").format(
            percent=self.bar.value, label=self.label.value or _(NOT_STARTED)
        )


def build_pattern_database(
    goal: Board | str | None = None,
    *,
    view: BuildProgress | None = None,
    partition: Sequence[Sequence[int]] | None = None,
    reflect: bool | None = None,
    cache: bool | str | os.PathLike[str] = True,
) -> tuple[PatternDatabase, BuildProgress]:
    """Get the pattern database for ``goal`` (shipped, cached or built), showing progress in ``view``.

    The arguments are those of :func:`puzzlelab.search.pattern_database`, checked there before any
    work. The 4x4 tables ship with the package, so the bar moves only for other goals or
    partitions. (``pattern_database(goal)`` alone shows a :mod:`tqdm.auto` bar in a notebook; this
    widget is for lessons that want the bar in their own layout.)

    Returns ``(database, view)``; display ``view`` in the cell before calling for live updates.
    """
    from ..search import pattern_database

    if view is not None and not isinstance(view, BuildProgress):
        raise TypeError(f"view must be a BuildProgress or None, got {type(view).__name__}")
    view = BuildProgress(_("pattern DB")) if view is None else view
    calls: list[int] = []

    def progress(done: int, total: int, message: str) -> None:
        calls.append(done)
        view.callback(done, total, message)

    database = pattern_database(goal, partition=partition, reflect=reflect, cache=cache, progress=progress)
    if not calls:  # shipped or cached: nothing was built, say so rather than sit at 0%
        view.bar.value, view.bar.bar_style = 100, "success"
        view.label.value = _("{database}: loaded, nothing to build").format(database=repr(database))
    return database, view
