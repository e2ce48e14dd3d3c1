"""A playable board: click a tile next to the blank to slide it; shuffle, undo, hint, solve.

>>> view = PlayableBoard(2, 2)
>>> view.click(2)                     # cell 2 holds tile 3, left of the blank
>>> view.move_count, view.board.text()
(1, '1 2/_ 3')
>>> view.undo(); view.status.value
'<b>solved!</b>'
"""

from __future__ import annotations

import io
from functools import lru_cache

import ipywidgets as widgets
import numpy as np
from matplotlib.figure import Figure
from matplotlib.image import imsave

from .._validate import choice, describe, random_generator, whole
from ..board import BLANK, MAX_SIDE, Board, check_shape
from ..plots.boards import OFF_GOAL_COLOR, ON_GOAL_COLOR, draw_board, draw_picture_board, tile_pieces
from ._base import View, error_line, flag, offer_size, size_dropdown
from ._solving import Plan, plan_solution

__all__ = ["ALGORITHM_NAMES", "SIZES", "PlayableBoard"]

#: board sizes offered in the size menu (any other shape from 2x2 to 16x16 may be passed in)
SIZES = ((2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (5, 5), (6, 6))
#: the shuffles of :mod:`puzzlelab.shuffles`, in the order the lesson meets them
ALGORITHM_NAMES = ("fisher_yates", "random_walk", "naive_swap", "tutorial_fisher_yates", "sort_shuffle")
CELL_PX = 52
BLANK_COLOR = "#555555"


def _checked_image(image) -> np.ndarray:
    if isinstance(image, str | bytes) or not (hasattr(image, "__len__") or hasattr(image, "__array__")):
        raise TypeError(f"image must be an array of pixels (height, width[, 3|4]), got {describe(image)}")
    try:
        return np.asarray(image)
    except (TypeError, ValueError) as err:
        raise ValueError(f"image must be a rectangular array of pixels: {err}") from None


def _piece_png(piece: np.ndarray) -> bytes:
    buffer = io.BytesIO()
    imsave(buffer, piece, format="png")
    return buffer.getvalue()


@lru_cache(maxsize=8)
def _default_piece_pngs(rows: int, cols: int) -> tuple[bytes, ...]:
    return _piece_pngs(None, rows, cols)


def _piece_pngs(image, rows: int, cols: int) -> tuple[bytes, ...]:
    pieces = tile_pieces(image, rows, cols)
    dark = np.full_like(pieces[0], 60)
    return (*(_piece_png(p) for p in pieces), _piece_png(dark))


class PlayableBoard(View):
    """The sliding puzzle to play by clicking, with shuffle, undo, hint and "solve it".

    Parameters
    ----------
    rows, cols : int
        The board shape, 2x2 up to 16x16 (the size menu offers 2x2 to 6x6).
    picture : bool
        Show the tiles cut from a picture (``image``, default Grace Hopper from matplotlib's
        sample data) instead of numbers.
    algorithm : str
        The shuffle used by the "shuffle" button (a name in ``puzzlelab.shuffles.ALGORITHMS``);
        boards it makes are given the parity fix so they can always be solved.
    blank : str
        ``"last"`` or ``"first"``, where the goal puts the blank.
    board : Board, optional
        A starting board (default: the goal, so the first thing to do is shuffle).
    rng : int or numpy.random.Generator, optional
        Seed or generator for the shuffles.

    Notes
    -----
    Arguments are checked at once: a wrong type raises ``TypeError``, an impossible value
    (a shape outside 2..16, an unknown shuffle, a board of another shape) ``ValueError``, before
    anything is built. So do the methods called from code (``click(9)`` on a 3x3 is a
    ``ValueError``). The controls never raise: their messages go to the error line (an
    unsolvable board, for instance, gets the parity explanation there when a hint is asked for).

    The controls are ``cells`` (one Button per cell, row-major), ``size``, ``algorithm``,
    ``shuffle_button``, ``undo_button``, ``picture``, ``hint_button``, ``solve_button``,
    ``step_button``, ``play``; read-outs ``counter``, ``status``, ``error``; ``grid``, ``widget``.
    """

    def __init__(
        self,
        rows: int = 3,
        cols: int | None = None,
        *,
        picture: bool = False,
        image=None,
        algorithm: str = "fisher_yates",
        blank: str = "last",
        board: Board | None = None,
        rng=0,
    ):
        rows = whole("rows", rows, low=2, high=MAX_SIDE)
        cols = rows if cols is None else whole("cols", cols, low=2, high=MAX_SIDE)
        rows, cols = check_shape(rows, cols)
        picture = flag("picture", picture)
        algorithm = choice("algorithm", algorithm, ALGORITHM_NAMES)
        self.blank_side = choice("blank", blank, ("last", "first"))
        start = Board.goal(rows, cols, blank) if board is None else Board.parse(board)
        if start.shape != (rows, cols):
            raise ValueError(f"board is {start.rows}x{start.cols} but the widget is {rows}x{cols}")
        self._rng = random_generator("rng", rng)
        self._image = None if image is None else _checked_image(image)
        if self._image is not None:
            tile_pieces(self._image, rows, cols)  # a bad image is a ValueError now, not at first click
        self.size = size_dropdown(rows, cols, SIZES)
        self.algorithm = widgets.Dropdown(
            options=ALGORITHM_NAMES,
            value=algorithm,
            description="shuffle",
            layout=widgets.Layout(width="260px"),
        )
        self.shuffle_button = widgets.Button(description="shuffle", icon="random")
        self.undo_button = widgets.Button(description="undo", icon="undo")
        self.picture = widgets.ToggleButton(value=picture, description="picture", icon="image")
        self.hint_button = widgets.Button(description="hint", icon="lightbulb-o")
        self.solve_button = widgets.Button(description="solve it", icon="magic")
        self.step_button = widgets.Button(description="next move", icon="step-forward")
        self.play = widgets.Play(value=0, min=0, max=0, interval=400, description="play the solution")
        self.counter = widgets.Label()
        self.counter.add_class("puzzlelab-move-counter")
        self.status = widgets.HTML()
        self.status.add_class("puzzlelab-status")
        self.error = error_line()
        self.grid = widgets.GridBox()
        self.grid.add_class("puzzlelab-board")
        self.cells: list[widgets.Button] = []
        self.images: list[widgets.Image] = []
        self._wire()
        self._compose(
            [
                widgets.HBox([self.size, self.algorithm, self.shuffle_button]),
                widgets.HBox(
                    [
                        self.undo_button,
                        self.picture,
                        self.hint_button,
                        self.solve_button,
                        self.step_button,
                        self.play,
                    ]
                ),
                self.grid,
                widgets.HBox([self.counter, self.status]),
            ],
            "puzzlelab-playable-board",
        )
        self._new_game(start)

    # -- wiring -----------------------------------------------------------------------------------
    def _wire(self) -> None:
        self.size.observe(self._on(self._resize), names="value")
        self.shuffle_button.on_click(self._on(self.shuffle))
        self.undo_button.on_click(self._on(self.undo))
        self.picture.observe(self._on(self._build_grid), names="value")
        self.hint_button.on_click(self._on(self.hint))
        self.solve_button.on_click(self._on(self.solve))
        self.step_button.on_click(self._on(self.step))
        self.play.observe(lambda change: self._guarded(self._play_to, change["new"]), names="value")

    def _new_game(self, start: Board) -> None:
        self.goal = Board.goal(start.rows, start.cols, self.blank_side)
        self.board = start
        self.history: list[Board] = []
        self._known: dict[Board, tuple[Board, int, Plan]] = {}
        self._plan: Plan | None = None
        self._hinted: int | None = None
        self._build_grid()

    def _resize(self) -> None:
        rows, cols = self.size.value
        if self._image is not None:
            tile_pieces(self._image, rows, cols)
        self._new_game(Board.goal(rows, cols, self.blank_side))

    def _build_grid(self) -> None:
        rows, cols = self.board.shape
        for cell in self.grid.children:
            cell.close()
        self.cells = [self._cell_button(k) for k in range(rows * cols)]
        if self.picture.value:
            self._pngs = (
                _default_piece_pngs(rows, cols)
                if self._image is None
                else _piece_pngs(self._image, rows, cols)
            )
            self.images = [widgets.Image(format="png", width=CELL_PX + 12) for _ in self.cells]
            children = [
                widgets.VBox([im, b], layout=widgets.Layout(align_items="center"))
                for im, b in zip(self.images, self.cells, strict=True)
            ]
            for b in self.cells:
                b.layout.height = "22px"
            width = CELL_PX + 16
        else:
            self.images = []
            children = self.cells
            width = CELL_PX
        self.grid.children = children
        self.grid.layout = widgets.Layout(grid_template_columns=f"repeat({cols}, {width}px)", grid_gap="3px")
        self._render()

    def _cell_button(self, cell: int) -> widgets.Button:
        button = widgets.Button(layout=widgets.Layout(width=f"{CELL_PX}px", height=f"{CELL_PX}px"))
        button.on_click(lambda _b: self._guarded(self.click, cell))
        return button

    # -- moves -------------------------------------------------------------------------------------
    @property
    def move_count(self) -> int:
        """Moves made since the last shuffle (undo takes one back)."""
        return len(self.history)

    @property
    def solved(self) -> bool:
        return self.board == self.goal

    def click(self, cell: int) -> None:
        """Slide the tile in ``cell`` (row-major index) into the blank, if it is next to it."""
        cell = whole("cell", cell, low=0, high=self.board.size - 1)
        tile = self.board.tiles[cell]
        if tile == BLANK:
            raise ValueError("that is the blank: click a tile next to it")
        self._go(self.board.slide(tile))
        self._stop_playing()

    def slide(self, tile: int) -> None:
        """Slide ``tile`` into the blank."""
        tile = whole("tile", tile, low=1, high=self.board.size - 1)
        row, col = self.board.position(tile)  # ValueError for a tile not on the board
        self.click(row * self.board.cols + col)

    def undo(self) -> None:
        """Take back the last move."""
        if not self.history:
            raise ValueError("nothing to undo")
        self.board = self.history.pop()
        self._stop_playing()
        self._render()

    def shuffle(self) -> None:
        """A new solvable board from the chosen shuffle algorithm (parity fixed where needed)."""
        from ..shuffles import shuffle_board

        rows, cols = self.board.shape
        board = shuffle_board(self.algorithm.value, rows, cols, rng=self._rng, solvable=True)
        if self.blank_side == "first":
            from ..parity import is_solvable

            if not is_solvable(board, self.goal):  # the parity fix targets the blank-last goal
                board = board.swap(*[k for k, t in enumerate(board.tiles) if t != BLANK][:2])
        self._new_game(board)

    def set_board(self, board) -> None:
        """Start again from ``board`` (a Board or text such as ``"1 2 3/4 _ 5/7 8 6"``)."""
        board = Board.parse(board)
        if board.shape != self.board.shape:
            offer_size(self.size, board.shape)
            self.size.value = board.shape  # rebuilds the grid for the new shape
        self._new_game(board)

    def _go(self, board: Board) -> None:
        self.history.append(self.board)
        self.board = board
        self._render()

    # -- hints and the solution ---------------------------------------------------------------------
    def _known_plan(self, board: Board) -> tuple[Board, int, Plan]:
        if board not in self._known:
            plan = plan_solution(board, self.goal)
            left = len(plan.moves)
            for k, (a, b) in enumerate(zip(plan.boards, plan.boards[1:], strict=False)):
                self._known[a] = (b, left - k, plan)
        return self._known[board]

    def hint(self) -> None:
        """Highlight the tile to slide next on a shortest (or, past 4x4, a good) solution."""
        if self.solved:
            self.status.value = "<b>solved!</b> nothing to hint"
            return
        nxt, left, plan = self._known_plan(self.board)
        tile = nxt.tiles[self.board.blank]
        self._hinted = self.board.tiles.index(tile)
        self._render()
        kind = "optimal" if plan.optimal else "not optimal"
        self.status.value = f"hint: slide tile <b>{tile}</b>; {left} moves to go ({kind}, {plan.method})"

    def solve(self) -> None:
        """Find a solution and get ready to play it: press Play or "next move"."""
        if self.solved:
            self.status.value = "<b>solved!</b> nothing to solve"
            return
        _, _, plan = self._known_plan(self.board)
        start = plan.boards.index(self.board)
        self._plan = Plan(plan.boards[start:], plan.moves[start:], plan.optimal, plan.method)
        self._playing_from = len(self.history)
        self.play.value = 0
        self.play.max = len(self._plan.moves)
        self.status.value = f"solution: {self._plan.describe()}; press play or next move"

    def step(self) -> None:
        """Play the next move of the solution (finding one first if needed)."""
        if self._plan is None:
            self.solve()
        if self._plan is None:
            return
        if self.play.value >= self.play.max:
            raise ValueError("the solution has been played to the end")
        self.play.value += 1

    def _play_to(self, k: int) -> None:
        if self._plan is None or not 0 <= k < len(self._plan.boards):
            return
        self.history = self.history[: self._playing_from] + list(self._plan.boards[:k])
        self.board = self._plan.boards[k]
        self._render()
        where = f"move {k} of {len(self._plan.moves)}: {self._plan.moves[k - 1]}" if k else "ready"
        self.status.value = f"{where} ({self._plan.describe()})" + (
            " &mdash; <b>solved!</b>" if self.solved else ""
        )

    def _stop_playing(self) -> None:
        if self._plan is not None:
            self._plan = None
            self.play.max = 0

    # -- drawing ------------------------------------------------------------------------------------
    def _render(self) -> None:
        goal = self.goal
        for cell, (button, tile) in enumerate(zip(self.cells, self.board.tiles, strict=True)):
            button.description = str(tile) if tile else ""
            home = tile != BLANK and goal.tiles[cell] == tile
            # a tile at home is marked by a check mark as well as its colour (colour is never the only
            # cue); the blank gets an empty fixed-width icon ("fw", no glyph) because ipywidgets'
            # Button view keeps its old text when description becomes "" and icon is ""
            button.icon = "fw" if tile == BLANK else "check" if home else ""
            if tile == BLANK:
                button.style.button_color = BLANK_COLOR
            else:
                button.style.button_color = ON_GOAL_COLOR if home else OFF_GOAL_COLOR
            button.button_style = "warning" if cell == self._hinted else ""
        if self.images:
            self._render_pictures()
        self._hinted = None
        self.counter.value = f"moves: {self.move_count}"
        self.status.value = "<b>solved!</b>" if self.solved else ""
        self.undo_button.disabled = not self.history

    def _render_pictures(self) -> None:
        where = {tile: k for k, tile in enumerate(self.goal.tiles)}
        dark = self._pngs[-1]
        solved = self.solved
        for image, tile in zip(self.images, self.board.tiles, strict=True):
            image.value = dark if tile == BLANK and not solved else self._pngs[where[tile]]

    def static_figure(self) -> Figure:
        figure = Figure(
            figsize=(0.7 * self.board.cols + 0.5, 0.7 * self.board.rows + 0.8), layout="constrained"
        )
        ax = figure.add_subplot()
        if self.picture.value:
            draw_picture_board(self.board, image=self._image, ax=ax, goal=self.goal)
        else:
            draw_board(self.board, ax=ax, goal=self.goal)
        ax.set_title(f"moves: {self.move_count}" + (" - solved!" if self.solved else ""), fontsize=9)
        return figure

    def summary(self) -> str:
        state = "solved!" if self.solved else "not solved"
        return (
            f"PlayableBoard {self.board.rows}x{self.board.cols} [{self.board.text()}], "
            f"moves: {self.move_count}, {state}"
        )
