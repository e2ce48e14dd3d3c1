"""Exact distributions: checked against brute force, then used to test the articles' claims."""

import doctest
import itertools
import time
from collections import Counter
from fractions import Fraction
from math import factorial

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlelab import distributions, perm, sampling, shuffles
from puzzlelab.board import Board
from puzzlelab.distributions import (
    Distribution,
    at_home_counts,
    exact,
    expected_at_home,
    from_samples,
    parity_fixed,
    sampled_at_home,
    solvable_mask,
    uniform,
    uniform_solvable,
)
from puzzlelab.parity import is_solvable, permutation_parity
from puzzlelab.perm import rank, unrank
from puzzlelab.shuffles import MAX_EXACT_N, board_from_perm, make_solvable


class Scripted(np.random.Generator):
    """A Generator whose ``random()`` returns scripted values, to run every path of a shuffle."""

    def __init__(self, values):
        super().__init__(np.random.PCG64(0))
        self.values = list(values)

    def random(self, *args, **kwargs):
        return self.values.pop(0)


def brute_force(name, n, choices, **options):
    """Counts over ranks from running the teaching version on every sequence of random choices.

    ``choices`` lists, call by call, how many equally likely values ``floor(random() * m)`` takes.
    """
    counts = Counter()
    for picks in itertools.product(*(range(m) for m in choices)):
        rng = Scripted((j + 0.5) / m for j, m in zip(picks, choices, strict=True))
        counts[rank(shuffles.SHUFFLES[name].function(n, rng, **options))] += 1
        assert not rng.values, "the shuffle used fewer random numbers than expected"
    return [counts[r] for r in range(factorial(n))]


# -- exact == brute force over every run of the teaching code ----------------------------------
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_naive_swap_matches_every_run_of_the_teaching_loop(n):
    d = exact("naive_swap", n)
    assert d.total == n**n
    assert d.counts.tolist() == brute_force("naive_swap", n, [n] * n)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
def test_fisher_yates_loops_match_every_run(n):
    sattolo = exact("tutorial_fisher_yates", n)
    assert sattolo.counts.tolist() == brute_force("tutorial_fisher_yates", n, range(n - 1, 0, -1))
    correct = exact("fisher_yates", n)
    assert correct.counts.tolist() == brute_force("fisher_yates", n, range(n, 1, -1))
    assert correct.total == factorial(n)
    assert correct.max_min_ratio() == 1


@pytest.mark.parametrize(
    ("shape", "steps"), [((2, 2), 0), ((2, 2), 5), ((2, 3), 4), ((3, 2), 3), ((3, 3), 3)]
)
def test_random_walk_chain_matches_every_run_of_the_article_loop(shape, steps):
    n = shape[0] * shape[1]
    d = exact("random_walk", n, shape=shape, steps=steps)
    assert d.total == 4**steps
    assert d.counts.tolist() == brute_force("random_walk", n, [4] * steps, shape=shape, steps=steps)


def markov_by_dictionary(shape, steps):
    """The walk with Python ints and tuples: an independent check of the limbs past int64."""
    rows, cols = shape
    counts = {tuple(range(rows * cols)): 1}
    for _ in range(steps):
        new = Counter()
        for state, c in counts.items():
            blank = state.index(rows * cols - 1)
            r, q = divmod(blank, cols)
            for dr, dq in ((0, -1), (-1, 0), (0, 1), (1, 0)):
                if 0 <= r + dr < rows and 0 <= q + dq < cols:
                    cells = list(state)
                    target = (r + dr) * cols + q + dq
                    cells[blank], cells[target] = cells[target], cells[blank]
                    new[tuple(cells)] += c
                else:
                    new[state] += c
        counts = new
    return counts


@pytest.mark.parametrize(("shape", "steps"), [((2, 2), 45), ((2, 3), 33), ((2, 2), 31)])
def test_long_random_walks_stay_exact_past_int64(shape, steps):
    d = exact("random_walk", shape[0] * shape[1], shape=shape, steps=steps)
    truth = markov_by_dictionary(shape, steps)
    assert d.total == 4**steps
    assert {unrank(r, d.n): int(c) for r, c in enumerate(d.counts) if c} == dict(truth)
    assert d.counts.dtype == (np.int64 if steps <= 31 else object)


def test_sort_shuffle_on_three_items_matches_a_hand_trace_of_timsort():
    # count_run compares (1, 0): "less" starts a descending run; then 2 is tried against it,
    # and a binary insertion places the rest. Sixteenths, by rank 012, 021, 102, 120, 201, 210:
    d = exact("sort_shuffle", 3)
    assert (d.counts.tolist(), d.total) == ([6, 1, 2, 1, 1, 5], 16)
    assert d.max_min_ratio() == 6


def test_sort_shuffle_is_biased_for_every_n_from_3():
    ratios = [exact("sort_shuffle", n).max_min_ratio() for n in range(2, 8)]
    assert ratios == [1, 6, 12, 48, 192, 768]


# -- the articles' claims ---------------------------------------------------------------------------
def test_claim_87_percent_more_often_on_2x2_is_the_naive_swap_on_4_cells():
    d = exact("naive_swap", 4)
    assert (d.counts.min(), d.counts.max(), d.total) == (8, 15, 256)
    assert d.max_min_ratio() == Fraction(15, 8)  # 87.5% more often: the article rounds down
    assert d.support_size == 24


@pytest.mark.slow
def test_claim_five_times_as_often_matches_six_cells_not_nine():
    six, nine = exact("naive_swap", 6), exact("naive_swap", 9)
    assert six.max_min_ratio() == Fraction(159, 32)  # 4.97: "five times" fits 3 rows x 2 columns
    assert nine.max_min_ratio() == Fraction(6879, 256)  # 26.87 on the 3x3 board
    assert nine.most_likely() == (1, 2, 3, 0, 5, 6, 7, 8, 4)
    assert nine.least_likely() == (8, 0, 1, 2, 3, 4, 5, 6, 7)
    assert nine.total == 9**9
    assert nine.support_size == factorial(9)
    ratios = [exact("naive_swap", n).max_min_ratio() for n in range(3, 10)]
    assert ratios == sorted(ratios)  # "it continues to get worse as more tiles are added"


@pytest.mark.parametrize("n", [2, 4, 6, 9])
def test_claim_the_printed_fisher_yates_is_sattolo_and_only_makes_single_cycles(n):
    d = exact("tutorial_fisher_yates", n)
    assert d.support_size == factorial(n - 1)
    assert d.max_min_ratio() == 1  # uniform over what it can make ...
    assert d.tv_distance_exact() == 1 - Fraction(1, n)  # ... which is only 1 of every n permutations
    matrix = d.position_matrix()
    assert np.allclose(np.diag(matrix), 0)  # no tile ever stays home, the blank included
    assert np.allclose(matrix + np.eye(n) / (n - 1), 1 / (n - 1))
    for r in np.flatnonzero(d.counts)[:50]:
        assert permutation_parity(unrank(int(r), n)) == (n - 1) % 2  # an n-cycle


@pytest.mark.parametrize(
    "shape", [(2, 2), (2, 3), (3, 2), pytest.param((3, 3), marks=pytest.mark.slow)]
)
def test_claim_the_parity_fix_skews_nothing_after_a_true_fisher_yates(shape):
    n = shape[0] * shape[1]
    fixed = parity_fixed(exact("fisher_yates", n), shape)
    assert fixed.tv_distance_exact(uniform_solvable(shape)) == 0  # exactly uniform over solvable boards
    sattolo = parity_fixed(exact("tutorial_fisher_yates", n), shape)
    assert sattolo.tv_distance_exact(uniform_solvable(shape)) == 1 - Fraction(2, n)


def test_claim_parity_fix_on_the_naive_swap_stays_biased():
    fixed = parity_fixed(exact("naive_swap", 4), (2, 2))
    assert fixed.support_size == 12
    assert fixed.tv_distance_exact(uniform_solvable((2, 2))) == Fraction(5, 96)
    assert fixed.max_min_ratio() == Fraction(25, 17)


def test_parity_fixed_agrees_with_make_solvable_board_by_board():
    d = exact("naive_swap", 6)
    fixed = parity_fixed(d, (2, 3))
    by_hand = Counter()
    for r, c in enumerate(d.counts):
        board = make_solvable(board_from_perm(unrank(r, 6), 2, 3))
        by_hand[rank(shuffles.perm_from_board(board))] += int(c)
    assert fixed.counts.tolist() == [by_hand[r] for r in range(720)]


def test_claim_30_random_slides_leave_tiles_at_home():
    exact_3x3 = expected_at_home((3, 3), 30)
    assert exact_3x3 == Fraction(1876185600578566973, 576460752303423488)  # 3.25 of 8 tiles
    mean, low, high = sampled_at_home((3, 3), 30, 40_000, rng=5)
    assert low < exact_3x3 < high
    mean, low, high = sampled_at_home((4, 4), 30, 40_000, rng=5)
    assert 8.1 < low < mean < high < 8.4  # about 8.24 of 15 tiles: "most pieces" stay, just


def test_expected_at_home_small_cases_by_hand():
    assert expected_at_home((3, 3), 0) == 8
    assert expected_at_home((3, 3), 1) == Fraction(15, 2)  # two of four directions slide a tile away
    assert expected_at_home((2, 2), 2) == Fraction(9, 4)


# -- the Distribution's methods ---------------------------------------------------------------------
@settings(deadline=None)
@given(
    name=st.sampled_from(["naive_swap", "tutorial_fisher_yates", "fisher_yates", "sort_shuffle"]),
    n=st.integers(1, 6),
)
def test_summaries_agree_with_the_counts(name, n):
    d = exact(name, n)
    p = d.probabilities()
    assert np.isclose(p.sum(), 1)
    assert sum(d.probability(unrank(r, n)) for r in range(factorial(n))) == 1
    matrix = d.position_matrix()
    assert np.allclose(matrix.sum(axis=0), 1)
    assert np.allclose(matrix.sum(axis=1), 1)
    assert np.isclose(d.tv_distance(), 0.5 * np.abs(p - 1 / factorial(n)).sum())
    assert d.support_size == np.count_nonzero(p)
    assert len(d.zero_probability()) == factorial(n) - d.support_size
    assert d.probability(d.most_likely()) == max(d.probability(unrank(r, n)) for r in range(factorial(n)))
    assert d.probability(d.least_likely()) > 0


def test_position_matrix_of_the_naive_swap_shows_its_bias():
    counts = brute_force("naive_swap", 4, [4] * 4)
    by_runs = np.zeros((4, 4))
    for r, c in enumerate(counts):
        for cell, item in enumerate(unrank(r, 4)):
            by_runs[item, cell] += c / 4**4
    matrix = exact("naive_swap", 4).position_matrix()
    assert np.allclose(matrix, by_runs)
    assert matrix.max() > 1.2 * matrix.min()  # items do not land evenly
    assert np.allclose(exact("fisher_yates", 5).position_matrix(), 1 / 5)


def test_from_samples_counts_rows():
    perms = np.array([[0, 1, 2], [2, 1, 0], [2, 1, 0], [1, 0, 2]])
    d = from_samples(perms)
    assert d.counts.tolist() == [1, 0, 1, 0, 0, 2]
    assert d.total == 4
    assert d.probability([2, 1, 0]) == Fraction(1, 2)
    assert d.max_min_ratio() == 2
    assert d.support_size == 3
    big = from_samples(sampling.sample("naive_swap", 4, 50_000, rng=2))
    assert big.tv_distance(exact("naive_swap", 4)) < 0.03
    assert big.tv_distance(exact("fisher_yates", 4)) > 0.04


@pytest.mark.parametrize(
    "bad", [np.array([[0, 0, 1]]), np.zeros((0, 3), dtype=int), np.array([0, 1, 2]), np.array([[1, 2, 3]])]
)
def test_from_samples_rejects_non_permutations(bad):
    with pytest.raises(ValueError, match="perms must be"):
        from_samples(bad)


def test_distribution_checks_its_counts_and_is_read_only():
    with pytest.raises(ValueError, match="n! = 6"):
        Distribution("x", 3, np.ones(5, dtype=np.int64), 5)
    with pytest.raises(ValueError, match="add up"):
        Distribution("x", 2, np.array([1, 1]), 3)
    with pytest.raises(TypeError, match="whole numbers"):
        Distribution("x", 2, np.array([0.5, 0.5]), 1)
    d = exact("fisher_yates", 3)
    with pytest.raises(ValueError, match="read-only"):
        d.counts[0] = 5
    with pytest.raises(ValueError, match="permutations of 3 items"):
        d.probability([0, 1])
    assert "max/min 1" in repr(d)


@settings(deadline=None)
@given(shape=st.sampled_from([(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)]), data=st.data())
def test_solvable_mask_agrees_with_parity(shape, data):
    n = shape[0] * shape[1]
    perm = data.draw(st.permutations(range(n)))
    assert solvable_mask(shape)[rank(perm)] == is_solvable(board_from_perm(perm, *shape))


def test_uniform_distributions():
    assert uniform(4).tv_distance() == 0
    half = uniform_solvable((2, 3))
    assert half.support_size == 360
    assert half.total == 360
    assert half.tv_distance_exact() == Fraction(1, 2)


def test_at_home_counts_skip_the_blank():
    assert at_home_counts(np.array([[0, 1, 2, 3], [3, 1, 2, 0], [1, 0, 3, 2]])).tolist() == [3, 2, 0]
    assert at_home_counts(np.array([[0, 1, 2, 3]]))[0] == Board.goal(2, 2).size - 1


# -- limits: refuse at once, say the limit and what to use instead --------------------------------------
@pytest.mark.parametrize(
    ("name", "n", "options", "words"),
    [
        ("naive_swap", MAX_EXACT_N + 1, {}, r"n <= 9.*sample"),
        ("fisher_yates", 12, {}, r"n <= 9.*sample"),
        ("sort_shuffle", 9, {}, r"n <= 8.*sample"),
        ("random_walk", 16, {"shape": (4, 4)}, r"up to 9 cells.*sample"),
        ("random_walk", 9, {"shape": (3, 3), "steps": 500}, r"300,000,000.*sample"),
    ],
)
def test_too_large_requests_fail_at_once(name, n, options, words):
    with pytest.raises(ValueError, match=words):
        exact(name, n, **options)


@pytest.mark.parametrize("n", [10, 1000, 2000, 10**7, 10**400], ids=["10", "1000", "2000", "1e7", "1e400"])
@pytest.mark.parametrize("name", ["fisher_yates", "naive_swap", "sort_shuffle", "tutorial_fisher_yates"])
def test_huge_n_is_refused_in_milliseconds_without_printing_n_factorial(name, n):
    start = time.process_time()
    words = r"too large \(the limit is n <= [89][):].*use an estimate"
    with pytest.raises(ValueError, match=words) as caught:
        exact(name, n)
    assert time.process_time() - start < 0.05
    assert len(str(caught.value)) < 300  # no 2,568-digit factorial in the message


def test_bad_requests_fail_with_clear_messages():
    with pytest.raises(ValueError, match="unknown shuffle"):
        exact("bogo", 3)
    with pytest.raises(ValueError, match="n must be >= 1"):
        exact("naive_swap", 0)
    with pytest.raises(TypeError, match="n must be a whole number"):
        exact("naive_swap", 3.0)
    with pytest.raises(TypeError, match="no options"):
        exact("naive_swap", 3, steps=3)
    with pytest.raises(TypeError, match="shape=, steps="):
        exact("random_walk", 4, shape=(2, 2), stpes=3)
    with pytest.raises(TypeError, match="shape"):
        exact("random_walk", 4)
    with pytest.raises(ValueError, match="4 cells, but n=6"):
        exact("random_walk", 6, shape=(2, 2))
    with pytest.raises(ValueError, match="steps"):
        exact("random_walk", 4, shape=(2, 2), steps=-2)
    with pytest.raises(ValueError, match="distribution has 4"):
        parity_fixed(exact("naive_swap", 4), (2, 3))


def test_an_interrupted_computation_leaves_nothing_half_built(monkeypatch):
    perm._swap_maps.cache_clear()
    calls = {"n": 0}
    real = perm.rank_many

    def interrupted(perms, check=True):
        calls["n"] += 1
        if calls["n"] == 3:
            raise KeyboardInterrupt
        return real(perms, check=check)

    monkeypatch.setattr(perm, "rank_many", interrupted)
    with pytest.raises(KeyboardInterrupt):
        exact("naive_swap", 5)
    monkeypatch.setattr(perm, "rank_many", real)
    assert exact("naive_swap", 5).counts.tolist() == brute_force("naive_swap", 5, [5] * 5)


def test_docstring_examples_run():
    result = doctest.testmod(distributions)
    assert result.attempted > 5
    assert result.failed == 0


@settings(max_examples=25, deadline=None)
@given(shape=st.sampled_from([(2, 2), (2, 3), (3, 2)]), steps=st.integers(0, 400))
def test_walk_counts_beyond_int64_equal_python_integers(shape, steps):
    """The limb arithmetic (counts past 2**63 after ~31 steps) against the same chain in Python ints."""
    rows, cols = shape
    neighbours = shuffles.walk_neighbours(rows, cols)
    counts = [0] * neighbours.shape[1]
    counts[0] = 1
    for _ in range(steps):
        counts = [sum(counts[int(neighbours[d][s])] for d in range(4)) for s in range(len(counts))]
    got = shuffles.walk_counts(rows, cols, steps)
    assert [int(x) for x in got] == counts
    assert sum(counts) == 4**steps


def test_a_walk_near_the_work_limit_counts_every_run():
    # 13,000 steps need ~840 limbs (the fuzz test's 5 s CPU bound found the old one-limb-at-a-time
    # carry taking a minute here; now 1.8 s)
    walk = distributions.exact("random_walk", 4, shape=(2, 2), steps=13_000)
    assert sum(int(c) for c in walk.counts) == 4**13_000
    assert walk.counts[0] == walk.counts.max()  # the start is the likeliest state after an even walk
