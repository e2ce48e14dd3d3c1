"""How the widgets get a solution to play: optimal where that is quick, honest beyond."""

from __future__ import annotations

from dataclasses import dataclass

from ..board import Board

__all__ = ["OPTIMAL_CELLS", "Plan", "plan_solution"]

#: boards with at most this many cells are solved optimally (A* / IDA*)
OPTIMAL_CELLS = 16
#: seconds an optimal 4x4 search may take before the widget falls back to weighted A*
OPTIMAL_SECONDS = 5.0
FALLBACK_WEIGHT = 3.0
FALLBACK_SECONDS = 20.0


@dataclass(frozen=True)
class Plan:
    """A solution to play: the boards from start to goal, the moves, and whether it is optimal."""

    boards: tuple[Board, ...]
    moves: tuple[str, ...]
    optimal: bool
    method: str

    def describe(self) -> str:
        kind = "optimal" if self.optimal else "NOT optimal"
        return f"{len(self.moves)} moves ({kind}, {self.method})"


def _as_plan(result, method: str) -> Plan:
    return Plan(tuple(result.boards), tuple(result.moves), bool(result.optimal), method)


def plan_solution(board: Board, goal: Board) -> Plan:
    """Solve ``board`` for ``goal``: optimally up to 16 cells when it is fast, else weighted A*.

    Raises ValueError (with the parity explanation) for an unsolvable board, and
    when no method finds a solution within its time budget.
    """
    from .. import search

    if board.size <= 9:
        return _as_plan(search.astar(board, goal, heuristic=search.linear_conflict), "A*, linear conflict")
    if board.size <= OPTIMAL_CELLS:
        result = search.ida_star(board, goal, heuristic=search.linear_conflict, seconds=OPTIMAL_SECONDS)
        if result.solved:
            return _as_plan(result, "IDA*, linear conflict")
    result = search.weighted_astar(
        board, goal, weight=FALLBACK_WEIGHT, heuristic=search.linear_conflict, seconds=FALLBACK_SECONDS
    )
    if not result.solved:
        raise ValueError(
            f"no solution found within {FALLBACK_SECONDS:g} s by weighted A* (w={FALLBACK_WEIGHT:g})"
        )
    return _as_plan(result, f"weighted A*, w={FALLBACK_WEIGHT:g}")
