"""The search player driven in plain pytest (no kernel): its state, numbers, messages and fallback."""

import numpy as np
import pytest
from widget_helpers import PNG, assert_static_fallback

from puzzlelab import Board
from puzzlelab.widgets import (
    SearchPlayer,
)


def test_search_player_steps_through_a_cached_run(make):
    player = make(SearchPlayer, "4 1 3/7 2 6/_ 5 8")
    assert player.step.max == player.replay.steps == 6
    assert player.info.value.startswith("step 1 of 6: expand g=0")
    assert "6 moves (optimal)" in player.outcome.value
    pictures = {bytes(player.boards_image.value)}
    for step in range(2, 7):
        player.forward_button.click()
        assert player.step.value == step
        assert player.info.value.startswith(f"step {step} of 6: expand g={step - 1}")
        pictures.add(bytes(player.boards_image.value))
    assert len(pictures) == 6
    player.forward_button.click()  # stays at the end
    assert player.step.value == 6
    player.back_button.click()
    assert player.step.value == 5
    assert player.cached_runs == 1
    player.play.value = 3  # the Play widget drives the same step (linked in the browser)
    for view in ("frontier", "path"):
        player.board_view.value = view
        assert player.error_message == ""
    player.chart_view.value = "(g, h) plane"
    assert player.error_message == ""
    assert_static_fallback(player)


def test_search_player_frontier_title_gives_the_frontiers_size(make):
    """The player's own title replaces draw_frontier's, so it carries the size itself."""
    player = make(SearchPlayer, "8 6 7/2 5 4/3 _ 1")
    player.board_view.value = "frontier"
    for step in (1, 2, player.step.max // 2):
        player.step.value = step
        best, size = player.replay.frontier(step)
        assert size >= len(best) > 0
        assert player._boards_axes.get_title() == f"frontier, step {step}: best {len(best)} of {size:,}"
    assert size > len(best)  # by the middle of the run the frontier is larger than what is shown
    player.board_view.value = "path"
    assert player._boards_axes.get_title() == f"path, step {player.step.value}"


def test_search_player_picture_is_matplotlibs_tight_crop(make):
    """Each step's picture is measured and drawn once (no layout dry run) and encoded fast: the
    pixels are exactly those of savefig(bbox_inches="tight") on the same figure."""
    import io

    from PIL import Image

    def pixels(png):
        return np.asarray(Image.open(io.BytesIO(bytes(png))))

    player = make(SearchPlayer, "8 6 7/2 5 4/3 _ 1", method="weighted_astar", weight=2.0)
    for view in ("expansion", "frontier", "path"):
        player.board_view.value = view
        for step in sorted({1, 2, player.step.max // 2, player.step.max}):
            player.step.value = step
            shown = pixels(player.boards_image.value)
            buffer = io.BytesIO()
            player._boards_figure.savefig(buffer, format="png", dpi=72, bbox_inches="tight", pad_inches=0.05)
            expected = pixels(buffer.getvalue())
            assert shown.shape == expected.shape, (view, step)
            assert (shown == expected).all(), (view, step)


def test_search_player_reruns_only_on_new_settings(make):
    player = make(SearchPlayer, "8 6 7/2 5 4/3 _ 1", budget=3_000)
    astar_steps = player.replay.steps
    player.step.value = 10
    assert player.cached_runs == 1
    player.method.value = "weighted_astar"
    assert not player.weight.disabled
    player.weight.value = 3.0
    assert player.cached_runs == 3
    assert player.replay.result.weight == 3.0
    player.method.value = "astar"
    assert player.cached_runs == 3  # back to a run already made
    assert player.replay.steps == astar_steps
    assert player.step.value == 1
    player.method.value = "bfs"
    assert player.heuristic.disabled
    assert "bfs" in player.outcome.value


def test_search_player_frontier_matches_the_engine():
    from puzzlelab.search import astar
    from puzzlelab.search.trace import Trace as Replay

    result = astar(
        Board.parse("8 6 7/2 5 4/3 _ 1"), heuristic=__import__("puzzlelab").search.misplaced, record=True
    )
    replay = Replay(result)
    for step in range(1, replay.steps + 1, max(1, replay.steps // 40)):
        best, size = replay.frontier(step)
        engine_size = replay.events[replay._span(step)[1] - 1].frontier
        assert size <= engine_size  # the engine also counts stale entries it will skip
        assert [n.f for n in best] == sorted(n.f for n in best)
        if step < replay.steps:
            assert best[0].f == replay.node(step + 1).f  # the best entry is expanded next


def test_search_player_shows_budget_and_bad_starts(make):
    player = make(SearchPlayer, "8 6 7/2 5 4/3 _ 1", method="bfs", budget=50)
    assert "budget" in player.outcome.value
    assert player.step.max == 50
    with pytest.raises(ValueError, match="method must be"):
        SearchPlayer("1 2/_ 3", method="dfs")
    bad = make(SearchPlayer, "1 2 3/4 5 6/8 7 _")
    assert "can never reach the goal" in bad.error_message
    assert bad.static_png().startswith(PNG)


def test_search_player_unsolvable_start_displays_with_the_parity_explanation(make):
    player = make(SearchPlayer, "1 2 3/4 5 6/8 7 _")
    assert "can never reach the goal" in player.error_message
    assert "NOT solvable" in player.error_message
    assert player.replay is None
    assert_static_fallback(player)
    assert player.summary().endswith("no run")
    for control in (player.forward_button, player.back_button):
        control.click()
    player.board_view.value = "frontier"
    player.method.value = "bfs"
    assert "can never reach the goal" in player.error_message
    assert_static_fallback(player)


def test_search_player_checks_its_arguments_at_once():
    with pytest.raises(ValueError, match="goal is 2x2"):
        SearchPlayer("1 2 3/4 _ 5/7 8 6", goal=Board.goal(2, 2))
    with pytest.raises(ValueError, match="budget must be >= 0"):
        SearchPlayer("1 2 3/4 _ 5/7 8 6", budget=-1)
    for budget in (None, "5", 5.0, True):
        with pytest.raises(TypeError, match="budget must be a whole number"):
            SearchPlayer("1 2 3/4 _ 5/7 8 6", budget=budget)
    with pytest.raises(TypeError, match="weight must be a number"):
        SearchPlayer("1 2 3/4 _ 5/7 8 6", weight="2")
    with pytest.raises(ValueError, match="weight must be <= 10"):
        SearchPlayer("1 2 3/4 _ 5/7 8 6", weight=11)


def test_search_player_budget_zero_is_not_mistaken_for_a_solved_start(make):
    player = make(SearchPlayer, "8 6 7/2 5 4/3 _ 1", budget=0)
    assert "the start is the goal" not in player.info.value
    assert "budget 0" in player.info.value
    assert_static_fallback(player)
    solved = make(SearchPlayer, Board.goal(3, 3), budget=0)
    assert solved.info.value == "the start is the goal: nothing to expand"


def test_search_player_keeps_recorded_runs_within_its_byte_bound(make):
    from puzzlelab.widgets.search_player import replay_bytes

    player = make(SearchPlayer, "8 6 7/2 5 4/3 _ 1", method="weighted_astar", budget=2_000)
    first, one = player._key(), replay_bytes(player.replay)
    player._runs.max_bytes = int(1.2 * one)  # room for the first run and a small one at most
    for weight in (1.5, 2.0, 2.5, 3.0, 4.0, 5.0):
        player.weight.value = weight
        assert player._runs.bytes <= player._runs.max_bytes or player.cached_runs == 1
        assert player._key() in player._runs  # the run shown is always kept
    assert first not in player._runs  # the least recently used went first
    assert player.replay.result.weight == 5.0
    player.weight.value = 1.5  # dropped long ago: run again, and shown correctly
    assert player.replay.result.weight == 1.5


def test_replay_size_estimate_is_honest():
    """The cache bound is only as good as the estimate of a run's bytes: measure one."""
    import gc
    import tracemalloc

    from puzzlelab.widgets.search_player import replay_bytes

    gc.collect()
    tracemalloc.start()
    try:
        player = SearchPlayer("8 6 7/2 5 4/3 _ 1", method="bfs", budget=3_000)
        held = tracemalloc.get_traced_memory()[0]
        estimate = replay_bytes(player.replay)
    finally:
        tracemalloc.stop()
        player.close()
    assert 0.4 * held <= estimate <= 2.5 * held, (held, estimate)


def test_run_cache_drops_the_least_recently_used_first():
    from puzzlelab.widgets._base import RunCache

    cache = RunCache(10, sizeof=len)
    cache.put("a", "xxxx")
    cache.put("b", "xxxx")
    assert cache.get("a") == "xxxx"  # "a" is now the most recently used
    cache.put("c", "xxxx")
    assert list(cache) == ["a", "c"]
    assert cache.bytes == 8
    cache.put("d", "x" * 50)  # alone over the bound: kept (it is being shown), the rest dropped
    assert list(cache) == ["d"]
    assert cache.bytes == 50
    cache.put("d", "x")
    assert cache.bytes == 1
    assert len(cache) == 1


def test_search_player_text_is_the_same_on_every_run():
    """nbval compares text/plain: the summary must not carry the run time."""
    first, second = (SearchPlayer("8 6 7/2 5 4/3 _ 1", method="astar") for _ in range(2))
    try:
        assert first.summary() == second.summary()
        assert " s" not in first.summary().split(";")[-1]
        assert "31 moves" in first.summary()
    finally:
        first.close()
        second.close()
