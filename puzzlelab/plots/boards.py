"""Pictures of boards: numbered tiles, the same board cut from a picture, a solution as a strip.

Every function takes ``ax=None`` (a new Figure is made when it is None), draws,
and returns the Axes. Rows go down the page, as on the board.

>>> from puzzlelab import Board
>>> ax = draw_board(Board.parse("1 2 3/4 _ 5/7 8 6"))
>>> [t.get_text() for t in ax.texts][:3]
['1', '2', '3']
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Sequence
from functools import lru_cache

import numpy as np
from matplotlib import patheffects
from matplotlib.axes import Axes
from matplotlib.collections import PatchCollection
from matplotlib.figure import Figure
from matplotlib.patches import Polygon, Rectangle
from numpy.typing import ArrayLike, NDArray

from ..board import BLANK, Board, goal_for
from ..colors import HIGHLIGHT_COLOR, HOME_MARK_COLOR, OFF_GOAL_COLOR, ON_GOAL_COLOR
from ..i18n import gettext as _
from .style import new_axes

__all__ = [
    "board_raster",
    "draw_board",
    "draw_board_strip",
    "draw_picture_board",
    "finish_axes",
    "raster_artists",
    "sample_image",
    "tile_image",
    "tile_pieces",
]

HOME_MARK = 0.3  #: the corner mark's side, as a fraction of a tile
_GAP = 0.06


def _font_size(board: Board, scale: float) -> float:
    return max(5.0, scale * 30.0 / max(board.rows, board.cols))


def finish_axes(ax: Axes, width: float, height: float) -> None:
    """Square cells, no ticks or frame, limits fitted to a picture ``width`` x ``height`` cells."""
    ax.set_xlim(-0.1, width + 0.1)
    ax.set_ylim(height + 0.1, -0.1)
    ax.set_aspect("equal")
    ax.set_axis_off()


# -- raster boards: many small boards drawn fast (one image each instead of a Text per tile) --------
def _rgb(color: str) -> NDArray[np.float32]:
    from matplotlib.colors import to_rgb

    return (np.array(to_rgb(color)) * 255).astype(np.float32)


@lru_cache(maxsize=8)
def _glyphs(px: int) -> dict[str, NDArray[np.float32]]:
    """Coverage masks (0..1) of the digits 0-9 drawn by Agg for tiles of ``px`` pixels."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    figure = Figure(figsize=(10 * px / 100, px / 100), dpi=100)
    canvas = FigureCanvasAgg(figure)
    size = px * 0.5 * 72 / 100
    for d in range(10):
        figure.text((d + 0.5) / 10, 0.5, str(d), ha="center", va="center", fontsize=size)
    # matplotlib's backend_agg is not annotated (no stub file): its methods count as untyped under
    # --strict; "unused-ignore" keeps the project's current (not yet strict) mypy run quiet too
    canvas.draw()  # type: ignore[no-untyped-call, unused-ignore]
    rgba = np.asarray(canvas.buffer_rgba())  # type: ignore[no-untyped-call, unused-ignore]
    coverage = np.float32(1) - rgba[:, :, 0].astype(np.float32) / np.float32(255)
    glyphs = {}
    for d in range(10):
        cell = coverage[:, d * px : (d + 1) * px]
        cols = np.flatnonzero(cell.max(axis=0) > 0.05)
        glyphs[str(d)] = cell[:, cols[0] : cols[-1] + 1] if cols.size else cell
    return glyphs


@lru_cache(maxsize=2048)
def tile_image(tile: int, color: str, px: int, home: bool = False) -> NDArray[np.float32]:
    inner = px - 2 * max(1, round(px * _GAP))
    image = np.empty((inner, inner, 3), dtype=np.float32)
    image[:] = _rgb(color)
    if home:  # a dark triangle in the bottom-right corner: "at home" is never colour alone
        side = max(3, round(inner * HOME_MARK))
        rows, cols = np.indices((inner, inner))
        image[rows + cols >= 2 * (inner - 1) - side] = _rgb(HOME_MARK_COLOR)
    image[0, :], image[-1, :], image[:, 0], image[:, -1] = (_rgb("#333333"),) * 4
    glyphs = [_glyphs(px)[ch] for ch in str(tile)]
    text = np.concatenate([np.pad(g, ((0, 0), (0, 1))) for g in glyphs], axis=1)[:, :-1]
    text = text[:inner, :inner]
    top, left = (inner - text.shape[0]) // 2, (inner - text.shape[1]) // 2
    region = image[top : top + text.shape[0], left : left + text.shape[1]]
    region *= 1 - text[:, :, None]
    return image


def board_raster(board: Board, *, goal: Board | None = None, px: int = 32) -> NDArray[np.uint8]:
    """The numbered board as an RGB uint8 array, ``px`` pixels per cell (tiles at home are green
    with a dark corner mark, the others orange).

    >>> board_raster(Board.goal(2, 3), px=20).shape
    (40, 60, 3)
    """
    board = Board.parse(board)
    goal = goal_for(board, goal)
    if not 8 <= px <= 256:
        raise ValueError(f"px must lie in 8..256, got {px}")
    image = np.empty((board.rows * px, board.cols * px, 3), dtype=np.float32)
    image[:] = _rgb("#444444")
    pad = max(1, round(px * _GAP))
    for index, tile in enumerate(board.tiles):
        if tile == BLANK:
            continue
        r, c = divmod(index, board.cols)
        home = goal.tiles[index] == tile
        piece = tile_image(tile, ON_GOAL_COLOR if home else OFF_GOAL_COLOR, px, home)
        image[
            r * px + pad : r * px + pad + piece.shape[0],
            c * px + pad : c * px + pad + piece.shape[1],
        ] = piece
    return image.astype(np.uint8)


def raster_artists(ax: Axes, board: Board, goal: Board, x0: float, y0: float, *, px: int = 28) -> None:
    """Draw ``board`` as one image with its top-left corner at ``(x0, y0)``, one unit per cell."""
    ax.imshow(
        board_raster(board, goal=goal, px=px),
        extent=(x0, x0 + board.cols, y0 + board.rows, y0),
        interpolation="antialiased",
    )


def _tile_artists(
    ax: Axes,
    board: Board,
    goal: Board,
    x0: float,
    y0: float,
    *,
    highlight: Collection[int] = (),
    scale: float = 1.0,
) -> None:
    """Draw ``board`` with its top-left corner at ``(x0, y0)``, one unit per cell."""
    ax.add_patch(Rectangle((x0, y0), board.cols, board.rows, facecolor="#444444", edgecolor="none"))
    patches, colors, edges, marks = [], [], [], []
    font = _font_size(board, scale)
    for index, tile in enumerate(board.tiles):
        if tile == BLANK:
            continue
        r, c = divmod(index, board.cols)
        home = goal.tiles[index] == tile
        patches.append(Rectangle((x0 + c + _GAP, y0 + r + _GAP), 1 - 2 * _GAP, 1 - 2 * _GAP))
        colors.append(ON_GOAL_COLOR if home else OFF_GOAL_COLOR)
        edges.append(HIGHLIGHT_COLOR if index in highlight else "#333333")
        if home:  # the bottom-right corner (rows go down the page)
            right, bottom = x0 + c + 1 - _GAP, y0 + r + 1 - _GAP
            side = HOME_MARK * (1 - 2 * _GAP)
            marks.append(Polygon([(right - side, bottom), (right, bottom), (right, bottom - side)]))
        ax.text(x0 + c + 0.5, y0 + r + 0.5, str(tile), ha="center", va="center", fontsize=font)
    widths = [3.0 if e == HIGHLIGHT_COLOR else 0.8 for e in edges]
    ax.add_collection(PatchCollection(patches, facecolors=colors, edgecolors=edges, linewidths=widths))
    if marks:
        ax.add_collection(PatchCollection(marks, facecolors=HOME_MARK_COLOR, edgecolors="none"))


def draw_board(
    board: Board,
    *,
    ax: Axes | None = None,
    goal: Board | None = None,
    highlight: Sequence[int] = (),
    title: str | None = None,
) -> Axes:
    """Numbered tiles; a tile on its goal cell is green with a dark corner mark (colour is never
    the only cue), the others orange; ``highlight`` cells get a thick vermillion edge.

    >>> ax = draw_board(Board.goal(2, 2), title="solved")
    >>> ax.get_title()
    'solved'
    """
    board = Board.parse(board)
    goal = goal_for(board, goal)
    ax = new_axes(ax, figsize=(0.6 * board.cols + 0.4, 0.6 * board.rows + 0.4))
    _tile_artists(ax, board, goal, 0, 0, highlight=set(highlight))
    finish_axes(ax, board.cols, board.rows)
    if title is not None:
        ax.set_title(title)
    return ax


# -- the picture puzzle ------------------------------------------------------------------
@lru_cache(maxsize=1)
def _grace_hopper() -> NDArray[np.uint8]:
    from matplotlib import cbook
    from matplotlib.image import imread

    image = imread(cbook.get_sample_data("grace_hopper.jpg", asfileobj=False))
    side = min(image.shape[:2])
    top, left = (image.shape[0] - side) // 2, (image.shape[1] - side) // 2
    image = image[top : top + side, left : left + side]
    image.setflags(write=False)
    return image


def sample_image() -> NDArray[np.uint8]:
    """A square photograph that ships with matplotlib (Grace Hopper), as a read-only uint8 array."""
    return _grace_hopper()


def _as_image(image: ArrayLike | None) -> NDArray[np.uint8]:
    image = sample_image() if image is None else np.asarray(image)
    if image.ndim not in (2, 3) or (image.ndim == 3 and image.shape[2] not in (3, 4)):
        raise ValueError(f"an image must be (height, width) or (height, width, 3|4), got shape {image.shape}")
    if image.dtype.kind not in "uif" or image.dtype.kind == "b":
        raise ValueError(f"image values must be numbers, got dtype {image.dtype}")
    if image.dtype.kind == "f":
        image = (np.clip(image, 0, 1) * 255).astype(np.uint8)
    if image.ndim == 2:
        image = np.repeat(image[:, :, None], 3, axis=2)
    return image[:, :, :3].astype(np.uint8, copy=False)


def tile_pieces(image: ArrayLike | None, rows: int, cols: int) -> NDArray[np.uint8]:
    """Cut ``image`` into ``rows x cols`` equal pieces, row-major: shape ``(rows*cols, h, w, 3)`` uint8.

    Piece ``k`` is what goal cell ``k`` shows. Float images are read as 0..1, grey images become RGB.

    >>> tile_pieces(np.zeros((40, 60)), 2, 3).shape
    (6, 20, 20, 3)
    """
    image = _as_image(image)
    height, width = image.shape[0] // rows, image.shape[1] // cols
    if height < 1 or width < 1:
        raise ValueError(f"image of {image.shape[:2]} pixels is too small to cut into {rows}x{cols} tiles")
    return np.stack(
        [
            image[r * height : (r + 1) * height, c * width : (c + 1) * width]
            for r in range(rows)
            for c in range(cols)
        ]
    )


def draw_picture_board(
    board: Board,
    *,
    image: ArrayLike | None = None,
    ax: Axes | None = None,
    goal: Board | None = None,
    numbers: bool = True,
) -> Axes:
    """The board as a picture cut into tiles (``image`` defaults to :func:`sample_image`).

    Each tile shows the piece of the picture of its goal cell; the blank is dark
    until the puzzle is solved, when the whole picture shows. ``numbers`` adds small
    tile numbers in the top-left corner (bold white with a black outline on a dark patch, so they
    read on any part of the picture).

    >>> ax = draw_picture_board(Board.parse("1 2/_ 3"))
    >>> len(ax.images)
    3
    """
    board = Board.parse(board)
    goal = goal_for(board, goal)
    pieces = tile_pieces(image, board.rows, board.cols)
    ax = new_axes(ax, figsize=(0.8 * board.cols + 0.4, 0.8 * board.rows + 0.4))
    solved = board == goal
    ax.add_patch(Rectangle((0, 0), board.cols, board.rows, facecolor="#222222", edgecolor="none", zorder=0))
    where = {tile: k for k, tile in enumerate(goal.tiles)}
    for index, tile in enumerate(board.tiles):
        if tile == BLANK and not solved:
            continue
        r, c = divmod(index, board.cols)
        gap = 0 if solved else _GAP / 2
        extent = (c + gap, c + 1 - gap, r + 1 - gap, r + gap)
        ax.imshow(pieces[where[tile]], extent=extent, interpolation="antialiased", zorder=1)
        if numbers and tile != BLANK and not solved:
            ax.text(
                c + 0.06,
                r + 0.06,
                str(tile),
                ha="left",
                va="top",
                fontsize=max(7.0, _font_size(board, 0.5)),
                fontweight="bold",
                color="white",
                zorder=2,
                # a dark outline around white digits reads on light and dark parts of any picture
                path_effects=[patheffects.withStroke(linewidth=2.5, foreground="black")],
                bbox={"boxstyle": "round,pad=0.15", "fc": "black", "alpha": 0.55, "lw": 0},
            )
    finish_axes(ax, board.cols, board.rows)
    return ax


# -- a solution as a strip ---------------------------------------------------------------
def draw_board_strip(
    boards: Sequence[Board],
    *,
    ax: Axes | None = None,
    goal: Board | None = None,
    labels: Sequence[str] | None = None,
    per_row: int = 8,
    max_boards: int = 40,
) -> Axes:
    """Boards side by side (a solution played out), ``per_row`` to a line, each with a label.

    ``labels`` defaults to ``"start"`` then the move that led to each board.

    >>> start = Board.parse("1 2 3/4 5 6/_ 7 8")
    >>> ax = draw_board_strip([start, start.move("R"), start.move("R").move("R")])
    >>> [t.get_text() for t in ax.texts if t.get_text() in ("start", "1: R", "2: R")]
    ['start', '1: R', '2: R']
    """
    boards = [Board.parse(b) for b in boards]
    if not boards:
        raise ValueError("no boards to draw")
    if len({b.shape for b in boards}) != 1:
        raise ValueError("all boards in a strip must have the same shape")
    if per_row < 1:
        raise ValueError(f"per_row must be at least 1, got {per_row}")
    if labels is None:
        labels = [
            _("start"),
            *(f"{k}: {_move_between(a, b)}" for k, (a, b) in enumerate(itertools.pairwise(boards), 1)),
        ]
    shown = boards if len(boards) <= max_boards else [*boards[: max_boards - 1], boards[-1]]
    shown_labels = list(labels) if len(boards) <= max_boards else [*labels[: max_boards - 1], labels[-1]]
    first = shown[0]
    goal = goal_for(first, goal)
    columns = min(per_row, len(shown))
    lines = -(-len(shown) // columns)
    step_x, step_y = first.cols + 0.5, first.rows + 1.0
    ax = new_axes(ax, figsize=(0.35 * columns * step_x + 0.3, 0.35 * lines * step_y + 0.3))
    for k, (board, label) in enumerate(zip(shown, shown_labels, strict=False)):
        x0, y0 = (k % columns) * step_x, (k // columns) * step_y + 0.8
        raster_artists(ax, board, goal, x0, y0)
        ax.text(x0 + first.cols / 2, y0 - 0.15, label, ha="center", va="bottom", fontsize=8)
    finish_axes(ax, columns * step_x - 0.5, lines * step_y - 0.2)
    return ax


def _move_between(a: Board, b: Board) -> str:
    for move, nxt in a.successors():
        if nxt == b:
            return move
    return "?"
