"""Checks for lesson 05 (fifteen): each computes the truth with the library, never prints it."""

from __future__ import annotations

import numbers
import types

import numpy as np

from .. import search
from ..board import Board
from ._core import call, exercise, expect, same

__all__ = ["BY_HAND", "check_by_hand", "check_line_penalty", "check_share_beyond", "line_board"]

#: The blank-last 15-puzzle goal with tiles 1 and 2 swapped, and tiles 5 and 9 swapped: a
#: conflict in a row and one in a column (lesson 05's text works out neither).
BY_HAND = Board.parse("2 1 3 4/9 6 7 8/5 10 11 12/13 14 15 _")

#: Names whose use in ``by_hand()`` means the library, not paper, did the work.
_LIBRARY_NAMES = frozenset({"search", "heuristics", "manhattan", "linear_conflict", "BY_HAND"})


def line_board(goal_columns) -> Board:
    """A 2 x k board whose top row holds the top-row tiles of the goal in the given order:
    ``goal_columns[i]`` is the goal column of the tile standing in column i."""
    k = len(goal_columns)
    return Board((*(c + 1 for c in goal_columns), *range(k + 1, 2 * k), 0), 2, k)


def _names_used(code: types.CodeType) -> set[str]:
    """Global and attribute names a function's code (and the code nested in it) refers to."""
    names = set(code.co_names)
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            names |= _names_used(constant)
    return names


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
    """``by_hand()`` returns ``(manhattan, linear_conflict)`` of :data:`BY_HAND`, worked out on
    paper: a function that asks the library (or even looks at ``BY_HAND``) is refused."""
    code = getattr(by_hand, "__code__", None)
    used = sorted(_names_used(code) & _LIBRARY_NAMES) if code is not None else []
    got = call(by_hand)
    expect(
        not used,
        f"by_hand() uses {', '.join(used)}: this exercise is worked out on paper",
        hint="count on the board's picture or text, then return the two numbers, e.g. return 3, 5",
    )
    expect(
        isinstance(got, tuple | list) and len(got) == 2, f"by_hand() should return two numbers, got {got!r}"
    )
    manhattan, conflict = got
    same(
        manhattan,
        search.manhattan(BY_HAND),
        where="Manhattan distance",
        reveal=False,
        hint="for each tile away from home, add the rows plus the columns to its goal cell",
    )
    same(
        conflict,
        search.linear_conflict(BY_HAND),
        where="linear conflict",
        reveal=False,
        hint="look at every row and every column: which tiles that belong to the line stand out of order?",
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
            ok = isinstance(got, numbers.Real) and abs(float(got) - truth) < 1e-9
            percent = isinstance(got, numbers.Real) and abs(float(got) - 100 * truth) < 1e-6
            same(
                got if not ok else truth,
                truth,
                where=f"the {rows}x{cols} histogram, k = {k}",
                reveal=False,
                hint="a fraction between 0 and 1, not a percentage"
                if percent
                else "try a histogram small enough to do by hand: {0: 1, 1: 2, 2: 1} with k = 1 gives 1/4",
            )
