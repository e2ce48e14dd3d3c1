"""Shuffles: teaching versions, batch versions (sampling), the parity fix, random solvable boards."""

import doctest
import itertools
from math import factorial

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlelab import Board, sampling, shuffles
from puzzlelab.distributions import exact
from puzzlelab.parity import is_solvable
from puzzlelab.perm import rank_many
from puzzlelab.sampling import MAX_SAMPLE_CELLS, MAX_SAMPLE_WORK, sample
from puzzlelab.shuffles import (
    MAX_SORT_TREE_N,
    SHUFFLES,
    board_from_perm,
    make_solvable,
    perm_from_board,
    random_solvable_board,
    shuffle_board,
    sort_shuffle_tree,
)

SHAPES = [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 4), (3, 5)]


def run(name, shape, rng):
    """One teaching shuffle of a board's cells (only the random walk needs the shape)."""
    n = shape[0] * shape[1]
    return (
        SHUFFLES[name].function(n, rng, shape=shape)
        if name == "random_walk"
        else SHUFFLES[name].function(n, rng)
    )


def chi_square(observed, expected_probabilities):
    """Pearson's statistic over the cells with non-zero expected probability, and its degrees of freedom."""
    total = observed.sum()
    support = expected_probabilities > 0
    assert observed[~support].sum() == 0, "a sample landed on a permutation of probability zero"
    expected = expected_probabilities[support] * total
    return float((((observed[support] - expected) ** 2) / expected).sum()), int(support.sum()) - 1


def assert_fits(observed, expected_probabilities):
    """Seeded, so deterministic; the bound is about 6 standard deviations above the mean."""
    statistic, df = chi_square(observed, expected_probabilities)
    assert statistic < df + 6 * np.sqrt(2 * df) + 10, (statistic, df)


# -- teaching versions -----------------------------------------------------------------
@settings(deadline=None)
@given(name=st.sampled_from(sorted(SHUFFLES)), shape=st.sampled_from(SHAPES), seed=st.integers(0, 2**32))
def test_every_teaching_shuffle_returns_a_permutation_and_repeats_with_its_seed(name, shape, seed):
    first = run(name, shape, seed)
    assert sorted(first) == list(range(shape[0] * shape[1]))
    assert all(type(x) is int for x in first)
    assert run(name, shape, seed) == first
    assert run(name, shape, np.random.default_rng(seed)) == first


@settings(deadline=None)
@given(n=st.integers(2, 12), seed=st.integers(0, 2**32))
def test_tutorial_loop_leaves_no_item_in_its_cell_and_makes_one_cycle(n, seed):
    perm = shuffles.tutorial_fisher_yates(n, seed)
    assert all(perm[i] != i for i in range(n))
    seen, k = {0}, perm[0]
    while k != 0:
        seen.add(k)
        k = perm[k]
    assert len(seen) == n


@settings(deadline=None)
@given(shape=st.sampled_from(SHAPES), steps=st.integers(0, 60), seed=st.integers(0, 2**32))
def test_random_walk_moves_only_the_blank_by_slides_so_boards_stay_solvable(shape, steps, seed):
    rows, cols = shape
    perm = shuffles.random_walk(rows * cols, seed, shape=shape, steps=steps)
    board = board_from_perm(perm, rows, cols)
    assert is_solvable(board)
    r, c = board.blank_position
    assert (rows - 1 - r) + (cols - 1 - c) <= steps


def test_random_walk_directions_follow_the_article():
    class Always(np.random.Generator):
        def __init__(self, value):
            super().__init__(np.random.PCG64(0))
            self.value = value

        def random(self, *args, **kwargs):
            return self.value

    start = (3, 3)  # blank in the bottom right corner of 3x3
    expected_blank = {0: 7, 1: 5, 2: 8, 3: 8}  # left, up, right (blocked), down (blocked)
    for direction, blank in expected_blank.items():
        perm = shuffles.random_walk(9, Always((direction + 0.5) / 4), shape=start, steps=1)
        assert perm.index(8) == blank
    assert shuffles.ARTICLE_DIRECTIONS == ("L", "U", "R", "D")


def test_zero_steps_and_one_item_are_the_identity():
    assert shuffles.random_walk(6, 1, shape=(2, 3), steps=0) == list(range(6))
    for name in ("naive_swap", "tutorial_fisher_yates", "fisher_yates", "sort_shuffle"):
        assert SHUFFLES[name].function(1, 0) == [0]


@pytest.mark.parametrize(
    ("bad", "error"),
    [
        (0, ValueError),
        (-3, ValueError),
        (2.5, TypeError),
        (True, TypeError),
        ("4", TypeError),
        (None, TypeError),
    ],
)
def test_bad_sizes_fail_at_once(bad, error):
    for name in ("naive_swap", "tutorial_fisher_yates", "fisher_yates", "sort_shuffle"):
        with pytest.raises(error, match=r"^n must be"):
            SHUFFLES[name].function(bad, 0)
    with pytest.raises(error, match=r"^n must be"):
        sample("fisher_yates", bad, 3)


@pytest.mark.parametrize("bad", ["abc", 1.5, True])
def test_bad_rng_is_a_type_error(bad):
    with pytest.raises(TypeError, match="rng must be"):
        shuffles.fisher_yates(4, bad)
    with pytest.raises(TypeError, match="rng must be"):
        sample("naive_swap", 4, 2, bad)


def test_sample_names_the_options_it_takes():
    with pytest.raises(TypeError, match="the naive_swap shuffle takes no options; got steps"):
        sample("naive_swap", 4, 3, steps=3)
    with pytest.raises(TypeError, match="takes shape=, steps=; got stepz"):
        sample("random_walk", 4, 3, shape=(2, 2), stepz=3)


def test_each_shuffle_declares_its_options_once_and_every_entry_point_uses_it():
    """The random walk's shape rule lives in its declaration: teaching, batch, exact and
    shuffle_board all refuse the same bad options with the same message."""
    walk = SHUFFLES["random_walk"]
    assert walk.shape_option
    assert walk.option_names == ("shape", "steps")
    assert walk.board_options(2, 3, {}) == {"shape": (2, 3), "steps": 30}
    assert all(not s.option_names for name, s in SHUFFLES.items() if name != "random_walk")
    calls = [
        lambda **o: shuffles.random_walk(4, 0, **o),
        lambda **o: sample("random_walk", 4, 2, 0, **o),
        lambda **o: exact("random_walk", 4, **o),
    ]
    for call in calls:
        with pytest.raises(ValueError, match="shape 3x3 has 9 cells, but n=4"):
            call(shape=(3, 3))
        with pytest.raises(ValueError, match="steps must be >= 0"):
            call(shape=(2, 2), steps=-1)
        with pytest.raises(TypeError, match="steps must be a whole number"):
            call(shape=(2, 2), steps=1.5)
    with pytest.raises(ValueError, match="steps must be >= 0"):
        shuffle_board("random_walk", 2, 2, 0, steps=-1)


def test_random_walk_argument_errors():
    with pytest.raises(TypeError, match="shape"):
        shuffles.random_walk(9, 0, shape=None)
    with pytest.raises(ValueError, match="9 cells, but n=8"):
        shuffles.random_walk(8, 0, shape=(3, 3))
    with pytest.raises(ValueError, match="out of range"):
        shuffles.random_walk(17, 0, shape=(1, 17))
    with pytest.raises(ValueError, match="steps"):
        shuffles.random_walk(4, 0, shape=(2, 2), steps=-1)
    with pytest.raises(TypeError):
        shuffles.random_walk(4, 0, (2, 2))  # shape is keyword-only


# -- boards ------------------------------------------------------------------------------
@settings(deadline=None)
@given(shape=st.sampled_from(SHAPES), data=st.data())
def test_board_and_permutation_convert_both_ways(shape, data):
    rows, cols = shape
    perm = data.draw(st.permutations(range(rows * cols)))
    for blank in ("last", "first"):
        goal = Board.goal(rows, cols, blank=blank)
        board = board_from_perm(perm, rows, cols, goal=goal)
        assert perm_from_board(board, goal=goal) == list(perm)
        assert all(board.tiles[i] == goal.tiles[perm[i]] for i in range(rows * cols))


def test_board_from_perm_rejects_non_permutations():
    with pytest.raises(ValueError, match="perm must be a permutation"):
        board_from_perm([0, 0, 1, 2], 2, 2)
    with pytest.raises(ValueError, match="goal is 3x3"):
        board_from_perm([0, 1, 2, 3], 2, 2, goal=Board.goal(3, 3))


@settings(deadline=None)
@given(shape=st.sampled_from(SHAPES), data=st.data())
def test_make_solvable_swaps_two_tiles_only_when_needed(shape, data):
    rows, cols = shape
    n = rows * cols
    board = board_from_perm(data.draw(st.permutations(range(n))), rows, cols)
    fixed = make_solvable(board)
    assert is_solvable(fixed)
    if is_solvable(board):
        assert fixed is board
        return
    changed = [i for i in range(n) if board.tiles[i] != fixed.tiles[i]]
    assert changed == ([n - 2, n - 1] if board.blank in (0, 1) else [0, 1])  # the article's special case
    assert fixed.blank == board.blank


@pytest.mark.parametrize("shape", [(2, 2), (2, 3), (3, 2)])
def test_make_solvable_pairs_each_unsolvable_board_with_a_different_solvable_one(shape):
    rows, cols = shape
    boards = [board_from_perm(p, rows, cols) for p in itertools.permutations(range(rows * cols))]
    images = [make_solvable(b) for b in boards if not is_solvable(b)]
    assert len(set(images)) == len(images) == factorial(rows * cols) // 2


def test_make_solvable_needs_a_board():
    with pytest.raises(TypeError, match="board must be a Board"):
        make_solvable([1, 2, 3, 0])


@settings(deadline=None)
@given(shape=st.sampled_from(SHAPES), blank=st.sampled_from(["last", "first"]), seed=st.integers(0, 2**32))
def test_random_solvable_boards_reach_their_goal(shape, blank, seed):
    goal = Board.goal(*shape, blank=blank)
    board = random_solvable_board(*shape, seed, goal=goal)
    assert board.shape == shape
    assert is_solvable(board, goal)


def test_random_solvable_board_gives_every_solvable_2x3_board_the_same_chance():
    rng = np.random.default_rng(11)
    boards = [random_solvable_board(2, 3, rng) for _ in range(14_400)]
    perms = np.array([perm_from_board(b) for b in boards])
    observed = np.bincount(rank_many(perms), minlength=720)
    expected = np.array([is_solvable(board_from_perm(p, 2, 3)) for p in itertools.permutations(range(6))])
    assert_fits(observed, expected / expected.sum())


@settings(deadline=None)
@given(name=st.sampled_from(sorted(SHUFFLES)), shape=st.sampled_from(SHAPES), seed=st.integers(0, 2**32))
def test_shuffle_board_uses_the_named_shuffle_and_can_fix_parity(name, shape, seed):
    rows, cols = shape
    board = shuffle_board(name, rows, cols, seed)
    assert board == board_from_perm(run(name, shape, seed), rows, cols)
    assert is_solvable(shuffle_board(name, rows, cols, seed, solvable=True))
    if name == "random_walk":
        assert is_solvable(board)


def test_shuffle_board_passes_options_and_rejects_unknown_names():
    assert shuffle_board("random_walk", 4, 4, 0, steps=0) == Board.goal(4, 4)
    with pytest.raises(ValueError, match="unknown shuffle 'bogo'"):
        shuffle_board("bogo", 3, 3)
    with pytest.raises(ValueError, match="unknown shuffle"):
        sample("bogo", 3, 3)


# -- batch versions ------------------------------------------------------------------------
@pytest.mark.parametrize("old", ["sample", "MAX_SAMPLE_CELLS", "_article_moves", "ALGORITHMS", "_algorithm"])
def test_old_names_are_gone(old):
    """One name per thing: the batch sampler lives in sampling, each shuffle's function in SHUFFLES."""
    with pytest.raises(AttributeError):
        getattr(shuffles, old)


@pytest.mark.parametrize("name", sorted(SHUFFLES))
def test_sample_gives_rows_of_permutations_repeatably(name):
    options = {"shape": (3, 3)} if name == "random_walk" else {}
    rows = sample(name, 9, 500, 5, **options)
    assert rows.shape == (500, 9)
    assert rows.dtype == np.int64
    assert np.array_equal(sample(name, 9, 500, 5, dtype=np.int8, **options), rows)
    assert (np.sort(rows, axis=1) == np.arange(9)).all()
    assert np.array_equal(sample(name, 9, 500, np.random.default_rng(5), **options), rows)
    assert sample(name, 9, 0, 5, **options).shape == (0, 9)


def test_sample_arithmetic_does_not_wrap_and_dtype_must_hold_the_items():
    rows = sample("fisher_yates", 9, 50, 0)
    assert (rows * 100).max() == 800  # int8 would give 32
    assert sample("fisher_yates", 9, 3, 0, dtype=np.int16).dtype == np.int16
    wide = sample("naive_swap", 256, 4, 0)
    assert (np.sort(wide, axis=1) == np.arange(256)).all()
    with pytest.raises(ValueError, match="dtype=int8 cannot hold values up to 199"):
        sample("fisher_yates", 200, 3, 0, dtype=np.int8)
    with pytest.raises(TypeError, match="dtype must be a numpy integer type"):
        sample("fisher_yates", 4, 3, 0, dtype=float)


def test_sample_in_chunks_gives_the_rows_of_one_long_draw():
    """Chunking bounds memory; the first chunk is exactly the unchunked draw."""
    n = 16
    chunk = sampling.CHUNK_CELLS // n
    rows = sample("naive_swap", n, chunk + 5, 3)
    assert np.array_equal(rows[:chunk], sample("naive_swap", n, chunk, 3))
    assert (np.sort(rows, axis=1) == np.arange(n)).all()


def test_sample_refuses_huge_batches_at_once():
    with pytest.raises(ValueError, match="smaller batches"):
        sample("fisher_yates", 100, MAX_SAMPLE_CELLS // 100 + 1)
    with pytest.raises(ValueError, match="size must be >= 0"):
        sample("fisher_yates", 4, -1)
    with pytest.raises(ValueError, match=r"permutation\(n\) for one long shuffle"):
        sample("fisher_yates", 10**7, 1)
    with pytest.raises(ValueError, match="fewer steps"):
        sample("random_walk", 16, 1000, shape=(4, 4), steps=10**6)
    assert sampling.sample_work("fisher_yates", 10**7, 1) > MAX_SAMPLE_WORK


@pytest.mark.parametrize(
    ("name", "n", "options"),
    [
        ("naive_swap", 4, {}),
        ("tutorial_fisher_yates", 5, {}),
        ("fisher_yates", 4, {}),
        ("sort_shuffle", 4, {}),
        ("random_walk", 6, {"shape": (2, 3), "steps": 6}),
    ],
)
def test_batch_and_teaching_versions_follow_the_exact_distribution(name, n, options):
    truth = exact(name, n, **options).probabilities()
    batch = sample(name, n, 60_000, 3, **options)
    assert_fits(np.bincount(rank_many(batch), minlength=factorial(n)), truth)
    rng = np.random.default_rng(4)
    teaching = np.array([SHUFFLES[name].function(n, rng, **options) for _ in range(12_000)])
    assert_fits(np.bincount(rank_many(teaching), minlength=factorial(n)), truth)


def test_chi_square_check_catches_a_biased_sampler():
    """The check above must be able to fail: naive swap samples do not fit Fisher-Yates."""
    observed = np.bincount(rank_many(sample("naive_swap", 4, 60_000, 3)), minlength=24)
    statistic, df = chi_square(observed, exact("fisher_yates", 4).probabilities())
    assert statistic > df + 6 * np.sqrt(2 * df) + 10


def test_sort_shuffle_beyond_its_tree_runs_the_teaching_version():
    rows = sample("sort_shuffle", MAX_SORT_TREE_N + 2, 50, 1)
    assert (np.sort(rows, axis=1) == np.arange(MAX_SORT_TREE_N + 2)).all()


@pytest.mark.parametrize("n", range(1, 7))
def test_sort_tree_probabilities_add_up_to_one(n):
    ranks, depths = sort_shuffle_tree(n)
    deepest = int(depths.max())
    assert sum(1 << (deepest - int(d)) for d in depths) == 1 << deepest
    assert set(ranks.tolist()) == set(range(factorial(n)))  # every order can come out


def test_sort_tree_refuses_large_n():
    with pytest.raises(ValueError, match=r"n <= 8.*sample"):
        sort_shuffle_tree(MAX_SORT_TREE_N + 1)


def test_docstring_examples_run():
    result = doctest.testmod(shuffles)
    assert result.attempted > 10
    assert result.failed == 0
