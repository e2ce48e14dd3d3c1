"""Shuffling a sliding-tile puzzle: the articles' loops and the correct one, in plain Python.

Concepts
--------
shuffle
    A way to turn the solved list ``[0, 1, ..., n-1]`` into a random permutation
    ``perm``. Cell ``i`` of the board then holds item ``perm[i]``; on a board,
    item ``k`` is ``goal.tiles[k]`` of the blank-last goal, so item ``n - 1`` is
    the blank and the blank is shuffled like any tile (as in the articles).
    ``[0, 2, 1, 3]`` on a 2x2 board is ``1 3/2 _``.
teaching version
    Short plain Python that follows an article's loop line by line, drawing
    ``floor(random() * m)`` where the article calls ``Math.floor(Math.random() * m)``.
batch version
    :func:`puzzlelab.sampling.sample`: ``size`` shuffles at once with numpy, one
    row each, following the same distribution (the tests check both against the
    exact distributions of :mod:`puzzlelab.distributions`).

The algorithms (``SHUFFLES``: one :class:`Shuffle` entry each, holding its teaching
function, its options, its batch version and its exact model; add one with
:func:`register_shuffle`):

- ``random_walk``: from the solved board, ``steps`` times pick one of four
  directions; the blank moves there, or nothing happens if that leaves the board.
- ``naive_swap``: swap each cell in turn with a uniformly chosen cell
  (``n**n`` equally likely runs, biased for every ``n >= 3``).
- ``tutorial_fisher_yates``: the loop as the tutorial prints it,
  ``j = floor(random() * i)`` so ``j < i``: this is Sattolo's algorithm, which
  produces only the ``(n-1)!`` single-cycle permutations.
- ``fisher_yates``: the correct loop, ``j = floor(random() * (i + 1))``, uniform.
- ``sort_shuffle``: sorting with a comparator that answers at random, as in
  ``array.sort(() => Math.random() - 0.5)``; here Python's own TimSort.

>>> fisher_yates(4, rng=1)
[1, 0, 3, 2]
>>> print(shuffle_board("fisher_yates", 2, 3, rng=1, solvable=True))
2 _ 3
1 4 5

References: Fisher & Yates (1938); Durstenfeld (1964); Sattolo (1986);
Atwood, "The danger of naivete" (2007) for the biased swap.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cmp_to_key, lru_cache
from math import factorial
from typing import Any, TypeAlias, TypeVar

import numpy as np

from ._validate import RandomSeed, describe, number, random_generator, sequence, too_large, whole, whole_items
from .board import BLANK, Board, as_board, check_board_shape, check_shape, goal_for
from .parity import is_solvable
from .perm import all_permutations, permutation_table, rank, rank_many, swap_chain

__all__ = [
    "ARTICLE_DIRECTIONS",
    "COMPARE_COST",
    "MAX_EXACT_N",
    "MAX_SORT_N",
    "MAX_SORT_TREE_N",
    "MAX_TEACHING_N",
    "MAX_WALK_STEPS",
    "MAX_WALK_WORK",
    "SHUFFLES",
    "STEP_COST",
    "Sampler",
    "Shuffle",
    "article_moves",
    "board_from_perm",
    "fisher_yates",
    "make_solvable",
    "naive_swap",
    "perm_from_board",
    "random_solvable_board",
    "random_walk",
    "register_shuffle",
    "shuffle_board",
    "shuffle_spec",
    "sort_shuffle",
    "sort_shuffle_tree",
    "tutorial_fisher_yates",
    "unregister_shuffle",
    "walk_counts",
    "walk_neighbours",
]

#: The article's four directions 0..3, named as moves of the blank: left, up, right, down.
ARTICLE_DIRECTIONS = ("L", "U", "R", "D")
#: ``sort_shuffle_tree`` enumerates every run of the random comparator up to this many items.
MAX_SORT_TREE_N = 8
#: The teaching loops take up to this many items (a few seconds of plain Python).
MAX_TEACHING_N = 1_000_000
#: The teaching sort shuffle takes up to this many items (n log n random comparisons).
MAX_SORT_N = 100_000
#: A random walk takes up to this many steps (a second or two; it is well mixed after a few hundred).
MAX_WALK_STEPS = 1_000_000

#: A shuffle's keyword options by name (``shape``, ``steps``, ...), each of its own type.
Options: TypeAlias = dict[str, Any]
_F = TypeVar("_F", bound=Callable[..., list[int]])


# -- checking arguments ------------------------------------------------------------
def _generator(rng: RandomSeed) -> np.random.Generator:
    """A numpy Generator from ``rng``: None, a whole-number seed >= 0, or a Generator (as is)."""
    return random_generator("rng", rng)


def _teaching_n(n: int, limit: int = MAX_TEACHING_N, name: str = "this shuffle") -> int:
    n = whole("n", n, low=1)
    if n > limit:
        raise too_large(
            f"{name} of n={number(n)} items in plain Python",
            f"n <= {limit:,}",
            "sampling.sample(name, n, size) for many shuffles, or "
            "numpy.random.default_rng(seed).permutation(n) for one long fair shuffle",
        )
    return n


def _board_shape(n: int, shape: object) -> tuple[int, int]:
    if shape is None:
        raise TypeError("a random walk needs the board's shape=(rows, cols), got None")
    rows, cols = check_board_shape(shape)
    if rows * cols != n:
        raise ValueError(f"shape {rows}x{cols} has {rows * cols} cells, but n={n}")
    return rows, cols


def _walk_options(n: int, shape: object = None, steps: int = 30) -> Options:
    """The random walk's options, checked: ``shape`` must have ``n`` cells, ``steps`` in range."""
    rows, cols = _board_shape(n, shape)
    steps = whole("steps", steps, low=0)
    if steps > MAX_WALK_STEPS:
        raise too_large(
            f"a random walk of steps={number(steps)}",
            f"steps <= {MAX_WALK_STEPS:,}",
            "a few hundred steps (the walk is then close to uniform over solvable "
            "boards), or random_solvable_board for an exactly uniform one",
        )
    return {"shape": (rows, cols), "steps": steps}


def _uniform_index(rng: np.random.Generator, m: int) -> int:
    """``Math.floor(Math.random() * m)``: a uniform whole number in ``0..m-1``."""
    return math.floor(rng.random() * m)


# -- teaching versions: each mirrors one article's loop --------------------------------
def random_walk(n: int, rng: RandomSeed = None, *, shape: tuple[int, int], steps: int = 30) -> list[int]:
    """Slide ``steps`` random tiles into the blank, starting from the solved board.

    Each step draws one of the four directions (``ARTICLE_DIRECTIONS``); the
    blank (item ``n - 1``, starting in the last cell) moves that way, or nothing
    happens when that would leave the board, exactly as in the article.

    >>> random_walk(4, rng=0, shape=(2, 2), steps=3)
    [3, 0, 2, 1]
    """
    n = whole("n", n, low=1)
    options = _walk_options(n, shape, steps)
    (rows, cols), steps = options["shape"], options["steps"]
    rng = _generator(rng)
    cells, empty = list(range(n)), n - 1
    for _ in range(steps):
        direction = _uniform_index(rng, 4)
        x, y = empty % cols, empty // cols
        if direction == 0 and x > 0:
            x -= 1
        elif direction == 1 and y > 0:
            y -= 1
        elif direction == 2 and x < cols - 1:
            x += 1
        elif direction == 3 and y < rows - 1:
            y += 1
        target = y * cols + x  # == empty when the move would leave the board
        cells[empty], cells[target] = cells[target], cells[empty]
        empty = target
    return cells


def naive_swap(n: int, rng: RandomSeed = None) -> list[int]:
    """Swap every cell, in order, with a cell chosen uniformly at random (biased).

    The article's double loop visits the cells column by column; this visits
    them in row-major order, which only relabels the cells: the same
    probabilities occur, attached to relabelled permutations.

    >>> naive_swap(4, rng=0)
    [3, 1, 2, 0]
    """
    n = _teaching_n(n, name="naive_swap")
    rng = _generator(rng)
    cells = list(range(n))
    for i in range(n):
        k = _uniform_index(rng, n)
        cells[i], cells[k] = cells[k], cells[i]
    return cells


def tutorial_fisher_yates(n: int, rng: RandomSeed = None) -> list[int]:
    """The tutorial's printed "Fisher-Yates": ``j = floor(random() * i)``, so ``j < i``.

    Because ``j`` never equals ``i`` this is Sattolo's algorithm: every result is
    one single cycle, so no item ever stays in its own cell.

    >>> tutorial_fisher_yates(4, rng=0)
    [3, 2, 0, 1]
    """
    n = _teaching_n(n, name="tutorial_fisher_yates")
    rng = _generator(rng)
    cells = list(range(n))
    i = n - 1
    while i > 0:
        j = _uniform_index(rng, i)  # the slip: should be i + 1
        cells[i], cells[j] = cells[j], cells[i]
        i -= 1
    return cells


def fisher_yates(n: int, rng: RandomSeed = None) -> list[int]:
    """The Fisher-Yates (Durstenfeld) shuffle: every permutation has probability ``1/n!``.

    >>> sorted(fisher_yates(5, rng=3))
    [0, 1, 2, 3, 4]
    """
    n = _teaching_n(n, name="fisher_yates")
    rng = _generator(rng)
    cells = list(range(n))
    for i in range(n - 1, 0, -1):
        j = _uniform_index(rng, i + 1)
        cells[i], cells[j] = cells[j], cells[i]
    return cells


def sort_shuffle(n: int, rng: RandomSeed = None) -> list[int]:
    """Sort with a comparator that answers at random: ``sort(() => Math.random() - 0.5)``.

    Python's ``sorted`` is TimSort, like modern V8's ``Array.prototype.sort``; for
    fewer than 64 items both find the first run and then do a binary insertion
    sort. The comparisons asked (and so the bias) follow the sort's code, so the
    exact distribution is for CPython's TimSort, not any one JavaScript engine.

    >>> sorted(sort_shuffle(5, rng=0))
    [0, 1, 2, 3, 4]
    """
    n = _teaching_n(n, MAX_SORT_N, name="sort_shuffle")
    rng = _generator(rng)
    # typeshed types the comparator's result as int, but cmp_to_key only compares it with 0, and the
    # article's comparator returns a float (its sign is the answer): the stub is too narrow here
    return sorted(range(n), key=cmp_to_key(lambda a, b: rng.random() - 0.5))  # type: ignore[arg-type, return-value]


# -- the random comparator's whole decision tree -------------------------------------
class _NeedAnswer(Exception):
    """The sort asked one comparison more than the script holds."""


def _replay_sort(n: int, answers: Sequence[bool]) -> list[int]:
    """Run ``sorted`` with the comparator answering ``answers`` in turn (True: "less")."""
    asked = iter(answers)

    def compare(a: int, b: int) -> int:
        answer = next(asked, None)
        if answer is None:
            raise _NeedAnswer
        return -1 if answer else 1

    result = sorted(range(n), key=cmp_to_key(compare))
    if next(asked, None) is not None:
        raise AssertionError("the sort stopped before using every scripted answer")
    return result


@lru_cache(maxsize=MAX_SORT_TREE_N + 1)
def _sort_tree(n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    ranks: list[int] = []
    depths: list[int] = []
    pending: list[tuple[bool, ...]] = [()]
    while pending:
        answers = pending.pop()
        try:
            result = _replay_sort(n, answers)
        except _NeedAnswer:
            pending += [(*answers, True), (*answers, False)]
            continue
        ranks.append(rank(result))
        depths.append(len(answers))
    return tuple(ranks), tuple(depths)


def sort_shuffle_tree(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Every way ``sort_shuffle(n)`` can run: the rank of each result and its number of comparisons.

    Each comparison is a fair coin, so a run that asked ``d`` comparisons has
    probability ``2**-d``. The tree is found by replaying Python's sort with
    scripted answers, extending a script by both answers whenever the sort asks
    for more; the probabilities of all runs add up to 1.

    >>> ranks, depths = sort_shuffle_tree(2)
    >>> sorted(zip(ranks.tolist(), depths.tolist()))
    [(0, 1), (1, 1)]
    """
    n = whole("n", n, low=1)
    if n > MAX_SORT_TREE_N:
        raise ValueError(
            f"the random comparator's runs are enumerated for n <= {MAX_SORT_TREE_N} items "
            f"(got n={number(n)}): use sample('sort_shuffle', n, size) instead"
        )
    ranks, depths = _sort_tree(n)
    return np.array(ranks, dtype=np.int64), np.array(depths, dtype=np.int64)


# -- batch versions (numpy): many shuffles at once -------------------------------------------
# The lists are stored by position (row i of a work array holds every list's cell i), so one
# step of a shuffle's loop is one numpy operation on all the lists; puzzlelab.sampling.sample
# runs them in chunks under its limits.
#: Elementary steps one Python-level loop step costs, and one Python comparison (for the limits).
STEP_COST = 1_500
COMPARE_COST = 60


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
def article_moves(rows: int, cols: int) -> np.ndarray:
    """``(cells, 4)``: where the blank goes from each cell in each of the article's directions
    (``ARTICLE_DIRECTIONS``), or the cell itself when that direction leaves the board (read-only).

    >>> article_moves(2, 2).tolist()  # cell 3: left to 2, up to 1, right and down stay
    [[0, 0, 1, 2], [0, 1, 1, 3], [2, 0, 3, 2], [2, 1, 3, 3]]
    """
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
    moves = article_moves(*shape).reshape(-1)
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
    columns: np.ndarray = all_permutations(n)[chosen].T.copy()  # row r of the table has rank r
    return columns


def _sort_comparisons(n: int) -> int:
    return n * max(1, (n - 1).bit_length())  # about n log2 n comparisons per shuffle


@dataclass(frozen=True)
class Sampler:
    """The batch version of one shuffle: ``draw(n, rows, rng, **options)`` returns ``rows``
    shuffles as the columns of an ``(n, rows)`` array; ``work(n, size, chunks, options)`` is its
    cost in elementary steps for ``size`` shuffles drawn in ``chunks`` chunks (checked against
    :data:`puzzlelab.sampling.MAX_SAMPLE_WORK` before any work)."""

    draw: Callable[..., np.ndarray]
    work: Callable[[int, int, int, Options], int]


def _swap_work(n: int, size: int, chunks: int, options: Options) -> int:
    return n * (size + STEP_COST * chunks) + 2 * n * size


def _walk_work(n: int, size: int, chunks: int, options: Options) -> int:
    steps: int = options["steps"]
    return steps * (size + STEP_COST * chunks) + 2 * n * size


def _sort_work(n: int, size: int, chunks: int, options: Options) -> int:
    if n > MAX_SORT_TREE_N:
        return size * _sort_comparisons(n) * COMPARE_COST
    return 4 * n * size + STEP_COST * chunks


# -- exact models: how many of the equally likely runs give each permutation ---------------------
# Each returns ``(counts, total)``: ``counts[r]`` runs out of ``total`` give the permutation of rank
# ``r``; puzzlelab.distributions.exact wraps them in a Distribution.
#: The largest number of items whose swap shuffles have an exact model (9! = 362,880 permutations).
MAX_EXACT_N = 9
#: Random walks: states x steps x (number of 31-bit limbs per count) an exact model takes on.
MAX_WALK_WORK = 300_000_000
_INT64_STEPS = 31  # 4**31 = 2**62 runs still fit an int64 count


def _too_large(what: str, limit: str) -> ValueError:
    """Too large to compute exactly: the message is built from the arguments only (never from
    ``factorial(n)``, which for n = 10**7 takes minutes to compute and print)."""
    return too_large(
        f"{what} exactly",
        limit,
        "an estimate: puzzlelab.sampling.sample(name, n, size, rng) and distributions.from_samples(perms)",
    )


# -- swap shuffles: dynamic programming over permutations ------------------------------------
def _exact_naive_swap(n: int) -> tuple[np.ndarray, int]:
    return _exact_swaps("naive_swap", n)


def _exact_tutorial_fisher_yates(n: int) -> tuple[np.ndarray, int]:
    return _exact_swaps("tutorial_fisher_yates", n)


def _exact_fisher_yates(n: int) -> tuple[np.ndarray, int]:
    return _exact_swaps("fisher_yates", n)


def _exact_swaps(name: str, n: int) -> tuple[np.ndarray, int]:
    if n > MAX_EXACT_N:
        raise _too_large(f"exact({name!r}, n={number(n)}) over n! permutations", f"n <= {MAX_EXACT_N}")
    if name == "naive_swap":
        cells = list(range(n))
        steps = [list(range(n)) for _ in cells]
    else:
        cells = list(range(n - 1, 0, -1))
        reach = 0 if name == "tutorial_fisher_yates" else 1  # Sattolo: j < i; Fisher-Yates: j <= i
        steps = [list(range(i + reach)) for i in cells]
    total = math.prod(len(choices) for choices in steps)
    return swap_chain(n, steps, cells), total


# -- random comparator sort: its whole decision tree -----------------------------------------
def _exact_sort(n: int) -> tuple[np.ndarray, int]:
    if n > MAX_SORT_TREE_N:
        raise _too_large(
            f"exact('sort_shuffle', n={number(n)})",
            f"n <= {MAX_SORT_TREE_N}: every run of the comparator is enumerated",
        )
    ranks, depths = sort_shuffle_tree(n)
    deepest = int(depths.max())
    counts = np.zeros(factorial(n), dtype=np.int64)
    np.add.at(counts, ranks, np.left_shift(1, deepest - depths))
    return counts, 1 << deepest


# -- random walk: a Markov chain over arrangements -------------------------------------------
@lru_cache(maxsize=8)
def walk_neighbours(rows: int, cols: int) -> np.ndarray:
    """``(4, n!)``: the rank each state goes to in each article direction (itself if off the board)."""
    n = rows * cols
    table = permutation_table(n)
    blank = np.argmax(table == n - 1, axis=1)
    moves, states = article_moves(rows, cols), np.arange(len(table))
    result = np.empty((4, len(table)), dtype=np.int32)
    for direction in range(4):
        target = moves[blank, direction]
        after = table.copy()
        after[states, blank] = table[states, target]
        after[states, target] = n - 1
        result[direction] = rank_many(after, check=False)
    result.setflags(write=False)
    return result


def walk_counts(rows: int, cols: int, steps: int) -> np.ndarray:
    """Counts of each state after ``steps`` slides, out of ``4**steps`` equally likely runs.

    Each slide: ``new[s] = sum over directions d of counts[neighbour_d(s)]``, because the
    slide in direction d is undone by the opposite slide and a blocked direction keeps
    the state. Counts beyond int64 are carried in 31-bit limbs and joined at the end; each step
    carries every limb one place up at once (a limb sums four limbs below 2**31 + 8, so it stays
    far inside int64), so a step costs a few numpy calls however many limbs there are.
    """
    neighbours = walk_neighbours(rows, cols)
    limbs = 1 if steps <= _INT64_STEPS else 2 * steps // 31 + 1
    counts = np.zeros((limbs, neighbours.shape[1]), dtype=np.int64)
    counts[0, 0] = 1
    for _ in range(steps):
        new = counts[:, neighbours[0]]
        for direction in range(1, 4):
            new += counts[:, neighbours[direction]]
        if limbs > 1:  # carry one limb up, all limbs at once: each stays below 2**31 + 8
            carry = new >> 31
            new &= (1 << 31) - 1
            new[1:] += carry[:-1]  # the top limb never carries: 4**steps < 2**(31 * limbs)
        counts = new
    if limbs == 1:
        counted: np.ndarray = counts[0]
        return counted
    joined = np.zeros(counts.shape[1], dtype=object)
    for limb in range(limbs - 1, -1, -1):
        joined = joined * (1 << 31) + counts[limb].astype(object)
    return joined


def _exact_walk(n: int, shape: tuple[int, int], steps: int) -> tuple[np.ndarray, int]:
    rows, cols = shape
    if n > MAX_EXACT_N:
        raise _too_large(
            f"a random walk on {rows}x{cols}: {n}! arrangements",
            f"boards of up to {MAX_EXACT_N} cells, such as 3x3",
        )
    limbs = 1 if steps <= _INT64_STEPS else 2 * steps // 31 + 1
    work = factorial(n) * steps * limbs
    if work > MAX_WALK_WORK:
        raise _too_large(
            f"a {number(steps)}-step random walk on {rows}x{cols}",
            f"{factorial(n):,} states x {number(steps)} steps x {limbs:,} limbs = {number(work)} "
            f"> {MAX_WALK_WORK:,}",
        )
    return walk_counts(rows, cols, steps), 4**steps


# -- the registry: one entry per shuffle holds every fact about it ----------------------------
def _no_options(n: int) -> Options:
    return {}


@dataclass(frozen=True)
class Shuffle:
    """Everything the library knows about one shuffle.

    ``function(n, rng=None, **options) -> list`` is the teaching version; ``sampler`` its batch
    version (:class:`Sampler`, used by :func:`puzzlelab.sampling.sample`) or None; ``exact`` its
    exact model, ``exact(n, **options) -> (counts, total)`` (used by
    :func:`puzzlelab.distributions.exact`), or None when there is none. ``check(n, **options)``
    returns the options with their defaults, each checked (the one place a shuffle's option rules
    are written); ``shape_option`` says that the shuffle needs the board's ``shape=(rows, cols)``
    (filled in by :func:`shuffle_board`).

    >>> SHUFFLES["random_walk"].check_options(9, {"shape": (3, 3)})
    {'shape': (3, 3), 'steps': 30}
    """

    name: str
    function: Callable[..., list[int]]
    check: Callable[..., Options] = field(default=_no_options, repr=False)
    option_names: tuple[str, ...] = ()
    shape_option: bool = False
    sampler: Sampler | None = field(default=None, repr=False)
    exact: Callable[..., tuple[np.ndarray, int]] | None = field(default=None, repr=False)

    def check_options(self, n: int, options: Options) -> Options:
        """``options`` (a dict) checked for ``n`` items: ``TypeError`` for an unknown option."""
        unknown = sorted(set(options) - set(self.option_names))
        if unknown:
            takes = ", ".join(f"{o}=" for o in self.option_names) or "no options"
            raise TypeError(f"the {self.name} shuffle takes {takes}; got {', '.join(unknown)}")
        return self.check(n, **options)

    def board_options(self, rows: int, cols: int, options: Options) -> Options:
        """The options for shuffling a ``rows x cols`` board (the shape filled in if needed)."""
        if self.shape_option:
            options = {"shape": (rows, cols), **options}
        return self.check_options(rows * cols, options)


#: Every shuffle by name, in the order the lessons meet them. Change it only with
#: :func:`register_shuffle` and :func:`unregister_shuffle`.
SHUFFLES: dict[str, Shuffle] = {}


def _add(entry: Shuffle) -> None:
    if entry.name in SHUFFLES:
        raise ValueError(f"name {entry.name!r} is already a registered shuffle: unregister it first")
    SHUFFLES[entry.name] = entry


_add(Shuffle("random_walk", random_walk, _walk_options, ("shape", "steps"), True,
             Sampler(_draw_random_walk, _walk_work), _exact_walk))  # fmt: skip
_add(
    Shuffle("naive_swap", naive_swap, sampler=Sampler(_draw_naive_swap, _swap_work), exact=_exact_naive_swap)
)
_add(
    Shuffle(
        "tutorial_fisher_yates",
        tutorial_fisher_yates,
        sampler=Sampler(_draw_tutorial_fisher_yates, _swap_work),
        exact=_exact_tutorial_fisher_yates,
    )
)
_add(Shuffle("fisher_yates", fisher_yates, sampler=Sampler(_draw_fisher_yates, _swap_work),
             exact=_exact_fisher_yates))  # fmt: skip
_add(
    Shuffle("sort_shuffle", sort_shuffle, sampler=Sampler(_draw_sort_shuffle, _sort_work), exact=_exact_sort)
)


def register_shuffle(
    *,
    sampler: Sampler | None = None,
    exact: Callable[..., tuple[np.ndarray, int]] | None = None,
    check: Callable[..., Options] | None = None,
    option_names: Sequence[str] = (),
    shape_option: bool = False,
    name: str | None = None,
) -> Callable[[_F], _F]:
    """Decorator: register ``function(n, rng=None, **options) -> list`` as a shuffle, with its facts.

    Parameters
    ----------
    sampler : Sampler, optional
        Its batch version; without one :func:`puzzlelab.sampling.sample` refuses it.
    exact : callable ``(n, **options) -> (counts, total)``, optional
        Its exact model; without one :func:`puzzlelab.distributions.exact` refuses it.
    check : callable ``(n, **options) -> dict``, optional
        Checks its options and fills in their defaults (required when it takes options).
    option_names : tuple of str
        The keyword options it takes beyond ``n, rng``.
    shape_option : bool
        It needs the board's ``shape=(rows, cols)`` (then ``"shape"`` is one of ``option_names``).
    name : str, optional
        Default: the function's ``__name__``.

    Examples
    --------
    >>> @register_shuffle()
    ... def reverse(n, rng=None):
    ...     "Not random at all: the items in reverse order."
    ...     return list(range(n))[::-1]
    >>> print(shuffle_board("reverse", 2, 2))
    _ 3
    2 1
    >>> unregister_shuffle("reverse")
    """
    if sampler is not None and not isinstance(sampler, Sampler):
        raise TypeError(f"sampler must be a Sampler(draw, work) or None, got {describe(sampler)}")
    for label, value in (("exact", exact), ("check", check)):
        if value is not None and not callable(value):
            raise TypeError(f"{label} must be a function or None, got {describe(value)}")
    option_names = tuple(option_names) if isinstance(option_names, list | tuple) else option_names
    if not isinstance(option_names, tuple) or not all(isinstance(o, str) for o in option_names):
        raise TypeError(f"option_names must be a tuple of str, got {describe(option_names)}")
    if option_names and check is None:
        raise ValueError(
            "check is required when the shuffle takes options: it checks them and fills defaults"
        )
    if not isinstance(shape_option, bool):
        raise TypeError(f"shape_option must be True or False, got {describe(shape_option)}")
    if name is not None and not isinstance(name, str):
        raise TypeError(f"name must be a str or None, got {describe(name)}")

    def register(function: _F) -> _F:
        if not callable(function):
            raise TypeError(
                f"register_shuffle decorates a function (n, rng=None) -> list, got {describe(function)}"
            )
        key = name if name is not None else getattr(function, "__name__", "")
        if not key:
            raise ValueError("name must be a non-empty str (the function has no __name__)")
        _add(Shuffle(key, function, check or _no_options, option_names, shape_option, sampler, exact))
        return function

    return register


def unregister_shuffle(name: str) -> None:
    """Remove the shuffle registered as ``name`` (a test's clean-up)."""
    shuffle_spec(name)
    del SHUFFLES[name]


def shuffle_spec(name: str) -> Shuffle:
    """The :class:`Shuffle` called ``name``, or a ``TypeError``/``ValueError`` listing the names."""
    if not isinstance(name, str):
        raise TypeError(f"name must be a shuffle's name ({', '.join(SHUFFLES)}), got {describe(name)}")
    if name not in SHUFFLES:
        raise ValueError(
            f"name must be a shuffle's name: unknown shuffle {name[:40]!r}, choose one of "
            f"{', '.join(SHUFFLES)}"
        )
    return SHUFFLES[name]


# -- boards ----------------------------------------------------------------------------
def board_from_perm(perm: Sequence[int], rows: int, cols: int, *, goal: Board | None = None) -> Board:
    """The board whose cell ``i`` holds ``goal.tiles[perm[i]]`` (default goal: blank last).

    >>> print(board_from_perm([0, 2, 1, 3], 2, 2))
    1 3
    2 _
    """
    rows, cols = check_shape(rows, cols)
    goal = Board.goal(rows, cols) if goal is None else _same_shape_goal(goal, rows, cols)
    perm = whole_items("perm", sequence("perm", perm, max_len=rows * cols))
    if sorted(perm) != list(range(rows * cols)):
        raise ValueError(
            f"perm must be a permutation of 0..{rows * cols - 1} (rows x cols = {rows} x {cols} "
            f"cells), got {perm}"
        )
    return Board.unchecked(tuple(goal.tiles[k] for k in perm), rows, cols)


def perm_from_board(board: Board, *, goal: Board | None = None) -> list[int]:
    """The ``perm`` with ``board.tiles[i] == goal.tiles[perm[i]]`` (inverse of ``board_from_perm``).

    >>> perm_from_board(Board.parse("1 3/2 _"))
    [0, 2, 1, 3]
    """
    board = as_board("board", board)
    goal = goal_for(board, goal)
    item = {tile: k for k, tile in enumerate(goal.tiles)}
    return [item[tile] for tile in board.tiles]


def _same_shape_goal(goal: object, rows: int, cols: int) -> Board:
    goal_board = as_board("goal", goal)
    if goal_board.shape != (rows, cols):
        raise ValueError(f"the goal is {goal_board.rows}x{goal_board.cols} but the board is {rows}x{cols}")
    return goal_board


def make_solvable(board: Board) -> Board:
    """The article's parity fix: an unsolvable board gets two tiles swapped.

    If ``board`` cannot reach the blank-last goal, swap the first two cells; if
    the blank is in one of them, swap the last two cells instead (the article's
    special case). Either swap exchanges two tiles without moving the blank, so
    it flips solvability. Solvable boards come back unchanged.

    >>> print(make_solvable(Board.parse("2 1 3/4 5 6/7 8 _")))
    1 2 3
    4 5 6
    7 8 _
    """
    if not isinstance(board, Board):
        raise TypeError(f"board must be a Board (make_solvable), got {describe(board)}")
    if is_solvable(board):
        return board
    if board.blank in (0, 1):
        return board.swap(board.size - 2, board.size - 1)
    return board.swap(0, 1)


def random_solvable_board(
    rows: int, cols: int, rng: RandomSeed = None, *, goal: Board | None = None
) -> Board:
    """A random board, drawn uniformly from all boards that can reach ``goal`` (default: blank last).

    (Called ``uniform_solvable`` before; :func:`puzzlelab.distributions.uniform_solvable` is the
    exact *distribution* over those boards.)

    Fisher-Yates gives every arrangement the same chance; an unsolvable one then
    gets its first two tiles (blank skipped) swapped. That swap pairs each
    unsolvable board with exactly one solvable board with the blank in the same
    cell, so every solvable board ends up with probability ``2/n!``.

    >>> from puzzlelab.parity import is_solvable
    >>> is_solvable(random_solvable_board(4, 4, rng=7))
    True
    """
    rows, cols = check_shape(rows, cols)
    goal = Board.goal(rows, cols) if goal is None else _same_shape_goal(goal, rows, cols)
    board = board_from_perm(fisher_yates(rows * cols, rng), rows, cols, goal=goal)
    if is_solvable(board, goal):
        return board
    first, second = [i for i, tile in enumerate(board.tiles) if tile != BLANK][:2]
    return board.swap(first, second)


def shuffle_board(
    name: str, rows: int, cols: int, rng: RandomSeed = None, *, solvable: bool = False, **options: object
) -> Board:
    """A board shuffled by the algorithm ``name`` from the blank-last goal.

    ``solvable=True`` applies the article's parity fix (``make_solvable``).
    ``options`` go to the algorithm (e.g. ``steps`` for ``random_walk``).

    >>> shuffle_board("random_walk", 3, 3, rng=0, steps=0) == Board.goal(3, 3)
    True
    """
    spec = shuffle_spec(name)
    rows, cols = check_shape(rows, cols)
    if not isinstance(solvable, bool):
        raise TypeError(f"solvable must be True or False, got {describe(solvable)}")
    options = spec.board_options(rows, cols, options)
    board = board_from_perm(spec.function(rows * cols, rng, **options), rows, cols)
    return make_solvable(board) if solvable else board


# -- one old name, until lessons 03, 04 and 06's exercises are renamed ---------------------------
# -- the SitePoint article's code, in the order it is printed (lessons 01 and 02) ---------
# The article stores the board as ``boardParts[x][y]`` (x the column), so its loops and its
# fix are modelled here cell by cell; the functions above keep the library's row-major order.
def article_naive_swap(rows: int, cols: int, rng: RandomSeed = None) -> list[int]:
    """The article's naive double loop as printed: cells visited column by column.

    ``for (i ...) for (j ...) swapTiles(i, j, k, l)`` with ``boardParts[i][j]``, ``i`` the
    column: the cells are visited down the first column, then the second, ... Each is swapped
    with a cell ``(k, l)`` drawn uniformly (``k`` then ``l``). Compare :func:`naive_swap`,
    which visits the same cells row by row: the same set of probabilities, attached to
    different boards.

    >>> article_naive_swap(2, 2, rng=0)
    [2, 3, 1, 0]
    """
    rows, cols = check_shape(rows, cols)
    rng = _generator(rng)
    cells = list(range(rows * cols))
    for x in range(cols):
        for y in range(rows):
            k, l = _uniform_index(rng, cols), _uniform_index(rng, rows)  # noqa: E741 (the article's names)
            here, there = y * cols + x, l * cols + k
            cells[here], cells[there] = cells[there], cells[here]
    return cells


def article_printed_fix(board: Board, *, stale_blank: int | None = None) -> Board:
    """The article's parity fix run in the order its code is printed.

    The printed code shuffles, then tests ``isSolvable(tileCount, tileCount, emptyLoc.y + 1)``
    and the special case ``emptyLoc.y == 0 && emptyLoc.x <= 1``, and calls ``initEmpty()``
    (which finds the blank) only after the fix. So both tests read ``emptyLoc`` as it was
    before the shuffle: ``stale_blank``, by default the blank's cell on the solved board
    (the last cell). With that stale row the test is "inversions even" on every width, and
    the fix swaps cells 0 and 1 even when one of them holds the blank (a slide, which never
    changes solvability). Compare :func:`make_solvable`, the fix with ``emptyLoc`` refreshed.

    >>> print(article_printed_fix(Board.parse("_ 3 1/4 5 6/7 8 2")))  # 7 inversions, "fixed" by a slide
    3 _ 1
    4 5 6
    7 8 2
    """
    if not isinstance(board, Board):
        raise TypeError(f"board must be a Board (article_printed_fix), got {describe(board)}")
    stale = board.size - 1 if stale_blank is None else whole("stale_blank", stale_blank, low=0)
    if stale >= board.size:
        raise ValueError(f"stale_blank must be a cell 0..{board.size - 1}, got {stale_blank!r}")
    from .parity import inversions  # parity is already a dependency of this module

    stale_row, stale_col = divmod(stale, board.cols)
    count = inversions([t for t in board.tiles if t != BLANK])
    says_solvable = count % 2 == 0 if board.cols % 2 else (count + board.rows - (stale_row + 1)) % 2 == 0
    if says_solvable:
        return board
    if stale_row == 0 and stale_col <= 1:
        return board.swap(board.size - 2, board.size - 1)
    return board.swap(0, 1)


__all__ += ["article_naive_swap", "article_printed_fix"]
