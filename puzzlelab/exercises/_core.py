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
from collections.abc import Callable
from typing import Any

__all__ = ["NotAnswered", "WrongAnswer", "call", "exercise", "expect", "same"]

_SHORT = 100  # longest repr shown for one value


def _short(value: object) -> str:
    """``repr(value)`` cut to a readable length."""
    try:
        text = repr(value)
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
    """A wrong answer: what was expected, one input where it differs, and a hint."""

    def __init__(self, message: str, *, hint: str | None = None, title: str | None = None):
        self.message, self.hint, self.title = message, hint, title
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


_NOT_ANSWERED = "run its cell, then run this check again"


def _not_answered(fn: object) -> NotAnswered:
    return NotAnswered(f"write the body of {_name(fn)}(), {_NOT_ANSWERED}")


def _not_a_function(value: object, title: str | None = None) -> WrongAnswer:
    return WrongAnswer(f"the check needs your function, but got {_short(value)}",
                       hint="pass the function's name, without parentheses", title=title)  # fmt: skip


def _describe_call(fn: object, args: tuple, kwargs: dict) -> str:
    parts = [_short(a) for a in args] + [f"{k}={_short(v)}" for k, v in kwargs.items()]
    return f"{_name(fn)}({', '.join(parts)})"


def call(student_fn: Callable, *args: Any, **kwargs: Any) -> Any:
    """``student_fn(*args, **kwargs)``, with the student's mistakes turned into messages.

    A stub (``raise NotImplementedError()``, an empty body, a returned ``...``) raises
    :class:`NotAnswered`; any other exception from the student's code raises
    :class:`WrongAnswer` naming the exception and the input that caused it.
    """
    if not callable(student_fn):
        raise _not_a_function(student_fn)
    if _does_nothing(student_fn):
        raise _not_answered(student_fn)
    try:
        result = student_fn(*args, **kwargs)
    except NotImplementedError:
        raise _not_answered(student_fn) from None
    except (NotAnswered, WrongAnswer):
        raise
    except Exception as error:
        raise WrongAnswer(
            f"{_describe_call(student_fn, args, kwargs)} raised {type(error).__name__}: {error}",
            hint="run your function on that input yourself to see where it fails",
        ) from error
    if result is Ellipsis:
        raise _not_answered(student_fn)
    return result


def expect(condition: object, message: str, *, hint: str | None = None) -> None:
    """Raise :class:`WrongAnswer` with ``message`` (and ``hint``) unless ``condition`` holds."""
    if not condition:
        raise WrongAnswer(message, hint=hint)


def same(got: object, want: object, *, where: str, hint: str | None = None, reveal: bool = True) -> None:
    """Raise :class:`WrongAnswer` unless ``got == want``, naming the input ``where`` it differs.

    ``reveal=False`` leaves the expected value out of the message (for a question with a
    single answer, where showing it would give the answer away).
    """
    try:
        equal = bool(got == want)
    except Exception:  # e.g. comparing numpy arrays of different shapes
        equal = False
    if equal:
        return
    if got is None and want is not None:
        hint = hint or "your function returned None: did it forget a `return`?"
    shown = _short(got)
    expected = f"expected {_short(want)}, got {shown}" if reveal else f"got {shown}, which is not right"
    raise WrongAnswer(f"for {where}: {expected}", hint=hint)


def exercise(title: str) -> Callable[[Callable[..., Any]], Callable[..., None]]:
    """Decorate a check ``check_x(student_fn, *, hidden=False)``: map its outcome to the three
    messages (not answered / wrong answer / "correct: <title>")."""
    if not isinstance(title, str) or not title.strip():
        raise TypeError(f"exercise() needs a title (a non-empty string), got {_short(title)}")

    def decorate(check: Callable[..., Any]) -> Callable[..., None]:
        @functools.wraps(check)
        def run(student_fn: Callable, *args: Any, hidden: bool = False, **kwargs: Any) -> None:
            if not callable(student_fn):
                raise _not_a_function(student_fn, title)
            if _does_nothing(student_fn):
                raise _not_answered(student_fn)
            try:
                check(student_fn, *args, hidden=hidden, **kwargs)
            except NotImplementedError:
                raise _not_answered(student_fn) from None
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
            print(f"correct: {title}" + (" (further cases too)" if hidden else ""))

        run.title = title  # type: ignore[attr-defined]
        return run

    return decorate
