"""Bounds and exact integers: default searches stay under their memory bound, and a pattern
database's values reach the search unchanged however large they are."""

import random
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlelab import Board
from puzzlelab.search import PatternDatabase, astar, ida_star, ida_star_events

SINGLES = tuple((t,) for t in range(1, 16))


def synthetic_database(goal, values, reflect=False):
    """A 4x4 database of one-tile groups whose tables hold ``values(tile, cell)`` (not
    admissible: it only checks that every value reaches the search unchanged)."""
    bits = 4
    tables = []
    for (tile,) in SINGLES:
        table = np.zeros(1 << bits, dtype=np.uint8)
        for cell in range(16):
            table[cell] = values(tile, cell)
        tables.append(table)
    return PatternDatabase(
        goal, partition=SINGLES, tables=tables, reflect=reflect, cache=False, progress=None
    )


def walk(goal, seed, steps):
    rng, board, boards = random.Random(seed), goal, []
    for _ in range(steps):
        child = board.move(rng.choice(board.moves()))
        boards.append((board, child))
        board = child
    return boards


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.booleans(), st.sampled_from(["last", "first"]))
def test_the_incremental_database_always_equals_the_direct_call(seed, reflect, blank):
    goal = Board.goal(4, 4, blank=blank)
    rng = np.random.default_rng(seed)
    values = rng.integers(0, 255, size=(16, 16))
    pdb = synthetic_database(goal, lambda t, c: values[t, c], reflect=reflect)
    inc = pdb.incremental(goal)
    state = inc.initial(goal.tiles)
    assert inc.value(state) == pdb(goal)
    for board, child in walk(goal, seed, 80):
        state = inc.step(state, board.tiles, board.tiles[child.blank], child.blank, board.blank)
        assert inc.value(state) == pdb(child)


def test_sums_past_255_reach_the_search_unchanged():
    """Fifteen groups of 200 each sum to 3,000: nothing may be cut to 8 bits on the way."""
    goal = Board.goal(4, 4)
    pdb = synthetic_database(goal, lambda t, c: 200 if c != goal.tiles.index(t) else 0)
    start = goal.apply("LLURDR")
    assert pdb(start) > 255
    for events in (
        ida_star(start, heuristic=pdb, budget=50, record=True).events,
        astar(start, heuristic=pdb, budget=50, record=True).events,
        list(ida_star_events(start, heuristic=pdb, budget=50)),
    ):
        nodes = [e.node for e in events if e.node is not None and e.node.h == e.node.h]
        assert nodes
        for node in nodes:
            assert node.h == pdb(node.board)


PEAK = textwrap.dedent(
    """
    import resource, sys
    import numpy as np
    from puzzlelab import Board
    from puzzlelab.parity import is_solvable
    from puzzlelab.search import astar
    side = int(sys.argv[1])
    tiles = [int(t) for t in np.random.default_rng(1).permutation(side * side)]
    board = Board(tuple(tiles), side, side)
    if not is_solvable(board):
        k = [i for i, t in enumerate(tiles) if t][:2]
        tiles[k[0]], tiles[k[1]] = tiles[k[1]], tiles[k[0]]
        board = Board(tuple(tiles), side, side)
    result = astar(board)
    print(result.status, result.limit, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
    """
)


@pytest.mark.slow
@pytest.mark.parametrize("side", [6, 16])
def test_a_default_astar_stays_under_a_gigabyte(side):
    """Peak resident memory of the whole process (Python, numpy and the search), measured."""
    done = subprocess.run([sys.executable, "-c", PEAK, str(side)], capture_output=True, text=True, check=True)
    status, limit, peak_mb = done.stdout.split()
    assert status == "budget"
    assert limit in ("budget", "seconds", "memory")
    assert int(peak_mb) < 1024, peak_mb
