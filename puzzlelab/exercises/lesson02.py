"""Checks for lesson 02 (parity): each computes the truth with the library, never prints it.

>>> from puzzlelab import parity
>>> check_inversions(parity.inversions)
correct: count inversions
"""

from __future__ import annotations

import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from itertools import permutations
from math import factorial

import numpy as np

from .. import parity, shuffles
from ..board import Board
from ..parity import board_inversions, inversions, is_solvable
from ..perm import rank, unrank
from ..search import state_space_distances
from ..shuffles import make_solvable
from ._core import WrongAnswer, call, exercise, expect, same

__all__ = [
    "HAND_COUNT_BOARD",
    "VERDICT_BOARDS",
    "check_fix",
    "check_fooled_board",
    "check_hand_count",
    "check_inversions",
    "check_rule",
    "check_verdicts",
    "fix_cases",
    "rule_cases",
]

#: Exercise "count by hand": the board whose inversions the student counts.
HAND_COUNT_BOARD = "3 1 2/6 _ 4/8 7 5"
#: Exercise "verdicts": boards to judge (blank-last goal) without a search. None of them appears
#: in a lesson (a test checks), and "inversions even" gets three of the four wrong.
VERDICT_BOARDS = (
    "1 3 2/4 _ 5/7 8 6",
    "1 2 _ 4/5 6 3 7",
    "1 2 3 4/5 6 7 8/9 _ 11 10/13 14 15 12",
    "1 2 3 4/_ 6 7 8/5 9 10 11",
)
_RULE_SHAPES = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)]
_PARITY_ANSWERS = ("is_solvable", "explain")


def _as_board(value: object, where: str) -> Board:
    if isinstance(value, Board):
        return value
    try:
        return Board.parse(value)
    except (TypeError, ValueError) as error:
        raise WrongAnswer(f"{where} returned {value!r}, which is not a board ({error})",
                          hint='return a Board or text such as "1 2 3 4/5 6 _ 7"') from None  # fmt: skip


# -- "write it yourself": the library's answer is refused while the student's code runs ---------
_YOURSELF = "this exercise asks you to write it yourself"
_RULE_HINT = "use what the lesson built: parity.inversions and the blank's row"


def _refuser(module: types.ModuleType, name: str, hint: str) -> Callable[..., object]:
    def refused(*args: object, **kwargs: object) -> object:
        raise WrongAnswer(f"your code called {module.__name__.rsplit('.', 1)[-1]}.{name}: {_YOURSELF}",
                          hint=hint)  # fmt: skip

    return refused


def _names_used(fn: object, seen: set[int] | None = None) -> set[str]:
    """The global and attribute names ``fn``'s code uses, following the functions it calls that
    were defined beside it (same globals: the notebook), nested functions and lambdas included."""
    seen = set() if seen is None else seen
    code = getattr(fn, "__code__", None)
    if code is None or id(code) in seen:
        return set()
    seen.add(id(code))
    names, stack = set(), [code]
    while stack:
        current = stack.pop()
        names.update(current.co_names)
        stack.extend(c for c in current.co_consts if isinstance(c, types.CodeType))
    scope = getattr(fn, "__globals__", {})
    for name in list(names):
        helper = scope.get(name)
        if isinstance(helper, types.FunctionType) and helper.__globals__ is scope:
            names |= _names_used(helper, seen)
    return names


@contextmanager
def _write_it_yourself(student_fn: object, module: types.ModuleType, names: tuple[str, ...],
                       hint: str = _RULE_HINT) -> Iterator[None]:  # fmt: skip
    """Refuse ``module.<name>`` for each name while the check runs: passed as the answer, named
    in the student's code, or called through the module; the module is restored afterwards."""
    originals = {name: getattr(module, name) for name in names}
    if str(getattr(student_fn, "__module__", "")).startswith("puzzlelab"):
        name = getattr(student_fn, "__name__", "that")
        raise WrongAnswer(f"{name} is the library's own function: {_YOURSELF}",
                          hint="write a function of your own (def ...) that computes it")  # fmt: skip
    used = sorted(_names_used(student_fn) & set(names))
    if used:
        raise WrongAnswer(f"your code uses {', '.join(used)}: {_YOURSELF}", hint=hint)
    for name in names:
        setattr(module, name, _refuser(module, name, hint))
    try:
        yield
    finally:
        for name, original in originals.items():
            setattr(module, name, original)


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
    """``verdicts()``: {board text: True/False} for every board of ``VERDICT_BOARDS``, decided
    without ``parity.is_solvable`` or ``parity.explain``. A wrong answer is told how many verdicts
    are wrong, not which (each is True or False: naming one would give it away)."""
    with _write_it_yourself(verdicts, parity, _PARITY_ANSWERS):
        got = call(verdicts)
    expect(isinstance(got, dict), f"your function returned {type(got).__name__}, not a dict",
           hint="return {board text: True or False}")  # fmt: skip
    wrong = 0
    for text in VERDICT_BOARDS:
        expect(text in got, f"no verdict for {text!r}", hint="use VERDICT_BOARDS texts as keys")
        expect(isinstance(got[text], bool), f"the verdict for {text!r} is {got[text]!r}, not True or False",
               hint="True if the board can reach the blank-last goal")  # fmt: skip
        wrong += got[text] != is_solvable(Board.parse(text))
    expect(wrong == 0, f"{wrong} of the {len(VERDICT_BOARDS)} verdicts are wrong",
           hint="for each board: inversions, then (cols - 1) x the rows between the blank and the "
                "bottom row; the sum even means solvable. Which widths need the row term?")  # fmt: skip


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
    """``fooled_board(rows, cols)``: a board (even ``cols``) that "inversions even" calls solvable
    although it cannot reach the blank-last goal."""
    shapes = [(2, 4), (2, 2), (3, 4)] + ([(4, 4), (2, 6), (4, 2), (5, 2)] if hidden else [])
    for rows, cols in shapes:
        board = _as_board(call(fooled_board, rows, cols), f"fooled_board({rows}, {cols})")
        expect(board.shape == (rows, cols), f"fooled_board({rows}, {cols}) returned a "
               f"{board.rows}x{board.cols} board", hint=f"give {rows} rows of {cols}")  # fmt: skip
        says = inversions([t for t in board.tiles if t]) % 2 == 0
        truth = _truth(board, Board.goal(rows, cols))
        expect(says != truth, f"on {board.text()} 'inversions even' gets it right",
               hint="on an even width a vertical slide flips the parity of the inversions but not "
                    "solvability; a swap of two tiles flips both")  # fmt: skip
        expect(says, f"on {board.text()} 'inversions even' is wrong, but the other way: it calls a "
               "solvable board unsolvable", hint="the exercise asks for an unsolvable board that it "
               "calls solvable; what does a swap of two tiles do?")  # fmt: skip


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
    """``my_rule(board, goal)`` agrees with breadth-first search on every board of ``rule_cases()``,
    without ``parity.is_solvable`` or ``parity.explain`` (refused while the check runs)."""
    cases = [(board, goal, _truth(board, goal)) for board, goal in rule_cases(hidden)]
    with _write_it_yourself(my_rule, parity, _PARITY_ANSWERS):
        for board, goal, truth in cases:
            got = call(my_rule, board, goal)
            same(bool(got), truth, where=f"board {board.text()!r} with goal {goal.text()!r}",
                 hint="measure the blank's rows from the goal's blank row, not from the bottom")  # fmt: skip


def fix_cases(hidden: bool = False) -> list[Board]:
    """The boards ``check_fix`` tries: every 2x2 and 2x3 arrangement, and random 3x3 and 4x4
    boards (more of them, and 3x4, with ``hidden=True``)."""
    boards = [Board(p, r, c) for r, c in [(2, 2), (2, 3)] for p in permutations(range(r * c))]
    rng, size = np.random.default_rng(505 if hidden else 5), 200 if hidden else 50
    for rows, cols in [(3, 3), (4, 4)] + ([(3, 4), (4, 3)] if hidden else []):
        boards += [shuffles.shuffle_board("fisher_yates", rows, cols, rng) for _ in range(size)]
    return boards


@exercise("the article's parity fix")
def check_fix(my_fix, *, hidden=False):
    """``my_fix(board)`` equals ``shuffles.make_solvable(board)`` on every board of ``fix_cases()``,
    without calling ``shuffles.make_solvable`` (refused while the check runs)."""
    cases = [(board, make_solvable(board)) for board in fix_cases(hidden)]
    hint = "parity.is_solvable may decide; board.swap(i, j) exchanges two cells"
    with _write_it_yourself(my_fix, shuffles, ("make_solvable",), hint):
        for board, want in cases:
            got = _as_board(call(my_fix, board), f"my_fix({board.text()!r})")
            same(got.text(), want.text(), where=f"board {board.text()!r}",
                 hint="leave a solvable board alone; otherwise swap cells 0 and 1, or the last two "
                      "cells when the blank is in cell 0 or 1")  # fmt: skip
