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
import re
import reprlib
import signal
import threading
import time
import types
from collections.abc import Callable
from fractions import Fraction
from typing import Any, ParamSpec, TypeAlias, cast

import numpy as np

from ..board import MAX_SIDE, MIN_SIDE, Board
from ..i18n import N_
from ..i18n import gettext as _

__all__ = [
    "CALL_SECONDS",
    "NotAnswered",
    "TooSlow",
    "WrongAnswer",
    "board_from",
    "call",
    "call_within",
    "exercise",
    "expect",
    "names_used",
    "plain",
    "plural",
    "refuse_library",
    "same",
    "short",
    "tidy",
    "time_limit",
    "whole_number",
]

#: What :func:`plain` returns: a plain Python value (containers of plain values included).
Plain: TypeAlias = (
    "bool | int | float | str | Fraction | Board "
    "| list[Plain] | tuple[Plain, ...] | set[Plain] | dict[Plain, Plain] | None"
)

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


#: A Chinese character or Chinese punctuation (，。：；、（）“”‘’ and the like).
_CJK = "\u3000-\u303f\u4e00-\u9fff\uff00-\uffef\u2018\u2019\u201c\u201d"
_SPACE_IN_CHINESE = re.compile(f"(?<=[{_CJK}]) (?=[{_CJK}])")


def tidy(text: str) -> str:
    """``text`` without the spaces a message's pieces leave between two Chinese characters.

    A Chinese template keeps a space beside a placeholder (``{where} 返回了``) because the value is
    often code or a number (``my_fix('1 2/3 _') 返回了``); when the value turns out to be Chinese
    too (``你的函数``) the space reads as a slip. English text has no such pair and is unchanged.

    >>> tidy("对于 局面“1 2/3 _”，你的函数 返回了 4")
    '对于局面“1 2/3 _”，你的函数返回了 4'
    """
    return _SPACE_IN_CHINESE.sub("", text)


def _name(fn: object) -> str:
    return getattr(fn, "__name__", None) or _("your function")


_ANSWER_ABOVE = N_("write your answer in the cell above, run it, then run this check")


class NotAnswered(Exception):
    """The exercise is still the stub: one line, "not answered yet: <what to do>" (in the
    language chosen with :func:`puzzlelab.set_language`)."""

    def __init__(self, what_to_do: str = _ANSWER_ABOVE):
        self.what_to_do = _(what_to_do)
        super().__init__(tidy(_("not answered yet: {what_to_do}").format(what_to_do=self.what_to_do)))

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
        if self.title:
            text = _("wrong answer ({title}): {message}").format(title=self.title, message=self.message)
        else:
            text = _("wrong answer: {message}").format(message=self.message)
        return tidy(text + ("\n" + _("hint: {hint}").format(hint=self.hint) if self.hint else ""))

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
        super().__init__(
            _("stopped after {seconds:g} s: {doing}").format(seconds=limit.seconds, doing=limit.doing)
        )


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

    def __init__(self, seconds: float, doing: str | None = None):
        given: object = seconds  # checked as any value: a caller may pass anything
        if not isinstance(given, int | float) or isinstance(given, bool) or not given > 0:
            raise ValueError(f"seconds must be a positive number, got {seconds!r}")
        self.seconds, self.armed = float(seconds), False
        self.doing = _("your code") if doing is None else doing
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
        _("{doing} ran for more than {seconds:g} s of computing and was stopped").format(
            doing=limit.doing, seconds=limit.seconds
        ),
        hint=_(
            "an endless loop? check that every loop ends (a while loop's condition must change); "
            "run your function on that input yourself, where the interrupt button stops it"
        ),
        reason="timeout",
    )


# -- plain values ------------------------------------------------------------------------------
def _kind(value: object) -> str:
    return type(value).__name__


class _Budget:
    def __init__(self) -> None:
        self.left = _MAX_ITEMS


def _refuse(value: object, where: str, returns: str) -> WrongAnswer:
    return WrongAnswer(
        _("{where} returned {value} (of type {kind}), not {returns}").format(
            where=where, value=short(value), kind=_kind(value), returns=returns
        ),
        hint=_("return {returns}, built from plain Python values").format(returns=returns),
        reason="type",
    )


def _plain(value: object, budget: _Budget, depth: int, where: str, returns: str) -> Plain:
    budget.left -= 1
    if budget.left < 0 or depth > _MAX_DEPTH:
        raise WrongAnswer(
            _(
                "{where} returned a huge value (more than {items:,} items, or nested more than {depth} deep)"
            ).format(where=where, items=_MAX_ITEMS, depth=_MAX_DEPTH),
            hint=_("return {returns}").format(returns=returns),
            reason="huge",
        )
    # exactly these types (not a subclass), tested one by one so that mypy narrows value to them
    if (
        type(value) is int
        or type(value) is float
        or type(value) is str
        or type(value) is bool
        or type(value) is Fraction
        or value is None
    ):
        if type(value) is str and len(value) > _MAX_ITEMS:
            raise WrongAnswer(
                _("{where} returned a string of {length:,} characters").format(
                    where=where, length=len(value)
                ),
                hint=_("return {returns}").format(returns=returns),
                reason="huge",
            )
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
        plain_tiles = tuple(_plain(t, budget, depth + 1, where, returns) for t in tiles)
        # a Board's tiles are ints, and plain() leaves an int an int
        return Board(cast("tuple[int, ...]", plain_tiles), rows, cols)
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


def plain(value: object, *, where: str | None = None, returns: str | None = None) -> Plain:
    """``value`` as plain Python values, or :class:`WrongAnswer` saying what to return.

    ints (numpy integers and int subclasses included), floats, strings, Fractions, None, True
    and False, and lists, tuples, sets, dicts and Boards of them; a numeric numpy array becomes
    a list. Anything else (an object of the student's own class, a generator, a range) is
    refused, and so is a value of more than a million items. ``where`` names who returned it
    (``"my_move((1, 2, 0), 1, 3, 'L')"``; by default "your function"), ``returns`` what should
    have been returned (by default "a plain Python value"), both already in the student's language.

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
    where = _("your function") if where is None else where
    returns = _(_PLAIN_VALUE) if returns is None else returns
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


_PLAIN_VALUE = N_("a plain Python value")
_WHOLE_NUMBER = N_("a whole number (an int)")
_KINDS = [
    (bool, N_("True or False")),
    (int, _WHOLE_NUMBER),
    (Fraction, N_("a number")),
    (float, N_("a number")),
    (str, N_("a string")),
    (list, N_("a list")),
    (tuple, N_("a tuple")),
    (dict, N_("a dict")),
    (set, N_("a set")),
    (frozenset, N_("a set")),
    (Board, N_("a Board")),
]


def _returns(want: object) -> str:
    """What to return, said from the expected value's type (in the student's language)."""
    if want is None:
        return "None"
    return _(next((text for kind, text in _KINDS if isinstance(want, kind)), _PLAIN_VALUE))


# -- stubs and calls ---------------------------------------------------------------------------
#: The arguments of a student's function: call(fn, ...) is checked against fn's declared signature.
_P = ParamSpec("_P")


def _does_nothing(fn: object) -> bool:
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


#: How a "not answered yet" message ends (the English text; the message is translated whole)
_NOT_ANSWERED = "run its cell, then run this check again"


def _not_answered(fn: object) -> NotAnswered:
    return NotAnswered(
        _("write the body of {name}(), run its cell, then run this check again").format(name=_name(fn))
    )


def _stub_or_ran_past(fn: object, error: BaseException, doing: str) -> Exception:
    if not _ran_past(fn, error):
        return _not_answered(fn)
    return WrongAnswer(
        _(
            "{doing} reached the stub's `raise NotImplementedError()`: your code ran to the end of "
            "the function without returning an answer"
        ).format(doing=doing),
        hint=_(
            "every path through your function must end in a `return`; delete the stub's raise "
            "line once your code is in (if your code searches, it found nothing: see the exercise's hint)"
        ),
        reason="ran past the stub",
    )


def _not_a_function(value: object, title: str | None = None) -> WrongAnswer:
    return WrongAnswer(
        _("the check needs your function, but got {value}").format(value=short(value)),
        hint=_("pass the function's name, without parentheses"),
        title=title,
    )


def _describe_call(fn: object, args: tuple[object, ...], kwargs: dict[str, object]) -> str:
    parts = [short(a) for a in args] + [f"{k}={short(v)}" for k, v in kwargs.items()]
    return f"{_name(fn)}({', '.join(parts)})"


def call_within(
    seconds: float, student_fn: Callable[_P, object], *args: _P.args, **kwargs: _P.kwargs
) -> object:
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
        raise WrongAnswer(
            _("{doing} raised {error_type}: {error}").format(
                doing=doing, error_type=type(error).__name__, error=error
            ),
            hint=_("run your function on that input yourself to see where it fails"),
            reason="raised",
        ) from error
    if result is Ellipsis:
        raise _not_answered(student_fn)
    return result


def call(student_fn: Callable[_P, object], *args: _P.args, **kwargs: _P.kwargs) -> object:
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
    returns = returns or _returns(want)
    got = plain(got, where=_("for {where}, your function").format(where=where), returns=returns)
    if _equal(got, want):
        return
    if got is None and want is not None:
        hint = hint or _("your function returned None: did it forget a `return`?")
    elif not floats and _float_for_int(got, want):
        hint = _("a float where a whole number belongs (such as 2.5 for 2): use //, or round yourself")
    elif got is not None and want is not None and _family(got) != _family(want):
        hint = _("return {returns}, not {kind}").format(returns=returns, kind=_(_FAMILY_NAMES[_family(got)]))
    if reveal:
        message = _("for {where}: expected {want}, got {got}").format(
            where=where, want=short(want), got=short(got)
        )
    else:
        message = _("for {where}: got {got}, which is not right").format(where=where, got=short(got))
    raise WrongAnswer(message, hint=hint)


_FAMILY_NAMES = {
    "number": N_("a number"),
    "text": N_("text"),
    "bool": N_("True or False"),
    "sequence": N_("a list or tuple"),
    "dict": N_("a dict"),
    "set": N_("a set"),
    "board": N_("a Board"),
    "none": "None",
    "other": N_("that"),
}


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


def whole_number(value: object, *, where: str, returns: str | None = None) -> int:
    """``value`` as an int: ints and numpy integers, and a float only when it is a whole number
    (never rounded or truncated); True/False, other floats and other types are refused.
    ``returns`` says what to return (by default "a whole number (an int)")."""
    returns = _(_WHOLE_NUMBER) if returns is None else returns
    got = plain(value, where=where, returns=returns)
    if type(got) is float and math.isfinite(got) and got.is_integer():
        return int(got)
    if type(got) is not int:
        if type(got) is float:
            hint = _("round it yourself (math.floor, //) to the whole number you mean")
        else:
            hint = _("return {returns}").format(returns=returns)
        raise WrongAnswer(
            _("{where} returned {value}, not {returns}").format(
                where=where, value=short(got), returns=returns
            ),
            hint=hint,
            reason="type",
        )
    return got


_PLURALS = {
    "move": (N_("{count} move"), N_("{count} moves")),
    "tile": (N_("{count} tile"), N_("{count} tiles")),
    "board": (N_("{count} board"), N_("{count} boards")),
}


def plural(count: int, word: str) -> str:
    """``"1 move"``, ``"2 moves"`` (``word`` is one of move, tile, board), in the student's language."""
    return _(_PLURALS[word][count != 1]).format(count=count)


# -- boards a student returns ------------------------------------------------------------------
_BLANK_MARKS = ("_", ".", "-", "0")


def _board_trouble(value: object, error: Exception) -> str:
    """What keeps ``value`` (a plain value that ``Board.parse`` refused with ``error``) from being
    a board, in the student's language; Board.parse's own English words only as a last resort."""
    if value is None:
        return _("it is None: did your function forget a `return`?")
    if not isinstance(value, str) or len(value) > 8 * MAX_SIDE * MAX_SIDE:
        if isinstance(value, str | list | tuple) and value:
            return _("Board.parse says: {error}").format(error=short(str(error)))
        return _("it is {kind}, not text").format(kind=_(_FAMILY_NAMES[_family(value)]))
    rows = [line.replace(",", " ").split() for line in value.replace("/", "\n").splitlines() if line.strip()]
    if not rows:
        return _("the text is empty")
    widths = [len(row) for row in rows]
    if len(set(widths)) > 1:
        return _("its rows have different lengths: {lengths}").format(lengths=", ".join(map(str, widths)))
    odd = next((c for row in rows for c in row if c not in _BLANK_MARKS and not c.isdecimal()), None)
    if odd is not None:
        return _("{cell} is neither a tile number nor the blank _").format(cell=short(odd))
    if not MIN_SIDE <= len(rows) <= MAX_SIDE or not MIN_SIDE <= widths[0] <= MAX_SIDE:
        return _("it is {rows}x{cols}; a board's rows and columns must each number {least} to {most}").format(
            rows=len(rows), cols=widths[0], least=MIN_SIDE, most=MAX_SIDE
        )
    return _("a {rows}x{cols} board holds the tiles 1 to {last} once each and one blank").format(
        rows=len(rows), cols=widths[0], last=len(rows) * widths[0] - 1
    )


def board_from(value: object, *, where: str, returns: str) -> Board:
    """A student's board, given as a Board or in a form ``Board.parse`` reads (text such as
    ``"1 2 3/4 5 6/7 _ 8"``, or rows): otherwise :class:`WrongAnswer` saying, in the student's
    language, what keeps it from being a board. ``returns`` says what to return."""
    value = plain(value, where=where, returns=returns)
    if isinstance(value, Board):
        return value
    try:
        return Board.parse(value)
    except (TypeError, ValueError) as error:
        raise WrongAnswer(
            _("{where} returned {value}, which is not a board ({error})").format(
                where=where, value=short(value), error=_board_trouble(value, error)
            ),
            hint=_(
                "return {returns}; as text, a board is its rows separated by /, the cells of a row "
                "by spaces, and the blank written _"
            ).format(returns=returns),
            reason="not a board",
        ) from None


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
        raise WrongAnswer(
            _("{name} is the library's own function: this exercise asks you to write it yourself").format(
                name=_name(student_fn)
            ),
            hint=_("write a function of your own (def ...) that computes it"),
            reason="library",
        )
    used = sorted(names_used(student_fn) & set(names))
    if used:
        raise WrongAnswer(
            _("your code uses {names}: this exercise asks you to write it yourself").format(
                names=", ".join(used)
            ),
            hint=hint,
            reason="library",
        )


def exercise(title: str) -> Callable[[Callable[..., Any]], Callable[..., None]]:
    """Decorate a check ``check_x(student_fn, *, hidden=False)``: map its outcome to the three
    messages (not answered / wrong answer / "correct: <title>")."""
    given: object = title  # checked as any value: a caller may pass anything
    if not isinstance(given, str) or not given.strip():
        raise TypeError(f"exercise() needs a title (a non-empty string), got {short(title)}")

    def decorate(check: Callable[..., Any]) -> Callable[..., None]:
        @functools.wraps(check)
        def run(student_fn: Callable[..., object], *args: Any, hidden: bool = False, **kwargs: Any) -> None:
            if not callable(student_fn):
                raise _not_a_function(student_fn, _(title))
            if _does_nothing(student_fn):
                raise _not_answered(student_fn)
            try:
                check(student_fn, *args, hidden=hidden, **kwargs)
            except TooSlow as stop:  # a limit around many calls (the check's own, not call()'s)
                wrong = _too_slow(stop.limit)
                wrong.set_title(_(title))
                raise wrong from None
            except NotImplementedError as error:
                raise _stub_or_ran_past(student_fn, error, f"{_name(student_fn)}()") from None
            except NotAnswered:
                raise
            except WrongAnswer as wrong:
                wrong.set_title(_(title))
                raise
            except Exception as error:  # the student's code, called without call()
                raise WrongAnswer(
                    _("your code raised {error_type}: {error}").format(
                        error_type=type(error).__name__, error=error
                    ),
                    hint=_("run your function yourself on a small input"),
                    title=_(title),
                ) from error
            further = _(" (further cases too)") if hidden else ""
            print(tidy(_("correct: {title}").format(title=_(title)) + further))

        run.title = title  # type: ignore[attr-defined]
        return run

    return decorate
