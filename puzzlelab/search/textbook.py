"""Textbook search: best-first search and IDA* as a lesson writes them, on boards.

These are the short versions to read; :mod:`puzzlelab.search.engine` and
:mod:`puzzlelab.search.ida` are the fast ones, tested to return the same cost and to expand the
same boards in the same order (same tie rule).

Words: a *node* is a board reached by a path, with ``g`` (moves so far) and ``h`` (the
heuristic's estimate of the moves left); the *frontier* holds nodes waiting to be *expanded*
(smallest priority first); *reached* maps each board to the best node found for it; expanding a
node makes its children, one per move.

Every classic search is one choice of the priority ``f(g, h)``:

===================  =======================  ==========================================
search               f(g, h)                  other rules
===================  =======================  ==========================================
breadth-first        ``g``                    first in, first out among equals
greedy               ``h``
A*                   ``g + h``                goal test when a node is expanded
weighted A*          ``g + w * h``
the article's        ``g + 2 * h``            newest first among equals; a blacklist of
solver                                        expanded boards; goal test when generated
===================  =======================  ==========================================

>>> from puzzlelab import Board
>>> from puzzlelab.heuristics import manhattan
>>> found = best_first(Board.parse("1 2 3/4 _ 5/7 8 6"), Board.goal(3, 3),
...                    f=lambda g, h: g + h, h=manhattan)
>>> [move for move, _ in found.path], len(found.expanded)
(['R', 'D'], 2)
>>> ida_star(Board.parse("1 2 3/4 _ 5/7 8 6"), Board.goal(3, 3), h=manhattan).path[-1][0]
'D'
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable, Iterable
from typing import Literal, NamedTuple, TypeAlias

from ..board import MOVES, Board
from .engine import prepare

__all__ = ["Found", "best_first", "ida_star"]

#: A move and the board it leads to (the move is None only for the start, never in a path).
Step: TypeAlias = tuple["str | None", Board]


class Found(NamedTuple):
    """What a textbook search returns.

    Examples
    --------
    >>> from puzzlelab import Board
    >>> from puzzlelab.heuristics import manhattan
    >>> found = ida_star(Board.parse("1 2 3/4 5 6/7 _ 8"), Board.goal(3, 3), h=manhattan)
    >>> found.path, len(found.expanded), found.generated
    ([('R', Board.parse('1 2 3/4 5 6/7 8 _'))], 1, 3)
    """

    #: The moves and the boards they lead to, after the start: ``[(move, board), ...]``
    #: (empty when the goal cannot be reached).
    path: list[Step]
    #: The boards expanded, in the order they were expanded.
    expanded: list[Board]
    #: How many children were made: put on the frontier (best-first) or looked at (IDA*).
    generated: int


class _Node(NamedTuple):
    board: Board
    g: int
    move: str | None = None
    parent: _Node | None = None


def _path(node: _Node) -> list[Step]:
    steps: list[Step] = []
    while node.parent is not None:
        steps.append((node.move, node.board))
        node = node.parent
    return steps[::-1]


def best_first(
    start: Board | str,
    goal: Board | str | None,
    *,
    f: Callable[[int, float], float],
    h: Callable[[Board, Board], float],
    newest_first: bool = False,
    test_on_generate: bool = False,
    blacklist: bool = False,
    order: Iterable[str] = MOVES,
) -> Found:
    """Best-first search: always expand the frontier node with the smallest ``f(g, h)``.

    Parameters
    ----------
    start : Board or str
        The board to solve.
    goal : Board or str
        The goal, of the same shape (``None``: the blank-last goal).
    f : callable ``f(g, h) -> number``
        The priority, smallest first: ``g`` is breadth-first, ``h`` greedy, ``g + h`` A*,
        ``g + w * h`` weighted A*, ``g + 2 * h`` the article's solver.
    h : callable ``h(board, goal) -> number``
        The heuristic, such as :func:`puzzlelab.heuristics.manhattan`.
    newest_first : bool, default False
        Equal ``f``: the newest node first (the article's list), instead of the larger ``g``
        and then the oldest node.
    test_on_generate : bool, default False
        Stop as soon as the goal is generated, instead of when it is expanded (A* needs the
        latter to be optimal).
    blacklist : bool, default False
        Skip only children already expanded, instead of children already reached by a path at
        least as short.
    order : sequence of str, default ``("U", "D", "L", "R")``
        The order children are made in (each move names the way the blank travels).

    Returns
    -------
    Found
        The path (empty if the goal cannot be reached), the boards expanded in order, and how
        many children were put on the frontier.

    Raises
    ------
    ValueError
        ``start`` cannot reach ``goal`` (with the parity explanation), or the shapes differ.

    See Also
    --------
    puzzlelab.search.astar, puzzlelab.search.bfs : the fast engine, tested to expand the same
        boards in the same order.

    Examples
    --------
    Breadth-first search and A* find the same three moves; A* expands 3 boards, not 12:

    >>> from puzzlelab import Board
    >>> from puzzlelab.heuristics import manhattan
    >>> start, goal = Board.parse("1 2 3/_ 5 6/4 7 8"), Board.goal(3, 3)
    >>> bfs = best_first(start, goal, f=lambda g, h: g, h=manhattan)
    >>> astar = best_first(start, goal, f=lambda g, h: g + h, h=manhattan)
    >>> [move for move, _ in bfs.path], len(bfs.expanded), len(astar.expanded)
    (['D', 'R', 'R'], 12, 3)
    """
    start_board, goal_board = prepare(start, goal)  # boards of one shape, the goal reachable
    count = itertools.count()

    def add(node: _Node) -> None:
        tie = (0, -next(count)) if newest_first else (-node.g, next(count))
        heapq.heappush(frontier, (f(node.g, h(node.board, goal_board)), *tie, node))

    frontier: list[tuple[float, int, int, _Node]] = []
    expanded: list[Board] = []
    closed: set[Board] = set()
    reached, generated = {start_board: 0}, 0
    add(_Node(start_board, 0))
    while frontier:
        node = heapq.heappop(frontier)[-1]
        if not blacklist and node.g > reached[node.board]:
            continue  # reached again by a shorter path since it was added
        if node.board == goal_board and not (test_on_generate and node.parent):
            return Found(_path(node), expanded, generated)
        expanded.append(node.board)
        closed.add(node.board)
        for move in (m for m in order if m in node.board.moves()):
            child = _Node(node.board.move(move), node.g + 1, move, node)
            if child.board in closed if blacklist else reached.get(child.board, math.inf) <= child.g:
                continue
            reached[child.board] = child.g
            generated += 1
            add(child)
            if test_on_generate and child.board == goal_board:
                return Found(_path(child), expanded, generated)
    return Found([], expanded, generated)


def ida_star(start: Board | str, goal: Board | str | None, *, h: Callable[[Board, Board], float]) -> Found:
    """IDA*: depth-first passes that never go past ``bound`` on f = g + h; each pass raises the
    bound to the smallest f that went past it. Never undoes the move just made.

    Parameters
    ----------
    start : Board or str
        The board to solve.
    goal : Board or str
        The goal, of the same shape (``None``: the blank-last goal).
    h : callable ``h(board, goal) -> number``
        The heuristic; the path found is optimal when it never overestimates.

    Returns
    -------
    Found
        The path, the boards expanded in order over all passes (a board expanded in several
        passes counts each time) and the children made (all but the move back).

    Raises
    ------
    ValueError
        ``start`` cannot reach ``goal`` (with the parity explanation; without this check the
        bound would rise for ever), or the shapes differ.

    See Also
    --------
    puzzlelab.search.ida_star : the fast version, tested to expand the same boards in the same
        order.

    Examples
    --------
    >>> from puzzlelab import Board
    >>> from puzzlelab.heuristics import manhattan
    >>> found = ida_star(Board.parse("1 2 3/_ 5 6/4 7 8"), Board.goal(3, 3), h=manhattan)
    >>> [move for move, _ in found.path], len(found.expanded), found.generated
    (['D', 'R', 'R'], 3, 5)
    """
    start_board, goal_board = prepare(start, goal)  # boards of one shape, the goal reachable
    expanded: list[Board] = []
    generated = 0

    def search(path: list[Step], g: int, bound: float) -> float | Literal["found"]:
        nonlocal generated
        board = path[-1][1]
        f = g + h(board, goal_board)
        if f > bound:
            return f
        if board == goal_board:
            return "found"
        expanded.append(board)
        smallest = math.inf
        for move in (m for m in MOVES if m in board.moves()):
            child = board.move(move)
            if len(path) > 1 and child == path[-2][1]:
                continue
            path.append((move, child))
            generated += 1
            result = search(path, g + 1, bound)
            if result == "found":
                return result
            path.pop()
            smallest = min(smallest, result)
        return smallest

    path: list[Step] = [(None, start_board)]
    bound = h(start_board, goal_board)
    while True:
        result = search(path, 0, bound)
        if result == "found":
            return Found(path[1:], expanded, generated)
        if result == math.inf:
            return Found([], expanded, generated)
        bound = result
