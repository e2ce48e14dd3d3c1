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
from math import factorial

import numpy as np

__all__ = [
    "MAX_RANK_N",
    "MAX_TABLE_N",
    "all_permutations",
    "parity_many",
    "rank",
    "rank_many",
    "unrank",
    "unrank_many",
]

#: ranks of permutations of up to 20 items fit in int64 (20! < 2**63)
MAX_RANK_N = 20
#: the largest n whose whole table of n! permutations ``all_permutations`` builds (10! rows, 36 MB)
MAX_TABLE_N = 10


def _check_n(n: int) -> None:
    if not 0 <= n <= MAX_RANK_N:
        raise ValueError(f"ranking works for permutations of 0..{MAX_RANK_N} items, got n={n}")


def rank(perm: Sequence[int]) -> int:
    """Lexicographic rank of a permutation of ``0..n-1``."""
    n = len(perm)
    _check_n(n)
    if sorted(perm) != list(range(n)):
        raise ValueError(f"not a permutation of 0..{n - 1}: {list(perm)}")
    r = 0
    for i in range(n):
        smaller_later = sum(1 for j in range(i + 1, n) if perm[j] < perm[i])
        r += smaller_later * factorial(n - 1 - i)
    return r


def unrank(r: int, n: int) -> tuple[int, ...]:
    """The permutation of ``0..n-1`` with lexicographic rank ``r``."""
    _check_n(n)
    if not 0 <= r < factorial(n):
        raise ValueError(f"rank {r} is outside 0..{factorial(n) - 1} for n={n}")
    items, out = list(range(n)), []
    for i in range(n - 1, -1, -1):
        digit, r = divmod(r, factorial(i))
        out.append(items.pop(digit))
    return tuple(out)


def rank_many(perms: np.ndarray) -> np.ndarray:
    """Ranks of each row of a ``(size, n)`` integer array of permutations (vectorised, int64)."""
    perms = np.asarray(perms)
    if perms.ndim != 2:
        raise ValueError(f"expected a 2-d array (size, n), got shape {perms.shape}")
    size, n = perms.shape
    _check_n(n)
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
    _check_n(n)
    ranks = np.asarray(ranks, dtype=np.int64).copy()
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
    if isinstance(n, bool) or not isinstance(n, int | np.integer) or not 0 <= n <= MAX_TABLE_N:
        raise ValueError(
            f"all_permutations builds tables for n = 0..{MAX_TABLE_N} items "
            f"({MAX_TABLE_N}! rows), got n={n!r}"
        )
    n = int(n)
    # itertools.permutations of a sorted input comes out in lexicographic order, i.e. by rank
    flat = itertools.chain.from_iterable(itertools.permutations(range(n)))
    return np.fromiter(flat, dtype=np.int8, count=n * factorial(n)).reshape(factorial(n), n)


def parity_many(perms: np.ndarray) -> np.ndarray:
    """0 for each even row of a ``(size, n)`` permutation array, 1 for each odd row (vectorised).

    The parity is the number of inversions (pairs out of order) mod 2.

    >>> parity_many(np.array([[0, 1, 2], [1, 0, 2], [1, 2, 0]])).tolist()
    [0, 1, 0]
    """
    perms = np.asarray(perms)
    if perms.ndim != 2:
        raise ValueError(f"expected a 2-d array (size, n), got shape {perms.shape}")
    size, n = perms.shape
    columns = np.ascontiguousarray(perms.T)
    odd = np.zeros(size, dtype=bool)
    for i in range(n - 1):
        for j in range(i + 1, n):
            odd ^= columns[j] < columns[i]
    return odd.astype(np.int8)
