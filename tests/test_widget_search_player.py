"""The search player driven in plain pytest (no kernel, no browser): its state, the run it sends,
its numbers against the library, the error rule, its fallback and its offline copy."""

import numpy as np
import pytest
from widget_helpers import PNG, assert_static_fallback

from puzzlelab import Board
from puzzlelab.search import Trace, astar, decode_run
from puzzlelab.widgets import SearchPlayer
from puzzlelab.widgets.search_player import SPEEDS, replay_bytes


def test_search_player_sends_the_run_once_and_steps_without_the_kernel_drawing(make):
    player = make(SearchPlayer, "4 1 3/7 2 6/_ 5 8")
    assert player.steps == player.replay.steps == 6
    assert player.info.startswith("step 1 of 6: expand g=0")
    assert "6 moves (optimal)" in player.outcome
    sent = bytes(player.recording)
    run = decode_run(sent)  # what the browser decodes
    assert run.steps == 6
    assert run.header["goal"] == list(player.goal.tiles)
    for step in range(1, 7):
        player.step = step  # what the browser writes when the replay stops
        assert player.error == ""
        assert player.info == player.replay.describe(step) == run.describe(step)
    assert bytes(player.recording) == sent  # stepping sends nothing new
    assert player.cached_runs == 1
    assert_static_fallback(player)


def test_search_player_refuses_a_bad_step_and_keeps_the_old_one(make):
    player = make(SearchPlayer, "4 1 3/7 2 6/_ 5 8")
    player.step = 4
    for bad, message in [(0, "step must be >= 1"), (7, "step must be <= 6"), ("3", "whole number"),
                         (2.5, "whole number"), (None, "whole number")]:  # fmt: skip
        player.step = bad
        assert message in player.error
        assert player.step == 4
    player.step = 5
    assert player.error == ""


def test_search_player_reruns_only_on_new_settings(make):
    player = make(SearchPlayer, "8 6 7/2 5 4/3 _ 1", budget=3_000)
    astar_steps = player.replay.steps
    player.step = 10
    assert player.cached_runs == 1
    player.method = "weighted_astar"
    assert player.uses_weight
    assert player.step == 1
    player.weight = 3.0
    assert player.cached_runs == 3
    assert player.replay.result.weight == 3.0
    assert decode_run(bytes(player.recording)).header["weight"] == 3.0
    player.method = "astar"
    assert player.cached_runs == 3  # back to a run already made
    assert player.replay.steps == player.steps == astar_steps
    player.method = "bfs"
    assert not player.uses_heuristic
    assert "bfs" in player.outcome
    player.heuristic = "misplaced"  # no effect on BFS, but the run is the cached one
    assert player.error == ""


def test_search_player_refuses_bad_settings_and_restores_them(make):
    player = make(SearchPlayer, "4 1 3/7 2 6/_ 5 8", method="greedy")
    sent = bytes(player.recording)
    refused = [
        ("method", "dfs", "method must be one of"),
        ("method", 3, "method must be one of"),
        ("heuristic", "pdb", "heuristic must be one of"),
        ("weight", 11, "weight must be <= 10"),
        ("weight", "2", "weight must be a number"),
        ("speed", 7, "speed must be one of"),
    ]
    for name, bad, message in refused:
        before = getattr(player, name)
        setattr(player, name, bad)
        assert message in player.error, (name, bad)
        assert getattr(player, name) == before
    assert bytes(player.recording) == sent
    player.speed = SPEEDS[-1]
    assert player.speed == SPEEDS[-1]


def test_search_player_frontier_in_the_sent_run_matches_the_engine(make):
    player = make(SearchPlayer, "8 6 7/2 5 4/3 _ 1", heuristic="misplaced", budget=2_000)
    run = decode_run(bytes(player.recording))
    replay = player.replay
    for step in range(1, replay.steps + 1, max(1, replay.steps // 40)):
        (best, size), (theirs, their_size) = run.frontier(step), replay.frontier(step)
        assert size == their_size
        assert [n.tiles for n in best] == [n.state for n in theirs]
        assert [n.f for n in best] == sorted(n.f for n in best)
        if step < replay.steps:
            assert best[0].tiles == replay.node(step + 1).state  # the best entry is expanded next


def test_search_player_shows_budget_and_bad_starts(make):
    player = make(SearchPlayer, "8 6 7/2 5 4/3 _ 1", method="bfs", budget=50)
    assert "budget" in player.outcome
    assert player.steps == 50
    assert decode_run(bytes(player.recording)).header["status"] == "budget"
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
    assert player.recording == b""
    assert player.steps == 0
    assert_static_fallback(player)
    assert player.summary().endswith("no run")
    player.method = "bfs"
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
    with pytest.raises(ValueError, match="heuristic must be one of"):
        SearchPlayer("1 2 3/4 _ 5/7 8 6", heuristic="pdb")


def test_search_player_budget_zero_is_not_mistaken_for_a_solved_start(make):
    player = make(SearchPlayer, "8 6 7/2 5 4/3 _ 1", budget=0)
    assert "the start is the goal" not in player.info
    assert "budget 0" in player.info
    assert player.message == player.info
    assert_static_fallback(player)
    solved = make(SearchPlayer, Board.goal(3, 3), budget=0)
    assert solved.info == "the start is the goal: nothing to expand"


def test_search_player_keeps_recorded_runs_within_its_byte_bound(make):
    player = make(SearchPlayer, "8 6 7/2 5 4/3 _ 1", method="weighted_astar", budget=2_000)
    first, one = player._key(), replay_bytes(player._runs.get(player._key()))
    player._runs.max_bytes = int(1.2 * one)  # room for the first run and a small one at most
    for weight in (1.5, 2.0, 2.5, 3.0, 4.0, 5.0):
        player.weight = weight
        assert player._runs.bytes <= player._runs.max_bytes or player.cached_runs == 1
        assert player._key() in player._runs  # the run shown is always kept
    assert first not in player._runs  # the least recently used went first
    assert player.replay.result.weight == 5.0
    player.weight = 1.5  # dropped long ago: run again, and shown correctly
    assert player.replay.result.weight == 1.5


def test_replay_size_estimate_is_honest():
    """The cache bound is only as good as the estimate of a run's bytes: measure one."""
    import gc
    import tracemalloc

    gc.collect()
    tracemalloc.start()
    try:
        player = SearchPlayer("8 6 7/2 5 4/3 _ 1", method="bfs", budget=3_000)
        held = tracemalloc.get_traced_memory()[0]
        estimate = replay_bytes(player._runs.get(player._key()))
    finally:
        tracemalloc.stop()
        player.close()
    assert 0.4 * held <= estimate <= 2.5 * held, (held, estimate)


def test_search_player_text_is_the_same_on_every_run():
    """nbval compares text/plain: the summary must not carry the run time."""
    first, second = (SearchPlayer("8 6 7/2 5 4/3 _ 1", method="astar") for _ in range(2))
    try:
        assert first.summary() == second.summary()
        assert " s" not in first.summary().split(";")[-1]
        assert "31 moves" in first.summary()
        assert first._repr_mimebundle_()[0]["text/html"] == second._repr_mimebundle_()[0]["text/html"]
    finally:
        first.close()
        second.close()


def test_the_offline_copy_holds_the_module_and_the_run(make, tmp_path):
    import base64
    import re

    from puzzlelab.widgets._live import js_source

    player = make(SearchPlayer, "8 6 7/2 5 4/3 _ 1", method="greedy")
    player.step = 7
    page = player.save_html(tmp_path / "replay.html").read_text()
    assert page.startswith("<!DOCTYPE html>")
    assert js_source("search_player") in page
    assert "http://" not in page.replace("http://www.w3.org/2000/svg", "")  # nothing from the network
    assert "https://" not in page
    data = re.search(r'atob\("([A-Za-z0-9+/=]+)"\)', page)[1]
    assert base64.b64decode(data) == bytes(player.recording)
    assert '"step":7' in page
    bundle = player._repr_mimebundle_()[0]
    assert 'src="data:image/png;base64,' in bundle["text/html"]  # shown where scripts are stripped


def test_lesson_05_player_15_puzzle(make):
    player = make(SearchPlayer, "1 6 _ 3/2 15 7 4/10 8 13 11/5 14 9 12", heuristic="manhattan")
    trace = Trace(astar("1 6 _ 3/2 15 7 4/10 8 13 11/5 14 9 12", record=True, budget=20_000))
    assert player.steps == trace.steps == 15507
    run = decode_run(bytes(player.recording))
    assert np.array_equal(run.columns["step_frontier"], trace.frontier_sizes)
    assert len(player.recording) < 16 * len(trace.events)


# -- the result's line, written from its fields (issue 22) -------------------------------------------
def _results():
    """Results of every kind the player shows: each method solved, stopped by its budget, and the
    engine's other stops (time, memory, nothing left) made from a real result."""
    import dataclasses

    from puzzlelab.search.engine import Limits
    from puzzlelab.widgets.search_player import PLAYER_METHODS

    found = []
    for method in PLAYER_METHODS:
        for start, budget in [
            ("1 2 3/4 _ 5/7 8 6", 100),
            ("8 6 7/2 5 4/3 _ 1", 40),
            ("4 1 3/7 2 6/_ 5 8", 0),
        ]:
            player = SearchPlayer(start, method=method, budget=budget)
            found.append(player.replay.result)
            player.close()
    stopped = found[1]
    assert stopped.limit == "budget"
    found += [
        dataclasses.replace(stopped, limit="seconds", limits=Limits(seconds=2.5)),
        dataclasses.replace(stopped, limit="memory", limits=Limits(memory=96 * 2**20)),
        dataclasses.replace(stopped, status="exhausted", limit=None),
    ]
    return found


def test_the_result_line_in_english_is_the_engines_byte_for_byte():
    from puzzlelab.i18n import language
    from puzzlelab.widgets.search_player import outcome_line, result_line

    results = _results()
    assert {r.status for r in results} == {"solved", "budget", "exhausted"}
    assert {r.algorithm for r in results} == {"astar", "weighted_astar", "greedy", "bfs", "article"}
    with language("en"):
        for result in results:
            assert result_line(result) == result.summary()
            assert outcome_line(result) == str(result)


def test_the_result_line_in_chinese_names_the_method_and_heuristic_in_chinese():
    import re

    from puzzlelab.i18n import language
    from puzzlelab.widgets.search_player import result_line

    with language("zh-CN"):
        for result in _results():
            line = result_line(result)
            # no identifier and no English word left: only the w= and budget=-style options
            options = {"budget", "None", "seconds", "memory", "ida_star", "MB"}
            words = set(re.findall(r"[A-Za-z_]{2,}", line)) - options
            assert words == set(), (line, words)
            assert f"{result.expanded:,}" in line
    bfs = SearchPlayer("1 2 3/4 _ 5/7 8 6", method="bfs")
    with language("zh-CN"):
        line = result_line(bfs.replay.result)
    done = bfs.replay.result
    assert line == (
        f"广度优先搜索（h = 0）：{done.cost} 步（最优），"
        f"扩展 {done.expanded:,} 个结点，生成 {done.generated:,} 个"
    )
    bfs.close()


def test_the_text_form_names_the_heuristic_the_run_used(make):
    bfs = make(SearchPlayer, "1 2 3/4 _ 5/7 8 6", method="bfs")
    assert bfs.heuristic == "manhattan"  # the menu's value, which BFS ignores
    assert bfs.summary().startswith("SearchPlayer [1 2 3/4 _ 5/7 8 6] bfs/zero: ")
    assert bfs.summary().endswith("; " + bfs.replay.result.summary())
    state = bfs._copy_state()
    assert state["heuristic"] == "zero"
    assert state["heuristics"] == ["zero"]
    astar_player = make(SearchPlayer, "1 2 3/4 _ 5/7 8 6", heuristic="misplaced")
    assert "astar/misplaced: " in astar_player.summary()


def test_a_chinese_player_shows_chinese_names_in_its_text_form_and_alt_text(make):
    from puzzlelab.i18n import language

    with language("zh-CN"):
        player = make(SearchPlayer, "1 2 3/4 _ 5/7 8 6", method="greedy", heuristic="linear_conflict")
        summary, copy = player.summary(), player.html_fragment(fallback_png=PNG)
        outcome = player.outcome
    assert summary.startswith("SearchPlayer [1 2 3/4 _ 5/7 8 6] 贪心搜索/线性冲突：")
    assert "贪心搜索（线性冲突）：" in summary
    assert "不保证最优" in summary
    assert outcome.startswith("贪心搜索（线性冲突）：")
    assert outcome.endswith(" 秒")
    assert 'alt="SearchPlayer [1 2 3/4 _ 5/7 8 6] 贪心搜索/线性冲突' in copy
    assert "greedy (" not in copy


def test_the_static_chart_draws_and_names_its_lines_as_the_live_player_does(make):
    import re

    from puzzlelab.widgets import search_player
    from puzzlelab.widgets._live import js_source

    player = make(SearchPlayer, "8 6 7/2 5 4/3 _ 1", budget=50)
    figure = player.static_figure()
    chart = figure.axes[1]
    twin = next(ax for ax in figure.axes if ax is not chart and ax.bbox.bounds == chart.bbox.bounds)
    (f_line,) = [line for line in chart.lines if len(line.get_xdata()) == player.steps]
    (size_line,) = [line for line in twin.lines if len(line.get_xdata()) == player.steps]
    assert f_line.get_linestyle() == "-"
    assert f_line.get_marker() in ("None", "", None)
    assert size_line.get_linestyle() == "--"
    assert chart.get_ylabel() == "f (solid)"
    assert twin.get_ylabel() == "frontier (dashed)"
    # the browser's chart: f a solid line, the frontier dashed, under the same two labels
    source = js_source("search_player")
    assert 't("f (solid)"), sMax, t("frontier (dashed)")' in source
    assert re.search(r"line\(f, map\.y, BLUE, \[\]\);\s*line\(size, map\.y2, ORANGE, \[5, 3\]\);", source)
    assert {"f (solid)", "frontier (dashed)"} <= set(search_player.LABELS)
