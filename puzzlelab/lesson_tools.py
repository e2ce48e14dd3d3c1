"""Small computations the search lessons (03-06) need, kept out of the notebooks.

Each function is a short, documented step a lesson calls in one line: the exact distance of a
small board, a survey of a heuristic over a whole state space (is it admissible? consistent?),
and the work IDA* does per iteration.

>>> from puzzlelab import Board
>>> exact_distance(Board.parse("1 2 3/4 5 6/7 _ 8"))
1
>>> survey = heuristic_survey("manhattan", 2, 3)
>>> survey.admissible, survey.consistent
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple

import numpy as np

from . import heuristics
from ._validate import describe
from .board import Board, goal_for, neighbour_table
from .i18n import gettext as _
from .parity import explain
from .perm import rank, rank_many, unrank_many
from .search import Event, Node, state_space_distances

__all__ = [
    "Expansion",
    "Survey",
    "exact_distance",
    "expansions",
    "heuristic_survey",
    "iteration_work",
    "neighbour_ranks",
]


def exact_distance(board: Board, goal: Board | None = None) -> int:
    """The optimal number of moves from ``board`` to ``goal`` (default: blank last), read from the
    whole state space (boards of at most 9 cells).

    Raises ``ValueError`` with the parity explanation if ``board`` cannot reach ``goal`` (there is
    no number of moves to give: ``-1`` would be a silent wrong answer in a sum or a comparison).
    """
    goal = goal_for(board, goal)
    distance = int(state_space_distances(board.rows, board.cols, goal)[rank(board.tiles)])
    if distance < 0:
        raise ValueError(
            _("board cannot reach the goal, so it has no distance:\n{explanation}").format(
                explanation=explain(board, goal)
            )
        )
    return distance


def neighbour_ranks(states: np.ndarray, rows: int, cols: int) -> np.ndarray:
    """For each arrangement (one row of ``states``), the ranks of the boards one move away, in the
    order of :func:`puzzlelab.board.neighbour_table`; -1 where the blank has fewer than 4 moves."""
    out = np.full((len(states), 4), -1, dtype=np.int64)
    blanks = states.argmin(axis=1)  # the blank (0) is the smallest entry
    for b, options in enumerate(neighbour_table(rows, cols)):
        chosen = np.flatnonzero(blanks == b)
        for k, (_move, c) in enumerate(options):
            child = states[chosen].copy()
            child[:, b], child[:, c] = child[:, c], 0
            out[chosen, k] = rank_many(child)
    return out


class Survey(NamedTuple):
    """A heuristic measured on every board that can reach the goal.

    ``h`` and ``d`` hold the estimate and the true distance of each board (same order);
    ``worst_ratio`` is the largest h/d over boards other than the goal (at most 1: admissible);
    ``largest_drop`` is the most h falls over one move (at most 1: consistent)."""

    name: str
    h: np.ndarray
    d: np.ndarray
    worst_ratio: float
    largest_drop: float

    @property
    def admissible(self) -> bool:
        return self.worst_ratio <= 1

    @property
    def consistent(self) -> bool:
        return self.largest_drop <= 1

    def mean_by_distance(self) -> np.ndarray:
        """The average estimate of the boards at each true distance 0, 1, ..., max(d)."""
        return np.bincount(self.d, weights=self.h) / np.bincount(self.d)


def heuristic_survey(
    heuristic: str | Callable[[Board, Board], float], rows: int = 3, cols: int = 3, goal: Board | None = None
) -> Survey:
    """Evaluate ``heuristic`` (a function ``(board, goal) -> number`` or a name in
    :data:`puzzlelab.heuristics.HEURISTICS`) on every board that can reach ``goal``, and measure
    its worst overestimate and its largest drop over one move.

    For the 8-puzzle that is 181,440 boards: a few seconds.
    """
    if isinstance(heuristic, str):
        if heuristic not in heuristics.HEURISTICS:
            raise ValueError(
                f"heuristic must be one of {sorted(heuristics.HEURISTICS)} or a function, got {heuristic!r}"
            )
        name, heuristic = heuristic, heuristics.HEURISTICS[heuristic]
    elif callable(heuristic):
        name = getattr(heuristic, "__name__", "heuristic")
    else:
        raise TypeError(
            f"heuristic must be a function (board, goal) -> number or a name, got {describe(heuristic)}"
        )
    goal = Board.goal(rows, cols) if goal is None else Board.parse(goal)
    dist = state_space_distances(rows, cols, goal)
    ranks = np.flatnonzero(dist >= 0)
    states = unrank_many(ranks, rows * cols)
    h = np.array(
        [heuristic(Board.unchecked(tuple(s), rows, cols), goal) for s in states.tolist()], dtype=float
    )
    d = dist[ranks].astype(np.int64)
    h_by_rank = np.full(len(dist), np.nan)
    h_by_rank[ranks] = h
    neighbours = neighbour_ranks(states, rows, cols)
    has = neighbours >= 0
    drops = np.repeat(h[:, None], 4, axis=1)[has] - h_by_rank[neighbours[has]]
    far = d > 0
    return Survey(name, h, d, float((h[far] / d[far]).max()), float(drops.max()))


def iteration_work(events: Iterable[Event]) -> tuple[list[float], list[int]]:
    """From IDA*'s events, the f-bound of each iteration and the nodes it expanded.

    >>> from puzzlelab import Board, search
    >>> iteration_work(search.ida_star_events(Board.parse("4 1 3/7 2 6/_ 5 8")))
    ([6], [6])
    """
    bounds: list[float] = []
    work: list[int] = []
    for event in events:
        if event.kind == "bound" and event.bound is not None:  # IDA*'s "bound" events carry it
            bounds.append(int(event.bound) if float(event.bound).is_integer() else event.bound)
            work.append(0)
        elif event.kind == "expand" and work:
            work[-1] += 1
    return bounds, work


class Expansion(NamedTuple):
    """One expansion of a recorded search: the node taken off the frontier, the children it put
    on the frontier, and the children it left out because their board was already reached."""

    node: Node
    children: list[Node]
    skipped: list[Node]


def expansions(events: Iterable[Event]) -> list[Expansion]:
    """Group a recorded search's events by expansion (``record=True`` gives the events).

    >>> from puzzlelab import Board, search
    >>> first = expansions(search.bfs(Board.parse("1 2 3/4 5 6/7 _ 8"), record=True).events)[0]
    >>> first.node.g, len(first.children)
    (0, 3)
    """
    steps: list[Expansion] = []
    for event in events:
        node = event.node
        if node is None:  # the events about the whole search ("bound", "budget", ...) have no node
            continue
        if event.kind == "expand":
            steps.append(Expansion(node, [], []))
        elif event.kind == "generate" and steps:
            steps[-1].children.append(node)
        elif event.kind == "skip" and steps:
            steps[-1].skipped.append(node)
    return steps
