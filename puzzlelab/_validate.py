"""Checking arguments at the public boundary: one rule for the whole library.

A wrong *type* is a ``TypeError``, a wrong *value* a ``ValueError``; each message names
the argument and what is accepted, and is raised before any work starts. These helpers
are the only place that rule is written; public functions call them first.

>>> whole("n", 5, low=1)
5
>>> whole("n", 2.0)
Traceback (most recent call last):
...
TypeError: n must be a whole number (an int), got 2.0 (float)
>>> whole("n", 0, low=1)
Traceback (most recent call last):
...
ValueError: n must be >= 1, got 0
>>> real("weight", 1.5, low=0)
1.5
>>> choice("method", "bfs", ("bfs", "astar"))
'bfs'
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable

__all__ = ["choice", "describe", "optional_whole", "real", "whole"]


def describe(value: object) -> str:
    """``repr`` of ``value`` with its type, shortened so a huge input never floods a message."""
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**30 else f"an int of {value.bit_length()} bits"
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{text} ({type(value).__name__})"


def _is_whole(value: object) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def whole(name: str, value: object, *, low: int | None = None, high: int | None = None) -> int:
    """``value`` as an ``int`` if it is a whole number (``int`` or numpy integer, never ``bool``)
    within ``low <= value <= high``; else ``TypeError`` (not a whole number) or ``ValueError``
    (out of range), naming ``name``. Large values are compared without being printed in full."""
    if not _is_whole(value):
        raise TypeError(f"{name} must be a whole number (an int), got {describe(value)}")
    number = int(value)  # type: ignore[call-overload]
    if low is not None and number < low:
        raise ValueError(f"{name} must be >= {low}, got {describe(number).split(' (')[0]}")
    if high is not None and number > high:
        raise ValueError(f"{name} must be <= {high:,}, got {describe(number).split(' (')[0]}")
    return number


def optional_whole(name: str, value: object, *, low: int | None = None, high: int | None = None) -> int | None:
    """Like :func:`whole`, but ``None`` passes through (meaning "no limit")."""
    return None if value is None else whole(name, value, low=low, high=high)


def real(
    name: str,
    value: object,
    *,
    low: float | None = None,
    high: float | None = None,
    low_open: bool = False,
) -> float:
    """``value`` as a finite ``float`` (ints and numpy numbers accepted, ``bool`` and NaN not)
    within ``[low, high]`` (``(low, high]`` when ``low_open``)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number, got {describe(value)}")
    number = float(value)
    if not math.isfinite(number):
        raise ValueError(f"{name} must be a finite number, got {value!r}")
    if low is not None and (number <= low if low_open else number < low):
        raise ValueError(f"{name} must be {'>' if low_open else '>='} {low}, got {value!r}")
    if high is not None and number > high:
        raise ValueError(f"{name} must be <= {high}, got {value!r}")
    return number


def choice(name: str, value: object, options: Iterable[str]) -> str:
    """``value`` if it is one of the string ``options``; else a ``TypeError``/``ValueError``
    listing them."""
    options = tuple(options)
    if not isinstance(value, str):
        raise TypeError(f"{name} must be one of {', '.join(map(repr, options))}; got {describe(value)}")
    if value not in options:
        raise ValueError(f"{name} must be one of {', '.join(map(repr, options))}; got {value!r}")
    return value
