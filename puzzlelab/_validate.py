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
>>> sequence("perm", (x for x in [2, 1, 0]))
Traceback (most recent call last):
...
TypeError: perm must be a list, tuple, range or 1-d array, got a generator (read once, ...
>>> raise too_large("exact(n=20)", "n <= 9", "sample(name, n, size)")
Traceback (most recent call last):
...
ValueError: exact(n=20) is too large (the limit is n <= 9): use sample(name, n, size) instead
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable, Iterator
from typing import Any, TypeAlias, TypeGuard, cast

import numpy as np

__all__ = [
    "RandomSeed",
    "choice",
    "describe",
    "integer_array",
    "integer_dtype",
    "number",
    "optional_whole",
    "random_generator",
    "real",
    "sequence",
    "too_large",
    "whole",
    "whole_items",
]

#: What ``rng=`` accepts everywhere (see :func:`random_generator`).
RandomSeed: TypeAlias = (
    "int | np.integer[Any] | np.random.SeedSequence | np.random.BitGenerator | np.random.Generator | None"
)


def describe(value: object) -> str:
    """``repr`` of ``value`` with its type, shortened so a huge input never floods a message."""
    if isinstance(value, int) and abs(value) >= 10**30:
        text = f"an int of {value.bit_length()} bits"
    else:
        text = repr(value)
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{text} ({type(value).__name__})"


def _is_whole(value: object) -> TypeGuard[numbers.Integral]:
    """Whether ``value`` is a whole number: an ``int`` or numpy integer, never ``bool``."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def whole(name: str, value: object, *, low: int | None = None, high: int | None = None) -> int:
    """``value`` as an ``int`` if it is a whole number (``int`` or numpy integer, never ``bool``)
    within ``low <= value <= high``; else ``TypeError`` (not a whole number) or ``ValueError``
    (out of range), naming ``name``. Large values are compared without being printed in full."""
    if type(value) is int:  # exact ints skip the abstract-class checks (the common case)
        number = value
    elif not _is_whole(value):
        raise TypeError(f"{name} must be a whole number (an int), got {describe(value)}")
    else:
        number = int(value)
    if low is not None and number < low:
        raise ValueError(f"{name} must be >= {low}, got {describe(number).split(' (')[0]}")
    if high is not None and number > high:
        raise ValueError(f"{name} must be <= {high:,}, got {describe(number).split(' (')[0]}")
    return number


def optional_whole(
    name: str, value: object, *, low: int | None = None, high: int | None = None
) -> int | None:
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


def number(value: int) -> str:
    """A whole number for a message: ``12,500,000``, or ``about 10**400`` when it is huge (never
    converted to a string in full, which Python refuses past 4,300 digits).

    >>> number(12_500_000), number(10**400)
    ('12,500,000', 'about 10**400')
    """
    if abs(value) < 10**18:
        return f"{value:,}"
    digits = int((abs(value).bit_length() - 1) * 0.30103)  # log10(2), then corrected upward
    while 10 ** (digits + 1) <= abs(value):
        digits += 1
    return f"about {'-' if value < 0 else ''}10**{digits}"


def too_large(what: str, limit: str, instead: str) -> ValueError:
    """The error for a request too large to finish: what was asked, the limit, what to use instead.

    Build the message from the *arguments* (``n=10**7``), never from results that are themselves
    expensive to compute or print (``factorial(n)``)."""
    return ValueError(f"{what} is too large (the limit is {limit}): use {instead} instead")


def sequence(
    name: str, value: object, *, max_len: int | None = None
) -> list[object] | tuple[object, ...] | range | np.ndarray:
    """``value`` if it is a finite ordered collection (list, tuple, range, 1-d numpy array) of
    at most ``max_len`` items. Generators and iterators are refused (``TypeError``): they can be
    read only once and may never end; strings, bytes, sets and dicts are refused too."""
    if isinstance(value, np.ndarray):
        if value.ndim != 1:
            raise ValueError(f"{name} must be 1-d, got an array of shape {value.shape}")
    elif isinstance(value, Iterator):
        raise TypeError(
            f"{name} must be a list, tuple, range or 1-d array, got a {type(value).__name__} "
            "(read once, maybe endless): pass list(...) instead"
        )
    elif isinstance(value, str | bytes | bytearray) or not isinstance(value, list | tuple | range):
        raise TypeError(f"{name} must be a list, tuple, range or 1-d array, got {describe(value)}")
    if max_len is not None and len(value) > max_len:
        raise ValueError(f"{name} has {len(value):,} items, over the limit of {max_len:,}")
    return value


def whole_items(name: str, items: Iterable[object]) -> list[int]:
    """The items of a sequence as Python ints, or ``TypeError`` naming the first that is not a
    whole number (``1.5``, ``"3"``, ``None``, ``True``, NaN)."""
    if type(items) in (tuple, list) and all(type(item) is int for item in items):
        return cast("list[int]", list(items))  # exact ints: nothing to convert (the common case)
    if isinstance(items, np.ndarray):
        if items.dtype.kind in "iu" or items.size == 0:  # np.array([]) is float64: nothing to check
            whole_numbers: list[int] = items.tolist()
            return whole_numbers
        raise TypeError(f"{name} must hold whole numbers, got an array of {items.dtype}")
    whole_numbers = []
    for position, item in enumerate(items):
        if not _is_whole(item):
            raise TypeError(f"{name} must hold whole numbers, but item {position} is {describe(item)}")
        whole_numbers.append(int(item))
    return whole_numbers


def integer_array(name: str, value: object, *, ndim: int) -> np.ndarray:
    """``value`` as a numpy array of integers with ``ndim`` dimensions; ``TypeError`` for
    floats, booleans, strings or objects (convert with ``.astype(int)`` first when meant)."""
    if isinstance(value, Iterator | str | bytes):
        raise TypeError(f"{name} must be an array of whole numbers, got {describe(value)}")
    try:
        array = np.asarray(value)
    except (ValueError, TypeError):
        raise ValueError(f"{name} must be a rectangular array of whole numbers") from None
    if array.dtype.kind not in "iu" and not (array.size == 0 and array.dtype.kind == "f"):
        raise TypeError(f"{name} must be an array of whole numbers, got dtype {array.dtype}")
    if array.ndim != ndim:
        raise ValueError(f"{name} must be a {ndim}-d array, got shape {array.shape}")
    return array.astype(np.int64, copy=False) if array.dtype.kind == "f" else array


def integer_dtype(name: str, value: object, *, largest: int) -> np.dtype:
    """``value`` as a numpy integer dtype that can hold every whole number ``0..largest``."""
    try:
        dtype: np.dtype = np.dtype(value)  # type: ignore[call-overload]
    except TypeError:
        raise TypeError(
            f"{name} must be a numpy integer type such as numpy.int64, got {describe(value)}"
        ) from None
    if dtype.kind not in "iu":
        raise TypeError(f"{name} must be a numpy integer type such as numpy.int64, got {dtype}")
    if np.iinfo(dtype).max < largest:
        raise ValueError(f"{name}={dtype} cannot hold values up to {largest:,}: use numpy.int64")
    return dtype


def random_generator(name: str, value: object) -> np.random.Generator:
    """A ``numpy.random.Generator`` from ``value``: ``None`` (fresh entropy), a whole-number seed
    ``>= 0``, a ``SeedSequence`` or ``BitGenerator``, or a ``Generator`` (used as is)."""
    if isinstance(value, np.random.Generator):
        return value
    if value is None or isinstance(value, np.random.SeedSequence | np.random.BitGenerator):
        return np.random.default_rng(value)
    if not _is_whole(value):
        raise TypeError(
            f"{name} must be None, a whole-number seed or a numpy.random.Generator, got {describe(value)}"
        )
    return np.random.default_rng(whole(name, value, low=0))
