"""Permutation ranking and the vectorised helpers, checked against plain Python."""

import itertools
from math import factorial

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlelab.parity import permutation_parity
from puzzlelab.perm import (
    MAX_TABLE_N,
    all_permutations,
    parity_many,
    rank,
    rank_many,
    unrank,
    unrank_many,
)


@settings(deadline=None)
@given(st.integers(1, 12).flatmap(lambda n: st.lists(st.permutations(range(n)), min_size=1, max_size=20)))
def test_rank_many_and_parity_many_match_one_at_a_time(perms):
    array = np.array(perms)
    assert rank_many(array).tolist() == [rank(p) for p in perms]
    assert parity_many(array).tolist() == [permutation_parity(p) for p in perms]
    for dtype in (np.int8, np.int16, np.int64):
        assert np.array_equal(rank_many(array.astype(dtype)), rank_many(array))
        assert np.array_equal(rank_many(np.asfortranarray(array.astype(dtype))), rank_many(array))
    assert unrank_many(rank_many(array), array.shape[1]).tolist() == [list(p) for p in perms]


@pytest.mark.parametrize("n", range(0, 8))
def test_all_permutations_lists_every_permutation_by_rank(n):
    table = all_permutations(n)
    assert table.shape == (factorial(n), n)
    assert [tuple(row) for row in table.tolist()] == list(itertools.permutations(range(n)))
    assert rank_many(table).tolist() == list(range(factorial(n)))
    assert all(tuple(table[r]) == unrank(r, n) for r in range(0, factorial(n), 7))


def test_all_permutations_refuses_large_tables():
    with pytest.raises(ValueError, match=f"n = 0..{MAX_TABLE_N}"):
        all_permutations(MAX_TABLE_N + 1)
    with pytest.raises(ValueError, match="n must be >= 0"):
        all_permutations(-1)


def test_vectorised_helpers_need_two_dimensions():
    for helper in (rank_many, parity_many):
        with pytest.raises(ValueError, match="2-d"):
            helper(np.arange(4))


def test_rows_that_are_not_permutations_are_refused_not_ranked():
    with pytest.raises(ValueError, match="row 1 repeats"):
        rank_many(np.array([[0, 1, 2], [0, 0, 2]]))
    with pytest.raises(ValueError, match="out of range"):
        rank_many(np.array([[0, 1, 3]]))
    with pytest.raises(TypeError, match="perms must be an array of whole numbers"):
        rank_many(np.array([[0.0, 1.0]]))
    with pytest.raises(TypeError, match="perm must be a list"):
        rank(x for x in [1, 0])
    with pytest.raises(ValueError, match="perm must be a permutation"):
        rank([1, 1])


def test_half_of_all_permutations_are_even():
    assert parity_many(all_permutations(6)).sum() == factorial(6) // 2
