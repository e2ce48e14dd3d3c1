"""Additive pattern databases: exact move counts for groups of tiles, summed (Korf & Felner 2002).

Split the tiles into disjoint groups (for the 15-puzzle 6-6-3). For each group, solve the
*abstract* puzzle in which only the group's tiles and the blank are told apart: the blank swaps
with a neighbour as in the real puzzle, and only moves of group tiles count (moves of the other
tiles are free). The blank walks for free inside its *region* (the connected cells no group
tile holds), so a state is (placement of the group, the blank's region) and every move slides a
group tile into that region at cost 1: a breadth-first search, run with numpy over bit masks,
gives each placement's exact abstract distance (the smallest over the blank's regions), stored
in a ``uint8`` table. No move counts for two groups, so the sum never exceeds the real distance.

Tables are cached as ``.npy`` files in the user cache directory (see
:func:`puzzlelab._cache.cache_dir`), keyed by the shape, the goal and the group, checked by a
SHA-256 sidecar, and rebuilt when missing or corrupt.

>>> from puzzlelab import Board
>>> pdb = PatternDatabase(Board.goal(3, 3), partition=((1, 2, 3, 4), (5, 6, 7, 8)), cache=False,
...                       progress=None)
>>> pdb(Board.parse("1 2 3/4 5 6/7 _ 8"))
1

References: Culberson & Schaeffer (1998), "Pattern databases"; Korf & Felner (2002),
"Disjoint pattern database heuristics".
"""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from math import perm as n_placements
from pathlib import Path

import numpy as np

from .._cache import cache_dir
from ..board import BLANK, Board, neighbour_table
from ..heuristics import Incremental

__all__ = ["PatternDatabase", "default_partition", "pattern_database", "text_progress"]

Progress = Callable[[int, int, str], None]
_VERSION = 2  # 2: the abstract puzzle tracks the blank (Korf & Felner); 1 did not
_MAX_ENTRIES = 1 << 24  # one table may hold at most 16,777,216 entries (16 MB)
_MAX_CELLS = 64  # the blank's region is a bit mask of at most 64 cells
_TABLE_CELLS = 16  # up to this many cells, every region is looked up in a precomputed table
_CHUNK = 1 << 17  # placements expanded at once: bounds the working memory of a build


def text_progress(done: int, total: int, message: str) -> None:
    """The default progress report: a one-line text bar on stderr."""
    width = 30
    filled = int(width * done / total) if total else width
    end = "\n" if done >= total else ""
    sys.stderr.write(f"\r{message} [{'#' * filled}{'.' * (width - filled)}] {done:,}/{total:,}{end}")
    sys.stderr.flush()


def default_partition(goal: Board) -> tuple[tuple[int, ...], ...]:
    """6-6-3 for 4x4 (compact blocks away from the blank's corner); halves of at most 6 otherwise."""
    cells = [i for i in range(goal.size) if i != goal.blank]
    if goal.shape == (4, 4) and goal.blank in (0, 15):
        blocks = [(1, 2, 3, 5, 6, 7), (8, 9, 10, 12, 13, 14), (4, 11, 15)]
        if goal.blank == 15:
            blocks = [tuple(15 - c for c in block) for block in blocks]
        return tuple(tuple(sorted(goal.tiles[c] for c in block)) for block in blocks)
    groups, size = [], 6 if len(cells) > 8 else max(1, (len(cells) + 1) // 2)
    for k in range(0, len(cells), size):
        groups.append(tuple(sorted(goal.tiles[c] for c in cells[k : k + size])))
    return tuple(groups)


def _bits(n_cells: int) -> int:
    return max(1, (n_cells - 1).bit_length())


def _check_partition(goal: Board, partition) -> tuple[tuple[int, ...], ...]:
    if goal.size > _MAX_CELLS:
        raise ValueError(
            f"pattern databases are for boards of at most {_MAX_CELLS} cells, not "
            f"{goal.rows}x{goal.cols}; use linear_conflict or a non-optimal solver there"
        )
    try:
        groups = tuple(tuple(int(t) for t in group) for group in partition)
    except (TypeError, ValueError):
        raise ValueError(
            f"partition must be groups of tiles, e.g. ((1, 2, 3), (4, 5)), got {partition!r}"
        ) from None
    tiles = [t for group in groups for t in group]
    wanted = sorted(t for t in goal.tiles if t != BLANK)
    if sorted(tiles) != wanted:
        raise ValueError(
            f"partition {groups} must split the tiles {wanted} into disjoint groups, each tile once "
            "(the blank is never in a group)"
        )
    b = _bits(goal.size)
    for group in groups:
        if 1 << (b * len(group)) > _MAX_ENTRIES:
            raise ValueError(
                f"group {group} is too large: its table would have 2**{b * len(group)} entries "
                f"(limit {_MAX_ENTRIES:,}); use groups of at most {24 // b} tiles"
            )
    return groups


def _mask_dtype(n_cells: int):
    """The smallest unsigned integer type with one bit per cell."""
    for dtype in (np.uint16, np.uint32, np.uint64):
        if n_cells <= np.iinfo(dtype).bits:
            return dtype
    raise ValueError(f"pattern databases need at most {_MAX_CELLS} cells, got {n_cells}")


def _flood(seed: np.ndarray, occupied: np.ndarray, rows: int, cols: int) -> np.ndarray:
    """The region of each seed: the cells it reaches through cells not in ``occupied`` (bit masks).

    Grows every region by one step in all four directions (a bit dilation: shift by one within a
    row, by ``cols`` across rows) until none grows. ``seed`` must lie outside ``occupied``.
    """
    dtype = seed.dtype.type
    n = rows * cols
    full = (1 << n) - 1
    first_col = sum(1 << (r * cols) for r in range(rows))
    not_first, not_last = dtype(full & ~first_col), dtype(full & ~(first_col << (cols - 1)))
    one, down = dtype(1), dtype(cols)
    free = ~occupied & dtype(full)
    region = seed & free
    while True:
        grown = region | ((region << one) & not_first) | ((region >> one) & not_last)
        grown = (grown | (region << down) | (region >> down)) & free
        if np.array_equal(grown, region):
            return region
        region = grown


def _region_tables(rows: int, cols: int) -> tuple[np.ndarray, np.ndarray]:
    """For every (occupied mask, blank cell): the blank's region, and its lowest cell as a bit.

    Indexed by ``occupied * n + cell``; n * 2**n entries, built once for boards of up to 16 cells.
    """
    n = rows * cols
    dtype = _mask_dtype(n)
    occupied = np.repeat(np.arange(1 << n, dtype=dtype), n)
    seed = np.left_shift(dtype(1), np.tile(np.arange(n, dtype=dtype), 1 << n))
    region = _flood(seed, occupied, rows, cols)
    return region, region & (~region + dtype(1))


class _Regions:
    """The blank's region (cells it reaches without moving a group tile) as a bit mask."""

    def __init__(self, rows: int, cols: int):
        self.rows, self.cols, self.n = rows, cols, rows * cols
        self.dtype = _mask_dtype(self.n)
        self.tables = _region_tables(rows, cols) if self.n <= _TABLE_CELLS else None

    def of(self, occupied: np.ndarray, cell: np.ndarray) -> np.ndarray:
        """The region containing ``cell`` (a free cell) when the group occupies ``occupied``."""
        if self.tables is not None:
            return self.tables[0][occupied.astype(np.int64) * self.n + cell]
        return _flood(np.left_shift(self.dtype(1), cell.astype(self.dtype)), occupied, self.rows, self.cols)

    def lowest(self, occupied: np.ndarray, cell: np.ndarray) -> np.ndarray:
        """The lowest cell of that region, as a one-bit mask: the region's canonical name."""
        if self.tables is not None:
            return self.tables[1][occupied.astype(np.int64) * self.n + cell]
        region = self.of(occupied, cell)
        return region & (~region + self.dtype(1))


def _moves(rows: int, cols: int, dtype) -> tuple[np.ndarray, np.ndarray]:
    """``target[d, cell]`` (the neighbour in direction d, or the cell itself) and its bit (0 if none)."""
    n = rows * cols
    target = np.tile(np.arange(n, dtype=np.int64), (4, 1))
    bit = np.zeros((4, n), dtype=dtype)
    for cell, options in enumerate(neighbour_table(rows, cols)):
        for d, (_, neighbour) in enumerate(options):
            target[d, cell], bit[d, cell] = neighbour, dtype(1 << neighbour)
    return target, bit


def _mark(seen: np.ndarray, fresh: np.ndarray, index: np.ndarray, bit: np.ndarray) -> None:
    """Set ``bit`` in ``seen[index]`` and ``fresh[index]`` for every pair, repeated indices included.

    A fancy-index assignment keeps only the last write to a repeated index, so write, find the
    pairs whose bit did not land, and write those again (a few rounds at most).
    """
    while len(index):
        seen[index] |= bit
        fresh[index] |= bit
        missing = (seen[index] & bit) == 0
        index, bit = index[missing], bit[missing]


def _expand(pairs, group_size, b, regions, target, target_bit):
    """The children of (placement, region) states: every group tile next to the region slides in.

    ``pairs`` is (placement index, a cell of the region); yields (child index, child region bit).
    """
    index, cell = pairs
    dtype = regions.dtype
    mask = (1 << b) - 1
    pos = [(index >> (b * k)) & mask for k in range(group_size)]
    occupied = np.zeros(len(index), dtype=dtype)
    for p in pos:
        occupied |= np.left_shift(dtype(1), p.astype(dtype))
    region = regions.of(occupied, cell)
    for k, p in enumerate(pos):
        own = np.left_shift(dtype(1), p.astype(dtype))
        for d in range(4):
            into = target_bit[d, p]
            ok = (region & into) != 0
            if not ok.any():
                continue
            src, dst = p[ok], target[d, p[ok]]
            child = index[ok] + ((dst - src) << (b * k))
            yield child, regions.lowest(occupied[ok] ^ own[ok] ^ into[ok], src)


def _build_table(goal: Board, group: Sequence[int], progress: Progress | None) -> np.ndarray:
    """Breadth-first search over (placement, blank region) states; entry = fewest group moves.

    Every move slides a group tile into the blank's region and costs 1 (the blank's own walk
    inside its region is free). A placement's entry is its smallest distance over regions
    (255 for indices that are no placement). ``seen``/``fresh`` hold, per placement, one bit
    per region (named by its lowest cell) reached so far / reached at the current depth.
    """
    rows, cols, n = goal.rows, goal.cols, goal.size
    b, m = _bits(n), len(group)
    regions = _Regions(rows, cols)
    dtype = regions.dtype
    target, target_bit = _moves(rows, cols, dtype)
    dist = np.full(1 << (b * m), 255, dtype=np.uint8)
    seen = np.zeros(1 << (b * m), dtype=dtype)
    fresh = np.zeros_like(seen)
    cells = [goal.tiles.index(t) for t in group]
    start = sum(c << (b * k) for k, c in enumerate(cells))
    occupied = np.array([sum(1 << c for c in cells)], dtype=dtype)
    first = regions.lowest(occupied, np.array([goal.blank]))
    seen[start] = fresh[start] = first[0]
    dist[start] = 0
    total, reached, depth = n_placements(n, m), 1, 0
    label = f"pattern database {rows}x{cols} tiles {','.join(map(str, group))}"
    shown = None  # report only news: later depths may reach no new placement
    while True:
        frontier, bits = _take(fresh)
        if not len(frontier):
            break
        if progress is not None and reached != shown:
            progress(reached, total, label)
            shown = reached
        for lo in range(0, len(frontier), _CHUNK):
            for child, bit in _expand(
                _pairs(frontier[lo : lo + _CHUNK], bits[lo : lo + _CHUNK], n),
                m, b, regions, target, target_bit,
            ):
                new = (seen[child] & bit) == 0
                child, bit = child[new], bit[new]
                _mark(seen, fresh, child, bit)
                dist[child[dist[child] == 255]] = depth + 1
        depth += 1
        reached = _count_reached(dist)
    if progress is not None and shown != total:
        progress(total, total, label)
    return dist


def _count_reached(dist: np.ndarray) -> int:
    step = _CHUNK * 8
    return sum(int(np.count_nonzero(dist[lo : lo + step] != 255)) for lo in range(0, len(dist), step))


def _take(fresh: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The placements with states at the current depth (as uint32) and their region bits; clears
    ``fresh`` so it can collect the next depth. Works block by block to keep the copies small."""
    index, bits = [], []
    for lo in range(0, len(fresh), _CHUNK * 8):
        block = fresh[lo : lo + _CHUNK * 8]
        found = np.flatnonzero(block)
        index.append((found + lo).astype(np.uint32))
        bits.append(block[found])
        block[found] = 0
    return np.concatenate(index), np.concatenate(bits)


def _pairs(index: np.ndarray, bits: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Split per-placement region bit sets into (placement index, region cell) pairs."""
    out_index, out_cell = [], []
    for cell in range(n):
        has = ((bits >> bits.dtype.type(cell)) & bits.dtype.type(1)) != 0
        if has.any():
            out_index.append(index[has].astype(np.int64))
            out_cell.append(np.full(int(has.sum()), cell, dtype=np.int64))
    return np.concatenate(out_index), np.concatenate(out_cell)


def _cache_path(goal: Board, group: Sequence[int], directory: Path) -> Path:
    key = f"v{_VERSION}|{goal.rows}x{goal.cols}|{','.join(map(str, goal.tiles))}|{','.join(map(str, group))}"
    digest = hashlib.sha256(key.encode()).hexdigest()[:16]
    return directory / f"pdb-{goal.rows}x{goal.cols}-{digest}.npy"


def _load(path: Path, size: int) -> np.ndarray | None:
    """The cached table, or None if it is missing, the wrong shape, or fails its checksum."""
    sidecar = path.with_suffix(".sha256")
    try:
        table = np.load(path, allow_pickle=False)
        expected = sidecar.read_text().strip()
    except (OSError, ValueError, EOFError):
        return None
    if table.dtype != np.uint8 or table.shape != (size,):
        return None
    if hashlib.sha256(table.tobytes()).hexdigest() != expected:
        return None
    return table


def _save(path: Path, table: np.ndarray) -> None:
    """Write atomically (a temporary file renamed into place), so an interrupt leaves no half file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            np.save(handle, table, allow_pickle=False)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    path.with_suffix(".sha256").write_text(hashlib.sha256(table.tobytes()).hexdigest())


def _mirror(goal: Board) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The reflection about the main diagonal as (cell -> cell, tile -> tile), or None.

    Transposing the board and renaming each tile after the goal tile whose home is its home's
    mirror image maps the goal to itself (when the goal's blank is on the diagonal), so a board
    and its reflection are equally far from the goal: the database may be read for both.
    """
    rows, cols = goal.shape
    if rows != cols or goal.blank % (cols + 1):
        return None
    cell = tuple((i % cols) * cols + i // cols for i in range(goal.size))
    home = {t: i for i, t in enumerate(goal.tiles)}
    tile = tuple(goal.tiles[cell[home[t]]] for t in range(goal.size))
    return cell, tile


class PatternDatabase:
    """An additive pattern database for ``goal``; call it like any heuristic: ``pdb(board, goal)``.

    Parameters
    ----------
    goal : Board, optional
        The goal (default: blank-last 4x4). Tables are built per goal.
    partition : groups of tiles, optional
        Disjoint groups covering every tile (default :func:`default_partition`: 6-6-3 on 4x4).
    progress : callable(done, total, message) or None
        Called while a table builds (default: a text bar on stderr).
    cache : bool
        Read and write tables in ``cache_directory`` (default the user cache directory).
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
        partition=None,
        progress: Progress | None = text_progress,
        cache: bool = True,
        cache_directory: str | os.PathLike | None = None,
        reflect: bool = False,
    ):
        self.goal = Board.goal(4, 4) if goal is None else Board.parse(goal)
        self.partition = _check_partition(
            self.goal, default_partition(self.goal) if partition is None else partition
        )
        self.reflect = bool(reflect)
        self.mirror = _mirror(self.goal) if self.reflect else None
        if self.reflect and self.mirror is None:
            raise ValueError(
                f"reflect=True needs a square board whose goal has the blank on the main diagonal, "
                f"not the goal {self.goal.text()}"
            )
        directory = Path(cache_directory) if cache_directory is not None else cache_dir()
        self.bits = _bits(self.goal.size)
        self.tables: list[np.ndarray] = []
        for group in self.partition:
            size = 1 << (self.bits * len(group))
            path = _cache_path(self.goal, group, directory)
            table = _load(path, size) if cache else None
            if table is None:
                table = _build_table(self.goal, group, progress)
                if cache:
                    _save(path, table)
            self.tables.append(table)
        self._bytes = [t.tobytes() for t in self.tables]
        self.nbytes = sum(t.nbytes for t in self.tables) * 2

    def _check_goal(self, board: Board, goal: Board | None) -> None:
        if board.shape != self.goal.shape:
            raise ValueError(f"this pattern database is for {self.goal.rows}x{self.goal.cols} boards")
        if goal is not None and Board.parse(goal) != self.goal:
            raise ValueError(
                f"this pattern database was built for the goal {self.goal.text()}, not {goal.text()}"
            )

    def _sum(self, where) -> int:
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

    def _layout(self, shift: int) -> tuple[list, int]:
        """Per tile (table, key offset, mask, shift in its index, shift in the key); keys' width."""
        b = self.bits
        info: list = [None] * self.goal.size
        offset = 0
        for group, table in zip(self.partition, self._bytes, strict=True):
            mask = (1 << (b * len(group))) - 1
            for k, t in enumerate(group):
                info[t] = (table, shift + offset, mask, b * k, offset + b * k)
            offset += b * len(group)
        return info, offset

    def _keys(self, where) -> tuple[int, int]:
        """The packed indices of all groups for the placement ``where``, and their value sum."""
        b, key, h, offset = self.bits, 0, 0, 0
        for group, table in zip(self.partition, self._bytes, strict=True):
            index = sum(where[t] << (b * k) for k, t in enumerate(group))
            key |= index << offset
            h += table[index]
            offset += b * len(group)
        return key, h

    def incremental(self, goal: Board) -> Incremental:
        """The form the search engines use: the packed group indices, with h in the low 8 bits."""
        if goal != self.goal:
            raise ValueError(
                f"this pattern database was built for the goal {self.goal.text()}, not {goal.text()}"
            )
        if self.mirror is not None:
            return self._incremental_reflected()
        info, _ = self._layout(8)

        def initial(tiles) -> int:
            key, h = self._keys({t: i for i, t in enumerate(tiles)})
            return (key << 8) | h

        def step(hs, tiles, tile, src, dst):
            table, off, mask, inner, outer = info[tile]
            old = (hs >> off) & mask
            return hs + ((dst - src) << (8 + outer)) + table[old + ((dst - src) << inner)] - table[old]

        return Incremental(initial, step, packed=True)

    def _incremental_reflected(self) -> Incremental:
        """State: keys of the reflected board, keys of the board, then its sum, the reflected sum
        and their max, one byte each (low byte = h)."""
        cell, tile = self.mirror
        plain, width = self._layout(24)
        mirrored, _ = self._layout(24 + width)
        info = [None] * self.goal.size
        for t in range(1, self.goal.size):
            table, off, mask, inner, outer = plain[t]
            rtable, roff, rmask, rinner, router = mirrored[tile[t]]
            info[t] = (table, off, mask, inner, outer, rtable, roff, rmask, rinner, width + router)

        def initial(tiles) -> int:
            where = {t: i for i, t in enumerate(tiles)}
            key, h1 = self._keys(where)
            rkey, h2 = self._keys({tile[t]: cell[i] for t, i in where.items()})
            return (((rkey << width) | key) << 24) | (h1 << 16) | (h2 << 8) | max(h1, h2)

        def step(hs, tiles, moved, src, dst):
            table, off, mask, inner, outer, rtable, roff, rmask, rinner, router = info[moved]
            old, rold = (hs >> off) & mask, (hs >> roff) & rmask
            d, rd = dst - src, cell[dst] - cell[src]
            h1 = ((hs >> 16) & 255) + table[old + (d << inner)] - table[old]
            h2 = ((hs >> 8) & 255) + rtable[rold + (rd << rinner)] - rtable[rold]
            keys = (hs >> 24) + (d << outer) + (rd << router)
            return (keys << 24) | (h1 << 16) | (h2 << 8) | (h1 if h1 > h2 else h2)

        return Incremental(initial, step, packed=True)

    def __repr__(self) -> str:
        groups = "-".join(str(len(g)) for g in self.partition)
        mirror = ", reflected" if self.reflect else ""
        return f"PatternDatabase({self.goal.text()!r}, {groups}{mirror}, {self.nbytes / 2**20:.0f} MB)"


def pattern_database(
    goal: Board | None = None,
    *,
    partition=None,
    progress: Progress | None = text_progress,
    reflect: bool = False,
):
    """The additive pattern database for ``goal`` (loaded from the cache, or built and cached).

    >>> pdb = pattern_database(Board.goal(4, 4, blank="first"))  # doctest: +SKIP
    >>> pdb(Board.goal(4, 4, blank="first"))  # doctest: +SKIP
    0
    """
    return PatternDatabase(goal, partition=partition, progress=progress, reflect=reflect)
