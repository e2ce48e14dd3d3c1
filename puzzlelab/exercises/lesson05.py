"""Checks for lesson 05 (fifteen): each computes the truth with the library, never prints it."""

from __future__ import annotations

import types
from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import permutations

import numpy as np

from .. import search
from ..board import Board
from ..i18n import N_
from ..i18n import gettext as _
from ._core import WrongAnswer, call, exercise, expect, plain, same, short, whole_number

__all__ = ["BY_HAND", "check_by_hand", "check_line_penalty", "check_share_beyond", "line_board"]

#: The blank-last 15-puzzle goal with tiles 1 and 2 swapped, and tiles 5 and 9 swapped: a
#: conflict in a row and one in a column (lesson 05's text works out neither).
BY_HAND = Board.parse("2 1 3 4/9 6 7 8/5 10 11 12/13 14 15 _")

#: Names whose use in ``by_hand()`` means the library, not paper, did the work.
_LIBRARY_NAMES = frozenset({"search", "heuristics", "manhattan", "linear_conflict", "BY_HAND"})


def line_board(goal_columns: Sequence[int]) -> Board:
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


def _line_truth(goal_columns: Sequence[int]) -> int:
    board = line_board(goal_columns)
    return search.linear_conflict(board) - search.manhattan(board)


@exercise(N_("the extra moves of one line"))
def check_line_penalty(line_penalty: Callable[[list[int]], object], *, hidden: bool = False) -> None:
    """``line_penalty(goal_columns)``: the extra moves linear conflict adds for one row whose
    tiles all belong to it, ``goal_columns`` listing each tile's goal column, left to right."""
    cases = [[2, 0, 1, 3], [2, 1, 0], [0, 1, 2, 3], [3, 2, 1, 0], [1, 0]]
    if hidden:
        rng = np.random.default_rng(505)
        cases += [[int(c) for c in rng.permutation(k)] for k in (7, 8) for _ in range(12)]
    cases += [list(p) for k in range(2, 7 if hidden else 5) for p in permutations(range(k))]  # every one
    for columns in cases:
        got = call(line_penalty, list(columns))
        want = _line_truth(columns)
        if type(got) is not int or got != want:
            same(got, want, where=f"goal_columns = {columns}", hint=_line_hint(columns, plain(got)))


def _line_hint(columns: list[int], got: object) -> str:
    """Name the slip: pairs counted instead of tiles, or tiles out of place instead of the LIS."""
    pairs = sum(a > b for i, a in enumerate(columns) for b in columns[i + 1 :])
    out_of_place = sum(c != k for k, c in enumerate(columns))
    lis = _(_LIS)
    if got == 2 * pairs:
        return _("2 per reversed pair counts a tile that blocks several others more than once: {lis}").format(
            lis=lis
        )
    if got == 2 * out_of_place or got == out_of_place:
        return _("tiles away from their column may still keep their order: {lis}").format(lis=lis)
    if got == _line_truth(columns) // 2:
        return _("each tile that must leave the row costs 2 moves (out and back in), not 1")
    return lis


_LIS = N_("the tiles that may stay form the longest increasing subsequence; each other tile costs 2")


@exercise(N_("Manhattan and linear conflict by hand"))
def check_by_hand(by_hand: Callable[[], object], *, hidden: bool = False) -> None:
    """``by_hand()`` returns ``(manhattan, linear_conflict)`` of :data:`BY_HAND`, worked out on
    paper: a function that asks the library (or even looks at ``BY_HAND``) is refused."""
    code = getattr(by_hand, "__code__", None)
    used = sorted(_names_used(code) & _LIBRARY_NAMES) if code is not None else []
    if str(getattr(by_hand, "__module__", "")).startswith("puzzlelab"):
        used = [getattr(by_hand, "__name__", None) or _("the library")]
    got = plain(call(by_hand), where="by_hand()", returns=_("two whole numbers, e.g. return 3, 5"))
    expect(
        not used,
        _("{call} uses {names}: this exercise is worked out on paper").format(
            call="by_hand()", names=", ".join(used)
        ),
        hint=_("count on the board's picture or text, then return the two numbers, e.g. return 3, 5"),
    )
    if not isinstance(got, tuple | list) or len(got) != 2:
        raise WrongAnswer(
            _("{call} should return two numbers, got {value}").format(call="by_hand()", value=short(got)),
            hint=_("return the two numbers, e.g. return 3, 5"),
        )
    returns = _("two whole numbers")
    manhattan, conflict = (whole_number(x, where="by_hand()", returns=returns) for x in got)
    if conflict < manhattan:
        raise WrongAnswer(
            _("{call} gives a linear conflict below the Manhattan distance").format(call="by_hand()"),
            hint=_(
                "linear conflict is the Manhattan distance plus 2 per tile that must leave a "
                "line; or is the pair in the wrong order? (Manhattan first)"
            ),
        )
    same(
        manhattan,
        search.manhattan(BY_HAND),
        where=_("Manhattan distance"),
        reveal=False,
        hint=_("for each tile away from home, add the rows plus the columns to its goal cell"),
    )
    same(
        conflict,
        search.linear_conflict(BY_HAND),
        where=_("linear conflict"),
        reveal=False,
        hint=_("look at every row and every column: which tiles that belong to the line stand out of order?"),
    )


@exercise(N_("reading the state space"))
def check_share_beyond(
    share_beyond: Callable[[dict[int, int], int], object], *, hidden: bool = False
) -> None:
    """``share_beyond(histogram, k)``: the fraction of all positions more than ``k`` moves from
    the goal, given ``{distance: count}``."""
    shapes = [(3, 3), (2, 3), (2, 4)] if hidden else [(3, 3)]
    for rows, cols in shapes:
        histogram = search.distance_histogram(rows, cols)
        ks = range(max(histogram) + 1) if hidden else (25, 20)
        for k in ks:
            truth = sum(c for d, c in histogram.items() if d > k) / sum(histogram.values())
            got = plain(call(share_beyond, dict(histogram), k), returns=_("a number between 0 and 1"))
            where = _("the {rows}x{cols} histogram, k = {k}").format(rows=rows, cols=cols, k=k)
            if type(got) is int or type(got) is float or type(got) is Fraction:
                ok, hint = abs(float(got) - truth) < 1e-9, _share_hint(got, histogram, k)
            else:
                ok, hint = False, _("return a number between 0 and 1")
            same(truth if ok else got, truth, where=where, reveal=False, hint=hint)


def _share_hint(got: float | Fraction, histogram: dict[int, int], k: int) -> str:
    """Name the slip: a percentage, "at least k" instead of "more than k", the rest, or a count."""
    total = sum(histogram.values())
    beyond = sum(c for d, c in histogram.items() if d > k)
    slips = [
        (100 * beyond / total, N_("a fraction between 0 and 1, not a percentage")),
        (
            sum(c for d, c in histogram.items() if d >= k) / total,
            N_("more than k: a position exactly k moves away does not count"),
        ),
        (1 - beyond / total, N_("the wrong side: the positions MORE than k moves away")),
        (beyond, N_("a count; divide by the number of all positions")),
    ]
    for value, hint in slips:
        if abs(float(got) - value) < 1e-9 and abs(value - beyond / total) > 1e-12:
            return _(hint)
    return _("try a histogram small enough to do by hand: {{0: 1, 1: 2, 2: 1}} with k = 1 gives 1/4").format()
