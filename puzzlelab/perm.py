"""Permutations as numbers: ranking both ways (Lehmer code), one at a time or a whole batch.

A permutation of ``0..n-1`` gets a rank in ``0..n!-1`` in lexicographic order,
so a histogram over all permutations is a plain integer array of length ``n!``.

>>> rank((1, 0, 2)), unrank(2, 3)
(2, (1, 0, 2))
>>> rank_many(np.array([[0, 1, 2], [2, 1, 0]])).tolist()
[0, 5]
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import lru_cache
from math import factorial

import numpy as np

from ._validate import integer_array, number, sequence, too_large, whole, whole_items

__all__ = [
    "MAX_PARITY_PAIRS",
    "MAX_RANK_N",
    "MAX_TABLE_N",
    "all_permutations",
    "check_rows",
    "parity_many",
    "permutation_table",
    "rank",
    "rank_many",
    "swap_chain",
    "unrank",
    "unrank_many",
]

#: ranks of permutations of up to 20 items fit in int64 (20! < 2**63)
MAX_RANK_N = 20
#: the largest n whose whole table of n! permutations ``all_permutations`` builds (10! rows, 36 MB)
MAX_TABLE_N = 10
#: ``parity_many`` compares at most this many (pair of columns) x rows (a few seconds).
MAX_PARITY_PAIRS = 2_000_000_000


def _check_n(n: int, name: str = "n") -> None:
    if not 0 <= n <= MAX_RANK_N:
        raise ValueError(f"{name}: ranking works for permutations of 0..{MAX_RANK_N} items, got n={n}")


def check_rows(name: str, perms: np.ndarray) -> None:
    """``ValueError`` naming ``name`` unless every row of the 2-d integer array ``perms`` is a
    permutation of ``0..n-1`` (bit masks up to 62 columns, sorting beyond)."""
    n = perms.shape[1]
    if perms.size == 0:
        return
    if perms.min() < 0 or perms.max() >= n:
        raise ValueError(f"every row of {name} must be a permutation of 0..{n - 1}: values out of range")
    if n > 62:
        bad_rows = np.flatnonzero((np.sort(perms, axis=1) != np.arange(n)).any(axis=1))
    else:
        masks = np.bitwise_or.reduce(np.left_shift(np.int64(1), perms.astype(np.int64)), axis=1)
        bad_rows = np.flatnonzero(masks != (1 << n) - 1)
    if bad_rows.size:
        raise ValueError(
            f"every row of {name} must be a permutation of 0..{n - 1}: row {int(bad_rows[0])} repeats"
        )


def rank(perm: Sequence[int]) -> int:
    """Lexicographic rank of a permutation of ``0..n-1`` (a list, tuple, range or 1-d array)."""
    perm = whole_items("perm", sequence("perm", perm, max_len=MAX_RANK_N))
    n = len(perm)
    if sorted(perm) != list(range(n)):
        raise ValueError(f"perm must be a permutation of 0..{n - 1}, got {perm}")
    r = 0
    for i in range(n):
        smaller_later = sum(1 for j in range(i + 1, n) if perm[j] < perm[i])
        r += smaller_later * factorial(n - 1 - i)
    return r


def unrank(r: int, n: int) -> tuple[int, ...]:
    """The permutation of ``0..n-1`` with lexicographic rank ``r``."""
    n = whole("n", n, low=0, high=MAX_RANK_N)
    r = whole("r", r, low=0)
    if r >= factorial(n):
        raise ValueError(f"r={number(r)} is outside 0..{factorial(n) - 1}, the ranks for n={n}")
    items, out = list(range(n)), []
    for i in range(n - 1, -1, -1):
        digit, r = divmod(r, factorial(i))
        out.append(items.pop(digit))
    return tuple(out)


def rank_many(perms: np.ndarray, *, check: bool = True) -> np.ndarray:
    """Ranks of each row of a ``(size, n)`` integer array of permutations (vectorised, int64).

    ``check=False`` skips checking that the rows are permutations: for library code whose rows
    are known to be (a permutation table's columns reordered); any other row gets a wrong rank.
    """
    if check:
        perms = integer_array("perms", perms, ndim=2)
        _check_n(perms.shape[1], "perms")
        check_rows("perms", perms)
    size, n = perms.shape
    columns = np.ascontiguousarray(perms.T)  # one contiguous row per position: fast comparisons
    ranks = np.zeros(size, dtype=np.int64)
    digit = np.empty(size, dtype=np.int64)
    for i in range(n - 1):
        digit[:] = 0
        for j in range(i + 1, n):
            digit += columns[j] < columns[i]  # Lehmer digit: smaller items later in the row
        digit *= factorial(n - 1 - i)
        ranks += digit
    return ranks


def unrank_many(ranks: np.ndarray, n: int) -> np.ndarray:
    """The ``(size, n)`` permutations with the given lexicographic ranks (vectorised)."""
    n = whole("n", n, low=0, high=MAX_RANK_N)
    ranks = integer_array("ranks", ranks, ndim=1).astype(np.int64)
    if ranks.size and (ranks.min() < 0 or ranks.max() >= factorial(n)):
        raise ValueError(f"ranks must lie in 0..{factorial(n) - 1} for n={n}")
    size = ranks.shape[0]
    digits = np.empty((size, n), dtype=np.int64)
    for i in range(n):
        digits[:, i], ranks = np.divmod(ranks, factorial(n - 1 - i))
    # turn Lehmer digits into values: each digit picks the k-th unused item
    out = np.empty((size, n), dtype=np.int64)
    used = np.zeros((size, n), dtype=bool)
    for i in range(n):
        free_rank = np.cumsum(~used, axis=1) - 1  # rank of each item among unused ones
        pick = np.argmax((free_rank == digits[:, i : i + 1]) & ~used, axis=1)
        out[:, i] = pick
        used[np.arange(size), pick] = True
    return out


def all_permutations(n: int) -> np.ndarray:
    """Every permutation of ``0..n-1``, one per row of an ``(n!, n)`` int8 array; row ``r`` has rank ``r``.

    >>> all_permutations(3).tolist()
    [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
    """
    n = whole("n", n)
    if n < 0:
        raise ValueError(f"n must be >= 0: all_permutations builds tables for n = 0..{MAX_TABLE_N} items")
    if n > MAX_TABLE_N:
        raise too_large(
            f"all_permutations(n={n})",
            f"n = 0..{MAX_TABLE_N} ({MAX_TABLE_N}! rows)",
            "rank/unrank for single permutations, or sampling.sample for random ones",
        )
    # itertools.permutations of a sorted input comes out in lexicographic order, i.e. by rank
    flat = itertools.chain.from_iterable(itertools.permutations(range(n)))
    return np.fromiter(flat, dtype=np.int8, count=n * factorial(n)).reshape(factorial(n), n)


def parity_many(perms: np.ndarray, *, check: bool = True) -> np.ndarray:
    """0 for each even row of a ``(size, n)`` permutation array, 1 for each odd row (vectorised).

    The parity is the number of inversions (pairs out of order) mod 2.

    >>> parity_many(np.array([[0, 1, 2], [1, 0, 2], [1, 2, 0]])).tolist()
    [0, 1, 0]

    ``ValueError`` if a row is not a permutation of ``0..n-1`` (its parity would mean nothing);
    ``check=False`` skips that check, for rows known to be permutations.
    """
    perms = integer_array("perms", perms, ndim=2)
    size, n = perms.shape
    pairs = n * (n - 1) // 2
    if pairs * (size + 1000) > MAX_PARITY_PAIRS:
        raise too_large(
            f"parity_many of {number(size)} rows of {number(n)} items",
            f"{MAX_PARITY_PAIRS:,} pair comparisons",
            "smaller batches, or parity.permutation_parity for one long permutation",
        )
    if check:
        check_rows("perms", perms)
    columns = np.ascontiguousarray(perms.T)
    odd = np.zeros(size, dtype=bool)
    for i in range(n - 1):
        for j in range(i + 1, n):
            odd ^= columns[j] < columns[i]
    return odd.astype(np.int8)


@lru_cache(maxsize=4)
def permutation_table(n: int) -> np.ndarray:
    """:func:`all_permutations` of ``n``, cached and read-only (shared by every caller: do not copy it
    to change it, build your own)."""
    table = all_permutations(n)
    table.setflags(write=False)
    return table


@lru_cache(maxsize=2)
def _swap_maps(n: int) -> dict[tuple[int, int], np.ndarray]:
    """For each pair of cells ``i < k``: the rank of every permutation after swapping them."""
    table, maps = permutation_table(n), {}
    for i in range(n):
        for k in range(i + 1, n):
            order = np.arange(n)
            order[[i, k]] = k, i
            ranks = rank_many(table[:, order], check=False).astype(np.int32)
            ranks.setflags(write=False)
            maps[i, k] = ranks
    return maps


def swap_chain(n: int, steps: Sequence[Sequence[int]], cells: Sequence[int]) -> np.ndarray:
    """Exact counts, by rank, of the permutations a run of random swaps makes from ``0..n-1``: step
    ``s`` swaps cell ``cells[s]`` with one of ``steps[s]`` (each equally likely). The counts add up
    to the product of the steps' lengths. Dynamic programming over the ``n!`` permutations: a swap
    undoes itself, so a step gathers ``counts[swap_map]`` for each of its choices.

    >>> swap_chain(3, [[0, 1, 2]] * 3, [0, 1, 2]).tolist()  # the naive swap of 3 items: 27 runs
    [4, 5, 5, 5, 4, 4]
    """
    maps = _swap_maps(n)
    counts = np.zeros(factorial(n), dtype=np.int64)
    counts[0] = 1  # the solved list has rank 0
    for i, choices in zip(cells, steps, strict=True):
        new = np.zeros_like(counts)
        for k in choices:
            new += counts if k == i else counts[maps[min(i, k), max(i, k)]]
        counts = new
    return counts
