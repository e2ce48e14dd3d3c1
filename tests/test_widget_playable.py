"""The playable board driven in plain pytest (no kernel): Python's model of the board, the
messages the browser sends, what is sent back, the error rule and the fallback."""

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image
from widget_helpers import PNG, assert_static_fallback

from puzzlelab import Board
from puzzlelab.parity import is_solvable
from puzzlelab.search import solve
from puzzlelab.widgets import PlayableBoard
from puzzlelab.widgets._live import js_source
from puzzlelab.widgets.playable import PICTURE_SIDE


def browser(view, **content):
    """What the module sends: a custom message, through ipywidgets' own handler."""
    view._handle_custom_msg(content, [])


def sent_messages(view, monkeypatch) -> list[dict]:
    """Record the state messages the view sends from now on."""
    sent = []

    def record(msg, buffers=None):
        sent.append({**msg, "buffers": buffers or []})

    monkeypatch.setattr(view, "_send", record)
    return sent


def test_a_click_and_an_arrow_key_move_the_model_and_undo_takes_them_back(make):
    view = make(PlayableBoard, 3, 3)
    assert view.summary() == "PlayableBoard 3x3 [1 2 3/4 5 6/7 8 _], moves: 0, solved!"
    assert view.status == "solved!"
    assert view.tiles == view.goal_tiles == [1, 2, 3, 4, 5, 6, 7, 8, 0]
    browser(view, do="click", cell=7)  # tile 8 slides right
    assert view.board.text() == "1 2 3/4 5 6/7 _ 8"
    assert (view.move_count, view.status, view.solved, view.can_undo) == (1, "", False, True)
    assert view.tiles == [1, 2, 3, 4, 5, 6, 7, 0, 8]
    browser(view, do="move", move="U")  # ArrowUp: the BLANK goes up, tile 5 slides down
    assert view.board.text() == "1 2 3/4 _ 6/7 5 8"
    assert view.error == ""
    browser(view, do="undo")
    browser(view, do="undo")
    assert view.board == Board.goal(3, 3)
    assert (view.move_count, view.can_undo, view.solved) == (0, False, True)


def test_a_move_is_one_small_message_with_only_what_changed(make, monkeypatch):
    view = make(PlayableBoard, 4, 4)
    sent = sent_messages(view, monkeypatch)
    browser(view, do="move", move="L")
    assert len(sent) == 1  # one message: the browser draws one consistent state
    state = sent[0]["state"]
    assert state["tiles"] == list(Board.goal(4, 4).move("L").tiles)
    assert state["move_count"] == 1
    assert "goal_tiles" not in state
    assert "image" not in state
    assert not sent[0]["buffers"]
    assert len(json.dumps(sent[0])) < 300


def test_refused_moves_go_to_the_error_line_and_the_board_stays_put(make):
    view = make(PlayableBoard, 3, 3)
    browser(view, do="click", cell=0)
    assert "not next to the blank" in view.error_message
    browser(view, do="click", cell=8)
    assert "that is the blank" in view.error_message
    browser(view, do="move", move="D")
    assert "illegal move 'D'" in view.error_message
    browser(view, do="undo")
    assert view.error_message == "nothing to undo"
    assert view.board == Board.goal(3, 3)
    assert view.move_count == 0
    browser(view, do="click", cell=5)
    assert view.error_message == ""  # a good move clears the error line


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("U", "must be a dict"),
        (None, "must be a dict"),
        ({"do": "explode"}, "no action"),
        ({}, "no action"),
        ({"do": ["move"]}, "no action"),
        ({"do": "move", "move": "X"}, "unknown move"),
        ({"do": "move", "move": 3}, "move must be"),
        ({"do": "move"}, "move must be"),
        ({"do": "click", "cell": "1"}, "cell must be a whole number"),
        ({"do": "click", "cell": 9}, "cell must be <= 8"),
        ({"do": "click", "cell": -1}, "cell must be >= 0"),
        ({"do": "click", "cell": 1.0}, "cell must be a whole number"),
        ({"do": "click", "cell": 10**40}, "cell must be <= 8"),
    ],
)
def test_hostile_messages_are_refused_without_raising(make, content, words):
    view = make(PlayableBoard, 3, 3)
    view._handle_custom_msg(content, [])
    assert words in view.error_message
    assert view.board == Board.goal(3, 3)


@settings(deadline=None, max_examples=20)
@given(
    st.lists(st.one_of(st.integers(0, 15), st.sampled_from("UDLR")), max_size=30),
    st.sampled_from([(2, 2), (3, 3), (4, 4), (2, 5)]),
)
def test_random_clicks_and_keys_keep_board_and_history_consistent(actions, shape):
    view = PlayableBoard(*shape)
    try:
        expected = view.board
        trail = [expected]
        for action in actions:
            if isinstance(action, str):
                if action in expected.moves():
                    expected = expected.move(action)
                    trail.append(expected)
                view._handle_custom_msg({"do": "move", "move": action}, [])
            else:
                cell = action % expected.size
                tile = expected.tiles[cell]
                if tile and cell in expected.blank_neighbours():
                    expected = expected.slide(tile)
                    trail.append(expected)
                view._handle_custom_msg({"do": "click", "cell": cell}, [])
            assert view.board == expected
            assert view.tiles == list(expected.tiles)
            assert view.move_count == len(trail) - 1
            assert view.solved == (expected == Board.goal(*shape))
        for board in reversed(trail[:-1]):
            view._handle_custom_msg({"do": "undo"}, [])
            assert view.board == board
    finally:
        view.close()


def test_shuffle_gives_a_solvable_board_reproducibly(make):
    for name in ("fisher_yates", "naive_swap", "random_walk", "tutorial_fisher_yates", "sort_shuffle"):
        first = make(PlayableBoard, 3, 3, rng=7, algorithm=name)
        second = make(PlayableBoard, 3, 3, rng=7)
        second.algorithm = name  # what the browser's menu (or code) does
        browser(first, do="shuffle")
        second.shuffle()
        assert first.error_message == ""
        assert first.board == second.board
        assert is_solvable(first.board)
        assert first.move_count == 0
    view = make(PlayableBoard, 2, 3, blank="first", rng=3)
    for _ in range(5):
        browser(view, do="shuffle")
        assert is_solvable(view.board, Board.goal(2, 3, "first"))
        assert view.goal_tiles == [0, 1, 2, 3, 4, 5]


def test_the_size_menu_starts_a_new_game_of_that_size(make):
    view = make(PlayableBoard, 3, 3)
    view.move("U")
    view.set_state({"size": [5, 5]})  # the browser's menu
    assert view.board == Board.goal(5, 5)
    assert (len(view.tiles), view.move_count, view.error) == (25, 0, "")
    view.size = (2, 2)  # the same from code
    assert view.tiles == [1, 2, 3, 0]
    assert [2, 2] in view.size_options
    assert [6, 6] in view.size_options


@pytest.mark.parametrize(
    ("state", "words"),
    [
        ({"size": [1, 3]}, "rows must be >= 2"),
        ({"size": [3, 17]}, "cols must be <= 16"),
        ({"size": "3x3"}, "cannot take that setting"),
        ({"size": [3, 3, 3]}, "cannot take that setting"),
        ({"algorithm": "bogo"}, "algorithm must be one of"),
        ({"algorithm": 3}, "cannot take that setting"),
        ({"picture": "yes"}, "cannot take that setting"),
        ({"tiles": [1, 2, 3, 4, 5, 6, 7, 0, 8]}, "cannot set tiles"),
        ({"move_count": 0, "solved": True}, "cannot set move_count, solved"),
        ({"image": b"\x89PNG"}, "cannot set image"),
    ],
)
def test_the_browser_cannot_put_the_model_in_a_bad_state(make, monkeypatch, state, words):
    view = make(PlayableBoard, 2, 3, board="1 2 3/4 _ 5")
    before = (view.board, view.size, view.algorithm, view.picture, view.tiles, view.move_count)
    sent = sent_messages(view, monkeypatch)
    view.set_state(state)
    assert words in view.error_message
    assert (view.board, view.size, view.algorithm, view.picture, view.tiles, view.move_count) == before
    restored = {name: value for message in sent for name, value in message.get("state", {}).items()}
    for name in state:  # the browser is sent Python's value back
        if name != "image":
            assert json.dumps(restored[name]) == json.dumps(getattr(view, name)), name


def test_the_picture_is_sent_once_and_only_when_shown(make, monkeypatch):
    numbers = make(PlayableBoard, 3, 3)
    assert numbers.image == b""  # numbers only: no picture travels
    sent = sent_messages(numbers, monkeypatch)
    numbers.set_state({"picture": True})
    assert numbers.image.startswith(PNG)
    assert sum(len(m["buffers"]) for m in sent) == 1
    numbers.size = (4, 4)
    numbers.picture = False
    numbers.picture = True
    numbers.move("U")
    assert sum(len(m["buffers"]) for m in sent) == 1  # new sizes and moves do not send it again
    with Image.open(__import__("io").BytesIO(numbers.image)) as picture:
        assert max(picture.size) == PICTURE_SIDE
    assert 20_000 < len(numbers.image) < 120_000


def test_picture_mode_with_an_image_of_ones_own(make):
    image = np.zeros((20, 30, 3), dtype=np.uint8)
    image[:10, 15:] = 255
    view = make(PlayableBoard, 2, 2, image=image, picture=True)
    with Image.open(__import__("io").BytesIO(view.image)) as picture:
        assert picture.size == (30, 20)  # small pictures are sent at their own size
        assert picture.convert("RGB").getpixel((20, 5)) == (255, 255, 255)
    assert_static_fallback(view)
    with pytest.raises(ValueError, match="an image must be"):
        PlayableBoard(3, 3, image=np.zeros((5, 5, 9)))
    with pytest.raises(ValueError, match="too small"):
        PlayableBoard(3, 3, image=np.zeros((2, 2)))
    with pytest.raises(TypeError, match="image must be an array"):
        PlayableBoard(3, 3, image="hopper.png")
    small = make(PlayableBoard, 2, 2, image=np.zeros((6, 6)))
    small.size = (8, 8)  # too many pieces for a 6x6 picture: refused, the 2x2 stays
    assert "too small" in small.error_message
    assert small.size == (2, 2)


def test_hint_marks_the_tile_on_a_shortest_path(make):
    view = make(PlayableBoard, 3, 3, board=Board.parse("1 2 3/4 _ 5/7 8 6"))
    browser(view, do="hint")
    assert view.error_message == ""
    assert view.status.startswith("hint: slide tile 5; 2 moves to go (optimal")
    assert view.hinted == 5
    browser(view, do="click", cell=5)
    assert view.hinted == -1  # a move clears the hint
    browser(view, do="hint")
    assert view.status.startswith("hint: slide tile 6; 1 moves to go")
    view.move("D")
    browser(view, do="hint")
    assert "solved! nothing to hint" in view.status


def test_solve_sends_the_moves_once_and_the_model_ends_on_the_goal(make):
    start = Board.parse("8 6 7/2 5 4/3 _ 1")
    view = make(PlayableBoard, 3, 3, board=start)
    view.move("L")
    browser(view, do="solve")
    optimum = solve(start.move("L"), method="astar").cost
    animation = view.animation
    assert animation["start"] == list(start.move("L").tiles)
    assert len(animation["moves"]) == optimum
    assert start.move("L").apply(animation["moves"]) == Board.goal(3, 3)
    assert view.solved
    assert view.board == Board.goal(3, 3)
    assert view.move_count == 1 + optimum
    assert view.status == f"solved by the computer: {optimum} moves (optimal, A*, linear conflict)"
    browser(view, do="undo")  # undo takes the solution back one move
    assert view.board == start.move("L").apply(animation["moves"][:-1])
    browser(view, do="solve")
    assert view.animation["seq"] == animation["seq"] + 1  # a new solution to play
    assert view.animation["moves"] == animation["moves"][-1]
    browser(view, do="solve")
    assert view.status == "solved! nothing to solve"


def test_next_move_plays_one_move_of_the_solution(make):
    start = Board.parse("4 1 3/7 2 6/_ 5 8")
    view = make(PlayableBoard, 3, 3, board=start)
    for left in range(6, 0, -1):  # an optimal solution has 6 moves
        browser(view, do="step")
        assert view.move_count == 7 - left
        if left > 1:
            assert view.status.startswith(f"next move made: {left - 1} to go")
    assert view.solved
    browser(view, do="step")
    assert "no next move" in view.error_message


def test_unsolvable_board_gets_the_parity_explanation_not_an_exception(make):
    view = make(PlayableBoard, 3, 3, board=Board.parse("1 2 3/4 5 6/8 7 _"))
    for action in ("hint", "solve", "step"):
        browser(view, do=action)
        assert "can never reach the goal" in view.error_message
        assert "NOT solvable" in view.error_message
    with pytest.raises(ValueError, match="NOT solvable"):
        view.hint()  # from code it raises


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


def test_playable_board_methods_refuse_odd_values_clearly(make):
    view = make(PlayableBoard, 3, 3)
    with pytest.raises(ValueError, match="cell must be <= 8"):
        view.click(9)
    with pytest.raises(TypeError, match="cell must be a whole number"):
        view.click("1")
    with pytest.raises(ValueError, match="tile must be <= 8"):
        view.slide(12)
    with pytest.raises(ValueError, match="illegal move 'R'"):
        view.move("R")
    with pytest.raises(TypeError, match="move must be"):
        view.move(None)
    assert view.board == Board.goal(3, 3)
    view.slide(6)
    assert view.board.text() == "1 2 3/4 5 _/7 8 6"


def test_set_board_accepts_a_shape_the_size_menu_does_not_offer(make):
    view = make(PlayableBoard, 7, 7)
    assert [7, 7] in view.size_options
    view.set_board(Board.goal(7, 7))
    assert view.board == Board.goal(7, 7)
    small = make(PlayableBoard, 3, 3)
    small.set_board(Board.goal(8, 3).move("U"))
    assert small.size == (8, 3)
    assert [8, 3] in small.size_options
    assert len(small.tiles) == 24
    assert small.move_count == 0
    assert not small.solved
    with pytest.raises(ValueError, match="3"):
        small.set_board("1 2/3 3")


def test_the_module_names_its_parts_as_the_tests_and_lessons_find_them():
    source = js_source("playable")
    for name in ("puzzlelab-playable-board", "puzzlelab-board", "puzzlelab-move-counter", "puzzlelab-status"):
        assert name in source
    assert "they move the BLANK" in source  # the widget says which convention the keys follow
    assert "tabindex: 0" in source


def test_repr_fallback_and_static_picture_follow_the_board(make):
    view = make(PlayableBoard, 2, 3)
    assert repr(view) == f"<{view.summary()}>"
    assert view.widget is view
    before = view.static_png()
    view.click(4)
    assert view.static_png() != before
    assert_static_fallback(view)
    view.picture = True
    assert view.static_png().startswith(PNG)
