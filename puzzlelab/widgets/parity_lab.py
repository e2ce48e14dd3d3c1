"""The parity lab: swap two tiles or slide the blank, and watch the invariant decide.

The lab is live in the browser: ``js/parity_lab.js`` draws the board and an arc over every
inverted pair of the reading order (SVG). Python is the model. A click in the browser is a
message (``{"action": "click", "cell": k}``); Python checks it, swaps or slides, and sends back in
one update the new tiles and the explanation computed by :func:`puzzlelab.parity.explain` (the
inverted pairs as a binary buffer of reading-order positions, the inversion count, the blank-row
term, the invariant and the verdict), so the arcs and the numbers redraw together. On boards of
at most 9 cells, *prove it by search* checks the verdict against a breadth-first search over
every arrangement.

The settings are traits: ``size`` (rows, cols), ``goal_choice`` ("last" or "first": where the
goal puts the blank), ``mode`` ("swap two tiles" or "slide the blank"). Set from code, a bad value
raises at once (``TypeError``/``ValueError`` naming the trait); set by the browser, it is refused
with a message on the error line and the browser is sent the value Python kept.

>>> lab = ParityLab(2, 2)
>>> lab.swap(0, 1)
>>> lab.readout()["verdict"]
'NOT solvable: invariant (1 + 0) mod 2 = 1'
>>> lab.mode = "slide the blank"
>>> lab.click(1)  # tile 1 (now in cell 1) sits above the blank: it slides down
>>> lab.summary()
'ParityLab 2x2 [2 _/3 1], goal blank last: 2 inversions, blank-row term 1, NOT solvable'
"""

from __future__ import annotations

from collections.abc import Callable
from math import factorial
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

import numpy as np
import traitlets

from .._validate import choice, describe, whole
from ..board import BLANK, Board, check_shape
from ..colors import HIGHLIGHT_COLOR, HOME_MARK_COLOR, OFF_GOAL_COLOR, ON_GOAL_COLOR
from ..i18n import N_
from ..i18n import gettext as _
from ..parity import ParityExplanation, explain, inverted_positions
from ..perm import rank
from ._live import LiveView, js_module

if TYPE_CHECKING:  # matplotlib is imported when a picture is drawn (a Voila page draws none)
    from matplotlib.figure import Figure

__all__ = ["GOALS", "MODES", "PROOF_MAX_CELLS", "SIZES", "ParityLab", "pairs_bytes", "readout"]

#: the shapes the size menu offers (a board set from code adds its own shape)
SIZES = ((2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (3, 4), (4, 4), (5, 5))
#: the proof by search covers every arrangement: 9 cells are 362,880 of them (about a second)
PROOF_MAX_CELLS = 9
MODES = (N_("swap two tiles"), N_("slide the blank"))  #: the mode trait's values (English; shown translated)
GOALS = ("last", "first")
ACTIONS = ("click", "swap", "reset", "prove")
#: what the browser may set; everything else is Python's to compute
FRONT_END_TRAITS = frozenset({"size", "goal_choice", "mode", "selected", "tiles"})
PALETTE = {
    "home": ON_GOAL_COLOR,  # a tile on its goal cell (with a dark corner mark: not colour alone)
    "away": OFF_GOAL_COLOR,
    "mark": HOME_MARK_COLOR,
    "arc": HIGHLIGHT_COLOR,  # Okabe-Ito vermillion
    "selected": "#56B4E9",  # Okabe-Ito sky blue (with a dashed outline and a label)
}


#: the words js/parity_lab.js draws, looked up there in ``_labels`` (the catalogue's translations);
#: the four lines of :func:`readout` are written from the same messages on both sides
LABELS = (
    *MODES,
    N_("goal: blank last"),
    N_("goal: blank first"),
    N_("parity lab"),
    N_("board size"),
    N_("goal"),
    N_("what a click does"),
    N_("reset to goal"),
    N_("the board"),
    N_("prove it by search"),
    N_("searching every arrangement..."),
    N_("search covers boards of at most {n} cells"),
    N_("The tiles in reading order (blank left out): an arc joins each inverted pair."),
    N_("Tile {tile} is inverted with {partners} ({n} pair)."),
    N_("Tile {tile} is inverted with {partners} ({n} pairs)."),
    N_("Tile {tile} is in no inverted pair."),
    N_("{n} inverted pair over the reading order {reading}"),
    N_("{n} inverted pairs over the reading order {reading}"),
    N_("Click a tile next to the blank to slide it."),
    N_("Click a tile (or the blank), then a second one: they swap."),
    N_("Cell {cell} is picked: click another cell to swap them, or the same one to drop it."),
    N_("the blank"),
    N_("tile {n}"),
    N_("tile {n}, at home"),
    N_("cell {cell}: {what}"),
    N_("cell {cell}: {what}, picked"),
    N_("inversions: {n}"),
    N_("blank on row {row}, the goal's blank on row {goal_row} (0 = top)"),
    N_("blank-row term: ({cols} - 1) x {apart} row = {term}"),
    N_("blank-row term: ({cols} - 1) x {apart} rows = {term}"),
    N_("solvable"),
    N_("NOT solvable"),
    N_("{verdict}: invariant ({inversions} + {term}) mod 2 = {invariant}"),
)


P = ParamSpec("P")
T = TypeVar("T")


class _TraitTypeError(traitlets.TraitError, TypeError):
    """A trait set to a value of the wrong type: a TypeError, and a TraitError so traitlets rolls
    back the other traits set in the same update."""


class _TraitValueError(traitlets.TraitError, ValueError):
    """A trait set to an impossible value (see :class:`_TraitTypeError`)."""


class _Setting(traitlets.Any):
    """A setting checked by the lab's own validator (None included: traitlets.Any lets None
    through unchecked)."""

    allow_none = False


def _checked(check: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """``check(*args)``, its TypeError/ValueError raised as the trait versions of the same."""
    try:
        return check(*args, **kwargs)
    except TypeError as err:
        raise _TraitTypeError(str(err)) from None
    except ValueError as err:
        raise _TraitValueError(str(err)) from None


def _naming(name: str, err: Exception) -> str:
    """``err``'s message, naming ``name`` if it does not already."""
    return str(err) if str(err).startswith(name) else f"{name}: {err}"


def _shape(name: str, value: object) -> tuple[int, int]:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise TypeError(f"{name} must be a pair (rows, cols) such as (3, 3), got {describe(value)}")
    try:
        return check_shape(*value)
    except (TypeError, ValueError) as err:
        raise type(err)(_naming(name, err)) from None


def readout(exp: ParityExplanation) -> dict[str, str]:
    """The lab's four lines of text for an explanation (the browser writes the same lines from
    the numbers it is sent; the Node tests compare the two)."""
    if exp.row_distance == 1:
        row_term = _("blank-row term: ({cols} - 1) x {apart} row = {term}")
    else:
        row_term = _("blank-row term: ({cols} - 1) x {apart} rows = {term}")
    verdict = _("solvable") if exp.solvable else _("NOT solvable")
    return {
        "inversions": _("inversions: {n}").format(n=exp.inversions),
        "blank_rows": _("blank on row {row}, the goal's blank on row {goal_row} (0 = top)").format(
            row=exp.blank_row, goal_row=exp.goal_blank_row
        ),
        "row_term": row_term.format(cols=exp.board.cols, apart=exp.row_distance, term=exp.row_term),
        "verdict": _("{verdict}: invariant ({inversions} + {term}) mod 2 = {invariant}").format(
            verdict=verdict, inversions=exp.inversions, term=exp.row_term, invariant=exp.invariant
        ),
    }


def pairs_bytes(board: Board, goal: Board) -> bytes:
    """The inverted pairs of ``board`` (positions ``i < j`` in the reading order, blank left out,
    from :func:`puzzlelab.parity.inverted_positions`) as bytes ``i0 j0 i1 j1 ...`` (one unsigned
    byte each: a reading order has at most 255 places)."""
    return np.asarray(inverted_positions(board, goal), dtype=np.uint8).tobytes()


class ParityLab(LiveView):
    """Swap tiles or slide the blank and see inversions, blank-row term and verdict update.

    Parameters
    ----------
    rows, cols : int
        The shape (``cols`` defaults to ``rows``); 2..16 each.
    board : Board or str, optional
        The board to start from (default: the goal); its shape must be ``rows x cols``.
    blank : "last" or "first"
        Where the goal puts the blank (the ``goal_choice`` trait).
    mode : "swap two tiles" or "slide the blank"
        What a click does (the ``mode`` trait).

    Arguments are checked at once (``TypeError`` for a wrong type, ``ValueError`` for an impossible
    value, before anything is built), and so are the methods called from code; what comes from the
    browser never raises: its messages go to the error line.
    """

    _esm = js_module("parity_lab")
    LABELS = LABELS

    size = _Setting((3, 3)).tag(sync=True)
    sizes: traitlets.List[list[int]] = traitlets.List().tag(sync=True)
    goal_choice = _Setting("last").tag(sync=True)
    mode = _Setting(MODES[0]).tag(sync=True)
    tiles = _Setting([1, 2, 3, 4, 5, 6, 7, 8, 0]).tag(sync=True)
    selected = traitlets.Any(None).tag(sync=True)
    #: the numbers of :func:`puzzlelab.parity.explain` for the board and goal, and the home marks
    explained = traitlets.Dict().tag(sync=True)
    #: the inverted pairs (see :func:`pairs_bytes`), sent as a binary buffer
    pairs = traitlets.Bytes(b"").tag(sync=True)
    proof = traitlets.Unicode("").tag(sync=True)
    proof_max_cells = traitlets.Int(PROOF_MAX_CELLS).tag(sync=True)
    palette = traitlets.Dict(PALETTE).tag(sync=True)
    #: how many browser messages Python has answered (the browser drops its 'pending' marks)
    handled = traitlets.Int(0).tag(sync=True)

    def __init__(
        self,
        rows: int = 3,
        cols: int | None = None,
        *,
        board: Board | str | None = None,
        blank: str = "last",
        mode: str = "swap two tiles",
    ):
        rows = whole("rows", rows)
        cols = rows if cols is None else whole("cols", cols)
        rows, cols = check_shape(rows, cols)
        mode = choice("mode", mode, MODES)
        blank = choice("blank", blank, GOALS)
        start = Board.goal(rows, cols, blank) if board is None else Board.parse(board)
        if start.shape != (rows, cols):
            raise ValueError(f"board is {start.rows}x{start.cols} but the lab is {rows}x{cols}")
        self._updating = False
        sizes = [list(s) for s in SIZES]
        super().__init__(mode=mode, goal_choice=blank, **_state(start, blank, sizes))
        self.observe(self._on(self._resize), names="size")
        self.observe(self._on(self._refresh), names=["goal_choice", "tiles"])
        self.observe(self._on(self._unselect), names="mode")
        self.on_msg(self._on_message)

    # -- checking what is set (from code: raises; from the browser: see set_state) ----------------
    @traitlets.validate("size")
    def _check_size(self, proposal: traitlets.Bunch) -> tuple[int, int]:
        return _checked(_shape, "size", proposal["value"])

    @traitlets.validate("goal_choice")
    def _check_goal_choice(self, proposal: traitlets.Bunch) -> str:
        return _checked(choice, "goal_choice", proposal["value"], GOALS)

    @traitlets.validate("mode")
    def _check_mode(self, proposal: traitlets.Bunch) -> str:
        return _checked(choice, "mode", proposal["value"], MODES)

    @traitlets.validate("tiles")
    def _check_tiles(self, proposal: traitlets.Bunch) -> list[int]:
        rows, cols = self.size
        value = proposal["value"]
        if not isinstance(value, list | tuple):
            raise _TraitTypeError(f"tiles must be a list of {rows * cols} numbers, got {describe(value)}")
        try:
            return list(Board(value, rows, cols).tiles)
        except TypeError as err:
            raise _TraitTypeError(_naming("tiles", err)) from None
        except ValueError as err:
            raise _TraitValueError(_naming("tiles", err)) from None

    @traitlets.validate("selected")
    def _check_selected(self, proposal: traitlets.Bunch) -> int | None:
        value = proposal["value"]
        if value is None:
            return None
        return _checked(lambda: whole("selected", value, low=0, high=len(self.tiles) - 1))

    @traitlets.validate("sizes")
    def _check_sizes(self, proposal: traitlets.Bunch) -> list[list[int]]:
        return [list(_checked(_shape, "sizes", s)) for s in proposal["value"]]

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """A change from the browser: checked like one from code, but a refusal goes to the error
        line (and the browser gets back the values Python kept) instead of raising."""
        keys = [k for k in sync_data if k in self.keys]
        try:
            refused = sorted(set(keys) - FRONT_END_TRAITS)
            if refused:
                raise ValueError(
                    _("the browser cannot set {names}: Python computes it").format(names=", ".join(refused))
                )
            super().set_state(sync_data)
        except Exception as err:  # shown to the student, never raised into the kernel's log
            self.show_error(err)
            self.send_state(keys)

    def _on_message(self, _widget: object, content: object, _buffers: list[memoryview]) -> None:
        with self.hold_sync():  # the new board, its explanation and the answer: one update
            self._guarded(self._act, content)
            self.handled += 1

    def _act(self, content: object) -> None:
        if not isinstance(content, dict):
            raise TypeError(
                f"a message must be a dict like {{'action': 'click', 'cell': 3}}, got {describe(content)}"
            )
        action = choice("action", content.get("action"), ACTIONS)
        if action == "click":
            self.click(whole("cell", content.get("cell")))  # its range: checked by click
        elif action == "swap":
            cells = content.get("cells")
            if not isinstance(cells, list | tuple) or len(cells) != 2:
                raise TypeError(f"cells must be two cell numbers, got {describe(cells)}")
            self.swap(*cells)
        elif action == "reset":
            self.reset()
        else:
            self.prove()

    # -- state -----------------------------------------------------------------------------------
    @property
    def board(self) -> Board:
        """The board shown (set it with :meth:`set_board`)."""
        rows, cols = self.size
        return Board(self.tiles, rows, cols)

    @property
    def goal(self) -> Board:
        rows, cols = self.size
        return Board.goal(rows, cols, self.goal_choice)

    @property
    def explanation(self) -> ParityExplanation:
        """:func:`puzzlelab.parity.explain` of the current board and goal."""
        return explain(self.board, self.goal)

    def readout(self) -> dict[str, str]:
        """The lines the lab shows: inversions, blank rows, blank-row term, verdict."""
        return readout(self.explanation)

    def _show(self, board: Board) -> None:
        """Show ``board``: its tiles, explanation and pairs go to the browser in one update."""
        state = _state(board, self.goal_choice, self.sizes)
        self._updating = True
        try:
            with self.hold_sync():
                for name, value in state.items():
                    setattr(self, name, value)
        finally:
            self._updating = False

    def _resize(self) -> None:
        if not self._updating:
            rows, cols = self.size
            self._show(Board.goal(rows, cols, self.goal_choice))

    def _refresh(self) -> None:
        if not self._updating:
            self._show(self.board)

    def _unselect(self) -> None:
        self.selected = None

    # -- actions -----------------------------------------------------------------------------------
    def click(self, cell: int) -> None:
        """Swap mode: the first click picks a cell, the second swaps it with the first (a second
        click on the same cell drops the pick). Slide mode: slide the clicked tile into the blank."""
        board = self.board
        cell = whole("cell", cell, low=0, high=board.size - 1)
        if self.mode == "slide the blank":
            tile = board.tiles[cell]
            if tile == BLANK:
                raise ValueError(_("that is the blank: click a tile next to it"))
            self._show(board.slide(tile))
        elif self.selected is None or self.selected == cell:
            self.selected = cell if self.selected is None else None  # only the pick changes
        else:
            self._show(board.swap(self.selected, cell))

    def swap(self, i: int, j: int) -> None:
        """Exchange the contents of cells ``i`` and ``j`` (the blank may be one of them)."""
        board = self.board
        i = whole("i", i, low=0, high=board.size - 1)
        j = whole("j", j, low=0, high=board.size - 1)
        self._show(board.swap(i, j))

    def reset(self) -> None:
        """Back to the goal (0 inversions, solvable)."""
        self._show(self.goal)

    def set_board(self, board: Board | str) -> None:
        """Show ``board`` (a Board or text such as ``"2 1 3/4 5 6/7 8 _"``), of any shape."""
        self._show(Board.parse(board))

    def prove(self) -> None:
        """Check the verdict by breadth-first search over every arrangement (at most 9 cells)."""
        board, goal = self.board, self.goal
        if board.size > PROOF_MAX_CELLS:
            raise ValueError(
                _(
                    "a proof by search covers boards of at most {max} cells "
                    "({rows}x{cols} has {size}: {count:,} arrangements)"
                ).format(
                    max=PROOF_MAX_CELLS,
                    rows=board.rows,
                    cols=board.cols,
                    size=board.size,
                    count=factorial(board.size),
                )
            )
        from ..search import state_space_distances  # cached per shape and goal by the library

        distances = state_space_distances(board.rows, board.cols, goal)
        reachable = int((distances >= 0).sum())
        distance = int(distances[rank(board.tiles)])
        found = (
            _("this board is {distance} moves from it: solvable").format(distance=distance)
            if distance >= 0
            else _("this board is not among them: NOT solvable")
        )
        agrees = (distance >= 0) == explain(board, goal).solvable
        self.proof = _(
            "breadth-first search from the goal reaches {reachable:,} of {total:,} arrangements; "
            "{found}. {agreement}"
        ).format(
            reachable=reachable,
            total=factorial(board.size),
            found=found,
            agreement=_("The parity verdict agrees.") if agrees else _("The parity verdict DISAGREES!"),
        )

    # -- the static fallback -------------------------------------------------------------------------
    def static_figure(self) -> Figure:
        from matplotlib.figure import Figure

        from ..plots.boards import draw_board
        from ..plots.parity import draw_inversions

        figure = Figure(figsize=(7.5, 3.0), layout="constrained")
        left, right = figure.subplots(1, 2, width_ratios=[1, 3])
        draw_board(self.board, ax=left, goal=self.goal)
        draw_inversions(self.board, goal=self.goal, ax=right)
        right.title.set_fontsize(9)
        return figure

    def summary(self) -> str:
        exp = self.explanation
        verdict = _("solvable") if exp.solvable else _("NOT solvable")
        return _(
            "ParityLab {rows}x{cols} [{board}], goal blank {goal}: {inversions} inversions, "
            "blank-row term {term}, {verdict}"
        ).format(
            rows=self.board.rows,
            cols=self.board.cols,
            board=self.board.text(),
            goal=_("last") if self.goal_choice == "last" else _("first"),
            inversions=exp.inversions,
            term=exp.row_term,
            verdict=verdict,
        )


def _state(board: Board, goal_choice: str, sizes: list[list[int]]) -> dict[str, Any]:
    """The traits that show ``board`` (in the order they must be set: the shape first)."""
    goal = Board.goal(board.rows, board.cols, goal_choice)
    exp = explain(board, goal)
    shape = list(board.shape)
    return {
        "sizes": sizes if shape in sizes else [*sizes, shape],
        "size": board.shape,
        "tiles": list(board.tiles),
        "selected": None,
        "proof": "",
        "pairs": pairs_bytes(board, goal),
        "explained": _explained(exp),
    }


def _explained(exp: ParityExplanation) -> dict[str, Any]:
    """What the browser draws besides the pairs: the numbers of ``exp`` and the home marks."""
    board, goal = exp.board, exp.goal
    return {
        "rows": board.rows,
        "cols": board.cols,
        "goal": "first" if goal.blank == 0 else "last",
        "reading": [t for t in board.tiles if t != BLANK],
        "home": [t != BLANK and t == g for t, g in zip(board.tiles, goal.tiles, strict=True)],
        "inversions": exp.inversions,
        "blank_row": exp.blank_row,
        "goal_blank_row": exp.goal_blank_row,
        "row_distance": exp.row_distance,
        "row_term": exp.row_term,
        "invariant": exp.invariant,
        "solvable": exp.solvable,
    }
