"""Inversions made visible: the tiles in reading order, an arc over every inverted pair,
the blank-row term and the verdict.

>>> from puzzlelab import Board
>>> ax = draw_inversions(Board.parse("1 2 3/4 5 6/8 7 _"))
>>> ax.get_title()
'1 inversion + blank-row term 0: odd, NOT solvable'
"""

from __future__ import annotations

from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection
from numpy.typing import NDArray

from ..board import BLANK, Board
from ..colors import MARK_COLOR, OFF_GOAL_COLOR, ON_GOAL_COLOR
from ..i18n import get_language
from ..i18n import gettext as _
from ..parity import ParityExplanation, explain, inverted_positions
from .boards import tile_image
from .style import new_axes

__all__ = ["draw_inversions"]

_ARC_POINTS = 24


def _arc(i: int, j: int) -> NDArray[np.float64]:
    theta = np.linspace(0, np.pi, _ARC_POINTS)
    centre, radius = (i + j) / 2, (j - i) / 2
    return np.column_stack([centre - radius * np.cos(theta), 0.9 + 0.9 * radius * np.sin(theta) / 2])


def _title(exp: ParityExplanation) -> str:
    if exp.inversions == 1:
        title = _("{inversions} inversion + blank-row term {term}: {verdict}")
    else:
        title = _("{inversions} inversions + blank-row term {term}: {verdict}")
    verdict = _("even, solvable") if exp.solvable else _("odd, NOT solvable")
    return title.format(inversions=exp.inversions, term=exp.row_term, verdict=verdict)


def draw_inversions(board: Board, *, goal: Board | None = None, ax: Axes | None = None) -> Axes:
    """The tiles in reading order with an arc over each inverted pair, and the parity verdict.

    Tiles in at least one inverted pair are orange (an arc ends on each of them), the others green.

    The title gives the inversion count, the blank-row term ``(cols - 1) x rows apart``
    and the verdict; the text under the tiles spells out the arithmetic (see
    :func:`puzzlelab.parity.explain`).
    """
    exp = explain(board, goal)
    board = exp.board
    ax = new_axes(ax, figsize=(max(4.0, 0.4 * board.size + 1), 3.2))
    tiles = [t for t in board.tiles if t != BLANK]
    pairs = inverted_positions(board, exp.goal)
    involved = {k for pair in pairs for k in pair}
    px = 40
    row = np.full((px, px * len(tiles), 3), 255, dtype=np.uint8)
    for k, tile in enumerate(tiles):
        piece = tile_image(tile, OFF_GOAL_COLOR if k in involved else ON_GOAL_COLOR, px)
        pad = (px - piece.shape[0]) // 2
        row[pad : pad + piece.shape[0], k * px + pad : k * px + pad + piece.shape[1]] = piece
    ax.imshow(row, extent=(-0.5, len(tiles) - 0.5, -0.08, 0.92), interpolation="antialiased", aspect="auto")
    if pairs:
        ax.add_collection(
            LineCollection(
                [_arc(i, j) for i, j in pairs],
                colors=MARK_COLOR,
                linewidths=0.8,
                alpha=max(0.15, min(0.9, 12 / len(pairs))),
            )
        )
    top = 0.9 + 0.45 * max(len(tiles) - 1, 1) / 2 + 0.2
    # monospace lines up the English arithmetic; the monospace font has no Chinese glyphs, so the
    # Chinese edition keeps the figure's own font family (with the CJK fallback: plots/fonts.py)
    family: dict[str, Any] = {"family": "monospace"} if get_language() == "en" else {}
    ax.text(-0.5, -0.25, _arithmetic(exp), ha="left", va="top", fontsize=9, **family)
    ax.set_xlim(-0.6, len(tiles) - 0.4)
    ax.set_ylim(-1.9, top)
    ax.set_axis_off()
    ax.set_title(_title(exp))
    return ax


def _arithmetic(exp: ParityExplanation) -> str:
    cols = exp.board.cols
    return (
        _("blank row {row}, goal blank row {goal_row} (0 = top): {apart} apart").format(
            row=exp.blank_row, goal_row=exp.goal_blank_row, apart=exp.row_distance
        )
        + "\n"
        + _("blank-row term = ({cols} - 1) x {apart} = {term}").format(
            cols=cols, apart=exp.row_distance, term=exp.row_term
        )
        + "\n"
        + _("invariant = ({inversions} + {term}) mod 2 = {invariant}").format(
            inversions=exp.inversions, term=exp.row_term, invariant=exp.invariant
        )
    )
