"""What the widgets share beside :mod:`puzzlelab.widgets._live` (the live, anywidget ones): the
bounded cache of runs, the argument check for flags, and :class:`View`, the base of the two
small widgets built from ipywidgets' own controls (``Predict``, ``BuildProgress``): an
``ipywidgets.VBox`` with an error line and a static PNG fallback.

The error rule for the widgets (the library's rule, docs/design.md "One error rule", applied to them):

* **Code raises at once.** A constructor argument or a method argument of the wrong type raises
  ``TypeError``, an impossible value ``ValueError``, each naming the argument and what is
  accepted, before any widget is built or any work starts.
* **Controls never raise.** Every control (button, slider, menu, text box, cell) runs its handler
  through :meth:`View._guarded`: a message the student should see goes to the widget's error
  line, and the widget stays in a consistent state. A start the widget is there to examine (an
  unsolvable board, a search that stops on its budget) is not an argument error: the widget is
  built and says why on its error line.
* **Display never raises.** ``_repr_mimebundle_`` and ``summary()`` work in every state, a failed
  first run included; the bundle carries the live widget, an ``image/png`` picture of the current
  state (for unrun notebooks, nbconvert and nbval) and a deterministic ``text/plain`` summary.
"""

from __future__ import annotations

import base64
import html
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import ipywidgets as widgets
import numpy as np

from .._validate import describe
from ._live import Guarded, error_text, live_only

if TYPE_CHECKING:  # matplotlib is imported when a picture is drawn (a Voila page draws none)
    from matplotlib.figure import Figure

__all__ = ["RunCache", "View", "close_all", "error_line", "flag"]

FALLBACK_DPI = 80


def error_line() -> widgets.HTML:
    """An empty HTML line that shows error messages (CSS class ``puzzlelab-error``)."""
    line = widgets.HTML(value="")
    line.add_class("puzzlelab-error")
    return line


def flag(name: str, value: object) -> bool:
    """``value`` if it is ``True`` or ``False`` (numpy booleans too); else a ``TypeError``."""
    if isinstance(value, bool | np.bool_):
        return bool(value)
    raise TypeError(f"{name} must be True or False, got {describe(value)}")


def close_all(widget: widgets.Widget) -> None:
    """Close ``widget`` and every widget inside it (boxes hold children)."""
    for child in getattr(widget, "children", ()):
        close_all(child)
    if isinstance(widget, View):
        widgets.VBox.close(widget)
    else:
        widget.close()


V = TypeVar("V")


class RunCache(Generic[V]):
    """Least recently used runs, bounded by their estimated size in bytes.

    ``sizeof(value)`` estimates a value's bytes. Putting a value evicts the least recently used
    ones until the total fits ``max_bytes``; the newest value is always kept, even alone over
    the bound (the widget is showing it).

    >>> cache = RunCache(100, sizeof=len)
    >>> cache.put("a", "x" * 60); cache.put("b", "y" * 60)
    >>> list(cache), cache.bytes
    (['b'], 60)
    """

    def __init__(self, max_bytes: int, *, sizeof: Callable[[V], int]):
        self.max_bytes = max_bytes
        self.sizeof = sizeof
        self._items: OrderedDict[Any, tuple[V, int]] = OrderedDict()
        self.bytes = 0

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[Any]:
        return iter(list(self._items))

    def get(self, key: Hashable, default: V | None = None) -> V | None:
        """The value for ``key`` (now the most recently used), or ``default``."""
        if key not in self._items:
            return default
        self._items.move_to_end(key)
        return self._items[key][0]

    def peek(self, key: Hashable, default: V | None = None) -> V | None:
        """The value for ``key`` without changing the order of use."""
        item = self._items.get(key)
        return default if item is None else item[0]

    def items(self) -> list[tuple[Any, V]]:
        return [(key, value) for key, (value, _) in self._items.items()]

    def put(self, key: Hashable, value: V) -> None:
        if key in self._items:
            self.bytes -= self._items.pop(key)[1]
        size = int(self.sizeof(value))
        self._items[key] = (value, size)
        self.bytes += size
        while self.bytes > self.max_bytes and len(self._items) > 1:
            _, (_, dropped) = self._items.popitem(last=False)
            self.bytes -= dropped

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0


class View(Guarded, widgets.VBox):
    """Base class of the lesson widgets: an ``ipywidgets.VBox`` with an error line and a fallback.

    Subclasses build their controls and read-outs, then call :meth:`_compose` with the rows to
    show (the error line is added last), and define :meth:`static_figure` and :meth:`summary`.
    """

    error: widgets.HTML

    def _compose(self, rows: Iterable[widgets.Widget], css_class: str) -> None:
        """Become the box holding ``rows`` and the error line, with CSS class ``css_class``."""
        if not hasattr(self, "error"):
            self.error = error_line()
        super().__init__(children=[*rows, self.error])
        self.add_class(css_class)

    @property
    def widget(self) -> View:
        """The view itself (it is the widget); kept so that older lesson code still works."""
        return self

    @widget.setter
    def widget(self, box: widgets.Box) -> None:  # older subclasses assign a VBox: adopt it
        super().__init__(children=list(box.children))
        for name in box._dom_classes:
            self.add_class(name)

    # -- errors shown inside the widget (the rule itself: _live.Guarded) ---------------------
    def show_error(self, err: BaseException | str) -> None:
        message = error_text(err)
        lines = html.escape(message).replace("\n", "<br>")  # a parity explanation has several lines
        self.error.value = f'<span style="color:#b00020">&#9888; {lines}</span>'

    def clear_error(self) -> None:
        self.error.value = ""

    @property
    def error_message(self) -> str:
        """The message on the error line ('' when there is none), as plain text."""
        text = self.error.value
        if not text:
            return ""
        return html.unescape(text.split("&#9888; ", 1)[-1].removesuffix("</span>").replace("<br>", "\n"))

    # -- the static fallback -----------------------------------------------------------------
    def static_figure(self) -> Figure:  # pragma: no cover - every subclass overrides it
        raise NotImplementedError

    def summary(self) -> str:  # pragma: no cover - every subclass overrides it
        raise NotImplementedError

    def static_png(self) -> bytes:
        """A PNG picture of the current state, for places where widgets cannot run."""
        from ..plots.style import figure_png

        return figure_png(self.static_figure(), dpi=FALLBACK_DPI)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        data: dict[str, Any] = super()._repr_mimebundle_(**kwargs) or {}
        if not live_only():  # under Voila the live view is all anyone sees
            try:
                data["image/png"] = base64.b64encode(self.static_png()).decode("ascii")
            except Exception as err:  # never raise into the notebook, even from the fallback
                self.show_error(err)
        data["text/plain"] = self._safe_summary()
        return data

    def close(self) -> None:
        """Close every widget this view holds, then the view."""
        close_all(self)
