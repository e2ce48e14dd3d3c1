"""Whole state spaces by breadth-first search, checked against known figures and single searches."""

from math import factorial

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlelab import Board
from puzzlelab.parity import is_solvable
from puzzlelab.perm import rank, unrank
from puzzlelab.search import bfs, distance_histogram, hardest, state_space_distances

# Reinefeld (1993): positions of the 8-puzzle at each distance from the blank-corner goal
EIGHT_PUZZLE_COUNTS = [
    1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529,
    10878, 16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
]  # fmt: skip


def test_eight_puzzle_distance_counts_match_the_literature():
    hist = distance_histogram(3, 3)
    assert [hist[d] for d in range(32)] == EIGHT_PUZZLE_COUNTS
    assert sum(hist.values()) == factorial(9) // 2


def test_unreachable_half_is_marked_minus_one_and_matches_parity():
    dist = state_space_distances(3, 3)
    assert dist.dtype == np.int8
    assert dist.shape == (factorial(9),)
    assert (dist < 0).sum() == factorial(9) // 2
    for r in range(0, factorial(9), 9973):
        board = Board(unrank(r, 9), 3, 3)
        assert (dist[r] >= 0) == is_solvable(board)


def test_hardest_eight_puzzle_positions_are_31_moves():
    boards = hardest(3, 3)
    assert len(boards) == 2
    assert {b.text() for b in boards} == {"8 6 7/2 5 4/3 _ 1", "6 4 7/8 5 _/3 2 1"}


@pytest.mark.parametrize(
    ("rows", "cols", "diameter"), [(2, 2, 6), (2, 3, 21), (3, 2, 21), (2, 4, 36), (4, 2, 36)]
)
def test_rectangles_have_the_known_diameters(rows, cols, diameter):
    hist = distance_histogram(rows, cols)
    assert max(hist) == diameter
    assert sum(hist.values()) == factorial(rows * cols) // 2


def test_blank_first_goal_is_supported_and_differs():
    goal = Board.goal(3, 3, blank="first")
    dist = state_space_distances(3, 3, goal)
    assert dist[rank(goal.tiles)] == 0
    assert max(distance_histogram(3, 3, goal)) == 31
    assert dist[rank(Board.goal(3, 3).tiles)] > 0


@pytest.mark.parametrize(("rows", "cols"), [(4, 4), (3, 4), (2, 5), (5, 2)])
def test_too_large_a_space_is_refused_with_the_reason(rows, cols):
    with pytest.raises(ValueError, match=r"too many to enumerate.*astar"):
        state_space_distances(rows, cols)


def test_goal_of_another_shape_is_refused():
    with pytest.raises(ValueError, match="not 2x3"):
        state_space_distances(2, 3, Board.goal(3, 2))


def test_result_is_read_only():
    with pytest.raises(ValueError, match="read-only"):
        state_space_distances(2, 3)[0] = 5


@settings(max_examples=25, deadline=None)
@given(st.integers(0, factorial(6) - 1), st.sampled_from([(2, 3), (3, 2)]))
def test_distances_agree_with_a_single_breadth_first_search(r, shape):
    board = Board(unrank(r, 6), *shape)
    dist = state_space_distances(*shape)
    if dist[r] < 0:
        with pytest.raises(ValueError, match="never reach"):
            bfs(board)
    else:
        assert bfs(board).cost == dist[r]
