"""Checks for lesson 03 (search): each computes the truth with the library, never prints it.

>>> from puzzlelab import heuristics
>>> check_manhattan(heuristics.manhattan)
correct: Manhattan distance
"""

from __future__ import annotations

import numpy as np

from .. import heuristics, search
from ..board import Board
from ..lesson_tools import exact_distance
from ..shuffles import shuffle_board, uniform_solvable
from ._core import WrongAnswer, call, exercise, expect, same

__all__ = [
    "LESSON_EXAMPLE",
    "check_article_detour",
    "check_greedy_extra",
    "check_manhattan",
    "check_my_heuristic",
    "check_overestimate",
]

#: The board the lesson itself uses to show the article's solver taking a detour.
LESSON_EXAMPLE = Board.parse("3 5 _/6 1 2/4 7 8")


def _article_solver():
    """The article's solver (named ``article_solver`` since the search rewrite)."""
    return getattr(search, "article_solver", None) or search.auto_solver


def _as_board(value, where: str) -> Board:
    """A student's board, given as a Board or as text such as "1 2 3/4 5 6/7 _ 8"."""
    if isinstance(value, Board):
        return value
    try:
        return Board.parse(value)
    except (TypeError, ValueError) as error:
        raise WrongAnswer(
            f"{where} returned {value!r}, which is not a board ({error})",
            hint='return a Board or text such as "1 2 3/4 5 6/7 _ 8"',
        ) from None


def _solvable_3x3(board: Board, where: str) -> None:
    expect(
        board.shape == (3, 3), f"{where} returned a {board.rows}x{board.cols} board", hint="give a 3x3 board"
    )
    expect(
        exact_distance(board) >= 0,
        f"{where} returned {board.text()}, which cannot reach the goal",
        hint="lesson 02: swap two tiles (not the blank) to fix its parity",
    )


def _manhattan_cases(hidden: bool) -> list[tuple[Board, Board]]:
    cases = [
        (Board.parse("1 2 3/4 5 6/_ 7 8"), Board.goal(3, 3)),  # the blank's own distance must not count
        (Board.parse("8 7 3/1 _ 4/6 2 5"), Board.goal(3, 3)),
        (Board.parse("8 7 3/1 _ 4/6 2 5"), Board.goal(3, 3, blank="first")),
        (Board.parse("2 1 4 3 _/9 8 7 6 5"), Board.goal(2, 5)),
    ]
    rng = np.random.default_rng(303 if hidden else 3)
    shapes = [(3, 3), (4, 4), (2, 5), (5, 3)]
    for k in range(300 if hidden else 20):
        rows, cols = shapes[k % len(shapes)]
        goal = Board.goal(rows, cols, blank=("last", "first")[k % 2])
        cases.append((shuffle_board("fisher_yates", rows, cols, rng), goal))
    return cases


@exercise("Manhattan distance")
def check_manhattan(my_manhattan, *, hidden=False):
    """``my_manhattan(board, goal)`` equals ``heuristics.manhattan`` on boards of several shapes
    and both goal conventions."""
    for board, goal in _manhattan_cases(hidden):
        same(
            call(my_manhattan, board, goal),
            heuristics.manhattan(board, goal),
            where=f"board {board.text()!r} and goal {goal.text()!r}",
            hint="skip the blank (0); use the goal's position of each tile, not the board's index",
        )


@exercise("greedy best-first: extra moves")
def check_greedy_extra(greedy_extra_moves, *, hidden=False):
    """``greedy_extra_moves(board)`` is greedy best-first search's solution length minus the
    optimum, on solvable 3x3 boards."""
    boards = [Board.parse("8 7 3/1 _ 4/6 2 5"), LESSON_EXAMPLE]
    boards += [uniform_solvable(3, 3, rng=seed) for seed in (range(100, 112) if hidden else (7, 8))]
    for board in boards:
        same(
            call(greedy_extra_moves, board),
            search.greedy(board).cost - exact_distance(board),
            where=f"board {board.text()!r}",
            reveal=False,
            hint="run search.greedy(board), read .cost, subtract the optimum (exact_distance(board))",
        )


@exercise("a board where manhattan + misplaced overestimates")
def check_overestimate(overestimate_board, *, hidden=False):
    """``overestimate_board()`` returns a solvable 3x3 board whose manhattan + misplaced exceeds
    its true distance to the goal."""
    board = _as_board(call(overestimate_board), "overestimate_board()")
    _solvable_3x3(board, "overestimate_board()")
    h = heuristics.manhattan(board) + heuristics.misplaced(board)
    d = exact_distance(board)
    expect(
        h > d,
        f"on {board.text()} h = manhattan + misplaced = {h}, and the board is {d} moves from the goal: "
        "h does not overestimate there",
        hint="try boards very close to the goal",
    )


@exercise("a detour of the article's solver")
def check_article_detour(article_detour, *, hidden=False):
    """``article_detour()`` returns a solvable 3x3 board, not the lesson's example, on which the
    article's solver returns a solution longer than the optimum."""
    board = _as_board(call(article_detour), "article_detour()")
    _solvable_3x3(board, "article_detour()")
    expect(board != LESSON_EXAMPLE, "that is the lesson's own example", hint="find another board")
    found, d = _article_solver()(board).cost, exact_distance(board)
    expect(
        found > d,
        f"on {board.text()} the article's solver finds a {found}-move solution, and that is optimal",
        hint="try several random boards: shuffles.uniform_solvable(3, 3, rng=seed)",
    )


def _sample_boards(count: int, seed: int) -> list[Board]:
    return [uniform_solvable(3, 3, rng=seed * 100_000 + k) for k in range(count)]


@exercise("an admissible heuristic that beats misplaced tiles")
def check_my_heuristic(my_heuristic, *, hidden=False):
    """``my_heuristic(board, goal)`` never overestimates on sampled 3x3 boards, and A* with it
    expands fewer nodes than with misplaced tiles on three boards."""
    goal = Board.goal(3, 3)
    for board in [goal, *_sample_boards(3000 if hidden else 300, 4 if hidden else 3)]:
        h, d = call(my_heuristic, board, goal), exact_distance(board)
        expect(
            h <= d,
            f"not admissible: h = {h} on {board.text()!r}, which is only {d} moves from the goal",
            hint="count only moves that every solution must make",
        )
    instances = [uniform_solvable(3, 3, rng=seed) for seed in (1, 5, 16)]
    mine = sum(search.astar(b, heuristic=my_heuristic).expanded for b in instances)
    base = sum(search.astar(b, heuristic=heuristics.misplaced).expanded for b in instances)
    expect(
        mine < base,
        f"A* with your heuristic expands {mine:,} nodes on three boards, misplaced tiles {base:,}",
        hint="a tile far from home needs more than one move",
    )
