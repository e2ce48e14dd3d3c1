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
from typing import NamedTuple

from ..board import MOVES

__all__ = ["Found", "best_first", "ida_star"]


class Found(NamedTuple):
    """What a textbook search returns: the path as (move, board) pairs after the start (empty if
    none), the boards expanded in order, and how many children were put on the frontier."""

    path: list
    expanded: list
    generated: int


class _Node(NamedTuple):
    board: object
    g: int
    move: str | None = None
    parent: _Node | None = None


def _path(node: _Node) -> list:
    steps = []
    while node.parent is not None:
        steps.append((node.move, node.board))
        node = node.parent
    return steps[::-1]


def best_first(start, goal, *, f, h, newest_first=False, test_on_generate=False, blacklist=False,
               order=MOVES) -> Found:  # fmt: skip
    """Best-first search: always expand the frontier node with the smallest ``f(g, h)``.

    Ties go to the larger ``g``, then the oldest node; ``newest_first`` gives them to the
    newest instead (the article's list). ``test_on_generate`` stops when the goal is generated
    rather than expanded. ``blacklist`` skips only children already expanded (instead of
    children already reached by a path at least as short).
    """
    count = itertools.count()

    def add(node):
        tie = (0, -next(count)) if newest_first else (-node.g, next(count))
        heapq.heappush(frontier, (f(node.g, h(node.board, goal)), *tie, node))

    frontier: list = []
    expanded: list = []
    reached, closed, generated = {start: 0}, set(), 0
    add(_Node(start, 0))
    while frontier:
        node = heapq.heappop(frontier)[-1]
        if not blacklist and node.g > reached[node.board]:
            continue  # reached again by a shorter path since it was added
        if node.board == goal and not (test_on_generate and node.parent):
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
            if test_on_generate and child.board == goal:
                return Found(_path(child), expanded, generated)
    return Found([], expanded, generated)


def ida_star(start, goal, *, h) -> Found:
    """IDA*: depth-first passes that never go past ``bound`` on f = g + h; each pass raises the
    bound to the smallest f that went past it. Never undoes the move just made."""
    expanded, generated = [], 0

    def search(path, g, bound):
        nonlocal generated
        board = path[-1][1]
        f = g + h(board, goal)
        if f > bound:
            return f
        if board == goal:
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

    path, bound = [(None, start)], h(start, goal)
    while True:
        result = search(path, 0, bound)
        if result == "found":
            return Found(path[1:], expanded, generated)
        if result == math.inf:
            return Found([], expanded, generated)
        bound = result
