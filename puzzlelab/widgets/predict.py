"""Predict, then look: a student commits to a guess before the lesson computes the truth.

>>> guess = Predict("How many of the 24 arrangements are solvable?", number=True)
>>> guess.compare(12)
no prediction was locked in; the computed answer is 12
>>> guess.answer.value = "10"
>>> guess.lock.click()
>>> guess.status.value
'locked in: 10 (now run the next cell)'
>>> guess.compare(12)
you predicted 10; the computed answer is 12

``guess`` on the last line of a cell shows the question, the choices (or a text box) and a
"lock in" button; once locked, the answer is frozen. ``compare`` prints plain,
deterministic text, so a notebook test can compare it when nobody predicted anything.
"""

from __future__ import annotations

import html
import math
import numbers
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from .._validate import describe
from ..i18n import gettext as _
from ._base import error_line

__all__ = ["Predict"]

NOT_LOCKED = "no prediction was locked in"  #: how compare() begins when nobody locked in (English)


def _show(value: object) -> str:
    """A value as a student reads it: 1,234 for ints, 6 significant digits for floats."""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, numbers.Integral):
        return f"{int(value):,}"
    if isinstance(value, numbers.Real) and not isinstance(value, Fraction):
        return f"{float(value):,.6g}"
    return str(value)


def _with_unit(value: object, unit: str) -> str:
    """``value`` as shown, then ``unit`` (after a space, except before "%"), unless the shown
    value already ends with the unit (a choice such as "19 to 30 moves" with unit "moves")."""
    shown = _show(value)
    if not unit or (unit.strip() and shown.rstrip().endswith(unit.strip())):
        return shown
    space = " " if not unit.startswith(("%", " ")) else ""
    return f"{shown}{space}{unit}"


def _parse_number(text: str) -> int | float | Fraction:
    """A typed number: "12", "1,234", "0.5", "15/16" or "85%" (as 0.85)."""
    cleaned = text.strip().replace(",", "").replace("_", "")
    if not cleaned:
        raise ValueError(_("type a number first, then lock it in"))
    percent = cleaned.endswith("%")
    cleaned = cleaned.removesuffix("%").strip()
    try:
        value: int | float | Fraction = int(cleaned)
    except ValueError:
        try:
            value = Fraction(cleaned) if "/" in cleaned else float(cleaned)
        except (ValueError, ZeroDivisionError):
            raise ValueError(
                _("{text!r} is not a number: type one such as 12, 0.5 or 15/16").format(text=text.strip())
            ) from None
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(_("{text!r} is not a finite number").format(text=text.strip()))
    return value / 100 if percent else value


class Predict(widgets.VBox):
    """A question, a choice (or a typed number) and a "lock in" button.

    ``Predict(question, choices=[...])`` offers the choices; ``Predict(question, number=True)``
    a text box for a number. After "lock in" the prediction is frozen (``.prediction``,
    ``.locked``); :meth:`compare` then prints it beside the computed answer.
    """

    def __init__(self, question: str, choices: Sequence[object] | None = None, *, number: bool = False):
        # one check each: mypy reads an `or` of a type check and a value check as redundant
        if not isinstance(question, str):
            raise TypeError(f"question must be a non-empty string, got {describe(question)}")
        if not question.strip():
            raise TypeError(f"question must be a non-empty string, got {describe(question)}")
        if not isinstance(number, bool):
            raise TypeError(f"number must be True or False, got {describe(number)}")
        if number and choices is not None:
            raise ValueError("give either choices=[...] or number=True, not both")
        options = [] if number else self._checked_choices(choices)
        self.question = question
        self.number = number
        self.prediction: object = None
        self.locked = False
        self.prompt = widgets.HTML(
            value=_("<b>Predict:</b> {question}").format(question=html.escape(question))
        )
        if number:
            self.answer: widgets.ValueWidget = widgets.Text(placeholder=_("your prediction (a number)"))
        else:
            self.answer = widgets.RadioButtons(options=[(_show(c), c) for c in options], value=None)
        self.answer.add_class("puzzlelab-predict-answer")
        self.lock = widgets.Button(description=_("lock in"), button_style="primary", icon="lock")
        self.lock.add_class("puzzlelab-predict-lock")
        self.status = widgets.Label(value="")
        self.error = error_line()
        self.lock.on_click(lambda _button: self._lock_in())
        super().__init__([self.prompt, self.answer, widgets.HBox([self.lock, self.status]), self.error])
        self.add_class("puzzlelab-predict")

    @staticmethod
    def _checked_choices(choices: object) -> list[object]:
        if choices is None:
            raise ValueError("give choices=[...] (two or more) or number=True for a typed number")
        if isinstance(choices, str | bytes) or not isinstance(choices, Sequence):
            raise TypeError(f"choices must be a list of answers, got {describe(choices)}")
        options = list(choices)
        if len(options) < 2:
            raise ValueError(f"choices must offer at least two answers, got {len(options)}")
        labels = [_show(c) for c in options]
        if len(set(labels)) != len(labels):
            raise ValueError(f"choices must differ from each other, got {labels}")
        return options

    # -- the student's side ------------------------------------------------------------
    def _lock_in(self) -> None:
        if self.locked:
            return
        try:
            if self.number:
                value = _parse_number(self.answer.value)
            else:
                value = self.answer.value
                if value is None:
                    raise ValueError(_("choose an answer first, then lock it in"))
        except ValueError as error:
            self.error.value = f'<span style="color:#b00020">&#9888; {html.escape(str(error))}</span>'
            return
        self.error.value = ""
        self.prediction, self.locked = value, True
        self.answer.disabled = self.lock.disabled = True
        self.lock.description = _("locked")
        self.status.value = _("locked in: {value} (now run the next cell)").format(value=_show(value))

    # -- the lesson's side -------------------------------------------------------------
    def compare(self, truth: object, unit: str = "", note: str = "") -> None:
        """Print the locked prediction beside ``truth`` (plain text, deterministic)."""
        wrong = f"unit and note must be strings, got {describe(unit)} and {describe(note)}"
        if not isinstance(unit, str):
            raise TypeError(wrong)
        if not isinstance(note, str):
            raise TypeError(wrong)
        shown = _with_unit(truth, unit)
        if not self.locked:
            line = _("no prediction was locked in; the computed answer is {truth}").format(truth=shown)
        else:
            line = _("you predicted {prediction}; the computed answer is {truth}").format(
                prediction=_with_unit(self.prediction, unit), truth=shown
            )
        print(line + (f"\n{note}" if note else ""))

    def summary(self) -> str:
        """One deterministic line: the question and whether a prediction is locked in."""
        state = (
            _("locked in: {value}").format(value=_show(self.prediction))
            if self.locked
            else _("not locked in yet")
        )
        return _("Predict: {question} ({state})").format(question=self.question, state=state)

    def _repr_mimebundle_(
        self, include: Iterable[str] | None = None, exclude: Iterable[str] | None = None
    ) -> dict[str, Any]:
        data: dict[str, Any] = super()._repr_mimebundle_(include=include, exclude=exclude) or {}
        data["text/plain"] = self.summary()
        return data
