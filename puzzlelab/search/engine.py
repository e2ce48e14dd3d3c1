"""One best-first search engine that yields events; BFS, greedy, A* and weighted A* are priorities.

Vocabulary (Russell & Norvig): a *state* is a board; a *node* is a state reached by a path,
with ``g`` (moves so far), ``h`` (the heuristic's estimate of moves left) and ``f`` (the
priority); the *frontier* holds nodes waiting to be *expanded*; expanding a node *generates*
its children. The engine works on raw tile tuples and builds :class:`Node` and
:class:`~puzzlelab.Board` objects only for the events someone asked for. The move that undoes
the last one is not generated (it leads back to the parent, which is always reached already), so
the "skip" events are the children reached before by another path.

>>> from puzzlelab import Board
>>> result = astar(Board.parse("1 2 3/4 5 6/_ 7 8"))
>>> result.moves, result.cost, result.optimal
(['R', 'R'], 2, True)

References: Hart, Nilsson & Raphael (1968), "A formal basis for the heuristic determination of
minimum cost paths"; Pohl (1970) for weighted A*.
"""

from __future__ import annotations

import gc
import math
import time
from collections.abc import Callable, Generator
from contextlib import contextmanager
from dataclasses import dataclass
from heapq import heappop, heappush
from typing import NamedTuple

from ..board import BLANK, MOVES, OPPOSITE, Board, neighbour_table
from ..heuristics import heuristic_name, incremental, linear_conflict, manhattan, misplaced, zero
from ..parity import explain

__all__ = [
    "EVENT_KINDS",
    "Event",
    "Node",
    "SearchResult",
    "Strategy",
    "astar",
    "best_first_events",
    "bfs",
    "greedy",
    "is_admissible",
    "prepare",
    "run_events",
    "weighted_astar",
]

_new = tuple.__new__  # builds a named tuple without argument parsing (events must be cheap)

#: The kinds of event a search yields.
EVENT_KINDS = ("expand", "generate", "skip", "bound", "solved", "budget", "exhausted")


class Node(NamedTuple):
    """A state reached by a path: its tiles, ``g``, ``h`` and ``f``, and how it was reached.

    Immutable and cheap to make (a named tuple): ``node.board`` builds the :class:`Board` only
    when asked, so recording events costs little.

    >>> from puzzlelab import Board
    >>> root = Node((1, 2, 0, 3), (2, 2), 0, 1, 1)
    >>> child = Node((1, 2, 3, 0), (2, 2), 1, 0, 1, "R", root)
    >>> [n.board.text() for n in child.path()], child.depth
    (['1 2/_ 3', '1 2/3 _'], 1)
    """

    state: tuple[int, ...]
    shape: tuple[int, int]
    g: int
    h: float
    f: float
    move: str | None = None
    parent: Node | None = None

    @property
    def board(self) -> Board:
        return Board._trusted(self.state, *self.shape)

    @property
    def depth(self) -> int:
        """Number of moves from the start (equal to ``g``: every move costs 1)."""
        return self.g

    def path(self) -> list[Node]:
        """The nodes from the start to this one."""
        nodes, node = [], self
        while node is not None:
            nodes.append(node)
            node = node.parent
        return nodes[::-1]

    def __repr__(self) -> str:
        return f"Node({Board._trusted(self.state, *self.shape).text()!r}, g={self.g}, h={self.h}, f={self.f})"


class Event(NamedTuple):
    """One thing a search did: ``kind`` (see :data:`EVENT_KINDS`), after ``step`` expansions, with
    the ``frontier`` size after it and, for IDA*, the current ``bound``."""

    kind: str
    step: int
    node: Node | None
    frontier: int
    bound: float | None = None


@dataclass(frozen=True)
class SearchResult:
    """What a search found and what it cost."""

    status: str  #: "solved", "budget" (budget spent) or "exhausted" (nothing left to try)
    solved: bool
    moves: list[str]
    boards: list[Board]  #: start .. goal when solved, else empty
    cost: int | None
    expanded: int
    generated: int
    max_frontier: int
    seconds: float
    events: list[Event] | None = None
    events_truncated: bool = False
    algorithm: str = ""
    heuristic: str = ""
    weight: float | None = None
    optimal: bool = False  #: guaranteed optimal by construction (not merely happens to be)

    def summary(self) -> str:
        """What was found and the work it took, without the time (the same on every run)."""
        head = f"{self.algorithm} ({self.heuristic}"
        head += f", w={self.weight:g})" if self.weight is not None else ")"
        if not self.solved:
            hint = "; raise budget= or try ida_star" if self.status == "budget" else ""
            return f"{head}: {self.status} after {self.expanded:,} expansions{hint}"
        kind = "optimal" if self.optimal else "not guaranteed optimal"
        return f"{head}: {self.cost} moves ({kind}), {self.expanded} expanded, {self.generated} generated"

    def __str__(self) -> str:
        return f"{self.summary()}, {self.seconds:.3f} s"


@dataclass(frozen=True)
class Strategy:
    """How the engine orders and prunes: the knobs that make BFS, A*, greedy or the article's solver.

    ``ties``: ``"deep"`` (equal f: larger g first, then first-in-first-out) or ``"lifo"`` (equal
    f: the newest first). ``goal_test``: ``"expand"`` (optimal for A*) or ``"generate"`` (stop as
    soon as the goal is generated). ``duplicates``: ``"reached"`` (keep a child only if reached by
    a shorter path than before) or ``"blacklist"`` (skip only children already expanded).
    ``order``: the order children are generated in.
    """

    ties: str = "deep"
    goal_test: str = "expand"
    duplicates: str = "reached"
    order: tuple[str, ...] = tuple(MOVES)

    def __post_init__(self):
        for name, value, allowed in (
            ("ties", self.ties, ("deep", "lifo")),
            ("goal_test", self.goal_test, ("expand", "generate")),
            ("duplicates", self.duplicates, ("reached", "blacklist")),
        ):
            if value not in allowed:
                raise ValueError(f"{name} must be one of {allowed}, got {value!r}")
        if sorted(self.order) != sorted(MOVES):
            raise ValueError(f"order must list each of {list(MOVES)} once, got {self.order!r}")


@dataclass(frozen=True)
class _Summary:
    status: str
    link: tuple | None
    expanded: int
    generated: int
    max_frontier: int


# -- checking the input ------------------------------------------------------------------
def prepare(start, goal=None) -> tuple[Board, Board]:
    """``(start, goal)`` as boards of one shape; ``ValueError`` (with the parity explanation) if
    the start cannot reach the goal."""
    start = Board.parse(start)
    goal = Board.goal(start.rows, start.cols) if goal is None else Board.parse(goal)
    if goal.shape != start.shape:
        raise ValueError(f"start is {start.rows}x{start.cols} but the goal is {goal.rows}x{goal.cols}")
    why = explain(start, goal)
    if not why.solvable:
        raise ValueError(f"this start can never reach the goal, so no search can solve it:\n{why}")
    return start, goal


def check_budget(budget, seconds) -> None:
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, int) or budget < 0):
        raise ValueError(f"budget is a number of expansions (an int >= 0) or None, got {budget!r}")
    if seconds is not None and (
        isinstance(seconds, bool) or not isinstance(seconds, int | float) or not seconds > 0
    ):
        raise ValueError(f"seconds must be a positive number or None, got {seconds!r}")


def _path(link) -> tuple[list[tuple[int, ...]], list[str]]:
    states, moves = [], []
    while link is not None:
        states.append(link[0])
        if link[1] is not None:
            moves.append(link[1])
        link = link[2]
    return states[::-1], moves[::-1]


def _finish(out: list | None, summary: _Summary) -> _Summary:
    """Hand the summary back both ways: as the generator's return value and in ``out``."""
    if out is not None:
        out.append(summary)
    return summary


# -- the engine --------------------------------------------------------------------------
def _best_first(
    start: Board, goal: Board, priority, heuristic, budget, seconds, strategy: Strategy, detail, out=None
):
    """The engine. Yields detailed events while ``detail`` (a count, or None for all) lasts, then
    only the final event; returns a :class:`_Summary`."""
    rows, cols = start.rows, start.cols
    rank = {m: k for k, m in enumerate(strategy.order)}
    table = [sorted(cells, key=lambda mc: rank[mc[0]]) for cells in neighbour_table(rows, cols)]
    inc = incremental(heuristic, goal)
    hstep = inc.step
    packed = getattr(inc, "packed", False)  # h in the low 8 bits of a larger incremental state
    goal_t = goal.tiles
    deep = strategy.ties == "deep"
    on_generate = strategy.goal_test == "generate"
    blacklist_mode = strategy.duplicates == "blacklist"
    deadline = None if seconds is None else time.perf_counter() + seconds
    limit = math.inf if budget is None else budget

    emit = detail is None or detail > 0
    left = math.inf if detail is None else detail
    shape = start.shape

    def value(hs):
        return hs & 255 if packed else hs

    def node_of(link, g) -> Node:
        """The node of a link; links made while recording carry theirs as a fourth item."""
        if len(link) > 3:
            return link[3]
        chain = []
        while link is not None and len(link) == 3:
            chain.append(link)
            link = link[2]
        node = None if link is None else link[3]
        for state, move, _ in reversed(chain):
            h = value(inc.initial(state))
            g = 0 if node is None else node.g + 1
            node = Node(state, shape, g, h, priority(g, h), move, node)
        return node

    def event(kind, node=None) -> Event:
        nonlocal emit, left
        left -= 1
        if left <= 0:
            emit = False
        return Event(kind, expanded, node, len(frontier))

    start_t = start.tiles
    hs0 = inc.initial(start_t)
    h0 = hs0 & 255 if packed else hs0
    f0 = priority(0, h0)
    root = (start_t, None, None, Node(start_t, shape, 0, h0, f0)) if emit else (start_t, None, None)
    frontier = [(f0, 0, 0, 0, hs0, start.blank, root)]
    best_g = {start_t: 0}
    expanded_set: set = set()
    expanded = generated = 0
    counter = 1
    max_frontier = 1

    if on_generate and start_t == goal_t:  # the article never checks its start; we do
        yield Event("solved", 0, Node(start_t, shape, 0, h0, f0), 1)
        return _finish(out, _Summary("solved", root, 0, 0, 1))

    while frontier:
        if len(frontier) > max_frontier:
            max_frontier = len(frontier)
        _, _, _, g, hs, blank, link = heappop(frontier)
        state = link[0]
        if blacklist_mode:
            expanded_set.add(state)
        elif g > best_g[state]:
            continue  # a stale entry: this state was reached more cheaply later
        if not on_generate and state == goal_t:
            yield event("solved", node_of(link, g))
            return _finish(out, _Summary("solved", link, expanded, generated, max_frontier))
        if expanded >= limit or (
            deadline is not None and not expanded & 255 and time.perf_counter() > deadline
        ):
            yield event("budget", node_of(link, g))
            return _finish(out, _Summary("budget", None, expanded, generated, max_frontier))
        expanded += 1
        if emit:
            current = link[3] if len(link) > 3 else node_of(link, g)
            left -= 1
            emit = left > 0
            yield _new(Event, ("expand", expanded, current, len(frontier), None))
        g2 = g + 1
        back = OPPOSITE.get(link[1])  # undoing the last move leads back to the parent: never useful
        for move, cell in table[blank]:
            if move == back:
                continue
            tile = state[cell]
            child = list(state)
            child[blank], child[cell] = tile, BLANK
            child = tuple(child)
            if blacklist_mode:
                if child in expanded_set:
                    if emit:
                        left -= 1
                        emit = left > 0
                        skipped = _new(Node, (child, shape, g2, math.nan, math.nan, move, current))
                        yield _new(Event, ("skip", expanded, skipped, len(frontier), None))
                    continue
            else:
                seen = best_g.get(child)
                if seen is not None and seen <= g2:
                    if emit:
                        left -= 1
                        emit = left > 0
                        skipped = _new(Node, (child, shape, g2, math.nan, math.nan, move, current))
                        yield _new(Event, ("skip", expanded, skipped, len(frontier), None))
                    continue
                best_g[child] = g2
            hs2 = hstep(hs, state, tile, cell, blank)
            h2 = hs2 & 255 if packed else hs2
            f2 = priority(g2, h2)
            generated += 1
            if emit:
                node = _new(Node, (child, shape, g2, h2, f2, move, current))
                child_link = (child, move, link, node)
            else:
                child_link = (child, move, link)
            if deep:
                heappush(frontier, (f2, -g2, counter, g2, hs2, cell, child_link))
            else:
                heappush(frontier, (f2, 0, -counter, g2, hs2, cell, child_link))
            counter += 1
            if emit:
                left -= 1
                emit = left > 0
                yield _new(Event, ("generate", expanded, node, len(frontier), None))
            if on_generate and child == goal_t:
                yield event("solved", node_of(child_link, g2))
                return _finish(
                    out, _Summary("solved", child_link, expanded, generated, max(max_frontier, len(frontier)))
                )
    yield event("exhausted")
    return _finish(out, _Summary("exhausted", None, expanded, generated, max_frontier))


def best_first_events(
    start,
    goal=None,
    *,
    priority: Callable[[int, float], float],
    heuristic=manhattan,
    budget: int | None = None,
    seconds: float | None = None,
    strategy: Strategy | None = None,
) -> Generator[Event, None, None]:
    """Run best-first search, yielding an :class:`Event` for everything it does.

    ``priority(g, h)`` orders the frontier (smallest first): ``lambda g, h: g + h`` is A*,
    ``lambda g, h: h`` greedy, ``lambda g, h: g`` breadth-first (uniform cost).

    >>> from puzzlelab import Board
    >>> events = best_first_events(Board.parse("1 2 3/4 5 6/7 _ 8"), priority=lambda g, h: g + h)
    >>> [e.kind for e in events]
    ['expand', 'generate', 'generate', 'generate', 'solved']
    """
    start, goal = prepare(start, goal)
    check_budget(budget, seconds)
    _check_priority(priority)
    return _best_first(start, goal, priority, heuristic, budget, seconds, strategy or Strategy(), None)


def _check_priority(priority) -> None:
    if not callable(priority):
        raise TypeError(f"priority must be a function (g, h) -> f, got {priority!r}")


# -- solvers: consume the events, return a result -------------------------------------------
@contextmanager
def _gc_paused():
    """Pause Python's cyclic garbage collector while a search runs, restoring it afterwards.

    Searches allocate many small tuples that form no reference cycles (reference counting frees
    them); without the pause the collector rescans them over and over, doubling the cost of
    recording events. Interrupting a search (KeyboardInterrupt) restores the collector too.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def run_events(make_events, *, start_time: float, record: bool, record_cap: int, **labels) -> SearchResult:
    """Run ``make_events(out)``, an engine generator made with a detail limit of ``record_cap + 1``
    (or 0) that appends its summary to ``out``, and package the outcome (best-first and IDA*)."""
    box: list[_Summary] = []
    with _gc_paused():
        kept = list(make_events(box))  # the engine stops detailed events after record_cap + 1
    summary = box[0]
    truncated = len(kept) - 1 > record_cap
    if truncated:
        kept = [*kept[:record_cap], kept[-1]]
    seconds = time.perf_counter() - start_time
    solved = summary.status == "solved"
    states, moves = _path(summary.link) if solved else ([], [])
    board = labels.pop("board")
    boards = [Board._trusted(s, board.rows, board.cols) for s in states]
    return SearchResult(
        status=summary.status,
        solved=solved,
        moves=moves,
        boards=boards,
        cost=len(moves) if solved else None,
        expanded=summary.expanded,
        generated=summary.generated,
        max_frontier=summary.max_frontier,
        seconds=seconds,
        events=kept if record else None,
        events_truncated=truncated,
        **labels,
    )


def check_record(record, record_cap) -> None:
    if isinstance(record_cap, bool) or not isinstance(record_cap, int) or record_cap < 0:
        raise ValueError(f"record_cap must be an int >= 0, got {record_cap!r}")


def is_admissible(heuristic) -> bool:
    """True for the heuristics known never to overestimate: the built-in admissible ones, the
    pattern database, or any function a student marks with ``admissible = True``."""
    return (
        heuristic in (zero, misplaced, manhattan, linear_conflict)
        or getattr(heuristic, "admissible", False) is True
    )


def _solve_best_first(
    start,
    goal,
    *,
    priority,
    heuristic,
    budget,
    seconds,
    record,
    record_cap,
    strategy,
    algorithm,
    weight,
    optimal,
) -> SearchResult:
    t0 = time.perf_counter()
    start, goal = prepare(start, goal)
    check_budget(budget, seconds)
    check_record(record, record_cap)
    detail = record_cap + 1 if record else 0

    def events(out):
        return _best_first(start, goal, priority, heuristic, budget, seconds, strategy, detail, out)

    return run_events(
        events,
        start_time=t0,
        record=record,
        record_cap=record_cap,
        board=start,
        algorithm=algorithm,
        heuristic=heuristic_name(heuristic),
        weight=weight,
        optimal=optimal,
    )


_DEFAULT = Strategy()

#: Expansions a best-first solver makes unless told otherwise (about 5 s and 0.7 GB on a
#: 15-puzzle): it keeps a kernel from running out of memory. ``budget=None`` removes the cap;
#: ``ida_star`` needs almost no memory and has no default cap.
DEFAULT_BUDGET = 1_000_000


def bfs(
    start, goal=None, *, budget=DEFAULT_BUDGET, seconds=None, record=False, record_cap=100_000
) -> SearchResult:
    """Breadth-first search: the frontier ordered by ``g`` alone; always optimal.

    >>> from puzzlelab import Board
    >>> bfs(Board.parse("1 2 3/4 5 6/_ 7 8")).cost
    2
    """
    return _solve_best_first(
        start, goal, priority=_by_g, heuristic=zero, budget=budget, seconds=seconds, record=record,
        record_cap=record_cap, strategy=_DEFAULT, algorithm="bfs", weight=None, optimal=True,
    )  # fmt: skip


def _by_g(g, h):
    return g


def _by_h(g, h):
    return h


def _a_star(g, h):
    return g + h


def greedy(
    start,
    goal=None,
    *,
    heuristic=manhattan,
    budget=DEFAULT_BUDGET,
    seconds=None,
    record=False,
    record_cap=100_000,
) -> SearchResult:
    """Greedy best-first search: always expand the node that looks closest (f = h). Fast, not optimal.

    >>> from puzzlelab import Board
    >>> greedy(Board.parse("1 2 3/4 5 6/_ 7 8")).solved
    True
    """
    return _solve_best_first(
        start, goal, priority=_by_h, heuristic=heuristic, budget=budget, seconds=seconds, record=record,
        record_cap=record_cap, strategy=_DEFAULT, algorithm="greedy", weight=None, optimal=False,
    )  # fmt: skip


def astar(
    start,
    goal=None,
    *,
    heuristic=manhattan,
    budget=DEFAULT_BUDGET,
    seconds=None,
    record=False,
    record_cap=100_000,
) -> SearchResult:
    """A* search: f = g + h. Optimal when ``heuristic`` never overestimates.

    >>> from puzzlelab import Board
    >>> astar(Board.parse("1 2 3/4 5 6/_ 7 8")).cost
    2
    """
    return _solve_best_first(
        start, goal, priority=_a_star, heuristic=heuristic, budget=budget, seconds=seconds, record=record,
        record_cap=record_cap, strategy=_DEFAULT, algorithm="astar", weight=1.0,
        optimal=is_admissible(heuristic),
    )  # fmt: skip


def check_weight(weight) -> float:
    if isinstance(weight, bool) or not isinstance(weight, int | float) or not 0 <= weight < math.inf:
        raise ValueError(f"weight must be a finite number >= 0, got {weight!r}")
    return float(weight)


def weighted_astar(
    start,
    goal=None,
    *,
    weight: float = 1.0,
    heuristic=manhattan,
    budget=DEFAULT_BUDGET,
    seconds=None,
    record=False,
    record_cap=100_000,
) -> SearchResult:
    """Weighted A*: f = g + w*h. w = 0 is uniform-cost search, w = 1 is A*, larger w is greedier;
    with an admissible heuristic the cost is at most w times the optimum.

    >>> from puzzlelab import Board
    >>> weighted_astar(Board.parse("1 2 3/4 5 6/_ 7 8"), weight=2.5).cost
    2
    """
    w = check_weight(weight)

    def priority(g, h):
        return g + w * h

    return _solve_best_first(
        start, goal, priority=priority, heuristic=heuristic, budget=budget, seconds=seconds, record=record,
        record_cap=record_cap, strategy=_DEFAULT, algorithm="weighted_astar", weight=w,
        optimal=w <= 1 and is_admissible(heuristic),
    )  # fmt: skip
