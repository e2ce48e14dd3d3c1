"""Board: construction, parsing, moves and their errors."""

import itertools
import pickle

import pytest
from hypothesis import given
from strategies import boards

from puzzlelab import Board
from puzzlelab.board import MOVES, OPPOSITE, neighbour_table


def test_goal_blank_last_and_first():
    assert Board.goal(2, 3).tiles == (1, 2, 3, 4, 5, 0)
    assert Board.goal(2, 3, blank="first").tiles == (0, 1, 2, 3, 4, 5)
    assert Board.goal(3).shape == (3, 3)


@pytest.mark.parametrize(
    "source",
    [
        "1 2 3/4 5 6/7 8 _",
        "1 2 3\n4 5 6\n7 8 .\n",
        "1,2,3 / 4,5,6 / 7,8,0",
        [[1, 2, 3], [4, 5, 6], [7, 8, 0]],
        [[1, 2, 3], [4, 5, 6], [7, 8, None]],
        (1, 2, 3, 4, 5, 6, 7, 8, 0),
    ],
)
def test_parse_forms_agree(source):
    assert Board.parse(source) == Board.goal(3, 3)


def test_parse_flat_with_shape_and_rectangles():
    board = Board.parse([1, 2, 3, 4, 5, 6, 7, 0], shape=(2, 4))
    assert board.shape == (2, 4)
    assert board == Board.parse("1 2 3 4/5 6 7 _")
    assert Board.parse("1 2/3 4/5 _").shape == (3, 2)


@given(boards())
def test_text_round_trips(board):
    assert Board.parse(board.text()) == board
    assert Board.parse(str(board)) == board
    assert eval(repr(board), {"Board": Board}) == board
    assert pickle.loads(pickle.dumps(board)) == board


@pytest.mark.parametrize(
    ("source", "kwargs", "message"),
    [
        ("1 2 3/4 5 6/7 7 _", {}, "repeated tiles \\[7\\]"),
        ("1 2 3/4 5 6/7 9 _", {}, "missing \\[8\\]"),
        ("1 2 3/4 5 6/7 8 9", {}, "no blank"),
        ("1 2 3/4 5/6 7 _", {}, "different lengths"),
        ([1, 2, 3, 0, 4], {}, "do not make a square"),
        ([1, 2, 3, 0], {"shape": (1, 4)}, "rows=1 is out of range"),
        ("1 2 x/3 4 _", {}, "cannot read tile 'x'"),
        ("", {}, "empty board"),
        ("1 2/3 _", {"shape": (2, 3)}, "does not match"),
    ],
)
def test_bad_input_says_what_is_wrong(source, kwargs, message):
    with pytest.raises(ValueError, match=message):
        Board.parse(source, **kwargs)


def test_shape_limits():
    assert Board.goal(16, 16).size == 256
    with pytest.raises(ValueError, match="out of range"):
        Board.goal(17, 2)
    with pytest.raises(ValueError, match="out of range"):
        Board.goal(2, 1)
    with pytest.raises(TypeError, match="rows must be a whole number"):
        Board.goal(2.5, 3)
    with pytest.raises(ValueError, match="'last', 'first'"):
        Board.goal(3, 3, blank="middle")


def test_immutable_and_hashable():
    board = Board.goal(3, 3)
    with pytest.raises(AttributeError, match="immutable"):
        board.tiles = (0,) * 9
    assert len({board, Board.goal(3, 3), board.move("U")}) == 2
    # the same tiles on another shape are another board
    assert Board((1, 2, 3, 4, 5, 0), 2, 3) != Board((1, 2, 3, 4, 5, 0), 3, 2)


def test_moves_name_the_blank_direction():
    board = Board.goal(3, 3)  # blank bottom right
    assert board.moves() == ["U", "L"]
    up = board.move("U")
    assert up == Board.parse("1 2 3/4 5 _/7 8 6")
    assert up.blank_position == (1, 2)
    assert board.slide(6) == up
    assert board.move_for(6) == "U"


def test_illegal_and_unknown_moves():
    board = Board.goal(3, 3)
    with pytest.raises(ValueError, match="illegal move 'D'"):
        board.move("D")
    with pytest.raises(ValueError, match="unknown move 'X'"):
        board.move("X")
    with pytest.raises(ValueError, match="move 3 of the sequence"):
        board.apply("UUU")
    with pytest.raises(ValueError, match="not next to the blank"):
        board.slide(1)
    with pytest.raises(ValueError, match="not on this"):
        board.slide(42)


@given(boards())
def test_every_move_is_undone_by_its_opposite(board):
    for move, child in board.successors():
        assert child.move(OPPOSITE[move]) == board
        dr, dc = MOVES[move]
        r, c = board.blank_position
        assert child.blank_position == (r + dr, c + dc)
        # exactly the blank and one tile changed place
        assert sum(a != b for a, b in zip(board.tiles, child.tiles, strict=True)) == 2


@given(boards())
def test_successor_count_matches_geometry(board):
    r, c = board.blank_position
    expected = (r > 0) + (r < board.rows - 1) + (c > 0) + (c < board.cols - 1)
    assert len(board.successors()) == expected == len(board.blank_neighbours())


def test_neighbour_table_brute_force():
    for rows, cols in itertools.product(range(2, 5), repeat=2):
        table = neighbour_table(rows, cols)
        for i in range(rows * cols):
            brute = {
                j
                for j in range(rows * cols)
                if abs(i // cols - j // cols) + abs(i % cols - j % cols) == 1
            }
            assert {j for _, j in table[i]} == brute


def test_swap_and_misplaced():
    goal = Board.goal(2, 2)
    swapped = goal.swap(0, 1)
    assert swapped.tiles == (2, 1, 3, 0)
    assert swapped.misplaced() == 2
    with pytest.raises(ValueError, match="outside"):
        goal.swap(0, 4)


def test_rich_display_needs_no_matplotlib():
    svg = Board.parse("1 2 3/4 _ 6/7 5 8")._repr_svg_()
    assert svg.startswith("<svg")
    assert svg.count("<text") == 8
    assert ">5</text>" in svg


def test_indexing():
    board = Board.parse("1 2 3/4 5 6/7 8 _")
    assert board[0] == 1
    assert board[2, 2] == 0
    assert board[1, 0] == 4
    assert board.position(5) == (1, 1)
    assert board.grid() == [[1, 2, 3], [4, 5, 6], [7, 8, 0]]
