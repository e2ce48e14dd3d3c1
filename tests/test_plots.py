"""The drawing functions: right artists and numbers, no pyplot, clear errors on bad input."""

import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure
from strategies import boards

from puzzlelab import Board
from puzzlelab.parity import board_inversions, explain, inversion_pairs
from puzzlelab.perm import rank
from puzzlelab.plots import (
    draw_board,
    draw_board_strip,
    draw_distance_histogram,
    draw_expansion,
    draw_frontier,
    draw_gh_plane,
    draw_inversions,
    draw_permutation_histogram,
    draw_picture_board,
    draw_position_matrix,
    draw_search_path,
    draw_search_progress,
    draw_weight_tradeoff,
    figure_png,
    inverted_positions,
    permutation_labels,
    sample_image,
    tile_pieces,
)


def texts(ax):
    return [t.get_text() for t in ax.texts]


def test_no_pyplot_is_imported():
    assert "matplotlib.pyplot" not in sys.modules


@settings(deadline=None, max_examples=25)
@given(boards(max_side=4))
def test_draw_board_writes_every_tile_once(board):
    ax = draw_board(board)
    assert sorted(texts(ax), key=int) == [str(t) for t in range(1, board.size)]
    assert isinstance(ax.figure, Figure)


def test_draw_board_returns_the_axes_it_was_given_and_marks_highlights():
    ax = Figure().add_subplot()
    assert draw_board(Board.parse("1 2/_ 3"), ax=ax, highlight=[3], title="t") is ax
    tiles, marks = ax.collections
    assert len(tiles.get_paths()) == 3
    assert max(tiles.get_linewidths()) == 3.0  # the highlighted tile
    assert len(marks.get_paths()) == 2  # tiles 1 and 2 are home: each carries a corner mark
    assert ax.get_title() == "t"


def test_draw_board_rejects_a_goal_of_another_shape():
    with pytest.raises(ValueError, match="goal is 3x3"):
        draw_board(Board.goal(2, 2), goal=Board.goal(3, 3))


def test_tile_pieces_put_the_image_back_together():
    image = np.arange(6 * 9 * 3, dtype=np.uint8).reshape(6, 9, 3)
    pieces = tile_pieces(image, 2, 3)
    assert pieces.shape == (6, 3, 3, 3)
    rows = [np.concatenate(list(pieces[r * 3 : r * 3 + 3]), axis=1) for r in range(2)]
    assert np.array_equal(np.concatenate(rows, axis=0), image)


def test_tile_pieces_reads_grey_and_float_images_and_rejects_odd_ones():
    assert tile_pieces(np.ones((4, 4)), 2, 2)[0, 0, 0].tolist() == [255, 255, 255]
    with pytest.raises(ValueError, match="too small"):
        tile_pieces(np.zeros((3, 3, 3), dtype=np.uint8), 4, 4)
    with pytest.raises(ValueError, match="an image must be"):
        tile_pieces(np.zeros((4, 4, 7)), 2, 2)


def test_sample_image_is_square_and_read_only():
    image = sample_image()
    assert image.shape[0] == image.shape[1]
    assert image.shape[2] == 3
    assert not image.flags.writeable


def test_picture_board_shows_a_piece_per_tile_and_the_whole_picture_when_solved():
    board = Board.parse("1 2 3/4 _ 5/7 8 6")
    ax = draw_picture_board(board, image=np.zeros((30, 30, 3), dtype=np.uint8))
    assert len(ax.images) == 8
    assert sorted(texts(ax), key=int) == [str(t) for t in range(1, 9)]
    solved = draw_picture_board(Board.goal(3, 3))
    assert len(solved.images) == 9
    assert texts(solved) == []


def test_picture_tiles_show_their_goal_piece():
    image = np.zeros((2, 2, 3), dtype=np.uint8)
    image[0, 1] = 200  # goal cell 1 (tile 2) is bright
    ax = draw_picture_board(Board.parse("2 1/3 _"), image=image, numbers=False)
    first = ax.images[0]  # drawn at cell 0, holds tile 2
    assert first.get_array()[0, 0, 0] == 200


def test_strip_labels_moves_and_shortens_long_sequences():
    start = Board.parse("1 2 3/4 5 6/_ 7 8")
    boards = [start, start.move("R"), start.move("R").move("R")]
    assert texts(draw_board_strip(boards))[-1] == "2: R"
    long = [Board.goal(2, 2), Board.goal(2, 2).move("U")] * 10
    ax = draw_board_strip(long, max_boards=5)
    labels = [t for t in texts(ax) if ":" in t or t == "start"]
    assert labels == ["start", "1: U", "2: D", "3: U", "19: U"]
    with pytest.raises(ValueError, match="no boards"):
        draw_board_strip([])
    with pytest.raises(ValueError, match="same shape"):
        draw_board_strip([Board.goal(2, 2), Board.goal(3, 3)])


# -- inversions ------------------------------------------------------------------------------
@settings(deadline=None, max_examples=40)
@given(boards(max_side=4), st.sampled_from(["last", "first"]))
def test_inverted_positions_agree_with_the_parity_module(board, blank):
    goal = Board.goal(board.rows, board.cols, blank)
    pairs = inverted_positions(board, goal)
    assert len(pairs) == board_inversions(board, goal)
    assert len(pairs) == len(inversion_pairs(board))  # both goals order tiles 1..n-1
    assert all(i < j for i, j in pairs)


@settings(deadline=None, max_examples=15)
@given(boards(max_side=3))
def test_inversion_picture_draws_an_arc_per_pair_and_states_the_verdict(board):
    ax = draw_inversions(board)
    exp = explain(board)
    arcs = [c for c in ax.collections if isinstance(c, LineCollection)]
    assert sum(len(c.get_segments()) for c in arcs) == exp.inversions
    title = ax.get_title()
    assert title.startswith(f"{exp.inversions} inversion")
    assert f"blank-row term {exp.row_term}" in title
    assert ("NOT solvable" in title) == (not exp.solvable)


# -- distributions ---------------------------------------------------------------------------
def test_permutation_labels_follow_rank_order():
    labels = permutation_labels(3)
    assert labels == ["012", "021", "102", "120", "201", "210"]
    assert all(rank(tuple(map(int, s))) == k for k, s in enumerate(labels))


def test_histogram_normalises_counts_and_draws_the_uniform_level():
    counts = np.array([3, 1, 1, 1, 1, 1])
    ax = draw_permutation_histogram(counts, exact=np.full(6, 1 / 6))
    sampled, exact = ax.patches[:2]
    assert sampled.get_label() == "sampled"
    assert exact.get_label() == "exact"
    (uniform,) = ax.lines
    assert uniform.get_ydata()[0] == pytest.approx(1 / 6)
    assert [t.get_text() for t in ax.get_xticklabels()] == permutation_labels(3)
    assert sampled.get_data().values[::2].tolist() == pytest.approx((counts / 8).tolist())
    assert sampled.get_data().values[1::2].tolist() == [0.0] * 5  # a gap between every two bars


class _FakeDistribution:
    def probabilities(self):
        return [0.5, 0.5]

    def position_matrix(self):
        return np.eye(2)


def test_histogram_and_matrix_accept_distribution_objects():
    ax = draw_permutation_histogram(_FakeDistribution())
    assert ax.patches[0].get_data().values.tolist() == [0.5, 0.0, 0.5]
    ax = draw_position_matrix(_FakeDistribution())
    assert ax.images[0].get_array().tolist() == [[1, 0], [0, 1]]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({}, "give sampled"),
        ({"sampled": [1, 2, 3]}, "not n!"),
        ({"sampled": [1, -1]}, "non-negative"),
        ({"sampled": [0, 0]}, "all counts are zero"),
        ({"sampled": [1, 1], "exact": [1] * 6}, "different lengths"),
    ],
)
def test_histogram_rejects_bad_input(kwargs, message):
    with pytest.raises(ValueError, match=message):
        draw_permutation_histogram(**kwargs)


def test_position_matrix_centres_the_colours_on_uniform_and_annotates_small_ones():
    matrix = np.array([[0.5, 0.25, 0.25], [0.25, 0.5, 0.25], [0.25, 0.25, 0.5]])
    ax = draw_position_matrix(matrix)
    low, high = ax.images[0].get_clim()
    assert (low + high) / 2 == pytest.approx(1 / 3)
    assert len(ax.texts) == 9
    assert len(ax.figure.axes) == 2
    assert len(draw_position_matrix(np.full((7, 7), 1 / 7), colorbar=False).texts) == 0
    with pytest.raises(ValueError, match="square"):
        draw_position_matrix(np.ones((2, 3)))


# -- search pictures (plain data, no search needed) -----------------------------------------
class _Node:
    def __init__(self, board, g, h, f, move=None, parent=None):
        self.board, self.g, self.h, self.f, self.move, self.parent = board, g, h, f, move, parent

    def path(self):
        return [*(self.parent.path() if self.parent else []), self]


def _family():
    start = Board.parse("1 2 3/4 _ 5/7 8 6")
    parent = _Node(start, 0, 2, 2)
    children = [_Node(start.move(m), 1, 2, 3, m, parent) for m in ("U", "D", "L")]
    skipped = [_Node(start.move("R"), 1, 0, float("nan"), "R", parent)]
    return parent, children, skipped


def test_expansion_labels_children_with_g_h_f_and_greys_skipped_ones():
    parent, children, skipped = _family()
    ax = draw_expansion(parent, children, skipped=skipped)
    labels = texts(ax)
    assert "expand\ng=0 h=2 f=2" in labels
    assert "U: g=1 h=2 f=3" in labels
    assert "R: skip (reached)" in labels
    with pytest.raises(ValueError, match="no node"):
        draw_expansion(None, [])


def test_frontier_and_path_pictures():
    _parent, children, _ = _family()
    ax = draw_frontier(children, size=10)
    assert ax.get_title() == "frontier: best 3 of 10"
    assert "frontier is empty" in texts(draw_frontier([]))[0]
    ax = draw_search_path(children[0])
    assert [t for t in texts(ax) if t in ("start", "1: U")] == ["start", "1: U"]


def test_progress_marks_the_current_step_and_checks_lengths():
    ax = draw_search_progress([2, 3, 3, 4], [3, 5, 6, 6], step=3)
    assert ax.lines[0].get_ydata().tolist() == [2, 3, 3, 4]
    assert ax.lines[-1].get_xdata()[0] == 3  # the step marker
    with pytest.raises(ValueError, match="same length"):
        draw_search_progress([1, 2], [1])


def test_gh_plane_draws_the_line_f_equals_g_plus_w_h():
    ax = draw_gh_plane([0, 1, 2], [3, 2, 2], weight=2.0, bound=6.0, current=(1, 2))
    line = ax.lines[0]
    xs, ys = line.get_xdata(), line.get_ydata()
    assert all(x + 2.0 * y == pytest.approx(6.0) for x, y in zip(xs, ys, strict=True))
    assert ax.collections[0].get_offsets().tolist() == [[0, 3], [1, 2], [2, 2]]
    with pytest.raises(ValueError, match="positive"):
        draw_gh_plane([0], [1], weight=0)


def test_weight_tradeoff_and_distance_histogram():
    ax = draw_weight_tradeoff([1, 2, 5], [900, 120, 40], [22, 24, 30], optimum=22, current=2)
    assert ax.get_yscale() == "log"
    assert [t.get_text() for t in ax.texts] == ["w=1", "w=2", "w=5"]
    histogram = {0: 1, 1: 2, 2: 4, 3: 8, 4: 9, 5: 0}
    ax = draw_distance_histogram(histogram)
    assert [p.get_height() for p in ax.patches] == [1, 2, 4, 8, 9, 0]
    assert ax.get_title().startswith("24 states")
    with pytest.raises(ValueError, match="empty"):
        draw_distance_histogram({})


def test_figure_png_is_a_png():
    png = figure_png(draw_board(Board.goal(2, 3)).figure)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
