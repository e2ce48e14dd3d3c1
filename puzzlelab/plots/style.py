"""Shared helpers for the drawing functions: axes on a bare Figure (never pyplot), PNG bytes,
and the palette's use (the colours themselves are in :mod:`puzzlelab.colors`).

A drawing function called without ``ax`` makes its own figure with :func:`new_axes`. That
figure is a :class:`NotebookFigure` and its axes a :class:`NotebookAxes`: both have
``_repr_png_``, so the Axes a function returns shows as a picture when it ends a notebook cell,
even in a notebook that never imported pyplot (and no global matplotlib state is touched).

The palette is Okabe and Ito's, which stays distinguishable with the common colour-vision
deficiencies; where a colour carries meaning, a shape, a marking or a label carries it too.
"""

from __future__ import annotations

import io
from functools import lru_cache
from typing import TYPE_CHECKING, Literal, cast

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.transforms import Bbox

if TYPE_CHECKING:
    from matplotlib.backends.backend_agg import RendererAgg

__all__ = [
    "NotebookAxes",
    "NotebookFigure",
    "figure_png",
    "new_axes",
    "new_figure",
    "screen_png",
    "tight_box",
]

PNG_DPI = 72  #: resolution of a figure shown in a notebook by ``_repr_png_``
FIGURE_DPI = 100
PAD_INCHES = 0.05  #: blank margin around a picture cropped to what is drawn


def figure_png(figure: Figure, *, dpi: float = 72, compress_level: int | None = None) -> bytes:
    """The figure as PNG bytes (Agg canvas; no pyplot state is touched).

    Cropped to what is drawn, as Jupyter's inline backend does for pyplot figures, so a title or
    label wider than the figure shows whole instead of being clipped at the figure's edge.
    ``compress_level`` (zlib, 0..9; default Pillow's 6) trades size for time: a widget's picture
    that lives for one step uses 1 (the same pixels, a few per cent more bytes).
    """
    buffer = io.BytesIO()
    figure.savefig(
        buffer,
        format="png",
        dpi=dpi,
        bbox_inches=tight_box(figure, dpi=dpi),
        pad_inches=PAD_INCHES,
        pil_kwargs=None if compress_level is None else {"compress_level": compress_level},
    )
    return buffer.getvalue()


def tight_box(figure: Figure, *, dpi: float = 72, pad: float = PAD_INCHES) -> Bbox | str:
    """What ``bbox_inches="tight"`` crops ``figure`` to when saved at ``dpi``, padded by ``pad``
    inches, measured without drawing anything.

    ``savefig(bbox_inches="tight")`` lays the whole figure out in a dry run before it draws it
    (images resampled, text laid out: about as costly as the drawing itself); measuring the
    extents directly gives the same box at a small part of that cost, so a widget's picture is
    drawn once per step. A figure with a layout engine (constrained layout) is placed by that dry
    run, so for it the answer is ``"tight"``: let ``savefig`` do both.
    """
    if figure.get_layout_engine() is not None:
        return "tight"
    shown = figure.dpi
    try:
        figure.dpi = dpi
        width, height = figure.bbox.size
        box = figure.get_tightbbox(_measuring_renderer(int(width), int(height), dpi))
    finally:
        figure.dpi = shown
    return box.padded(pad)


@lru_cache(maxsize=8)
def _measuring_renderer(width: int, height: int, dpi: float) -> RendererAgg:
    """An Agg renderer kept for measuring text: it caches the sizes of the strings it has
    measured, and a widget's labels come back step after step."""
    from matplotlib.backends.backend_agg import RendererAgg

    # matplotlib's backend_agg is not annotated (no stub file): its constructor counts as untyped
    # under --strict; "unused-ignore" keeps the project's current (not yet strict) mypy run quiet too
    return RendererAgg(width, height, dpi)  # type: ignore[no-untyped-call, unused-ignore]


def screen_png(figure: Figure) -> tuple[bytes, dict[str, int]]:
    """The figure as a notebook shows it: PNG bytes drawn at twice ``FIGURE_DPI`` and the size to
    show them at (half their pixels), so the picture is sharp on every screen, HiDPI included,
    and as large as before. IPython takes ``(data, metadata)`` from a ``_repr_png_``."""
    png = figure_png(figure, dpi=2 * FIGURE_DPI)
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    return png, {"width": width // 2, "height": height // 2}


class NotebookFigure(Figure):
    """A bare :class:`~matplotlib.figure.Figure` that shows itself as a PNG in a notebook."""

    def _repr_png_(self) -> tuple[bytes, dict[str, int]]:
        return screen_png(self)


class NotebookAxes(Axes):
    """Axes whose ``_repr_png_`` is their figure's picture: a drawing function's return value,
    left at the end of a notebook cell, shows the drawing."""

    def _repr_png_(self) -> tuple[bytes, dict[str, int]]:
        return screen_png(cast(Figure, self.figure))


def new_figure(
    *,
    figsize: tuple[float, float] = (4.0, 4.0),
    layout: Literal["constrained", "compressed", "tight"] | None = "constrained",
) -> Figure:
    """A new :class:`NotebookFigure` (no pyplot): add panels with ``figure.subplots(..., subplot_kw=
    {"axes_class": NotebookAxes})`` or ``figure.add_subplot(axes_class=NotebookAxes)``."""
    return NotebookFigure(figsize=figsize, layout=layout)


def new_axes(ax: Axes | None = None, *, figsize: tuple[float, float] = (4.0, 4.0)) -> Axes:
    """Return ``ax``, or the :class:`NotebookAxes` of a new :class:`NotebookFigure` if ``ax`` is None."""
    if ax is not None:
        return ax
    return new_figure(figsize=figsize).add_subplot(axes_class=NotebookAxes)
