"""How the widgets get a solution to play: the library's one "auto" policy (``search.solve``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..board import Board
from ..i18n import gettext as _

__all__ = ["Plan", "plan_solution"]


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
        return _("{n} moves ({kind}, {method})").format(n=len(self.moves), kind=kind, method=self.method)


def plan_solution(board: Board, goal: Board) -> Plan:
    """Solve ``board`` for ``goal`` exactly as ``search.solve(method="auto")`` does.

    Raises ValueError (with the parity explanation) for an unsolvable board, and, in plain
    words, when the search stops at one of its default bounds.
    """
    from .. import search

    start, goal = search.engine.prepare(board, goal)
    label, _steps, _table = search.auto_plan(start, goal)
    result = search.solve(start, goal, method="auto")
    if not result.solved:
        raise ValueError(_("no solution: {method} {reason}").format(method=label, reason=result.reason))
    return Plan(tuple(result.boards), tuple(result.moves), bool(result.optimal), label)
