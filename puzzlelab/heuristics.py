"""Heuristics for sliding-tile search: estimates of how many moves a board is from its goal.

Each heuristic is a plain function ``h(board, goal) -> int``; a lesson can pass its own
function with the same signature to any search in :mod:`puzzlelab.search`. The built-in ones
are *registered*: one :class:`HeuristicEntry` per heuristic holds everything the library knows
about it (its function, its name, whether it is admissible, its incremental form or none), and
every reader (:func:`is_admissible`, the search engines, :data:`HEURISTICS` and the widgets'
menus) reads that entry. Adding a heuristic is one decorated function::

    @register_heuristic(admissible=True)
    def blank_far(board, goal=None):
        ...

and :func:`unregister_heuristic` removes it again (a test's clean-up).

========================  ==========================================================  ==========
name                      what it counts                                              admissible
========================  ==========================================================  ==========
``zero``                  nothing (turns A* into breadth-first search)                yes
``misplaced``             tiles not on their goal cell                                yes
``manhattan``             grid steps each tile is from its goal cell                  yes
``linear_conflict``       Manhattan + 2 per tile that must leave its line to let      yes
                          another tile pass (Hansson, Mayer & Yung 1992)
``manhattan_with_blank``  Manhattan counting the blank too (the fourth seed           no
                          article's score)
========================  ==========================================================  ==========

>>> from puzzlelab import Board
>>> b = Board.parse("2 1 3/4 5 6/7 8 _")
>>> misplaced(b, Board.goal(3, 3)), manhattan(b, Board.goal(3, 3)), linear_conflict(b, Board.goal(3, 3))
(2, 2, 4)

The search engine does not call these functions for every node: for the built-in ones it
uses an *incremental* form (:func:`incremental`) that updates ``h`` from the one tile a move
slides. A function registered without one, or a student's own unregistered function, is called
on each new board instead.

References: Hart, Nilsson & Raphael (1968); Hansson, Mayer & Yung (1992), "Criticizing
solutions to relaxed models yields powerful admissible heuristics".
"""

from __future__ import annotations

import numbers
from bisect import bisect_left
from collections.abc import Callable, Iterator, Mapping, Sequence, Set
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeAlias, TypeVar, cast

from ._validate import describe
from .board import BLANK, Board

__all__ = [
    "ADMISSIBLE",
    "HEURISTICS",
    "REGISTRY",
    "HeuristicEntry",
    "Incremental",
    "check_heuristic",
    "heuristic_name",
    "heuristic_value",
    "incremental",
    "is_admissible",
    "linear_conflict",
    "manhattan",
    "manhattan_with_blank",
    "misplaced",
    "register_heuristic",
    "unregister_heuristic",
    "zero",
]

Heuristic = Callable[[Board, Board], int]
_H = TypeVar("_H", bound=Heuristic)

#: A heuristic's incremental state. Its layout is the heuristic's own business (an int for every
#: built-in; a pattern database packs its table indices and its value into one int): the engines
#: only hand it back to the same :class:`Incremental`, so no narrower type fits every heuristic.
State: TypeAlias = Any
#: ``initial(tiles) -> state``
InitialFn = Callable[[Sequence[int]], State]
#: ``step(state, tiles, tile, src, dst) -> state`` (``tiles``: the parent, left unchanged)
StepFn = Callable[[State, Sequence[int], int, int, int], State]


# -- goal geometry (cached per goal) ---------------------------------------------------
def _goal_of(board: Board, goal: Board | None) -> Board:
    """``goal`` checked against ``board`` (both must be Boards of one shape); None: the blank-last goal."""
    if type(board) is not Board and not isinstance(board, Board):
        raise TypeError(f"board must be a Board (Board.parse('1 2/3 _') makes one), got {describe(board)}")
    if goal is None:
        return Board.goal(board.rows, board.cols)
    if not isinstance(goal, Board):
        raise TypeError(f"goal must be a Board or None, got {describe(goal)}")
    if goal.shape != board.shape:
        raise ValueError(f"board is {board.rows}x{board.cols} but the goal is {goal.rows}x{goal.cols}")
    return goal


@lru_cache(maxsize=64)
def _goal_cells(goal_tiles: tuple[int, ...]) -> tuple[int, ...]:
    """``cell[t]``: the goal cell of tile ``t``."""
    cell = [0] * len(goal_tiles)
    for index, tile in enumerate(goal_tiles):
        cell[tile] = index
    return tuple(cell)


@lru_cache(maxsize=64)
def _distance_table(goal_tiles: tuple[int, ...], cols: int) -> tuple[tuple[int, ...], ...]:
    """``dist[t][i]``: grid steps from cell ``i`` to tile ``t``'s goal cell."""
    cells = _goal_cells(goal_tiles)
    n = len(goal_tiles)
    return tuple(
        tuple(abs(i // cols - cells[t] // cols) + abs(i % cols - cells[t] % cols) for i in range(n))
        for t in range(n)
    )


def _longest_increasing(values: Sequence[int]) -> int:
    tails: list[int] = []
    for v in values:
        k = bisect_left(tails, v)
        if k == len(tails):
            tails.append(v)
        else:
            tails[k] = v
    return len(tails)


def _line_penalty(
    goal_lines: Sequence[int], goal_offsets: Sequence[int], line: int, contents: Sequence[int]
) -> int:
    """2 x (tiles of ``line`` that must leave it): tiles that belong there, minus the longest run
    already in goal order, each need two extra moves (out of the line and back)."""
    order = [goal_offsets[t] for t in contents if t != BLANK and goal_lines[t] == line]
    if len(order) < 2:
        return 0
    return 2 * (len(order) - _longest_increasing(order))


@lru_cache(maxsize=64)
def _line_geometry(
    goal_tiles: tuple[int, ...], rows: int, cols: int
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    cells = _goal_cells(goal_tiles)
    goal_row = tuple(c // cols for c in cells)
    goal_col = tuple(c % cols for c in cells)
    row_cells = tuple(tuple(range(r * cols, (r + 1) * cols)) for r in range(rows))
    col_cells = tuple(tuple(range(c, rows * cols, cols)) for c in range(cols))
    return goal_row, goal_col, row_cells, col_cells


def _conflicts(tiles: Sequence[int], goal_tiles: tuple[int, ...], rows: int, cols: int) -> int:
    goal_row, goal_col, row_cells, col_cells = _line_geometry(goal_tiles, rows, cols)
    extra = 0
    for r, cells in enumerate(row_cells):
        extra += _line_penalty(goal_row, goal_col, r, [tiles[i] for i in cells])
    for c, cells in enumerate(col_cells):
        extra += _line_penalty(goal_col, goal_row, c, [tiles[i] for i in cells])
    return extra


# -- incremental forms used by the search engine ---------------------------------------
class Incremental:
    """A heuristic in the form the search engines use: a *state* updated one move at a time.

    ``initial(tiles) -> state`` and ``step(state, tiles, tile, src, dst) -> state``, where
    ``tiles`` is the *parent* arrangement (a tuple or list, left unchanged) and ``tile`` slides
    from cell ``src`` to cell ``dst`` (the blank's cell). ``h(state)`` reads the estimate out of
    a state; ``h is None`` means the state *is* the estimate (every plain heuristic). How a state
    is laid out is the heuristic's own business: the engines only ever call these three.

    >>> inc = incremental(manhattan, Board.goal(2, 2))
    >>> state = inc.initial((1, 2, 0, 3))
    >>> inc.value(state), inc.value(inc.step(state, (1, 2, 0, 3), 3, 3, 2))
    (1, 0)
    """

    __slots__ = ("h", "initial", "step")

    def __init__(self, initial: InitialFn, step: StepFn, h: Callable[[State], float] | None = None) -> None:
        self.initial, self.step, self.h = initial, step, h

    def value(self, state: State) -> float:
        """The estimate ``h`` held in ``state``."""
        estimate: float = state if self.h is None else self.h(state)
        return estimate


@lru_cache(maxsize=64)
def _delta_table(goal_tiles: tuple[int, ...], cols: int) -> tuple[int, ...]:
    """``delta[tile * n * n + src * n + dst]``: the change in the tile's distance when it slides
    ``src -> dst`` (n**3 entries: built once per goal, not once per search)."""
    dist, n = _distance_table(goal_tiles, cols), len(goal_tiles)
    return tuple(dist[t][d] - dist[t][s] for t in range(n) for s in range(n) for d in range(n))


def _incremental_table(goal: Board, with_blank: bool) -> Incremental:
    n, cols = goal.size, goal.cols
    dist = _distance_table(goal.tiles, cols)
    delta = _delta_table(goal.tiles, cols)
    nn = n * n
    if with_blank:
        blank_dist = dist[BLANK]

        def initial(tiles: Sequence[int]) -> int:
            return sum(dist[t][i] for i, t in enumerate(tiles))

        def step(h: int, tiles: Sequence[int], tile: int, src: int, dst: int) -> int:
            return h + delta[tile * nn + src * n + dst] + blank_dist[src] - blank_dist[dst]

        return Incremental(initial, step)

    def initial(tiles: Sequence[int]) -> int:  # type: ignore[no-redef]  # the blank-less pair
        return sum(dist[t][i] for i, t in enumerate(tiles) if t != BLANK)

    def step(h: int, tiles: Sequence[int], tile: int, src: int, dst: int) -> int:  # type: ignore[no-redef]
        return h + delta[tile * nn + src * n + dst]

    return Incremental(initial, step)


def _incremental_misplaced(goal: Board) -> Incremental:
    g = goal.tiles

    def initial(tiles: Sequence[int]) -> int:
        return sum(1 for a, b in zip(tiles, g, strict=True) if a != BLANK and a != b)

    def step(h: int, tiles: Sequence[int], tile: int, src: int, dst: int) -> int:
        return h + (g[src] == tile) - (g[dst] == tile)

    return Incremental(initial, step)


#: Lines of at most this many cells get their conflict penalties precomputed in a list
#: ((length + 1) ** length entries: 7,776 for 5 cells, 117,649 for 6); longer lines use a memo.
_TABLE_LINE = 6


class _LinePenalties:
    """The linear-conflict penalty of every line of one kind (all rows, or all columns).

    A line's contents are summarised by a *code*: reading its cells in order, each tile whose
    goal line is this one contributes its goal offset + 1 as a base-(length + 1) digit, any
    other tile (and the blank) 0. The penalty depends on the code alone.
    """

    def __init__(
        self, goal_line: Sequence[int], goal_offset: Sequence[int], lines: Sequence[Sequence[int]]
    ) -> None:
        length = len(lines[0])
        self.lines, self.base = lines, length + 1
        tiles = range(len(goal_line))
        self.digit = [
            [goal_offset[t] + 1 if t != BLANK and goal_line[t] == k else 0 for t in tiles]
            for k in range(len(lines))
        ]
        self.table: list[int] | _Memo
        self.place = [0] * len(goal_line)
        for cells in lines:
            for k, cell in enumerate(cells):
                self.place[cell] = self.base ** (length - 1 - k)
        if length <= _TABLE_LINE:
            self.table = [self._penalty(code) for code in range(self.base**length)]
        else:
            self.table = _Memo(self._penalty)

    def _penalty(self, code: int) -> int:
        order: list[int] = []
        while code:
            code, digit = divmod(code, self.base)
            if digit:
                order.append(digit)
        order.reverse()
        return 2 * (len(order) - _longest_increasing(order)) if len(order) > 1 else 0

    def code(self, line: int, tiles: Sequence[int]) -> int:
        digit, code, base = self.digit[line], 0, self.base
        for cell in self.lines[line]:
            code = code * base + digit[tiles[cell]]
        return code

    def gain(self, line: int, tiles: Sequence[int], tile: int, cell: int) -> int:
        """How much ``tile`` at ``cell`` adds to ``line``'s penalty (the rest as in ``tiles``)."""
        code = self.code(line, tiles)
        own = self.digit[line][tile] * self.place[cell]
        if tiles[cell] != tile:
            code += own
        return self.table[code] - self.table[code - own]


class _Memo(dict[int, int]):
    """A lazily filled table: ``memo[key]`` computes ``fill(key)`` once."""

    def __init__(self, fill: Callable[[int], int]) -> None:
        super().__init__()
        self.fill = fill

    def __missing__(self, key: int) -> int:
        value = self[key] = self.fill(key)
        return value


def _incremental_linear_conflict(goal: Board) -> Incremental:
    rows, cols, gt = goal.rows, goal.cols, goal.tiles
    md = _incremental_table(goal, with_blank=False)
    md_step = md.step
    goal_row, goal_col, row_cells, col_cells = _line_geometry(gt, rows, cols)
    by_rows = _LinePenalties(goal_row, goal_col, row_cells)
    by_cols = _LinePenalties(goal_col, goal_row, col_cells)

    def initial(tiles: Sequence[int]) -> int:
        manhattan_part: int = md.initial(tiles)
        return manhattan_part + _conflicts(tiles, gt, rows, cols)

    def step(h: int, tiles: Sequence[int], tile: int, src: int, dst: int) -> int:
        h = md_step(h, tiles, tile, src, dst)
        # a vertical slide takes the tile from one row to another, a horizontal one between
        # columns; only the line the tile belongs to can change its penalty
        if src - dst == cols or dst - src == cols:
            home, lines, before, after = goal_row[tile], by_rows, src // cols, dst // cols
        else:
            home, lines, before, after = goal_col[tile], by_cols, src % cols, dst % cols
        if home == before:
            h -= lines.gain(before, tiles, tile, src)
        elif home == after:
            h += lines.gain(after, tiles, tile, dst)
        return h

    return Incremental(initial, step)


# -- the registry: one entry per heuristic holds every fact about it --------------------
@dataclass(frozen=True)
class HeuristicEntry:
    """Everything the library knows about one heuristic.

    ``function`` is the plain ``h(board, goal) -> int``; ``admissible`` says it never
    overestimates (A* and IDA* with it are then optimal); ``incremental`` builds its incremental
    form for a goal (``incremental(goal) -> Incremental``), or is None when the engines must call
    ``function`` on each new board; ``summary`` says in a few words what it counts (menus, tables).
    """

    name: str
    function: Heuristic
    admissible: bool
    incremental: Callable[[Board], Incremental] | None = None
    summary: str = ""


#: Every registered heuristic by name, in the order they were registered. Read it through
#: :data:`HEURISTICS`, :data:`ADMISSIBLE` and :func:`is_admissible`; change it only with
#: :func:`register_heuristic` and :func:`unregister_heuristic`.
REGISTRY: dict[str, HeuristicEntry] = {}


def register_heuristic(
    *,
    admissible: bool,
    incremental: Callable[[Board], Incremental] | None = None,
    name: str | None = None,
    summary: str | None = None,
) -> Callable[[_H], _H]:
    """Decorator: register ``h(board, goal)`` as a heuristic, with its facts, and return it unchanged.

    Parameters
    ----------
    admissible : bool
        True only if it never exceeds the true distance (then A* with it is optimal).
    incremental : callable ``goal -> Incremental``, optional
        Its incremental form (see :class:`Incremental`); without one the engines call the
        function on each new board (correct, slower).
    name : str, optional
        The name in menus and results (default: the function's ``__name__``).
    summary : str, optional
        What it counts, in a few words (default: the first line of its docstring).

    Raises
    ------
    TypeError
        ``admissible`` not a bool, the function or ``incremental`` not callable, ``name`` not a str.
    ValueError
        ``name`` empty or already registered.

    Examples
    --------
    >>> @register_heuristic(admissible=True)
    ... def blank_home(board, goal=None):
    ...     "1 when the blank is off its goal cell (admissible: it must move at least once)."
    ...     return int(board.blank != (goal or Board.goal(*board.shape)).blank)
    >>> HEURISTICS["blank_home"] is blank_home, is_admissible(blank_home)
    (True, True)
    >>> unregister_heuristic("blank_home")
    """
    if not isinstance(admissible, bool):
        raise TypeError(f"admissible must be True or False, got {describe(admissible)}")
    if incremental is not None and not callable(incremental):
        raise TypeError(
            f"incremental must be a function goal -> Incremental or None, got {describe(incremental)}"
        )
    if name is not None and not isinstance(name, str):
        raise TypeError(f"name must be a str or None, got {describe(name)}")
    if summary is not None and not isinstance(summary, str):
        raise TypeError(f"summary must be a str or None, got {describe(summary)}")

    def register(function: _H) -> _H:
        if not callable(function):
            raise TypeError(
                f"register_heuristic decorates a function h(board, goal), got {describe(function)}"
            )
        key = name if name is not None else getattr(function, "__name__", "")
        if not key:
            raise ValueError("name must be a non-empty str (the function has no __name__)")
        if key in REGISTRY:
            raise ValueError(f"name {key!r} is already a registered heuristic: unregister it first")
        doc = (function.__doc__ or "").strip().split("\n")[0]
        REGISTRY[key] = HeuristicEntry(
            key, function, admissible, incremental, doc if summary is None else summary
        )
        return function

    return register


def unregister_heuristic(name: str) -> None:
    """Remove the heuristic registered as ``name`` (``ValueError`` if there is none)."""
    if not isinstance(name, str):
        raise TypeError(f"name must be a str, got {describe(name)}")
    if name not in REGISTRY:
        raise ValueError(f"name must be a registered heuristic ({', '.join(REGISTRY)}), got {name!r}")
    del REGISTRY[name]


def _entry_of(heuristic: object) -> HeuristicEntry | None:
    """The registry entry whose function is ``heuristic``, if any."""
    for entry in REGISTRY.values():
        if entry.function is heuristic:
            return entry
    return None


class _Functions(Mapping[str, Heuristic]):
    """The registry read as ``name -> function`` (live: a registration shows at once)."""

    def __getitem__(self, name: str) -> Heuristic:
        return REGISTRY[name].function

    def __iter__(self) -> Iterator[str]:
        return iter(list(REGISTRY))

    def __len__(self) -> int:
        return len(REGISTRY)

    def __repr__(self) -> str:
        return f"HEURISTICS({', '.join(REGISTRY)})"


class _AdmissibleNames(Set[str]):
    """The names of the registered admissible heuristics (live)."""

    def __contains__(self, name: object) -> bool:
        entry = REGISTRY.get(name) if isinstance(name, str) else None
        return entry is not None and entry.admissible

    def __iter__(self) -> Iterator[str]:
        return iter([name for name, entry in REGISTRY.items() if entry.admissible])

    def __len__(self) -> int:
        return sum(entry.admissible for entry in REGISTRY.values())

    def __repr__(self) -> str:
        return f"ADMISSIBLE({', '.join(self)})"


#: The registered heuristics by name (a read-only view of :data:`REGISTRY`): what menus offer.
HEURISTICS: Mapping[str, Heuristic] = _Functions()
#: Names of the registered heuristics that never overestimate (a read-only view of :data:`REGISTRY`).
ADMISSIBLE: Set[str] = _AdmissibleNames()


def is_admissible(heuristic: object) -> bool:
    """True for a heuristic known never to overestimate: a registered admissible one, or any
    function or object marked ``admissible = True`` (the pattern database is)."""
    entry = _entry_of(heuristic)
    if entry is not None:
        return entry.admissible
    return getattr(heuristic, "admissible", False) is True


def heuristic_name(heuristic: object) -> str:
    """A readable name for a heuristic: its registered name, else its ``name`` or ``__name__``."""
    entry = _entry_of(heuristic)
    if entry is not None:
        return entry.name
    return getattr(heuristic, "name", None) or getattr(heuristic, "__name__", None) or repr(heuristic)


def check_heuristic(heuristic: object, name: str = "heuristic") -> Heuristic:
    """The heuristic function for ``heuristic``: a function ``h(board, goal)``, a heuristic object,
    or the name of a registered heuristic (``"manhattan"``); else TypeError/ValueError naming it."""
    if isinstance(heuristic, str):
        if heuristic not in REGISTRY:
            raise ValueError(f"{name} must be a registered heuristic ({', '.join(REGISTRY)}) or a function, "
                             f"got {heuristic[:40]!r}")  # fmt: skip
        return REGISTRY[heuristic].function
    if not callable(heuristic):
        raise TypeError(
            f"{name} must be a function h(board, goal) -> number (such as manhattan) or its name, "
            f"got {describe(heuristic)}"
        )
    return cast("Heuristic", heuristic)  # callable: its signature is the caller's promise


def heuristic_value(heuristic: object, value: object) -> int | float:
    """``value``, returned by ``heuristic``, as a Python number the engines can use: ints (numpy
    integers too) stay whole, other real numbers become floats (``inf`` allowed: "unreachable");
    ``TypeError`` for anything else (a bool, a str, NaN, None), naming the heuristic."""
    if type(value) is int:
        return value
    if not isinstance(value, bool):  # a bool is an Integral too, but never a heuristic's value
        if isinstance(value, numbers.Integral):
            return int(value)
        if isinstance(value, numbers.Real) and value == value:
            return float(value)
    raise TypeError(f"heuristic {heuristic_name(heuristic)} returned {describe(value)}, not a number")


def _zero_incremental(goal: Board) -> Incremental:
    return Incremental(lambda tiles: 0, lambda h, tiles, tile, src, dst: 0)


def _manhattan_incremental(goal: Board) -> Incremental:
    return _incremental_table(goal, with_blank=False)


def _blank_manhattan_incremental(goal: Board) -> Incremental:
    return _incremental_table(goal, with_blank=True)


# -- the built-in heuristics -------------------------------------------------------------
@register_heuristic(
    admissible=True, incremental=_zero_incremental, summary="nothing (turns A* into breadth-first search)"
)
def zero(board: Board, goal: Board | None = None) -> int:
    """Always 0: A* with this heuristic is breadth-first search (uniform cost)."""
    _goal_of(board, goal)
    return 0


@register_heuristic(
    admissible=True, incremental=_incremental_misplaced, summary="tiles not on their goal cell"
)
def misplaced(board: Board, goal: Board | None = None) -> int:
    """Number of tiles, blank excluded, not on their goal cell.

    >>> misplaced(Board.parse("1 2 3/4 5 6/7 _ 8"))
    1
    """
    goal = _goal_of(board, goal)
    return sum(1 for a, b in zip(board.tiles, goal.tiles, strict=True) if a != BLANK and a != b)


@register_heuristic(
    admissible=True, incremental=_manhattan_incremental, summary="grid steps each tile is from its goal cell"
)
def manhattan(board: Board, goal: Board | None = None) -> int:
    """Sum over tiles (blank excluded) of the grid steps to their goal cell.

    >>> manhattan(Board.parse("1 2 3/4 5 6/_ 7 8"))
    2
    """
    goal = _goal_of(board, goal)
    dist = _distance_table(goal.tiles, goal.cols)
    return sum(dist[t][i] for i, t in enumerate(board.tiles) if t != BLANK)


@register_heuristic(
    admissible=True,
    incremental=_incremental_linear_conflict,
    summary="Manhattan + 2 per tile that must leave its line",
)
def linear_conflict(board: Board, goal: Board | None = None) -> int:
    """Manhattan distance plus 2 for every tile that must step out of its row or column.

    Two tiles both in their goal row but in the wrong order cannot pass each other inside the
    row, so one of them leaves and comes back. Counted per line as the tiles outside the longest
    run in goal order (admissible even when three or more tiles conflict).

    >>> linear_conflict(Board.parse("3 2 1/4 5 6/7 8 _"))
    8
    """
    goal = _goal_of(board, goal)
    return manhattan(board, goal) + _conflicts(board.tiles, goal.tiles, board.rows, board.cols)


@register_heuristic(
    admissible=False,
    incremental=_blank_manhattan_incremental,
    summary="Manhattan counting the blank too (the fourth seed article's score)",
)
def manhattan_with_blank(board: Board, goal: Board | None = None) -> int:
    """Manhattan distance counting the blank as a tile, as the fourth seed article scores a view.

    Not admissible: one move changes it by 2 (the tile and the blank), so it can exceed the
    true distance (``1 2 3/4 5 6/7 _ 8`` is one move away and scores 2).

    >>> manhattan_with_blank(Board.parse("1 2 3/4 5 6/7 _ 8"))
    2
    """
    goal = _goal_of(board, goal)
    dist = _distance_table(goal.tiles, goal.cols)
    return sum(dist[t][i] for i, t in enumerate(board.tiles))


def _incremental_generic(heuristic: Heuristic, goal: Board) -> Incremental:
    rows, cols, unchecked = goal.rows, goal.cols, Board.unchecked

    def evaluate(tiles: Sequence[int]) -> int | float:
        value = heuristic(unchecked(tuple(tiles), rows, cols), goal)
        return value if type(value) is int else heuristic_value(heuristic, value)

    def step(h: int | float, tiles: Sequence[int], tile: int, src: int, dst: int) -> int | float:
        child = list(tiles)
        child[src], child[dst] = BLANK, tile
        return evaluate(child)

    return Incremental(evaluate, step)


def incremental(heuristic: Heuristic, goal: Board) -> Incremental:
    """The incremental form of ``heuristic`` for ``goal``: its registered one (fast for the
    built-ins), else the object's own ``incremental(goal) -> Incremental`` method (the pattern
    database has one), else the function called on every new board.

    >>> inc = incremental(manhattan, Board.goal(2, 2))
    >>> inc.initial((1, 2, 0, 3)), inc.step(1, (1, 2, 0, 3), 3, 3, 2)
    (1, 0)
    """
    heuristic = check_heuristic(heuristic)
    entry = _entry_of(heuristic)
    if entry is not None and entry.incremental is not None:
        return entry.incremental(goal)
    own = getattr(heuristic, "incremental", None)
    if callable(own):
        made: Incremental = own(goal)
        return made
    return _incremental_generic(heuristic, goal)
