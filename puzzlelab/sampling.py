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

import numpy as np
import numpy.typing as npt

from ._validate import RandomSeed, integer_dtype, number, random_generator, too_large, whole
from .shuffles import SHUFFLES, Options, Sampler, Shuffle, shuffle_spec

__all__ = [
    "CHUNK_CELLS",
    "MAX_SAMPLE_CELLS",
    "MAX_SAMPLE_WORK",
    "sample",
    "sample_work",
]

#: The result may hold at most this many cells (2**25: 256 MB as int64).
MAX_SAMPLE_CELLS = 2**25
#: At most this many elementary steps (one cell touched once); about 20 ns each here, so a few
#: seconds. A Python-level loop step costs ``shuffles.STEP_COST`` of them, a Python comparison
#: ``shuffles.COMPARE_COST``.
MAX_SAMPLE_WORK = 400_000_000
#: Rows are drawn in chunks of about this many cells, bounding the working memory.
CHUNK_CELLS = 2**22


def _sampler(spec: Shuffle) -> Sampler:
    """The shuffle's batch version, or a ValueError naming the shuffles that have one."""
    if spec.sampler is None:
        have = ", ".join(name for name, entry in SHUFFLES.items() if entry.sampler is not None)
        raise ValueError(
            f"name: the {spec.name} shuffle has no batch version, so it cannot be sampled "
            f"in batches; shuffles with one: {have}"
        )
    return spec.sampler


def _chunk_rows(n: int) -> int:
    return max(1, CHUNK_CELLS // max(n, 1))


def sample_work(name: str, n: int, size: int, **options: object) -> int:
    """The estimated elementary steps of ``sample(name, n, size, **options)`` (checked, not run)."""
    spec = shuffle_spec(name)
    n = whole("n", n, low=1)
    size = whole("size", size, low=0)
    options = spec.check_options(n, options)
    return _sampler(spec).work(n, size, -(-size // _chunk_rows(n)), options)


def sample(
    name: str,
    n: int,
    size: int,
    rng: RandomSeed = None,
    *,
    dtype: npt.DTypeLike = np.int64,
    **options: object,
) -> np.ndarray:
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
        raise too_large(
            f"sample({name!r}, n={number(n)}, size={number(size)}) with {number(n * size)} cells",
            f"{MAX_SAMPLE_CELLS:,} cells, {MAX_SAMPLE_CELLS * 8 // 2**20} MB as int64",
            "smaller batches (a loop over sample calls), or fewer items",
        )
    chunk = _chunk_rows(n)
    work = _sampler(spec).work(n, size, -(-size // chunk), options)
    if work > MAX_SAMPLE_WORK:
        raise too_large(
            f"sample({name!r}, n={number(n)}, size={number(size)}{_shown(options)})",
            f"about {MAX_SAMPLE_WORK:,} elementary steps; this needs {number(work)}",
            _instead(name),
        )
    out = np.empty((size, n), dtype=dtype)
    draw = _sampler(spec).draw
    for start in range(0, size, chunk):
        rows = min(chunk, size - start)
        out[start : start + rows] = draw(n, rows, rng, **options).T
    return out


def _shown(options: Options) -> str:
    return "".join(f", {key}={value!r}" for key, value in options.items())


def _instead(name: str) -> str:
    if name == "random_walk":
        return (
            "fewer steps or smaller batches (after a few hundred steps the walk is close to "
            "uniform over solvable boards: shuffles.random_solvable_board draws that exactly)"
        )
    if name == "fisher_yates":
        return "smaller batches, or numpy.random.default_rng(seed).permutation(n) for one long shuffle"
    return "smaller batches (a loop over sample calls), or fewer items"
