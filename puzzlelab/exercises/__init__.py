"""Checks for the lessons' exercises, kept out of the notebooks so no answer is one scroll away.

Each lesson has a module (``from puzzlelab.exercises import lesson02``) whose checks a
student runs after writing an exercise's function::

    lesson02.check_inversions(count_inversions)

A check says ``correct: <title>`` when the function is right, raises
:class:`WrongAnswer` (an ``AssertionError``: what was expected, one input where it
differs, a hint) when it is wrong, and :class:`NotAnswered` ("not answered yet") while
the function is still the stub. Checks compute the truth with the library and never
print an answer. The framework is in :mod:`puzzlelab.exercises._core`.
"""

from ._core import NotAnswered, WrongAnswer, call, exercise, expect, same

__all__ = ["NotAnswered", "WrongAnswer", "call", "exercise", "expect", "same"]
