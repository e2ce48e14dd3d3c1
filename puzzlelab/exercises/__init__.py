"""Checks for the lessons' exercises, kept out of the notebooks so no answer is one scroll away.

Each lesson has a module (``from puzzlelab.exercises import lesson02``) whose checks a
student runs after writing an exercise's function::

    lesson02.check_inversions(count_inversions)

A check says ``correct: <title>`` when the function is right, raises
:class:`WrongAnswer` (an ``AssertionError``: what was expected, one input where it
differs, a hint) when it is wrong, and :class:`NotAnswered` ("not answered yet") while
the function is still the stub. Checks compute the truth with the library and never
print an answer. Answers are made plain Python values before they are compared (an object
that claims to equal everything is refused) and the student's code runs under a time limit.
The framework is in :mod:`puzzlelab.exercises._core`.
"""

from ._core import (
    NotAnswered,
    TooSlow,
    WrongAnswer,
    call,
    call_within,
    exercise,
    expect,
    plain,
    same,
    time_limit,
    whole_number,
)

__all__ = [
    "NotAnswered",
    "TooSlow",
    "WrongAnswer",
    "call",
    "call_within",
    "exercise",
    "expect",
    "plain",
    "same",
    "time_limit",
    "whole_number",
]
