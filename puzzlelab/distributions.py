"""Exact distributions of the shuffles: the probability of every permutation, as whole numbers.

**Concepts**

distribution
    ``counts[r]`` runs out of ``total`` equally likely runs of a shuffle give the
    permutation with rank ``r`` (see :mod:`puzzlelab.perm`), so its probability is
    exactly ``counts[r] / total``.
dynamic programming over permutations
    Keep the counts of all ``n!`` permutations after each step of a shuffle's loop.
    A step that swaps cells ``i`` and ``k`` sends rank ``r`` to ``swap_map[r]``; a
    swap undoes itself, so the new counts are the gather ``counts[swap_map]``,
    summed over the step's equally likely choices.
Markov chain
    The random walk's states are arrangements; each slide sends a state to a
    neighbour, or keeps it when the chosen direction leaves the board.
bias
    ``max_min_ratio`` (most likely over least likely permutation, among those
    that can occur), ``tv_distance`` (total variation distance from uniform) and
    ``position_matrix`` (probability that item ``k`` lands in cell ``j``).

>>> d = exact("naive_swap", 3)
>>> d.counts.tolist(), d.total
([4, 5, 5, 5, 4, 4], 27)
>>> d.max_min_ratio()
Fraction(5, 4)

Exact work grows like ``n!``: shuffles of up to ``MAX_EXACT_N = 9`` items, random
walks on boards of up to 9 cells (3x3). Larger requests fail at once and point
to :func:`puzzlelab.sampling.sample` with :func:`from_samples`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import factorial
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from ._validate import (
    RandomSeed,
    choice,
    describe,
    integer_array,
    number,
    random_generator,
    sequence,
    too_large,
    whole,
)
from .board import Board, as_board, check_board_shape
from .perm import MAX_TABLE_N, check_rows, parity_many, permutation_table, rank, rank_many, swap_chain, unrank
from .sampling import sample
from .shuffles import MAX_EXACT_N, SHUFFLES, article_moves, shuffle_spec

__all__ = [
    "Distribution",
    "at_home_counts",
    "exact",
    "expected_at_home",
    "from_samples",
    "parity_fixed",
    "sampled_at_home",
    "solvable_mask",
    "uniform",
    "uniform_solvable",
]


#: the goal a rule_mistakes rule is given, passed through as the caller wrote it
_G = TypeVar("_G")


# -- the distribution ---------------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class Distribution:
    """Exact (or counted) probabilities of every permutation of 0 to n-1.

    ``counts`` has length ``n!`` and is indexed by :func:`puzzlelab.perm.rank`;
    the probability of the permutation with rank ``r`` is ``counts[r] / total``.
    Counts are int64, or Python ints (object dtype) when they could overflow.

    >>> d = exact("fisher_yates", 3)
    >>> d.probability([2, 0, 1]), d.tv_distance()
    (Fraction(1, 6), 0.0)
    """

    name: str
    n: int
    counts: np.ndarray = field(repr=False)
    total: int
    options: tuple[tuple[str, object], ...] = ()  #: extra parameters, e.g. (("shape", (3, 3)), ("steps", 30))

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise TypeError(f"name must be a string, got {describe(self.name)}")
        object.__setattr__(self, "n", whole("n", self.n, low=1, high=MAX_TABLE_N))
        object.__setattr__(self, "total", whole("total", self.total, low=1))
        if not isinstance(self.options, tuple):
            raise TypeError(f"options must be a tuple of (name, value) pairs, got {describe(self.options)}")
        given: object = self.counts  # typed as the array it becomes; checked as given
        if isinstance(given, str) or not hasattr(given, "__len__"):
            raise TypeError(f"counts must be an array of n! whole numbers, got {describe(self.counts)}")
        counts = np.array(self.counts)  # a private copy, made read-only below
        if counts.shape != (factorial(self.n),):
            raise ValueError(f"counts must have n! = {factorial(self.n)} entries, got shape {counts.shape}")
        if counts.dtype != object and not np.issubdtype(counts.dtype, np.integer):
            raise TypeError(f"counts must be whole numbers (int64 or Python ints), got {counts.dtype}")
        if counts.dtype == object and not all(isinstance(c, int) and not isinstance(c, bool) for c in counts):
            raise TypeError("counts must be whole numbers (int64 or Python ints)")
        if (counts < 0).any() or _exact_sum(counts) != self.total:
            raise ValueError(f"counts must be >= 0 and add up to total={self.total}")
        counts.setflags(write=False)
        object.__setattr__(self, "counts", counts)
        object.__setattr__(self, "total", int(self.total))

    def __repr__(self) -> str:
        extra = "".join(f", {k}={v!r}" for k, v in self.options)
        return (
            f"Distribution({self.name!r}, n={self.n}{extra}, support {self.support_size}"
            f"/{factorial(self.n)}, max/min {self.max_min_ratio()})"
        )

    # -- probabilities -----------------------------------------------------------------
    def probabilities(self) -> np.ndarray:
        """Probability of every permutation by rank, as floats."""
        return self.counts.astype(np.float64) / self.total

    def probability(self, perm: Sequence[int]) -> Fraction:
        """The exact probability of one permutation of ``0..n-1``."""
        perm = sequence("perm", perm)  # type: ignore[assignment]  # a checked sequence of ints
        if len(perm) != self.n:
            raise ValueError(f"this distribution is over permutations of {self.n} items, got {list(perm)}")
        return Fraction(int(self.counts[rank(perm)]), self.total)

    @property
    def support_size(self) -> int:
        """How many permutations have a non-zero probability."""
        return int(np.count_nonzero(self.counts))

    def zero_probability(self) -> np.ndarray:
        """Ranks of the permutations that never occur."""
        return np.flatnonzero(self.counts == 0)

    # -- bias ----------------------------------------------------------------------------
    def max_min_ratio(self) -> Fraction:
        """Most likely over least likely permutation, among those that occur (exact)."""
        seen = self.counts[self.counts != 0]
        return Fraction(int(seen.max()), int(seen.min()))

    def most_likely(self) -> tuple[int, ...]:
        """A most likely permutation (of several, the one with the smallest rank)."""
        return unrank(int(np.argmax(self.counts)), self.n)

    def least_likely(self) -> tuple[int, ...]:
        """A least likely permutation that still occurs (of several, the one with the smallest rank)."""
        occurring = np.flatnonzero(self.counts)
        return unrank(int(occurring[np.argmin(self.counts[occurring])]), self.n)

    def tv_distance(self, other: Distribution | None = None) -> float:
        """Total variation distance ``sum |p - q| / 2`` from ``other`` (default: uniform over all n!)."""
        return float(self.tv_distance_exact(other))

    def tv_distance_exact(self, other: Distribution | None = None) -> Fraction:
        """``tv_distance`` as an exact fraction."""
        other = uniform(self.n) if other is None else other
        if not isinstance(other, Distribution):
            raise TypeError(f"other must be a Distribution or None, got {describe(other)}")
        if other.n != self.n:
            raise ValueError(f"cannot compare distributions over {self.n} and {other.n} items")
        mine = self.counts.astype(object) * other.total
        theirs = other.counts.astype(object) * self.total
        return Fraction(int(np.abs(mine - theirs).sum()), 2 * self.total * other.total)

    def position_matrix(self) -> np.ndarray:
        """``P[item, cell]``: the probability that ``item`` ends in ``cell`` (rows and columns sum to 1)."""
        table, p = permutation_table(self.n), self.probabilities()
        columns = [np.bincount(table[:, cell], weights=p, minlength=self.n) for cell in range(self.n)]
        return np.column_stack(columns)


def _exact_sum(counts: np.ndarray) -> int:
    """The sum as a Python int (no int64 overflow)."""
    return int(counts.astype(object).sum()) if len(counts) else 0


def _too_large(what: str, limit: str) -> ValueError:
    """Too large to compute exactly: the message is built from the arguments only (never from
    ``factorial(n)``, which for n = 10**7 takes minutes to compute and print)."""
    return too_large(
        f"{what} exactly",
        limit,
        "an estimate: puzzlelab.sampling.sample(name, n, size, rng) and distributions.from_samples(perms)",
    )


# -- reference distributions ---------------------------------------------------------------
def uniform(n: int) -> Distribution:
    """Every permutation of ``0..n-1`` equally likely."""
    n = _check_table_n(n, "uniform")
    return Distribution("uniform", n, np.ones(factorial(n), dtype=np.int64), factorial(n))


def _check_distribution(name: str, value: object) -> Distribution:
    if not isinstance(value, Distribution):
        raise TypeError(
            f"{name} must be a Distribution (from exact, uniform or from_samples), got {describe(value)}"
        )
    return value


def solvable_mask(shape: tuple[int, int]) -> np.ndarray:
    """For each rank, whether that arrangement can reach the blank-last goal of ``shape``.

    A permutation (item ``n - 1`` the blank) is solvable exactly when its parity
    equals the parity of the blank's taxicab distance from its goal cell.
    """
    rows, cols = _shape(shape)
    return _solvable_rows(permutation_table(rows * cols), rows, cols)


def _solvable_rows(perms: np.ndarray, rows: int, cols: int) -> np.ndarray:
    n = rows * cols
    blank = np.argmax(perms == n - 1, axis=1)
    distance = (rows - 1 - blank // cols) + (cols - 1 - blank % cols)
    solvable: np.ndarray = parity_many(perms, check=False) == distance % 2
    return solvable


def uniform_solvable(shape: tuple[int, int]) -> Distribution:
    """Every solvable arrangement of a ``rows x cols`` board equally likely (``n!/2`` of them)."""
    rows, cols = _shape(shape)
    mask = solvable_mask((rows, cols)).astype(np.int64)
    options = (("shape", (rows, cols)),)
    return Distribution("uniform_solvable", rows * cols, mask, factorial(rows * cols) // 2, options)


def from_samples(perms: npt.ArrayLike, *, name: str = "sampled") -> Distribution:
    """The empirical distribution of the rows of a ``(size, n)`` permutation array.

    >>> from puzzlelab.sampling import sample
    >>> from_samples(sample("fisher_yates", 3, 600, rng=0)).total
    600
    """
    if not isinstance(name, str):
        raise TypeError(f"name must be a string, got {describe(name)}")
    perms = integer_array("perms", perms, ndim=2)
    if perms.shape[0] == 0 or perms.shape[1] == 0:
        raise ValueError(f"perms must be a non-empty (size, n) array of permutations, got {perms.shape}")
    size, n = perms.shape
    _check_table_n(n, "from_samples")
    check_rows("perms", perms)
    counts = np.bincount(rank_many(perms, check=False), minlength=factorial(n)).astype(np.int64)
    return Distribution(name, n, counts, size)


def _check_table_n(n: int, what: str) -> int:
    n = whole("n", n, low=1)
    if n > MAX_TABLE_N:
        raise _too_large(f"{what} over n! permutations (n={number(n)})", f"n <= {MAX_TABLE_N}")
    return n


def _shape(shape: object) -> tuple[int, int]:
    rows, cols = check_board_shape(shape)
    if rows * cols > MAX_EXACT_N:
        raise _too_large(
            f"shape=({rows}, {cols}): a board of {rows * cols}! arrangements",
            f"boards of up to {MAX_EXACT_N} cells, such as 3x3",
        )
    return rows, cols


# -- the entry point -----------------------------------------------------------------------
def exact(name: str, n: int, **options: object) -> Distribution:
    """The exact distribution of shuffle ``name`` on ``n`` items, from the shuffle's exact model.

    ``naive_swap``, ``tutorial_fisher_yates`` and ``fisher_yates`` for ``n <= 9``
    (dynamic programming over permutations); ``sort_shuffle`` for
    ``n <= MAX_SORT_TREE_N`` (every run of the comparator); ``random_walk`` with
    ``shape=(rows, cols)`` and ``steps=30`` for boards of up to 9 cells (Markov chain).
    A registered shuffle without an exact model is refused (``ValueError`` naming those with one).

    >>> exact("tutorial_fisher_yates", 4).support_size  # only the 3! single cycles
    6
    >>> int(exact("random_walk", 4, shape=(2, 2), steps=1).counts[0])  # two of four directions are blocked
    2
    """
    spec = shuffle_spec(name)
    if spec.exact is None:
        have = ", ".join(key for key, entry in SHUFFLES.items() if entry.exact is not None)
        raise ValueError(f"name: the {name} shuffle has no exact model, so exact() cannot compute its "
                         f"distribution; shuffles with one: {have} (sample it instead: "
                         f"sampling.sample and from_samples)")  # fmt: skip
    n = whole("n", n, low=1)
    options = spec.check_options(n, options)
    counts, total = spec.exact(n, **options)
    return Distribution(name, n, counts, total, tuple(options.items()))


# -- after the shuffle: the parity fix, tiles left at home -----------------------------------
def parity_fixed(distribution: Distribution, shape: tuple[int, int]) -> Distribution:
    """The exact distribution after ``shuffles.make_solvable`` on every outcome.

    Item ``n - 1`` is the blank (blank-last goal). Unsolvable arrangements get
    cells 0 and 1 swapped, or the last two cells when the blank is in cell 0 or 1.

    >>> fixed = parity_fixed(exact("fisher_yates", 4), (2, 2))
    >>> fixed.tv_distance(uniform_solvable((2, 2)))
    0.0
    """
    distribution = _check_distribution("distribution", distribution)
    rows, cols = _shape(shape)
    n = rows * cols
    if distribution.n != n:
        raise ValueError(f"shape {rows}x{cols} has {n} cells, but the distribution has {distribution.n}")
    table = permutation_table(n)
    fixed = table.copy()
    broken = ~_solvable_rows(table, rows, cols)
    blank = np.argmax(table == n - 1, axis=1)
    for wrong, (a, b) in (
        (broken & (blank <= 1), (n - 2, n - 1)),
        (broken & (blank > 1), (0, 1)),
    ):
        fixed[np.ix_(wrong, [a, b])] = table[np.ix_(wrong, [b, a])]
    counts = np.zeros_like(distribution.counts)
    np.add.at(counts, rank_many(fixed, check=False), distribution.counts)
    return Distribution(
        f"{distribution.name} + make_solvable", n, counts, distribution.total, distribution.options
    )


def at_home_counts(perms: npt.ArrayLike) -> np.ndarray:
    """For each row of a ``(size, n)`` permutation array: the tiles in their own cell.

    Item ``n - 1`` is the blank and is not counted. ``ValueError`` if a row is not a permutation.
    """
    perms = integer_array("perms", perms, ndim=2)
    n = perms.shape[1]
    if n == 0:
        raise ValueError("perms must have at least one column (one item)")
    check_rows("perms", perms)
    at_home: np.ndarray = (perms[:, : n - 1] == np.arange(n - 1)).sum(axis=1)
    return at_home


def expected_at_home(shape: tuple[int, int], steps: int = 30) -> Fraction:
    """Exact expected number of tiles (blank not counted) still in their goal cell after ``steps`` slides.

    >>> expected_at_home((2, 2), 0)
    Fraction(3, 1)
    """
    rows, cols = _shape(shape)
    walk = exact("random_walk", rows * cols, shape=(rows, cols), steps=steps)
    home = at_home_counts(permutation_table(rows * cols))
    return Fraction(_exact_sum(walk.counts.astype(object) * home), walk.total)


def sampled_at_home(
    shape: tuple[int, int], steps: int = 30, size: int = 100_000, rng: RandomSeed = None
) -> tuple[float, float, float]:
    """``(mean, low, high)``: tiles at home after ``steps`` random slides, with a 95% confidence interval.

    Works for any board (4x4 and up) by drawing ``size`` walks with ``sampling.sample``.
    """
    rows, cols = check_board_shape(shape)
    size = whole("size", size, low=2)  # a confidence interval needs two walks
    perms = sample("random_walk", rows * cols, size, rng, shape=(rows, cols), steps=steps)
    home = at_home_counts(perms).astype(np.float64)
    mean, half = float(home.mean()), 1.96 * float(home.std(ddof=1)) / math.sqrt(size)
    return mean, mean - half, mean + half


# -- lesson support (lessons 01 and 02): the article's own order, ties, the 4x4 walk exactly ----
def extremes(distribution: Distribution) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """``(most, least)``: every most likely and every least likely permutation (ties included).

    The least likely are taken among the permutations that can occur.

    >>> most, least = extremes(exact("naive_swap", 3))
    >>> len(most), len(least)
    (3, 3)
    """
    counts = _check_distribution("distribution", distribution).counts
    possible = counts > 0
    top, bottom = counts.max(), counts[possible].min()
    table = permutation_table(distribution.n)
    most = [tuple(int(x) for x in table[r]) for r in np.flatnonzero(counts == top)]
    least = [tuple(int(x) for x in table[r]) for r in np.flatnonzero(possible & (counts == bottom))]
    return most, least


def exact_article_naive_swap(shape: tuple[int, int]) -> Distribution:
    """The exact distribution of :func:`puzzlelab.shuffles.article_naive_swap` (cells visited
    column by column, as the article's ``boardParts[i][j]`` loop does), for boards of up to 9 cells.

    >>> exact_article_naive_swap((2, 2)).max_min_ratio() == exact("naive_swap", 4).max_min_ratio()
    True
    """
    rows, cols = _shape(shape)
    n = rows * cols
    cells = [y * cols + x for x in range(cols) for y in range(rows)]
    counts = swap_chain(n, [list(range(n)) for _ in cells], cells)
    return Distribution("article_naive_swap", n, counts, n**n, (("shape", (rows, cols)),))


#: Largest (cells x cells x steps) the per-tile walk chain takes on (16x16, 400 steps: ~26 million).
MAX_TILE_CHAIN_WORK = 30_000_000
_INT64_STEPS = 31  # 4**31 = 2**62 runs still fit an int64 count


def walk_home_chances(shape: tuple[int, int], steps: int = 30) -> list[Fraction]:
    """For each tile ``1 .. n-1``: the exact chance that it is in its goal cell after ``steps``
    random slides of the article's walk, on any board up to 16x16.

    One tile's fate depends only on where it is and where the blank is, so each tile needs a
    Markov chain over ``(tile cell, blank cell)`` pairs, ``n**2`` states instead of ``n!``
    arrangements: a slide moves the blank to a neighbour (or nowhere, when the direction
    leaves the board), and the tile moves into the blank's old cell when the blank lands on it.
    The counts are whole numbers out of ``4**steps`` equally likely runs. By linearity of
    expectation, ``sum(walk_home_chances(shape, steps))`` is the expected number of tiles at home.

    >>> sum(walk_home_chances((2, 2), 0))
    Fraction(3, 1)
    """
    rows, cols = check_board_shape(shape)
    n, steps = rows * cols, whole("steps", steps, low=0)
    if n * n * steps > MAX_TILE_CHAIN_WORK:
        raise ValueError(
            f"{rows}x{cols} with steps={number(steps)} is {number(n * n * steps)} state-steps, "
            f"over the limit of {MAX_TILE_CHAIN_WORK:,}: use fewer steps or sampled_at_home"
        )
    moves = article_moves(rows, cols)  # (cells, 4): where the blank goes in each direction
    dtype = np.int64 if steps <= _INT64_STEPS else object
    blank_from = np.repeat(np.arange(n), 4)
    blank_to = moves.reshape(-1)
    chances = []
    for home in range(n - 1):  # tile home + 1 starts in cell `home`, the blank in cell n - 1
        counts = np.zeros((n, n), dtype=dtype)  # counts[tile cell, blank cell]
        counts[home, n - 1] = 1
        for _ in range(steps):
            new = np.zeros_like(counts)
            moved = counts[:, blank_from]  # (tile cells, 4 * cells): one column per (blank, direction)
            tile_after = np.where(
                np.arange(n)[:, None] == blank_to[None, :], blank_from[None, :], np.arange(n)[:, None]
            )
            np.add.at(new, (tile_after, np.broadcast_to(blank_to, moved.shape)), moved)
            counts = new
        chances.append(Fraction(int(counts[home].sum()), 4**steps))
    return chances


def printed_fix(
    distribution: Distribution, shape: tuple[int, int], *, stale_blank: int | None = None
) -> Distribution:
    """The exact distribution after :func:`puzzlelab.shuffles.article_printed_fix` on every
    outcome (the article's fix with ``emptyLoc`` not yet refreshed), boards of up to 9 cells.

    >>> fixed = printed_fix(exact("fisher_yates", 9), (3, 3))
    >>> Fraction(int(fixed.counts @ ~solvable_mask((3, 3))), fixed.total)  # still unsolvable
    Fraction(1, 9)
    """
    distribution = _check_distribution("distribution", distribution)
    rows, cols = _shape(shape)
    n = rows * cols
    if distribution.n != n:
        raise ValueError(f"a {rows}x{cols} board has {n} cells, the distribution has {distribution.n}")
    stale = n - 1 if stale_blank is None else whole("stale_blank", stale_blank, low=0, high=n - 1)
    table = permutation_table(n)
    blank = np.argmax(table == n - 1, axis=1)
    tile_parity = (parity_many(table, check=False) + (n - 1 - blank)) % 2  # inversions among the tiles alone
    stale_row, stale_col = divmod(stale, cols)
    says = tile_parity if cols % 2 else (tile_parity + rows - (stale_row + 1)) % 2
    a, b = (n - 2, n - 1) if (stale_row == 0 and stale_col <= 1) else (0, 1)
    fixed = table.copy()
    wrong = says == 1
    fixed[np.ix_(wrong, [a, b])] = table[np.ix_(wrong, [b, a])]
    counts = np.zeros_like(distribution.counts)
    np.add.at(counts, rank_many(fixed, check=False), distribution.counts)
    name = f"{distribution.name} + printed fix"
    return Distribution(name, n, counts, distribution.total, distribution.options)


def printed_fix_unsolvable(shape: tuple[int, int], shuffle: str = "fisher_yates") -> Fraction:
    """The exact chance that a board is still unsolvable after ``shuffle`` and the article's fix
    run in printed order (``emptyLoc`` stale at the last cell), on any board up to 16x16.

    Only the blank's cell and the parity of the permutation decide the fix and the verdict.
    After Fisher-Yates the blank is in each cell with chance ``1/n`` and, for ``n >= 3``, the
    parity is even or odd with chance 1/2 whatever the blank's cell; after the articles' loop
    (Sattolo) the permutation is one ``n``-cycle (parity ``n - 1``) and the blank is in each of
    the other ``n - 1`` cells with chance ``1/(n - 1)``. The tests compare with
    :func:`printed_fix` on every board of up to 9 cells.

    >>> printed_fix_unsolvable((3, 3))
    Fraction(1, 9)
    """
    shuffle = choice("shuffle", shuffle, ("fisher_yates", "tutorial_fisher_yates"))
    rows, cols = check_board_shape(shape)
    n = rows * cols
    if n < 3:
        raise ValueError("the parity argument needs at least 3 cells; use printed_fix(exact(...)) on 2x1")
    if shuffle == "fisher_yates":
        weights = {(b, p): Fraction(1, 2 * n) for b in range(n) for p in (0, 1)}
    else:
        weights = {(b, (n - 1) % 2): Fraction(1, n - 1) for b in range(n - 1)}
    stuck = Fraction(0)
    for (b, p), w in weights.items():
        says_unsolvable = (p + n - 1 - b) % 2  # tile inversions; the stale row term is 0 on every width
        if says_unsolvable:  # swap cells 0 and 1 (one transposition): a slide if the blank is there
            b, p = (1 - b if b <= 1 else b), 1 - p
        distance = (rows - 1 - b // cols) + (cols - 1 - b % cols)
        if p != distance % 2:
            stuck += w
    return stuck


def verdicts_by_rank(shape: tuple[int, int], goal: object = None) -> np.ndarray:
    """The parity rule's verdict for every arrangement of a board of up to 9 cells, indexed by
    ``perm.rank(board.tiles)`` (the index :func:`puzzlelab.search.state_space_distances` uses),
    so a lesson can compare the rule with breadth-first search in one line.

    >>> int(verdicts_by_rank((2, 2)).sum())
    12
    """
    rows, cols = _shape(shape)
    n = rows * cols
    goal_tiles = (*range(1, n), 0) if goal is None else tuple(as_board("goal", goal).tiles)
    if goal is not None and as_board("goal", goal).shape != (rows, cols):
        raise ValueError(f"goal must be a {rows}x{cols} board, got {as_board('goal', goal).shape}")
    table = permutation_table(n)  # row r: the tiles of arrangement r (0 = blank)
    blank = np.argmax(table == 0, axis=1)
    goal_blank = goal_tiles.index(0)
    distance = np.abs(blank // cols - goal_blank // cols) + np.abs(blank % cols - goal_blank % cols)
    goal_parity = int(parity_many(np.array([goal_tiles]))[0])
    verdicts: np.ndarray = (parity_many(table, check=False) + goal_parity) % 2 == distance % 2
    return verdicts


def rule_mistakes(
    rule: Callable[[Board, _G], object],
    shape: tuple[int, int],
    goal: _G,
    reachable: npt.ArrayLike,
    *,
    boards: int = 200,
    rng: RandomSeed = None,
) -> tuple[float, Board | None]:
    """``(share wrong, first board it gets wrong or None)`` for a rule ``rule(board, goal) -> bool``
    on ``boards`` arrangements drawn without repetition, against ``reachable`` (a bool array by
    ``perm.rank(board.tiles)``, e.g. ``state_space_distances(rows, cols, goal) >= 0``).
    """
    if not callable(rule):
        raise TypeError(f"rule must be a function rule(board, goal) -> bool, got {describe(rule)}")
    rows, cols = _shape(shape)
    n = rows * cols
    boards = whole("boards", boards, low=1)
    rng = random_generator("rng", rng)
    reachable = np.asarray(reachable)
    if reachable.shape != (factorial(n),):
        raise ValueError(
            f"reachable must have {factorial(n)} entries (one per arrangement), got shape {reachable.shape}"
        )
    picks = rng.choice(factorial(n), size=min(boards, factorial(n)), replace=False)
    picked = ((Board(unrank(int(r), n), rows, cols), bool(reachable[r])) for r in picks)
    wrong = [board for board, solvable in picked if rule(board, goal) != solvable]
    return len(wrong) / len(picks), (wrong[0] if wrong else None)


__all__ += [
    "MAX_TILE_CHAIN_WORK",
    "exact_article_naive_swap",
    "extremes",
    "printed_fix",
    "printed_fix_unsolvable",
    "rule_mistakes",
    "verdicts_by_rank",
    "walk_home_chances",
]
