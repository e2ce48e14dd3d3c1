"""Checks for lesson 02 (parity): each computes the truth with the library, never prints it.

A check refuses the library's answer where the exercise asks the student to compute it:

>>> from puzzlelab import parity
>>> check_inversions(parity.inversions)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
puzzlelab.exercises._core.WrongAnswer: wrong answer (count inversions): inversions is the library's ...
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
from ..i18n import N_
from ..i18n import gettext as _
from ..parity import board_inversions, inversions, is_solvable
from ..perm import rank, unrank
from ..search import state_space_distances
from ..shuffles import make_solvable
from ._core import (
    NotAnswered,
    WrongAnswer,
    board_from,
    call,
    exercise,
    expect,
    names_used,
    plain,
    refuse_library,
    same,
    short,
    whole_number,
)

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
    return board_from(value, where=where, returns=_('a Board or text such as "1 2 3 4/5 6 _ 7"'))


# -- "write it yourself": the library's answer is refused while the student's code runs ---------
_RULE_HINT = N_("use what the lesson built: parity.inversions and the blank's row")


def _refuser(module: types.ModuleType, name: str, hint: str) -> Callable[..., object]:
    def refused(*args: object, **kwargs: object) -> object:
        raise WrongAnswer(
            _("your code called {name}: this exercise asks you to write it yourself").format(
                name=f"{module.__name__.rsplit('.', 1)[-1]}.{name}"
            ),
            hint=hint,
        )

    return refused


@contextmanager
def _write_it_yourself(student_fn: object, module: types.ModuleType, names: tuple[str, ...],
                       hint: str | None = None) -> Iterator[None]:  # fmt: skip
    """Refuse ``module.<name>`` for each name while the check runs: passed as the answer, named
    in the student's code, or called through the module; the module is restored afterwards.
    ``hint`` (in the student's language) defaults to the rule's hint."""
    hint = _(_RULE_HINT) if hint is None else hint
    originals = {name: getattr(module, name) for name in names}
    if str(getattr(student_fn, "__module__", "")).startswith("puzzlelab"):
        name = getattr(student_fn, "__name__", None) or _("that")
        raise WrongAnswer(
            _("{name} is the library's own function: this exercise asks you to write it yourself").format(
                name=name
            ),
            hint=_("write a function of your own (def ...) that computes it"),
        )
    used = sorted(names_used(student_fn) & set(names))
    if used:
        raise WrongAnswer(
            _("your code uses {names}: this exercise asks you to write it yourself").format(
                names=", ".join(used)
            ),
            hint=hint,
        )
    for name in names:
        setattr(module, name, _refuser(module, name, hint))
    try:
        yield
    finally:
        for name, original in originals.items():
            setattr(module, name, original)


@exercise(N_("count inversions"))
def check_inversions(count_inversions: Callable[[list[int]], object], *, hidden: bool = False) -> None:
    """``count_inversions(seq)`` equals ``parity.inversions`` on random sequences, including
    empty ones, single items and repeated values."""
    refuse_library(count_inversions, {"inversions", "board_inversions"}, hint=_(_COUNT_HINT))
    rng = np.random.default_rng(202 if hidden else 2)
    cases = [[], [5], [2, 4, 3, 1], [1, 1, 1], [3, 2, 1, 0]]
    for _case in range(500 if hidden else 40):
        cases.append(rng.integers(0, 20, size=int(rng.integers(0, 40))).tolist())
    cases += [list(p) for n in range(1, 7 if hidden else 6) for p in permutations(range(n))]  # every one
    for seq in cases:
        got, want = call(count_inversions, list(seq)), inversions(seq)
        if not _equal_plain(got, want):
            same(got, want, where=f"seq = {seq}", hint=_inversions_hint(count_inversions))


def _equal_plain(got: object, want: int) -> bool:
    return type(got) is int and got == want


#: Small sequences that tell the usual slips apart: what each slip counts on them.
_INVERSION_SLIPS: list[tuple[dict[tuple[int, ...], int], str]] = [
    ({(1, 1): 1}, N_("equal values are not inverted: count seq[i] > seq[j] only")),
    ({(2, 1): 0, (1, 2): 1}, N_("the wrong direction: count pairs where the EARLIER value is larger")),
    ({(2, 1): 2}, N_("each pair counted twice: j runs over the positions after i only")),
    ({(2, 1): 0, (1, 2): 0, (3, 1, 2): 1, (2, 1, 3): 0}, N_("pairs of neighbours missed: j starts at i + 1")),
    (
        {(2, 1): 0, (1, 2): 0, (3, 1, 2): 1, (2, 1, 3): 1},
        N_("the last position is missed: j runs from i + 1 to the very end, range(i + 1, len(seq))"),
    ),
    (
        {(2, 1): 1, (2, 4, 3, 1): 2, (3, 2, 1): 2},
        N_(
            "an inversion is any pair in the wrong order, not only neighbours: compare each value with every "
            "later one"
        ),
    ),
]


def _inversions_hint(count_inversions: Callable[[list[int]], object]) -> str:
    """Name the slip from what the student's function does on a few tiny sequences."""
    for answers, hint in _INVERSION_SLIPS:
        try:
            if all(_equal_plain(call(count_inversions, list(seq)), n) for seq, n in answers.items()):
                return _(hint)
        except (WrongAnswer, NotAnswered):  # the student's function fails on these: no diagnosis
            return _(_COUNT_HINT)
    return _(_COUNT_HINT)


_COUNT_HINT = N_("count pairs i < j with seq[i] > seq[j]; equal values are not inverted")


@exercise(N_("inversions counted by hand"))
def check_hand_count(hand_count: Callable[[], object], *, hidden: bool = False) -> None:
    """``hand_count()`` returns the number of inversions of ``HAND_COUNT_BOARD``."""
    board = Board.parse(HAND_COUNT_BOARD)
    refuse_library(
        hand_count,
        {"inversions", "board_inversions", "explain", "HAND_COUNT_BOARD"},
        hint=_("count by hand on the board's text, then return the number"),
    )
    got = whole_number(call(hand_count), where="hand_count()")
    truth = board_inversions(board)
    tiles = " ".join(str(t) for t in board.tiles if t)
    with_blank = inversions(list(board.tiles))
    hint = _("read {tiles}; count the smaller tiles after each one").format(tiles=tiles)
    if got == with_blank:
        hint = _(
            "the blank is not a tile: leave it out, then {tiles}; count the smaller tiles after each one"
        ).format(tiles=tiles)
    if got != truth:
        message = _("{count} is too few") if got < truth else _("{count} is too many")
        raise WrongAnswer(message.format(count=got), hint=hint)


@exercise(N_("solvable or not, by the invariant"))
def check_verdicts(verdicts: Callable[[], object], *, hidden: bool = False) -> None:
    """``verdicts()``: {board text: True/False} for every board of ``VERDICT_BOARDS``, decided
    without ``parity.is_solvable`` or ``parity.explain``. A wrong answer is told how many verdicts
    are wrong, not which (each is True or False: naming one would give it away)."""
    with _write_it_yourself(verdicts, parity, _PARITY_ANSWERS):
        got = plain(
            call(verdicts), where="verdicts()", returns=_("a dict {{board text: True or False}}").format()
        )
    if not isinstance(got, dict):
        raise WrongAnswer(
            _("your function returned {kind}, not a dict").format(kind=type(got).__name__),
            hint=_("return {{board text: True or False}}").format(),
        )
    wrong = 0
    for text in VERDICT_BOARDS:
        expect(
            text in got,
            _("no verdict for {board}").format(board=repr(text)),
            hint=_("use VERDICT_BOARDS texts as keys"),
        )
        expect(
            isinstance(got[text], bool),
            _("the verdict for {board} is {value}, not True or False").format(
                board=repr(text), value=short(got[text])
            ),
            hint=_("True if the board can reach the blank-last goal"),
        )
        wrong += got[text] != is_solvable(Board.parse(text))
    expect(
        wrong == 0,
        _("{wrong} of the {total} verdicts are wrong").format(wrong=wrong, total=len(VERDICT_BOARDS)),
        hint=_(
            "for each board: inversions, then (cols - 1) x the rows between the blank and the "
            "bottom row; the sum even means solvable. Which widths need the row term?"
        ),
    )


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


@exercise(N_("a board that fools 'inversions even'"))
def check_fooled_board(fooled_board: Callable[[int, int], object], *, hidden: bool = False) -> None:
    """``fooled_board(rows, cols)``: a board (even ``cols``) that "inversions even" calls solvable
    although it cannot reach the blank-last goal."""
    shapes = [(2, 4), (2, 2), (3, 4)] + ([(4, 4), (2, 6), (4, 2), (5, 2)] if hidden else [])
    for rows, cols in shapes:
        board = _as_board(call(fooled_board, rows, cols), f"fooled_board({rows}, {cols})")
        if board.shape != (rows, cols):
            raise WrongAnswer(
                _("{call} returned a {rows}x{cols} board").format(
                    call=f"fooled_board({rows}, {cols})", rows=board.rows, cols=board.cols
                ),
                hint=_("give {rows} rows of {cols}").format(rows=rows, cols=cols),
            )
        says = inversions([t for t in board.tiles if t]) % 2 == 0
        truth = _truth(board, Board.goal(rows, cols))
        if says == truth:
            raise WrongAnswer(
                _("on {board} 'inversions even' gets it right").format(board=board.text()),
                hint=_(
                    "on an even width a vertical slide flips the parity of the inversions but "
                    "not solvability; a swap of two tiles flips both"
                ),
            )
        if not says:
            raise WrongAnswer(
                _(
                    "on {board} 'inversions even' is wrong, but the other way: it calls a solvable "
                    "board unsolvable"
                ).format(board=board.text()),
                hint=_(
                    "the exercise asks for an unsolvable board that it calls solvable; what "
                    "does a swap of two tiles do?"
                ),
            )


def rule_cases(hidden: bool = False) -> list[tuple[Board, Board]]:
    """The boards ``check_rule`` tries: up to 200 per shape (all of them on 2x2) for each goal;
    with ``hidden=True`` every 2x3 and 3x2 board too, for both goals."""
    rng = np.random.default_rng(404 if hidden else 4)
    cases = []
    for rows, cols in _RULE_SHAPES + ([(3, 3)] if hidden else []):
        n = rows * cols
        for blank in ("last", "first"):
            goal = Board.goal(rows, cols, blank=blank)
            if hidden and n <= 6:
                cases += [(Board(p, rows, cols), goal) for p in permutations(range(n))]
                continue
            for r in rng.choice(factorial(n), size=min(200, factorial(n)), replace=False):
                cases.append((Board(unrank(int(r), n), rows, cols), goal))
    return cases


@exercise(N_("a solvability rule for both goals"))
def check_rule(my_rule: Callable[[Board, Board], object], *, hidden: bool = False) -> None:
    """``my_rule(board, goal)`` agrees with breadth-first search on every board of ``rule_cases()``,
    without ``parity.is_solvable`` or ``parity.explain`` (refused while the check runs)."""
    cases = [(board, goal, _truth(board, goal)) for board, goal in rule_cases(hidden)]
    with _write_it_yourself(my_rule, parity, _PARITY_ANSWERS):
        for board, goal, truth in cases:
            got = plain(call(my_rule, board, goal), returns=_("True or False"))
            if type(got) is not bool:
                raise WrongAnswer(
                    _("{call} returned {value}, not True or False").format(
                        call=f"my_rule({board.text()!r}, {goal.text()!r})", value=short(got)
                    ),
                    hint=_("return a comparison, e.g. ... % 2 == 0"),
                )
            if got != truth:
                same(
                    got,
                    truth,
                    where=_("board '{board}' with goal '{goal}'").format(
                        board=board.text(), goal=goal.text()
                    ),
                    hint=_rule_hint(board, goal, truth),
                )


def _rule_hint(board: Board, goal: Board, truth: bool) -> str:
    """Name the slip: the blank's rows counted from the bottom (the articles' rule) or not at all."""
    if (inversions(board) % 2 == 0) != truth:
        return _(
            "inversions alone are not enough on even widths: add (cols - 1) x the rows between the "
            "blank and the goal's blank row"
        )
    return _("measure the blank's rows from the goal's blank row, not from the bottom")


def fix_cases(hidden: bool = False) -> list[Board]:
    """The boards ``check_fix`` tries: every 2x2, 2x3 and 3x2 arrangement, and random 3x3 and 4x4
    boards (more of them, and 3x4, with ``hidden=True``)."""
    boards = [Board(p, r, c) for r, c in [(2, 2), (2, 3), (3, 2)] for p in permutations(range(r * c))]
    rng, size = np.random.default_rng(505 if hidden else 5), 200 if hidden else 50
    for rows, cols in [(3, 3), (4, 4)] + ([(3, 4), (4, 3)] if hidden else []):
        boards += [shuffles.shuffle_board("fisher_yates", rows, cols, rng) for _ in range(size)]
    return boards


@exercise(N_("the article's parity fix"))
def check_fix(my_fix: Callable[[Board], object], *, hidden: bool = False) -> None:
    """``my_fix(board)`` equals ``shuffles.make_solvable(board)`` on every board of ``fix_cases()``,
    without calling ``shuffles.make_solvable`` (refused while the check runs)."""
    cases = [(board, make_solvable(board)) for board in fix_cases(hidden)]
    hint = _("parity.is_solvable may decide; board.swap(i, j) exchanges two cells")
    with _write_it_yourself(my_fix, shuffles, ("make_solvable",), hint):
        for board, want in cases:
            got = _as_board(call(my_fix, board), f"my_fix({board.text()!r})")
            if got.text() != want.text():
                same(
                    got.text(),
                    want.text(),
                    where=_("board '{board}'").format(board=board.text()),
                    hint=_fix_hint(board, got, want),
                )


def _fix_hint(board: Board, got: Board, want: Board) -> str:
    """Name the slip: a solvable board changed, the blank swapped away, or the wrong pair swapped."""
    recipe = _("otherwise swap cells 0 and 1, or the last two cells when the blank is in cell 0 or 1")
    if want == board:
        return _("leave a solvable board alone")
    if got == board:
        return _("this board cannot reach the goal: it needs the swap")
    if got.shape == board.shape and got.blank != board.blank:
        return _("never move the blank: {recipe}").format(recipe=recipe)
    return _("leave a solvable board alone; {recipe}").format(recipe=recipe)
