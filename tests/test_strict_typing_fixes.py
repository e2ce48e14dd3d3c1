"""Bugs that mypy --strict found in the algorithm layers (issue 21): each raised an AttributeError
from inside the library instead of the clear error its function promises."""

from __future__ import annotations

import pytest

from puzzlelab import Board
from puzzlelab.search import astar, ida_star
from puzzlelab.search.encode import encode_run


def test_an_ida_run_with_a_goal_is_refused_as_not_best_first():
    """IDA*'s first event is a "bound" with no node: the goal's shape check read its .shape."""
    run = ida_star("1 2 3/4 _ 5/7 8 6", record=True)
    for goal in (Board.goal(3, 3), Board.goal(2, 2), None):
        with pytest.raises(ValueError, match="only best-first runs"):
            encode_run(run, goal=goal)
    # a best-first run still checks the goal's shape
    with pytest.raises(ValueError, match="goal is 2x2 but the run's boards are 3x3"):
        encode_run(astar("1 2 3/4 _ 5/7 8 6", record=True), goal=Board.goal(2, 2))


class _ArrayWithoutShape:
    """Array-like enough for Board.parse (ndim and tolist) but with no .shape."""

    def __init__(self, ndim: int, rows: list[list[int]]) -> None:
        self.ndim = ndim
        self.rows = rows

    def tolist(self) -> list[list[int]]:
        return self.rows


def test_an_array_of_the_wrong_dimension_without_shape_is_a_value_error():
    with pytest.raises(ValueError, match="must be a 1-d or 2-d array"):
        Board.parse(_ArrayWithoutShape(3, []))
    # the right dimension is read as before
    assert Board.parse(_ArrayWithoutShape(2, [[1, 2], [3, 0]])) == Board.goal(2, 2)
