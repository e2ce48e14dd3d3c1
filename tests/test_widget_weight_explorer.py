"""The weight explorer driven in plain pytest (no kernel): its state, numbers, messages and fallback."""

import pytest
from widget_helpers import assert_static_fallback

from puzzlelab import Board
from puzzlelab.parity import is_solvable
from puzzlelab.widgets import (
    WeightExplorer,
)


def test_weight_explorer_reports_expansions_and_length_against_the_optimum(make):
    from puzzlelab.search import astar, linear_conflict, manhattan, weighted_astar

    start = Board.parse("8 6 7/2 5 4/3 _ 1")
    explorer = make(WeightExplorer, start, weight=1.0)
    optimum = astar(start, heuristic=linear_conflict).cost
    for weight in (1.0, 2.0, 5.0):
        explorer.weight.value = weight
        truth = weighted_astar(start, weight=weight, heuristic=manhattan)
        assert explorer.expanded.value == f"nodes expanded: {truth.expanded:,}"
        assert (
            explorer.length.value
            == f"solution: {truth.cost} moves, optimum {optimum} (+{truth.cost - optimum})"
        )
    picture = explorer.tradeoff_image.value
    explorer.sweep_button.click()
    assert explorer.tradeoff_image.value != picture
    assert len(explorer._done()) == 6
    explorer.heuristic.value = "misplaced"
    assert explorer.error_message == ""
    assert_static_fallback(explorer)


def test_weight_explorer_instances(make):
    explorer = make(WeightExplorer, rng=3)
    first = explorer.start
    explorer.random_button.click()
    assert explorer.start != first
    assert is_solvable(explorer.start)
    explorer.instance.value = "1 2 3/4 5 6/8 7 _"
    assert "can never reach the goal" in explorer.error_message
    assert explorer.start != Board.parse("1 2 3/4 5 6/8 7 _")
    explorer.instance.value = "1 2 3/4 _ 5/7 8 6"
    assert explorer.length.value == "solution: 2 moves, optimum 2 (+0)"
    explorer.instance.value = "1 2 x"
    assert "cannot read tile" in explorer.error_message


@pytest.mark.slow
def test_weight_explorer_keeps_only_small_summaries_of_its_runs(make):
    explorer = make(WeightExplorer, "8 6 7/2 5 4/3 _ 1", weight=1.0)
    for k in range(1, 37):
        explorer.weight.value = 1.0 + 0.25 * k
    assert explorer.error_message == ""
    assert len(explorer._runs) == 37
    assert explorer._runs.bytes <= explorer._runs.max_bytes
    assert all(not hasattr(run, "events") for _, run in explorer._runs.items())
    explorer._runs.max_bytes = explorer._runs.bytes // 4
    explorer.weight.value = 1.25  # a run already cached: now the most recently used
    explorer.instance.value = "1 2 3/4 _ 5/7 8 6"  # a new (small) run: the least recently used make room
    assert explorer._runs.bytes <= explorer._runs.max_bytes
    assert (Board.parse("8 6 7/2 5 4/3 _ 1"), "manhattan", 1.25) in explorer._runs
    assert (Board.parse("8 6 7/2 5 4/3 _ 1"), "manhattan", 1.5) not in explorer._runs
    assert_static_fallback(explorer)


def test_weight_explorer_checks_arguments_and_explains_an_unsolvable_start(make):
    with pytest.raises(TypeError, match="weight must be a number"):
        WeightExplorer("1 2 3/4 _ 5/7 8 6", weight="2")
    with pytest.raises(ValueError, match="heuristic must be one of"):
        WeightExplorer("1 2 3/4 _ 5/7 8 6", heuristic="pdb")
    with pytest.raises(ValueError, match="rows must be <= 16"):
        WeightExplorer(rows=17)
    explorer = make(WeightExplorer, "1 2 3/4 5 6/8 7 _")
    assert "can never reach the goal" in explorer.error_message
    assert explorer.summary().endswith("nothing run")
    assert_static_fallback(explorer)
    explorer.weight.value = 2.0
    explorer.sweep_button.click()
    assert "can never reach the goal" in explorer.error_message
    explorer.instance.value = "1 2 3/4 _ 5/7 8 6"
    assert explorer.error_message == ""
    assert explorer.length.value == "solution: 2 moves, optimum 2 (+0)"
