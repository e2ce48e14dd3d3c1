"""Checks for lesson 04 (weights): each computes the truth with the library, never prints it."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from fractions import Fraction

from .. import search
from ..board import Board
from ..heuristics import manhattan
from ..i18n import N_
from ..i18n import gettext as _
from ..lesson_tools import exact_distance, iteration_work
from ..shuffles import random_solvable_board
from ._core import (
    WrongAnswer,
    call,
    call_within,
    exercise,
    expect,
    plain,
    refuse_library,
    same,
    short,
    time_limit,
)

__all__ = [
    "check_iterations",
    "check_optimum_range",
    "check_priorities",
    "check_smallest_half_weight",
    "check_weighted_astar",
    "lesson_puzzles",
]

WEIGHTS = (1, 1.25, 1.5, 2, 3, 5, 10)


def lesson_puzzles() -> list[Board]:
    """The lesson's 20 puzzles: uniformly random solvable 8-puzzles with seeds 0..19."""
    return [random_solvable_board(3, 3, rng=seed) for seed in range(20)]


@exercise(N_("weighted A* in fifteen lines"))
def check_weighted_astar(
    my_weighted_astar: Callable[[Board, Board, float], object], *, hidden: bool = False
) -> None:
    """``my_weighted_astar(start, goal, w)`` returns ``(solution length, nodes expanded)`` equal
    to ``search.weighted_astar``'s on the lesson's puzzles."""
    puzzles, goal = lesson_puzzles(), Board.goal(3, 3)
    cases = (
        [(p, w) for p in puzzles for w in (1, 1.5, 3)]
        if hidden
        else [(puzzles[k], w) for k in (1, 16) for w in (1, 2, 5)]
    )
    for start, w in cases:
        truth = search.weighted_astar(start, goal, weight=w, heuristic=manhattan)
        assert truth.cost is not None  # weighted A* solves every solvable 3x3 board within its bounds
        got = plain(
            call_within(30, my_weighted_astar, start, goal, w),
            where="my_weighted_astar",
            returns=_("a tuple (solution length, nodes expanded)"),
        )
        if not isinstance(got, tuple | list) or len(got) != 2:
            raise WrongAnswer(
                _("{name} should return (solution length, nodes expanded), got {value}").format(
                    name="my_weighted_astar", value=short(got)
                ),
                hint=_("return g, expanded when the goal comes off the heap"),
            )
        same(
            got[0],
            truth.cost,
            where=_("start {start}, w = {w} (solution length)").format(start=repr(start.text()), w=w),
            hint=_length_hint(got[0], truth.cost, w),
        )
        same(
            got[1],
            truth.expanded,
            where=_("start {start}, w = {w} (nodes expanded)").format(start=repr(start.text()), w=w),
            hint=_expanded_hint(got[1], truth.expanded),
        )


def _length_hint(got: object, want: int, w: float) -> str:
    if got == want - 1 or got == want + 1:
        return _("off by one: the length is the number of moves (g of the goal), not of boards")
    return _("test for the goal when a board comes OFF the heap, not when it is generated; f = g + w * h")


def _expanded_hint(got: object, want: int) -> str:
    if got == want + 1:
        return _("off by one: the goal itself is taken off the heap but not expanded")
    return _("skip stale heap entries without counting them; break ties by larger g, then by age")


@exercise(N_("how much weight halves the work"))
def check_smallest_half_weight(
    smallest_half_weight: Callable[[Board, tuple[float, ...]], object], *, hidden: bool = False
) -> None:
    """``smallest_half_weight(board, weights)``: the smallest weight in ``weights`` with which
    weighted A* expands fewer than half the nodes A* (w = 1) expands on ``board``; None if none does."""
    puzzles = lesson_puzzles()
    for index in range(10) if hidden else (6, 0):
        board = puzzles[index]
        limit = search.astar(board).expanded / 2
        truth = next((w for w in WEIGHTS if search.weighted_astar(board, weight=w).expanded < limit), None)
        same(
            call_within(30, smallest_half_weight, board, WEIGHTS),
            truth,
            where=_("puzzle {index} ({board})").format(index=index, board=repr(board.text())),
            reveal=False,
            floats=True,
            hint=_(
                "run weighted_astar with each weight in order (the smallest first), compare .expanded with "
                "half of A*'s (fewer than half: strictly); None if no weight does"
            ),
        )


PRIORITY_NAMES = ("bfs", "astar", "w3", "h_first")

#: A weight so large that h decides and g only breaks ties (lesson 04, section 8).
HUGE_WEIGHT = 1000


def _named_search(name: str, board: Board) -> search.SearchResult:
    if name == "bfs":
        return search.bfs(board)
    if name == "astar":
        return search.astar(board)
    if name == "w3":
        return search.weighted_astar(board, weight=3)
    return search.weighted_astar(board, weight=HUGE_WEIGHT)  # h first, ties to the smaller g


def _priority(chosen: Mapping[object, object], name: str) -> Callable[[int, float], float]:
    """The student's priority for ``name``, checked to be a function of (g, h) giving a number."""
    f = chosen[name]
    if not callable(f):
        raise WrongAnswer(
            _("{entry} is {value}, not a function").format(entry=f'priorities()["{name}"]', value=short(f)),
            hint=_("give a function of g and h, e.g. lambda g, h: g"),
        )
    where = f'priorities()["{name}"](g=3, h=7)'
    try:
        value = plain(f(3, 7), where=where, returns=_("a number"))
    except WrongAnswer:
        raise
    except Exception as error:
        raise WrongAnswer(
            _("{doing} raised {error_type}: {error}").format(
                doing=where, error_type=type(error).__name__, error=error
            ),
            hint=_("a priority takes two numbers, g and h"),
        ) from error
    expect(
        type(value) is int or type(value) is float,
        _("{where} returned {value}, not a number").format(where=where, value=short(value)),
        hint=_("a priority is one number: the frontier expands the smallest first"),
    )
    entry = f'priorities()["{name}"]'

    def number(
        g: int, h: float
    ) -> float:  # the engine sorts plain numbers: no object of the student's own can steer it
        got = plain(f(g, h), where=entry, returns=_("a number"))
        if type(got) is not int and type(got) is not float:  # (no message built for the many right values)
            raise WrongAnswer(
                _("{where} returned {value}, not a number").format(where=entry, value=short(got))
            )
        return got

    return number


_HINT = N_("f is what the frontier sorts by: which of g and h does this search use, and how much?")
_HINTS = {
    # the natural wrong answer `lambda g, h: h` falls into the engine's tie rule
    "h_first": N_(
        "h decides, and among boards with equal h the smaller g goes first; the engine's own tie "
        "rule takes the LARGER g first, so f = h alone is not enough: let g break the ties inside f itself "
        "(without ever outweighing a difference in h)"
    ),
}


@exercise(N_("one engine, four searches"))
def check_priorities(priorities: Callable[[], object], *, hidden: bool = False) -> None:
    """``priorities()`` returns ``{"bfs": f, "astar": f, "w3": f, "h_first": f}``, each ``f(g, h)``
    a priority with which the one best-first engine expands exactly as many nodes as the named
    search: breadth-first, A*, weighted A* with w = 3, and "h decides, ties go to the smaller g"
    (weighted A* with a huge weight)."""
    chosen = call(priorities)
    if not isinstance(chosen, dict):
        raise WrongAnswer(
            _("{call} should return a dict, got {value}").format(call="priorities()", value=short(chosen))
        )
    missing = [name for name in PRIORITY_NAMES if name not in chosen]
    expect(
        not missing,
        _("{call} has no entry for {names}").format(call="priorities()", names=missing),
        hint=_("give all of {names}").format(names=list(PRIORITY_NAMES)),
    )
    functions = {name: _priority(chosen, name) for name in PRIORITY_NAMES}
    puzzles = lesson_puzzles()
    boards = puzzles[10:16] if hidden else [puzzles[16], puzzles[1]]
    for name in ("astar", "w3", "h_first", "bfs"):  # breadth-first search, the slowest, last
        # breadth-first search is slow to replay: only the two shallowest boards
        for board in sorted(boards, key=exact_distance)[:2] if name == "bfs" else boards:
            doing = _("the engine with {entry} on {board}").format(
                entry=f'priorities()["{name}"]', board=repr(board.text())
            )
            with time_limit(60, doing):
                events = search.best_first_events(board, priority=functions[name])
                expanded = sum(event.kind == "expand" for event in events)
            same(
                expanded,
                _named_search(name, board).expanded,
                where=_("{name} on {board} (nodes expanded)").format(
                    name=f'"{name}"', board=repr(board.text())
                ),
                hint=_(_HINTS.get(name, _HINT)),
            )


def _optimum_range(length: int, w: float) -> tuple[int, int]:
    """Smallest and largest optimum compatible with a ``length``-move solution found with weight
    ``w`` >= 1: length <= w * optimum, and every solution of a board has the same parity."""
    smallest = math.ceil(Fraction(length) / Fraction(str(w)))
    if (smallest - length) % 2:
        smallest += 1
    return smallest, length


@exercise(N_("reading the bound backwards"))
def check_optimum_range(optimum_range: Callable[[int, float], object], *, hidden: bool = False) -> None:
    """``optimum_range(length, w)`` gives the smallest and largest possible optimal length of a
    puzzle on which weighted A* (admissible h, weight ``w`` >= 1) returned ``length`` moves."""
    cases = [(41, 2.5), (30, 2), (25, 1.5)]
    if hidden:
        cases += [(length, w) for length in (12, 33, 48, 57) for w in (1, 1.25, 3, 4.5)]
    for length, w in cases:
        got = call(optimum_range, length, w)
        same(
            got,
            _optimum_range(length, w),
            where=_("length = {length}, w = {w}").format(length=length, w=w),
            reveal=False,
            hint=_range_hint(plain(got), length, w),
        )


def _range_hint(got: object, length: int, w: float) -> str:
    """Name the slip: the bound read the wrong way, the parity forgotten, rounding down, the pair reversed."""
    smallest, largest = _optimum_range(length, w)
    if not isinstance(got, tuple | list) or len(got) != 2:
        return _("return a pair: (smallest, largest)")
    low, high = got
    if (low, high) == (largest, smallest):
        return _("the pair reversed: the smallest first")
    if any(isinstance(x, int | float) and x > length for x in (low, high)):
        return _("the wrong direction: the optimum is at most the length found, never more")
    if low == math.ceil(Fraction(length) / Fraction(str(w))):
        return _("lesson 02: all solutions of one board have the same parity as the optimum")
    if low == math.floor(Fraction(length) / Fraction(str(w))):
        return _("round up, not down: the optimum is a whole number of moves at least length / w")
    return _(
        "the bound says length <= w * optimum; and lesson 02: all solutions of one board have the same parity"
    )


@exercise(N_("predict IDA*'s iterations"))
def check_iterations(predict_iterations: Callable[[Board], object], *, hidden: bool = False) -> None:
    """``predict_iterations(board)``: the number of iterations IDA* with Manhattan needs on
    ``board`` (blank-last goal), computed without running IDA*."""
    refuse_library(
        predict_iterations,
        {"ida_star", "ida_star_events", "iteration_work"},
        hint=_("compute it from h(start) and the optimum, without running IDA*"),
    )
    puzzles = lesson_puzzles()
    for index in range(20) if hidden else (3, 0, 16):
        board = puzzles[index]
        bounds, _work = iteration_work(search.ida_star_events(board))
        got = call(predict_iterations, board)
        same(
            got,
            len(bounds),
            where=_("puzzle {index} ({board})").format(index=index, board=repr(board.text())),
            reveal=False,
            hint=_iterations_hint(plain(got), len(bounds)),
        )


def _iterations_hint(got: object, want: int) -> str:
    if got in (want - 1, want + 1):
        return _("off by one: count the first bound, h(start), and the last, the optimum, both")
    if got == 2 * want - 1 or got == 2 * (want - 1):
        return _(
            "the bound rises by 2 each time (lesson 02: every solution has the optimum's parity), not by 1"
        )
    return _("the first bound is h(start), the last is the optimum; by how much does it rise?")
