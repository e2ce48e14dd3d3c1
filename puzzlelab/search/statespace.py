"""Breadth-first distances over a whole state space (boards of up to 9 cells), with numpy.

Every arrangement of ``n`` tiles gets its lexicographic rank (:func:`puzzlelab.perm.rank`),
so the distances of all ``n!`` arrangements fit in one ``int8`` array; half of them cannot
reach the goal and keep ``-1``. The 8-puzzle's 181,440 reachable positions take a second or two.

>>> dist = state_space_distances(2, 2)
>>> sorted(distance_histogram(2, 2).items())
[(0, 1), (1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 1)]
"""

from __future__ import annotations

from functools import lru_cache
from math import factorial

import numpy as np

from ..board import Board, check_shape, neighbour_table
from ..perm import rank, rank_many, unrank_many

__all__ = ["MAX_CELLS", "distance_histogram", "hardest", "state_space_distances"]

#: Whole state spaces are enumerated for boards of at most this many cells (9! = 362,880).
MAX_CELLS = 9


def _check(rows: int, cols: int, goal: object) -> Board:
    rows, cols = check_shape(rows, cols)
    n = rows * cols
    if n > MAX_CELLS:
        raise ValueError(
            f"a {rows}x{cols} board has {factorial(n):,} arrangements ({n}!), too many to enumerate "
            f"(the limit is {MAX_CELLS} cells: 3x3, 2x4, 4x2 and smaller); "
            "use a search such as astar() or ida_star() on single boards instead"
        )
    goal_board = Board.goal(rows, cols) if goal is None else Board.parse(goal)
    if goal_board.shape != (rows, cols):
        raise ValueError(f"the goal is {goal_board.rows}x{goal_board.cols}, not {rows}x{cols}")
    return goal_board


def state_space_distances(rows: int, cols: int, goal: Board | str | None = None) -> np.ndarray:
    """Optimal distance to ``goal`` of every arrangement, indexed by ``rank(board.tiles)``; -1 if
    unreachable. The array is read-only (shared between calls)."""
    return _distances(rows, cols, _check(rows, cols, goal).tiles)


@lru_cache(maxsize=16)  # every small shape, both goal conventions
def _distances(rows: int, cols: int, goal_tiles: tuple[int, ...]) -> np.ndarray:
    n = rows * cols
    dist = np.full(factorial(n), -1, dtype=np.int8)
    frontier = np.array([goal_tiles], dtype=np.int64)
    dist[rank(goal_tiles)] = 0
    moves = [(b, c) for b, opts in enumerate(neighbour_table(rows, cols)) for _, c in opts]
    depth = 0
    while len(frontier):
        blanks = np.argmin(frontier, axis=1)  # the blank (0) is the smallest tile
        children = []
        for b, c in moves:
            sel = frontier[blanks == b]
            if not len(sel):
                continue
            child = sel.copy()
            child[:, b], child[:, c] = sel[:, c], 0
            children.append(child)
        child = np.concatenate(children)
        ranks = rank_many(child)
        fresh = dist[ranks] < 0
        ranks, child = ranks[fresh], child[fresh]
        ranks, first = np.unique(ranks, return_index=True)
        depth += 1
        dist[ranks] = depth
        frontier = child[first]
    dist.setflags(write=False)
    return dist


def distance_histogram(rows: int, cols: int, goal: Board | str | None = None) -> dict[int, int]:
    """How many arrangements lie at each optimal distance from ``goal`` (reachable ones only).

    >>> max(distance_histogram(3, 3))
    31
    """
    dist = state_space_distances(rows, cols, goal)
    counts = np.bincount(dist[dist >= 0])
    return {d: int(k) for d, k in enumerate(counts) if k}


def hardest(rows: int, cols: int, goal: Board | str | None = None) -> list[Board]:
    """The arrangements at the largest distance from ``goal`` (the 8-puzzle has two, 31 moves away).

    >>> [b.text() for b in hardest(3, 3)]
    ['6 4 7/8 5 _/3 2 1', '8 6 7/2 5 4/3 _ 1']
    """
    dist = state_space_distances(rows, cols, goal)
    ranks = np.flatnonzero(dist == dist.max())
    return [Board.unchecked(tuple(int(t) for t in p), rows, cols) for p in unrank_many(ranks, rows * cols)]
