"""One best-first search engine that yields events; BFS, greedy, A* and weighted A* are priorities.

Vocabulary (Russell & Norvig): a *state* is a board; a *node* is a state reached by a path,
with ``g`` (moves so far), ``h`` (the heuristic's estimate of moves left) and ``f`` (the
priority); the *frontier* holds nodes waiting to be *expanded*; expanding a node *generates*
its children. The engine works on raw tile tuples and builds :class:`Node` and
:class:`~puzzlelab.Board` objects only when it records events. The move that undoes the last
one is not generated (it leads back to the parent, which is always reached already), so the
"skip" events are the children reached before by another path.

The short version of this engine, in the lessons' words, is
:func:`puzzlelab.search.textbook.best_first`; the tests check that both expand the same nodes in
the same order.

>>> from puzzlelab import Board
>>> events = best_first_events(Board.parse("1 2 3/4 5 6/_ 7 8"), priority=lambda g, h: g + h)
>>> [(e.kind, e.node.move) for e in events if e.kind in ("expand", "solved")]
[('expand', None), ('expand', 'R'), ('solved', 'R')]

References: Hart, Nilsson & Raphael (1968), "A formal basis for the heuristic determination of
minimum cost paths"; Pohl (1970) for weighted A*.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from heapq import heappop, heappush
from typing import Final, NamedTuple, TypeAlias

from .._validate import choice, optional_whole, real
from ..board import BLANK, MOVES, OPPOSITE, Board, goal_for, neighbour_table
from ..heuristics import Heuristic, Incremental, State, check_heuristic, incremental
from ..parity import explain

__all__ = [
    "DEFAULT_BUDGET",
    "DEFAULT_MEMORY",
    "DEFAULT_SECONDS",
    "EVENT_KINDS",
    "Event",
    "Limits",
    "Node",
    "SearchResult",
    "Strategy",
    "Task",
    "WeightedPriority",
    "best_first_events",
    "check_limits",
    "check_record",
    "node_bytes",
    "prepare",
    "run",
]

_new = tuple.__new__  # builds a named tuple without argument parsing (events must be cheap)

#: The kinds of event a search yields.
EVENT_KINDS = ("expand", "generate", "skip", "bound", "solved", "budget", "exhausted")

#: Expansions a search makes unless told otherwise (``budget=None`` removes the cap).
DEFAULT_BUDGET = 1_000_000
#: CPU seconds a search runs unless told otherwise (``seconds=None`` removes the cap). CPU time, not
#: wall-clock time: on a busy class server the neighbours' load does not change the answer.
DEFAULT_SECONDS = 20.0
#: Bytes the states, frontier and recorded events of one search may take unless told otherwise
#: (``memory=None`` removes the cap). With Python itself this keeps a call under about 1 GB.
DEFAULT_MEMORY = 640 * 2**20


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
        return Board.unchecked(self.state, *self.shape)

    @property
    def depth(self) -> int:
        """Number of moves from the start (equal to ``g``: every move costs 1)."""
        return self.g

    def path(self) -> list[Node]:
        """The nodes from the start to this one."""
        nodes: list[Node] = []
        node: Node | None = self
        while node is not None:
            nodes.append(node)
            node = node.parent
        return nodes[::-1]

    def __repr__(self) -> str:
        return (
            f"Node({Board.unchecked(self.state, *self.shape).text()!r}, g={self.g}, h={self.h}, f={self.f})"
        )


class Event(NamedTuple):
    """One thing a search did: ``kind`` (see :data:`EVENT_KINDS`), after ``step`` expansions, with
    the ``frontier`` size after it and, for IDA*, the current ``bound``.

    ``key`` is the frontier entry's priority key, ``(f, tie, order)``, on the best-first
    ``"expand"`` and ``"generate"`` events: the frontier always hands out its smallest key next,
    so a replay can rebuild the frontier exactly (:mod:`puzzlelab.search.trace`).
    """

    kind: str
    step: int
    node: Node | None
    frontier: int
    bound: float | None = None
    key: Key | None = None


@dataclass(frozen=True)
class Limits:
    """The bounds a search runs under; ``None`` means no bound of that kind (everywhere).

    ``budget``: expansions (a whole number >= 0); ``seconds``: CPU seconds of this process
    (``time.process_time``, > 0), so a loaded machine does not stop a search early; ``memory``:
    bytes for the states, the frontier and the recorded events (estimated from their count, never
    measured; >= 1). A bad bound is a TypeError/ValueError naming it.
    """

    budget: int | None = DEFAULT_BUDGET
    seconds: float | None = DEFAULT_SECONDS
    memory: int | None = DEFAULT_MEMORY

    def __post_init__(self) -> None:
        object.__setattr__(self, "budget", optional_whole("budget", self.budget, low=0))
        if self.seconds is not None:
            object.__setattr__(self, "seconds", real("seconds", self.seconds, low=0, low_open=True))
        object.__setattr__(self, "memory", optional_whole("memory", self.memory, low=1))

    def deadline(self) -> float:
        """The CPU time (``time.process_time``) past which the search stops."""
        return math.inf if self.seconds is None else time.process_time() + self.seconds

    def expansions(self) -> float:
        return math.inf if self.budget is None else self.budget

    def nodes(self, bytes_each: int) -> float:
        """How many nodes of ``bytes_each`` bytes fit in the memory bound."""
        return math.inf if self.memory is None else self.memory // bytes_each


#: Why a search stopped early, in words (``SearchResult.limit`` -> what to do).
_ADVICE = {
    "budget": "raise budget= (or budget=None)",
    "seconds": "raise seconds= (or seconds=None)",
    "memory": "raise memory= or use ida_star, which needs almost no memory",
}


@dataclass(frozen=True)
class SearchResult:
    """What a search found and what it cost.

    ``status`` is ``"solved"``, ``"budget"`` (a bound stopped it: ``limit`` says which,
    ``"budget"``, ``"seconds"`` or ``"memory"``, and :attr:`reason` says it in words) or
    ``"exhausted"`` (nothing left to try).
    """

    status: str
    solved: bool
    moves: list[str]
    boards: list[Board]  #: start .. goal when solved, else empty
    cost: int | None
    expanded: int
    generated: int
    max_frontier: int
    seconds: float
    events: list[Event] | None = None
    algorithm: str = ""
    heuristic: str = ""
    weight: float | None = None
    optimal: bool = False  #: guaranteed optimal by construction (not merely happens to be)
    limit: str | None = None
    limits: Limits | None = None
    strategy: Strategy | None = None

    @property
    def reason(self) -> str:
        """Why the search stopped, in plain words ("" when it solved the puzzle)."""
        if self.status == "exhausted":
            return "stopped because every reachable board was tried"
        if self.limit is None:
            return ""
        bound = {
            "budget": f"its budget of {self.expanded:,} expansions",
            "seconds": f"its time limit of {getattr(self.limits, 'seconds', 0):g} s",
            "memory": f"its memory limit of {getattr(self.limits, 'memory', 0) / 2**20:,.0f} MB",
        }[self.limit]
        return f"stopped because it reached {bound}; {_ADVICE[self.limit]}"

    def summary(self) -> str:
        """What was found and the work it took, without the time (the same on every run)."""
        head = f"{self.algorithm} ({self.heuristic}"
        head += f", w={self.weight:g})" if self.weight is not None else ")"
        if not self.solved:
            return f"{head}: {self.status} after {self.expanded:,} expansions: {self.reason}"
        kind = "optimal" if self.optimal else "not guaranteed optimal"
        return f"{head}: {self.cost} moves ({kind}), {self.expanded} expanded, {self.generated} generated"

    def __str__(self) -> str:
        return f"{self.summary()}, {self.seconds:.3f} s"


@dataclass(frozen=True)
class Strategy:
    """How the engine orders and prunes: the knobs that make BFS, A*, greedy or the article's solver.

    The priority ``f(g, h)`` says which node is best; a strategy says what happens around it.
    Every solver but the article's uses the default; the article's is
    :data:`~puzzlelab.search.ARTICLE_STRATEGY`.

    Parameters
    ----------
    ties : {"deep", "lifo"}, default "deep"
        Among frontier entries of equal f: ``"deep"`` takes the larger g first, then the oldest
        entry; ``"lifo"`` takes the newest entry first (the article's list).
    goal_test : {"expand", "generate"}, default "expand"
        Stop when the goal is expanded (what makes A* optimal) or as soon as it is generated.
    duplicates : {"reached", "blacklist"}, default "reached"
        Keep a child only if no path at least as short reached its board before
        (``"reached"``), or skip only children already expanded (``"blacklist"``: a board may
        wait on the frontier several times).
    order : tuple of str, default ``("U", "D", "L", "R")``
        The order children are generated in: each of the four moves of the blank once.

    Raises
    ------
    ValueError
        A rule not listed above, or an ``order`` that is not the four moves once each.

    Examples
    --------
    >>> from puzzlelab import Board
    >>> from puzzlelab.search import best_first_events
    >>> start = Board.parse("1 2 3/4 5 6/_ 7 8")
    >>> article = Strategy(ties="lifo", goal_test="generate", duplicates="blacklist",
    ...                    order=("L", "R", "U", "D"))
    >>> events = best_first_events(start, priority=lambda g, h: g + 2 * h, strategy=article)
    >>> [(event.kind, event.node.move) for event in events if event.kind != "expand"]
    [('generate', 'R'), ('generate', 'U'), ('generate', 'R'), ('solved', 'R')]

    Children come left, right, up, down, and the search stops at the goal's ``"generate"``
    event (the default strategy would also make the second ``'U'`` child, then expand the goal).
    """

    ties: str = "deep"
    goal_test: str = "expand"
    duplicates: str = "reached"
    order: tuple[str, ...] = tuple(MOVES)

    def __post_init__(self) -> None:
        choice("ties", self.ties, ("deep", "lifo"))
        choice("goal_test", self.goal_test, ("expand", "generate"))
        choice("duplicates", self.duplicates, ("reached", "blacklist"))
        if sorted(self.order) != sorted(MOVES):
            raise ValueError(f"order must list each of {list(MOVES)} once, got {self.order!r}")

    def key(self, f: float, g: int, counter: int) -> Key:
        """The frontier key of the ``counter``-th entry (the root is 1): smallest first.

        Parameters
        ----------
        f, g : number, int
            The entry's priority and its moves from the start.
        counter : int
            How many entries were made before it, plus one.

        Returns
        -------
        tuple
            ``(f, -g, counter)`` for ``"deep"`` ties, ``(f, 0, -counter)`` for ``"lifo"``: the
            ``key`` that ``"expand"`` and ``"generate"`` events carry.

        Examples
        --------
        >>> Strategy().key(5, 2, 7), Strategy(ties="lifo").key(5, 2, 7)
        ((5, -2, 7), (5, 0, -7))
        """
        return (f, -g, counter) if self.ties == "deep" else (f, 0, -counter)


class Outcome(NamedTuple):
    """How an engine run ended: what the solvers package into a :class:`SearchResult`."""

    status: str
    limit: str | None
    states: list[tuple[int, ...]]  #: start .. goal when solved
    moves: list[str]
    expanded: int
    generated: int
    max_frontier: int


# -- checking the input ------------------------------------------------------------------
def prepare(start: object, goal: object = None) -> tuple[Board, Board]:
    """``(start, goal)`` as boards of one shape; ``ValueError`` (with the parity explanation) if
    the start cannot reach the goal."""
    start_board = Board.parse(start)
    goal_board = goal_for(start_board, goal)
    why = explain(start_board, goal_board)
    if not why.solvable:
        raise ValueError(f"this start can never reach the goal, so no search can solve it:\n{why}")
    return start_board, goal_board


def check_limits(budget: int | None, seconds: float | None, memory: int | None) -> Limits:
    """The bounds as a :class:`Limits` (which checks them); TypeError/ValueError naming a bad one."""
    return Limits(budget, seconds, memory)


def check_record(record: object) -> bool:
    if not isinstance(record, bool):
        raise TypeError(f"record must be True or False, got {record!r} ({type(record).__name__})")
    return record


def node_bytes(n_cells: int, record: bool) -> int:
    """Estimated bytes per generated node: its tuple of tiles, its frontier entry and reached
    entry (and, when recording, its Node and events). Measured on 6x6..16x16: see tests."""
    return 8 * n_cells + (900 if record else 330)


# -- the engine --------------------------------------------------------------------------
class WeightedPriority:
    """The priority ``f = g + weight * h``: A* (weight 1) and weighted A*.

    Called like any priority ``f(g, h)``; the engine also reads its ``weight`` and computes ``f``
    inline, without a function call per generated node (the hot loop's largest single saving).

    >>> WeightedPriority(2)(3, 4)
    11
    """

    __slots__ = ("weight",)

    def __init__(self, weight: float) -> None:
        self.weight = weight

    def __call__(self, g: int, h: float) -> float:
        return g + self.weight * h

    def __repr__(self) -> str:
        return f"WeightedPriority({self.weight!r})"


class Task(NamedTuple):
    """Everything a best-first run needs, already checked (see :func:`check_task`)."""

    start: Board
    goal: Board
    priority: Callable[[int, float], float]
    heuristic: Heuristic
    strategy: Strategy
    limits: Limits


def _successors(shape: tuple[int, int], order: tuple[str, ...]) -> list[list[tuple[str, int]]]:
    """For each blank cell, the (move, cell the blank moves to) pairs in ``order``."""
    rank = {m: k for k, m in enumerate(order)}
    return [sorted(cells, key=lambda mc: rank[mc[0]]) for cells in neighbour_table(*shape)]


def _path(link: Link | None) -> tuple[list[tuple[int, ...]], list[str]]:
    """The states and moves from the start to ``link``, a chain of ``(state, move, parent)``."""
    states: list[tuple[int, ...]] = []
    moves: list[str] = []
    while link is not None:
        states.append(link[0])
        if link[1] is not None:
            moves.append(link[1])
        link = link[2]
    return states[::-1], moves[::-1]


def _which_limit(limits: Limits, expanded: int, generated: int, node_cap: float) -> str:
    if expanded >= limits.expansions():
        return "budget"
    return "memory" if generated >= node_cap else "seconds"


class _Rules(NamedTuple):
    """A task's rules as the loop reads them (looked up once, not per node)."""

    table: list[list[tuple[str, int]]]  #: for each blank cell, the (move, cell) pairs in the strategy's order
    tie: int  #: -1: equal f goes to the larger g ("deep"); 0: no preference ("lifo")
    sign: int  #: +1: then the oldest entry first; -1: the newest (the key's order field steps by sign)
    on_generate: bool
    blacklist: bool
    budget: int
    deadline: float
    node_cap: int
    weight: float | None  #: f = g + weight * h, computed inline (a WeightedPriority); None: call the priority


def _rules(task: Task, record: bool) -> _Rules:
    deep = task.strategy.ties == "deep"
    limits = task.limits
    return _Rules(
        _successors(task.start.shape, task.strategy.order), -1 if deep else 0, 1 if deep else -1,
        task.strategy.goal_test == "generate", task.strategy.duplicates == "blacklist",
        _whole(limits.expansions()), limits.deadline(),
        _whole(limits.nodes(node_bytes(task.start.size, record))),
        task.priority.weight if isinstance(task.priority, WeightedPriority) else None,
    )  # fmt: skip


def _whole(ceiling: float) -> int:
    """A ceiling as an int (no limit: one no count reaches), so the loop compares ints with ints."""
    return _NEVER if ceiling == math.inf else int(ceiling)


_NEVER: Final = 2**62


#: The ``reached`` value of a state expanded under the blacklist rule: below every child's g, so the
#: engine's one duplicate test (a child already reached at g or less is skipped) skips it.
EXPANDED: Final = -1

# A frontier entry is a plain tuple (cheap to build and compare in the heap); its fields, by index:
KEY_F, KEY_TIE, KEY_ORDER = 0, 1, 2  #: the priority key (f, tie, order): see Strategy.key
ENTRY_G: Final = 3  #: moves from the start
ENTRY_HSTATE: Final = 4  #: the heuristic's incremental state (see heuristics.Incremental)
ENTRY_BLANK: Final = 5  #: the blank's cell
ENTRY_LINK: Final = 6  #: (state, move, parent link): the path, rebuilt by following parents
ENTRY_NODE: Final = 7  #: the Node when recording, else None
#: The priority key ``(f, tie, order)``.
Key: TypeAlias = tuple[float, int, int]
#: ``(state, move, parent link)``: the path to a state, one link per move (the start's move and
#: parent are None).
Link: TypeAlias = tuple[tuple[int, ...], "str | None", "Link | None"]
#: A frontier entry: ``(f, tie, order, g, hstate, blank, link, node)`` (the ENTRY_* fields).
Entry: TypeAlias = tuple[float, int, int, int, State, int, Link, "Node | None"]


def _start(task: Task, record: bool) -> tuple[Incremental, _Rules, _Ending, list[Entry]]:
    """A run's set-up: the heuristic's incremental form, the rules, the ending's needs, the frontier."""
    inc = incremental(task.heuristic, task.goal)
    rules = _rules(task, record)
    ending = _Ending(task.limits, rules.node_cap, task.start.shape, inc, task.priority)
    return inc, rules, ending, [_root_entry(task.start, inc, task.priority, task.strategy, record)]


def run(task: Task, record: bool) -> Generator[Event, None, Outcome]:
    """The engine: yields every event if ``record`` (else only the last), returns the :class:`Outcome`.

    ``reached`` maps each state to the least ``g`` found for it (with the blacklist rule, each
    state expanded to :data:`EXPANDED`): one test skips a child reached before at ``g`` or less."""
    inc, rules, ending, frontier = _start(task, record)
    step, h_of, priority, shape, goal = inc.step, inc.h, task.priority, task.start.shape, task.goal.tiles
    table, tie, sign, on_generate, blacklist, budget, deadline, node_cap, weight = rules
    reached, expanded, generated, max_frontier, order = {task.start.tiles: 0}, 0, 0, 1, sign
    while frontier:
        if len(frontier) > max_frontier:  # (not max(): this loop runs for every node)
            max_frontier = len(frontier)
        entry = heappop(frontier)
        _, _, _, g, hs, blank, link, node = entry  # the ENTRY_* fields, unpacked at once (fastest)
        state = link[0]
        if blacklist:
            reached[state] = EXPANDED
        elif g > reached[state]:
            continue  # a stale entry: this state was reached more cheaply later
        if state == goal and (not on_generate or not expanded):  # the article never tests its start; we do
            return (yield from _stop(ending, "solved", entry, frontier, (expanded, generated, max_frontier)))
        if expanded >= budget or generated >= node_cap or (not expanded & 255 and _now() > deadline):
            return (yield from _stop(ending, "budget", entry, frontier, (expanded, generated, max_frontier)))
        expanded += 1
        if record:
            yield _new(Event, ("expand", expanded, node, len(frontier), None, entry[:3]))
        g2, back = g + 1, OPPOSITE.get(link[1])  # undoing the last move leads back to the parent
        tie2 = tie * g2  # the children's tie field
        for move, cell in table[blank]:
            if move == back:
                continue
            tile, cells = state[cell], list(state)  # the tile slides into the blank (inline: per child)
            cells[blank], cells[cell] = tile, BLANK
            child = tuple(cells)
            seen = reached.get(child)  # (blacklist: only expanded states are there, at EXPANDED < g2)
            if seen is not None and seen <= g2:
                if record:
                    yield _skip_event(child, g2, move, node, expanded, len(frontier))
                continue
            if not blacklist:
                reached[child] = g2
            hs2 = step(hs, state, tile, cell, blank)
            h2 = hs2 if h_of is None else h_of(hs2)
            f2 = priority(g2, h2) if weight is None else g2 + weight * h2
            generated, order = generated + 1, order + sign
            kid = _new(Node, (child, shape, g2, h2, f2, move, node)) if record else None
            child_entry = (f2, tie2, order, g2, hs2, cell, (child, move, link), kid)
            heappush(frontier, child_entry)
            if record:
                yield _new(Event, ("generate", expanded, kid, len(frontier), None, child_entry[:3]))
            if on_generate and child == goal:
                tally = (expanded, generated, max_frontier)
                return (yield from _stop(ending, "solved", child_entry, frontier, tally))
    return (yield from _exhausted(expanded, generated, max_frontier))


def _exhausted(expanded: int, generated: int, max_frontier: int) -> Generator[Event, None, Outcome]:
    """End a run whose frontier ran dry: no path to the goal from the start."""
    yield Event("exhausted", expanded, None, 0)
    return Outcome("exhausted", None, [], [], expanded, generated, max_frontier)


class _Ending(NamedTuple):
    """What the last event of a run needs besides its entry: the bounds, and how to rebuild a Node."""

    limits: Limits
    node_cap: float
    shape: tuple[int, int]
    inc: Incremental
    priority: Callable[[int, float], float]


def _stop(
    ending: _Ending, status: str, entry: Entry, frontier: list[Entry], tally: tuple[int, int, int]
) -> Generator[Event, None, Outcome]:
    """End a run at ``entry``: yield its ``"solved"`` or ``"budget"`` event and return the Outcome.
    ``tally`` is the work so far: ``(expanded, generated, max_frontier)``."""
    expanded, generated, max_frontier = tally
    max_frontier = max(max_frontier, len(frontier))
    link = entry[ENTRY_LINK]
    node = entry[ENTRY_NODE] or _node_of(link, ending.shape, ending.inc, ending.priority)
    yield Event(status, expanded, node, len(frontier))
    if status == "solved":
        states, moves = _path(link)
        return Outcome("solved", None, states, moves, expanded, generated, max_frontier)
    limit = _which_limit(ending.limits, expanded, generated, ending.node_cap)
    return Outcome("budget", limit, [], [], expanded, generated, max_frontier)


_now = time.process_time  # CPU seconds: see Limits


def _root_entry(
    start: Board, inc: Incremental, priority: Callable[[int, float], float], strategy: Strategy, record: bool
) -> Entry:
    """The start's frontier entry. Every entry is ``(f, tie, order, g, hstate, blank, link, node)``:
    its key (see :meth:`Strategy.key`), ``g``, the heuristic's incremental state, the blank's
    cell, the ``link`` ``(state, move, parent link)`` and the :class:`Node` when recording, else
    None."""
    hs = inc.initial(start.tiles)
    h = inc.value(hs)
    f = priority(0, h)
    node = Node(start.tiles, start.shape, 0, h, f) if record else None
    return (*strategy.key(f, 0, 1), 0, hs, start.blank, (start.tiles, None, None), node)


def _node_of(
    link: Link, shape: tuple[int, int], inc: Incremental, priority: Callable[[int, float], float]
) -> Node:
    """The Node at the end of ``link`` when it was made without recording (rebuilt along its path)."""
    states, moves = _path(link)
    node: Node | None = None
    for g, state in enumerate(states):
        h = inc.value(inc.initial(state))
        node = Node(state, shape, g, h, priority(g, h), moves[g - 1] if g else None, node)
    assert node is not None  # a path holds at least its start
    return node


def _skip_event(
    child: tuple[int, ...], g2: int, move: str, parent: Node | None, expanded: int, size: int
) -> Event:
    assert parent is not None  # skip events are made only when recording, and then every entry has its Node
    skipped = _new(Node, (child, parent.shape, g2, math.nan, math.nan, move, parent))
    return _new(Event, ("skip", expanded, skipped, size, None, None))


def best_first_events(
    start: object,
    goal: object = None,
    *,
    priority: Callable[[int, float], float],
    heuristic: Heuristic | str | None = None,
    budget: int | None = DEFAULT_BUDGET,
    seconds: float | None = DEFAULT_SECONDS,
    memory: int | None = DEFAULT_MEMORY,
    strategy: Strategy | None = None,
) -> Generator[Event, None, Outcome]:
    """Run best-first search, yielding an :class:`Event` for everything it does.

    Parameters
    ----------
    start, goal : Board or str
        The board and its goal (default: the blank-last goal of the same shape).
    priority : callable ``(g, h) -> f``
        Orders the frontier, smallest first: ``lambda g, h: g + h`` is A*, ``lambda g, h: h``
        greedy, ``lambda g, h: g`` breadth-first (uniform cost).
    heuristic : callable ``h(board, goal)``, optional
        Default ``manhattan``.
    budget, seconds, memory : bounds, optional
        As for the solvers (expansions, CPU seconds, bytes); ``None`` lifts one.
    strategy : Strategy, optional
        Tie, goal-test and duplicate rules (default :class:`Strategy()`).

    Returns
    -------
    generator of Event
        Ends with "solved", "budget" or "exhausted"; its return value is the :class:`Outcome`.

    Examples
    --------
    >>> from puzzlelab import Board
    >>> events = best_first_events(Board.parse("1 2 3/4 5 6/7 _ 8"), priority=lambda g, h: g + h)
    >>> [e.kind for e in events]
    ['expand', 'generate', 'generate', 'generate', 'solved']
    """
    from ..heuristics import manhattan

    start_board, goal_board = prepare(start, goal)
    limits = check_limits(budget, seconds, memory)
    if not callable(priority):
        raise TypeError(f"priority must be a function (g, h) -> f, got {priority!r}")
    function = check_heuristic(manhattan if heuristic is None else heuristic)
    if strategy is not None and not isinstance(strategy, Strategy):
        raise TypeError(f"strategy must be a Strategy, got {strategy!r}")
    return run(Task(start_board, goal_board, priority, function, strategy or Strategy(), limits), True)
