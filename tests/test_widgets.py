"""The lesson widgets driven in plain pytest (no kernel): controls, numbers, labels, pictures."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlelab import Board
from puzzlelab.parity import explain, is_solvable
from puzzlelab.widgets import (
    BuildProgress,
    ParityLab,
    PlayableBoard,
    SearchPlayer,
    ShuffleLab,
    WeightExplorer,
)

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def make():
    """Build views and close all their widgets after the test."""
    views = []

    def build(cls, *args, **kwargs):
        view = cls(*args, **kwargs)
        views.append(view)
        return view

    yield build
    for view in views:
        view.close()


def assert_static_fallback(view):
    bundle = view._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    import base64

    assert base64.b64decode(bundle["image/png"]).startswith(PNG)
    assert bundle["text/plain"] == view.summary()


# -- playable board -------------------------------------------------------------------------
def test_playable_board_slides_counts_and_undoes(make):
    view = make(PlayableBoard, 3, 3)
    assert view.summary() == "PlayableBoard 3x3 [1 2 3/4 5 6/7 8 _], moves: 0, solved!"
    assert view.status.value == "<b>solved!</b>"
    view.cells[7].click()  # tile 8 slides right
    assert view.board.text() == "1 2 3/4 5 6/7 _ 8"
    assert view.counter.value == "moves: 1"
    assert view.status.value == ""
    assert view.cells[8].description == "8"
    assert view.cells[7].description == ""
    view.undo_button.click()
    assert view.board == Board.goal(3, 3)
    assert view.counter.value == "moves: 0"
    assert view.undo_button.disabled


def test_playable_board_shows_errors_in_the_widget_and_stays_put(make):
    view = make(PlayableBoard, 3, 3)
    view.cells[0].click()
    assert "not next to the blank" in view.error_message
    assert view.board == Board.goal(3, 3)
    view.cells[8].click()
    assert "that is the blank" in view.error_message
    view.undo_button.click()
    assert view.error_message == "nothing to undo"
    view.cells[5].click()
    assert view.error_message == ""  # a good move clears the error line


@settings(deadline=None, max_examples=20)
@given(st.lists(st.integers(0, 15), max_size=30), st.sampled_from([(2, 2), (3, 3), (4, 4)]))
def test_random_clicks_keep_history_consistent(clicks, shape):
    view = PlayableBoard(*shape)
    try:
        expected = view.board
        trail = [expected]
        for cell in clicks:
            cell %= expected.size
            tile = expected.tiles[cell]
            if tile and cell in expected.blank_neighbours():
                expected = expected.slide(tile)
                trail.append(expected)
            view.cells[cell].click()
            assert view.board == expected
            assert view.move_count == len(trail) - 1
            assert [b.description for b in view.cells] == [str(t) if t else "" for t in expected.tiles]
        for board in reversed(trail[:-1]):
            view.undo_button.click()
            assert view.board == board
    finally:
        view.close()


def test_shuffle_gives_a_solvable_board_reproducibly(make):
    for name in ("fisher_yates", "naive_swap", "random_walk", "tutorial_fisher_yates", "sort_shuffle"):
        first = make(PlayableBoard, 3, 3, rng=7, algorithm=name)
        second = make(PlayableBoard, 3, 3, rng=7, algorithm=name)
        first.shuffle_button.click()
        second.shuffle_button.click()
        assert first.error_message == ""
        assert first.board == second.board
        assert is_solvable(first.board)
        assert first.move_count == 0
    view = make(PlayableBoard, 2, 3, blank="first", rng=3)
    for _ in range(5):
        view.shuffle_button.click()
        assert is_solvable(view.board, Board.goal(2, 3, "first"))


def test_size_menu_rebuilds_the_grid(make):
    view = make(PlayableBoard, 3, 3)
    view.size.value = (5, 5)
    assert len(view.cells) == 25
    assert view.board == Board.goal(5, 5)
    assert view.grid.layout.grid_template_columns.startswith("repeat(5,")
    view.size.value = (2, 2)
    assert len(view.grid.children) == 4


def test_picture_mode_shows_a_piece_per_cell(make):
    image = np.zeros((20, 20, 3), dtype=np.uint8)
    image[:10, 10:] = 255  # the piece of goal cell 1 (tile 2) is white
    view = make(PlayableBoard, 2, 2, image=image, picture=True)
    assert len(view.images) == 4
    pieces_before = [im.value for im in view.images]
    assert all(bytes(p).startswith(PNG) for p in pieces_before)
    assert pieces_before[0] != pieces_before[1]  # black and white pieces differ
    view.cells[1].click()  # tile 2 slides down into the blank
    assert view.images[3].value == pieces_before[1]
    assert view.images[1].value == pieces_before[3] or view.images[1].value != pieces_before[1]
    view.picture.value = False
    assert view.images == []
    assert view.grid.children == tuple(view.cells)
    assert_static_fallback(view)


def test_picture_mode_with_the_default_image_and_a_bad_image():
    view = PlayableBoard(3, 3, picture=True)
    try:
        assert len(view.images) == 9
        assert view.static_png().startswith(PNG)
    finally:
        view.close()
    with pytest.raises(ValueError, match="an image must be"):
        PlayableBoard(3, 3, image=np.zeros((5, 5, 9)))


def test_hint_points_at_a_tile_on_a_shortest_path(make):
    view = make(PlayableBoard, 3, 3, board=Board.parse("1 2 3/4 _ 5/7 8 6"))
    view.hint_button.click()
    assert view.error_message == ""
    assert "slide tile <b>5</b>; 2 moves to go (optimal" in view.status.value
    hinted = [k for k, b in enumerate(view.cells) if b.button_style == "warning"]
    assert hinted == [5]
    view.cells[5].click()
    view.hint_button.click()
    assert "slide tile <b>6</b>; 1 moves to go" in view.status.value


def test_solve_it_plays_the_optimal_solution_step_by_step(make):
    start = Board.parse("4 1 3/7 2 6/_ 5 8")
    view = make(PlayableBoard, 3, 3, board=start)
    view.solve_button.click()
    assert view.play.max == 6
    assert "6 moves (optimal" in view.status.value
    view.step_button.click()
    assert view.move_count == 1
    view.play.value = 6  # what the Play widget does when it reaches the end
    assert view.solved
    assert "solved!" in view.status.value
    assert view.move_count == 6
    view.step_button.click()
    assert "played to the end" in view.error_message
    view.play.value = 2  # dragging back replays from the start of the solution
    assert view.move_count == 2


def test_unsolvable_board_gets_the_parity_explanation_not_an_exception(make):
    view = make(PlayableBoard, 3, 3, board=Board.parse("1 2 3/4 5 6/8 7 _"))
    view.hint_button.click()
    assert "can never reach the goal" in view.error_message
    assert "NOT solvable" in view.error_message


def test_playable_board_constructor_checks_its_arguments():
    with pytest.raises(ValueError, match="rows must be >= 2"):
        PlayableBoard(1, 3)
    with pytest.raises(TypeError, match="cols must be a whole number"):
        PlayableBoard(3, 3.0)
    with pytest.raises(ValueError, match="algorithm must be one of"):
        PlayableBoard(3, 3, algorithm="bogo")
    with pytest.raises(ValueError, match="blank must be"):
        PlayableBoard(3, 3, blank="middle")
    with pytest.raises(ValueError, match="board is 2x2"):
        PlayableBoard(3, 3, board=Board.goal(2, 2))
    with pytest.raises(TypeError, match="picture must be True or False"):
        PlayableBoard(3, 3, picture="yes")
    with pytest.raises(TypeError, match="rng must be"):
        PlayableBoard(3, 3, rng=1.5)


def test_playable_board_methods_refuse_odd_cells_clearly(make):
    view = make(PlayableBoard, 3, 3)
    with pytest.raises(ValueError, match="cell must be <= 8"):
        view.click(9)
    with pytest.raises(TypeError, match="cell must be a whole number"):
        view.click("1")
    with pytest.raises(ValueError, match="tile must be <= 8"):
        view.slide(12)
    assert view.board == Board.goal(3, 3)


def test_set_board_accepts_a_shape_the_size_menu_does_not_offer(make):
    view = make(PlayableBoard, 7, 7)
    view.set_board(Board.goal(7, 7))
    assert view.board == Board.goal(7, 7)
    small = make(PlayableBoard, 3, 3)
    small.set_board(Board.goal(8, 3).move("U"))
    assert small.size.value == (8, 3)
    assert len(small.cells) == 24
    assert small.move_count == 0
    assert not small.solved
    lab = make(ParityLab, 3, 3)
    lab.set_board(Board.goal(7, 2))
    assert len(lab.cells) == 14


def test_views_are_widgets_that_compose(make):
    import ipywidgets as widgets

    view = make(PlayableBoard, 2, 2)
    assert isinstance(view, widgets.VBox)
    assert view.widget is view
    box = widgets.VBox([view, make(ParityLab, 2, 2)])
    assert box.children[0] is view
    assert "puzzlelab-playable-board" in view._dom_classes
    assert view.children[-1] is view.error
    assert repr(view) == f"<{view.summary()}>"


def test_home_tiles_carry_a_mark_as_well_as_a_colour(make):
    view = make(PlayableBoard, 2, 2, board=Board.parse("1 2/_ 3"))
    assert [b.icon for b in view.cells] == ["check", "check", "fw", ""]
    lab = make(ParityLab, 2, 2)
    lab.cells[0].click()
    assert lab.cells[0].icon == "hand-o-up"  # the chosen cell is marked, not only coloured
    assert lab.cells[1].icon == "check"


def test_playable_board_css_classes_and_fallback(make):
    view = make(PlayableBoard, 2, 3)
    assert "puzzlelab-move-counter" in view.counter._dom_classes
    assert "puzzlelab-board" in view.grid._dom_classes
    before = view.static_png()
    view.cells[2].click()
    assert view.static_png() != before
    assert_static_fallback(view)


# -- parity lab -------------------------------------------------------------------------------
def test_parity_lab_swaps_two_clicked_tiles_and_flips_the_verdict(make):
    lab = make(ParityLab, 3, 3)
    assert lab.inversions.value == "inversions: 0"
    assert "solvable" in lab.verdict.value
    picture = lab.picture.value
    lab.cells[0].click()
    assert lab.selected == 0
    assert lab.picture.value == picture  # choosing a cell changes no number
    lab.cells[1].click()
    assert lab.board.text() == "2 1 3/4 5 6/7 8 _"
    assert lab.inversions.value == "inversions: 1"
    assert "NOT solvable" in lab.verdict.value
    assert lab.picture.value != picture
    assert bytes(lab.picture.value).startswith(PNG)
    lab.cells[4].click()
    lab.cells[4].click()  # a second click on the same cell drops the choice
    assert lab.selected is None


@settings(deadline=None, max_examples=10)
@given(st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8)), max_size=4))
def test_parity_lab_numbers_match_explain(swaps):
    lab = ParityLab(3, 3)
    try:
        for i, j in swaps:
            lab.cells[i].click()
            lab.cells[j].click()
        exp = explain(lab.board)
        assert lab.inversions.value == f"inversions: {exp.inversions}"
        assert lab.row_term.value.endswith(f"= {exp.row_term}")
        assert ("NOT solvable" in lab.verdict.value) == (not exp.solvable)
    finally:
        lab.close()


def test_parity_lab_slide_mode_keeps_the_verdict(make):
    lab = make(ParityLab, 2, 3, board=Board.parse("2 1 3/4 5 _"))
    lab.mode.value = "slide the blank"
    verdicts = set()
    for cell in (2, 1, 4, 3, 0):
        lab.cells[cell].click()
        assert lab.error_message == ""
        verdicts.add("NOT" in lab.verdict.value)
    assert verdicts == {True}
    assert lab.row_term.value == "blank-row term: (3 - 1) x 1 rows = 2" or lab.board.blank >= 3
    lab.cells[lab.board.blank].click()
    assert "that is the blank" in lab.error_message


def test_parity_lab_goal_choice_changes_the_row_term(make):
    lab = make(ParityLab, 2, 2)
    lab.goal_choice.value = "first"
    assert lab.row_term.value == "blank-row term: (2 - 1) x 1 rows = 1"
    assert "NOT solvable" in lab.verdict.value  # blank-last goal cannot reach blank-first goal on 2x2
    lab.reset_button.click()
    assert lab.board == Board.goal(2, 2, "first")
    assert "NOT" not in lab.verdict.value


def test_parity_lab_proof_by_search_agrees(make):
    lab = make(ParityLab, 2, 3)
    lab.swap(0, 1)
    lab.prove_button.click()
    assert lab.error_message == ""
    assert "reaches 360 of 720 arrangements" in lab.proof.value
    assert "not among them" in lab.proof.value
    assert "agrees" in lab.proof.value
    lab.swap(0, 1)
    lab.cells[5].click()  # select, nothing else
    lab.prove_button.click()
    assert "0 moves" in lab.proof.value


def test_parity_lab_refuses_proofs_on_big_boards_and_bad_sizes(make):
    lab = make(ParityLab, 4, 4)
    assert lab.prove_button.disabled
    lab.prove_button.click()
    assert "at most 9 cells" in lab.error_message
    lab.size.value = (2, 2)
    assert len(lab.cells) == 4
    assert_static_fallback(lab)
    with pytest.raises(ValueError, match="mode must be"):
        ParityLab(3, 3, mode="juggle")


# -- shuffle lab --------------------------------------------------------------------------------
def test_shuffle_lab_exact_numbers_match_the_distribution(make):
    from puzzlelab.distributions import exact

    lab = make(ShuffleLab, "naive_swap", n=3, mode="exact")
    truth = exact("naive_swap", 3)
    assert lab.ratio.value == "max/min ratio: exact 5/4 = 1.250"
    assert lab.distance.value == f"distance from uniform (TV): exact {truth.tv_distance():.4f}"
    assert lab.exact_distribution.counts.tolist() == truth.counts.tolist()
    assert lab.sampled_distribution is None
    lab.algorithm.value = "fisher_yates"
    assert lab.ratio.value == "max/min ratio: exact 1"
    assert lab.distance.value == "distance from uniform (TV): exact 0.0000"


def test_shuffle_lab_sampling_is_seeded_and_resampling_changes_the_picture(make):
    first = make(ShuffleLab, "fisher_yates", n=4, mode="sampled", samples=1_000, rng=5)
    second = make(ShuffleLab, "fisher_yates", n=4, mode="sampled", samples=1_000, rng=5)
    assert first.ratio.value == second.ratio.value
    assert first.sampled_distribution.total == 1_000
    picture, ratio = first.histogram.value, first.ratio.value
    first.resample_button.click()
    assert first.histogram.value != picture
    assert first.ratio.value != ratio or first.distance.value != second.distance.value
    first.samples.value = 10_000
    assert first.sampled_distribution.total == 10_000


def test_shuffle_lab_both_mode_size_and_random_walk(make):
    lab = make(ShuffleLab, "random_walk", n=4, mode="both", samples=1_000)
    assert lab.error_message == ""
    assert "exact" in lab.ratio.value
    assert "sampled" in lab.ratio.value
    matrix = lab.matrix.value
    lab.steps.value = 3
    assert lab.exact_distribution.options == (("shape", (2, 2)), ("steps", 3))
    assert lab.matrix.value != matrix
    lab.size.value = (5, None)  # five loose items: no board to walk on
    assert "choose a board size" in lab.error_message
    lab.algorithm.value = "sort_shuffle"
    assert lab.error_message == ""
    assert lab.exact_distribution.n == 5
    assert_static_fallback(lab)


def test_shuffle_lab_offers_the_options_each_shuffle_declares(make):
    from puzzlelab.shuffles import SHUFFLES

    lab = make(ShuffleLab, "naive_swap", n=4, mode="exact")
    for name, spec in SHUFFLES.items():
        lab.algorithm.value = name
        assert lab.error_message == ""
        assert lab.steps.disabled == ("steps" not in spec.option_names), name
        declared = {"steps": lab.steps.value} if "steps" in spec.option_names else {}
        assert dict(lab.exact_distribution.options) == spec.board_options(2, 2, declared), name


def test_shuffle_lab_never_shows_the_previous_numbers_under_a_new_label(make):
    lab = make(ShuffleLab, "naive_swap", n=3, mode="both", samples=1_000)
    assert "exact 5/4" in lab.ratio.value
    lab.algorithm.value = "random_walk"  # three loose items: nothing to walk on
    assert "choose a board size" in lab.error_message
    assert lab.ratio.value == lab.distance.value == lab.support.value == ""
    assert lab.exact_distribution is None
    assert lab.sampled_distribution is None
    assert lab.summary() == "ShuffleLab random_walk, 3 items, both: nothing computed"
    assert_static_fallback(lab)
    lab.size.value = (4, (2, 2))
    assert lab.error_message == ""
    assert lab.exact_distribution.name == "random_walk"
    assert lab.ratio.value.startswith("max/min ratio: exact")


def test_shuffle_lab_leaves_slow_exact_cases_to_a_button(make):
    lab = make(ShuffleLab, "naive_swap", n=4, mode="exact", samples=1_000)
    lab.size.value = (9, (3, 3))
    assert "press 'compute exact'" in lab.ratio.value
    assert not lab.exact_button.disabled
    assert lab.sampled_distribution is not None  # shows samples meanwhile


def test_shuffle_lab_constructor_checks_its_arguments():
    with pytest.raises(ValueError, match="algorithm must be one of"):
        ShuffleLab("bogo")
    with pytest.raises(TypeError, match="samples must be a whole number"):
        ShuffleLab("naive_swap", samples=1e4)
    with pytest.raises(ValueError, match="steps must be <= 200"):
        ShuffleLab("random_walk", steps=10**6)
    with pytest.raises(ValueError, match="n must be one of"):
        ShuffleLab("naive_swap", n=12)
    with pytest.raises(ValueError, match="mode must be"):
        ShuffleLab("naive_swap", mode="guess")


# -- search player ------------------------------------------------------------------------------
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


# -- weight explorer ----------------------------------------------------------------------------
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


# -- build progress -------------------------------------------------------------------------------
def test_build_progress_follows_the_callback_and_refuses_nonsense(make):
    view = make(BuildProgress)
    assert view.summary() == "BuildProgress 0%: not started"
    view.callback(1, 4, "group 1")
    assert view.bar.value == 25
    assert view.label.value == "group 1: 1 of 4 (25%)"
    view.callback(4, 4, "group 1")
    assert view.bar.bar_style == "success"
    view.callback(5, 4, "group 1")
    assert "does not make sense" in view.error_message
    assert view.bar.value == 100
    assert_static_fallback(view)


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
