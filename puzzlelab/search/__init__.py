"""Heuristic search for sliding-tile puzzles: one best-first engine, IDA*, pattern databases.

Every search is a generator of :class:`Event` s underneath; the solvers run it to the end and
return a :class:`SearchResult` (the moves and boards, cost, nodes expanded and generated, the
largest frontier, the time, and the events when ``record=True``).

>>> from puzzlelab import Board
>>> start = Board.parse("4 1 3/7 2 6/_ 5 8")
>>> astar(start, heuristic=linear_conflict).cost, bfs(start).cost
(6, 6)
>>> solve(start, method="greedy").solved
True
"""

from __future__ import annotations

from ..board import Board
from ..heuristics import (
    HEURISTICS,
    linear_conflict,
    manhattan,
    manhattan_with_blank,
    misplaced,
    zero,
)
from .autosolver import ARTICLE_STRATEGY, article_score, auto_solver
from .engine import (
    DEFAULT_BUDGET,
    EVENT_KINDS,
    Event,
    Node,
    SearchResult,
    Strategy,
    astar,
    best_first_events,
    bfs,
    greedy,
    is_admissible,
    weighted_astar,
)
from .ida import ida_star, ida_star_events
from .korf import KORF_GOAL, korf100
from .pdb import PatternDatabase, default_partition, pattern_database
from .statespace import MAX_CELLS, distance_histogram, hardest, state_space_distances

__all__ = [
    "ARTICLE_STRATEGY",
    "DEFAULT_BUDGET",
    "EVENT_KINDS",
    "HEURISTICS",
    "KORF_GOAL",
    "MAX_CELLS",
    "METHODS",
    "Event",
    "Node",
    "PatternDatabase",
    "SearchResult",
    "Strategy",
    "article_score",
    "astar",
    "auto_solver",
    "best_first_events",
    "bfs",
    "default_partition",
    "distance_histogram",
    "greedy",
    "hardest",
    "ida_star",
    "ida_star_events",
    "is_admissible",
    "korf100",
    "linear_conflict",
    "manhattan",
    "manhattan_with_blank",
    "misplaced",
    "pattern_database",
    "solve",
    "state_space_distances",
    "weighted_astar",
    "zero",
]

#: The solvers by name, each ``(start, goal=None, **options) -> SearchResult``.
METHODS = {
    "bfs": bfs,
    "greedy": greedy,
    "astar": astar,
    "weighted_astar": weighted_astar,
    "ida_star": ida_star,
    "auto_solver": auto_solver,
}

#: Weight used by ``solve(method="auto")`` on boards larger than 4x4 (fast, not optimal).
AUTO_LARGE_WEIGHT = 3.0


def solve(start, goal=None, *, method: str = "astar", **options) -> SearchResult:
    """Solve ``start`` with the solver named ``method`` (a key of :data:`METHODS`, or ``"auto"``).

    ``"auto"`` is optimal up to 4x4 (A* with linear conflict up to 3x3 and 2xN boards of at most
    12 cells, IDA* with linear conflict on larger ones up to 16 cells) and beyond that uses weighted
    A* (w = 3, linear conflict), whose result says ``optimal=False``.

    >>> solve(Board.parse("1 2 3/4 5 6/7 _ 8"), method="auto").moves
    ['R']
    """
    if method == "auto":
        board = Board.parse(start)
        options.setdefault("heuristic", linear_conflict)
        if board.size <= 12:
            return astar(start, goal, **options)
        if board.size <= 16:
            return ida_star(start, goal, **options)
        return weighted_astar(start, goal, weight=options.pop("weight", AUTO_LARGE_WEIGHT), **options)
    try:
        solver = METHODS[method]
    except (KeyError, TypeError):
        raise ValueError(f"unknown method {method!r}: choose one of {[*METHODS, 'auto']}") from None
    return solver(start, goal, **options)
