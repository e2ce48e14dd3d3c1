"""Getting pattern-database tables: from the cache directory, or built and saved there.

Building is :mod:`puzzlelab.search.pdb_build`; looking up is :mod:`puzzlelab.search.pdb`.
Tables are cached as ``.npy`` files in the user cache directory (see
:func:`puzzlelab._cache.cache_dir`), keyed by the shape, the goal and the group, checked by a
SHA-256 sidecar, and rebuilt when missing or corrupt.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from .._cache import cache_dir
from ..board import Board
from .pdb_build import Progress, build_table, index_bits, text_progress

__all__ = ["load_tables", "pattern_database"]

_VERSION = 2  # 2: the abstract puzzle tracks the blank (Korf & Felner); 1 did not


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


def load_tables(
    goal: Board,
    partition: Sequence[Sequence[int]],
    *,
    progress: Progress | None = text_progress,
    cache: bool = True,
    cache_directory: str | os.PathLike | None = None,
) -> list[np.ndarray]:
    """One table per group of ``partition`` (already checked): read from the cache, or built."""
    directory = Path(cache_directory) if cache_directory is not None else cache_dir()
    bits = index_bits(goal.size)
    tables = []
    for group in partition:
        size = 1 << (bits * len(group))
        path = _cache_path(goal, group, directory)
        table = _load(path, size) if cache else None
        if table is None:
            table = build_table(goal, group, progress)
            if cache:
                _save(path, table)
        tables.append(table)
    return tables


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
    from .pdb import PatternDatabase  # the look-up class; it imports this module for its tables

    return PatternDatabase(goal, partition=partition, progress=progress, reflect=reflect)
