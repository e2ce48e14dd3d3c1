"""Getting pattern-database tables: shipped, cached, or built; then one read-only copy in memory.

Building is :mod:`puzzlelab.search.pdb_build`, looking up :mod:`puzzlelab.search.pdb`; this
module finds the tables, and :func:`pattern_database` is the factory to call.

Where a table comes from, first found first:

1. the tables this process already holds (plain and reflected databases share them);
2. the cache directory: ``<name>.npy`` checked against its ``<name>.sha256`` sidecar, and
   opened memory-mapped, read-only, so that every kernel on a class server shares one copy of
   the pages;
3. the tables shipped with the package (``puzzlelab/data/<name>.npy.xz``: the 6-6-3 tables of
   both standard 4x4 goals, each goal two 16 MB tables and a small one, 3.9 MB in all
   compressed), decompressed once into the cache;
4. a fresh build (:func:`~puzzlelab.search.pdb_build.build_table`), saved to the cache.

A file whose header is damaged or claims another shape or type, or whose checksum differs,
is rebuilt, never trusted (and never read into memory first). When the cache directory cannot
be written, tables stay in memory and one :class:`CacheWarning` says so, before any build.
Cache files are written atomically and readable by all (0644 under the usual umask).

The shipped files are made by :func:`ship_tables` (run it after changing how tables are built;
a test checks that the shipped tables equal freshly built ones).
"""

from __future__ import annotations

import hashlib
import io
import lzma
import os
import sys
import time
import warnings
import weakref
from collections.abc import Sequence
from math import perm
from pathlib import Path
from typing import Any, BinaryIO, TextIO, cast

import numpy as np

from .._cache import cache_dir, is_writable, write_atomic
from .._validate import describe
from ..board import Board, as_board
from .pdb_build import (
    PlacementLayout,
    Progress,
    abstract_start,
    build_table,
    check_partition,
    check_size,
    default_partition,
    diagonal_mirror,
)

__all__ = ["CacheWarning", "check_arguments", "load_tables", "resolve_cache", "ship_tables"]

# 3: files named by what the table depends on (abstract_start), so equal tables share a file;
# 2: the abstract puzzle tracks the blank (Korf & Felner); 1 did not
_VERSION = 3
SHIPPED = Path(__file__).resolve().parent.parent / "data"
# the tables this process holds, by (name, cache directory or None): databases share them
_HELD: weakref.WeakValueDictionary[tuple[str, str | None], np.ndarray] = weakref.WeakValueDictionary()


class CacheWarning(UserWarning):
    """The cache directory could not be used; tables were kept in memory instead."""


# -- names and files ---------------------------------------------------------------------------
def table_name(goal: Board, group: Sequence[int]) -> str:
    """The file name (without suffix) of ``group``'s table for ``goal``: the shape and a digest
    of what the table depends on (:func:`~puzzlelab.search.pdb_build.abstract_start`)."""
    rows, cols, cells, region = abstract_start(goal, group)
    key = f"v{_VERSION}|{rows}x{cols}|cells {','.join(map(str, cells))}|blank region from {region}"
    digest = hashlib.sha256(key.encode()).hexdigest()[:16]
    return f"pdb-{goal.rows}x{goal.cols}-{digest}"


def _cache_path(goal: Board, group: Sequence[int], directory: Path) -> Path:
    return directory / f"{table_name(goal, group)}.npy"


def _checksum(table: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(table).data.cast("B")).hexdigest()


def _header(handle: BinaryIO, size: int, length: int) -> np.dtype | None:
    """The table dtype of the ``.npy`` data in ``handle`` (``length`` bytes in all), if its header
    says exactly ``size`` entries of a table type and the length agrees; else None. Read from the
    header alone: a damaged header or one claiming a huge shape is refused before any memory is used.
    Leaves ``handle`` at the start of the data."""
    try:
        fmt = np.lib.format
        version = fmt.read_magic(handle)
        read = fmt.read_array_header_1_0 if version == (1, 0) else fmt.read_array_header_2_0
        shape, fortran, dtype = read(handle)
    except Exception:  # any malformed header (ValueError, SyntaxError, EOFError, ...) means rebuild
        return None
    if shape != (size,) or fortran or dtype not in (np.dtype(np.uint8), np.dtype(np.uint16)):
        return None
    return dtype if length == handle.tell() + size * dtype.itemsize else None


def _header_fits(path: Path, size: int) -> bool:
    """Whether ``path`` is an ``.npy`` file of exactly ``size`` table entries (see :func:`_header`)."""
    try:
        with open(path, "rb") as handle:
            return _header(handle, size, os.fstat(handle.fileno()).st_size) is not None
    except OSError:
        return False


def _load(path: Path, size: int) -> np.ndarray | None:
    """The cached table, memory-mapped read-only; None if missing, malformed or failing its checksum."""
    if not _header_fits(path, size):
        return None
    try:
        expected = path.with_suffix(".sha256").read_text().strip()
        table = np.load(path, mmap_mode="r", allow_pickle=False)
    except (OSError, ValueError):
        return None
    return table if _checksum(table) == expected else None


def _write_bytes(path: Path, data: bytes) -> None:
    write_atomic(path, lambda handle: handle.write(data))


def _save(path: Path, table: np.ndarray, digest: str) -> np.ndarray:
    """Write the table and then its checksum sidecar, each atomically; return the file mapped.

    If another process (thirty kernels started at once on a class server) wrote a good copy
    meanwhile, map that one instead of replacing it, so that all of them share its pages.
    """
    written = _load(path, len(table))
    if written is not None:
        return written
    write_atomic(path, lambda handle: np.save(handle, table, allow_pickle=False))
    _write_bytes(path.with_suffix(".sha256"), digest.encode())
    mapped: np.ndarray = np.load(path, mmap_mode="r", allow_pickle=False)
    return mapped


def _unpack(name: str, size: int) -> tuple[np.ndarray, str] | None:
    """The shipped table ``name`` (decompressed into memory, read-only) and its checksum, or None."""
    try:
        data = lzma.decompress((SHIPPED / f"{name}.npy.xz").read_bytes())
        expected = (SHIPPED / f"{name}.sha256").read_text().strip()
    except (OSError, lzma.LZMAError):
        return None
    stream = io.BytesIO(data)
    dtype = _header(stream, size, len(data))
    if dtype is None:
        return None
    table = np.frombuffer(data, dtype=dtype, count=size, offset=stream.tell())  # a view: no second copy
    return (table, expected) if _checksum(table) == expected else None


def ship_tables(goal: Board, partition: object = None, directory: Path = SHIPPED) -> list[Path]:
    """Build ``goal``'s tables and write them compressed (xz) into ``directory``, for shipping."""
    groups = check_partition(goal, default_partition(goal) if partition is None else partition)
    written = []
    for group in groups:
        table = build_table(goal, group)
        name = table_name(goal, group)
        packed = io.BytesIO()
        np.save(packed, table, allow_pickle=False)
        _write_bytes(directory / f"{name}.npy.xz", lzma.compress(packed.getvalue()))
        _write_bytes(directory / f"{name}.sha256", _checksum(table).encode())
        written.append(directory / f"{name}.npy.xz")
    return written


# -- where tables go ---------------------------------------------------------------------------
def resolve_cache(cache: object) -> Path | None:
    """The directory that ``cache=`` names (True: the user cache directory; False: none)."""
    if isinstance(cache, bool):
        return cache_dir() if cache else None
    if not isinstance(cache, str | os.PathLike):
        raise TypeError(f"cache must be True, False or a directory (str or path), got {describe(cache)}")
    if not os.fspath(cache):
        raise ValueError("cache must name a directory, got an empty string (False keeps tables in memory)")
    return Path(os.fspath(cache)).expanduser()


def _usable(directory: Path | None) -> Path | None:
    """``directory`` if tables can be written there, else None after one :class:`CacheWarning`."""
    if directory is None:
        return None
    why = is_writable(directory)
    if why is None:
        return directory
    warnings.warn(
        f"cannot write pattern database tables in {directory} ({why}); keeping them in memory "
        "for this session (pass cache=<a writable directory> to keep them, or cache=False)",
        CacheWarning,
        stacklevel=4,
    )
    return None


def load_tables(
    goal: Board,
    partition: Sequence[Sequence[int]],
    *,
    progress: Progress | bool | None = True,
    cache: bool | str | os.PathLike[str] = True,
) -> list[np.ndarray]:
    """One read-only table per group of ``partition`` (already checked), found as the module
    docstring lists. ``cache`` is as in :func:`pattern_database`; ``progress`` too."""
    directory = resolve_cache(cache)
    layout = PlacementLayout(goal.size)
    names = [table_name(goal, group) for group in partition]
    sizes = [layout.entries(len(group)) for group in partition]
    tables = [_held_or_cached(name, size, directory) for name, size in zip(names, sizes, strict=True)]
    missing = [k for k, table in enumerate(tables) if table is None]
    if missing:
        directory = _usable(directory)
        shipped = {k: _unpack(names[k], sizes[k]) for k in missing}
        to_build = [partition[k] for k in missing if shipped[k] is None]
        with _Reporter(progress, goal, to_build) as report:
            for k in missing:
                found = shipped[k]
                if found is None:
                    table = build_table(goal, partition[k], report)
                    found = table, _checksum(table)
                tables[k], directory = _keep(names[k], found[0], found[1], directory)
    return cast(list[np.ndarray], tables)  # every None was filled


def _held_or_cached(name: str, size: int, directory: Path | None) -> np.ndarray | None:
    key = (name, None if directory is None else str(directory))
    table = _HELD.get(key)
    if table is None and directory is not None:
        table = _load(directory / f"{name}.npy", size)
        if table is not None:
            _HELD[key] = table
    return table


def _keep(
    name: str, table: np.ndarray, digest: str, directory: Path | None
) -> tuple[np.ndarray, Path | None]:
    """Save ``table`` to the cache and map it back (one shared copy), or keep it in memory.
    Returns the table and the directory for the next one (None once a save failed)."""
    if directory is not None:
        try:
            table = _save(directory / f"{name}.npy", table, digest)
        except OSError as error:  # the directory was writable a moment ago: a full disk, say
            warnings.warn(f"could not save a pattern database table in {directory} ({error}); "
                          "keeping the tables in memory", CacheWarning, stacklevel=4)  # fmt: skip
            directory = None
    if table.flags.writeable:
        table.flags.writeable = False
    _HELD[name, None if directory is None else str(directory)] = table
    return table, directory


def forget_held_tables() -> None:
    """Drop this process's references to tables (tests and benchmarks use it to start cold)."""
    _HELD.clear()


# -- progress ----------------------------------------------------------------------------------
def _check_progress(progress: object) -> None:
    if not (progress is None or isinstance(progress, bool) or callable(progress)):
        raise TypeError(
            "progress must be True (a progress bar), False or None (silent), or a callable "
            f"(done, total, message), got {describe(progress)}"
        )


class _Reporter:
    """Progress over every table one call builds, as ``build_table``'s callback.

    ``progress=True``: a :mod:`tqdm.auto` bar (a widget in a notebook, a text bar on a
    terminal); when stderr is neither (a log file), one line. A callable gets each table's
    ``(done, total, message)`` unchanged; None or False, nothing.
    """

    def __init__(
        self, progress: Progress | bool | None, goal: Board, groups: Sequence[Sequence[int]]
    ) -> None:
        self.progress = progress
        self.bar: Any = None  # a tqdm bar
        self.line: TextIO | None = None  # stderr, when it is a log
        self.total = sum(perm(goal.size, len(g)) for g in groups)
        self.title = f"pattern database {goal.rows}x{goal.cols}, {len(groups)} table(s)"
        self.base, self.current_total = 0, 0
        self.current: str | None = None
        self.started = time.perf_counter()

    def __enter__(self) -> Progress | None:
        if not self.total or self.progress is None or self.progress is False:
            return None
        if self.progress is not True:
            return self.progress
        from tqdm.auto import tqdm  # type: ignore[import-untyped]  # only when a table is built: slow to import

        in_notebook = any(kind.__module__ == "tqdm.notebook" for kind in tqdm.__mro__)
        if in_notebook or sys.stderr.isatty():
            self.bar = tqdm(total=self.total, desc=self.title, unit=" placements", unit_scale=True)
        else:
            self.line = sys.stderr
            self.line.write(f"building {self.title} ...")
            self.line.flush()
        return self._update

    def _update(self, done: int, total: int, message: str) -> None:
        if message != self.current:  # tables are built one after another, each ending done == total
            self.base += self.current_total
            self.current, self.current_total = message, total
        if self.bar is not None:
            self.bar.update(self.base + done - self.bar.n)

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        if self.bar is not None:
            self.bar.close()
        if self.line is not None:
            seconds = time.perf_counter() - self.started
            self.line.write(f" {'done' if kind is None else 'stopped'} in {seconds:.0f} s\n")
            self.line.flush()


def check_arguments(
    goal: object, partition: object, reflect: object, cache: object, progress: object
) -> tuple[Board, tuple[tuple[int, ...], ...], bool]:
    """The factory's arguments checked in milliseconds, before any table is read or built:
    ``(goal, groups, reflect)``, or a TypeError/ValueError naming the bad one."""
    board = Board.goal(4, 4) if goal is None else as_board("goal", goal)
    check_size(board)
    groups = check_partition(board, default_partition(board) if partition is None else partition)
    if reflect is not None and not isinstance(reflect, bool | np.bool_):
        raise TypeError(f"reflect must be True, False or None (the default), got {describe(reflect)}")
    if reflect is None:
        reflect = board.shape == (4, 4) and diagonal_mirror(board) is not None

    if reflect and diagonal_mirror(board) is None:
        raise ValueError(
            "reflect=True needs a square board whose goal has the blank on the main diagonal, "
            f"not the goal {board.text()}"
        )
    resolve_cache(cache)
    _check_progress(progress)
    return board, groups, bool(reflect)
