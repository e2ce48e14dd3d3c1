"""Library functions added for lessons 00-02, each checked against brute force or an independent route."""

from collections import Counter
from fractions import Fraction
from itertools import product
from math import factorial

import numpy as np
import pytest

from puzzlelab import Board, distributions, parity, sampling, shuffles
from puzzlelab.perm import all_permutations, rank
from puzzlelab.search import state_space_distances


def _column_order(rows, cols):
    return [y * cols + x for x in range(cols) for y in range(rows)]


def _brute_article_naive(rows, cols):
    """Every run of the article's double loop (n**n of them), counted by final permutation."""
    n, order = rows * cols, _column_order(rows, cols)
    found = Counter()
    for targets in product(range(n), repeat=n):
        cells = list(range(n))
        for here, there in zip(order, targets, strict=True):
            cells[here], cells[there] = cells[there], cells[here]
        found[tuple(cells)] += 1
    return found


@pytest.mark.parametrize("shape", [(2, 2), (2, 3), (3, 2)])
def test_article_naive_swap_exact_matches_every_run(shape):
    d = distributions.exact_article_naive_swap(shape)
    found = _brute_article_naive(*shape)
    assert d.total == sum(found.values())
    for perm in all_permutations(d.n).tolist():
        assert d.counts[rank(perm)] == found.get(tuple(perm), 0)


@pytest.mark.parametrize("shape", [(2, 2), (2, 3), pytest.param((3, 3), marks=pytest.mark.slow)])
def test_column_order_keeps_ratio_and_distance_but_moves_the_most_likely_board(shape):
    article = distributions.exact_article_naive_swap(shape)
    rowwise = distributions.exact("naive_swap", shape[0] * shape[1])
    assert article.max_min_ratio() == rowwise.max_min_ratio()
    assert article.tv_distance_exact() == rowwise.tv_distance_exact()
    assert sorted(article.counts.tolist()) == sorted(rowwise.counts.tolist())
    assert set(distributions.extremes(article)[0]).isdisjoint(distributions.extremes(rowwise)[0])


def test_article_naive_swap_samples_follow_the_exact_distribution():
    d = distributions.exact_article_naive_swap((2, 2))
    perms = np.array([shuffles.article_naive_swap(2, 2, rng=seed) for seed in range(12_000)])
    assert distributions.from_samples(perms).tv_distance(d) < 0.04


def test_extremes_lists_every_tie():
    for d in (distributions.exact("naive_swap", 4), distributions.exact("sort_shuffle", 4),
              distributions.exact("tutorial_fisher_yates", 5)):
        most, least = distributions.extremes(d)
        possible = [c for c in d.counts.tolist() if c > 0]
        assert len(most) == possible.count(max(possible))
        assert len(least) == possible.count(min(possible))
        assert all(d.probability(p) == Fraction(max(possible), d.total) for p in most)
        assert all(d.probability(p) == Fraction(min(possible), d.total) for p in least)


@pytest.mark.parametrize(
    ("shape", "steps"), [((2, 2), 7), ((2, 3), 30), ((3, 2), 12), ((3, 3), 9), ((2, 4), 40)]
)
def test_walk_home_chances_add_up_to_the_full_markov_chain(shape, steps):
    assert sum(distributions.walk_home_chances(shape, steps)) == distributions.expected_at_home(shape, steps)


def test_walk_home_chances_match_every_run_on_2x2():
    steps = 6
    home = [0] * 3
    for directions in product(range(4), repeat=steps):
        cells, empty = list(range(4)), 3
        for d in directions:
            target = int(shuffles.article_moves(2, 2)[empty, d])
            cells[empty], cells[target] = cells[target], cells[empty]
            empty = target
        for tile in range(3):
            home[tile] += cells[tile] == tile
    assert distributions.walk_home_chances((2, 2), steps) == [Fraction(h, 4**steps) for h in home]


def test_walk_home_chances_on_4x4_agree_with_sampling():
    exact = float(sum(distributions.walk_home_chances((4, 4), 30)))
    mean, low, high = distributions.sampled_at_home((4, 4), steps=30, size=100_000, rng=5)
    half = (high - low) / 2
    assert abs(mean - exact) < 2 * half  # 4 standard errors
    assert 8.24 < exact < 8.25


def test_walk_home_chances_refuse_bad_input():
    with pytest.raises(ValueError, match="steps"):
        distributions.walk_home_chances((4, 4), -1)
    with pytest.raises(ValueError, match="limit"):
        distributions.walk_home_chances((16, 16), 10_000)
    with pytest.raises(ValueError, match="shape"):
        distributions.walk_home_chances((4,), 3)


@pytest.mark.parametrize("shape", [(2, 2), (2, 3), (3, 2), pytest.param((2, 4), marks=pytest.mark.slow)])
@pytest.mark.parametrize("stale", [None, 0, 1])
def test_printed_fix_is_the_teaching_fix_on_every_board(shape, stale):
    rows, cols = shape
    n = rows * cols
    d = distributions.exact("fisher_yates", n)  # every arrangement, equally weighted
    after = distributions.printed_fix(d, shape, stale_blank=stale)
    found = Counter()
    for perm in all_permutations(n).tolist():
        board = shuffles.board_from_perm(perm, rows, cols)
        fixed = shuffles.article_printed_fix(board, stale_blank=stale)
        found[tuple(shuffles.perm_from_board(fixed))] += 1
    for perm in all_permutations(n).tolist():
        assert after.counts[rank(perm)] * factorial(n) // d.total == found.get(tuple(perm), 0)


def test_printed_fix_with_the_blank_refreshed_is_the_articles_fix():
    # with emptyLoc up to date the printed code is make_solvable; the stale version is not
    for perm in all_permutations(6).tolist()[::7]:
        board = shuffles.board_from_perm(perm, 2, 3)
        assert shuffles.article_printed_fix(board, stale_blank=board.blank) == shuffles.make_solvable(board)
    board = Board.parse("_ 3 1/4 5 6/7 8 2")
    assert not parity.is_solvable(shuffles.article_printed_fix(board))


@pytest.mark.parametrize("shape", [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2),
                                   pytest.param((3, 3), marks=pytest.mark.slow)])
@pytest.mark.parametrize("name", ["fisher_yates", "tutorial_fisher_yates"])
def test_printed_fix_unsolvable_matches_the_exact_distribution(shape, name):
    n = shape[0] * shape[1]
    if n < 3:
        with pytest.raises(ValueError, match="3 cells"):
            distributions.printed_fix_unsolvable(shape, name)
        return
    after = distributions.printed_fix(distributions.exact(name, n), shape)
    stuck = Fraction(int((after.counts * ~distributions.solvable_mask(shape)).sum()), after.total)
    assert distributions.printed_fix_unsolvable(shape, name) == stuck


@pytest.mark.parametrize("name", ["fisher_yates", "tutorial_fisher_yates"])
def test_printed_fix_unsolvable_on_4x4_agrees_with_running_the_code(name):
    size = 6_000
    perms = sampling.sample(name, 16, size, rng=3).tolist()
    stuck = sum(not parity.is_solvable(shuffles.article_printed_fix(shuffles.board_from_perm(p, 4, 4)))
                for p in perms)
    p = float(distributions.printed_fix_unsolvable((4, 4), name))
    assert abs(stuck / size - p) < 4 * (p * (1 - p) / size) ** 0.5


@pytest.mark.parametrize("shape", [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3)])
@pytest.mark.parametrize("blank", ["last", "first"])
def test_verdicts_by_rank_equal_breadth_first_search(shape, blank):
    goal = Board.goal(*shape, blank=blank)
    found = state_space_distances(*shape, goal) >= 0
    assert np.array_equal(distributions.verdicts_by_rank(shape, goal), found)


def test_rule_mistakes_finds_real_counterexamples():
    goal = Board.goal(2, 4)
    reachable = state_space_distances(2, 4, goal) >= 0
    share, example = distributions.rule_mistakes(parity.is_solvable, (2, 4), goal, reachable, rng=1)
    assert (share, example) == (0.0, None)
    even = parity.FORMULATIONS["inversions even (any width)"]
    share, example = distributions.rule_mistakes(even, (2, 4), goal, reachable, boards=300, rng=1)
    assert 0.3 < share < 0.7
    assert even(example, goal) != parity.is_solvable(example, goal)
    with pytest.raises(ValueError, match="entries"):
        distributions.rule_mistakes(even, (2, 4), goal, reachable[:10])
