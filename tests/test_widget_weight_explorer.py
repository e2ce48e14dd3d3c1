"""The weight explorer driven in plain pytest (no kernel, no browser): its state, the runs it sends
(decoded and compared with the library's searches), what the browser may change, the error
rule, bounded memory and the static fallback."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from widget_helpers import assert_static_fallback

from puzzlelab import Board, search
from puzzlelab.parity import is_solvable
from puzzlelab.widgets import WeightExplorer
from puzzlelab.widgets.weight_explorer import SWEEP_WEIGHTS, Run, decode_runs, encode_runs

HARD = "8 6 7/2 5 4/3 _ 1"


def expanded_gh(start, weight, heuristic=search.manhattan):
    """The library's run, and the (g, h) of its expanded nodes, in order."""
    result = search.weighted_astar(start, weight=weight, heuristic=heuristic, record=True)
    nodes = [e.node for e in result.events if e.kind == "expand"]
    return result, [n.g for n in nodes], [n.h for n in nodes], max(n.f for n in nodes)


def assert_run_is_the_librarys(run, start, heuristic=search.manhattan):
    result, g, h, bound = expanded_gh(start, run.weight, heuristic)
    assert (run.cost, run.expanded, run.solved) == (result.cost, result.expanded, True)
    assert run.g.tolist() == g
    assert run.h.tolist() == h
    assert run.bound == pytest.approx(bound)


def test_texts_follow_the_weight_set_from_python(make):
    start = Board.parse(HARD)
    explorer = make(WeightExplorer, start, weight=1.0)
    optimum = search.astar(start, heuristic=search.linear_conflict).cost
    assert explorer.optimum() == optimum == 31
    for weight in (1.0, 2.0, 5.0, 1.7, 2.6):
        explorer.weight = weight
        truth = search.weighted_astar(start, weight=weight)
        assert explorer.expanded == f"nodes expanded: {truth.expanded:,}"
        assert explorer.length == f"solution: {truth.cost} moves, optimum {optimum} (+{truth.cost - optimum})"
        assert explorer.summary().endswith(f"{explorer.expanded}; {explorer.length}")
    sent = decode_runs(explorer.runs)
    assert [run.weight for run in sent] == [1.0, 1.7, 2.0, 2.6, 5.0]  # every weight tried, in order
    for run in sent:
        assert_run_is_the_librarys(run, start)
    assert explorer.optimal_length == optimum
    assert explorer.error_message == ""
    assert_static_fallback(explorer)


def test_sweep_runs_the_grid_once_with_progress_and_sends_it_once(make):
    start = Board.parse("2 1 4/6 _ 7/8 3 5")
    explorer = make(WeightExplorer, start, weight=2.0)
    progress, sent = [], []
    explorer.observe(lambda change: progress.append((explorer.computing, change["new"])), names="grid_done")
    explorer.observe(lambda change: sent.append(change["new"]), names="runs")
    explorer.sweep()
    assert explorer.grid_done == len(SWEEP_WEIGHTS) == len(explorer.grid)
    assert not explorer.computing
    counts = [done for _, done in progress]
    assert counts == sorted(counts)
    assert counts[-1] == len(SWEEP_WEIGHTS)
    assert all(computing for computing, done in progress[:-1])  # the bar moves while it computes
    assert len(sent) == 1  # the runs travel once, at the end
    runs = decode_runs(explorer.runs)
    assert [run.weight for run in runs] == sorted(SWEEP_WEIGHTS)
    for run in runs[::6]:
        assert_run_is_the_librarys(run, start)
    assert all(run.g.dtype == np.uint8 and run.h.dtype == np.uint8 for run in runs)  # 8-puzzle: one byte
    calls = []
    explorer._search = lambda weight: calls.append(weight)
    explorer.sweep()  # all cached: nothing runs again, nothing new is sent
    assert calls == []
    assert len(sent) == 1


def test_the_slider_moving_in_the_browser_costs_the_kernel_no_search_and_sends_nothing(make):
    explorer = make(WeightExplorer, HARD)
    explorer.sweep()
    searches, sent = [], []
    search_once = explorer._search
    explorer._search = lambda weight: searches.append(weight) or search_once(weight)
    explorer.observe(
        lambda change: sent.append(change["name"]), names=["runs", "optimal_length", "grid_done"]
    )
    for weight in SWEEP_WEIGHTS[::-1]:
        explorer.set_state({"weight": weight})  # what the browser sends when the slider rests
        assert explorer.weight == weight
        truth = search.weighted_astar(Board.parse(HARD), weight=weight)
        assert explorer.expanded == f"nodes expanded: {truth.expanded:,}"
    assert (searches, sent) == ([], [])
    explorer.set_state({"weight": 1.65})  # typed, off the grid: the kernel runs it and it joins the grid
    assert searches == [1.65]
    assert sent == ["runs"]
    assert [run.weight for run in decode_runs(explorer.runs)] == sorted([*SWEEP_WEIGHTS, 1.65])
    assert explorer.grid_done == len(SWEEP_WEIGHTS)


@pytest.mark.parametrize(
    ("state", "message"),
    [
        ({"weight": "2"}, "weight must be a number"),
        ({"weight": None}, "weight must be a number"),
        ({"weight": float("nan")}, "weight"),
        ({"weight": 0.5}, "weight must be"),
        ({"weight": 11}, "weight must be"),
        ({"heuristic": "pdb"}, "heuristic must be one of"),
        ({"heuristic": 3}, "heuristic must be one of"),
        ({"instance": 5}, "instance must be a board's text"),
        ({"instance": "1 2 x"}, "cannot read tile"),
        ({"instance": "1 2 3/4 5 6/8 7 _"}, "can never reach the goal"),
    ],
)
def test_a_bad_value_from_the_browser_is_refused_and_the_browser_restored(make, state, message):
    explorer = make(WeightExplorer, "1 2 3/4 _ 5/7 8 6", weight=2.0)
    before = {name: getattr(explorer, name) for name in ("weight", "heuristic", "instance", "runs")}
    restored = []
    explorer.send_state = lambda key=None: restored.append(key)
    explorer.set_state(state)  # never raises
    assert message in explorer.error_message
    assert {name: getattr(explorer, name) for name in before} == before
    assert explorer.start == Board.parse("1 2 3/4 _ 5/7 8 6")
    if "instance" not in state or not isinstance(state["instance"], str):
        assert list(state) in restored  # the browser is sent the value the model kept
    explorer.set_state({"weight": 3.0})  # a good value afterwards clears the message
    assert explorer.error_message == ""


def test_the_browser_may_change_only_the_controls(make):
    explorer = make(WeightExplorer, "1 2 3/4 _ 5/7 8 6")
    runs, budget = explorer.runs, explorer.budget
    explorer.set_state({"runs": b"PLWE", "budget": 3, "optimal_length": 0, "error": "x", "grid_done": 99})
    assert (explorer.runs, explorer.budget, explorer.optimal_length, explorer.grid_done) == (
        runs,
        budget,
        2,
        1,
    )
    assert explorer.error_message == ""


def test_code_gets_errors_at_once(make):
    with pytest.raises(TypeError, match="weight must be a number"):
        WeightExplorer("1 2 3/4 _ 5/7 8 6", weight="2")
    with pytest.raises(ValueError, match="heuristic must be one of"):
        WeightExplorer("1 2 3/4 _ 5/7 8 6", heuristic="pdb")
    with pytest.raises(ValueError, match="rows must be <= 16"):
        WeightExplorer(rows=17)
    explorer = make(WeightExplorer, "1 2 3/4 _ 5/7 8 6")
    with pytest.raises(TypeError, match="weight must be a number"):
        explorer.weight = "3"
    with pytest.raises(ValueError, match="weight must be <= 10"):
        explorer.weight = 12.0
    with pytest.raises(ValueError, match="heuristic must be one of"):
        explorer.heuristic = "zero"
    with pytest.raises(TypeError, match="instance must be a board's text"):
        explorer.instance = 7
    assert (explorer.weight, explorer.heuristic) == (1.5, "manhattan")


def test_instances_heuristics_and_an_unsolvable_start(make):
    explorer = make(WeightExplorer, rng=3)
    first = explorer.start
    explorer.new_instance()
    assert explorer.start != first
    assert is_solvable(explorer.start)
    assert explorer.instance == explorer.start.text()
    second = explorer.start
    explorer._on_message(explorer, {"type": "random"}, [])  # the browser's button
    assert explorer.start not in (first, second)
    explorer.instance = "1 2 3/4 5 6/8 7 _"
    assert "can never reach the goal" in explorer.error_message
    assert explorer.instance == explorer.start.text() != "1 2 3/4 5 6/8 7 _"  # restored
    explorer.instance = "1 2 3/4 _ 5/7 8 6"
    assert explorer.length == "solution: 2 moves, optimum 2 (+0)"
    explorer.heuristic = "misplaced"
    assert explorer.error_message == ""
    [run] = decode_runs(explorer.runs)  # only this heuristic's runs are sent
    assert_run_is_the_librarys(run, Board.parse("1 2 3/4 _ 5/7 8 6"), search.misplaced)
    explorer._on_message(explorer, {"type": "grid"}, [])  # what the module asks for when it shows
    assert explorer.grid_done == len(SWEEP_WEIGHTS)
    explorer._on_message(explorer, {"type": "nonsense"}, [])
    explorer._on_message(explorer, "not a dict", [])
    assert explorer.error_message == ""

    stuck = make(WeightExplorer, "1 2 3/4 5 6/8 7 _")
    assert "can never reach the goal" in stuck.error_message
    assert (stuck.runs, stuck.expanded, stuck.length) == (b"", "", "")
    assert stuck.summary().endswith("nothing run")
    assert_static_fallback(stuck)
    stuck.weight = 2.0
    with pytest.raises(ValueError, match="can never reach the goal"):
        stuck.sweep()  # code asked for it: code gets the error
    assert "can never reach the goal" in stuck.error_message
    stuck._on_message(stuck, {"type": "grid"}, [])  # from the browser: the message, no exception
    stuck.instance = "1 2 3/4 _ 5/7 8 6"
    assert stuck.error_message == ""
    assert stuck.length == "solution: 2 moves, optimum 2 (+0)"


@pytest.mark.slow
def test_keeps_only_small_summaries_of_its_runs(make):
    explorer = make(WeightExplorer, HARD, weight=1.0)
    explorer.sweep()
    for weight in (1.75, 2.2, 3.1, 3.8, 4.5, 5.2, 5.9, 6.6, 7.3, 8.0, 8.7, 9.4):
        explorer.weight = weight
    assert explorer.error_message == ""
    assert len(explorer._runs) == len(SWEEP_WEIGHTS) + 10  # 4.5 and 8.0 were in the grid
    assert explorer._runs.bytes <= explorer._runs.max_bytes
    assert all(not hasattr(run, "events") for _, run in explorer._runs.items())
    explorer._runs.max_bytes = explorer._runs.bytes // 4
    explorer.weight = 1.25  # a run already cached: now the most recently used
    explorer.instance = "1 2 3/4 _ 5/7 8 6"  # a new (small) run: the least recently used make room
    assert explorer._runs.bytes <= explorer._runs.max_bytes
    assert (Board.parse(HARD), "manhattan", 1.25) in explorer._runs
    assert (Board.parse(HARD), "manhattan", 1.0) not in explorer._runs
    explorer.instance = HARD
    assert explorer.grid_done < len(SWEEP_WEIGHTS)  # some grid weights were dropped: the module asks again
    assert_static_fallback(explorer)


small_ints = st.integers(0, 70_000)


@settings(max_examples=60)
@given(
    st.lists(
        st.tuples(
            st.floats(1, 10),
            st.floats(0, 1e6),
            st.integers(0, 2**32 - 1),
            st.integers(-1, 2**31 - 1),
            st.lists(st.tuples(small_ints, small_ints), max_size=40),
        ),
        max_size=6,
        unique_by=lambda item: item[0],
    )
)
def test_the_bytes_decode_to_the_runs_encoded(items):
    runs = []
    for weight, bound, expanded, cost, points in items:
        g = np.array([p[0] for p in points], dtype=np.int64)
        h = np.array([p[1] for p in points], dtype=np.int64)
        from puzzlelab.widgets.weight_explorer import _small_ints

        runs.append(Run(weight, cost >= 0, cost, expanded, _small_ints(g), _small_ints(h), bound))
    data = encode_runs(runs)
    assert len(data) % 4 == 0
    decoded = decode_runs(data)
    assert len(decoded) == len(runs)
    for got, want in zip(decoded, sorted(runs, key=lambda run: run.weight), strict=True):
        assert (got.weight, got.bound, got.expanded, got.cost, got.solved) == (
            want.weight,
            want.bound,
            want.expanded,
            want.cost,
            want.solved,
        )
        assert got.g.dtype == want.g.dtype
        assert got.h.dtype == want.h.dtype
        assert got.g.tolist() == want.g.tolist()
        assert got.h.tolist() == want.h.tolist()
    with pytest.raises(ValueError, match="not weight-explorer runs"):
        decode_runs(b"XXXX" + data[4:] if data else b"XXXX\x01\x00\x00\x00")
