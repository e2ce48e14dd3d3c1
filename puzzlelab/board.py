"""Boards of the sliding-tile puzzle: immutable, hashable, any rows x cols from 2x2 to 16x16.

A board holds its tiles row-major in a tuple, ``0`` standing for the blank.
Moves are named by the direction **the blank travels**: ``"U"``, ``"D"``,
``"L"``, ``"R"``. The blank moving up means the tile above it slides down.

>>> b = Board.parse("1 2 3/4 5 6/7 _ 8")
>>> b.move("R") == Board.goal(3, 3)
True

References: Johnson & Story (1879), "Notes on the 15 puzzle".
"""

from __future__ import annotations

import html
import math
import numbers
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from itertools import islice
from typing import SupportsIndex, overload

from ._validate import choice, describe, whole

__all__ = [
    "BLANK",
    "MAX_MOVES",
    "MAX_SIDE",
    "MIN_SIDE",
    "MOVES",
    "OPPOSITE",
    "Board",
    "CellIndexError",
    "as_board",
    "check_board_shape",
    "check_shape",
    "goal_for",
    "neighbour_table",
]

BLANK = 0
MIN_SIDE, MAX_SIDE = 2, 16

#: The four moves, named by the direction the blank travels, with (row, col) steps.
MOVES: dict[str, tuple[int, int]] = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
#: The move that undoes each move (keyed by ``str | None`` so a search can ask ``.get`` about the
#: start's move, None, and get None back).
OPPOSITE: dict[str | None, str] = {"U": "D", "D": "U", "L": "R", "R": "L"}
_BLANK_TOKENS = {"_", ".", "0", "-"}
#: ``Board.apply`` refuses sequences of more moves than this (about a second of sliding).
MAX_MOVES = 1_000_000


_set = object.__setattr__


class CellIndexError(IndexError, ValueError):
    """A cell index outside the board: an ``IndexError`` for Python's sequence protocol and a
    ``ValueError`` for the library's error rule (like ``numpy.exceptions.AxisError``)."""


def check_shape(rows: int, cols: int) -> tuple[int, int]:
    """Return ``(rows, cols)`` as ints: ``TypeError`` unless both are whole numbers (ints or numpy
    integers), ``ValueError`` unless both are in ``MIN_SIDE..MAX_SIDE``."""
    if (
        type(rows) is int
        and type(cols) is int
        and MIN_SIDE <= rows <= MAX_SIDE
        and MIN_SIDE <= cols <= MAX_SIDE
    ):
        return rows, cols  # the common case, checked in one line (exact ints in range)
    shape = []
    for name, value in (("rows", rows), ("cols", cols)):
        number = whole(name, value)
        if not MIN_SIDE <= number <= MAX_SIDE:
            shown = describe(number).split(" (")[0]
            raise ValueError(
                f"{name}={shown} is out of range: boards are {MIN_SIDE}x{MIN_SIDE} to {MAX_SIDE}x{MAX_SIDE}"
            )
        shape.append(number)
    return shape[0], shape[1]


def check_board_shape(shape: object) -> tuple[int, int]:
    """``shape`` read as ``(rows, cols)`` (a pair of whole numbers in range), or a clear error."""
    if isinstance(shape, str) or not isinstance(shape, tuple | list):
        raise TypeError(f"shape must be a pair (rows, cols), got {describe(shape)}")
    if len(shape) != 2:
        raise ValueError(f"shape must be a pair (rows, cols), got {len(shape)} numbers")
    try:
        return check_shape(*shape)
    except (TypeError, ValueError) as err:
        raise type(err)(f"shape: {err}") from None


def neighbour_table(rows: int, cols: int) -> tuple[tuple[tuple[str, int], ...], ...]:
    """For each cell index, the legal ``(move, new_blank_index)`` pairs, in ``MOVES`` order.

    Search code uses this table on raw tuples to avoid recomputing geometry.

    >>> neighbour_table(2, 2)[3]
    (('U', 1), ('L', 2))
    """
    return _neighbour_table(*check_shape(rows, cols))


@cache
def _neighbour_table(rows: int, cols: int) -> tuple[tuple[tuple[str, int], ...], ...]:
    table = []
    for index in range(rows * cols):
        r, c = divmod(index, cols)
        table.append(
            tuple(
                (name, (r + dr) * cols + c + dc)
                for name, (dr, dc) in MOVES.items()
                if 0 <= r + dr < rows and 0 <= c + dc < cols
            )
        )
    return tuple(table)


def _validate_tiles(tiles: tuple[int, ...], rows: int, cols: int) -> None:
    n = rows * cols
    if len(tiles) == n and len(set(tiles)) == n and min(tiles) == 0 and max(tiles) == n - 1:
        return  # n distinct whole numbers from 0 to n - 1: a permutation (the common case)
    if len(tiles) != n:
        raise ValueError(
            f"tiles: a {rows}x{cols} board (rows={rows}, cols={cols}) needs {n} cells, got {len(tiles)}"
        )
    if BLANK not in tiles:
        raise ValueError(f"no blank: one cell must be 0 (or '_'), got {list(tiles)}")
    seen: set[int] = set()
    repeated = sorted({t for t in tiles if t in seen or seen.add(t)})  # type: ignore[func-returns-value]
    if repeated:
        raise ValueError(f"repeated tiles {repeated}: each of 0..{n - 1} must appear exactly once")
    outside = sorted(t for t in tiles if not 0 <= t < n)
    if outside:
        missing = sorted(set(range(n)) - set(tiles))
        raise ValueError(
            f"tiles {outside} do not belong on a {rows}x{cols} board (tiles are 1..{n - 1}); "
            f"missing {missing}"
        )


def _as_int(token: object) -> int:
    if isinstance(token, str):
        token = token.strip()
        if token in _BLANK_TOKENS or token == "":
            return BLANK
        if not (token.isascii() and token.isdigit()) or len(token) > 4:
            raise ValueError(f"cannot read tile {token[:20]!r}: use numbers and '_' for the blank")
        return int(token)
    if token is None:
        return BLANK
    return whole("each tile", token)


def _read_tiles(tiles: Iterable[object]) -> tuple[int, ...]:
    """At most ``MAX_SIDE**2 + 1`` tiles read from any ordered iterable (so an endless one stops)."""
    if type(tiles) is tuple and len(tiles) <= MAX_SIDE * MAX_SIDE and all(type(t) is int for t in tiles):
        return tiles  # exact ints in a tuple: nothing to convert
    if isinstance(tiles, str | bytes):
        raise TypeError("tiles must be a sequence of numbers; to read text use Board.parse('1 2/3 _')")
    if isinstance(tiles, Board):
        return tiles.tiles
    if isinstance(tiles, dict | set | frozenset):
        raise TypeError(
            f"tiles must be an ordered sequence of numbers (a list or tuple), got {describe(tiles)}"
        )
    try:
        items = list(islice(iter(tiles), MAX_SIDE * MAX_SIDE + 1))
    except TypeError:
        raise TypeError(f"tiles must be a sequence of numbers, got {describe(tiles)}") from None
    if len(items) > MAX_SIDE * MAX_SIDE:
        raise ValueError(f"too many tiles: the limit is {MAX_SIDE}x{MAX_SIDE} = {MAX_SIDE**2} cells")
    return tuple(_as_int(t) for t in items)


class Board:
    """An arrangement of tiles on a ``rows x cols`` board (``0`` is the blank).

    Parameters
    ----------
    tiles : sequence of int
        Row-major tiles, each of ``0 .. rows*cols-1`` exactly once.
    rows, cols : int
        The shape. ``cols`` defaults to ``rows``; both default to a square shape
        inferred from ``len(tiles)``.

    >>> Board((1, 2, 3, 0), 2, 2).moves()
    ['U', 'L']
    """

    __slots__ = ("_blank", "_hash", "cols", "rows", "tiles")

    def __init__(self, tiles: Iterable[int], rows: int | None = None, cols: int | None = None):
        tiles = _read_tiles(tiles)
        if rows is None and cols is None:
            side = math.isqrt(len(tiles))
            if side * side != len(tiles):
                raise ValueError(
                    f"{len(tiles)} tiles do not make a square board: give the shape, "
                    "e.g. Board(tiles, rows=2, cols=3)"
                )
            rows = cols = side
        elif cols is None:
            cols = rows
        elif rows is None:
            rows = cols
        assert rows is not None  # for mypy: every branch above set both
        assert cols is not None
        rows, cols = check_shape(rows, cols)
        _validate_tiles(tiles, rows, cols)
        self.tiles, self.rows, self.cols = tiles, rows, cols
        self._blank = tiles.index(BLANK)
        self._hash = hash((tiles, rows, cols))

    # -- construction -------------------------------------------------------------
    @classmethod
    def unchecked(cls, tiles: tuple[int, ...], rows: int, cols: int) -> Board:
        """Build a board without checking anything: for library code whose ``tiles`` are already
        known to be a tuple of the ints ``0..rows*cols-1`` (a search's states, a permutation
        table's rows). Anything else makes a broken board: call ``Board(tiles, rows, cols)``.

        >>> Board.unchecked((1, 2, 3, 0), 2, 2) == Board.goal(2, 2)
        True
        """
        board = object.__new__(cls)
        _set(board, "tiles", tiles)  # object.__setattr__: past the immutability guard, which is slow
        _set(board, "rows", rows)
        _set(board, "cols", cols)
        _set(board, "_blank", tiles.index(BLANK))
        _set(board, "_hash", hash((tiles, rows, cols)))
        return board

    @classmethod
    def goal(cls, rows: int, cols: int | None = None, blank: str = "last") -> Board:
        """The solved board: tiles in order with the blank ``"last"`` (bottom right) or ``"first"``.

        >>> print(Board.goal(2, 3))
        1 2 3
        4 5 _
        """
        cols = rows if cols is None else cols
        rows, cols = check_shape(rows, cols)
        n = rows * cols
        if choice("blank", blank, ("last", "first")) == "last":
            tiles = (*range(1, n), BLANK)
        else:
            tiles = tuple(range(n))
        return cls.unchecked(tiles, rows, cols)

    @classmethod
    def parse(cls, source: object, shape: tuple[int, int] | None = None) -> Board:
        """Read a board from text, nested lists, or a flat sequence plus ``shape``.

        Text rows are separated by ``/`` or new lines, cells by spaces or commas;
        the blank is ``_``, ``.``, ``-`` or ``0``.

        >>> Board.parse("1 2 3/4 5 6/7 8 _") == Board.goal(3, 3)
        True
        >>> Board.parse([1, 2, 0, 3, 4, 5], shape=(2, 3)).blank
        2
        """
        if isinstance(source, Board):
            if shape is None or check_board_shape(shape) == source.shape:
                return source
            return cls(source, *shape)
        if shape is not None:
            shape = check_board_shape(shape)
        if isinstance(source, str):
            if len(source) > 8 * MAX_SIDE * MAX_SIDE:
                raise ValueError(f"source is {len(source):,} characters, too long for a board of up to 16x16")
            lines = [ln for ln in source.replace("/", "\n").splitlines() if ln.strip()]
            grid = [ln.replace(",", " ").split() for ln in lines]
        elif hasattr(source, "ndim") and hasattr(source, "tolist"):  # a numpy array: rows or flat
            if source.ndim not in (1, 2):
                raise ValueError(
                    f"source must be a 1-d or 2-d array, got shape {getattr(source, 'shape', '?')}"
                )
            return cls.parse(source.tolist(), shape)
        elif isinstance(source, Sequence) or hasattr(source, "__iter__"):
            if isinstance(source, bytes | bytearray | dict | set | frozenset):
                raise TypeError(f"cannot read a board from {describe(source)}")
            items = list(islice(iter(source), MAX_SIDE * MAX_SIDE + 1))
            if len(items) > MAX_SIDE * MAX_SIDE:
                raise ValueError(f"too many tiles: the limit is {MAX_SIDE}x{MAX_SIDE} = {MAX_SIDE**2} cells")
            if items and all(isinstance(x, Sequence) and not isinstance(x, str) for x in items):
                grid = [list(islice(row, MAX_SIDE + 1)) for row in items]
            elif items and any(isinstance(x, Sequence) and not isinstance(x, str) for x in items):
                raise ValueError("mixed rows and single tiles: give a list of rows or a flat list")
            else:
                grid = None
                flat = items
        else:
            raise TypeError(f"cannot read a board from {describe(source)}: give text, rows or a flat list")
        if isinstance(source, str) or grid is not None:
            if not grid:
                raise ValueError("empty board: give rows of tiles such as '1 2/3 _'")
            widths = {len(row) for row in grid}
            if len(widths) != 1:
                raise ValueError(f"rows have different lengths {sorted(widths)}: every row needs the same")
            flat = [cell for row in grid for cell in row]
            parsed_shape = (len(grid), widths.pop())
            if shape is not None and shape != parsed_shape:
                raise ValueError(f"shape {tuple(shape)} does not match the rows given {parsed_shape}")
            shape = parsed_shape
        if shape is None:
            return cls(flat)
        return cls(flat, *shape)

    # -- geometry -----------------------------------------------------------------
    @property
    def shape(self) -> tuple[int, int]:
        return (self.rows, self.cols)

    @property
    def size(self) -> int:
        """Number of cells, blank included."""
        return self.rows * self.cols

    @property
    def blank(self) -> int:
        """Row-major index of the blank."""
        return self._blank

    @property
    def blank_position(self) -> tuple[int, int]:
        return divmod(self._blank, self.cols)

    def position(self, tile: int) -> tuple[int, int]:
        """``(row, col)`` of ``tile`` (0 for the blank)."""
        tile = self._tile(tile)
        return divmod(self.tiles.index(tile), self.cols)

    def _tile(self, tile: object) -> int:
        if isinstance(tile, bool) or not isinstance(tile, numbers.Integral):
            raise TypeError(f"tile must be a whole number, got {describe(tile)}")
        if not 0 <= int(tile) < self.size:
            raise ValueError(
                f"tile {describe(tile).split(' (')[0]} is not on this {self.rows}x{self.cols} "
                f"board (tiles are 0..{self.size - 1}, 0 the blank)"
            )
        return int(tile)

    def grid(self) -> list[list[int]]:
        """The tiles as a list of rows."""
        c = self.cols
        return [list(self.tiles[r * c : (r + 1) * c]) for r in range(self.rows)]

    # -- moves ----------------------------------------------------------------------
    def moves(self) -> list[str]:
        """The legal moves (directions the blank can travel), in ``MOVES`` order."""
        return [m for m, _ in _neighbour_table(self.rows, self.cols)[self._blank]]

    def blank_neighbours(self) -> list[int]:
        """Indices of the cells next to the blank (the tiles that can slide)."""
        return [i for _, i in _neighbour_table(self.rows, self.cols)[self._blank]]

    def move(self, move: str) -> Board:
        """The board after the blank travels one step in direction ``move``."""
        if not isinstance(move, str):
            raise TypeError(f"move must be 'U', 'D', 'L' or 'R' (the blank's way), got {describe(move)}")
        for name, target in _neighbour_table(self.rows, self.cols)[self._blank]:
            if name == move:
                return self._swap_blank(target)
        if move not in MOVES:
            raise ValueError(f"unknown move {move!r}: moves are {', '.join(MOVES)} (the blank's direction)")
        r, c = self.blank_position
        raise ValueError(f"illegal move {move!r}: the blank at row {r}, column {c} is on the edge")

    def apply(self, moves: Iterable[str]) -> Board:
        """The board after a sequence of moves, e.g. ``"UULDR"`` or ``["U", "L"]`` (at most
        ``MAX_MOVES``)."""
        if isinstance(moves, str) and len(moves) > MAX_MOVES:
            raise ValueError(f"moves has {len(moves):,} moves, over the limit of {MAX_MOVES:,}")
        if isinstance(moves, Iterator | dict | set | frozenset | bytes | bytearray):
            raise TypeError(
                f"moves must be a string like 'UULDR' or a list of moves, got {describe(moves)}"
                + (": pass list(...) instead" if isinstance(moves, Iterator) else "")
            )
        try:
            steps = iter(moves)
        except TypeError:
            raise TypeError(f"moves must be a string like 'UULDR' or a list, got {describe(moves)}") from None
        board = self
        for step, move in enumerate(steps):
            if step >= MAX_MOVES:
                raise ValueError(f"moves goes past the limit of {MAX_MOVES:,} moves")
            try:
                board = board.move(move)
            except (TypeError, ValueError) as err:
                raise type(err)(f"moves: move {step + 1} of the sequence: {err}") from None
        return board

    def successors(self) -> list[tuple[str, Board]]:
        """``(move, board)`` for every legal move."""
        return [(m, self._swap_blank(i)) for m, i in neighbour_table(self.rows, self.cols)[self._blank]]

    def slide(self, tile: int) -> Board:
        """Slide ``tile`` into the blank (what a click on a tile does)."""
        tile = self._tile(tile)
        index = self.tiles.index(tile)
        if tile == BLANK or index not in self.blank_neighbours():
            raise ValueError(f"tile {tile} is not next to the blank, so it cannot slide")
        return self._swap_blank(index)

    def move_for(self, tile: int) -> str:
        """The move name that slides ``tile`` into the blank."""
        index = self.tiles.index(self._tile(tile))
        for name, target in _neighbour_table(self.rows, self.cols)[self._blank]:
            if target == index:
                return name
        raise ValueError(f"tile {tile} is not next to the blank, so it cannot slide")

    def swap(self, i: int, j: int) -> Board:
        """The board with the contents of cells ``i`` and ``j`` exchanged (may change solvability)."""
        n = self.size
        for name, k in (("i", i), ("j", j)):
            if not 0 <= whole(name, k) < n:
                shown = describe(k).split(" (")[0]
                raise ValueError(
                    f"cell {name}={shown} is outside the {self.rows}x{self.cols} board (0..{n - 1})"
                )
        i, j = int(i), int(j)
        tiles = list(self.tiles)
        tiles[i], tiles[j] = tiles[j], tiles[i]
        return Board.unchecked(tuple(tiles), self.rows, self.cols)

    def _swap_blank(self, target: int) -> Board:
        tiles = list(self.tiles)
        tiles[self._blank], tiles[target] = tiles[target], BLANK
        return Board.unchecked(tuple(tiles), self.rows, self.cols)

    def is_goal(self, goal: Board | None = None) -> bool:
        """True if this board is ``goal`` (default: the blank-last goal of its shape)."""
        return self == goal_for(self, goal)

    def misplaced(self, goal: Board | None = None) -> int:
        """Number of tiles (blank excluded) not on their goal cell (a goal of the same shape)."""
        goal = goal_for(self, goal)
        return sum(1 for a, b in zip(self.tiles, goal.tiles, strict=True) if a != BLANK and a != b)

    # -- dunder -----------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self.tiles == other.tiles and self.cols == other.cols and self.rows == other.rows

    def __hash__(self) -> int:
        return self._hash

    def __lt__(self, other: Board) -> bool:  # deterministic ordering for ties
        if not isinstance(other, Board):
            return NotImplemented  # Python then raises TypeError: '<' not supported ...
        return (self.shape, self.tiles) < (other.shape, other.tiles)

    def __iter__(self) -> Iterator[int]:
        return iter(self.tiles)

    def __contains__(self, tile: object) -> bool:
        return tile in self.tiles

    def __len__(self) -> int:
        return len(self.tiles)

    @overload
    def __getitem__(self, key: slice) -> tuple[int, ...]: ...
    @overload
    def __getitem__(self, key: SupportsIndex | tuple[SupportsIndex, SupportsIndex]) -> int: ...
    def __getitem__(self, key: object) -> int | tuple[int, ...]:
        """``board[row, col]`` (negative counts from the end, as in numpy), ``board[index]``
        (row-major) or a slice of the row-major tiles. Out of range: :class:`CellIndexError`."""
        if isinstance(key, slice):
            return self.tiles[key]
        if isinstance(key, tuple):
            if len(key) != 2:
                raise TypeError(f"index a board by board[row, col] or board[index], got {len(key)} numbers")
            r = self._axis_index("row", key[0], self.rows)
            c = self._axis_index("col", key[1], self.cols)
            return self.tiles[r * self.cols + c]
        return self.tiles[self._axis_index("index", key, self.size)]

    def _axis_index(self, name: str, value: object, length: int) -> int:
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise TypeError(f"board {name} must be a whole number, got {describe(value)}")
        if not -length <= int(value) < length:
            raise CellIndexError(
                f"board {name} {describe(value).split(' (')[0]} is outside 0..{length - 1} "
                f"of this {self.rows}x{self.cols} board"
            )
        return int(value) % length

    def __setattr__(self, name: str, value: object) -> None:
        if hasattr(self, "_hash"):
            raise AttributeError("Board is immutable: use move(), swap() or slide() to get a new board")
        object.__setattr__(self, name, value)

    def __reduce__(self) -> tuple[type[Board], tuple[tuple[int, ...], int, int]]:
        return (Board, (self.tiles, self.rows, self.cols))

    def text(self) -> str:
        """One line: rows separated by ``/``, the blank as ``_`` (readable by ``parse``)."""
        return "/".join(" ".join(str(t) if t else "_" for t in row) for row in self.grid())

    def __str__(self) -> str:
        width = len(str(self.size - 1))
        return "\n".join(" ".join((str(t) if t else "_").rjust(width) for t in row) for row in self.grid())

    def __repr__(self) -> str:
        return f"Board.parse({self.text()!r})"

    def _repr_svg_(self) -> str:
        return board_svg(self)


def board_svg(board: Board, cell: int = 40, goal: Board | None = None) -> str:
    """An SVG picture of ``board`` (no matplotlib needed). Tiles on their goal cell are green."""
    if not isinstance(board, Board):
        raise TypeError(f"board must be a Board, got {describe(board)}")
    cell = whole("cell", cell, low=8, high=1000)
    goal = goal_for(board, goal)
    w, h = board.cols * cell, board.rows * cell
    font = max(10, int(cell * (0.45 if board.size <= 100 else 0.35)))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w + 4}" height="{h + 4}" '
        f'viewBox="-2 -2 {w + 4} {h + 4}" role="img" aria-label="{html.escape(board.text())}">',
        f'<rect x="-2" y="-2" width="{w + 4}" height="{h + 4}" fill="#444" rx="4"/>',
    ]
    for index, tile in enumerate(board.tiles):
        if tile == BLANK:
            continue
        r, c = divmod(index, board.cols)
        home = goal.tiles[index] == tile  # same palette as puzzlelab.plots.boards (colour-blind safe)
        fill = "#80ceb9" if home else "#f0c566"
        x1, y1, mark = (c + 1) * cell - 2, (r + 1) * cell - 2, 0.3 * (cell - 4)
        parts.append(
            f'<rect x="{c * cell + 2}" y="{r * cell + 2}" width="{cell - 4}" height="{cell - 4}" '
            f'rx="5" fill="{fill}" stroke="#333"/>'
            # a tile at home also carries a dark corner mark: colour is never the only cue
            + (f'<path d="M{x1 - mark:g} {y1:g}H{x1:g}V{y1 - mark:g}Z" fill="#1b1b1b"/>' if home else "")
            + f'<text x="{c * cell + cell / 2}" y="{r * cell + cell / 2}" font-size="{font}" '
            f'font-family="sans-serif" text-anchor="middle" dominant-baseline="central">{tile}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def as_board(name: str, value: object) -> Board:
    """``value`` if it is a :class:`Board`, else ``Board.parse(value)``; errors name ``name``.

    >>> as_board("board", "2 1/3 _").tiles
    (2, 1, 3, 0)
    """
    if isinstance(value, Board):
        return value
    try:
        return Board.parse(value)
    except (TypeError, ValueError) as err:
        raise type(err)(f"{name}: {err}") from None


def goal_for(board: Board, goal: object = None) -> Board:
    """The goal a question about ``board`` refers to: ``goal`` read as a board, or, when it is
    ``None``, the blank-last goal of ``board``'s shape. ``ValueError`` if the shapes differ.

    This is the one place that rule is written; every function taking ``goal=None`` uses it.

    >>> print(goal_for(Board.parse("2 1/3 _")))
    1 2
    3 _
    """
    if not isinstance(board, Board):
        raise TypeError(f"board must be a Board, got {describe(board)}")
    if goal is None:
        return Board.goal(board.rows, board.cols)
    goal_board = as_board("goal", goal)
    if goal_board.shape != board.shape:
        raise ValueError(
            f"the board is {board.rows}x{board.cols} but the goal is {goal_board.rows}x{goal_board.cols}: "
            "give a goal of the same shape"
        )
    return goal_board
