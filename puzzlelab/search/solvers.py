"""The solvers: one table of (priority, heuristic, strategy), one signature, one solve policy.

Every solver is ``solver(start, goal=None, *, heuristic=..., budget=..., seconds=..., memory=...,
record=False) -> SearchResult`` (``weighted_astar`` also takes ``weight``). Each is a row of
:data:`METHODS`: a priority ``f(g, h)`` for the best-first engine (or IDA*'s depth-first
strategy), a default heuristic and the engine's tie, goal-test and duplicate rules.
:func:`solve` picks a row by name, and ``method="auto"`` applies the one policy the widgets use
too: optimal up to 4x4, honest beyond.

>>> from puzzlelab import Board
>>> start = Board.parse("4 1 3/7 2 6/_ 5 8")
>>> astar(start, heuristic=linear_conflict).cost, bfs(start).cost
(6, 6)
>>> solve(start, method="greedy").solved
True
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias, cast

from .._validate import choice, real
from ..board import Board
from ..heuristics import (
    Heuristic,
    check_heuristic,
    heuristic_name,
    is_admissible,
    linear_conflict,
    manhattan,
    manhattan_with_blank,
    zero,
)
from .autosolver import ARTICLE_STRATEGY, article_score
from .engine import (
    DEFAULT_BUDGET,
    DEFAULT_MEMORY,
    DEFAULT_SECONDS,
    Limits,
    Outcome,
    SearchResult,
    Strategy,
    Task,
    WeightedPriority,
    check_limits,
    check_record,
    prepare,
    run,
)
from .ida import ida_events, ida_lean, ida_pattern_database

if TYPE_CHECKING:
    from .engine import Event
    from .pdb import PatternDatabase

#: A solver: ``solver(start, goal=None, *, heuristic=..., budget=..., ...) -> SearchResult``.
Solver: TypeAlias = Callable[..., SearchResult]

__all__ = [
    "METHODS",
    "Method",
    "article_solver",
    "astar",
    "bfs",
    "greedy",
    "ida_star",
    "is_admissible",
    "solve",
    "weighted_astar",
]


DEFAULT_STRATEGY = Strategy()


@dataclass(frozen=True)
class Method:
    """One way to search, with every fact :func:`_run` needs about it.

    ``priority(g, h)`` orders the best-first engine's frontier (None: IDA*'s depth-first passes,
    or weighted A*, whose priority is built from the call's ``weight``); ``heuristic`` is the
    default; ``strategy`` the engine's tie, goal-test and duplicate rules (None for IDA*, which
    has none); ``optimal_if_admissible`` says an admissible heuristic (and a weight of at most 1)
    makes it optimal; ``weight`` is the weight on ``h`` it reports (None: none, or the call's);
    ``budget`` is its default expansion budget; ``depth_first`` sends it to IDA*.
    """

    name: str
    priority: Callable[[int, float], float] | None
    heuristic: Heuristic
    strategy: Strategy | None = DEFAULT_STRATEGY
    optimal_if_admissible: bool = True
    weight: float | None = None
    budget: int = DEFAULT_BUDGET
    depth_first: bool = False


def _by_g(g: int, h: float) -> float:
    return g


def _by_h(g: int, h: float) -> float:
    return h


#: IDA*'s default expansion budget: it needs almost no memory, so seconds is its usual bound.
IDA_BUDGET = 200_000_000

#: The solvers by name: bfs is f = g, greedy f = h, A* f = g + h, the article's f = g + 2h.
METHODS: dict[str, Method] = {
    "bfs": Method("bfs", _by_g, zero),
    "greedy": Method("greedy", _by_h, manhattan, optimal_if_admissible=False),
    "astar": Method("astar", WeightedPriority(1), manhattan, weight=1.0),
    "weighted_astar": Method("weighted_astar", None, manhattan),  # f = g + w*h, w given per call
    "article": Method("article", article_score, manhattan_with_blank, ARTICLE_STRATEGY, False, weight=2.0),
    "ida_star": Method("ida_star", None, manhattan, None, weight=1.0, budget=IDA_BUDGET, depth_first=True),
}


@contextmanager
def _gc_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while a search runs, restoring it afterwards.

    Searches allocate many small tuples that form no reference cycles (reference counting frees
    them); without the pause the collector rescans them over and over. Interrupting a search
    (KeyboardInterrupt) restores the collector too.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _drain(events: Generator[Event, None, Outcome], keep: bool) -> tuple[list[Event], Outcome]:
    """Run an engine generator to its end: its events (if ``keep``) and its Outcome."""
    kept: list[Event] = []
    with _gc_paused():
        while True:
            try:
                event = next(events)
            except StopIteration as stop:
                return kept, stop.value
            if keep:
                kept.append(event)


def _run(
    method: Method,
    start: object,
    goal: object,
    *,
    heuristic: Heuristic | str,
    budget: int | None,
    seconds: float | None,
    memory: int | None,
    record: bool,
    weight: float | None = None,
) -> SearchResult:
    """The one checking path of every solver: check the arguments, run ``method``'s search and
    package a :class:`SearchResult`."""
    t0 = time.perf_counter()
    start_board, goal_board = prepare(start, goal)
    limits = check_limits(budget, seconds, memory)
    record = check_record(record)
    function = check_heuristic(heuristic)
    if method.depth_first:
        events, outcome = _run_ida(start_board, goal_board, function, limits, record)
    else:
        priority = method.priority if weight is None else WeightedPriority(weight)
        assert priority is not None  # only depth-first methods and weighted A* have none
        assert method.strategy is not None  # every best-first method has its rules
        task = Task(start_board, goal_board, priority, function, method.strategy, limits)
        events, outcome = _drain(run(task, record), record)
    admissible = is_admissible(function) and (weight is None or weight <= 1)
    return _result(outcome, start_board, events if record else None, t0, algorithm=method.name,
                   heuristic=heuristic_name(function), weight=method.weight if weight is None else weight,
                   limits=limits, optimal=method.optimal_if_admissible and admissible,
                   strategy=method.strategy)  # fmt: skip


def _run_ida(
    start: Board, goal: Board, heuristic: Heuristic, limits: Limits, record: bool
) -> tuple[list[Event], Outcome]:
    if record:
        return _drain(ida_events(start, goal, heuristic, limits), True)
    move_plan = getattr(heuristic, "move_plan", None)
    if callable(move_plan) and getattr(heuristic, "goal", None) == goal:
        # it reads its own tables for this goal (a move_plan): a PatternDatabase, or made like one
        return [], ida_pattern_database(start, goal, cast("PatternDatabase", heuristic), limits)
    return [], ida_lean(start, goal, heuristic, limits)


def _result(
    outcome: Outcome, start: Board, events: list[Event] | None, t0: float, **labels: Any
) -> SearchResult:
    solved = outcome.status == "solved"
    return SearchResult(
        status=outcome.status,
        solved=solved,
        moves=outcome.moves,
        boards=[Board.unchecked(s, start.rows, start.cols) for s in outcome.states],
        cost=len(outcome.moves) if solved else None,
        expanded=outcome.expanded,
        generated=outcome.generated,
        max_frontier=outcome.max_frontier,
        seconds=time.perf_counter() - t0,
        events=events,
        limit=outcome.limit,
        **labels,
    )


# -- the solvers: one signature, written out in each docstring ----------------------------
def bfs(
    start: Board | str,
    goal: Board | str | None = None,
    *,
    heuristic: Heuristic | str = zero,
    budget: int | None = DEFAULT_BUDGET,
    seconds: float | None = DEFAULT_SECONDS,
    memory: int | None = DEFAULT_MEMORY,
    record: bool = False,
) -> SearchResult:
    """Breadth-first search: the frontier ordered by ``g`` alone (h is computed, never used).

    Parameters
    ----------
    start : Board or str
        The board to solve (any shape from 2x2 to 16x16).
    goal : Board or str, optional
        The goal (default: the blank-last goal of ``start``'s shape).
    heuristic : callable ``h(board, goal)``
        The estimate of moves left (a built-in such as ``manhattan``, a pattern database, or a
        function of your own).
    budget : int or None
        Expansions before the search gives up (``None``: no limit).
    seconds : float or None
        CPU seconds (``time.process_time``) before it gives up (``None``: no limit); CPU time, so
        a loaded machine gives the same answer. Ctrl-C (the interrupt button) stops it at once.
    memory : int or None
        Bytes its states, frontier and recorded events may take (estimated; ``None``: no limit).
    record : bool
        Keep every event in ``result.events`` (for a replay: :class:`~puzzlelab.search.trace.Trace`).

    Returns
    -------
    SearchResult
        ``status`` "solved", "budget" (``limit`` and ``reason`` say which bound stopped it) or
        "exhausted"; the moves and boards, cost, nodes expanded and generated.

    Raises
    ------
    ValueError
        The start cannot reach the goal (with the parity explanation), the shapes differ, or a
        bound is out of range.
    TypeError
        A bound, ``record`` or ``heuristic`` of the wrong type.
    Examples
    --------
    >>> from puzzlelab import Board
    >>> bfs(Board.parse("1 2 3/4 5 6/_ 7 8")).cost
    2
    """
    return _run(METHODS["bfs"], start, goal, heuristic=heuristic, budget=budget, seconds=seconds,
                memory=memory, record=record)  # fmt: skip


def greedy(
    start: Board | str,
    goal: Board | str | None = None,
    *,
    heuristic: Heuristic | str = manhattan,
    budget: int | None = DEFAULT_BUDGET,
    seconds: float | None = DEFAULT_SECONDS,
    memory: int | None = DEFAULT_MEMORY,
    record: bool = False,
) -> SearchResult:
    """Greedy best-first search: always expand the node that looks closest (f = h). Not optimal.

    Parameters
    ----------
    start : Board or str
        The board to solve (any shape from 2x2 to 16x16).
    goal : Board or str, optional
        The goal (default: the blank-last goal of ``start``'s shape).
    heuristic : callable ``h(board, goal)``
        The estimate of moves left (a built-in such as ``manhattan``, a pattern database, or a
        function of your own).
    budget : int or None
        Expansions before the search gives up (``None``: no limit).
    seconds : float or None
        CPU seconds (``time.process_time``) before it gives up (``None``: no limit); CPU time, so
        a loaded machine gives the same answer. Ctrl-C (the interrupt button) stops it at once.
    memory : int or None
        Bytes its states, frontier and recorded events may take (estimated; ``None``: no limit).
    record : bool
        Keep every event in ``result.events`` (for a replay: :class:`~puzzlelab.search.trace.Trace`).

    Returns
    -------
    SearchResult
        ``status`` "solved", "budget" (``limit`` and ``reason`` say which bound stopped it) or
        "exhausted"; the moves and boards, cost, nodes expanded and generated.

    Raises
    ------
    ValueError
        The start cannot reach the goal (with the parity explanation), the shapes differ, or a
        bound is out of range.
    TypeError
        A bound, ``record`` or ``heuristic`` of the wrong type.
    Examples
    --------
    >>> from puzzlelab import Board
    >>> greedy(Board.parse("1 2 3/4 5 6/_ 7 8")).solved
    True
    """
    return _run(METHODS["greedy"], start, goal, heuristic=heuristic, budget=budget, seconds=seconds,
                memory=memory, record=record)  # fmt: skip


def astar(
    start: Board | str,
    goal: Board | str | None = None,
    *,
    heuristic: Heuristic | str = manhattan,
    budget: int | None = DEFAULT_BUDGET,
    seconds: float | None = DEFAULT_SECONDS,
    memory: int | None = DEFAULT_MEMORY,
    record: bool = False,
) -> SearchResult:
    """A* search: f = g + h. Optimal when ``heuristic`` never overestimates.

    Parameters
    ----------
    start : Board or str
        The board to solve (any shape from 2x2 to 16x16).
    goal : Board or str, optional
        The goal (default: the blank-last goal of ``start``'s shape).
    heuristic : callable ``h(board, goal)``
        The estimate of moves left (a built-in such as ``manhattan``, a pattern database, or a
        function of your own).
    budget : int or None
        Expansions before the search gives up (``None``: no limit).
    seconds : float or None
        CPU seconds (``time.process_time``) before it gives up (``None``: no limit); CPU time, so
        a loaded machine gives the same answer. Ctrl-C (the interrupt button) stops it at once.
    memory : int or None
        Bytes its states, frontier and recorded events may take (estimated; ``None``: no limit).
    record : bool
        Keep every event in ``result.events`` (for a replay: :class:`~puzzlelab.search.trace.Trace`).

    Returns
    -------
    SearchResult
        ``status`` "solved", "budget" (``limit`` and ``reason`` say which bound stopped it) or
        "exhausted"; the moves and boards, cost, nodes expanded and generated.

    Raises
    ------
    ValueError
        The start cannot reach the goal (with the parity explanation), the shapes differ, or a
        bound is out of range.
    TypeError
        A bound, ``record`` or ``heuristic`` of the wrong type.
    Examples
    --------
    >>> from puzzlelab import Board
    >>> astar(Board.parse("1 2 3/4 5 6/_ 7 8")).cost
    2
    """
    return _run(METHODS["astar"], start, goal, heuristic=heuristic, budget=budget, seconds=seconds,
                memory=memory, record=record)  # fmt: skip


def check_weight(weight: object) -> float:
    """``weight`` as a float in [0, 1000]; TypeError/ValueError naming it."""
    return real("weight", weight, low=0, high=1000)


def weighted_astar(
    start: Board | str,
    goal: Board | str | None = None,
    *,
    weight: float = 1.0,
    heuristic: Heuristic | str = manhattan,
    budget: int | None = DEFAULT_BUDGET,
    seconds: float | None = DEFAULT_SECONDS,
    memory: int | None = DEFAULT_MEMORY,
    record: bool = False,
) -> SearchResult:
    """Weighted A*: f = g + w*h. w = 0 is uniform-cost search, w = 1 is A*, larger w is greedier;
    with an admissible heuristic the cost is at most w times the optimum (``weight``: 0..1000).

    Parameters
    ----------
    start : Board or str
        The board to solve (any shape from 2x2 to 16x16).
    goal : Board or str, optional
        The goal (default: the blank-last goal of ``start``'s shape).
    heuristic : callable ``h(board, goal)``
        The estimate of moves left (a built-in such as ``manhattan``, a pattern database, or a
        function of your own).
    budget : int or None
        Expansions before the search gives up (``None``: no limit).
    seconds : float or None
        CPU seconds (``time.process_time``) before it gives up (``None``: no limit); CPU time, so
        a loaded machine gives the same answer. Ctrl-C (the interrupt button) stops it at once.
    memory : int or None
        Bytes its states, frontier and recorded events may take (estimated; ``None``: no limit).
    record : bool
        Keep every event in ``result.events`` (for a replay: :class:`~puzzlelab.search.trace.Trace`).

    Returns
    -------
    SearchResult
        ``status`` "solved", "budget" (``limit`` and ``reason`` say which bound stopped it) or
        "exhausted"; the moves and boards, cost, nodes expanded and generated.

    Raises
    ------
    ValueError
        The start cannot reach the goal (with the parity explanation), the shapes differ, or a
        bound is out of range.
    TypeError
        A bound, ``record`` or ``heuristic`` of the wrong type.
    Examples
    --------
    >>> from puzzlelab import Board
    >>> weighted_astar(Board.parse("1 2 3/4 5 6/_ 7 8"), weight=2.5).cost
    2
    """
    w = check_weight(weight)
    return _run(METHODS["weighted_astar"], start, goal, heuristic=heuristic, budget=budget,
                seconds=seconds, memory=memory, record=record, weight=w)  # fmt: skip


def article_solver(
    start: Board | str,
    goal: Board | str | None = None,
    *,
    heuristic: Heuristic | str = manhattan_with_blank,
    budget: int | None = DEFAULT_BUDGET,
    seconds: float | None = DEFAULT_SECONDS,
    memory: int | None = DEFAULT_MEMORY,
    record: bool = False,
) -> SearchResult:
    """The fourth seed article's 8-puzzle solver: f = g + 2h with the blank counted in h,
    newest first on ties, a blacklist of expanded boards, stop when the goal is generated.
    Never guaranteed optimal (see :mod:`puzzlelab.search.autosolver`).

    Parameters
    ----------
    start : Board or str
        The board to solve (any shape from 2x2 to 16x16).
    goal : Board or str, optional
        The goal (default: the blank-last goal of ``start``'s shape).
    heuristic : callable ``h(board, goal)``
        The estimate of moves left (a built-in such as ``manhattan``, a pattern database, or a
        function of your own).
    budget : int or None
        Expansions before the search gives up (``None``: no limit).
    seconds : float or None
        CPU seconds (``time.process_time``) before it gives up (``None``: no limit); CPU time, so
        a loaded machine gives the same answer. Ctrl-C (the interrupt button) stops it at once.
    memory : int or None
        Bytes its states, frontier and recorded events may take (estimated; ``None``: no limit).
    record : bool
        Keep every event in ``result.events`` (for a replay: :class:`~puzzlelab.search.trace.Trace`).

    Returns
    -------
    SearchResult
        ``status`` "solved", "budget" (``limit`` and ``reason`` say which bound stopped it) or
        "exhausted"; the moves and boards, cost, nodes expanded and generated.

    Raises
    ------
    ValueError
        The start cannot reach the goal (with the parity explanation), the shapes differ, or a
        bound is out of range.
    TypeError
        A bound, ``record`` or ``heuristic`` of the wrong type.
    Examples
    --------
    >>> from puzzlelab import Board
    >>> article_solver(Board.parse("1 2 3/4 5 6/_ 7 8")).moves
    ['R', 'R']
    """
    return _run(METHODS["article"], start, goal, heuristic=heuristic, budget=budget, seconds=seconds,
                memory=memory, record=record)  # fmt: skip


def ida_star(
    start: Board | str,
    goal: Board | str | None = None,
    *,
    heuristic: Heuristic | str = manhattan,
    budget: int | None = IDA_BUDGET,
    seconds: float | None = DEFAULT_SECONDS,
    memory: int | None = DEFAULT_MEMORY,
    record: bool = False,
) -> SearchResult:
    """IDA*: depth-first passes under a rising bound on f = g + h; optimal when ``heuristic``
    never overestimates. Memory grows with the depth only (``memory`` bounds recorded events);
    ``max_frontier`` reports the deepest path held.

    Parameters
    ----------
    start : Board or str
        The board to solve (any shape from 2x2 to 16x16).
    goal : Board or str, optional
        The goal (default: the blank-last goal of ``start``'s shape).
    heuristic : callable ``h(board, goal)``
        The estimate of moves left (a built-in such as ``manhattan``, a pattern database, or a
        function of your own).
    budget : int or None
        Expansions before the search gives up (``None``: no limit).
    seconds : float or None
        CPU seconds (``time.process_time``) before it gives up (``None``: no limit); CPU time, so
        a loaded machine gives the same answer. Ctrl-C (the interrupt button) stops it at once.
    memory : int or None
        Bytes its states, frontier and recorded events may take (estimated; ``None``: no limit).
    record : bool
        Keep every event in ``result.events`` (for a replay: :class:`~puzzlelab.search.trace.Trace`).

    Returns
    -------
    SearchResult
        ``status`` "solved", "budget" (``limit`` and ``reason`` say which bound stopped it) or
        "exhausted"; the moves and boards, cost, nodes expanded and generated.

    Raises
    ------
    ValueError
        The start cannot reach the goal (with the parity explanation), the shapes differ, or a
        bound is out of range.
    TypeError
        A bound, ``record`` or ``heuristic`` of the wrong type.
    Examples
    --------
    >>> from puzzlelab import Board
    >>> ida_star(Board.parse("1 2 3/4 5 6/_ 7 8"), budget=100).cost
    2
    """
    return _run(METHODS["ida_star"], start, goal, heuristic=heuristic, budget=budget, seconds=seconds,
                memory=memory, record=record)  # fmt: skip


SOLVERS: dict[str, Solver] = {
    "bfs": bfs,
    "greedy": greedy,
    "astar": astar,
    "weighted_astar": weighted_astar,
    "article": article_solver,
    "ida_star": ida_star,
}

#: Weight used by ``solve(method="auto")`` on boards larger than 4x4 (fast, not optimal).
AUTO_LARGE_WEIGHT = 3.0


def auto_plan(board: Board, goal: Board) -> tuple[str, Solver, dict[str, Any]]:
    """The "auto" policy for ``board``: (a label, the solver, its options).

    Up to 12 cells: A* with linear conflict. 4x4: IDA* with the reflected pattern database
    (optimal in about a second on most boards). Other boards of up to 16 cells: IDA* with
    linear conflict. Larger: weighted A* (w = 3, linear conflict), not optimal.
    """
    if board.size <= 12:
        return "A*, linear conflict", astar, {"heuristic": linear_conflict}
    if board.shape == (4, 4):
        from .pdb import pattern_database

        reflect = goal.blank % 5 == 0
        pdb = pattern_database(goal, reflect=reflect, progress=None)
        return "IDA*, pattern database", ida_star, {"heuristic": pdb}
    if board.size <= 16:
        return "IDA*, linear conflict", ida_star, {"heuristic": linear_conflict}
    return (
        f"weighted A*, w={AUTO_LARGE_WEIGHT:g}",
        weighted_astar,
        {
            "heuristic": linear_conflict,
            "weight": AUTO_LARGE_WEIGHT,
        },
    )


def solve(
    start: Board | str,
    goal: Board | str | None = None,
    *,
    method: str = "auto",
    heuristic: Heuristic | str | None = None,
    weight: float | None = None,
    budget: int | str | None = "default",
    seconds: float | None = DEFAULT_SECONDS,
    memory: int | None = DEFAULT_MEMORY,
    record: bool = False,
) -> SearchResult:
    """Solve ``start`` with the solver named ``method``, or by the "auto" policy.

    Parameters
    ----------
    start, goal : Board or str
        As for every solver (``goal`` defaults to the blank-last goal).
    method : str
        ``"auto"`` (see :func:`auto_plan`: optimal up to 4x4, weighted A* beyond, whose result
        says ``optimal=False``) or a key of :data:`SOLVERS`: "bfs", "greedy", "astar",
        "weighted_astar", "article", "ida_star".
    heuristic : callable, optional
        Overrides the method's default heuristic.
    weight : float, optional
        For "weighted_astar" (default 1).
    budget : int, None or "default"
        Expansions before it gives up: ``None`` means no limit (as in every solver); the default,
        ``"default"``, is the chosen solver's own (:data:`DEFAULT_BUDGET`, or IDA*'s larger
        ``IDA_BUDGET``).
    seconds, memory : float, int or None
        CPU seconds and bytes, as for every solver (``None``: no limit).
    record : bool
        Keep the events.

    Returns
    -------
    SearchResult

    Raises
    ------
    ValueError, TypeError
        An unknown method or a bad argument (see the solvers).

    Examples
    --------
    >>> solve(Board.parse("1 2 3/4 5 6/7 _ 8")).moves
    ['R']
    """
    choice("method", method, ["auto", *SOLVERS])
    options: dict[str, Any] = {"seconds": seconds, "memory": memory, "record": record}
    if not (isinstance(budget, str) and budget == "default"):
        options["budget"] = budget  # None (no limit) or a number, checked by the solver
    if method == "auto":
        board, goal_board = prepare(start, goal)
        _, solver, chosen = auto_plan(board, goal_board)
        chosen.update({k: v for k, v in (("heuristic", heuristic), ("weight", weight)) if v is not None})
        return solver(board, goal_board, **chosen, **options)
    if heuristic is not None:
        options["heuristic"] = heuristic
    if weight is not None:
        if method != "weighted_astar":
            raise ValueError(f"weight is for method='weighted_astar', not {method!r}")
        options["weight"] = weight
    return SOLVERS[method](start, goal, **options)
