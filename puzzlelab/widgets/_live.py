"""What every live lesson widget shares: an ``anywidget.AnyWidget`` drawn by a plain ES module
shipped in the package (``puzzlelab/widgets/js/NAME.js``), with an error line and a static
PNG fallback.

Python is the model: boards, moves, searches, shuffles and exact numbers are computed here and
sent to the browser once (numbers as traits, large data as ``bytes`` traits, which travel as
binary buffers); the browser draws, animates and steps through what it was sent, with no kernel
work per frame. What the student does in the browser that Python must know (a slid tile, the
step where a replay paused) comes back as a trait change or a custom message.

The error rule for the widgets (the library's rule, applied to them):

* **Code raises at once.** A constructor or method argument of the wrong type raises
  ``TypeError``, an impossible value ``ValueError``, naming the argument, before anything is
  built or run.
* **Controls never raise.** A change that comes from the browser (a trait set by the front-end,
  a message) runs its handler through :meth:`LiveView._guarded`: a message for the student goes
  to the ``error`` trait (the module shows it under the widget), and the widget stays consistent.
* **Display never raises.** ``_repr_mimebundle_`` and ``summary()`` work in every state; the bundle
  carries the live widget, an ``image/png`` picture of the current state (GitHub, nbviewer, an
  unrun notebook, nbval) and a deterministic ``text/plain`` summary.

A subclass sets ``_esm = js_module("name")``, declares its synced state as traitlets tagged
``sync=True``, and defines :meth:`static_figure` and :meth:`summary`.

Words the browser draws (buttons, menus, captions, axis labels) come from the library's one
message catalogue: a subclass lists the English labels its module uses in ``LABELS`` (marked
with ``N_()``; ``{name}`` placeholders are filled in the browser), and the widget sends
``translate_all(LABELS)`` in the synced ``_labels`` dict when it is made, in the language active
then. The module looks each label up with its ``t(label, values)`` and falls back to the English.
"""

from __future__ import annotations

import base64
import json
import os
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anywidget
import traitlets

from ..i18n import translate_all

if TYPE_CHECKING:  # matplotlib is imported when a picture is drawn (a Voila page draws none)
    from matplotlib.figure import Figure

__all__ = [
    "FALLBACK_DPI",
    "JS_DIR",
    "Guarded",
    "LiveView",
    "error_text",
    "js_module",
    "js_source",
    "live_only",
    "state_json",
]

#: where the widgets' ES modules live (shipped in the package, read by anywidget)
JS_DIR = Path(str(resources.files("puzzlelab.widgets") / "js"))
#: resolution of the static PNG fallback (2x the 72 dpi of the displayed size: sharp on HiDPI)
FALLBACK_DPI = 144


def live_only() -> bool:
    """True in a kernel that Voila started (it sets ``VOILA_BASE_URL`` for its kernels): its page
    always draws the live widget, so a display skips the static copies (the PNG picture, the
    offline HTML, a shuffle's whole run at once). They cost matplotlib a drawing, most of a
    second before the widget could appear, for a picture no one would see."""
    return "VOILA_BASE_URL" in os.environ


def js_module(name: str) -> Path:
    """The path of the widget module ``js/NAME.js`` (anywidget reads the file's text)."""
    path = JS_DIR / f"{name}.js"
    if not path.is_file():  # pragma: no cover - a packaging error, caught by the tests
        raise FileNotFoundError(f"widget module {path} is missing from the package")
    return path


def js_source(name: str) -> str:
    """The text of the widget module ``js/NAME.js`` (for the self-contained HTML copies)."""
    return js_module(name).read_text(encoding="utf-8")


def error_text(err: BaseException | str) -> str:
    """What a widget's error line says for ``err``: the library's own clear messages as they are,
    anything unexpected with the kind of error it was."""
    if isinstance(err, str | ValueError | TypeError):
        return str(err)
    return f"{type(err).__name__}: {err}"


class Guarded:
    """The error rule every widget shares (live or not): handlers run guarded, the summary and
    repr never raise. A subclass defines ``show_error``, ``clear_error`` and ``summary``."""

    def show_error(self, err: BaseException | str) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def clear_error(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def summary(self) -> str:  # pragma: no cover - overridden
        raise NotImplementedError

    def _guarded(self, handler: Callable[..., object], *args: Any) -> bool:
        """Run ``handler(*args)``; on an exception show its message and return False."""
        try:
            handler(*args)
        except Exception as err:  # shown to the student, never raised into the notebook
            self.show_error(err)
            return False
        self.clear_error()
        return True

    def _on(self, handler: Callable[[], object]) -> Callable[..., bool]:
        """A callback for ``observe``/``on_msg``/``on_click`` that runs ``handler()`` guarded."""
        return lambda *_: self._guarded(handler)

    def _safe_summary(self) -> str:
        try:
            return self.summary()
        except Exception as err:  # a summary must never raise into the notebook
            return f"{type(self).__name__} ({type(err).__name__} in its summary: {err})"

    def __repr__(self) -> str:
        return f"<{self._safe_summary()}>"


class LiveView(Guarded, anywidget.AnyWidget):
    """Base class of the live lesson widgets (see the module's docstring for the error rule)."""

    #: the message the widget shows under itself ('' when there is none), as plain text
    error = traitlets.Unicode("").tag(sync=True)
    #: the English labels the browser module draws (a subclass lists its own, marked with N_())
    LABELS: tuple[str, ...] = ()
    #: ``{english: translation}`` of :attr:`LABELS` in the language active when the widget was made
    _labels = traitlets.Dict().tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("_labels", translate_all(self.LABELS))
        super().__init__(**kwargs)

    def show_error(self, err: BaseException | str) -> None:
        self.error = error_text(err)

    def clear_error(self) -> None:
        self.error = ""

    @property
    def error_message(self) -> str:
        """The message on the error line ('' when there is none)."""
        return self.error

    # -- the static fallback -----------------------------------------------------------------
    def static_figure(self) -> Figure:  # pragma: no cover - every subclass overrides it
        raise NotImplementedError

    def static_png(self) -> bytes:
        """A PNG picture of the current state, for places where widgets cannot run."""
        from ..plots.style import figure_png

        return figure_png(self.static_figure(), dpi=FALLBACK_DPI)

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        bundle = super()._repr_mimebundle_(**kwargs)
        data, metadata = bundle if bundle is not None else ({}, {})
        data = dict(data)
        metadata = dict(metadata)
        if not live_only():
            try:
                png = self.static_png()
                data["image/png"] = base64.b64encode(png).decode("ascii")
                width = _png_width(png)
                if width:  # drawn at 2x: shown at its 1x size, so it is sharp and not oversized
                    metadata["image/png"] = {"width": width // 2}
            except Exception as err:  # never raise into the notebook, even from the fallback
                self.show_error(err)
        data["text/plain"] = self._safe_summary()
        return data, metadata

    def close(self) -> None:
        super().close()


def _png_width(png: bytes) -> int:
    """The width in pixels of PNG bytes (from the IHDR chunk), or 0 if they are not a PNG."""
    if png[:8] != b"\x89PNG\r\n\x1a\n" or len(png) < 24:
        return 0
    return int.from_bytes(png[16:20], "big")


def state_json(value: Any) -> str:
    """``value`` as compact JSON (for traits the module parses once)."""
    return json.dumps(value, separators=(",", ":"))
