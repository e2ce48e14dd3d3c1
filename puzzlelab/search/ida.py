"""IDA*: depth-first search under an f-bound that rises to the smallest f that exceeded it.

Memory grows only with the depth of the path, which is what lets it solve 15-puzzles with a
pattern database. Each new bound is a ``"bound"`` event; a child whose f exceeds the bound is a
``"skip"`` event.

>>> from puzzlelab import Board
>>> result = ida_star(Board.parse("1 2 3/4 5 6/_ 7 8"))
>>> result.moves, result.optimal
(['R', 'R'], True)

Reference: Korf (1985), "Depth-first iterative-deepening: an optimal admissible tree search".
"""

from __future__ import annotations

import math
import time
from collections.abc import Generator

from ..board import BLANK, Board, neighbour_table
from ..heuristics import heuristic_name, incremental, manhattan
from .engine import (
    Event,
    Node,
    SearchResult,
    _finish,
    _Summary,
    check_budget,
    check_record,
    is_admissible,
    prepare,
    run_events,
)

__all__ = ["ida_star", "ida_star_events"]


def _ida(start: Board, goal: Board, heuristic, budget, seconds, detail, out=None):
    rows, cols, shape = start.rows, start.cols, start.shape
    names = {(b, c): m for b, opts in enumerate(neighbour_table(rows, cols)) for m, c in opts}
    table = [tuple(c for _, c in opts) for opts in neighbour_table(rows, cols)]
    inc = incremental(heuristic, goal)
    hstep = inc.step
    packed = getattr(inc, "packed", False)
    goal_list = list(goal.tiles)
    limit = math.inf if budget is None else budget
    deadline = None if seconds is None else time.perf_counter() + seconds
    emit = detail is None or detail > 0
    left = math.inf if detail is None else detail
    expanded = generated = 0
    max_depth = 1

    def value(hs):
        return hs & 255 if packed else hs

    def node_at(blanks, tiles, depth, hs_list, nodes) -> Node:
        """The node at ``depth`` of the current path (its ancestors are in ``nodes``)."""
        parent = nodes[depth - 1] if depth else None
        move = names[(blanks[depth - 1], blanks[depth])] if depth else None
        h = value(hs_list[depth])
        return Node(tuple(tiles), shape, depth, h, depth + h, move, parent)

    def event(kind, node, bound) -> Event:
        nonlocal emit, left
        left -= 1
        if left <= 0:
            emit = False
        return Event(kind, expanded, node, 0, bound)

    def path_link(blanks, depth):
        """Rebuild the solution as engine links (state, move, parent)."""
        tiles, link = list(start.tiles), (start.tiles, None, None)
        for d in range(1, depth + 1):
            b, c = blanks[d - 1], blanks[d]
            tiles[b], tiles[c] = tiles[c], BLANK
            link = (tuple(tiles), names[(b, c)], link)
        return link

    hs0 = inc.initial(start.tiles)
    bound = value(hs0)
    while True:
        if emit:
            yield event("bound", None, bound)
        tiles = list(start.tiles)
        blanks, hs, nexti = [start.blank], [hs0], [0]
        nodes: list = []
        if tiles == goal_list:
            yield event("solved", node_at(blanks, tiles, 0, hs, nodes), bound)
            return _finish(out, _Summary("solved", path_link(blanks, 0), expanded, generated, 1))
        expanded += 1
        if emit:
            nodes.append(node_at(blanks, tiles, 0, hs, nodes))
            yield event("expand", nodes[0], bound)
        next_bound = math.inf
        depth = 0
        while depth >= 0:
            blank = blanks[depth]
            opts = table[blank]
            i = nexti[depth]
            if i == len(opts):  # every child tried: step back
                if depth == 0:
                    break
                back = blanks[depth - 1]
                tiles[blank], tiles[back] = tiles[back], BLANK
                depth -= 1
                continue
            nexti[depth] = i + 1
            cell = opts[i]
            if depth and cell == blanks[depth - 1]:
                continue  # never undo the move just made
            tile = tiles[cell]
            h2 = hstep(hs[depth], tiles, tile, cell, blank)
            generated += 1
            f2 = depth + 1 + (h2 & 255 if packed else h2)
            if f2 > bound:
                if f2 < next_bound:
                    next_bound = f2
                if emit:
                    child = list(tiles)
                    child[blank], child[cell] = tile, BLANK
                    hv = value(h2)
                    parent = nodes[depth] if depth < len(nodes) else None
                    skipped = Node(tuple(child), shape, depth + 1, hv, f2, names[(blank, cell)], parent)
                    yield event("skip", skipped, bound)
                continue
            tiles[blank], tiles[cell] = tile, BLANK
            depth += 1
            if depth == len(blanks):
                blanks.append(cell)
                hs.append(h2)
                nexti.append(0)
            else:
                blanks[depth], hs[depth], nexti[depth] = cell, h2, 0
            if emit:
                del nodes[depth:]
                nodes.append(node_at(blanks, tiles, depth, hs, nodes))
                yield event("generate", nodes[depth], bound)
            if tiles == goal_list:
                node = nodes[depth] if emit else _final_node(start, blanks, hs, depth, names, value)
                yield event("solved", node, bound)
                return _finish(
                    out, _Summary("solved", path_link(blanks, depth), expanded, generated, depth + 1)
                )
            if depth + 1 > max_depth:
                max_depth = depth + 1
            if expanded >= limit or (
                deadline is not None and not expanded & 1023 and time.perf_counter() > deadline
            ):
                yield event("budget", nodes[depth] if emit else None, bound)
                return _finish(out, _Summary("budget", None, expanded, generated, max_depth))
            expanded += 1
            if emit:
                yield event("expand", nodes[depth], bound)
        if next_bound == math.inf:
            yield event("exhausted", None, bound)
            return _finish(out, _Summary("exhausted", None, expanded, generated, max_depth))
        bound = next_bound


def _final_node(start, blanks, hs, depth, names, value) -> Node:
    tiles, node = list(start.tiles), None
    for d in range(depth + 1):
        if d:
            b, c = blanks[d - 1], blanks[d]
            tiles[b], tiles[c] = tiles[c], BLANK
        move = names[(blanks[d - 1], blanks[d])] if d else None
        h = value(hs[d])
        node = Node(tuple(tiles), start.shape, d, h, d + h, move, node)
    return node


def ida_star_events(
    start, goal=None, *, heuristic=manhattan, budget: int | None = None, seconds: float | None = None
) -> Generator[Event, None, None]:
    """Run IDA*, yielding a ``"bound"`` event per iteration and an event per node touched.

    ``frontier`` is 0 in IDA* events: there is no frontier, only the current path (``node.path()``).

    >>> from puzzlelab import Board
    >>> [e.kind for e in ida_star_events(Board.parse("1 2 3/4 5 6/7 _ 8"))][:3]
    ['bound', 'expand', 'skip']
    """
    start, goal = prepare(start, goal)
    check_budget(budget, seconds)
    return _ida(start, goal, heuristic, budget, seconds, None)


def ida_star(
    start, goal=None, *, heuristic=manhattan, budget=None, seconds=None, record=False, record_cap=100_000
) -> SearchResult:
    """Solve with IDA*; optimal when ``heuristic`` never overestimates.

    ``max_frontier`` reports the deepest path held (IDA* keeps no frontier).

    >>> from puzzlelab import Board
    >>> ida_star(Board.parse("1 2 3/4 5 6/_ 7 8"), budget=100).cost
    2
    """
    t0 = time.perf_counter()
    start, goal = prepare(start, goal)
    check_budget(budget, seconds)
    check_record(record, record_cap)
    detail = record_cap + 1 if record else 0
    return run_events(
        lambda out: _ida(start, goal, heuristic, budget, seconds, detail, out),
        start_time=t0,
        record=record,
        record_cap=record_cap,
        board=start,
        algorithm="ida_star",
        heuristic=heuristic_name(heuristic),
        weight=1.0,
        optimal=is_admissible(heuristic),
    )
