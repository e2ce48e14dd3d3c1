"""Checks for lesson 02 (parity): each computes the truth with the library, never prints it.

>>> from puzzlelab import parity
>>> check_inversions(parity.inversions)
correct: count inversions
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import factorial

import numpy as np

from ..board import Board
from ..distributions import exact, extremes, parity_fixed
from ..parity import board_inversions, inversions, is_solvable
from ..perm import rank, unrank
from ..search import state_space_distances
from ..shuffles import perm_from_board
from ._core import WrongAnswer, call, exercise, expect, same

__all__ = [
    "HAND_COUNT_BOARD",
    "VERDICT_BOARDS",
    "check_fix_most_likely",
    "check_fooled_board",
    "check_hand_count",
    "check_inversions",
    "check_rule",
    "check_verdicts",
    "rule_cases",
]

#: Exercise "count by hand": the board whose inversions the student counts.
HAND_COUNT_BOARD = "3 1 2/6 _ 4/8 7 5"
#: Exercise "verdicts": boards to judge (blank-last goal) without a search.
VERDICT_BOARDS = (
    "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 _",
    "1 2 3 4/5 6 7 8/9 10 11 _/13 14 15 12",
    "1 2 3/4 _ 5/7 8 6",
    "2 1 3 4/5 6 _ 7",
)
_RULE_SHAPES = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)]


def _as_board(value: object, where: str) -> Board:
    if isinstance(value, Board):
        return value
    try:
        return Board.parse(value)
    except (TypeError, ValueError) as error:
        raise WrongAnswer(f"{where} returned {value!r}, which is not a board ({error})",
                          hint='return a Board or text such as "1 2 3 4/5 6 _ 7"') from None  # fmt: skip


@exercise("count inversions")
def check_inversions(count_inversions, *, hidden=False):
    """``count_inversions(seq)`` equals ``parity.inversions`` on random sequences, including
    empty ones, single items and repeated values."""
    rng = np.random.default_rng(202 if hidden else 2)
    cases = [[], [5], [2, 4, 3, 1], [1, 1, 1], [3, 2, 1, 0]]
    for _ in range(500 if hidden else 40):
        cases.append(rng.integers(0, 20, size=int(rng.integers(0, 40))).tolist())
    for seq in cases:
        same(call(count_inversions, list(seq)), inversions(seq), where=f"seq = {seq}",
             hint="count pairs i < j with seq[i] > seq[j]; equal values are not inverted")  # fmt: skip


@exercise("inversions counted by hand")
def check_hand_count(hand_count, *, hidden=False):
    """``hand_count()`` returns the number of inversions of ``HAND_COUNT_BOARD``."""
    board = Board.parse(HAND_COUNT_BOARD)
    got = call(hand_count)
    expect(isinstance(got, int), f"your function returned {got!r}, not a whole number", hint="return an int")
    truth = board_inversions(board)
    tiles = [t for t in board.tiles if t]
    expect(got == truth, f"{got} is {'too few' if got < truth else 'too many'}",
           hint=f"read {' '.join(map(str, tiles))}; count the smaller tiles after each one")  # fmt: skip


@exercise("solvable or not, by the invariant")
def check_verdicts(verdicts, *, hidden=False):
    """``verdicts()``: {board text: True/False} for every board of ``VERDICT_BOARDS``."""
    got = call(verdicts)
    expect(isinstance(got, dict), f"your function returned {type(got).__name__}, not a dict",
           hint="return {board text: True or False}")  # fmt: skip
    for text in VERDICT_BOARDS:
        expect(text in got, f"no verdict for {text!r}", hint="use VERDICT_BOARDS texts as keys")
        expect(got[text] == is_solvable(Board.parse(text)), f"the verdict for {text!r} is wrong",
               hint=f"print(parity.explain(Board.parse({text!r}))) shows the arithmetic")  # fmt: skip


@lru_cache(maxsize=16)
def _reachable(rows: int, cols: int, blank: str) -> np.ndarray:
    return state_space_distances(rows, cols, Board.goal(rows, cols, blank=blank)) >= 0


def _truth(board: Board, goal: Board) -> bool:
    """Breadth-first search for boards of up to 9 cells, the (proved) invariant beyond."""
    if board.size <= 9:
        blank = "last" if goal == Board.goal(board.rows, board.cols) else "first"
        if goal in (Board.goal(board.rows, board.cols), Board.goal(board.rows, board.cols, blank="first")):
            return bool(_reachable(board.rows, board.cols, blank)[rank(board.tiles)])
    return is_solvable(board, goal)


@exercise("a board that fools 'inversions even'")
def check_fooled_board(fooled_board, *, hidden=False):
    """``fooled_board(rows, cols)``: a board (even ``cols``) on which "inversions even" gives the
    wrong verdict for the blank-last goal."""
    shapes = [(2, 4), (2, 2)] + ([(4, 4), (3, 4), (2, 6), (4, 2)] if hidden else [])
    for rows, cols in shapes:
        board = _as_board(call(fooled_board, rows, cols), f"fooled_board({rows}, {cols})")
        expect(board.shape == (rows, cols), f"fooled_board({rows}, {cols}) returned a "
               f"{board.rows}x{board.cols} board", hint=f"give {rows} rows of {cols}")  # fmt: skip
        says = inversions([t for t in board.tiles if t]) % 2 == 0
        expect(says != _truth(board, Board.goal(rows, cols)),
               f"on {board.text()} 'inversions even' gets it right",
               hint="on an even width a vertical slide flips the parity of the inversions")  # fmt: skip


def rule_cases(hidden: bool = False) -> list[tuple[Board, Board]]:
    """The boards ``check_rule`` tries: up to 200 per shape (all of them on 2x2) for each goal."""
    rng = np.random.default_rng(404 if hidden else 4)
    cases = []
    for rows, cols in _RULE_SHAPES + ([(3, 3)] if hidden else []):
        n = rows * cols
        for blank in ("last", "first"):
            goal = Board.goal(rows, cols, blank=blank)
            for r in rng.choice(factorial(n), size=min(200, factorial(n)), replace=False):
                cases.append((Board(unrank(int(r), n), rows, cols), goal))
    return cases


@exercise("a solvability rule for both goals")
def check_rule(my_rule, *, hidden=False):
    """``my_rule(board, goal)`` agrees with breadth-first search on every board of ``rule_cases()``."""
    for board, goal in rule_cases(hidden):
        got = call(my_rule, board, goal)
        same(bool(got), _truth(board, goal), where=f"board {board.text()!r} with goal {goal.text()!r}",
             hint="measure the blank's rows from the goal's blank row, not from the bottom")  # fmt: skip


@exercise("the most likely board after the naive swap and the fix")
def check_fix_most_likely(most_likely_after_fix, *, hidden=False):
    """``most_likely_after_fix()``: (board text, exact probability) of a most likely 2x2 board
    after the library's (row-by-row) naive swap and the article's fix."""
    fixed = parity_fixed(exact("naive_swap", 4), (2, 2))
    most, _ = extremes(fixed)
    got = call(most_likely_after_fix)
    expect(isinstance(got, tuple) and len(got) == 2, f"your function returned {got!r}",
           hint="return a pair: (board text, Fraction)")  # fmt: skip
    board = _as_board(got[0], "most_likely_after_fix()")
    expect(board.shape == (2, 2), f"{board.text()} is not a 2x2 board", hint="give a 2x2 board")
    expect(tuple(perm_from_board(board)) in most, f"{board.text()} is not a most likely board",
           hint="distributions.parity_fixed(distributions.exact('naive_swap', 4), (2, 2))")  # fmt: skip
    try:
        probability = Fraction(got[1])
    except (TypeError, ValueError):
        raise WrongAnswer(f"{got[1]!r} is not a probability",
                          hint="give a Fraction such as Fraction(5, 24)") from None  # fmt: skip
    expect(probability == fixed.probability(perm_from_board(board)), f"{got[1]} is not its probability",
           hint="fixed.probability(perm) gives an exact Fraction")  # fmt: skip
