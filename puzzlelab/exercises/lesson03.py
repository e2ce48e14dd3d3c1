"""Checks for lesson 03 (search): each computes the truth with the library, never prints it.

>>> from puzzlelab import heuristics
>>> check_manhattan(heuristics.manhattan)
correct: Manhattan distance
"""

from __future__ import annotations

import types

import numpy as np

from .. import heuristics, search
from ..board import Board
from ..lesson_tools import exact_distance
from ..shuffles import shuffle_board, uniform_solvable
from ._core import WrongAnswer, call, exercise, expect, same

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


def _as_board(value, where: str) -> Board:
    """A student's board, given as a Board or as text such as "1 2 3/4 5 6/7 _ 8"."""
    if isinstance(value, Board):
        return value
    try:
        return Board.parse(value)
    except (TypeError, ValueError) as error:
        raise WrongAnswer(
            f"{where} returned {value!r}, which is not a board ({error})",
            hint='return a Board or text such as "1 2 3/4 5 6/7 _ 8"',
        ) from None


def _solvable_3x3(board: Board, where: str) -> None:
    expect(
        board.shape == (3, 3), f"{where} returned a {board.rows}x{board.cols} board", hint="give a 3x3 board"
    )
    expect(
        exact_distance(board) >= 0,
        f"{where} returned {board.text()}, which cannot reach the goal",
        hint="lesson 02: swap two tiles (not the blank) to fix its parity",
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
    return cases


@exercise("Manhattan distance")
def check_manhattan(my_manhattan, *, hidden=False):
    """``my_manhattan(board, goal)`` equals ``heuristics.manhattan`` on boards of several shapes
    and both goal conventions."""
    for board, goal in _manhattan_cases(hidden):
        same(
            call(my_manhattan, board, goal),
            heuristics.manhattan(board, goal),
            where=f"board {board.text()!r} and goal {goal.text()!r}",
            hint="skip the blank (0); use the goal's position of each tile, not the board's index",
        )


@exercise("greedy best-first: extra moves")
def check_greedy_extra(greedy_extra_moves, *, hidden=False):
    """``greedy_extra_moves(board)`` is greedy best-first search's solution length minus the
    optimum, on solvable 3x3 boards."""
    boards = [Board.parse("8 7 3/1 _ 4/6 2 5"), LESSON_EXAMPLE]
    boards += [uniform_solvable(3, 3, rng=seed) for seed in (range(100, 112) if hidden else (7, 8))]
    for board in boards:
        got, run, optimum = call(greedy_extra_moves, board), search.greedy(board), exact_distance(board)
        same(got, run.cost - optimum, where=f"board {board.text()!r}", reveal=False,
             hint=_greedy_extra_hint(got, run, optimum))  # fmt: skip


def _greedy_extra_hint(got: object, run: search.SearchResult, optimum: int) -> str:
    """What a wrong ``greedy_extra_moves`` answer most likely missed, without the recipe."""

    def equals(value: object) -> bool:
        try:
            return bool(got == value)
        except Exception:  # e.g. an array: not one of the usual slips
            return False

    if equals(run.cost):
        return ("that is the whole length of greedy's solution; the exercise asks how much longer it is "
                "than the optimum")  # fmt: skip
    if run.cost is not None and equals(optimum - run.cost):
        return "the sign: greedy's solution is never shorter than the optimum"
    if equals(optimum):
        return "that is the optimum alone; greedy's solution length is the other half of the comparison"
    if equals(run.expanded):
        return "that counts the nodes greedy expanded; the exercise is about the moves of its solution"
    return "compare the length of greedy's solution with the optimum, the true distance (section 1)"


@exercise("a board where manhattan + misplaced overestimates")
def check_overestimate(overestimate_board, *, hidden=False):
    """``overestimate_board()`` returns a solvable 3x3 board, at least
    :data:`OVERESTIMATE_MIN_DISTANCE` moves from the goal, whose manhattan + misplaced exceeds its
    true distance to the goal."""
    board = _as_board(call(overestimate_board), "overestimate_board()")
    _solvable_3x3(board, "overestimate_board()")
    h = heuristics.manhattan(board) + heuristics.misplaced(board)
    d = exact_distance(board)
    expect(
        d >= OVERESTIMATE_MIN_DISTANCE,
        f"{board.text()} is only {d} moves from the goal; find one at least {OVERESTIMATE_MIN_DISTANCE} away",
        hint="random boards (shuffles.uniform_solvable) are mostly 20 or more moves away",
    )
    expect(
        h > d,
        f"on {board.text()} h = manhattan + misplaced = {h}, and the board is {d} moves from the goal: "
        "h does not overestimate there",
        hint="try more boards: compare h with exact_distance(board) on each",
    )


@exercise("a detour of the article's solver")
def check_article_detour(article_detour, *, hidden=False):
    """``article_detour()`` returns a solvable 3x3 board, at most :data:`DETOUR_MAX_DISTANCE`
    moves from the goal, on which the article's solver returns a solution longer than the optimum."""
    board = _as_board(call(article_detour), "article_detour()")
    _solvable_3x3(board, "article_detour()")
    d = exact_distance(board)
    expect(
        d <= DETOUR_MAX_DISTANCE,
        f"{board.text()} is {d} moves from the goal; find one at most {DETOUR_MAX_DISTANCE} moves away",
        hint="uniformly random boards are about 22 moves away; lesson 01's random slides start at the goal",
    )
    found = search.article_solver(board).cost
    expect(
        found > d,
        f"on {board.text()} the article's solver finds a {found}-move solution, and that is optimal",
        hint="detours this close to the goal are rare: try many boards",
    )


def _sample_boards(count: int, seed: int) -> list[Board]:
    return [uniform_solvable(3, 3, rng=seed * 100_000 + k) for k in range(count)]


_LIBRARY = ("puzzlelab.heuristics", "puzzlelab.search", "puzzlelab.lesson_tools")


def _is_library(obj: object) -> bool:
    """True for the library's heuristics, searches and exact distances (modules or their contents)."""
    name = obj.__name__ if isinstance(obj, types.ModuleType) else getattr(obj, "__module__", None)
    return isinstance(name, str) and name.startswith(_LIBRARY)


def _codes(code: types.CodeType):
    yield code
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from _codes(const)


def _filled(cell) -> bool:
    try:
        cell.cell_contents  # noqa: B018 (an empty cell raises)
    except ValueError:
        return False
    return True


def _library_used(fn: object, seen: set | None = None) -> str | None:
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
            return getattr(value, "__name__", repr(value))
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
    try:
        return float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        hint = "return the estimated number of moves left, a whole number"
        raise WrongAnswer(f"{where} returned {value!r}, not a number", hint=hint) from None


@exercise("an admissible heuristic that beats the Manhattan distance")
def check_my_heuristic(my_heuristic, *, hidden=False):
    """``my_heuristic(board, goal)`` uses none of the library's heuristics, searches or exact
    distances, never overestimates on sampled 3x3 boards, and makes A* expand fewer nodes than
    with the Manhattan distance on three boards."""
    used = _library_used(my_heuristic)
    expect(
        used is None,
        f"my_heuristic uses the library's {used}: the exercise asks for a heuristic you write",
        hint="your own functions (such as my_manhattan) are fine; the library's heuristics are not",
    )
    goal = Board.goal(3, 3)
    for board in [goal, *_sample_boards(3000 if hidden else 300, 4 if hidden else 3)]:
        h = _number(call(my_heuristic, board, goal), f"my_heuristic({board.text()!r}, goal)")
        d = exact_distance(board)
        expect(
            h <= d,
            f"not admissible: h = {h:g} on {board.text()!r}, which is only {d} moves from the goal",
            hint="count only moves that every solution must make",
        )
    instances = [uniform_solvable(3, 3, rng=seed) for seed in (1, 5, 16)]
    mine = sum(search.astar(b, heuristic=my_heuristic).expanded for b in instances)
    base = sum(search.astar(b, heuristic=heuristics.manhattan).expanded for b in instances)
    expect(
        mine < base,
        f"A* with your heuristic expands {mine:,} nodes on three boards, "
        f"with the Manhattan distance {base:,}",
        hint="when two tiles of one row stand in each other's way, one of them must leave the row",
    )
