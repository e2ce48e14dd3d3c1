"""Checks for lesson 03 (search): each computes the truth with the library, never prints it.

A check refuses the library's answer where the exercise asks the student to compute it:

>>> from puzzlelab import heuristics
>>> check_manhattan(heuristics.manhattan)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
puzzlelab.exercises._core.WrongAnswer: wrong answer (Manhattan distance): manhattan is the library's ...
"""

from __future__ import annotations

import contextlib
import time
import types
import weakref
from collections.abc import Callable, Iterator
from functools import lru_cache
from itertools import permutations
from typing import cast

import numpy as np

from .. import heuristics, search
from ..board import Board
from ..i18n import N_
from ..i18n import gettext as _
from ..lesson_tools import exact_distance
from ..parity import is_solvable
from ..perm import unrank_many
from ..search import state_space_distances
from ..shuffles import random_solvable_board, shuffle_board
from ._core import (
    TooSlow,
    WrongAnswer,
    board_from,
    call,
    call_within,
    exercise,
    expect,
    plain,
    plural,
    refuse_library,
    same,
    short,
    time_limit,
)

__all__ = [
    "DETOUR_MAX_DISTANCE",
    "LESSON_EXAMPLE",
    "OVERESTIMATE_MIN_DISTANCE",
    "check_article_detour",
    "check_greedy_extra",
    "check_manhattan",
    "check_my_heuristic",
    "check_overestimate",
]

#: The board the lesson itself uses to show the article's solver taking a detour.
LESSON_EXAMPLE = Board.parse("3 5 _/6 1 2/4 7 8")


#: How far from the goal an answer to :func:`check_overestimate` must be, and how near one to
#: :func:`check_article_detour`: the lesson prints boards that would answer both otherwise
#: (a board one move from the goal overestimates; four of its five random boards are detours).
OVERESTIMATE_MIN_DISTANCE = 20
DETOUR_MAX_DISTANCE = 10


_BOARD_RETURNS = N_('a Board or text such as "1 2 3/4 5 6/7 _ 8"')


def _as_board(value: object, where: str, *, none_hint: str | None = None) -> Board:
    """A student's board, given as a Board or as text such as "1 2 3/4 5 6/7 _ 8"."""
    value = plain(value, where=where, returns=_(_BOARD_RETURNS))
    if value is None:
        raise WrongAnswer(
            _("{where} returned None: your code ended without returning a board").format(where=where),
            hint=none_hint or _("return the board you found"),
            reason="none",
        )
    return board_from(value, where=where, returns=_(_BOARD_RETURNS))


#: How long a zero-argument search for a board (exercises "admissible?" and B) may run.
_SEARCH_SECONDS = 60.0


def _found_board(student_fn: Callable[[], object], where: str, hint: str) -> Board:
    """Call a function that searches for a board; if it finds none (returns None, or runs on to
    the stub's raise line), say so with ``hint`` rather than "not answered yet"."""
    try:
        value = call_within(_SEARCH_SECONDS, student_fn)
    except WrongAnswer as wrong:
        if wrong.reason == "ran past the stub":
            raise WrongAnswer(
                _("{where} found no board: it reached the stub's `raise NotImplementedError()`").format(
                    where=where
                ),
                hint=hint,
                reason=wrong.reason,
            ) from None
        raise
    return _as_board(value, where, none_hint=hint)


def _solvable_3x3(board: Board, where: str) -> None:
    expect(
        board.shape == (3, 3),
        _("{where} returned a {rows}x{cols} board").format(where=where, rows=board.rows, cols=board.cols),
        hint=_("give a 3x3 board"),
    )
    expect(
        is_solvable(board),
        _("{where} returned {board}, which cannot reach the goal").format(where=where, board=board.text()),
        hint=_("lesson 02: swap two tiles (not the blank) to fix its parity"),
    )


def _manhattan_cases(hidden: bool) -> list[tuple[Board, Board]]:
    cases = [
        (Board.parse("1 2 3/4 5 6/_ 7 8"), Board.goal(3, 3)),  # the blank's own distance must not count
        (Board.parse("8 7 3/1 _ 4/6 2 5"), Board.goal(3, 3)),
        (Board.parse("8 7 3/1 _ 4/6 2 5"), Board.goal(3, 3, blank="first")),
        (Board.parse("2 1 4 3 _/9 8 7 6 5"), Board.goal(2, 5)),
    ]
    rng = np.random.default_rng(303 if hidden else 3)
    shapes = [(3, 3), (4, 4), (2, 5), (5, 3)]
    for k in range(300 if hidden else 20):
        rows, cols = shapes[k % len(shapes)]
        goal = Board.goal(rows, cols, blank=("last", "first")[k % 2])
        cases.append((shuffle_board("fisher_yates", rows, cols, rng), goal))
    for rows, cols in [(2, 3), (3, 2)]:  # every board of two small shapes, for both goals
        goals = [Board.goal(rows, cols, blank=blank) for blank in ("last", "first")]
        cases += [(Board(p, rows, cols), goal) for p in permutations(range(rows * cols)) for goal in goals]
    return cases


def _signed_sums(board: Board, goal: Board) -> set[int]:
    """What a Manhattan distance gives when the differences keep their signs (``abs()`` forgotten,
    for both, for rows or columns only, or taken of each tile's sum instead of each difference)."""
    rows = cols = folded = 0
    unsigned_rows = unsigned_cols = 0
    for tile in board.tiles:
        if tile:
            (r, c), (gr, gc) = board.position(tile), goal.position(tile)
            rows, cols, folded = rows + r - gr, cols + c - gc, folded + abs(r - gr + c - gc)
            unsigned_rows, unsigned_cols = unsigned_rows + abs(r - gr), unsigned_cols + abs(c - gc)
    sums = {rows + cols, folded, unsigned_rows + cols, rows + unsigned_cols}
    return sums | {-total for total in sums}


def _manhattan_hint(board: Board, goal: Board, got: object) -> str:
    """Name the slip: no return, the blank counted, rows only, abs() forgotten, a fixed goal used,
    or a board of one shape assumed (the cases start with 3x3 boards, so a function that fails only
    on another shape has passed those)."""
    if got is None:
        return _("your function returned None: did it forget a `return`?")
    blank_r, blank_c = board.position(0)
    goal_r, goal_c = goal.position(0)
    want = heuristics.manhattan(board, goal)
    rows_only = sum(abs(board.position(t)[0] - goal.position(t)[0]) for t in board.tiles if t)
    if got == want + abs(blank_r - goal_r) + abs(blank_c - goal_c):
        return _("the blank is not a tile: skip it (0)")
    if got == heuristics.misplaced(board, goal):
        return _("that counts misplaced tiles; Manhattan adds how far each tile is from its goal cell")
    if got == rows_only:
        return _("count the columns as well as the rows")
    if type(got) is int and got < want and got in _signed_sums(board, goal):
        return _("each tile's rows and columns are distances: take abs() of the differences, or they cancel")
    fixed = Board.goal(board.rows, board.cols)
    if goal != fixed and got == heuristics.manhattan(board, fixed):
        return _(
            "this case's goal has the blank first: use each tile's position in `goal` "
            "(goal.position(tile)), not the blank-last goal"
        )
    if board.shape != (3, 3):
        return _("boards have several shapes: use board.cols / board.position(), not 3")
    return _("skip the blank (0); use the goal's position of each tile, not the board's index")


@exercise(N_("Manhattan distance"))
def check_manhattan(my_manhattan: Callable[[Board, Board], object], *, hidden: bool = False) -> None:
    """``my_manhattan(board, goal)`` equals ``heuristics.manhattan`` on boards of several shapes
    and both goal conventions."""
    refuse_library(my_manhattan, set(), hint=_("write a function of your own (def ...) that computes it"))
    used = _library_used(my_manhattan)
    if used is not None:
        raise WrongAnswer(
            _("{name} uses the library's {used}: the exercise asks you to compute it").format(
                name="my_manhattan", used=used
            ),
            hint=_("add up the rows and columns between each tile and its goal cell"),
        )
    for board, goal in _manhattan_cases(hidden):
        got = call(my_manhattan, board, goal)
        want = heuristics.manhattan(board, goal)
        if type(got) is not int or got != want:
            same(
                got,
                want,
                where=_("board '{board}' and goal '{goal}'").format(board=board.text(), goal=goal.text()),
                hint=_manhattan_hint(board, goal, plain(got)),
            )


@exercise(N_("greedy best-first: extra moves"))
def check_greedy_extra(greedy_extra_moves: Callable[[Board], object], *, hidden: bool = False) -> None:
    """``greedy_extra_moves(board)`` is greedy best-first search's solution length minus the
    optimum, on solvable 3x3 boards."""
    boards = [Board.parse("8 7 3/1 _ 4/6 2 5"), LESSON_EXAMPLE]
    boards += [random_solvable_board(3, 3, rng=seed) for seed in (range(100, 112) if hidden else (7, 8))]
    for board in boards:
        got = plain(call_within(20, greedy_extra_moves, board), returns=_("a whole number of moves"))
        run, optimum = search.greedy(board), exact_distance(board)
        assert run.cost is not None  # greedy solves every solvable 3x3 board within its bounds
        same(
            got,
            run.cost - optimum,
            where=_("board '{board}'").format(board=board.text()),
            reveal=False,
            hint=_greedy_extra_hint(got, run, optimum),
        )


def _greedy_extra_hint(got: object, run: search.SearchResult, optimum: int) -> str:
    """What a wrong ``greedy_extra_moves`` answer most likely missed, without the recipe."""

    def equals(value: object) -> bool:
        try:
            return bool(got == value)
        except Exception:  # e.g. an array: not one of the usual slips
            return False

    if equals(run.cost):
        return _(
            "that is the whole length of greedy's solution; the exercise asks how much longer it is "
            "than the optimum"
        )
    if run.cost is not None and equals(optimum - run.cost):
        return _("the sign: greedy's solution is never shorter than the optimum")
    if equals(optimum):
        return _("that is the optimum alone; greedy's solution length is the other half of the comparison")
    if equals(run.expanded):
        return _("that counts the nodes greedy expanded; the exercise is about the moves of its solution")
    return _("compare the length of greedy's solution with the optimum, the true distance (section 1)")


_OVERESTIMATE_HINT = N_(
    "compare h = manhattan + misplaced with exact_distance(board) on many random boards "
    "(shuffles.random_solvable_board with seeds 0, 1, 2, ...): a few hundred are enough"
)
_DETOUR_HINT = N_(
    "walks of about 10 slides almost never give a detour; walks of 20 to 30 slides "
    "(shuffles.shuffle_board('random_walk', 3, 3, rng=seed, steps=30)) often end within 10 moves of "
    "the goal: keep those with exact_distance(board) <= 10 and try the article's solver on each, "
    "a few thousand seeds"
)


@exercise(N_("a board where manhattan + misplaced overestimates"))
def check_overestimate(overestimate_board: Callable[[], object], *, hidden: bool = False) -> None:
    """``overestimate_board()`` returns a solvable 3x3 board, at least
    :data:`OVERESTIMATE_MIN_DISTANCE` moves from the goal, whose manhattan + misplaced exceeds its
    true distance to the goal."""
    board = _found_board(overestimate_board, "overestimate_board()", _(_OVERESTIMATE_HINT))
    _solvable_3x3(board, "overestimate_board()")
    h = heuristics.manhattan(board) + heuristics.misplaced(board)
    d = exact_distance(board)
    expect(
        d >= OVERESTIMATE_MIN_DISTANCE,
        _("{board} is only {moves} from the goal; find one at least {least} away").format(
            board=board.text(), moves=plural(d, "move"), least=OVERESTIMATE_MIN_DISTANCE
        ),
        hint=_("random boards (shuffles.random_solvable_board) are mostly 20 or more moves away"),
    )
    expect(
        h > d,
        _(
            "on {board} h = manhattan + misplaced = {h}, and the board is {d} moves from the goal: "
            "h does not overestimate there"
        ).format(board=board.text(), h=h, d=d),
        hint=_("try more boards: compare h with exact_distance(board) on each"),
    )


@exercise(N_("a detour of the article's solver"))
def check_article_detour(article_detour: Callable[[], object], *, hidden: bool = False) -> None:
    """``article_detour()`` returns a solvable 3x3 board, at most :data:`DETOUR_MAX_DISTANCE`
    moves from the goal, on which the article's solver returns a solution longer than the optimum."""
    board = _found_board(article_detour, "article_detour()", _(_DETOUR_HINT))
    _solvable_3x3(board, "article_detour()")
    d = exact_distance(board)
    expect(
        d <= DETOUR_MAX_DISTANCE,
        _("{board} is {d} moves from the goal; find one at most {most} moves away").format(
            board=board.text(), d=d, most=DETOUR_MAX_DISTANCE
        ),
        hint=_(
            "uniformly random boards are about 22 moves away; random slides from the goal (20 to 30 of "
            "them) often end nearer"
        ),
    )
    found = search.article_solver(board).cost
    assert found is not None  # the article's solver solves every solvable 3x3 board
    expect(
        found > d,
        _("on {board} the article's solver finds a {found}-move solution, and that is optimal").format(
            board=board.text(), found=found
        ),
        hint=_("detours this close to the goal are rare: {hint}").format(hint=_(_DETOUR_HINT)),
    )


_LIBRARY = ("puzzlelab.heuristics", "puzzlelab.search", "puzzlelab.lesson_tools")


def _is_library(obj: object) -> bool:
    """True for the library's heuristics, searches and exact distances (modules or their contents)."""
    name = obj.__name__ if isinstance(obj, types.ModuleType) else getattr(obj, "__module__", None)
    return isinstance(name, str) and name.startswith(_LIBRARY)


def _codes(code: types.CodeType) -> Iterator[types.CodeType]:
    yield code
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from _codes(const)


def _filled(cell: types.CellType) -> bool:
    try:
        cell.cell_contents  # noqa: B018 (an empty cell raises)
    except ValueError:
        return False
    return True


def _library_used(fn: object, seen: set[int] | None = None) -> str | None:
    """The name of a library heuristic, search or exact distance that ``fn`` uses (directly, as a
    default argument, or through the student's own functions), or None."""
    seen = set() if seen is None else seen
    code, names = getattr(fn, "__code__", None), getattr(fn, "__globals__", {})
    if code is None or id(fn) in seen:
        return None
    seen.add(id(fn))
    closure = [cell.cell_contents for cell in getattr(fn, "__closure__", None) or () if _filled(cell)]
    for value in [*(getattr(fn, "__defaults__", None) or ()), *closure]:
        if _is_library(value):
            name: str = getattr(value, "__name__", repr(value))  # a library object's name is a str
            return name
        if isinstance(value, types.FunctionType) and value.__module__ == getattr(fn, "__module__", None):
            inner = _library_used(value, seen)
            if inner:
                return inner
    for part in _codes(code):
        for name in part.co_names:
            obj = names.get(name)
            if obj is None:
                continue
            if isinstance(obj, types.ModuleType) and obj.__name__.startswith("puzzlelab"):
                used = [a for a in part.co_names if _is_library(getattr(obj, a, None))]
                if used:
                    return f"{name}.{used[0]}"
            if _is_library(obj):
                return name
            if isinstance(obj, types.FunctionType) and obj.__module__ == getattr(fn, "__module__", None):
                inner = _library_used(obj, seen)
                if inner:
                    return inner
    return None


def _number(value: object, where: str) -> float:
    """A heuristic's value as a number: ints, numpy numbers and finite floats (not True/False)."""
    if type(value) is int:
        return value
    got = plain(value, where=where, returns=_("a number of moves"))
    if (type(got) is not int and type(got) is not float) or not np.isfinite(got):
        hint = _("return the estimated number of moves left, a whole number")
        raise WrongAnswer(
            _("{where} returned {value}, not a number").format(where=where, value=short(got)),
            hint=hint,
            reason="type",
        )
    return got


#: The 3x3 space: every solvable board (blank-last goal), as tiles, with its true distance.
_SPACE_SIZE = 181_440
#: How long the sweep of a student's heuristic over the whole 3x3 space may take (seconds).
_SWEEP_SECONDS = 60.0


@lru_cache(maxsize=1)
def _space_by_risk() -> tuple[list[tuple[int, ...]], list[int]]:
    """Every solvable 3x3 board (tiles) and its distance, the likeliest overestimates first: boards
    whose slack (distance - Manhattan) is small next to the reversed pairs in their lines (what
    a heuristic adding to Manhattan usually counts), then by slack. Vectorised over the space."""
    dist = state_space_distances(3, 3)
    ranks = np.flatnonzero(dist >= 0)
    tiles = unrank_many(ranks, 9)
    d = dist[ranks].astype(np.int64)
    cell, home = np.arange(9), np.where(tiles > 0, tiles - 1, 8)
    manhattan = ((np.abs(cell // 3 - home // 3) + np.abs(cell % 3 - home % 3)) * (tiles > 0)).sum(axis=1)
    pairs = np.zeros(len(d), dtype=np.int64)
    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8)]
    for k, line in enumerate(lines):
        along, across = (home % 3, home // 3) if k < 3 else (home // 3, home % 3)
        own = (tiles > 0) & (across == (line[0] // 3 if k < 3 else line[0] % 3))
        for i, a in enumerate(line):
            for b in line[i + 1 :]:
                pairs += own[:, a] & own[:, b] & (along[:, a] > along[:, b])
    slack = d - manhattan
    order = np.lexsort((slack, slack - 2 * pairs))
    assert len(order) == _SPACE_SIZE
    return [tuple(t) for t in tiles[order].tolist()], d[order].tolist()


#: How many boards (in risk order) each function was found admissible on, with its code to notice
#: a redefinition: the hidden check does not repeat the visible one's sweep.
_ADMISSIBLE: weakref.WeakKeyDictionary[Callable[..., object], tuple[types.CodeType | None, int]] = (
    weakref.WeakKeyDictionary()
)


def _sweep(my_heuristic: Callable[[Board, Board], object], upto: int = _SPACE_SIZE) -> None:
    """``my_heuristic(board, goal) <= true distance`` on the first ``upto`` boards of the 181,440
    solvable 3x3 boards (likeliest overestimates first), within :data:`_SWEEP_SECONDS`; the first
    board where it overestimates is named. Boards already checked for this function are skipped."""
    code = getattr(my_heuristic, "__code__", None)
    try:
        seen_code, done = _ADMISSIBLE.get(my_heuristic, (None, 0))
    except TypeError:  # not weak-referenceable (a builtin or a callable object): no memory
        seen_code, done = None, 0
    done = done if seen_code is code and code is not None else 0
    goal, (space, distances) = Board.goal(3, 3), _space_by_risk()
    doing = _("{name} on the {count:,} boards").format(name="my_heuristic", count=_SPACE_SIZE)
    limit, start = time_limit(_SWEEP_SECONDS, doing), time.monotonic()
    try:
        with limit:
            for tiles, d in zip(space[done:upto], distances[done:upto], strict=True):
                board = Board.unchecked(tiles, 3, 3)  # every tuple here is a 3x3 permutation
                try:
                    value = my_heuristic(board, goal)
                except Exception as error:
                    where = f"my_heuristic({board.text()!r}, goal)"
                    raise WrongAnswer(
                        _("{doing} raised {error_type}: {error}").format(
                            doing=where, error_type=type(error).__name__, error=error
                        ),
                        hint=_("run your function on that board yourself"),
                    ) from error
                h = value if type(value) is int else _number(value, f"my_heuristic({board.text()!r}, goal)")
                if h > d:
                    raise WrongAnswer(
                        _(
                            "not admissible: h = {h:g} on {board}, which is only {d} moves from the goal"
                        ).format(h=h, board=repr(board.text()), d=d),
                        hint=_(_ADMISSIBLE_HINT),
                    )
                done += 1
    except TooSlow as stop:
        if stop.limit is not limit:
            raise
        spent = time.monotonic() - start
        raise WrongAnswer(
            _(
                "{name} is too slow to check: the check tries it on all {total:,} solvable 3x3 boards and it "
                "covered {done:,} in {spent:.0f} s"
            ).format(name="my_heuristic", total=_SPACE_SIZE, done=done, spent=spent),
            hint=_(
                "make it faster: compute the goal's positions once (a dict from tile to (row, column)), "
                "not with goal.position inside every loop"
            ),
            reason="timeout",
        ) from None
    with contextlib.suppress(TypeError):
        _ADMISSIBLE[my_heuristic] = (code, done)


#: How many of the riskiest boards are tried before A*'s node count (the rest after it).
_FIRST_SWEEP = 5_000
_ADMISSIBLE_HINT = N_(
    "count only moves that every solution must make: a tile counted in a row's conflict and in a "
    "column's may not be charged twice, and one tile leaving a line can settle several reversed pairs"
)


@exercise(N_("an admissible heuristic that beats the Manhattan distance"))
def check_my_heuristic(my_heuristic: Callable[[Board, Board], object], *, hidden: bool = False) -> None:
    """``my_heuristic(board, goal)`` uses none of the library's heuristics, searches or exact
    distances, makes A* expand fewer nodes than with the Manhattan distance on three boards, and
    never overestimates on any of the 181,440 solvable 3x3 boards (all of them, the likeliest
    overestimates first; the hidden check reuses the visible one's sweep of the same function)."""
    refuse_library(my_heuristic, set(), hint=_("write a function of your own (def ...) that computes it"))
    used = _library_used(my_heuristic)
    expect(
        used is None,
        _("{name} uses the library's {used}: the exercise asks for a heuristic you write").format(
            name="my_heuristic", used=used
        ),
        hint=_("your own functions (such as my_manhattan) are fine; the library's heuristics are not"),
    )
    goal = Board.goal(3, 3)
    h = _number(call(my_heuristic, goal, goal), "my_heuristic(goal, goal)")  # a stub: "not answered"
    expect(h <= 0, _("not admissible: h = {h:g} on the goal itself").format(h=h), hint=_(_ADMISSIBLE_HINT))
    _sweep(my_heuristic, _FIRST_SWEEP)  # the likeliest overestimates: named before the node count
    instances = [random_solvable_board(3, 3, rng=seed) for seed in (1, 5, 16)]
    with time_limit(60, _("A* with {name} on three boards").format(name="my_heuristic")):
        # the sweep above saw it return numbers on every 3x3 board: a heuristic as astar takes one
        heuristic = cast(heuristics.Heuristic, my_heuristic)
        mine = sum(search.astar(b, heuristic=heuristic).expanded for b in instances)
    base = sum(search.astar(b, heuristic=heuristics.manhattan).expanded for b in instances)
    expect(
        mine < base,
        _(
            "A* with your heuristic expands {mine:,} nodes on three boards, "
            "with the Manhattan distance {base:,}"
        ).format(mine=mine, base=base),
        hint=_("when two tiles of one row stand in each other's way, one of them must leave the row"),
    )
    _sweep(my_heuristic)  # last: the costly part (all 181,440 boards), done once per function
