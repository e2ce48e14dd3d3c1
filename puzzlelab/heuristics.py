"""Heuristics for sliding-tile search: estimates of how many moves a board is from its goal.

Each heuristic is a plain function ``h(board, goal) -> int``; a lesson can pass its own
function with the same signature to any search in :mod:`puzzlelab.search`.

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
slides. A student's own function is called on each new board instead.

References: Hart, Nilsson & Raphael (1968); Hansson, Mayer & Yung (1992), "Criticizing
solutions to relaxed models yields powerful admissible heuristics".
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from functools import lru_cache

from .board import BLANK, Board

__all__ = [
    "ADMISSIBLE",
    "HEURISTICS",
    "Incremental",
    "check_heuristic",
    "heuristic_name",
    "incremental",
    "linear_conflict",
    "manhattan",
    "manhattan_with_blank",
    "misplaced",
    "zero",
]

Heuristic = Callable[[Board, Board], int]


# -- goal geometry (cached per goal) ---------------------------------------------------
def _goal_of(board: Board, goal: Board | None) -> Board:
    if goal is None:
        return Board.goal(board.rows, board.cols)
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


# -- the heuristics as plain functions ------------------------------------------------
def zero(board: Board, goal: Board | None = None) -> int:
    """Always 0: A* with this heuristic is breadth-first search (uniform cost)."""
    return 0


def misplaced(board: Board, goal: Board | None = None) -> int:
    """Number of tiles, blank excluded, not on their goal cell.

    >>> misplaced(Board.parse("1 2 3/4 5 6/7 _ 8"))
    1
    """
    goal = _goal_of(board, goal)
    return sum(1 for a, b in zip(board.tiles, goal.tiles, strict=True) if a != BLANK and a != b)


def manhattan(board: Board, goal: Board | None = None) -> int:
    """Sum over tiles (blank excluded) of the grid steps to their goal cell.

    >>> manhattan(Board.parse("1 2 3/4 5 6/_ 7 8"))
    2
    """
    goal = _goal_of(board, goal)
    dist = _distance_table(goal.tiles, goal.cols)
    return sum(dist[t][i] for i, t in enumerate(board.tiles) if t != BLANK)


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


def _longest_increasing(values: Sequence[int]) -> int:
    tails: list[int] = []
    for v in values:
        k = bisect_left(tails, v)
        if k == len(tails):
            tails.append(v)
        else:
            tails[k] = v
    return len(tails)


def _line_penalty(goal_lines: Sequence[int], goal_offsets: Sequence[int], line: int, contents) -> int:
    """2 x (tiles of ``line`` that must leave it): tiles that belong there, minus the longest run
    already in goal order, each need two extra moves (out of the line and back)."""
    order = [goal_offsets[t] for t in contents if t != BLANK and goal_lines[t] == line]
    if len(order) < 2:
        return 0
    return 2 * (len(order) - _longest_increasing(order))


@lru_cache(maxsize=64)
def _line_geometry(goal_tiles: tuple[int, ...], rows: int, cols: int):
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


#: The heuristics offered to students, by name.
HEURISTICS: dict[str, Heuristic] = {
    "zero": zero,
    "misplaced": misplaced,
    "manhattan": manhattan,
    "linear_conflict": linear_conflict,
    "manhattan_with_blank": manhattan_with_blank,
}
#: Names of the heuristics that never overestimate (A* with them finds optimal solutions).
ADMISSIBLE = frozenset({"zero", "misplaced", "manhattan", "linear_conflict"})


def heuristic_name(heuristic) -> str:
    """A readable name for a heuristic function or object (for results and plots)."""
    return getattr(heuristic, "name", None) or getattr(heuristic, "__name__", None) or repr(heuristic)


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

    def __init__(self, initial, step, h=None):
        self.initial, self.step, self.h = initial, step, h

    def value(self, state) -> float:
        """The estimate ``h`` held in ``state``."""
        return state if self.h is None else self.h(state)


def _incremental_table(goal: Board, with_blank: bool) -> Incremental:
    n, cols = goal.size, goal.cols
    dist = _distance_table(goal.tiles, cols)
    # delta[tile * n * n + src * n + dst]: change in the tile's distance when it slides src -> dst
    delta = [dist[t][d] - dist[t][s] for t in range(n) for s in range(n) for d in range(n)]
    nn = n * n
    if with_blank:
        blank_dist = dist[BLANK]

        def initial(tiles):
            return sum(dist[t][i] for i, t in enumerate(tiles))

        def step(h, tiles, tile, src, dst):
            return h + delta[tile * nn + src * n + dst] + blank_dist[src] - blank_dist[dst]

        return Incremental(initial, step)

    def initial(tiles):  # type: ignore[no-redef]  # the blank-less pair, when with_blank is false
        return sum(dist[t][i] for i, t in enumerate(tiles) if t != BLANK)

    def step(h, tiles, tile, src, dst):  # type: ignore[no-redef]
        return h + delta[tile * nn + src * n + dst]

    return Incremental(initial, step)


def _incremental_misplaced(goal: Board) -> Incremental:
    g = goal.tiles

    def initial(tiles):
        return sum(1 for a, b in zip(tiles, g, strict=True) if a != BLANK and a != b)

    def step(h, tiles, tile, src, dst):
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

    def __init__(self, goal_line, goal_offset, lines):
        length = len(lines[0])
        self.lines, self.base = lines, length + 1
        tiles = range(len(goal_line))
        self.digit = [
            [goal_offset[t] + 1 if t != BLANK and goal_line[t] == k else 0 for t in tiles]
            for k in range(len(lines))
        ]
        self.place = [0] * len(goal_line)
        for cells in lines:
            for k, cell in enumerate(cells):
                self.place[cell] = self.base ** (length - 1 - k)
        if length <= _TABLE_LINE:
            self.table = [self._penalty(code) for code in range(self.base**length)]
        else:
            self.table = _Memo(self._penalty)

    def _penalty(self, code: int) -> int:
        order = []
        while code:
            code, digit = divmod(code, self.base)
            if digit:
                order.append(digit)
        order.reverse()
        return 2 * (len(order) - _longest_increasing(order)) if len(order) > 1 else 0

    def code(self, line: int, tiles) -> int:
        digit, code, base = self.digit[line], 0, self.base
        for cell in self.lines[line]:
            code = code * base + digit[tiles[cell]]
        return code

    def gain(self, line: int, tiles, tile: int, cell: int) -> int:
        """How much ``tile`` at ``cell`` adds to ``line``'s penalty (the rest as in ``tiles``)."""
        code = self.code(line, tiles)
        own = self.digit[line][tile] * self.place[cell]
        if tiles[cell] != tile:
            code += own
        return self.table[code] - self.table[code - own]


class _Memo(dict):
    """A lazily filled table: ``memo[key]`` computes ``fill(key)`` once."""

    def __init__(self, fill):
        super().__init__()
        self.fill = fill

    def __missing__(self, key):
        value = self[key] = self.fill(key)
        return value


def _incremental_linear_conflict(goal: Board) -> Incremental:
    rows, cols, gt = goal.rows, goal.cols, goal.tiles
    md = _incremental_table(goal, with_blank=False)
    md_step = md.step
    goal_row, goal_col, row_cells, col_cells = _line_geometry(gt, rows, cols)
    by_rows = _LinePenalties(goal_row, goal_col, row_cells)
    by_cols = _LinePenalties(goal_col, goal_row, col_cells)

    def initial(tiles):
        return md.initial(tiles) + _conflicts(tiles, gt, rows, cols)

    def step(h, tiles, tile, src, dst):
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


def _incremental_generic(heuristic: Heuristic, goal: Board) -> Incremental:
    rows, cols = goal.rows, goal.cols

    def evaluate(tiles) -> int:
        value = heuristic(Board._trusted(tuple(tiles), rows, cols), goal)
        if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
            raise TypeError(f"heuristic {heuristic_name(heuristic)} returned {value!r}, not a number")
        return value

    def step(h, tiles, tile, src, dst):
        child = list(tiles)
        child[src], child[dst] = BLANK, tile
        return evaluate(child)

    return Incremental(evaluate, step)


def check_heuristic(heuristic, name: str = "heuristic"):
    """``heuristic`` if it is a function ``h(board, goal)`` or a heuristic object, else TypeError."""
    if not callable(heuristic):
        raise TypeError(
            f"{name} must be a function h(board, goal) -> number (such as manhattan), "
            f"got {heuristic!r} ({type(heuristic).__name__})"
        )
    return heuristic


def incremental(heuristic: Heuristic, goal: Board) -> Incremental:
    """The incremental form of ``heuristic`` for ``goal`` (fast for the built-ins).

    An object may provide its own by defining ``incremental(goal) -> Incremental``
    (the pattern database does).

    >>> inc = incremental(manhattan, Board.goal(2, 2))
    >>> inc.initial((1, 2, 0, 3)), inc.step(1, (1, 2, 0, 3), 3, 3, 2)
    (1, 0)
    """
    check_heuristic(heuristic)
    if heuristic is manhattan:
        return _incremental_table(goal, with_blank=False)
    if heuristic is manhattan_with_blank:
        return _incremental_table(goal, with_blank=True)
    if heuristic is misplaced:
        return _incremental_misplaced(goal)
    if heuristic is linear_conflict:
        return _incremental_linear_conflict(goal)
    if heuristic is zero:
        return Incremental(lambda tiles: 0, lambda h, tiles, tile, src, dst: 0)
    own = getattr(heuristic, "incremental", None)
    if callable(own):
        return own(goal)
    return _incremental_generic(heuristic, goal)
