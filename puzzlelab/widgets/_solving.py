"""How the widgets get a solution to play: the library's one "auto" policy (``search.solve``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..board import Board
from ..i18n import N_
from ..i18n import gettext as _

__all__ = ["Plan", "check_reachable", "plan_label", "plan_solution"]

#: the labels of ``search.auto_plan``'s choices, as the catalogue knows them (the weighted one is
#: written with its weight by :func:`plan_label`)
PLAN_LABELS = (
    N_("A*, linear conflict"),
    N_("IDA*, pattern database"),
    N_("IDA*, linear conflict"),
)
_WEIGHTED = N_("weighted A*, w={w}")


def plan_label(label: str) -> str:
    """``search.auto_plan``'s label (``"A*, linear conflict"``) in the current language; a label
    the table does not know is shown as it is."""
    from ..search.solvers import AUTO_LARGE_WEIGHT

    weight = f"{AUTO_LARGE_WEIGHT:g}"
    if label == _WEIGHTED.format(w=weight):
        return _(_WEIGHTED).format(w=weight)
    return _(label) if label in PLAN_LABELS else label


@dataclass(frozen=True)
class Plan:
    """A solution to play: the boards from start to goal, the moves, and whether it is optimal."""

    boards: tuple[Board, ...]
    moves: tuple[str, ...]
    optimal: bool
    method: str

    def describe(self) -> str:
        """``"12 moves (optimal, A*, ...)"`` in the current language."""
        kind = _("optimal") if self.optimal else _("NOT optimal")
        return _("{n} moves ({kind}, {method})").format(
            n=len(self.moves), kind=kind, method=plan_label(self.method)
        )


def check_reachable(start: Board, goal: Board) -> None:
    """ValueError with the parity explanation, in the student's language, if ``start`` cannot
    reach ``goal`` (the search engine's own message, which says the same in English)."""
    from ..parity import explain

    why = explain(start, goal)
    if not why.solvable:
        raise ValueError(
            _("this start can never reach the goal, so no search can solve it:\n{explanation}").format(
                explanation=why
            )
        )


def plan_solution(board: Board, goal: Board) -> Plan:
    """Solve ``board`` for ``goal`` exactly as ``search.solve(method="auto")`` does.

    Raises ValueError (with the parity explanation) for an unsolvable board, and, in plain
    words, when the search stops at one of its default bounds.
    """
    from .. import search

    check_reachable(board, goal)
    start, goal = search.engine.prepare(board, goal)
    label, _steps, _table = search.auto_plan(start, goal)
    result = search.solve(start, goal, method="auto")
    if not result.solved:
        raise ValueError(
            _("no solution: {method} {reason}").format(method=plan_label(label), reason=result.reason)
        )
    return Plan(tuple(result.boards), tuple(result.moves), bool(result.optimal), label)
