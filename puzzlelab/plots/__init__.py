"""Pictures for the lessons: matplotlib drawing functions on a bare Figure (never pyplot).

Each function takes ``ax=None`` (a new Figure and Axes are made when it is None), draws,
and returns the Axes; the figures made here show themselves at the end of a notebook cell
(``_repr_png_``), even when pyplot was never imported. The few functions that draw several
panels (:func:`draw_board_row`, :func:`draw_weight_sweep`) return the figure. Nothing here
changes global matplotlib state.

>>> from puzzlelab import Board
>>> ax = draw_board(Board.parse("1 2/_ 3"))
>>> type(ax.figure).__name__, hasattr(ax, "_repr_png_")
('NotebookFigure', True)
"""

from . import fonts  # noqa: F401  (the Chinese edition's figure font follows puzzlelab.set_language)
from .boards import draw_board, draw_board_strip, draw_picture_board, sample_image, tile_pieces
from .distributions import bar_steps, draw_permutation_histogram, draw_position_matrix, permutation_labels
from .parity import draw_inversions
from .search import (
    draw_board_row,
    draw_distance_histogram,
    draw_expansion,
    draw_frontier,
    draw_gh_plane,
    draw_search_path,
    draw_search_progress,
    draw_weight_sweep,
    draw_weight_tradeoff,
    gh_limits,
    node_label,
)
from .style import figure_png, new_axes

__all__ = [
    "bar_steps",
    "draw_board",
    "draw_board_row",
    "draw_board_strip",
    "draw_distance_histogram",
    "draw_expansion",
    "draw_frontier",
    "draw_gh_plane",
    "draw_inversions",
    "draw_permutation_histogram",
    "draw_picture_board",
    "draw_position_matrix",
    "draw_search_path",
    "draw_search_progress",
    "draw_weight_sweep",
    "draw_weight_tradeoff",
    "figure_png",
    "gh_limits",
    "new_axes",
    "node_label",
    "permutation_labels",
    "sample_image",
    "tile_pieces",
]
