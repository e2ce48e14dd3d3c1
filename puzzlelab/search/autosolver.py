"""The fourth seed article's 8-puzzle solver, reproduced as a configuration of the engine.

The article scores a board as ``2 x (Manhattan distance of all nine cells, blank included) +
steps``, keeps the boards to try in a list sorted by score (newest first among equal scores),
puts every board it expands on a *blacklist* and never generates a blacklisted board again,
and stops as soon as it *generates* the goal. It works on any shape and goal here, as
:func:`puzzlelab.search.article_solver` (method ``"article"``).

Because the score weighs the (inadmissible) distance twice and the search stops on
generation, its solutions are often longer than the optimum: compare with ``astar``.

>>> from puzzlelab import Board
>>> from puzzlelab.search import article_solver
>>> article_solver(Board.parse("1 2 3/4 5 6/_ 7 8")).moves
['R', 'R']
"""

from __future__ import annotations

from .engine import Strategy

__all__ = ["ARTICLE_STRATEGY", "article_score"]

#: The article's list handling: children tried in the order left, right, up, down (the blank's
#: direction), newest-first among equal scores, a blacklist of expanded boards, stop on generation.
ARTICLE_STRATEGY = Strategy(
    ties="lifo", goal_test="generate", duplicates="blacklist", order=("L", "R", "U", "D")
)


def article_score(g: int, h: float) -> float:
    """The article's score: twice the distance plus the steps taken."""
    return 2 * h + g
