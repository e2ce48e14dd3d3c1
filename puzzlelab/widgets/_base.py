"""What every lesson widget shares: a top box, an error line, a static PNG fallback.

A view class holds its controls as attributes and its top box as ``.widget``.
Handlers run through :meth:`View._guarded`, so an odd input shows its message in
the widget's error line instead of raising into the notebook. ``_repr_mimebundle_``
returns the live widget plus an ``image/png`` picture of the current state and a
deterministic ``text/plain`` summary, so an unrun notebook still shows something.
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Callable

import ipywidgets as widgets
import numpy as np
from matplotlib.figure import Figure

from ..plots._common import figure_png

__all__ = [
    "Blitter",
    "View",
    "clear_artists",
    "close_all",
    "error_line",
    "png_image",
    "rgba_png",
    "set_title",
]

FALLBACK_DPI = 80


def error_line() -> widgets.HTML:
    """An empty HTML line that shows error messages (CSS class ``puzzlelab-error``)."""
    line = widgets.HTML(value="")
    line.add_class("puzzlelab-error")
    return line


def size_dropdown(rows: int, cols: int, sizes) -> widgets.Dropdown:
    """A board-size chooser offering ``sizes`` (plus ``rows x cols`` if it is not among them)."""
    options = list(sizes) if (rows, cols) in sizes else [*sizes, (rows, cols)]
    return widgets.Dropdown(
        options=[(f"{r}x{c}", (r, c)) for r, c in options],
        value=(rows, cols),
        description="size",
        layout=widgets.Layout(width="150px"),
    )


def png_image(css_class: str, *, width: int = 360) -> widgets.Image:
    """An empty PNG ``Image`` widget of a fixed width with a stable CSS class."""
    image = widgets.Image(format="png", width=width)
    image.add_class(css_class)
    return image


def close_all(widget: widgets.Widget) -> None:
    """Close ``widget`` and every widget inside it (boxes hold children)."""
    for child in getattr(widget, "children", ()):
        close_all(child)
    widget.close()


class View:
    """Base class of the lesson widgets. Subclasses set ``self.widget`` and ``self.error``,
    and define :meth:`static_figure` and :meth:`summary`."""

    widget: widgets.Widget
    error: widgets.HTML

    # -- errors shown inside the widget ---------------------------------------------------
    def _guarded(self, handler: Callable, *args) -> bool:
        """Run ``handler(*args)``; on an exception show its message and return False."""
        try:
            handler(*args)
        except Exception as err:  # shown to the student, never raised into the notebook
            self.show_error(err)
            return False
        self.clear_error()
        return True

    def _on(self, handler: Callable) -> Callable:
        """A callback for ``observe``/``on_click`` that runs ``handler()`` guarded."""
        return lambda *_: self._guarded(handler)

    def show_error(self, err: BaseException | str) -> None:
        if isinstance(err, str | ValueError | TypeError):  # the library's own clear messages
            message = str(err)
        else:  # something unexpected: say what kind of error it was
            message = f"{type(err).__name__}: {err}"
        self.error.value = f'<span style="color:#b00020">&#9888; {html.escape(message)}</span>'

    def clear_error(self) -> None:
        self.error.value = ""

    @property
    def error_message(self) -> str:
        """The message on the error line ('' when there is none), as plain text."""
        text = self.error.value
        if not text:
            return ""
        return html.unescape(text.split("&#9888; ", 1)[-1].removesuffix("</span>"))

    # -- the static fallback -----------------------------------------------------------------
    def static_figure(self) -> Figure:  # pragma: no cover - every subclass overrides it
        raise NotImplementedError

    def summary(self) -> str:  # pragma: no cover - every subclass overrides it
        raise NotImplementedError

    def static_png(self) -> bytes:
        """A PNG picture of the current state, for places where widgets cannot run."""
        return figure_png(self.static_figure(), dpi=FALLBACK_DPI)

    def _repr_mimebundle_(self, include=None, exclude=None):
        data = self.widget._repr_mimebundle_(include=include, exclude=exclude) or {}
        try:
            data["image/png"] = base64.b64encode(self.static_png()).decode("ascii")
        except Exception as err:  # never raise into the notebook, even from the fallback
            self.show_error(err)
        data["text/plain"] = self.summary()
        return data

    def close(self) -> None:
        """Close every widget this view holds."""
        close_all(self.widget)


def clear_artists(ax) -> None:
    """Remove what was drawn on ``ax`` but keep the axes, their ticks and scales (a redraw then
    reuses the tick objects, which ``ax.clear()`` would rebuild at a cost of tens of ms)."""
    for artist in [*ax.lines, *ax.collections, *ax.texts, *ax.patches, *ax.images]:
        artist.remove()
    if ax.legend_ is not None:
        ax.legend_.remove()


def set_title(ax, text: str) -> None:
    """A small title at a fixed height (skips matplotlib's costly automatic title placement)."""
    ax.set_title(text, fontsize=9, y=1.0)


def rgba_png(rgba) -> bytes:
    """PNG bytes of an RGBA array (fast zlib level: these images live for one step)."""
    from PIL import Image

    buffer = io.BytesIO()
    Image.fromarray(np.asarray(rgba)).save(buffer, format="png", compress_level=1)
    return buffer.getvalue()


class Blitter:
    """Draw a figure's unchanging part once; each step redraws only the artists that move.

    The standard matplotlib blitting recipe on an Agg canvas: ``png(moving)`` restores the
    saved background and draws just ``moving`` on top, so axes, ticks and labels are not laid
    out again. Call :meth:`reset` whenever the unchanging part changes (new data range, new run).
    """

    def __init__(self, figure: Figure):
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        self.figure = figure
        self.canvas = FigureCanvasAgg(figure)
        self.background = None

    def reset(self) -> None:
        self.background = None

    def png(self, moving) -> bytes:
        moving = [a for a in moving if a is not None]
        if self.background is None:
            for artist in moving:
                artist.set_animated(True)
            self.canvas.draw()
            self.background = self.canvas.copy_from_bbox(self.figure.bbox)
        else:
            self.canvas.restore_region(self.background)
        for artist in moving:
            self.figure.draw_artist(artist)
        return rgba_png(self.canvas.buffer_rgba())
