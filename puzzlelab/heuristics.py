"""Heuristics for sliding-tile search: estimates of how many moves a board is from its goal.

Each heuristic is a plain function ``h(board, goal) -> int``; a lesson can pass its own
function with the same signature to any search in :mod:`puzzlelab.search`.

=====================  ==========================================================  ==========
name                   what it counts                                              admissible
=====================  ==========================================================  ==========
``zero``               nothing (turns A* into breadth-first search)                yes
``misplaced``          tiles not on their goal cell                                yes
``manhattan``          grid steps each tile is from its goal cell                  yes
``linear_conflict``    Manhattan + 2 per tile that must leave its line to let      yes
                       another tile pass (Hansson, Mayer & Yung 1992)
``manhattan_with_blank``  Manhattan counting the blank too (the fourth seed        no
                       article's score)
=====================  ==========================================================  ==========

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
    """``h`` of a start state, and of a child from its parent's ``h`` and the one tile that moved.

    ``initial(tiles) -> h`` and ``step(h, tiles, tile, src, dst) -> h``, where ``tiles`` is the
    *parent* state (a tuple or list, left unchanged) and ``tile`` slides from cell ``src`` to
    cell ``dst`` (the blank's cell). Search code works on raw tuples with these two functions.
    """

    __slots__ = ("initial", "packed", "step")

    def __init__(self, initial, step, packed: bool = False):
        self.initial, self.step = initial, step
        #: True when the state carries more than h: then h is its low 8 bits (``state & 255``)
        self.packed = packed


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

    def initial(tiles):
        return sum(dist[t][i] for i, t in enumerate(tiles) if t != BLANK)

    def step(h, tiles, tile, src, dst):
        return h + delta[tile * nn + src * n + dst]

    return Incremental(initial, step)


def _incremental_misplaced(goal: Board) -> Incremental:
    g = goal.tiles

    def initial(tiles):
        return sum(1 for a, b in zip(tiles, g, strict=True) if a != BLANK and a != b)

    def step(h, tiles, tile, src, dst):
        return h + (g[src] == tile) - (g[dst] == tile)

    return Incremental(initial, step)


def _incremental_linear_conflict(goal: Board) -> Incremental:
    rows, cols, gt = goal.rows, goal.cols, goal.tiles
    md = _incremental_table(goal, with_blank=False)
    goal_row, goal_col, row_cells, col_cells = _line_geometry(gt, rows, cols)
    memo: dict = {}

    def penalty(kind: int, line: int, contents: tuple) -> int:
        key = (kind, line, contents)
        value = memo.get(key)
        if value is None:
            if kind:
                value = _line_penalty(goal_col, goal_row, line, contents)
            else:
                value = _line_penalty(goal_row, goal_col, line, contents)
            memo[key] = value
        return value

    def initial(tiles):
        return md.initial(tiles) + _conflicts(tiles, gt, rows, cols)

    md_step = md.step

    def step(h, tiles, tile, src, dst):
        h = md_step(h, tiles, tile, src, dst)
        # a vertical slide moves the tile between two rows; a horizontal one between two columns
        if src - dst == cols or dst - src == cols:
            kind, lines, cells_of = 0, (src // cols, dst // cols), row_cells
        else:
            kind, lines, cells_of = 1, (src % cols, dst % cols), col_cells
        for line in lines:
            before = tuple([tiles[i] for i in cells_of[line]])
            after = tuple([tile if i == dst else BLANK if i == src else tiles[i] for i in cells_of[line]])
            h += penalty(kind, line, after) - penalty(kind, line, before)
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


def incremental(heuristic: Heuristic, goal: Board) -> Incremental:
    """The incremental form of ``heuristic`` for ``goal`` (fast for the built-ins).

    An object may provide its own by defining ``incremental(goal) -> Incremental``
    (the pattern database does).

    >>> inc = incremental(manhattan, Board.goal(2, 2))
    >>> inc.initial((1, 2, 0, 3)), inc.step(1, (1, 2, 0, 3), 3, 3, 2)
    (1, 0)
    """
    if not callable(heuristic):
        raise TypeError(f"a heuristic must be a function h(board, goal) -> int, got {heuristic!r}")
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
