"""Batch shuffles with numpy: many shuffles at once, one permutation per row.

``sample(name, n, size, rng)`` draws ``size`` shuffles of ``n`` items with the
algorithm ``name`` of :mod:`puzzlelab.shuffles`. Each row follows the same
distribution as the teaching function (not the same random numbers); the tests
check both against the exact distributions of :mod:`puzzlelab.distributions`.

How: the ``size`` lists are stored by position (row ``i`` of a work array holds
every list's cell ``i``), so one step of a shuffle's loop is one numpy operation
on all the lists at once. Batches are drawn in chunks of rows, so the working
memory stays small whatever ``size`` is.

Limits (checked before any work): at most ``MAX_SAMPLE_CELLS`` cells in the
result (256 MB as int64) and at most ``MAX_SAMPLE_WORK`` elementary steps
(a few seconds); larger requests are refused at once with what to do instead.

>>> sample("fisher_yates", 4, 3, rng=0).shape
(3, 4)
>>> int(sample("fisher_yates", 200, 1, rng=0).max()) * 100  # int64: no wrap-around
19900
>>> sample("random_walk", 9, 2, rng=0, shape=(3, 3), steps=0).tolist()
[[0, 1, 2, 3, 4, 5, 6, 7, 8], [0, 1, 2, 3, 4, 5, 6, 7, 8]]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ._validate import integer_dtype, number, random_generator, too_large, whole
from .perm import all_permutations
from .shuffles import (
    ARTICLE_DIRECTIONS,
    MAX_SORT_TREE_N,
    SHUFFLES,
    shuffle_spec,
    sort_shuffle,
    sort_shuffle_tree,
)

__all__ = [
    "CHUNK_CELLS",
    "MAX_SAMPLE_CELLS",
    "MAX_SAMPLE_WORK",
    "SAMPLERS",
    "Sampler",
    "sample",
    "sample_work",
]

#: The result may hold at most this many cells (2**25: 256 MB as int64).
MAX_SAMPLE_CELLS = 2**25
#: At most this many elementary steps (one cell touched once); about 20 ns each here, so a few
#: seconds. A Python-level loop step costs ``_STEP_COST`` of them, a Python comparison ``_COMPARE_COST``.
MAX_SAMPLE_WORK = 400_000_000
#: Rows are drawn in chunks of about this many cells, bounding the working memory.
CHUNK_CELLS = 2**22
_STEP_COST = 1_500
_COMPARE_COST = 60


def _work_dtype(n: int) -> type[np.signedinteger]:
    """The smallest signed integer type that holds the items ``0..n-1`` (the working arrays)."""
    if n <= 2**7:
        return np.int8
    return np.int16 if n <= 2**15 else np.int32


def _identity_columns(n: int, size: int) -> np.ndarray:
    """``size`` solved lists stored by position: row ``i`` holds every list's cell ``i``."""
    return np.repeat(np.arange(n, dtype=_work_dtype(n))[:, None], size, axis=1)


def _swap_cells(columns: np.ndarray, i: int, k: np.ndarray, lists: np.ndarray) -> None:
    """In list ``r``, swap cell ``i`` with cell ``k[r]`` (in place, every list at once)."""
    flat = columns.reshape(-1)
    where_k = k * columns.shape[1] + lists
    held = columns[i].copy()
    columns[i] = flat[where_k]
    flat[where_k] = held


def _draw_naive_swap(n: int, size: int, rng: np.random.Generator) -> np.ndarray:
    columns, lists = _identity_columns(n, size), np.arange(size)
    for i in range(n):
        _swap_cells(columns, i, rng.integers(0, n, size), lists)
    return columns


def _draw_fisher_yates(n: int, size: int, rng: np.random.Generator, *, sattolo: bool = False) -> np.ndarray:
    columns, lists = _identity_columns(n, size), np.arange(size)
    for i in range(n - 1, 0, -1):
        _swap_cells(columns, i, rng.integers(0, i if sattolo else i + 1, size), lists)
    return columns


def _draw_tutorial_fisher_yates(n: int, size: int, rng: np.random.Generator) -> np.ndarray:
    return _draw_fisher_yates(n, size, rng, sattolo=True)


@lru_cache(maxsize=64)
def _article_moves(rows: int, cols: int) -> np.ndarray:
    """``(cells, 4)``: where the blank goes from each cell in each article direction (or stays)."""
    steps = {"L": (0, -1), "U": (-1, 0), "R": (0, 1), "D": (1, 0)}
    table = np.empty((rows * cols, 4), dtype=np.int64)
    for cell in range(rows * cols):
        r, c = divmod(cell, cols)
        for direction, name in enumerate(ARTICLE_DIRECTIONS):
            nr, nc = r + steps[name][0], c + steps[name][1]
            table[cell, direction] = nr * cols + nc if 0 <= nr < rows and 0 <= nc < cols else cell
    table.setflags(write=False)
    return table


def _draw_random_walk(
    n: int, size: int, rng: np.random.Generator, *, shape: tuple[int, int], steps: int
) -> np.ndarray:
    moves = _article_moves(*shape).reshape(-1)
    columns, lists = _identity_columns(n, size), np.arange(size)
    flat = columns.reshape(-1)
    empty = np.full(size, n - 1, dtype=np.int64)
    for _ in range(steps):
        target = moves[empty * 4 + rng.integers(0, 4, size)]
        flat[empty * size + lists] = flat[target * size + lists]
        flat[target * size + lists] = n - 1
        empty = target
    return columns


@lru_cache(maxsize=MAX_SORT_TREE_N + 1)
def _sort_tree_table(n: int) -> tuple[np.ndarray, np.ndarray, int]:
    """The sort shuffle's runs as a look-up: cumulative weights, result ranks, depth of the tree."""
    ranks, depths = sort_shuffle_tree(n)
    deepest = int(depths.max())
    ends = np.cumsum(np.left_shift(1, deepest - depths))  # a run of d comparisons: 2**(deepest-d)
    return ends, ranks, deepest


def _draw_sort_shuffle(n: int, size: int, rng: np.random.Generator) -> np.ndarray:
    if n > MAX_SORT_TREE_N:  # no closed form for the sort's path: run the teaching version
        rows = [sort_shuffle(n, rng) for _ in range(size)]
        return np.array(rows, dtype=_work_dtype(n)).reshape(size, n).T.copy()
    ends, ranks, deepest = _sort_tree_table(n)
    draws = rng.integers(0, 1 << deepest, size)
    chosen = ranks[np.searchsorted(ends, draws, side="right")]
    return all_permutations(n)[chosen].T.copy()  # row r of the table has rank r


def _sort_comparisons(n: int) -> int:
    return n * max(1, (n - 1).bit_length())  # about n log2 n comparisons per shuffle


@dataclass(frozen=True)
class Sampler:
    """The batch version of one shuffle: how it draws a chunk of ``(n, rows)`` columns, and its
    cost in elementary steps for ``size`` rows in ``chunks`` chunks (for the limits)."""

    draw: Callable[..., np.ndarray]
    work: Callable[[int, int, int, dict], int]


def _swap_work(n: int, size: int, chunks: int, options: dict) -> int:
    return n * (size + _STEP_COST * chunks) + 2 * n * size


def _walk_work(n: int, size: int, chunks: int, options: dict) -> int:
    return options["steps"] * (size + _STEP_COST * chunks) + 2 * n * size


def _sort_work(n: int, size: int, chunks: int, options: dict) -> int:
    if n > MAX_SORT_TREE_N:
        return size * _sort_comparisons(n) * _COMPARE_COST
    return 4 * n * size + _STEP_COST * chunks


#: The batch version of every shuffle in :data:`puzzlelab.shuffles.SHUFFLES`.
SAMPLERS: dict[str, Sampler] = {
    "random_walk": Sampler(_draw_random_walk, _walk_work),
    "naive_swap": Sampler(_draw_naive_swap, _swap_work),
    "tutorial_fisher_yates": Sampler(_draw_tutorial_fisher_yates, _swap_work),
    "fisher_yates": Sampler(_draw_fisher_yates, _swap_work),
    "sort_shuffle": Sampler(_draw_sort_shuffle, _sort_work),
}
assert set(SAMPLERS) == set(SHUFFLES), "every shuffle needs a batch version"


def _chunk_rows(n: int) -> int:
    return max(1, CHUNK_CELLS // max(n, 1))


def sample_work(name: str, n: int, size: int, **options) -> int:
    """The estimated elementary steps of ``sample(name, n, size, **options)`` (checked, not run)."""
    spec = shuffle_spec(name)
    n = whole("n", n, low=1)
    size = whole("size", size, low=0)
    options = spec.check_options(n, options)
    return SAMPLERS[name].work(n, size, -(-size // _chunk_rows(n)), options)


def sample(name: str, n: int, size: int, rng=None, *, dtype=np.int64, **options) -> np.ndarray:
    """``size`` shuffles of ``n`` items at once: a ``(size, n)`` array, one permutation per row.

    Parameters
    ----------
    name : str
        A shuffle of :data:`puzzlelab.shuffles.SHUFFLES`.
    n, size : int
        Items per shuffle (``>= 1``) and number of shuffles (``>= 0``).
    rng : None, int or numpy.random.Generator
        The randomness (a seed for repeatable draws).
    dtype : numpy integer type
        Of the result; ``numpy.int64`` by default so arithmetic never wraps around. A smaller
        type (``numpy.int8`` up to 128 items) saves memory; it must hold ``n - 1``.
    **options
        The shuffle's own options (``shape`` and ``steps`` for ``random_walk``).

    Rows follow the same distribution as the teaching function (not the same random numbers).
    ``sort_shuffle`` draws from its exact decision tree up to ``MAX_SORT_TREE_N`` items and runs
    the teaching version beyond.

    Raises
    ------
    TypeError, ValueError
        For a wrong type or value, naming the argument; ``ValueError`` at once for a request over
        ``MAX_SAMPLE_CELLS`` cells or ``MAX_SAMPLE_WORK`` steps.
    """
    spec = shuffle_spec(name)
    n = whole("n", n, low=1)
    size = whole("size", size, low=0)
    options = spec.check_options(n, options)
    dtype = integer_dtype("dtype", dtype, largest=n - 1)
    rng = random_generator("rng", rng)
    if n * size > MAX_SAMPLE_CELLS:
        raise too_large(f"sample({name!r}, n={number(n)}, size={number(size)}) with {number(n * size)} cells",
                        f"{MAX_SAMPLE_CELLS:,} cells, {MAX_SAMPLE_CELLS * 8 // 2**20} MB as int64",
                        "smaller batches (a loop over sample calls), or fewer items")
    chunk = _chunk_rows(n)
    work = SAMPLERS[name].work(n, size, -(-size // chunk), options)
    if work > MAX_SAMPLE_WORK:
        raise too_large(f"sample({name!r}, n={number(n)}, size={number(size)}{_shown(options)})",
                        f"about {MAX_SAMPLE_WORK:,} elementary steps; this needs {number(work)}",
                        _instead(name))
    out = np.empty((size, n), dtype=dtype)
    draw = SAMPLERS[name].draw
    for start in range(0, size, chunk):
        rows = min(chunk, size - start)
        out[start : start + rows] = draw(n, rows, rng, **options).T
    return out


def _shown(options: dict) -> str:
    return "".join(f", {key}={value!r}" for key, value in options.items())


def _instead(name: str) -> str:
    if name == "random_walk":
        return ("fewer steps or smaller batches (after a few hundred steps the walk is close to "
                "uniform over solvable boards: shuffles.random_solvable_board draws that exactly)")
    if name == "fisher_yates":
        return "smaller batches, or numpy.random.default_rng(seed).permutation(n) for one long shuffle"
    return "smaller batches (a loop over sample calls), or fewer items"
