"""The playable board driven in plain pytest (no kernel): its state, numbers, messages and fallback."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from widget_helpers import PNG, assert_static_fallback

from puzzlelab import Board
from puzzlelab.parity import is_solvable
from puzzlelab.widgets import (
    ParityLab,
    PlayableBoard,
)


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
