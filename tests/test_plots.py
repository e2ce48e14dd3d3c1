"""The drawing functions: right artists and numbers, no pyplot, clear errors on bad input."""

import itertools
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure
from strategies import boards

from puzzlelab import Board
from puzzlelab.parity import board_inversions, explain, inversion_pairs, inverted_positions
from puzzlelab.perm import rank
from puzzlelab.plots import (
    bar_steps,
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
    assert ax.get_title().startswith("24 positions")
    assert ax.get_ylabel() == "positions"
    with pytest.raises(ValueError, match="empty"):
        draw_distance_histogram({})


def test_figure_png_is_a_png():
    png = figure_png(draw_board(Board.goal(2, 3)).figure)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")


def test_a_title_wider_than_the_figure_is_shown_whole():
    """The PNG is cropped to what is drawn (as the inline backend does), so a long title widens
    the picture instead of being clipped at the figure's edge (lesson 05 hit this)."""
    import io

    from PIL import Image

    def width(title):
        ax = draw_board(Board.goal(2, 2))
        ax.set_title(title)
        return Image.open(io.BytesIO(ax._repr_png_()[0])).size[0]

    short, long = width("goal"), width("a title far wider than a four-inch figure " * 2)
    assert long > short + 200


def _savefig_tight(figure, dpi=72):
    """What figure_png gave before it measured the crop itself: matplotlib's own tight crop."""
    import io

    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi, bbox_inches="tight", pad_inches=0.05)
    return buffer.getvalue()


def _widget_like_figure(board, title, aspect, ylabel):
    """A figure as the widgets make them: no layout engine, fixed axes, drawings and a title that
    may run past the figure's edge."""
    figure = Figure(figsize=(5.2, 3.2))
    ax = figure.add_axes((0.01, 0.01, 0.98, 0.9))
    if aspect:  # boards drawn as images (as the search player draws them), children labelled
        from types import SimpleNamespace

        def node(b, move=None, g=0):
            return SimpleNamespace(board=b, move=move, g=g, h=b.misplaced(), f=g + b.misplaced())

        children = [node(child, move, 1) for move, child in board.successors()]
        draw_expansion(node(board), children[:-1], skipped=children[-1:], ax=ax)
    else:
        draw_gh_plane([0, 1, 2, 3], [4, 3, 3, 1], weight=2.0, bound=7, current=(2, 3), ax=ax)
        ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=9, y=1.0)
    return figure


@settings(deadline=None, max_examples=12)
@given(
    boards(max_side=4),
    st.text(alphabet="ab1 ", max_size=160),
    st.booleans(),
    st.sampled_from(["h", "a y label far too long for a figure this size " * 3]),
    st.sampled_from([72, 100]),
)
def test_figure_png_crops_exactly_as_savefig_tight(board, title, aspect, ylabel, dpi):
    """figure_png measures the crop instead of letting savefig lay the figure out twice: the
    bytes are the same as matplotlib's own bbox_inches="tight" gives (two identical figures)."""
    ours = figure_png(_widget_like_figure(board, title, aspect, ylabel), dpi=dpi)
    assert ours == _savefig_tight(_widget_like_figure(board, title, aspect, ylabel), dpi=dpi)


def test_figure_png_with_a_layout_engine_and_fast_compression():
    import io

    from PIL import Image

    from puzzlelab.plots.style import tight_box

    def laid_out():
        ax = draw_board(Board.parse("1 2 3/4 _ 5/7 8 6"))
        ax.set_title("a title far wider than the figure " * 3)
        return ax.figure

    assert tight_box(laid_out()) == "tight"  # constrained layout: savefig lays it out and crops
    assert figure_png(laid_out()) == _savefig_tight(laid_out())
    slow, fast = figure_png(laid_out()), figure_png(laid_out(), compress_level=1)
    assert slow != fast
    pixels = [np.asarray(Image.open(io.BytesIO(png))) for png in (slow, fast)]
    assert pixels[0].shape == pixels[1].shape
    assert (pixels[0] == pixels[1]).all()


# -- issue 10's figure defects and issue 12's display, each checked on the drawing ---------------
def test_drawings_show_in_a_notebook_that_never_imported_pyplot():
    """An IPython shell formats what a drawing function returns as a PNG, pyplot never loaded."""
    import subprocess

    code = (
        "import sys\n"
        "from IPython.core.interactiveshell import InteractiveShell\n"
        "shell = InteractiveShell.instance()\n"
        "from puzzlelab import Board, plots\n"
        "ax = plots.draw_board(Board.goal(3, 3))\n"
        "row = plots.draw_board_row([Board.goal(2, 2)], ['goal'])\n"
        "formats = [sorted(shell.display_formatter.format(x)[0]) for x in (ax, ax.figure, row)]\n"
        "print(formats, 'matplotlib.pyplot' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    png = "'image/png', 'text/plain'"
    assert done.stdout.strip() == f"[[{png}], [{png}], [{png}]] False"


def test_ax_none_drawings_are_pngs_and_given_axes_are_left_alone():
    import io

    from PIL import Image

    ax = draw_board(Board.goal(2, 2))
    for png, shown in (ax._repr_png_(), ax.figure._repr_png_()):
        assert png.startswith(b"\x89PNG\r\n\x1a\n")
        pixels = Image.open(io.BytesIO(png)).size
        # drawn at twice the pixels of the size it is shown at: sharp on HiDPI screens, same size
        assert (shown["width"], shown["height"]) == (pixels[0] // 2, pixels[1] // 2)
        assert 120 < shown["width"] < 500
    mine = Figure().add_subplot()
    assert draw_board(Board.goal(2, 2), ax=mine) is mine
    assert not hasattr(mine, "_repr_png_")


def test_histogram_bars_stay_separate_when_neighbours_are_equal():
    """01 cell 33: the printed loop's 6 of 24 arrangements are 6 bars, not 4 merged blocks."""
    from puzzlelab.distributions import exact

    ax = draw_permutation_histogram(
        exact("tutorial_fisher_yates", 4), exact=exact("tutorial_fisher_yates", 4)
    )
    for patch in ax.patches[:2]:
        heights = patch.get_data().values
        edges = patch.get_data().edges
        bars = [(a, b) for h, a, b in zip(heights, edges[:-1], edges[1:], strict=True) if h > 0]
        assert len(bars) == 6
        assert all(b1 < a2 for (_, b1), (a2, _) in itertools.pairwise(bars))  # a gap between any two


@settings(deadline=None, max_examples=30)
@given(st.lists(st.floats(0, 1), min_size=1, max_size=30))
def test_bar_steps_make_one_separate_bar_per_value(values):
    heights, edges = bar_steps(values)
    assert len(edges) == len(heights) + 1 == 2 * len(values)
    assert heights[::2].tolist() == values
    assert heights[1::2].tolist() == [0.0] * (len(values) - 1)
    assert np.all(np.diff(edges) > 0)
    assert edges[::2] + 0.4 == pytest.approx(np.arange(len(values)))  # centred on 0, 1, 2, ...


def test_uniform_position_matrix_has_a_readable_colour_bar():
    """01 cell 45: Fisher-Yates on 3x3 is exactly uniform; the bar must not run over 1e-9 with an
    offset label printed over the title."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    ax = draw_position_matrix(np.full((9, 9), 1 / 9), title="3x3: P[item, cell] = 1/9")
    low, high = ax.images[0].get_clim()
    assert (low + high) / 2 == pytest.approx(1 / 9)
    assert high - low == pytest.approx(0.2 / 9)  # 10% of 1/n either side
    FigureCanvasAgg(ax.figure).draw()
    bar = ax.figure.axes[1]
    assert bar.yaxis.get_offset_text().get_text() == ""
    labels = [t.get_text() for t in bar.get_yticklabels()]
    assert labels == ["0.100", "0.111", "0.122"]
    biased = draw_position_matrix(np.array([[0.8, 0.2], [0.2, 0.8]]), colorbar=False)
    assert biased.images[0].get_clim() == pytest.approx((0.2, 0.8))  # a real bias keeps its own range


def test_gh_panels_share_one_scale_when_asked():
    """04 cell 7 compares slopes across two panels: one scale for both."""
    from puzzlelab.plots import gh_limits
    from puzzlelab.plots.style import new_figure

    big = ([0, 5, 20], [20, 12, 0], 1.0, 20.0)
    small = ([0, 2, 4], [8, 4, 0], 3.0, 12.0)
    limits = gh_limits(big, small)
    assert limits == (20.0, 20.0)
    left, right = new_figure(figsize=(8, 3)).subplots(1, 2)
    for ax, (g, h, w, bound) in ((left, big), (right, small)):
        draw_gh_plane(g, h, weight=w, bound=bound, limits=limits, ax=ax)
    assert left.get_xlim() == right.get_xlim()
    assert left.get_ylim() == right.get_ylim()
    shared = new_figure(figsize=(8, 3)).subplots(1, 2, sharex=True, sharey=True)
    for ax, (g, h, w, bound) in zip(shared, (big, small), strict=True):
        draw_gh_plane(g, h, weight=w, bound=bound, ax=ax)
    assert shared[1].get_xlim()[1] >= 20  # the small panel did not shrink the shared scale
    assert shared[1].get_ylim()[1] >= 20


def test_weight_sweep_axes_start_at_zero():
    """04 cell 12 started an axis at 350: heights must compare from 0."""
    from puzzlelab.plots import draw_weight_sweep

    figure = draw_weight_sweep([1, 1.5, 2, 3, 5], [900, 600, 450, 400, 350], [22, 22, 24, 28, 30], optimum=22)
    left, right = figure.axes
    assert left.get_ylim()[0] == 0
    assert right.get_ylim()[0] == 0
    assert left.get_xscale() == right.get_xscale() == "log"
    assert [line.get_ydata()[0] for line in right.lines if line.get_label() == "optimum"] == [22]
    with pytest.raises(ValueError, match="positive"):
        draw_weight_sweep([0, 1], [1, 1], [1, 1])


def test_board_row_title_never_covers_the_panel_titles():
    """03 cell 6: the overall title sat on top of the panels' titles."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from puzzlelab.plots import draw_board_row

    stuck = Board.parse("5 3 1/4 7 2/_ 8 6")
    boards = [stuck, *(child for _, child in stuck.successors())]
    figure = draw_board_row(boards, [f"board {k}" for k in range(len(boards))], title="Every move raises h")
    canvas = FigureCanvasAgg(figure)
    canvas.draw()
    renderer = canvas.get_renderer()
    top = figure._suptitle.get_window_extent(renderer)
    for ax in figure.axes:
        assert not top.overlaps(ax.title.get_window_extent(renderer))
    with pytest.raises(ValueError, match="one title per board"):
        draw_board_row(boards, ["only one"])


def test_tiles_at_home_are_marked_not_only_coloured():
    from puzzlelab.colors import HOME_MARK_COLOR, OFF_GOAL_COLOR, ON_GOAL_COLOR
    from puzzlelab.plots.boards import board_raster

    board = Board.parse("1 3/2 _")  # tile 1 home, tiles 3 and 2 not
    image = board_raster(board, px=40).astype(int)
    mark = np.array([int(HOME_MARK_COLOR[k : k + 2], 16) for k in (1, 3, 5)])

    def corner(cell):  # the bottom-right quarter of a cell's tile
        r, c = divmod(cell, 2)
        return image[r * 40 + 28 : r * 40 + 36, c * 40 + 28 : c * 40 + 36]

    assert (np.abs(corner(0) - mark).sum(axis=2) < 30).mean() > 0.3  # home: the dark corner mark
    assert (np.abs(corner(1) - mark).sum(axis=2) < 30).mean() == 0  # away: no mark
    assert ON_GOAL_COLOR != OFF_GOAL_COLOR


def _lab_under(deficiency, color: str) -> np.ndarray:
    """CIELAB of ``color`` as seen with a full colour-vision deficiency (Machado et al. 2009)."""
    from matplotlib.colors import to_rgb

    machado = {
        "protan": [
            [0.152286, 1.052583, -0.204868],
            [0.114503, 0.786281, 0.099216],
            [-0.003882, -0.048116, 1.051998],
        ],
        "deutan": [
            [0.367322, 0.860646, -0.227968],
            [0.280085, 0.672501, 0.047413],
            [-0.011820, 0.042940, 0.968881],
        ],
        "tritan": [
            [1.255528, -0.076749, -0.178779],
            [-0.078411, 0.930809, 0.147602],
            [0.004733, 0.691367, 0.303900],
        ],
        "none": np.eye(3),
    }
    srgb = np.array(to_rgb(color))
    linear = np.where(srgb <= 0.04045, srgb / 12.92, ((srgb + 0.055) / 1.055) ** 2.4)
    seen = np.clip(np.array(machado[deficiency]) @ linear, 0, 1)
    xyz = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]]) @ seen
    f = np.cbrt(np.maximum(xyz / [0.95047, 1.0, 1.08883], 0.008856))
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


@pytest.mark.parametrize("deficiency", ["none", "protan", "deutan", "tritan"])
def test_home_and_away_colours_stay_apart_for_colour_blind_readers(deficiency):
    """The old green/yellow pair was 17.6 CIELAB units apart for a protan reader; now over 40."""
    from puzzlelab.colors import OFF_GOAL_COLOR, ON_GOAL_COLOR

    apart = np.linalg.norm(_lab_under(deficiency, ON_GOAL_COLOR) - _lab_under(deficiency, OFF_GOAL_COLOR))
    assert apart > 40
    old = np.linalg.norm(_lab_under(deficiency, "#8fd18f") - _lab_under(deficiency, "#f3d27a"))
    assert apart > old


def test_picture_numbers_are_outlined_and_large_enough():
    ax = draw_picture_board(Board.parse("1 2 3/4 _ 5/7 8 6"))
    for text in ax.texts:
        assert text.get_fontsize() >= 7
        assert text.get_path_effects()  # a dark outline around the white digits
        assert text.get_color() == "white"
