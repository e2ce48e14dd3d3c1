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

The messages are written in the language chosen with :func:`puzzlelab.set_language` (English, or
Simplified Chinese: ``正确：<title>``, ``尚未作答：...``, ``答案错误（<title>）：...``). Every
message, hint and title is an English ``_("...")`` in the code with named placeholders filled in
after translation; its Chinese is in ``puzzlelab/locale/zh_CN/checks.po`` (``python -m
puzzlelab.translation extract`` collects new messages there, ``... mo`` compiles the catalogue).
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
