"""The exercise framework: how a lesson's check talks to a student.

A check is a function ``check_x(student_fn, *, hidden=False)`` wrapped by
:func:`exercise`. It runs the student's function on a few cases through :func:`call`
and compares with the library's answer through :func:`same` or :func:`expect`. Three
outcomes, each one short message instead of a traceback:

- untouched stub (``raise NotImplementedError()``, ``...``, ``pass``): :class:`NotAnswered`,
  "not answered yet: ..." (the cell still counts as an error, so nbgrader gives 0 points);
- a wrong answer, or the student's code raising: :class:`WrongAnswer` (an
  ``AssertionError``) with what was expected, one input where it differs, and a hint;
- right: it prints ``correct: <title>`` and nothing that gives an answer away.

Answers cannot fool a check: :func:`plain` turns a returned value into plain Python values
(ints, floats, strings, lists, tuples, dicts, sets, Fractions, Boards; numpy numbers become
ints or floats) and refuses any other object, so an object whose ``__eq__`` always says True
never passes; :func:`same` then compares strictly (True is not 1, ``2.5`` is not ``2``). A
student's code runs under a time limit (:class:`time_limit`): an endless loop becomes a
wrong answer naming the input, the kernel survives, and the interrupt button still works.

>>> @exercise("double a number")
... def check_double(fn, *, hidden=False):
...     for x in [1, 2, 5]:
...         same(call(fn, x), 2 * x, where=f"x = {x}")
>>> check_double(lambda x: x + x)
correct: double a number
>>> def double(x):
...     raise NotImplementedError()
>>> check_double(double)
Traceback (most recent call last):
...
puzzlelab.exercises._core.NotAnswered: not answered yet: write the body of double(), run its cell, ...
>>> check_double(lambda x: x * x)
Traceback (most recent call last):
...
puzzlelab.exercises._core.WrongAnswer: wrong answer (double a number): for x = 1: expected 2, got 1
"""

from __future__ import annotations

import dis
import functools
import math
import reprlib
import signal
import threading
import time
import types
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np

from ..board import Board
from ..i18n import gettext as _

__all__ = [
    "CALL_SECONDS",
    "NotAnswered",
    "TooSlow",
    "WrongAnswer",
    "call",
    "call_within",
    "exercise",
    "expect",
    "names_used",
    "plain",
    "refuse_library",
    "same",
    "short",
    "time_limit",
    "whole_number",
]

_SHORT = 100  # longest repr shown for one value
#: How long one call of a student's function may run before the check stops it (seconds).
CALL_SECONDS = 5.0
_MAX_ITEMS = 1_000_000  # the most numbers, strings and containers a returned value may hold
_MAX_DEPTH = 20  # the deepest nesting of containers a returned value may have

_repr = reprlib.Repr()
_repr.maxlevel, _repr.maxstring, _repr.maxother = 4, _SHORT, _SHORT
_repr.maxlist = _repr.maxtuple = _repr.maxset = _repr.maxfrozenset = _repr.maxdict = 40


def short(value: object) -> str:
    """``repr(value)`` cut to a readable length (a huge list is never written out in full)."""
    try:
        text = _repr.repr(value)
    except Exception:  # a student's object with a broken __repr__
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= _SHORT else text[: _SHORT - 3] + "..."


def _name(fn: object) -> str:
    return getattr(fn, "__name__", None) or "your function"


class NotAnswered(Exception):
    """The exercise is still the stub: one line, "not answered yet: <what to do>"."""

    def __init__(self, what_to_do: str = "write your answer in the cell above, run it, then run this check"):
        self.what_to_do = what_to_do
        super().__init__(f"not answered yet: {what_to_do}")

    def _render_traceback_(self) -> list[str]:  # IPython shows this instead of a traceback
        return [str(self)]


class WrongAnswer(AssertionError):
    """A wrong answer: what was expected, one input where it differs, and a hint.

    ``reason`` names the kind of slip for checks that refine the hint (``"timeout"``,
    ``"ran past the stub"``, ``"type"``, ``"raised"``), or is None.
    """

    def __init__(self, message: str, *, hint: str | None = None, title: str | None = None,
                 reason: str | None = None):  # fmt: skip
        self.message, self.hint, self.title, self.reason = message, hint, title, reason
        super().__init__(self._text())

    def _text(self) -> str:
        head = f"wrong answer ({self.title}): " if self.title else "wrong answer: "
        return head + self.message + (f"\nhint: {self.hint}" if self.hint else "")

    def set_title(self, title: str) -> None:
        """Put the message under an exercise's title (kept if it already has one)."""
        if not self.title:
            self.title = title
            self.args = (self._text(),)

    def _render_traceback_(self) -> list[str]:
        return self._text().splitlines()


# -- time limits -------------------------------------------------------------------------------
class TooSlow(BaseException):
    """Raised inside a student's code when its :class:`time_limit` is up (CPU or wall clock).

    A ``BaseException`` (like ``KeyboardInterrupt``), so a student's ``except Exception:``
    does not swallow it; the limit that raised it is ``limit``.
    """

    def __init__(self, limit: time_limit):
        self.limit = limit
        super().__init__(f"stopped after {limit.seconds:g} s: {limit.doing}")


class time_limit:  # used like a function: ``with time_limit(5, "..."):``
    """Stop the code in the ``with`` block after ``seconds`` of CPU time with :class:`TooSlow`.

    Two timers of ``signal.setitimer``, set in the main thread: CPU time (``ITIMER_PROF``, so a
    busy machine does not stop a fair answer) and, for code that waits instead of computing,
    wall-clock time (``ITIMER_REAL``, :data:`WALL_FACTOR` times longer). The previous handlers
    and timers are restored on the way out (an outer timer that is due sooner is left to ring
    instead). A timer rings again every second until the block ends, so code that catches the
    first :class:`TooSlow` is still stopped. Off the main thread, or where there is no
    ``setitimer`` (Windows), the block runs without a limit. ``KeyboardInterrupt`` (the
    notebook's interrupt button) is untouched.
    """

    def __init__(self, seconds: float, doing: str = "your code"):
        if not isinstance(seconds, int | float) or isinstance(seconds, bool) or not seconds > 0:
            raise ValueError(f"seconds must be a positive number, got {seconds!r}")
        self.seconds, self.doing, self.armed = float(seconds), doing, False
        self._saved: list[tuple[int, int, Any, tuple[float, float]]] = []
        self._start = 0.0

    def _ring(self, signum: int, frame: object) -> None:
        if self.armed:
            raise TooSlow(self)

    def __enter__(self) -> time_limit:
        if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
            return self
        timers = [(signal.ITIMER_PROF, signal.SIGPROF, self.seconds),
                  (signal.ITIMER_REAL, signal.SIGALRM, self.seconds * WALL_FACTOR)]  # fmt: skip
        self._start = time.monotonic()
        for which, signum, seconds in timers:
            current = signal.getitimer(which)
            if 0 < current[0] <= seconds:  # an outer limit rings first: let it
                continue
            try:
                handler = signal.signal(signum, self._ring)
            except (ValueError, OSError):  # not allowed here (e.g. an embedded interpreter)
                continue
            self._saved.append((which, signum, handler, signal.setitimer(which, seconds, 1.0)))
        self.armed = bool(self._saved)
        return self

    def __exit__(self, *exc: object) -> None:
        self.armed = False
        spent = time.monotonic() - self._start
        while self._saved:
            which, signum, handler, (delay, interval) = self._saved.pop()
            signal.setitimer(which, 0)
            signal.signal(signum, signal.SIG_DFL if handler is None else handler)
            if delay > 0:  # an outer timer: it goes on (CPU time is counted as wall time here)
                signal.setitimer(which, max(delay - spent, 1e-3), interval)


#: How many times its CPU-time limit a :class:`time_limit` allows in wall-clock time.
WALL_FACTOR = 6.0


def _too_slow(limit: time_limit) -> WrongAnswer:
    return WrongAnswer(
        f"{limit.doing} ran for more than {limit.seconds:g} s of computing and was stopped",
        hint="an endless loop? check that every loop ends (a while loop's condition must change); "
        "run your function on that input yourself, where the interrupt button stops it",
        reason="timeout",
    )


# -- plain values ------------------------------------------------------------------------------
def _kind(value: object) -> str:
    return type(value).__name__


class _Budget:
    def __init__(self) -> None:
        self.left = _MAX_ITEMS


def _refuse(value: object, where: str, returns: str) -> WrongAnswer:
    return WrongAnswer(f"{where} returned {short(value)} (of type {_kind(value)}), not {returns}",
                       hint=f"return {returns}, built from plain Python values", reason="type")  # fmt: skip


def _plain(value: object, budget: _Budget, depth: int, where: str, returns: str) -> Any:
    budget.left -= 1
    if budget.left < 0 or depth > _MAX_DEPTH:
        raise WrongAnswer(f"{where} returned a huge value (more than {_MAX_ITEMS:,} items, or nested more "
                          f"than {_MAX_DEPTH} deep)", hint=f"return {returns}", reason="huge")  # fmt: skip
    if value is None or type(value) in (bool, int, float, str, Fraction):
        if type(value) is str and len(value) > _MAX_ITEMS:
            raise WrongAnswer(f"{where} returned a string of {len(value):,} characters",
                              hint=f"return {returns}", reason="huge")  # fmt: skip
        return value
    if isinstance(value, bool | np.bool_):
        return bool(value)
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.floating):
        return float(value)
    if isinstance(value, int):  # a subclass: its own __eq__ and __int__ are not used
        return int.__index__(value)
    if isinstance(value, float):
        return float.__float__(value)
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, Fraction):
        return Fraction(int.__index__(value.numerator), int.__index__(value.denominator))
    if isinstance(value, Board):
        slots = vars(Board)  # read the slots themselves, not a subclass's properties
        tiles, rows, cols = (slots[name].__get__(value) for name in ("tiles", "rows", "cols"))
        return Board(tuple(_plain(t, budget, depth + 1, where, returns) for t in tiles), rows, cols)
    if isinstance(value, np.ndarray) and value.dtype.kind in "biuf":
        if value.size > budget.left:
            budget.left = -1
            return _plain(value, budget, depth, where, returns)
        return _plain(value.tolist(), budget, depth, where, returns)
    if isinstance(value, list | tuple | set | frozenset):
        base: Any = next(kind for kind in (list, tuple, set, frozenset) if isinstance(value, kind))
        items = [_plain(item, budget, depth + 1, where, returns) for item in base.__iter__(value)]
        return set(items) if base in (set, frozenset) else base(items)
    if isinstance(value, dict):
        return {_plain(k, budget, depth + 1, where, returns): _plain(v, budget, depth + 1, where, returns)
                for k, v in dict.items(value)}  # fmt: skip
    raise _refuse(value, where, returns)


def plain(value: object, *, where: str = "your function", returns: str = "a plain Python value") -> Any:
    """``value`` as plain Python values, or :class:`WrongAnswer` saying what to return.

    ints (numpy integers and int subclasses included), floats, strings, Fractions, None, True
    and False, and lists, tuples, sets, dicts and Boards of them; a numeric numpy array becomes
    a list. Anything else (an object of the student's own class, a generator, a range) is
    refused, and so is a value of more than a million items. ``where`` names who returned it
    (``"my_move((1, 2, 0), 1, 3, 'L')"``), ``returns`` what should have been returned.

    >>> plain([np.int64(3), (1, 2.5)])
    [3, (1, 2.5)]
    >>> class Always:
    ...     def __eq__(self, other):
    ...         return True
    >>> plain(Always(), returns="a whole number")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    puzzlelab.exercises._core.WrongAnswer: wrong answer: your function returned <...Always ...> (of type ...
    """
    return _plain(value, _Budget(), 0, where, returns)


def _equal(got: object, want: object) -> bool:
    """``got == want`` for plain values, strictly: a bool is not a number, a float equals an
    int only when it is that whole number, a string only equals a string; lists and tuples
    compare item by item (either kind for either)."""
    if want is None:
        return got is None
    if isinstance(want, bool):
        return type(got) is bool and got == want
    if isinstance(want, int | Fraction | float):
        if type(got) not in (int, float, Fraction):
            return False
        if isinstance(want, int) and type(got) is float and not got.is_integer():
            return False
        return got == want
    if isinstance(want, str):
        return type(got) is str and got == want
    if isinstance(want, list | tuple):
        return (type(got) in (list, tuple) and len(got) == len(want)  # type: ignore[arg-type]
                and all(_equal(a, b) for a, b in zip(got, want, strict=True)))  # type: ignore[call-overload]  # fmt: skip
    if isinstance(want, dict):
        return (type(got) is dict and got.keys() == want.keys()
                and all(_equal(got[k], v) for k, v in want.items()))  # fmt: skip
    if isinstance(want, set | frozenset):
        return (
            type(got) is set and len(got) == len(want) and all(any(_equal(g, w) for g in got) for w in want)
        )
    if isinstance(want, Board):
        return type(got) is Board and got == want
    try:
        return bool(want == got)
    except Exception:
        return False


_KINDS = [
    (bool, "True or False"), (int, "a whole number (an int)"), (Fraction, "a number"),
    (float, "a number"), (str, "a string"), (list, "a list"), (tuple, "a tuple"), (dict, "a dict"),
    (set, "a set"), (frozenset, "a set"), (Board, "a Board"),
]  # fmt: skip


def _returns(want: object) -> str:
    """What to return, said from the expected value's type."""
    if want is None:
        return "None"
    return next((text for kind, text in _KINDS if isinstance(want, kind)), "a plain Python value")


# -- stubs and calls ---------------------------------------------------------------------------
def _does_nothing(fn: Callable) -> bool:
    """True if ``fn``'s body is only a docstring, ``pass``, ``...`` or ``return None``."""
    code = getattr(fn, "__code__", None)
    if code is None:
        return False
    allowed = {"RESUME", "NOP", "LOAD_CONST", "RETURN_VALUE", "RETURN_CONST", "CACHE"}
    for instruction in dis.get_instructions(code):
        if instruction.opname not in allowed:
            return False
        if instruction.opname in {"LOAD_CONST", "RETURN_CONST"} and instruction.argval is not None:
            return False
    return True


_ATTEMPT = ("FOR_ITER", "JUMP", "RETURN_VALUE", "RETURN_CONST", "YIELD_VALUE")


def _attempted(code: types.CodeType) -> bool:
    """True if the code does more than a stub does: it loops, branches, returns or nests code."""
    if any(isinstance(c, types.CodeType) for c in code.co_consts):
        return True
    return any(i.opname.startswith(_ATTEMPT) or "JUMP" in i.opname for i in dis.get_instructions(code))


def _ran_past(fn: object, error: BaseException) -> bool:
    """True if ``error`` (a NotImplementedError) was raised by ``fn``'s own body after the
    student wrote code there: the stub's ``raise`` line was left in and reached."""
    code = getattr(fn, "__code__", None)
    tb = error.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    return code is not None and tb is not None and tb.tb_frame.f_code is code and _attempted(code)


_NOT_ANSWERED = "run its cell, then run this check again"


def _not_answered(fn: object) -> NotAnswered:
    return NotAnswered(f"write the body of {_name(fn)}(), {_NOT_ANSWERED}")


def _stub_or_ran_past(fn: object, error: BaseException, doing: str) -> Exception:
    if not _ran_past(fn, error):
        return _not_answered(fn)
    return WrongAnswer(
        f"{doing} reached the stub's `raise NotImplementedError()`: your code ran to the end of "
        "the function without returning an answer",
        hint="every path through your function must end in a `return`; delete the stub's raise "
        "line once your code is in (if your code searches, it found nothing: see the exercise's hint)",
        reason="ran past the stub",
    )


def _not_a_function(value: object, title: str | None = None) -> WrongAnswer:
    return WrongAnswer(f"the check needs your function, but got {short(value)}",
                       hint="pass the function's name, without parentheses", title=title)  # fmt: skip


def _describe_call(fn: object, args: tuple, kwargs: dict) -> str:
    parts = [short(a) for a in args] + [f"{k}={short(v)}" for k, v in kwargs.items()]
    return f"{_name(fn)}({', '.join(parts)})"


def call_within(seconds: float, student_fn: Callable, *args: Any, **kwargs: Any) -> Any:
    """:func:`call` with a time limit of ``seconds`` instead of :data:`CALL_SECONDS`."""
    if not callable(student_fn):
        raise _not_a_function(student_fn)
    if _does_nothing(student_fn):
        raise _not_answered(student_fn)
    doing = _describe_call(student_fn, args, kwargs)
    limit = time_limit(seconds, doing)
    try:
        with limit:
            result = student_fn(*args, **kwargs)
    except TooSlow as stop:
        if stop.limit is not limit:
            raise
        raise _too_slow(limit) from None
    except NotImplementedError as error:
        raise _stub_or_ran_past(student_fn, error, doing) from None
    except (NotAnswered, WrongAnswer):
        raise
    except Exception as error:
        raise WrongAnswer(f"{doing} raised {type(error).__name__}: {error}",
                          hint="run your function on that input yourself to see where it fails",
                          reason="raised") from error  # fmt: skip
    if result is Ellipsis:
        raise _not_answered(student_fn)
    return result


def call(student_fn: Callable, *args: Any, **kwargs: Any) -> Any:
    """``student_fn(*args, **kwargs)``, with the student's mistakes turned into messages.

    A stub (``raise NotImplementedError()``, an empty body, a returned ``...``) raises
    :class:`NotAnswered`; a stub's ``raise`` line reached after the student's own code, any
    other exception from the student's code, or a call running over :data:`CALL_SECONDS`
    raises :class:`WrongAnswer` naming the input.
    """
    return call_within(CALL_SECONDS, student_fn, *args, **kwargs)


def expect(condition: object, message: str, *, hint: str | None = None) -> None:
    """Raise :class:`WrongAnswer` with ``message`` (and ``hint``) unless ``condition`` holds."""
    if not condition:
        raise WrongAnswer(message, hint=hint)


def same(got: object, want: object, *, where: str, hint: str | None = None, reveal: bool = True,
         returns: str | None = None, floats: bool = False) -> None:  # fmt: skip
    """Raise :class:`WrongAnswer` unless ``got`` equals ``want``, naming the input ``where`` it differs.

    ``got`` is first made :func:`plain` (another type is refused, saying to return ``returns``,
    by default the kind of ``want``), then compared strictly: True is not 1, 2.5 is not 2, and
    an object that claims to equal everything never gets here. ``reveal=False`` leaves the
    expected value out of the message (for a question with a single answer, where showing it
    would give the answer away). A float where an int is expected is hinted as such unless
    ``floats`` says a float is as good an answer as an int there.
    """
    want = plain(want)
    got = plain(got, where=f"for {where}, your function", returns=returns or _returns(want))
    if _equal(got, want):
        return
    if got is None and want is not None:
        hint = hint or "your function returned None: did it forget a `return`?"
    elif not floats and _float_for_int(got, want):
        hint = "a float where a whole number belongs (such as 2.5 for 2): use //, or round yourself"
    elif got is not None and want is not None and _family(got) != _family(want):
        hint = f"return {returns or _returns(want)}, not {_FAMILY_NAMES[_family(got)]}"
    shown = short(got)
    expected = f"expected {short(want)}, got {shown}" if reveal else f"got {shown}, which is not right"
    raise WrongAnswer(f"for {where}: {expected}", hint=hint)


_FAMILY_NAMES = {"number": "a number", "text": "text", "bool": "True or False",
                 "sequence": "a list or tuple", "dict": "a dict", "set": "a set", "board": "a Board",
                 "none": "None", "other": "that"}  # fmt: skip


def _family(value: object) -> str:
    """The kind of a plain value, as a student would name it (a list and a tuple are alike)."""
    kinds = [(bool, "bool"), (int | float | Fraction, "number"), (str, "text"), (list | tuple, "sequence"),
             (dict, "dict"), (set | frozenset, "set"), (Board, "board"), (type(None), "none")]  # fmt: skip
    return next((name for kind, name in kinds if isinstance(value, kind)), "other")


def _float_for_int(got: object, want: object) -> bool:
    """True if ``got`` holds a float that is not a whole number where ``want`` holds an int."""
    if type(want) is int:
        return type(got) is float and not got.is_integer()
    if isinstance(want, list | tuple) and isinstance(got, list | tuple) and len(got) == len(want):
        return any(_float_for_int(g, w) for g, w in zip(got, want, strict=True))
    return False


def whole_number(value: object, *, where: str, returns: str = "a whole number (an int)") -> int:
    """``value`` as an int: ints and numpy integers, and a float only when it is a whole number
    (never rounded or truncated); True/False, other floats and other types are refused."""
    got = plain(value, where=where, returns=returns)
    if type(got) is float and math.isfinite(got) and got.is_integer():
        return int(got)
    if type(got) is not int:
        hint = (
            "round it yourself (math.floor, //) to the whole number you mean" if type(got) is float else None
        )
        raise WrongAnswer(f"{where} returned {short(got)}, not {returns}", hint=hint or f"return {returns}",
                          reason="type")  # fmt: skip
    return got


def names_used(fn: object, seen: set[int] | None = None) -> set[str]:
    """The global and attribute names ``fn``'s code uses, following the functions it calls that
    were defined beside it (same globals: the notebook), nested functions and lambdas included."""
    seen = set() if seen is None else seen
    code = getattr(fn, "__code__", None)
    if code is None or id(code) in seen:
        return set()
    seen.add(id(code))
    names, stack = set(), [code]
    while stack:
        current = stack.pop()
        names.update(current.co_names)
        stack.extend(c for c in current.co_consts if isinstance(c, types.CodeType))
    scope = getattr(fn, "__globals__", {})
    for name in list(names):
        helper = scope.get(name)
        if isinstance(helper, types.FunctionType) and helper.__globals__ is scope:
            names |= names_used(helper, seen)
    return names


def refuse_library(student_fn: object, names: frozenset[str] | set[str], *, hint: str) -> None:
    """:class:`WrongAnswer` if ``student_fn`` is one of the library's functions or its code uses
    one of ``names``: the exercise asks the student to compute it."""
    if str(getattr(student_fn, "__module__", "")).startswith("puzzlelab"):
        raise WrongAnswer(f"{_name(student_fn)} is the library's own function: this exercise asks you to "
                          "write it yourself", hint="write a function of your own (def ...) that computes it",
                          reason="library")  # fmt: skip
    used = sorted(names_used(student_fn) & set(names))
    if used:
        raise WrongAnswer(f"your code uses {', '.join(used)}: this exercise asks you to write it yourself",
                          hint=hint, reason="library")  # fmt: skip


def exercise(title: str) -> Callable[[Callable[..., Any]], Callable[..., None]]:
    """Decorate a check ``check_x(student_fn, *, hidden=False)``: map its outcome to the three
    messages (not answered / wrong answer / "correct: <title>")."""
    if not isinstance(title, str) or not title.strip():
        raise TypeError(f"exercise() needs a title (a non-empty string), got {short(title)}")

    def decorate(check: Callable[..., Any]) -> Callable[..., None]:
        @functools.wraps(check)
        def run(student_fn: Callable, *args: Any, hidden: bool = False, **kwargs: Any) -> None:
            if not callable(student_fn):
                raise _not_a_function(student_fn, title)
            if _does_nothing(student_fn):
                raise _not_answered(student_fn)
            try:
                check(student_fn, *args, hidden=hidden, **kwargs)
            except TooSlow as stop:  # a limit around many calls (the check's own, not call()'s)
                wrong = _too_slow(stop.limit)
                wrong.set_title(title)
                raise wrong from None
            except NotImplementedError as error:
                raise _stub_or_ran_past(student_fn, error, f"{_name(student_fn)}()") from None
            except NotAnswered:
                raise
            except WrongAnswer as wrong:
                wrong.set_title(title)
                raise
            except Exception as error:  # the student's code, called without call()
                hint = "run your function yourself on a small input"
                raise WrongAnswer(
                    f"your code raised {type(error).__name__}: {error}", hint=hint, title=title
                ) from error
            further = _(" (further cases too)") if hidden else ""
            print(_("correct: {title}").format(title=_(title)) + further)

        run.title = title  # type: ignore[attr-defined]
        return run

    return decorate
