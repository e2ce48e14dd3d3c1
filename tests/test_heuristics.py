"""Heuristics: admissible ones never exceed the true distance (all 8-puzzle positions), and the
incremental forms the engine uses agree with the plain functions."""

import random
from math import factorial

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlelab import Board
from puzzlelab.heuristics import (
    ADMISSIBLE,
    HEURISTICS,
    incremental,
    linear_conflict,
    manhattan,
    manhattan_with_blank,
    misplaced,
    zero,
)
from puzzlelab.perm import unrank
from puzzlelab.search import state_space_distances

GOALS = {
    "last": Board.goal(3, 3),
    "first": Board.goal(3, 3, blank="first"),
}


def _reachable(goal, step=1):
    dist = state_space_distances(goal.rows, goal.cols, goal)
    ranks = np.flatnonzero(dist >= 0)[::step]
    return [(Board(unrank(int(r), goal.size), goal.rows, goal.cols), int(dist[r])) for r in ranks]


@pytest.mark.slow
@pytest.mark.parametrize("goal_name", list(GOALS))
def test_admissible_heuristics_never_exceed_the_distance_on_every_8_puzzle_position(goal_name):
    goal = GOALS[goal_name]
    for board, d in _reachable(goal):
        mis, man, lc = misplaced(board, goal), manhattan(board, goal), linear_conflict(board, goal)
        assert mis <= man <= lc <= d, (board, mis, man, lc, d)
        assert (lc - man) % 2 == 0
        assert (d - man) % 2 == 0


@pytest.mark.parametrize("shape", [(2, 3), (3, 2), (2, 4), (4, 2)])
def test_admissible_on_every_position_of_small_rectangles(shape):
    for blank in ("last", "first"):
        goal = Board.goal(*shape, blank=blank)
        for board, d in _reachable(goal, step=1 if factorial(goal.size) < 10_000 else 7):
            assert linear_conflict(board, goal) <= d
            assert misplaced(board, goal) <= manhattan(board, goal)


def test_article_score_is_not_admissible():
    board = Board.parse("1 2 3/4 5 6/7 _ 8")  # one move from the goal
    assert manhattan_with_blank(board) == 2 > 1
    assert "manhattan_with_blank" not in ADMISSIBLE


def test_linear_conflict_counts_three_tiles_in_reverse_as_two_removals():
    # 3 2 1 in the top row: the longest in-order run is one tile, so two tiles leave: +4
    assert (
        linear_conflict(Board.parse("3 2 1/4 5 6/7 8 _")) == manhattan(Board.parse("3 2 1/4 5 6/7 8 _")) + 4
    )


def test_column_conflicts_count_too():
    board = Board.parse("4 2 3/1 5 6/7 8 _")
    assert linear_conflict(board) == manhattan(board) + 2


def test_heuristics_are_zero_at_the_goal():
    for goal in (Board.goal(3, 3), Board.goal(4, 4, blank="first"), Board.goal(2, 5)):
        for h in HEURISTICS.values():
            assert h(goal, goal) == 0


def test_goal_of_another_shape_is_refused():
    with pytest.raises(ValueError, match="goal is 2x2"):
        manhattan(Board.goal(3, 3), Board.goal(2, 2))


def test_default_goal_is_blank_last():
    board = Board.parse("1 2 3/4 5 6/7 _ 8")
    assert manhattan(board) == manhattan(board, Board.goal(3, 3)) == 1


def _walk(goal, rng, steps):
    board = goal
    for _ in range(steps):
        board = board.move(rng.choice(board.moves()))
    return board


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from([(3, 3), (4, 4), (2, 5), (5, 3)]),
    st.sampled_from(["last", "first"]),
    st.integers(0, 2**32),
    st.sampled_from(["misplaced", "manhattan", "linear_conflict", "manhattan_with_blank", "zero"]),
)
def test_incremental_form_agrees_with_the_function_along_random_walks(shape, blank, seed, name):
    goal = Board.goal(*shape, blank=blank)
    h = HEURISTICS[name]
    inc = incremental(h, goal)
    rng = random.Random(seed)
    board = _walk(goal, rng, 40)
    value = inc.initial(board.tiles)
    assert value == h(board, goal)
    for _ in range(30):
        move = rng.choice(board.moves())
        child = board.move(move)
        tile_cell = child.blank  # the tile slid from where the blank now is to where it was
        value = inc.step(value, board.tiles, board.tiles[tile_cell], tile_cell, board.blank)
        assert value == h(child, goal), (board, move)
        board = child


def test_a_students_heuristic_is_called_on_boards():
    calls = []

    def mine(board, goal):
        calls.append(board)
        return misplaced(board, goal)

    inc = incremental(mine, Board.goal(3, 3))
    assert inc.initial((1, 2, 3, 4, 5, 6, 7, 0, 8)) == 1
    assert isinstance(calls[0], Board)


def test_a_heuristic_returning_nonsense_is_a_type_error():
    inc = incremental(lambda board, goal: "far", Board.goal(3, 3))
    with pytest.raises(TypeError, match="not a number"):
        inc.initial(Board.goal(3, 3).tiles)
    with pytest.raises(TypeError, match="must be a function"):
        incremental(42, Board.goal(3, 3))


def test_zero_is_zero():
    assert zero(Board.parse("8 6 7/2 5 4/3 _ 1")) == 0
