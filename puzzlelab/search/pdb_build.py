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
from collections.abc import Callable, Iterable, Iterator, Sequence
from math import perm as n_placements
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

from .._validate import describe, whole
from ..board import BLANK, Board, neighbour_table

#: The unsigned numpy integer type of a bit-mask array (one bit per cell).
MaskType: TypeAlias = "type[np.unsignedinteger[Any]]"

__all__ = [
    "MAX_CELLS",
    "MAX_ENTRIES",
    "MAX_PLACEMENTS",
    "PlacementLayout",
    "Progress",
    "abstract_start",
    "build_table",
    "check_partition",
    "default_group_size",
    "default_partition",
    "diagonal_mirror",
    "index_bits",
    "placement_index",
    "text_progress",
    "unreached",
]

Progress = Callable[[int, int, str], None]
MAX_ENTRIES = 1 << 24  # one table may hold at most 16,777,216 entries (16 MB)
MAX_CELLS = 64  # the blank's region is a bit mask of at most 64 cells
# one group may have at most this many placements: four tiles on 7x7 (5.5 million) build in
# about 20 s CPU, on 8x8 (15 million, bit dilation on 64-bit masks) they would take minutes
MAX_PLACEMENTS = 8_000_000
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
class PlacementLayout:
    """How a group's placement is packed into a table index (shared by build and look-up).

    Each tile of the group gets ``bits`` bits, enough to name any cell (4 on 4x4, 5 up to 32
    cells, 6 up to 64); the cell of the group's k-th tile sits in bits ``k*bits`` up. A group
    of m tiles thus has a table of ``2**(bits*m)`` entries; indices in which two tiles share a
    cell are no placement and hold the table's "unreached" value.

    >>> layout = PlacementLayout(16)
    >>> layout.bits, layout.index((2, 6, 10)) == 2 | 6 << 4 | 10 << 8, layout.cells(0xA62, 3)
    (4, True, (2, 6, 10))
    """

    def __init__(self, n_cells: int):
        self.n_cells = n_cells
        self.bits = index_bits(n_cells)

    def index(self, cells: Sequence[int]) -> int:
        """The table index of the placement with the group's k-th tile on ``cells[k]``."""
        return placement_index(cells, self.bits)

    def cells(self, index: int, size: int) -> tuple[int, ...]:
        """The inverse of :meth:`index` for a group of ``size`` tiles."""
        mask = (1 << self.bits) - 1
        return tuple((index >> (self.bits * k)) & mask for k in range(size))

    def entries(self, size: int) -> int:
        """The length of the table of a group of ``size`` tiles."""
        return 1 << (self.bits * size)


def index_bits(n_cells: int) -> int:
    """Bits per tile in a placement index: enough to name any of ``n_cells`` cells (4 on 4x4)."""
    return max(1, (n_cells - 1).bit_length())


def placement_index(cells: Sequence[int], bits: int) -> int:
    """The table index of a placement: the cell of the group's k-th tile in bits ``k*bits`` up."""
    return sum(cell << (bits * k) for k, cell in enumerate(cells))


def unreached(dtype: npt.DTypeLike) -> int:
    """The value that marks an index no placement (or an unreachable one): the dtype's maximum."""
    return int(np.iinfo(dtype).max)


def abstract_start(goal: Board, group: Sequence[int]) -> tuple[int, int, tuple[int, ...], int]:
    """Everything a group's table depends on: ``(rows, cols, home cells of the group's tiles in
    group order, lowest cell of the blank's region at the goal)``.

    Two goals that agree on these have the same table, so a cache keyed by this stores, and a
    process maps, each table once (for instance two goals whose groups sit on the same cells
    with the blank's region the same).
    """
    cells = tuple(goal.tiles.index(t) for t in group)
    walls, region, stack = set(cells), {goal.blank}, [goal.blank]
    while stack:
        for _, nxt in neighbour_table(goal.rows, goal.cols)[stack.pop()]:
            if nxt not in walls and nxt not in region:
                region.add(nxt)
                stack.append(nxt)
    return goal.rows, goal.cols, cells, min(region)


# -- partitions --------------------------------------------------------------------------------
def default_group_size(n_cells: int) -> int:
    """Tiles per group in the default partition: the largest whose tables build in seconds.

    Up to 9 cells, halves; 4x4, six (Korf & Felner's 6-6-3, 16 MB tables); 17-32 cells, four
    (1 MB tables, 2**20 entries); 33-64 cells, three (2**18 entries), where a group of four
    would need a 16 MB table for each of 16 groups and minutes to build.
    """
    if n_cells <= 9:
        return max(1, n_cells // 2)
    if n_cells <= 16:
        return 6
    return 4 if n_cells <= 32 else 3


def default_partition(goal: Board) -> tuple[tuple[int, ...], ...]:
    """6-6-3 for 4x4; groups of :func:`default_group_size` tiles in reading order otherwise.

    The 4x4 split (cells, blank at 0; turned half round for the blank at 15) keeps the blank
    corner's two neighbours in one six-tile group, the two left columns without the blank's
    corner and cell 13, ``{1, 4, 5, 8, 9, 12}``; the two right columns above the last row,
    ``{2, 3, 6, 7, 10, 11}``; and the rest of the last row, ``{13, 14, 15}``. Measured over
    Korf's 100 with the reflected look-up (``benchmarks/bench_korf_felner.py``): 445,164 nodes
    generated on average, against 1,610,428 for the split used before (two 2x3 blocks away from
    the blank and a scattered three: ``{1, 2, 3, 5, 6, 7}``, ``{8, 9, 10, 12, 13, 14}``,
    ``{4, 11, 15}``), and Korf & Felner's
    617,555; the average estimate over random boards is 43.15 against 42.01 (lesson 06).
    """
    cells = [i for i in range(goal.size) if i != goal.blank]
    blocks: list[Sequence[int]]
    if goal.shape == (4, 4) and goal.blank in (0, 15):
        blocks = [(1, 4, 5, 8, 9, 12), (2, 3, 6, 7, 10, 11), (13, 14, 15)]
        if goal.blank == 15:
            blocks = [tuple(15 - c for c in block) for block in blocks]
        return tuple(tuple(sorted(goal.tiles[c] for c in block)) for block in blocks)
    size = default_group_size(goal.size)
    blocks = [cells[k : k + size] for k in range(0, len(cells), size)]
    return tuple(tuple(sorted(goal.tiles[c] for c in block)) for block in blocks)


def check_size(goal: Board) -> None:
    """Refuse boards whose blank region does not fit a 64-bit mask."""
    if goal.size > MAX_CELLS:
        raise ValueError(
            f"pattern databases are for boards of at most {MAX_CELLS} cells, not "
            f"{goal.rows}x{goal.cols}; use linear_conflict or a non-optimal solver there"
        )


def _groups(partition: object) -> tuple[tuple[int, ...], ...]:
    """``partition`` as tuples of ints, or a TypeError that names it (no silent ``int(1.5)``)."""
    example = "e.g. ((1, 2, 3), (4, 5))"
    if isinstance(partition, str | bytes) or not isinstance(partition, Iterable):
        raise TypeError(f"partition must be groups of tiles, {example}; got {describe(partition)}")
    groups = []
    for group in partition:
        if isinstance(group, str | bytes) or not isinstance(group, Iterable):
            raise TypeError(
                f"each group of partition must be a sequence of tiles, {example}; got {describe(group)}"
            )
        groups.append(tuple(whole("partition tile", t) for t in group))
    return tuple(groups)


def check_partition(goal: Board, partition: object) -> tuple[tuple[int, ...], ...]:
    """``partition`` as tuples, checked: disjoint groups covering every tile, tables in bounds."""
    check_size(goal)
    groups = _groups(partition)
    tiles = [t for group in groups for t in group]
    wanted = sorted(t for t in goal.tiles if t != BLANK)
    if sorted(tiles) != wanted or not all(groups):
        raise ValueError(
            f"partition {describe(groups)} must split the tiles 1..{len(wanted)} into disjoint "
            "non-empty groups, each tile once (the blank is never in a group)"
        )
    for group in groups:
        _check_group_size(goal, group)
    return groups


def _check_group_size(goal: Board, group: tuple[int, ...]) -> None:
    """Refuse, in microseconds, a group whose table is too big to hold or too slow to build."""
    b, n, m = index_bits(goal.size), goal.size, len(group)
    largest = max(k for k in range(1, n) if b * k <= 24 and n_placements(n, k) <= MAX_PLACEMENTS)
    shape = f"{goal.rows}x{goal.cols}"
    if 1 << (b * m) > MAX_ENTRIES:
        raise ValueError(
            f"group {group} is too large: its table would have 2**{b * m} entries "
            f"(limit {MAX_ENTRIES:,}); use groups of at most {largest} tiles on {shape}"
        )
    if n_placements(n, m) > MAX_PLACEMENTS:
        raise ValueError(
            f"group {group} is too large: {m} tiles have {n_placements(n, m):,} placements on {shape} "
            f"(limit {MAX_PLACEMENTS:,}, about 20 s to build); use groups of at most {largest} tiles"
        )


def _mask_dtype(n_cells: int) -> MaskType:
    """The smallest unsigned integer type with one bit per cell."""
    for dtype in (np.uint16, np.uint32, np.uint64):
        if n_cells <= np.iinfo(dtype).bits:
            return dtype
    raise ValueError(f"pattern databases need at most {MAX_CELLS} cells, got {n_cells}")


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
            grown_region: np.ndarray = region
            return grown_region
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
            region: np.ndarray = self.tables[0][occupied.astype(np.int64) * self.n + cell]
            return region
        return _flood(np.left_shift(self.dtype(1), cell.astype(self.dtype)), occupied, self.rows, self.cols)

    def lowest(self, occupied: np.ndarray, cell: np.ndarray) -> np.ndarray:
        """The lowest cell of that region, as a one-bit mask: the region's canonical name."""
        if self.tables is not None:
            lowest: np.ndarray = self.tables[1][occupied.astype(np.int64) * self.n + cell]
            return lowest
        region = self.of(occupied, cell)
        lowest = region & (~region + self.dtype(1))
        return lowest


def _moves(rows: int, cols: int, dtype: MaskType) -> tuple[np.ndarray, np.ndarray]:
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


def _expand(
    pairs: tuple[np.ndarray, np.ndarray],
    group_size: int,
    b: int,
    regions: _Regions,
    target: np.ndarray,
    target_bit: np.ndarray,
) -> Iterator[tuple[np.ndarray, np.ndarray]]:
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


def build_table(
    goal: Board, group: Sequence[int], progress: Progress | None = None, *, narrow_until: int = 255
) -> np.ndarray:
    """The table of ``group``: for each placement index, the fewest group moves to the goal.

    A breadth-first search over (placement, blank region) states: every move slides a group
    tile into the blank's region and costs 1 (the blank's own walk inside its region is free).
    A placement's entry is its smallest distance over regions. The table is ``uint8`` with 255
    marking indices that are no placement (or unreachable ones); should a distance reach 255
    it becomes ``uint16`` (65535 marks), so no value is ever truncated. ``progress``, if given,
    is called as ``progress(placements reached, placements in all, label)``. (``narrow_until``
    moves the switch to ``uint16`` to an earlier depth, for tests.)
    """
    search = _Search(goal, group, narrow_until)
    total = n_placements(goal.size, len(group))
    label = f"pattern database {goal.rows}x{goal.cols} tiles {','.join(map(str, group))}"
    shown = None  # report only news: later depths may reach no new placement
    while search.step():
        if progress is not None and search.reached != shown:
            progress(search.reached, total, label)
            shown = search.reached
    if progress is not None and shown != total:
        progress(total, total, label)
    return search.dist


class _Search:
    """The state of one table's breadth-first search, one depth per :meth:`step`.

    ``seen``/``fresh`` hold, per placement, one bit per region (named by its lowest cell)
    reached so far / reached at the current depth; ``dist`` the placement's first depth.
    """

    def __init__(self, goal: Board, group: Sequence[int], narrow_until: int = 255):
        n, m = goal.size, len(group)
        self.narrow_until = narrow_until  # the depth at which uint8 gives way to uint16
        self.n, self.m, self.b = n, m, index_bits(n)
        self.regions = _Regions(goal.rows, goal.cols)
        self.target, self.target_bit = _moves(goal.rows, goal.cols, self.regions.dtype)
        self.dist: np.ndarray = np.full(1 << (self.b * m), 255, dtype=np.uint8)
        self.seen = np.zeros(1 << (self.b * m), dtype=self.regions.dtype)
        self.fresh = np.zeros_like(self.seen)
        cells = [goal.tiles.index(t) for t in group]
        start = placement_index(cells, self.b)
        occupied = np.array([sum(1 << c for c in cells)], dtype=self.regions.dtype)
        self.seen[start] = self.fresh[start] = self.regions.lowest(occupied, np.array([goal.blank]))[0]
        self.dist[start] = 0
        self.depth, self.reached = 0, 1

    def step(self) -> bool:
        """Expand every state of the current depth; False once none is left."""
        frontier, bits = _take(self.fresh)
        if not len(frontier):
            return False
        if self.depth + 1 >= unreached(np.uint16):  # more moves than any board of 64 cells needs
            raise ValueError("a pattern database distance passed 65,534 moves; use smaller groups")
        if self.dist.dtype == np.uint8 and self.depth + 1 >= self.narrow_until:
            self._widen()
        for lo in range(0, len(frontier), _CHUNK):
            pairs = _pairs(frontier[lo : lo + _CHUNK], bits[lo : lo + _CHUNK], self.n)
            for child, bit in _expand(pairs, self.m, self.b, self.regions, self.target, self.target_bit):
                new = (self.seen[child] & bit) == 0
                child, bit = child[new], bit[new]
                _mark(self.seen, self.fresh, child, bit)
                self.dist[child[self.dist[child] == unreached(self.dist.dtype)]] = self.depth + 1
        self.depth += 1
        self.reached = _count_reached(self.dist)
        return True

    def _widen(self) -> None:
        """Distances are about to reach the uint8 mark: move to uint16 rather than truncate."""
        wide = self.dist.astype(np.uint16)
        wide[self.dist == 255] = unreached(np.uint16)
        self.dist = wide


def _count_reached(dist: np.ndarray) -> int:
    step, mark = _CHUNK * 8, unreached(dist.dtype)
    return sum(int(np.count_nonzero(dist[lo : lo + step] != mark)) for lo in range(0, len(dist), step))


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


def diagonal_mirror(goal: Board) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
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
