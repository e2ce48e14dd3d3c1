"""The parity lab: swap two tiles or slide the blank, and watch the invariant decide.

The inversion count, the blank-row term and the verdict update after every change;
on boards of at most 9 cells a button checks the verdict against a breadth-first
search over the whole state space.

>>> lab = ParityLab(2, 2)
>>> lab.swap(0, 1)
>>> lab.verdict.value
'<b style="color:#b00020">NOT solvable</b>: invariant (1 + 0) mod 2 = 1'
"""

from __future__ import annotations

from math import factorial

import ipywidgets as widgets
import numpy as np
from matplotlib.figure import Figure

from .._validate import choice, whole
from ..board import BLANK, MAX_SIDE, Board, check_shape
from ..parity import explain
from ..perm import rank
from ..plots._common import figure_png
from ..plots.boards import OFF_GOAL_COLOR, ON_GOAL_COLOR, draw_board
from ..plots.parity import draw_inversions
from ._base import View, clear_artists, error_line, offer_size, png_image, set_title, size_dropdown

__all__ = ["PROOF_MAX_CELLS", "ParityLab"]

SIZES = ((2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (3, 4), (4, 4), (5, 5))
PROOF_MAX_CELLS = 9
MODES = ("swap two tiles", "slide the blank")
CELL_PX = 46
SELECTED_COLOR = "#6baed6"


class ParityLab(View):
    """Swap tiles or slide the blank and see inversions, blank-row term and verdict update.

    Controls: ``cells`` (one Button per cell), ``mode`` ("swap two tiles" / "slide the
    blank"), ``size``, ``goal_choice`` ("last" / "first": where the goal puts the blank),
    ``reset_button``, ``prove_button``; read-outs ``inversions``, ``row_term``, ``verdict``,
    ``proof``, ``picture`` (PNG of the inverted pairs), ``error``.

    Arguments are checked at once (``TypeError`` for a wrong type, ``ValueError`` for an
    impossible value, before anything is built), and so are the methods called from code; the
    controls never raise: their messages go to the error line.
    """

    def __init__(
        self,
        rows: int = 3,
        cols: int | None = None,
        *,
        board: Board | None = None,
        blank: str = "last",
        mode: str = "swap two tiles",
    ):
        rows = whole("rows", rows, low=2, high=MAX_SIDE)
        cols = rows if cols is None else whole("cols", cols, low=2, high=MAX_SIDE)
        rows, cols = check_shape(rows, cols)
        mode = choice("mode", mode, MODES)
        blank = choice("blank", blank, ("last", "first"))
        start = Board.goal(rows, cols, blank) if board is None else Board.parse(board)
        if start.shape != (rows, cols):
            raise ValueError(f"board is {start.rows}x{start.cols} but the lab is {rows}x{cols}")
        self.size = size_dropdown(rows, cols, SIZES)
        self.goal_choice = widgets.Dropdown(
            options=[("goal: blank last", "last"), ("goal: blank first", "first")],
            value=blank,
            layout=widgets.Layout(width="160px"),
        )
        self.mode = widgets.ToggleButtons(options=MODES, value=mode)
        self.reset_button = widgets.Button(description="reset to goal", icon="refresh")
        self.prove_button = widgets.Button(description="prove it by search", icon="search")
        self.inversions = widgets.Label()
        self.inversions.add_class("puzzlelab-inversions")
        self.row_term = widgets.Label()
        self.row_term.add_class("puzzlelab-row-term")
        self.verdict = widgets.HTML()
        self.verdict.add_class("puzzlelab-verdict")
        self.proof = widgets.HTML()
        self.proof.add_class("puzzlelab-proof")
        self.picture = png_image("puzzlelab-inversion-picture", width=480)
        self.error = error_line()
        self.grid = widgets.GridBox()
        self.grid.add_class("puzzlelab-board")
        self.cells: list[widgets.Button] = []
        self._figure = Figure(figsize=(6.0, 3.0))  # fixed axes, no layout engine: fast redraws
        self._axes = self._figure.add_axes((0.01, 0.01, 0.98, 0.88))
        self._distances: dict[Board, np.ndarray] = {}
        self.size.observe(self._on(self._resize), names="value")
        self.goal_choice.observe(self._on(self._render), names="value")
        self.mode.observe(self._on(self._unselect), names="value")
        self.reset_button.on_click(self._on(self.reset))
        self.prove_button.on_click(self._on(self.prove))
        self._compose(
            [
                widgets.HBox([self.size, self.goal_choice, self.mode]),
                widgets.HBox(
                    [
                        self.grid,
                        widgets.VBox(
                            [
                                self.inversions,
                                self.row_term,
                                self.verdict,
                                self.reset_button,
                                self.prove_button,
                                self.proof,
                            ]
                        ),
                    ],
                    layout=widgets.Layout(grid_gap="16px"),
                ),
                self.picture,
            ],
            "puzzlelab-parity-lab",
        )
        self._start(start)

    # -- state -----------------------------------------------------------------------------------
    @property
    def goal(self) -> Board:
        return Board.goal(self.board.rows, self.board.cols, self.goal_choice.value)

    @property
    def explanation(self):
        """:func:`puzzlelab.parity.explain` of the current board and goal."""
        return explain(self.board, self.goal)

    def _start(self, board: Board) -> None:
        self.board = board
        self.selected: int | None = None
        self._build_grid()

    def _resize(self) -> None:
        rows, cols = self.size.value
        self._start(Board.goal(rows, cols, self.goal_choice.value))

    def _build_grid(self) -> None:
        for cell in self.cells:
            cell.close()
        self.cells = [self._cell_button(k) for k in range(self.board.size)]
        self.grid.children = self.cells
        self.grid.layout = widgets.Layout(
            grid_template_columns=f"repeat({self.board.cols}, {CELL_PX}px)", grid_gap="3px"
        )
        self._render()

    def _cell_button(self, cell: int) -> widgets.Button:
        button = widgets.Button(layout=widgets.Layout(width=f"{CELL_PX}px", height=f"{CELL_PX}px"))
        button.on_click(lambda _b: self._guarded(self.click, cell))
        return button

    # -- actions -----------------------------------------------------------------------------------
    def click(self, cell: int) -> None:
        """Swap mode: the first click picks a cell, the second swaps it with the first.
        Slide mode: slide the clicked tile into the blank."""
        cell = whole("cell", cell, low=0, high=self.board.size - 1)
        if self.mode.value == "slide the blank":
            tile = self.board.tiles[cell]
            if tile == BLANK:
                raise ValueError("that is the blank: click a tile next to it")
            self.board = self.board.slide(tile)
        elif self.selected is None or self.selected == cell:
            self.selected = cell if self.selected is None else None
            self._render_cells()  # picking a cell changes no number: only its colour
            return
        else:
            first, self.selected = self.selected, None
            self.board = self.board.swap(first, cell)
        self._render()

    def swap(self, i: int, j: int) -> None:
        """Exchange the contents of cells ``i`` and ``j`` (a swap flips the verdict unless it moves
        the blank an even number of rows on an even-width board... the lab lets you find out)."""
        i = whole("i", i, low=0, high=self.board.size - 1)
        j = whole("j", j, low=0, high=self.board.size - 1)
        self.board = self.board.swap(i, j)
        self.selected = None
        self._render()

    def reset(self) -> None:
        """Back to the goal (0 inversions, solvable)."""
        self._start(self.goal)

    def set_board(self, board) -> None:
        """Show ``board`` (a Board or text such as ``"2 1 3/4 5 6/7 8 _"``)."""
        board = Board.parse(board)
        if board.shape != self.board.shape:
            offer_size(self.size, board.shape)
            self.size.value = board.shape
        self._start(board)

    def _unselect(self) -> None:
        self.selected = None
        self._render()

    def prove(self) -> None:
        """Check the verdict by breadth-first search over every arrangement (at most 9 cells)."""
        board, goal = self.board, self.goal
        if board.size > PROOF_MAX_CELLS:
            raise ValueError(
                f"a proof by search covers boards of at most {PROOF_MAX_CELLS} cells "
                f"({board.rows}x{board.cols} has {board.size}: {factorial(board.size):,} arrangements)"
            )
        from ..search import state_space_distances

        if goal not in self._distances:
            self._distances[goal] = state_space_distances(board.rows, board.cols, goal)
        distances = self._distances[goal]
        reachable = int((distances >= 0).sum())
        distance = int(distances[rank(board.tiles)])
        found = (
            f"this board is <b>{distance} moves</b> from it: solvable"
            if distance >= 0
            else "this board is <b>not among them</b>: NOT solvable"
        )
        agrees = (distance >= 0) == self.explanation.solvable
        self.proof.value = (
            f"breadth-first search from the goal reaches {reachable:,} of "
            f"{factorial(board.size):,} arrangements; {found}. "
            f"{'The parity verdict agrees.' if agrees else 'The parity verdict DISAGREES!'}"
        )

    # -- drawing -------------------------------------------------------------------------------------
    def _render(self) -> None:
        self._render_cells()
        self._render_numbers()

    def _render_cells(self) -> None:
        goal = self.goal
        for cell, (button, tile) in enumerate(zip(self.cells, self.board.tiles, strict=True)):
            button.description = str(tile) if tile else ""
            home = tile != BLANK and goal.tiles[cell] == tile
            button.icon = "fw" if tile == BLANK else "check" if home else ""  # not colour alone
            if cell == self.selected:
                button.icon = "hand-o-up"  # the chosen cell: a pointing hand as well as a colour
                button.style.button_color = SELECTED_COLOR
            elif tile == BLANK:
                button.style.button_color = "#555555"
            else:
                button.style.button_color = ON_GOAL_COLOR if home else OFF_GOAL_COLOR

    def _render_numbers(self) -> None:
        goal = self.goal
        exp = explain(self.board, goal)
        self.inversions.value = f"inversions: {exp.inversions}"
        self.row_term.value = (
            f"blank-row term: ({self.board.cols} - 1) x {exp.row_distance} rows = {exp.row_term}"
        )
        if exp.solvable:
            self.verdict.value = (
                f'<b style="color:#1b7837">solvable</b>: invariant '
                f"({exp.inversions} + {exp.row_term}) mod 2 = 0"
            )
        else:
            self.verdict.value = (
                f'<b style="color:#b00020">NOT solvable</b>: invariant '
                f"({exp.inversions} + {exp.row_term}) mod 2 = 1"
            )
        self.proof.value = ""
        self.prove_button.disabled = self.board.size > PROOF_MAX_CELLS
        clear_artists(self._axes)
        draw_inversions(self.board, goal=goal, ax=self._axes)
        set_title(self._axes, self._axes.get_title())
        self.picture.value = figure_png(self._figure)

    def static_figure(self) -> Figure:
        figure = Figure(figsize=(7.5, 3.0), layout="constrained")
        left, right = figure.subplots(1, 2, width_ratios=[1, 3])
        draw_board(self.board, ax=left, goal=self.goal)
        draw_inversions(self.board, goal=self.goal, ax=right)
        right.title.set_fontsize(9)
        return figure

    def summary(self) -> str:
        exp = self.explanation
        verdict = "solvable" if exp.solvable else "NOT solvable"
        return (
            f"ParityLab {self.board.rows}x{self.board.cols} [{self.board.text()}], "
            f"goal blank {self.goal_choice.value}: {exp.inversions} inversions, "
            f"blank-row term {exp.row_term}, {verdict}"
        )
