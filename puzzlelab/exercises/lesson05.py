"""Checks for lesson 05 (fifteen): each computes the truth with the library, never prints it."""

from __future__ import annotations

import numpy as np

from .. import search
from ..board import Board
from ._core import call, exercise, expect, same

__all__ = ["BY_HAND", "check_by_hand", "check_line_penalty", "check_share_beyond", "line_board"]

#: The blank-last 15-puzzle goal with tiles 1, 2 and 3 rotated one place right.
BY_HAND = Board.parse("3 1 2 4/5 6 7 8/9 10 11 12/13 14 15 _")


def line_board(goal_columns) -> Board:
    """A 2 x k board whose top row holds the top-row tiles of the goal in the given order:
    ``goal_columns[i]`` is the goal column of the tile standing in column i."""
    k = len(goal_columns)
    return Board((*(c + 1 for c in goal_columns), *range(k + 1, 2 * k), 0), 2, k)


def _line_truth(goal_columns) -> int:
    board = line_board(goal_columns)
    return search.linear_conflict(board) - search.manhattan(board)


@exercise("the extra moves of one line")
def check_line_penalty(line_penalty, *, hidden=False):
    """``line_penalty(goal_columns)``: the extra moves linear conflict adds for one row whose
    tiles all belong to it, ``goal_columns`` listing each tile's goal column, left to right."""
    cases = [[2, 0, 1, 3], [2, 1, 0], [0, 1, 2, 3], [3, 2, 1, 0], [1, 0]]
    if hidden:
        rng = np.random.default_rng(505)
        cases += [[int(c) for c in rng.permutation(k)] for k in (2, 3, 4, 5, 6, 7, 8) for _ in range(6)]
    for columns in cases:
        same(
            call(line_penalty, list(columns)),
            _line_truth(columns),
            where=f"goal_columns = {columns}",
            hint="the tiles that may stay form the longest increasing subsequence; each other tile costs 2",
        )


@exercise("Manhattan and linear conflict by hand")
def check_by_hand(by_hand, *, hidden=False):
    """``by_hand()`` returns ``(manhattan, linear_conflict)`` of :data:`BY_HAND`."""
    got = call(by_hand)
    expect(
        isinstance(got, tuple | list) and len(got) == 2, f"by_hand() should return two numbers, got {got!r}"
    )
    manhattan, conflict = got
    same(
        manhattan,
        search.manhattan(BY_HAND),
        where="Manhattan distance",
        reveal=False,
        hint="only tiles 1, 2 and 3 are away from home: add their column distances",
    )
    same(
        conflict,
        search.linear_conflict(BY_HAND),
        where="linear conflict",
        reveal=False,
        hint="in the top row, find the longest increasing subsequence of goal columns",
    )


@exercise("reading the state space")
def check_share_beyond(share_beyond, *, hidden=False):
    """``share_beyond(histogram, k)``: the fraction of all positions more than ``k`` moves from
    the goal, given ``{distance: count}``."""
    shapes = [(3, 3), (2, 3), (2, 4)] if hidden else [(3, 3)]
    for rows, cols in shapes:
        histogram = search.distance_histogram(rows, cols)
        ks = range(max(histogram) + 1) if hidden else (25, 20)
        for k in ks:
            truth = sum(c for d, c in histogram.items() if d > k) / sum(histogram.values())
            got = call(share_beyond, dict(histogram), k)
            ok = isinstance(got, int | float | np.floating) and abs(float(got) - truth) < 1e-9
            same(
                got if not ok else truth,
                truth,
                where=f"the {rows}x{cols} histogram, k = {k}",
                reveal=False,
                hint="add the counts at distances above k and divide by the number of all positions",
            )
