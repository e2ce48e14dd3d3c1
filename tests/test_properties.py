"""Properties of the core checked against brute force.

- Solvability against reachability: breadth-first search from a goal (blank last, blank first, or
  any arrangement at all) finds exactly the boards ``is_solvable`` accepts, and ``solvable_mask``
  and ``verdicts_by_rank`` agree with it.
- Exact distributions against full enumeration: every run of a teaching shuffle, driven by a
  scripted random source, counted.
- Samplers against exact distributions by a chi-square test (seeded; significance 1e-6, so a
  correct sampler fails with chance about one in a million per check, and a seeded run never
  changes), including the chunked batches and the sort shuffle's teaching path.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter, deque
from functools import cache
from math import factorial

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlelab import Board, distributions, sampling, shuffles
from puzzlelab.board import CellIndexError, neighbour_table
from puzzlelab.parity import inversions, inversions_naive, is_solvable
from puzzlelab.perm import rank, rank_many

SMALL = [(2, 2), (2, 3), (3, 2)]


# -- solvability against reachability ---------------------------------------------------------------
@cache
def reachable_from(goal_tiles: tuple[int, ...], rows: int, cols: int) -> frozenset:
    """Every arrangement that can reach ``goal_tiles`` (moves are reversible: BFS from the goal)."""
    table = neighbour_table(rows, cols)
    seen, queue = {goal_tiles}, deque([goal_tiles])
    while queue:
        tiles = queue.popleft()
        blank = tiles.index(0)
        for _, j in table[blank]:
            child = list(tiles)
            child[blank], child[j] = child[j], 0
            child = tuple(child)
            if child not in seen:
                seen.add(child)
                queue.append(child)
    return frozenset(seen)


@settings(deadline=None, max_examples=15)
@given(shape=st.sampled_from(SMALL), data=st.data())
def test_is_solvable_is_reachability_for_any_goal(shape, data):
    rows, cols = shape
    goal = Board(data.draw(st.permutations(range(rows * cols))), rows, cols)  # any goal at all
    reach = reachable_from(goal.tiles, rows, cols)
    assert len(reach) == factorial(rows * cols) // 2
    for tiles in itertools.permutations(range(rows * cols)):
        assert is_solvable(Board(tiles, rows, cols), goal) == (tiles in reach)


@pytest.mark.parametrize("shape", [*SMALL, pytest.param((2, 4), marks=pytest.mark.slow)])
@pytest.mark.parametrize("blank", ["last", "first"])
def test_both_goal_conventions_and_the_vectorised_verdicts(shape, blank):
    rows, cols = shape
    goal = Board.goal(rows, cols, blank=blank)
    reach = reachable_from(goal.tiles, rows, cols)
    verdicts = distributions.verdicts_by_rank(shape, goal)
    for tiles in itertools.permutations(range(rows * cols)):
        assert bool(verdicts[rank(tiles)]) == (tiles in reach)
    if blank == "last":  # solvable_mask indexes permutations of items (item n - 1 the blank)
        mask = distributions.solvable_mask(shape)
        goal_tiles = goal.tiles
        for perm in itertools.permutations(range(rows * cols)):
            tiles = tuple(goal_tiles[k] for k in perm)
            assert bool(mask[rank(perm)]) == (tiles in reach)


@settings(deadline=None, max_examples=30)
@given(shape=st.sampled_from(SMALL), seed=st.integers(0, 2**32 - 1), blank=st.sampled_from(["last", "first"]))
def test_random_solvable_boards_and_the_parity_fix_land_in_the_reachable_set(shape, seed, blank):
    rows, cols = shape
    goal = Board.goal(rows, cols, blank=blank)
    reach = reachable_from(goal.tiles, rows, cols)
    assert shuffles.random_solvable_board(rows, cols, seed, goal=goal).tiles in reach
    board = shuffles.shuffle_board("naive_swap", rows, cols, seed, solvable=True)
    assert board.tiles in reachable_from(Board.goal(rows, cols).tiles, rows, cols)


# -- boards and counts against plain definitions ------------------------------------------------------
@settings(deadline=None, max_examples=60)
@given(shape=st.sampled_from([(2, 2), (3, 3), (2, 5), (4, 3)]), data=st.data())
def test_board_indexing_and_misplaced_by_definition(shape, data):
    rows, cols = shape
    board = Board(data.draw(st.permutations(range(rows * cols))), rows, cols)
    grid = board.grid()
    r = data.draw(st.integers(-rows - 2, rows + 1))
    c = data.draw(st.integers(-cols - 2, cols + 1))
    if -rows <= r < rows and -cols <= c < cols:
        assert board[r, c] == grid[r][c]
    else:
        with pytest.raises(CellIndexError):
            board[r, c]
    goal = Board.goal(rows, cols)
    assert board.misplaced() == sum(1 for a, b in zip(board.tiles, goal.tiles, strict=True) if a and a != b)
    with pytest.raises(ValueError, match="same shape"):
        board.misplaced(Board.goal(cols + 1, rows))


@given(st.lists(st.integers(-5, 5), max_size=40))
def test_inversions_of_any_sequence_kind_is_the_double_loop(items):
    expected = sum(1 for i, j in itertools.combinations(range(len(items)), 2) if items[i] > items[j])
    for kind in (list, tuple, np.array):
        assert inversions(kind(items)) == expected
        assert inversions_naive(kind(items)) == expected
    with pytest.raises(TypeError, match="generator"):
        inversions(x for x in items)


# -- exact distributions against full enumeration -----------------------------------------------------
class Scripted(np.random.Generator):
    """``random()`` returns scripted values: one run of a shuffle per script."""

    def __init__(self, values):
        super().__init__(np.random.PCG64(0))
        self.values = list(values)

    def random(self, *args, **kwargs):
        return self.values.pop(0)


def enumerate_runs(run, choices) -> Counter:
    """Counts by rank over every sequence of equally likely choices (``choices[k]`` values at call k)."""
    counts = Counter()
    for picks in itertools.product(*(range(m) for m in choices)):
        rng = Scripted((j + 0.5) / m for j, m in zip(picks, choices, strict=True))
        counts[rank(run(rng))] += 1
        assert not rng.values
    return counts


@settings(deadline=None, max_examples=12)
@given(shape=st.sampled_from(SMALL), steps=st.integers(0, 6))
def test_exact_random_walk_is_every_run_of_the_article_loop(shape, steps):
    n = shape[0] * shape[1]
    counts = enumerate_runs(lambda rng: shuffles.random_walk(n, rng, shape=shape, steps=steps), [4] * steps)
    exact = distributions.exact("random_walk", n, shape=shape, steps=steps)
    assert exact.total == 4**steps
    assert exact.counts.tolist() == [counts[r] for r in range(factorial(n))]
    home = sum(c * distributions.at_home_counts(np.array([rank_to_perm(r, n)]))[0] for r, c in counts.items())
    assert distributions.expected_at_home(shape, steps) == home / 4**steps
    assert sum(distributions.walk_home_chances(shape, steps)) == home / 4**steps


def rank_to_perm(r, n):
    from puzzlelab.perm import unrank

    return list(unrank(r, n))


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("name", ["naive_swap", "tutorial_fisher_yates", "fisher_yates"])
def test_exact_swap_shuffles_are_every_run_of_the_loops(name, n):
    choices = {
        "naive_swap": [n] * n,
        "tutorial_fisher_yates": list(range(n - 1, 0, -1)),
        "fisher_yates": list(range(n, 1, -1)),
    }[name]
    counts = enumerate_runs(lambda rng: shuffles.SHUFFLES[name].function(n, rng), choices)
    exact = distributions.exact(name, n)
    assert exact.total == math.prod(choices)
    assert exact.counts.tolist() == [counts[r] for r in range(factorial(n))]


@pytest.mark.parametrize("shape", SMALL)
def test_parity_fixed_is_make_solvable_on_every_outcome(shape):
    rows, cols = shape
    n = rows * cols
    exact = distributions.exact("naive_swap", n)
    fixed = Counter()
    for perm in itertools.permutations(range(n)):
        weight = int(exact.counts[rank(perm)])
        board = shuffles.make_solvable(shuffles.board_from_perm(perm, rows, cols))
        fixed[rank(shuffles.perm_from_board(board))] += weight
    after = distributions.parity_fixed(exact, shape)
    assert after.counts.tolist() == [fixed[r] for r in range(factorial(n))]


# -- samplers against the exact distributions: chi-square ----------------------------------------------
Z_ONE_IN_A_MILLION = 4.753  # upper 1e-6 point of the standard normal


def chi_square_limit(df: int) -> float:
    """The upper 1e-6 point of chi-square with ``df`` degrees of freedom (Wilson-Hilferty)."""
    return df * (1 - 2 / (9 * df) + Z_ONE_IN_A_MILLION * math.sqrt(2 / (9 * df))) ** 3


def chi_square(perms: np.ndarray, exact: distributions.Distribution) -> tuple[float, int]:
    observed = np.bincount(rank_many(perms), minlength=factorial(exact.n))
    p = exact.probabilities()
    assert observed[p == 0].sum() == 0, "a sample hit a permutation of probability zero"
    expected = p[p > 0] * len(perms)
    return float(((observed[p > 0] - expected) ** 2 / expected).sum()), int((p > 0).sum()) - 1


CASES = [
    ("naive_swap", 4, {}),
    ("tutorial_fisher_yates", 5, {}),
    ("fisher_yates", 4, {}),
    ("sort_shuffle", 4, {}),
    ("random_walk", 6, {"shape": (3, 2), "steps": 7}),
]


@pytest.mark.parametrize(("name", "n", "options"), CASES, ids=[c[0] for c in CASES])
def test_batch_samplers_fit_the_exact_distribution_also_in_chunks(name, n, options, monkeypatch):
    exact = distributions.exact(name, n, **options)
    statistic, df = chi_square(sampling.sample(name, n, 40_000, 21, **options), exact)
    assert statistic < chi_square_limit(df)
    monkeypatch.setattr(sampling, "CHUNK_CELLS", n * 997)  # 41 chunks of 997 rows
    chunked = sampling.sample(name, n, 40_000, 22, dtype=np.int16, **options)
    assert chunked.dtype == np.int16
    statistic, df = chi_square(chunked, exact)
    assert statistic < chi_square_limit(df)


def test_the_sort_shuffles_teaching_path_in_sample_fits_the_exact_tree(monkeypatch):
    """Beyond MAX_SORT_TREE_N sample runs the teaching sort; forced here on 4 items to test it."""
    exact = distributions.exact("sort_shuffle", 4)
    monkeypatch.setattr(shuffles, "MAX_SORT_TREE_N", 2)
    statistic, df = chi_square(sampling.sample("sort_shuffle", 4, 12_000, 5), exact)
    assert statistic < chi_square_limit(df)


def test_the_chi_square_check_can_fail():
    """A biased sampler against the uniform distribution is far past the limit."""
    statistic, df = chi_square(
        sampling.sample("naive_swap", 4, 40_000, 21), distributions.exact("fisher_yates", 4)
    )
    assert statistic > 3 * chi_square_limit(df)
