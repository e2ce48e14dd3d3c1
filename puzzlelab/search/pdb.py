"""Additive pattern databases: exact move counts for groups of tiles, summed (Korf & Felner 2002).

Split the tiles into disjoint groups (for the 15-puzzle 6-6-3). For each group, solve the
*abstract* puzzle in which only the group's tiles and the blank are told apart: the blank swaps
with a neighbour as in the real puzzle, and only moves of group tiles count (moves of the other
tiles are free). The blank walks for free inside its *region* (the connected cells no group
tile holds), so a state is (placement of the group, the blank's region) and every move slides a
group tile into that region at cost 1: a breadth-first search, run with numpy over bit masks,
gives each placement's exact abstract distance (the smallest over the blank's regions), stored
in a ``uint8`` table. No move counts for two groups, so the sum never exceeds the real distance.

This module looks values up and holds the factory to call, :func:`pattern_database`; the tables
are built by :mod:`puzzlelab.search.pdb_build` and loaded, cached and shipped by
:mod:`puzzlelab.search.pdb_store` (which imports neither this module nor the look-ups).

>>> from puzzlelab import Board
>>> pdb = PatternDatabase(Board.goal(3, 3), partition=((1, 2, 3, 4), (5, 6, 7, 8)), cache=False,
...                       progress=None)
>>> pdb(Board.parse("1 2 3/4 5 6/7 _ 8"))
1

References: Culberson & Schaeffer (1998), "Pattern databases"; Korf & Felner (2002),
"Disjoint pattern database heuristics".
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple, TypeAlias, cast

import numpy as np

from .._validate import describe
from ..board import Board, neighbour_table
from ..heuristics import Incremental
from .pdb_build import check_partition, default_partition, diagonal_mirror, index_bits, text_progress
from .pdb_store import check_arguments, load_tables

__all__ = ["PatternDatabase", "default_partition", "pattern_database", "text_progress"]

Progress = Callable[[int, int, str], None]
#: Per tile, how a move changes the incremental state: (its group's table, the group's key
#: offset in the state, the group index's mask, the tile's shift in its index, its shift in the key).
_Slot: TypeAlias = tuple[memoryview, int, int, int, int]
#: The same for the board and its reflection, side by side (ten fields).
_TwinSlot: TypeAlias = tuple[memoryview, int, int, int, int, memoryview, int, int, int, int]

#: Bits of each sum in the incremental state: room for 63 groups of values up to 254 (16,002).
H_BITS = 16
H_MASK = (1 << H_BITS) - 1


def _low_field(state: int) -> int:
    """h from an incremental state: its lowest ``H_BITS`` bits."""
    return state & H_MASK


class MovePlan(NamedTuple):
    """A pattern database laid out for a search loop that reads it directly.

    ``tables[g][i]``: the value of group ``g`` at placement index ``i``; ``group_of[t]``: tile
    ``t``'s group; ``change[t][src * n + dst]``: how tile ``t``'s group index changes when ``t``
    slides from ``src`` to ``dst``; ``mirror_tile`` / ``mirror_cell``: the reflection (the
    identity when the database is not reflected, so the second look-up repeats the first);
    ``moves[blank]``: ``(cell, src * n + dst, the mirrored src * n + dst)`` for each tile that
    can slide into the blank.
    """

    database: PatternDatabase
    tables: tuple[bytes | memoryview, ...]
    group_of: list[int]
    change: list[list[int]]
    mirror_tile: tuple[int, ...]
    mirror_cell: tuple[int, ...]
    moves: list[list[tuple[int, int, int]]]

    def indices(self, tiles: Sequence[int]) -> tuple[list[int], list[int]]:
        """Each group's placement index for ``tiles``, and for its reflection."""
        where = {t: i for i, t in enumerate(tiles)}
        mirrored = {self.mirror_tile[t]: self.mirror_cell[i] for t, i in where.items()}
        return self._index(where), self._index(mirrored)

    def _index(self, where: Mapping[int, int]) -> list[int]:
        b = self.database.bits
        return [sum(where[t] << (b * k) for k, t in enumerate(group)) for group in self.database.partition]

    def value(self, index: list[int]) -> int:
        """The database's value for these group indices."""
        return sum(table[i] for table, i in zip(self.tables, index, strict=True))


def _check_tables(tables: object, partition: Sequence[Sequence[int]], bits: int) -> list[np.ndarray]:
    """``tables`` as a list of one 1-d unsigned-integer array per group, each with one entry per
    placement index (``2 ** (bits * len(group))``); else a TypeError/ValueError naming ``tables``."""
    if isinstance(tables, str | bytes | np.ndarray) or not isinstance(tables, Sequence):
        raise TypeError(f"tables must be a list of arrays, one per group, got {describe(tables)}")
    if len(tables) != len(partition):
        raise ValueError(f"tables must hold one array per group: {len(partition)} groups, got {len(tables)}")
    for k, (table, group) in enumerate(zip(tables, partition, strict=True)):
        if not isinstance(table, np.ndarray) or table.dtype.kind != "u":
            raise TypeError(f"tables[{k}] must be a numpy array of unsigned ints, got {describe(table)}")
        if table.ndim != 1 or table.size < 1 << (bits * len(group)):
            raise ValueError(
                f"tables[{k}] must be 1-d with an entry per placement index of group {group} "
                f"(at least {1 << (bits * len(group)):,}), got shape {table.shape}"
            )
    return list(tables)


class PatternDatabase:
    """An additive pattern database for ``goal``; call it like any heuristic: ``pdb(board, goal)``.

    Parameters
    ----------
    goal : Board, optional
        The goal (default: blank-last 4x4). Tables are built per goal.
    partition : groups of tiles, optional
        Disjoint groups covering every tile (default :func:`default_partition`: 6-6-3 on 4x4).
    progress : bool or callable(done, total, message)
        As in :func:`pattern_database` (default True: a tqdm.auto bar while a table builds).
    cache : bool or path
        As in :func:`pattern_database`.
    tables : sequence of arrays, optional
        The tables, one per group, as :func:`pattern_database` passes them (else found or
        built here).
    reflect : bool
        Also read the tables for the board reflected about the main diagonal and take the larger
        sum (Korf & Felner): same tables, a second look-up. Square boards whose goal has the
        blank on the diagonal only (both standard goals).
    """

    admissible = True
    name = "pattern_database"

    def __init__(
        self,
        goal: Board | None = None,
        *,
        partition: Sequence[Sequence[int]] | None = None,
        progress: Progress | bool | None = True,
        cache: bool | str | os.PathLike[str] = True,
        reflect: bool = False,
        tables: Sequence[np.ndarray] | None = None,
    ) -> None:
        self.goal = Board.goal(4, 4) if goal is None else Board.parse(goal)
        self.partition = check_partition(
            self.goal, default_partition(self.goal) if partition is None else partition
        )
        self.reflect = bool(reflect)
        self.mirror = diagonal_mirror(self.goal) if self.reflect else None
        if self.reflect and self.mirror is None:
            raise ValueError(
                f"reflect=True needs a square board whose goal has the blank on the main diagonal, "
                f"not the goal {self.goal.text()}"
            )
        self.bits = index_bits(self.goal.size)
        if tables is None:  # the factory pattern_database passes tables; this finds them itself
            tables = load_tables(self.goal, self.partition, progress=progress, cache=cache)
        self.tables: list[np.ndarray] = _check_tables(tables, self.partition, self.bits)
        # one copy in memory: views of the (memory-mapped, read-only) tables, read like bytes
        self._bytes = [memoryview(t) for t in self.tables]  # type: ignore[arg-type]  # ndarray is a buffer
        self.nbytes = sum(t.nbytes for t in self.tables)

    def _check_goal(self, board: Board, goal: Board | None) -> None:
        if not isinstance(board, Board):
            raise TypeError(f"board must be a Board (Board.parse('...') makes one), got {describe(board)}")
        if board.shape != self.goal.shape:
            raise ValueError(f"this pattern database is for {self.goal.rows}x{self.goal.cols} boards")
        if goal is not None and Board.parse(goal) != self.goal:
            raise ValueError(
                f"this pattern database was built for the goal {self.goal.text()}, not {goal.text()}"
            )

    def _sum(self, where: Mapping[int, int]) -> int:
        """The additive value of the placement ``where`` (tile -> cell)."""
        total = 0
        for group, table in zip(self.partition, self._bytes, strict=True):
            total += table[sum(where[t] << (self.bits * k) for k, t in enumerate(group))]
        return total

    def __call__(self, board: Board, goal: Board | None = None) -> int:
        self._check_goal(board, goal)
        where = {t: i for i, t in enumerate(board.tiles)}
        if self.mirror is None:
            return self._sum(where)
        cell, tile = self.mirror
        reflected = {tile[t]: cell[i] for t, i in where.items()}
        return max(self._sum(where), self._sum(reflected))

    def _layout(self, shift: int) -> tuple[list[_Slot], int]:
        """Per tile (table, key offset, mask, shift in its index, shift in the key); keys' width."""
        b = self.bits
        info = cast("list[_Slot]", [None] * self.goal.size)  # the blank's stays None: never moved as a tile
        offset = 0
        for group, table in zip(self.partition, self._bytes, strict=True):
            mask = (1 << (b * len(group))) - 1
            for k, t in enumerate(group):
                info[t] = (table, shift + offset, mask, b * k, offset + b * k)
            offset += b * len(group)
        return info, offset

    def _keys(self, where: Mapping[int, int]) -> tuple[int, int]:
        """The packed indices of all groups for the placement ``where``, and their value sum."""
        b, key, h, offset = self.bits, 0, 0, 0
        for group, table in zip(self.partition, self._bytes, strict=True):
            index = sum(where[t] << (b * k) for k, t in enumerate(group))
            key |= index << offset
            h += table[index]
            offset += b * len(group)
        return key, h

    def incremental(self, goal: Board) -> Incremental:
        """The form the search engines use (see :class:`~puzzlelab.heuristics.Incremental`).

        Its state packs every group's placement index above ``H_BITS``-bit sums; the engines
        read h with ``inc.h(state)`` and never look inside. ``H_BITS`` = 16 holds any sum a
        partition can reach (at most 63 groups of values below 255), so nothing is truncated.
        """
        if goal != self.goal:
            raise ValueError(
                f"this pattern database was built for the goal {self.goal.text()}, not {goal.text()}"
            )
        if self.mirror is not None:
            return self._incremental_reflected()
        info, _ = self._layout(H_BITS)

        def initial(tiles: Sequence[int]) -> int:
            key, h = self._keys({t: i for i, t in enumerate(tiles)})
            return (key << H_BITS) | h

        def step(hs: int, tiles: Sequence[int], tile: int, src: int, dst: int) -> int:
            table, off, mask, inner, outer = info[tile]
            old = (hs >> off) & mask
            return hs + ((dst - src) << (H_BITS + outer)) + table[old + ((dst - src) << inner)] - table[old]

        return Incremental(initial, step, _low_field)

    def _incremental_reflected(self) -> Incremental:
        """State: keys of the reflected board, keys of the board, then its sum, the reflected sum
        and their max, ``H_BITS`` each (the lowest field is h)."""
        assert self.mirror is not None  # only called for a reflected look-up
        cell, tile = self.mirror
        plain, width = self._layout(3 * H_BITS)
        mirrored, _ = self._layout(3 * H_BITS + width)
        info = cast("list[_TwinSlot]", [None] * self.goal.size)  # the blank's stays None: never moved
        for t in range(1, self.goal.size):
            table, off, mask, inner, outer = plain[t]
            rtable, roff, rmask, rinner, router = mirrored[tile[t]]
            info[t] = (table, off, mask, inner, outer, rtable, roff, rmask, rinner, width + router)
        one, two, three = H_BITS, 2 * H_BITS, 3 * H_BITS

        def initial(tiles: Sequence[int]) -> int:
            where = {t: i for i, t in enumerate(tiles)}
            key, h1 = self._keys(where)
            rkey, h2 = self._keys({tile[t]: cell[i] for t, i in where.items()})
            return (((rkey << width) | key) << three) | (h1 << two) | (h2 << one) | max(h1, h2)

        def step(hs: int, tiles: Sequence[int], moved: int, src: int, dst: int) -> int:
            table, off, mask, inner, outer, rtable, roff, rmask, rinner, router = info[moved]
            old, rold = (hs >> off) & mask, (hs >> roff) & rmask
            d, rd = dst - src, cell[dst] - cell[src]
            h1 = ((hs >> two) & H_MASK) + table[old + (d << inner)] - table[old]
            h2 = ((hs >> one) & H_MASK) + rtable[rold + (rd << rinner)] - rtable[rold]
            keys = (hs >> three) + (d << outer) + (rd << router)
            return (keys << three) | (h1 << two) | (h2 << one) | (h1 if h1 > h2 else h2)

        return Incremental(initial, step, _low_field)

    def move_plan(self, goal: Board) -> MovePlan:
        """What a search needs to read this database inside its own loop (see :class:`MovePlan`)."""
        if goal != self.goal:
            raise ValueError(
                f"this pattern database was built for the goal {self.goal.text()}, not {goal.text()}"
            )
        n, b = self.goal.size, self.bits
        cell, tile = self.mirror or (tuple(range(n)), tuple(range(n)))
        group_of, inner = [0] * n, [0] * n
        for g, group in enumerate(self.partition):
            for k, t in enumerate(group):
                group_of[t], inner[t] = g, b * k
        change = [[(d - s) << inner[t] for s in range(n) for d in range(n)] for t in range(n)]
        moves = [
            [(c, c * n + blank, cell[c] * n + cell[blank]) for _, c in options]
            for blank, options in enumerate(neighbour_table(*self.goal.shape))
        ]
        return MovePlan(self, tuple(self._bytes), group_of, change, tile, cell, moves)

    def __repr__(self) -> str:
        groups = "-".join(str(len(g)) for g in self.partition)
        mirror = ", reflected" if self.reflect else ""
        return f"PatternDatabase({self.goal.text()!r}, {groups}{mirror}, {self.nbytes / 2**20:.0f} MB)"


# -- the factory -------------------------------------------------------------------------------
def pattern_database(
    goal: Board | str | None = None,
    *,
    partition: Sequence[Sequence[int]] | None = None,
    reflect: bool | None = None,
    cache: bool | str | os.PathLike[str] = True,
    progress: bool | Callable[[int, int, str], None] | None = True,
) -> PatternDatabase:
    """The additive pattern database for ``goal``, ready to use as a heuristic.

    Parameters
    ----------
    goal : Board or str, optional
        The goal the database measures distances to (default: the blank-last 4x4 goal).
        Boards of up to 64 cells.
    partition : sequence of sequences of int, optional
        Disjoint groups of tiles covering every tile once (default
        :func:`~puzzlelab.search.pdb_build.default_partition`: Korf & Felner's 6-6-3 on 4x4,
        groups of 4 tiles up to 32 cells and of 3 up to 64).
    reflect : bool, optional
        Also read the tables for the board reflected about the main diagonal and take the
        larger sum (square boards whose goal has the blank on the diagonal). Default: True for
        the two standard 4x4 goals (blank first or last; about 3x fewer nodes on Korf's 100 for
        the same tables), False otherwise.
    cache : bool or path
        Where tables are kept between sessions: True, the user cache directory
        (:func:`puzzlelab._cache.cache_dir`); a directory; False, nowhere (memory only).
        An unusable directory means memory only, with one :class:`CacheWarning`.
    progress : bool or callable
        True: a progress bar (:mod:`tqdm.auto`) while a table builds; False or None: none;
        a callable is called as ``progress(done, total, message)`` for each table.

    Returns
    -------
    PatternDatabase
        Call it as ``pdb(board)`` or ``pdb(board, goal)``.

    Raises
    ------
    TypeError, ValueError
        A bad argument (named in the message), before any work: a goal that is not a board,
        more than 64 cells, a partition that is not disjoint groups covering the tiles or
        whose tables would pass 16,777,216 entries, ``reflect`` on a goal without diagonal
        symmetry, a ``cache`` that is neither a bool nor a path.

    Examples
    --------
    The 4x4 tables ship with the package, so the first call takes well under a second:

    >>> pdb = pattern_database(Board.goal(4, 4, blank="first"), cache=False)
    >>> pdb(Board.parse("1 _ 2 3/4 5 6 7/8 9 10 11/12 13 14 15"), Board.goal(4, 4, blank="first"))
    1
    """
    goal, groups, reflect = check_arguments(goal, partition, reflect, cache, progress)

    tables = load_tables(goal, groups, progress=progress, cache=cache)
    return PatternDatabase(goal, partition=groups, tables=tables, reflect=reflect)
