"""IDA*: depth-first search under an f-bound that rises to the smallest f that exceeded it.

Memory grows only with the depth of the path, which is what lets it solve 15-puzzles with a
pattern database. Each new bound is a ``"bound"`` event; a child whose f exceeds the bound is a
``"skip"`` event.

Three runs of one algorithm, tested to expand the same nodes in the same order as the plain
recursive :func:`puzzlelab.search.textbook.ida_star`: :func:`ida_events` yields events (for
recording and replay), :func:`ida_lean` yields nothing and runs any heuristic through its
incremental form, and :func:`ida_pattern_database` is the same search with the pattern
database's look-ups written into the loop (the 15-puzzle's hot path).

>>> from puzzlelab import Board
>>> from puzzlelab.search import ida_star
>>> result = ida_star(Board.parse("1 2 3/4 5 6/_ 7 8"))
>>> result.moves, result.optimal
(['R', 'R'], True)

Reference: Korf (1985), "Depth-first iterative-deepening: an optimal admissible tree search".
"""

from __future__ import annotations

import itertools
import math
import sys
import time
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, TypeAlias

from ..board import BLANK, Board, neighbour_table
from ..heuristics import Heuristic, Incremental, State, heuristic_name, incremental
from .engine import Event, Limits, Node, Outcome, node_bytes

if TYPE_CHECKING:
    from .pdb import PatternDatabase

__all__ = ["ida_events", "ida_lean", "ida_pattern_database", "ida_star_events"]

FOUND = -1  #: what a depth-first pass returns when it reaches the goal (else the next bound)
#: The move's name for each (blank cell, cell it moves to).
Names: TypeAlias = dict[tuple[int, int], str]


class _Stop(Exception):
    """Raised inside a pass when a bound is reached: ``limit`` says which."""

    def __init__(self, limit: str):
        super().__init__(limit)
        self.limit = limit


class _Counts:
    """Nodes expanded and generated so far, and the bound checks (shared by every depth)."""

    __slots__ = ("budget", "deadline", "expanded", "generated", "max_depth", "node_cap")

    def __init__(self, limits: Limits, node_cap: float = math.inf):
        self.expanded = self.generated = 0
        self.max_depth = 1
        self.budget, self.deadline, self.node_cap = limits.expansions(), limits.deadline(), node_cap

    def expand(self, events: int = 0) -> None:
        """Count one expansion, first checking the bounds (raises :class:`_Stop`)."""
        if self.expanded >= self.budget:
            raise _Stop("budget")
        if events >= self.node_cap:
            raise _Stop("memory")
        if not self.expanded & 1023 and time.process_time() > self.deadline:
            raise _Stop("seconds")
        self.expanded += 1


def _moves(shape: tuple[int, int]) -> tuple[list[tuple[int, ...]], Names]:
    """For each blank cell the cells it can move to, and the move's name for each (blank, cell)."""
    table = neighbour_table(*shape)
    names = {(b, c): m for b, options in enumerate(table) for m, c in options}
    return [tuple(c for _, c in options) for options in table], names


def _outcome(
    status: str, limit: str | None, start: Board, cells: list[int], names: Names, counts: _Counts
) -> Outcome:
    """Package a run; ``cells`` is the blank's cell along the solution path (start first)."""
    if status != "solved":
        return Outcome(status, limit, [], [], counts.expanded, counts.generated, counts.max_depth)
    states, moves, tiles = [start.tiles], [], list(start.tiles)
    for b, c in itertools.pairwise(cells):
        tiles[b], tiles[c] = tiles[c], BLANK
        states.append(tuple(tiles))
        moves.append(names[(b, c)])
    return Outcome(status, limit, states, moves, counts.expanded, counts.generated, counts.max_depth)


def _deep_enough(depth: int) -> None:
    """Let the recursion reach ``depth`` (IDA* recurses once per move of the path)."""
    if sys.getrecursionlimit() < depth + 200:
        sys.setrecursionlimit(depth + 200)


# -- with events ---------------------------------------------------------------------------
def ida_events(
    start: Board, goal: Board, heuristic: Heuristic, limits: Limits
) -> Generator[Event, None, Outcome]:
    """IDA* yielding an event for every node it touches; returns the :class:`Outcome`.

    The engine under :func:`ida_star_events` and ``ida_star(..., record=True)``: a ``"bound"``
    event starts each pass, then ``"expand"``, ``"generate"`` (a child within the bound) and
    ``"skip"`` (a child past it) events, and a last ``"solved"``, ``"budget"`` or
    ``"exhausted"``.

    Parameters
    ----------
    start : Board
        The board to solve.
    goal : Board
        The goal: the same shape, reachable from ``start`` (not checked here: the solvers check
        it, and an unreachable goal would run until a bound stops it).
    heuristic : callable ``h(board, goal)``
        Any heuristic (run through its incremental form, :func:`puzzlelab.heuristics.incremental`).
    limits : Limits
        The bounds on expansions, seconds and bytes of recorded events.

    Returns
    -------
    generator of Event
        Its return value (``StopIteration.value``) is the :class:`Outcome`: status, moves,
        states, nodes expanded and generated, and the deepest path as ``max_frontier``.

    Examples
    --------
    >>> from puzzlelab import Board
    >>> from puzzlelab.heuristics import manhattan
    >>> from puzzlelab.search import Limits
    >>> run = ida_events(Board.parse("1 2 3/4 5 6/7 _ 8"), Board.goal(3, 3), manhattan, Limits())
    >>> [event.kind for event in run]
    ['bound', 'expand', 'skip', 'skip', 'generate', 'solved']
    """
    inc = incremental(heuristic, goal)
    table, names = _moves(start.shape)
    counts = _Counts(limits, limits.nodes(node_bytes(start.size, True)))
    tiles, goal_list = list(start.tiles), list(goal.tiles)
    state0 = inc.initial(start.tiles)
    bound = _finite_bound(inc.value(state0), heuristic)
    root = Node(start.tiles, start.shape, 0, bound, bound)
    while True:
        yield Event("bound", counts.expanded, None, 0, bound)
        if tiles == goal_list:
            yield Event("solved", counts.expanded, root, 0, bound)
            return _outcome("solved", None, start, [start.blank], names, counts)
        counts.expanded += 1
        yield Event("expand", counts.expanded, root, 0, bound)
        path = [start.blank]
        walk = _walk_events(inc, table, names, tiles, goal_list, root, state0, path, bound, counts)
        try:
            found = yield from walk
        except _Stop as stop:
            yield Event("budget", counts.expanded, None, 0, bound)
            return _outcome("budget", stop.limit, start, [], names, counts)
        if found == FOUND:
            return _outcome("solved", None, start, path, names, counts)
        if found == math.inf:
            yield Event("exhausted", counts.expanded, None, 0, bound)
            return _outcome("exhausted", None, start, [], names, counts)
        bound = found


def _walk_events(
    inc: Incremental,
    table: list[tuple[int, ...]],
    names: Names,
    tiles: list[int],
    goal_list: list[int],
    node: Node,
    state: State,
    path: list[int],
    bound: float,
    counts: _Counts,
) -> Generator[Event, None, float]:
    """One depth-first pass below ``node`` (whose blank is ``path[-1]``); returns FOUND or the
    smallest f above ``bound`` it saw. ``tiles`` and ``path`` follow the search down and up."""
    blank, g2, next_bound = path[-1], node.g + 1, math.inf
    back = path[-2] if len(path) > 1 else None
    counts.max_depth = max(counts.max_depth, len(path))
    for cell in table[blank]:
        if cell == back:
            continue  # never undo the move just made
        tile = tiles[cell]
        state2 = inc.step(state, tiles, tile, cell, blank)
        h2 = inc.value(state2)
        counts.generated += 1
        tiles[blank], tiles[cell] = tile, BLANK
        child = Node(tuple(tiles), node.shape, g2, h2, g2 + h2, names[(blank, cell)], node)
        if g2 + h2 > bound:
            tiles[blank], tiles[cell] = BLANK, tile
            next_bound = min(next_bound, g2 + h2)
            yield Event("skip", counts.expanded, child, 0, bound)
            continue
        path.append(cell)
        yield Event("generate", counts.expanded, child, 0, bound)
        if tiles == goal_list:
            yield Event("solved", counts.expanded, child, 0, bound)
            return FOUND
        counts.expand(events=counts.generated)
        yield Event("expand", counts.expanded, child, 0, bound)
        found = yield from _walk_events(
            inc, table, names, tiles, goal_list, child, state2, path, bound, counts
        )
        if found == FOUND:
            return FOUND
        path.pop()
        tiles[blank], tiles[cell] = BLANK, tile
        next_bound = min(next_bound, found)
    return next_bound


# -- without events ---------------------------------------------------------------------------
def ida_lean(start: Board, goal: Board, heuristic: Heuristic, limits: Limits) -> Outcome:
    """IDA* without events, for any heuristic (through its incremental form).

    The engine under ``ida_star(..., record=False)`` for every heuristic but the pattern
    database of the same goal: the same nodes in the same order as :func:`ida_events`, faster.

    Parameters
    ----------
    start : Board
        The board to solve.
    goal : Board
        The goal: the same shape, reachable from ``start`` (not checked here: the solvers check
        it, and an unreachable goal would run until a bound stops it).
    heuristic : callable ``h(board, goal)``
        Any heuristic (run through its incremental form, :func:`puzzlelab.heuristics.incremental`).
    limits : Limits
        The bounds on expansions, seconds.

    Returns
    -------
    Outcome
        The status (``"solved"``, ``"budget"`` with ``limit``, or ``"exhausted"``), the moves
        and states when solved, nodes expanded and generated, and the deepest path as
        ``max_frontier``.

    Examples
    --------
    >>> from puzzlelab import Board
    >>> from puzzlelab.heuristics import manhattan
    >>> from puzzlelab.search import Limits
    >>> start, goal = Board.parse("8 6 7/2 5 4/3 _ 1"), Board.goal(3, 3)
    >>> outcome = ida_lean(start, goal, manhattan, Limits())
    >>> len(outcome.moves), outcome.expanded
    (31, 14195)
    >>> ida_lean(start, goal, manhattan, Limits(budget=1000)).limit
    'budget'
    """
    inc = incremental(heuristic, goal)
    step, h_of = inc.step, inc.h
    table, names = _moves(start.shape)
    counts = _Counts(limits)
    tiles, goal_list, path = list(start.tiles), list(goal.tiles), [start.blank]

    def walk(blank: int, back: int, g: int, state: State, bound: float) -> float:
        """FOUND, or the smallest f above ``bound`` below this node."""
        g2, next_bound = g + 1, math.inf
        for cell in table[blank]:
            if cell == back:
                continue
            tile = tiles[cell]
            state2 = step(state, tiles, tile, cell, blank)
            f2 = g2 + (state2 if h_of is None else h_of(state2))
            counts.generated += 1
            if f2 > bound:
                next_bound = min(next_bound, f2)
                continue
            tiles[blank], tiles[cell] = tile, BLANK
            path.append(cell)
            if tiles == goal_list:
                return FOUND
            counts.expand()
            found = walk(cell, blank, g2, state2, bound)
            if found == FOUND:
                return FOUND
            path.pop()
            tiles[blank], tiles[cell] = BLANK, tile
            next_bound = min(next_bound, found)
        return next_bound

    state0 = inc.initial(start.tiles)
    bound = _finite_bound(inc.value(state0), heuristic)
    return _deepen(start, goal, bound, lambda bound: walk(start.blank, -1, 0, state0, bound),
                   path, names, counts)  # fmt: skip


def _finite_bound(h: float, heuristic: object) -> float:
    """The start's ``h`` as IDA*'s first bound: a ValueError naming the heuristic if it is not
    finite (the start can reach the goal, checked before, so ``inf`` there is a wrong estimate,
    and no depth-first pass can run under an infinite bound)."""
    if h != h or h in (math.inf, -math.inf):
        raise ValueError(
            f"heuristic {heuristic_name(heuristic)} says {h} for the start, which can reach the goal: "
            "IDA* needs a finite estimate there (A* accepts inf as 'try this last')"
        )
    return h


def _deepen(
    start: Board,
    goal: Board,
    bound: float,
    walk: Callable[[float], float],
    path: list[int],
    names: Names,
    counts: _Counts,
) -> Outcome:
    """Run depth-first passes under a rising bound until one finds the goal or a bound stops it."""
    if start == goal:
        return _outcome("solved", None, start, path, names, counts)
    while True:
        counts.expanded += 1  # the root, once per pass
        _deep_enough(int(bound) + 2)
        try:
            found = walk(bound)
        except _Stop as stop:
            return _outcome("budget", stop.limit, start, [], names, counts)
        if found == FOUND:
            counts.max_depth = max(counts.max_depth, len(path))
            return _outcome("solved", None, start, path, names, counts)
        if found == math.inf:
            return _outcome("exhausted", None, start, [], names, counts)
        bound = found


# -- without events, the pattern database's look-ups inlined -------------------------------------
def ida_pattern_database(start: Board, goal: Board, pdb: PatternDatabase, limits: Limits) -> Outcome:
    """IDA* with an additive pattern database read directly: each move changes one group's
    placement index by a precomputed amount and costs two table reads per look-up.

    The engine under ``ida_star(..., heuristic=pdb, record=False)`` when ``pdb`` was built for
    ``goal``: the same nodes in the same order as :func:`ida_lean` with that database. With a
    reflected database (``reflect=True``) ``h`` is the larger of the direct and the mirrored sum.

    Parameters
    ----------
    start : Board
        The board to solve.
    goal : Board
        The goal: the same shape, reachable from ``start`` (not checked here: the solvers check
        it, and an unreachable goal would run until a bound stops it).
    pdb : PatternDatabase
        Built for ``goal`` (:func:`puzzlelab.search.pattern_database`).
    limits : Limits
        The bounds on expansions, seconds.

    Returns
    -------
    Outcome
        As for :func:`ida_lean`.

    Examples
    --------
    A pattern database for the 8-puzzle (two groups of four tiles) against Manhattan distance
    on one of its hardest boards (31 moves; :func:`ida_lean` with Manhattan expands 14,195):

    >>> from puzzlelab import Board
    >>> from puzzlelab.search import Limits, pattern_database
    >>> goal = Board.goal(3, 3)
    >>> pdb = pattern_database(goal, cache=False, progress=None)
    >>> outcome = ida_pattern_database(Board.parse("8 6 7/2 5 4/3 _ 1"), goal, pdb, Limits())
    >>> len(outcome.moves), outcome.expanded
    (31, 180)
    """
    _, names = _moves(start.shape)
    plan = pdb.move_plan(goal)
    tabs, group_of, change, moves = plan.tables, plan.group_of, plan.change, plan.moves
    mirror_tile = plan.mirror_tile
    counts = _Counts(limits)
    tiles, goal_list, path = list(start.tiles), list(goal.tiles), [start.blank]
    index, mirrored = plan.indices(start.tiles)

    def walk(blank: int, back: int, g: int, h1: int, h2: int, bound: float) -> float:
        g2, next_bound = g + 1, math.inf
        for cell, move, mirror_move in moves[blank]:
            if cell == back:
                continue
            tile = tiles[cell]
            group = group_of[tile]
            old = index[group]
            new = old + change[tile][move]
            a = h1 + tabs[group][new] - tabs[group][old]
            twin = mirror_tile[tile]
            rgroup = group_of[twin]
            rold = mirrored[rgroup]
            rnew = rold + change[twin][mirror_move]
            b = h2 + tabs[rgroup][rnew] - tabs[rgroup][rold]
            counts.generated += 1
            f2 = g2 + (a if a > b else b)
            if f2 > bound:
                if f2 < next_bound:
                    next_bound = f2
                continue
            tiles[blank], tiles[cell] = tile, BLANK
            path.append(cell)
            if a == 0 and tiles == goal_list:
                return FOUND
            counts.expand()
            index[group], mirrored[rgroup] = new, rnew
            found = walk(cell, blank, g2, a, b, bound)
            if found == FOUND:
                return FOUND
            index[group], mirrored[rgroup] = old, rold
            path.pop()
            tiles[blank], tiles[cell] = BLANK, tile
            if found < next_bound:
                next_bound = found
        return next_bound

    h1, h2 = plan.value(index), plan.value(mirrored)
    return _deepen(start, goal, max(h1, h2), lambda bound: walk(start.blank, -1, 0, h1, h2, bound),
                   path, names, counts)  # fmt: skip


def ida_star_events(
    start: object,
    goal: object = None,
    *,
    heuristic: Heuristic | str | None = None,
    budget: int | None = None,
    seconds: float | None = None,
    memory: int | None = None,
) -> Generator[Event, None, Outcome]:
    """Run IDA*, yielding a ``"bound"`` event per pass and an event per node touched.

    ``frontier`` is 0 in IDA* events: there is no frontier, only the current path (``node.path()``).
    The bounds default to none (a generator stops when you stop reading it).

    Parameters
    ----------
    start, goal : Board or str
        The board and its goal (default: the blank-last goal of the same shape).
    heuristic : callable ``h(board, goal)``, optional
        Default ``manhattan``.
    budget, seconds, memory : bounds, optional
        Expansions, wall-clock seconds, bytes of recorded events.

    Returns
    -------
    generator of Event
        Its return value (``StopIteration.value``) is the :class:`Outcome`.

    Raises
    ------
    ValueError
        The start cannot reach the goal (with the parity explanation), the shapes differ, or a
        bound is out of range.
    TypeError
        A bound or ``heuristic`` of the wrong type.

    Examples
    --------
    >>> from puzzlelab import Board
    >>> [e.kind for e in ida_star_events(Board.parse("1 2 3/4 5 6/7 _ 8"))][:3]
    ['bound', 'expand', 'skip']
    """
    from ..heuristics import check_heuristic, manhattan
    from .engine import check_limits, prepare

    start_board, goal_board = prepare(start, goal)
    limits = check_limits(budget, seconds, memory)
    function = check_heuristic(manhattan if heuristic is None else heuristic)
    return ida_events(start_board, goal_board, function, limits)
