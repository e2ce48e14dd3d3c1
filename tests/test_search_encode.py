"""The encoded run (puzzlelab.search.encode) read back gives what Trace shows at every step."""

from __future__ import annotations

import math
import zlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlelab import Board
from puzzlelab.parity import is_solvable
from puzzlelab.search import SOLVERS, Trace, astar, decode_run, encode_run, ida_star, pack_run
from puzzlelab.search.encode import smallest_column
from puzzlelab.widgets.search_player import PLAYER_HEURISTICS, PLAYER_METHODS

HEURISTIC_NAMES = [name for name in PLAYER_HEURISTICS if name != "zero"] + ["zero"]


def same(mine, theirs) -> bool:
    def equal(a, b):
        return a == b or (math.isnan(a) and math.isnan(b))

    return (mine.tiles == theirs.state and mine.g == theirs.g and mine.move == theirs.move
            and equal(mine.h, theirs.h) and equal(mine.f, theirs.f))  # fmt: skip


def assert_same_at_every_step(trace: Trace, run) -> None:
    assert run.steps == trace.steps
    for k in range(1, trace.steps + 1):
        assert same(run.node(k), trace.node(k)), k
        for mine, theirs in zip(run.children(k), trace.children(k), strict=True):
            assert len(mine) == len(theirs)
            assert all(map(same, mine, theirs)), k
        for best in (1, 5, 12):
            (mine, size), (theirs, their_size) = run.frontier(k, best), trace.frontier(k, best)
            assert size == their_size
            assert len(mine) == len(theirs)
            assert all(map(same, mine, theirs)), (k, best)
        path = trace.node(k).path()
        assert len(run.path(k)) == len(path)
        assert all(map(same, run.path(k), path))
        assert run.describe(k) == trace.describe(k)
    assert np.array_equal(run.columns["step_frontier"], trace.frontier_sizes)


@st.composite
def searches(draw):
    rows, cols = draw(st.sampled_from([(2, 3), (3, 2), (3, 3)]))
    tiles = draw(st.permutations(range(rows * cols)))
    board = Board(tiles, rows, cols)
    goal = Board.goal(rows, cols, blank=draw(st.sampled_from(["last", "first"])))
    if not is_solvable(board, goal):  # one swap of two tiles makes it solvable
        a, b = [i for i, t in enumerate(tiles) if t][:2]
        swapped = list(tiles)
        swapped[a], swapped[b] = swapped[b], swapped[a]
        board = Board(swapped, rows, cols)
    method = draw(st.sampled_from(PLAYER_METHODS))
    options = {"record": True, "budget": draw(st.sampled_from([0, 1, 40, 300]))}
    if method not in ("bfs", "article"):
        from puzzlelab.search import HEURISTICS

        options["heuristic"] = HEURISTICS[draw(st.sampled_from(HEURISTIC_NAMES))]
    if method == "weighted_astar":
        options["weight"] = draw(st.sampled_from([1.0, 1.3, 2.5, 7.75]))
    return SOLVERS[method](board, goal, **options), goal


@settings(max_examples=60, deadline=None)
@given(searches(), st.booleans())
def test_decoding_gives_back_the_trace_at_every_step(search, compress):
    result, goal = search
    trace = Trace(result)
    encoded = encode_run(trace, goal=goal)
    run = decode_run(pack_run(encoded, compress=compress))
    assert run.header["goal"] == list(goal.tiles)
    assert run.header["status"] == result.status
    assert_same_at_every_step(trace, run)
    if result.solved:  # the run ends on the goal, reached by the solution's moves
        index = run.header["solved_node"]
        assert tuple(run.board_of(index)) == goal.tiles
        assert run.g[index] == result.cost
    else:
        assert run.header["solved_node"] == -1


@pytest.mark.slow
def test_hardest_8_puzzle_and_a_15_puzzle_in_a_few_bytes_an_event():
    """The issue's budget is about 16 bytes an event; the hardest 8-puzzle stays far below it."""
    for start, budget in [("8 6 7/2 5 4/3 _ 1", None), ("1 6 _ 3/2 15 7 4/10 8 13 11/5 14 9 12", 20_000)]:
        result = astar(start, record=True, budget=budget)
        trace = Trace(result)
        packed = pack_run(encode_run(trace))
        assert len(packed) <= 16 * len(result.events)
        assert len(pack_run(encode_run(trace), compress=True)) < len(packed)
        run = decode_run(packed)
        for k in sorted({1, 2, trace.steps // 3, trace.steps // 2, trace.steps - 1, trace.steps}):
            assert same(run.node(k), trace.node(k))
            (mine, size), (theirs, their_size) = run.frontier(k), trace.frontier(k)
            assert size == their_size
            assert all(map(same, mine, theirs))


def test_columns_take_the_smallest_exact_type():
    assert smallest_column([0, 255]).dtype.str == "|u1"
    assert smallest_column([0, 256]).dtype.str == "<u2"
    assert smallest_column([70_000]).dtype.str == "<u4"
    assert smallest_column([1.5, 2.25]).dtype.str == "<f4"
    assert smallest_column([1 + 1.3 * 7]).dtype.str == "<f8"
    assert smallest_column([-1]).dtype.str == "<f4"
    assert smallest_column([]).dtype.str == "|u1"


def test_bad_runs_are_refused_clearly():
    with pytest.raises(ValueError, match="not recorded"):
        encode_run(astar("1 2 3/4 _ 5/7 8 6"))
    with pytest.raises(ValueError, match="only best-first runs"):
        encode_run(ida_star("1 2 3/4 _ 5/7 8 6", record=True))
    with pytest.raises(TypeError, match="run must be a Trace"):
        encode_run([1, 2, 3])
    with pytest.raises(ValueError, match="goal is 2x2"):
        encode_run(astar("1 2 3/4 _ 5/7 8 6", record=True), goal="1 2/3 _")
    packed = pack_run(encode_run(astar("1 2 3/4 _ 5/7 8 6", record=True)))
    with pytest.raises(ValueError, match="not a packed run"):
        decode_run(b"nonsense")
    with pytest.raises(ValueError, match="version 99"):
        decode_run(packed.replace(b'"version":1', b'"version":99'))
    with pytest.raises(TypeError, match="packed must be bytes"):
        decode_run(42)
    assert zlib.decompress(pack_run(decode_run(packed).header | {"columns": decode_run(packed).columns},
                                    compress=True)[8:]) == packed  # fmt: skip
