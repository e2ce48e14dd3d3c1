"""Shared helpers for the drawing functions: axes on a bare Figure (never pyplot), PNG bytes."""

from __future__ import annotations

import io

from matplotlib.figure import Figure

__all__ = ["figure_png", "new_axes"]


def new_axes(ax=None, *, figsize: tuple[float, float] = (4.0, 4.0)):
    """Return ``ax``, or the Axes of a new :class:`~matplotlib.figure.Figure` if ``ax`` is None."""
    if ax is not None:
        return ax
    return Figure(figsize=figsize, layout="constrained").add_subplot()


def figure_png(figure: Figure, *, dpi: float = 72) -> bytes:
    """The figure as PNG bytes (Agg canvas; no pyplot state is touched)."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi)
    return buffer.getvalue()
