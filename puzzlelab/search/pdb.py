"""Additive pattern databases: exact move counts for groups of tiles, summed (Korf & Felner 2002).

Split the tiles into disjoint groups (for the 15-puzzle 6-6-3). For each group, solve the
*abstract* puzzle in which only the group's tiles matter: a group tile may slide into any
neighbouring cell no other group tile holds (the blank and the other tiles are not tracked),
and only moves of group tiles count. A breadth-first search over all placements of the group,
run with numpy, stores the exact abstract distance of each placement in a ``uint8`` table.
No move counts for two groups, so the sum over groups never exceeds the real distance.

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
_VERSION = 1
_MAX_ENTRIES = 1 << 24  # one table may hold at most 16,777,216 entries (16 MB)


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


def _build_table(goal: Board, group: Sequence[int], progress: Progress | None) -> np.ndarray:
    """Breadth-first search over all placements of ``group``; entry = abstract distance (255 = none)."""
    rows, cols, n = goal.rows, goal.cols, goal.size
    b, m = _bits(n), len(group)
    dist = np.full(1 << (b * m), 255, dtype=np.uint8)
    start = sum(goal.tiles.index(t) << (b * k) for k, t in enumerate(group))
    dist[start] = 0
    steps = {d: np.full(n, -1, dtype=np.int64) for d in range(4)}
    for cell, opts in enumerate(neighbour_table(rows, cols)):
        for d, (_, target) in enumerate(opts):
            steps[d][cell] = target
    total, reached, depth = n_placements(n, m), 1, 0
    frontier = np.array([start], dtype=np.int64)
    mask = (1 << b) - 1
    label = f"pattern database {rows}x{cols} tiles {','.join(map(str, group))}"
    while len(frontier):
        if progress is not None:
            progress(reached, total, label)
        for lo in range(0, len(frontier), 1 << 20):
            chunk = frontier[lo : lo + (1 << 20)]
            pos = [(chunk >> (b * k)) & mask for k in range(m)]
            for k in range(m):
                for d in range(4):
                    target = steps[d][pos[k]]
                    ok = target >= 0
                    for j in range(m):
                        if j != k:
                            ok &= pos[j] != target
                    child = chunk[ok] + ((target[ok] - pos[k][ok]) << (b * k))
                    child = child[dist[child] == 255]
                    dist[child] = depth + 1
        depth += 1
        frontier = np.flatnonzero(dist == depth)
        reached += len(frontier)
    if progress is not None:
        progress(total, total, label)
    return dist


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
    ):
        self.goal = Board.goal(4, 4) if goal is None else Board.parse(goal)
        self.partition = _check_partition(
            self.goal, default_partition(self.goal) if partition is None else partition
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

    def __call__(self, board: Board, goal: Board | None = None) -> int:
        self._check_goal(board, goal)
        where = {t: i for i, t in enumerate(board.tiles)}
        total = 0
        for group, table in zip(self.partition, self._bytes, strict=True):
            total += table[sum(where[t] << (self.bits * k) for k, t in enumerate(group))]
        return total

    def incremental(self, goal: Board) -> Incremental:
        """The form the search engines use: the packed group indices, with h in the low 8 bits."""
        if goal != self.goal:
            raise ValueError(
                f"this pattern database was built for the goal {self.goal.text()}, not {goal.text()}"
            )
        b = self.bits
        info: list = [None] * self.goal.size
        offsets, offset = [], 0
        for group in self.partition:
            offsets.append(offset)
            offset += b * len(group)
        for p, group in enumerate(self.partition):
            for k, t in enumerate(group):
                mask = (1 << (b * len(group))) - 1
                info[t] = (self._bytes[p], offsets[p], mask, b * k, 8 + offsets[p] + b * k)

        def initial(tiles) -> int:
            where = {t: i for i, t in enumerate(tiles)}
            key = h = 0
            for p, group in enumerate(self.partition):
                index = sum(where[t] << (b * k) for k, t in enumerate(group))
                key |= index << offsets[p]
                h += self._bytes[p][index]
            return (key << 8) | h

        def step(hs, tiles, tile, src, dst):
            table, off, mask, inner, outer = info[tile]
            old = (hs >> (8 + off)) & mask
            return hs + ((dst - src) << outer) + table[old + ((dst - src) << inner)] - table[old]

        return Incremental(initial, step, packed=True)

    def __repr__(self) -> str:
        groups = "-".join(str(len(g)) for g in self.partition)
        return f"PatternDatabase({self.goal.text()!r}, {groups}, {self.nbytes / 2**20:.0f} MB)"


def pattern_database(goal: Board | None = None, *, partition=None, progress: Progress | None = text_progress):
    """The additive pattern database for ``goal`` (loaded from the cache, or built and cached).

    >>> pdb = pattern_database(Board.goal(4, 4, blank="first"))  # doctest: +SKIP
    >>> pdb(Board.goal(4, 4, blank="first"))  # doctest: +SKIP
    0
    """
    return PatternDatabase(goal, partition=partition, progress=progress)
