"""Building additive pattern databases: one breadth-first search per group of tiles.

This module only *builds* tables (numpy arrays); looking values up is
:mod:`puzzlelab.search.pdb`, and loading, caching and shipping tables is
:mod:`puzzlelab.search.pdb_store`.

For each group, solve the *abstract* puzzle in which only the group's tiles and the blank are
told apart: the blank swaps with a neighbour as in the real puzzle, and only moves of group tiles
count (moves of the other tiles are free). The blank walks for free inside its *region* (the
connected cells no group tile holds), so a state is (placement of the group, the blank's region)
and every move slides a group tile into that region at cost 1: a breadth-first search, run with
numpy over bit masks, gives each placement's exact abstract distance (the smallest over the
blank's regions).

>>> from puzzlelab import Board
>>> table = build_table(Board.goal(2, 2), (1, 2), progress=None)
>>> int(table[placement_index((0, 1), bits=index_bits(4))])  # tiles 1 and 2 at home
0
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from math import perm as n_placements

import numpy as np

from ..board import BLANK, Board, neighbour_table

__all__ = [
    "MAX_CELLS",
    "MAX_ENTRIES",
    "Progress",
    "build_table",
    "check_partition",
    "default_partition",
    "index_bits",
    "placement_index",
    "text_progress",
]

Progress = Callable[[int, int, str], None]
MAX_ENTRIES = 1 << 24  # one table may hold at most 16,777,216 entries (16 MB)
MAX_CELLS = 64  # the blank's region is a bit mask of at most 64 cells
_MAX_ENTRIES, _MAX_CELLS = MAX_ENTRIES, MAX_CELLS
_TABLE_CELLS = 16  # up to this many cells, every region is looked up in a precomputed table
_CHUNK = 1 << 17  # placements expanded at once: bounds the working memory of a build


def text_progress(done: int, total: int, message: str) -> None:
    """A one-line text bar on stderr (kept for callers that pass it explicitly)."""
    width = 30
    filled = int(width * done / total) if total else width
    end = "\n" if done >= total else ""
    sys.stderr.write(f"\r{message} [{'#' * filled}{'.' * (width - filled)}] {done:,}/{total:,}{end}")
    sys.stderr.flush()


# -- the packed placement index: the layout build and look-up share ----------------------------
def index_bits(n_cells: int) -> int:
    """Bits per tile in a placement index: enough to name any of ``n_cells`` cells (4 on 4x4)."""
    return max(1, (n_cells - 1).bit_length())


def placement_index(cells: Sequence[int], bits: int) -> int:
    """The table index of a placement: the cell of the group's k-th tile in bits ``k*bits`` up.

    On 4x4 (``bits=4``) the group (3, 7, 11) at cells (2, 6, 10) has index ``2 | 6<<4 | 10<<8``.
    Indices that are no placement (two tiles on one cell) are unused table entries.
    """
    return sum(cell << (bits * k) for k, cell in enumerate(cells))


_bits = index_bits


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


def check_partition(goal: Board, partition) -> tuple[tuple[int, ...], ...]:
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
    b = index_bits(goal.size)
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


def build_table(goal: Board, group: Sequence[int], progress: Progress | None) -> np.ndarray:
    """Breadth-first search over (placement, blank region) states; entry = fewest group moves.

    Every move slides a group tile into the blank's region and costs 1 (the blank's own walk
    inside its region is free). A placement's entry is its smallest distance over regions
    (255 for indices that are no placement). ``seen``/``fresh`` hold, per placement, one bit
    per region (named by its lowest cell) reached so far / reached at the current depth.
    """
    rows, cols, n = goal.rows, goal.cols, goal.size
    b, m = index_bits(n), len(group)
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


_check_partition = check_partition
_build_table = build_table
