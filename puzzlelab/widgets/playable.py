"""A playable board, live in the browser: tiles slide when clicked or moved with the arrow keys.

Python is the model. The browser (``js/playable.js``) draws the board as SVG and slides the
tiles with a CSS transition; what the student does comes back as a message (a move, a click on
a cell, a button), which :class:`PlayableBoard` checks with :class:`~puzzlelab.board.Board`
before it changes ``board``, the move count and the history, and sends the new state. A move
the board refuses goes to the error line; the board stays as it was.

Moves are named by the direction the **blank** travels (``U``, ``D``, ``L``, ``R``), as
everywhere in puzzlelab: the arrow keys move the blank (arrow up = move ``U``: the tile above
the blank slides down), and the widget says so under the board.

>>> view = PlayableBoard(2, 2)
>>> view.click(2)                     # cell 2 holds tile 3, left of the blank
>>> view.move_count, view.board.text()
(1, '1 2/_ 3')
>>> view.move("R")                    # the blank goes right: tile 3 slides back left
>>> view.status, view.summary()
('solved!', 'PlayableBoard 2x2 [1 2/3 _], moves: 2, solved!')
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np
import traitlets
from numpy.typing import ArrayLike, NDArray

from .._validate import choice, describe, random_generator, whole
from ..board import BLANK, MAX_SIDE, MOVES, Board, check_shape
from ..i18n import N_
from ..i18n import gettext as _
from ._base import flag
from ._live import LiveView, js_module
from ._solving import Plan, plan_label, plan_solution

if TYPE_CHECKING:  # matplotlib is imported when a picture is drawn (a Voila page draws none)
    from matplotlib.figure import Figure

__all__ = ["ALGORITHM_NAMES", "PICTURE_SIDE", "SIZES", "PlayableBoard", "picture_png"]

#: board sizes offered in the size menu (any other shape from 2x2 to 16x16 may be passed in)
SIZES = ((2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (5, 5), (6, 6))
#: the shuffles of :mod:`puzzlelab.shuffles`, in the order the lesson meets them
ALGORITHM_NAMES = ("fisher_yates", "random_walk", "naive_swap", "tutorial_fisher_yates", "sort_shuffle")
#: the longest side, in pixels, of the picture sent to the browser (it is cut there into tiles)
PICTURE_SIDE = 320
#: the browser may set these traits (menus and the picture switch); every other change is Python's
FROM_BROWSER = frozenset({"size", "algorithm", "picture"})
#: the browser's buttons, as the names of the methods they run
BUTTONS = ("shuffle", "undo", "hint", "solve", "step")
#: boards remembered on solutions already found (hints along a solution are then free)
KNOWN_BOARDS = 50_000
#: the words js/playable.js draws, looked up there in ``_labels`` (the catalogue's translations)
LABELS = (
    N_("size"),
    N_("board size"),
    N_("shuffle with"),
    N_("shuffle algorithm"),
    N_("shuffle"),
    N_("undo"),
    N_("hint"),
    N_("solve it"),
    N_("next move"),
    N_("picture"),
    N_(
        "Click a tile next to the blank, or use the arrow keys: they move the BLANK "
        "(\u2191 is the move U: the tile above the blank slides down)."
    ),
    N_("sliding puzzle, {rows} by {cols}: arrow keys move the blank, a click slides a tile"),
    N_("moves: {n}"),
    N_("playing the solution: move {k} of {total} (a key or a click skips to the end)"),
    N_("the blank"),
    N_("tile {n}"),
    # the shuffles' names in the menu (the menu's values stay the names in puzzlelab.shuffles)
    N_("fisher yates"),
    N_("random walk"),
    N_("naive swap"),
    N_("tutorial fisher yates"),
    N_("sort shuffle"),
)
SOLVED = N_("solved!")


def _checked_image(image: object) -> NDArray[Any]:
    if isinstance(image, str | bytes) or not (hasattr(image, "__len__") or hasattr(image, "__array__")):
        raise TypeError(f"image must be an array of pixels (height, width[, 3|4]), got {describe(image)}")
    try:
        return np.asarray(image)
    except (TypeError, ValueError) as err:
        raise ValueError(f"image must be a rectangular array of pixels: {err}") from None


def picture_png(image: ArrayLike | None = None) -> bytes:
    """The picture the browser cuts into tiles, as PNG bytes (default: :func:`sample_image`).

    A picture with a side over :data:`PICTURE_SIDE` pixels is scaled down first, and a colour
    photograph is stored with a 256-colour palette: the board shows it a few hundred pixels wide,
    so this keeps what is sent (once) near 80 kB.
    """
    if image is None:
        return _default_picture_png()
    return _encode_picture(_pieces(image, 1, 1)[0])


@lru_cache(maxsize=1)
def _default_picture_png() -> bytes:
    from ..plots.boards import sample_image  # (matplotlib ships the photograph)

    return _encode_picture(sample_image())


def _pieces(image: ArrayLike, rows: int, cols: int) -> np.ndarray:
    """:func:`puzzlelab.plots.tile_pieces`, imported when a picture is first used (it brings
    matplotlib, which a board of numbers under Voila never needs)."""
    from ..plots.boards import tile_pieces

    return tile_pieces(image, rows, cols)


def _encode_picture(pixels: np.ndarray) -> bytes:
    from PIL import Image

    picture = Image.fromarray(np.ascontiguousarray(pixels))
    height, width = pixels.shape[:2]
    scale = PICTURE_SIDE / max(height, width)
    if scale < 1 and min(height, width) * scale >= 2 * MAX_SIDE:  # a thin strip is sent as it is
        picture = picture.resize((round(width * scale), round(height * scale)), Image.Resampling.LANCZOS)
    picture = picture.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.FLOYDSTEINBERG)
    buffer = io.BytesIO()
    picture.save(buffer, format="png", optimize=True)
    return buffer.getvalue()


class PlayableBoard(LiveView):
    """The sliding puzzle to play with the mouse or the arrow keys; shuffle, undo, hint, solve.

    Parameters
    ----------
    rows, cols : int
        The board shape, 2x2 up to 16x16 (the size menu offers 2x2 to 6x6).
    picture : bool
        Show the tiles cut from a picture (``image``, default Grace Hopper from matplotlib's
        sample data) instead of numbers. The picture is sent to the browser once and cut there.
    image : array, optional
        The picture, ``(height, width)`` or ``(height, width, 3|4)`` pixels.
    algorithm : str
        The shuffle used by "shuffle" (a name in ``puzzlelab.shuffles.ALGORITHMS``); boards it
        makes are given the parity fix so they can always be solved.
    blank : str
        ``"last"`` or ``"first"``, where the goal puts the blank.
    board : Board or str, optional
        A starting board (default: the goal, so the first thing to do is shuffle).
    rng : int or numpy.random.Generator, optional
        Seed or generator for the shuffles.

    Notes
    -----
    Arguments are checked at once: a wrong type raises ``TypeError``, an impossible value
    (a shape outside 2..16, an unknown shuffle, a board of another shape) ``ValueError``, before
    anything is built. So do the methods called from code (``click(9)`` on a 3x3 is a
    ``ValueError``). What comes from the browser never raises: its message goes to the error
    line (an unsolvable board, for instance, gets the parity explanation there when a hint is
    asked for), and a value the board cannot take is put back.

    Synced state: ``size``, ``algorithm`` and ``picture`` (the browser's menus and switch may
    set them, and so may code: ``view.size = (4, 4)``); ``tiles``, ``goal_tiles``,
    ``move_count``, ``solved``, ``can_undo``, ``status``, ``hinted`` (the cell to slide next,
    or -1), ``animation`` (a solution for the browser to play: its first board and its moves)
    and ``image`` (PNG bytes, sent once) are Python's alone.
    """

    _esm = js_module("playable")
    LABELS = LABELS

    size = traitlets.Tuple(traitlets.Int(), traitlets.Int(), default_value=(3, 3)).tag(sync=True)
    size_options: traitlets.List[list[int]] = traitlets.List().tag(sync=True)
    algorithm = traitlets.Unicode("fisher_yates").tag(sync=True)
    algorithm_options = traitlets.List(list(ALGORITHM_NAMES)).tag(sync=True)
    picture = traitlets.Bool(False).tag(sync=True)
    image = traitlets.Bytes(b"").tag(sync=True)
    tiles = traitlets.List(traitlets.Int()).tag(sync=True)
    goal_tiles = traitlets.List(traitlets.Int()).tag(sync=True)
    move_count = traitlets.Int(0).tag(sync=True)
    solved = traitlets.Bool(True).tag(sync=True)
    can_undo = traitlets.Bool(False).tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    hinted = traitlets.Int(-1).tag(sync=True)
    animation = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        rows: int = 3,
        cols: int | None = None,
        *,
        picture: bool = False,
        image: ArrayLike | None = None,
        algorithm: str = "fisher_yates",
        blank: str = "last",
        board: Board | str | None = None,
        rng: int | np.random.Generator | None = 0,
    ) -> None:
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
            _pieces(self._image, rows, cols)  # a bad image is a ValueError now, not at first click
        self._seq = 0
        self._quiet = True  # the observers wait until the board is built
        super().__init__(
            size=(rows, cols),
            size_options=[list(s) for s in sorted({*SIZES, (rows, cols)})],
            algorithm=algorithm,
            picture=picture,
        )
        self._quiet = False
        self._send_picture()
        self.on_msg(self._on_browser_message)
        self._new_game(start)

    # -- what the browser may change ---------------------------------------------------------
    def set_state(self, sync_data: Mapping[str, Any]) -> None:
        """A state change from the browser: only the menus and the picture switch are taken.

        Anything else (``tiles``, ``move_count``...) is Python's and is sent back as it is; a
        value of the wrong type is refused the same way, with a message on the error line.
        """
        refused = sorted(set(sync_data) - FROM_BROWSER)
        taken = {name: value for name, value in sync_data.items() if name in FROM_BROWSER}
        try:
            super().set_state(taken)
        except (traitlets.TraitError, TypeError, ValueError) as err:
            self.show_error(_("the board cannot take that setting: {error}").format(error=err))
            refused += sorted(taken)
        else:
            if refused:
                self.show_error(
                    _("the browser cannot set {names}: Python keeps the board").format(
                        names=", ".join(refused)
                    )
                )
        if refused:
            self.send_state(refused)  # the browser shows Python's values again

    def _set_quietly(self, **values: Any) -> None:
        """Set traits without running their observers (a value put back, or set by the model)."""
        self._quiet = True
        try:
            for name, value in values.items():
                setattr(self, name, value)
        finally:
            self._quiet = False

    @traitlets.observe("size")
    def _size_changed(self, change: traitlets.Bunch) -> None:
        if not self._quiet and not self._guarded(self._resize, change["new"]):
            self._set_quietly(size=change["old"])

    @traitlets.observe("algorithm")
    def _algorithm_changed(self, change: traitlets.Bunch) -> None:
        if not self._quiet and not self._guarded(choice, "algorithm", change["new"], ALGORITHM_NAMES):
            self._set_quietly(algorithm=change["old"])

    @traitlets.observe("picture")
    def _picture_changed(self, change: traitlets.Bunch) -> None:
        if not self._quiet:
            self._guarded(self._send_picture)

    def _resize(self, shape: Sequence[object]) -> None:
        rows, cols = shape
        rows, cols = whole("rows", rows, low=2, high=MAX_SIDE), whole("cols", cols, low=2, high=MAX_SIDE)
        if self._image is not None:
            _pieces(self._image, rows, cols)
        self._new_game(Board.goal(rows, cols, self.blank_side))

    def _send_picture(self) -> None:
        """Send the picture the first time it is needed (the browser keeps it across sizes)."""
        if self.picture and not self.image:
            self.image = picture_png(self._image)

    # -- messages from the browser -------------------------------------------------------------
    def _on_browser_message(self, _widget: object, content: object, _buffers: list[memoryview]) -> None:
        self._guarded(self._dispatch, content)

    def _dispatch(self, content: Any) -> None:
        """Run what a message asks: ``{"do": "move", "move": "U"}``, ``{"do": "click", "cell": 4}``
        or a button, ``{"do": "hint"}``. Moves and cells are checked as if typed in code."""
        if not isinstance(content, dict):
            raise ValueError(f"a message to the board must be a dict, got {describe(content)}")
        action = content.get("do")
        if action == "move":
            self.move(content.get("move"))  # type: ignore[arg-type]  # Board.move checks it
        elif action == "click":
            self.click(whole("cell", content.get("cell")))  # its range: checked by click
        elif action in BUTTONS:
            getattr(self, action)()
        else:
            raise ValueError(f"the board has no action {describe(action)}")

    # -- the game --------------------------------------------------------------------------------
    @property
    def board(self) -> Board:
        """The board the student sees (Python's model of it)."""
        return self._board

    @property
    def widget(self) -> PlayableBoard:
        """The view itself (it is the widget); kept so that older lesson code still works."""
        return self

    def _new_game(self, start: Board) -> None:
        self.goal = Board.goal(start.rows, start.cols, self.blank_side)
        self._board = start
        self.history: list[Board] = []
        self._known: dict[Board, tuple[Board, int, Plan]] = {}
        self._plan: Plan | None = None
        self._publish()

    def _publish(
        self, *, status: str | None = None, hinted: int = -1, animation: dict[str, Any] | None = None
    ) -> None:
        """Send the board's state to the browser in one message."""
        board = self._board
        with self.hold_sync():
            self._set_quietly(size=board.shape)
            self.tiles = list(board.tiles)
            self.goal_tiles = list(self.goal.tiles)
            self.move_count = len(self.history)
            self.solved = board == self.goal
            self.can_undo = bool(self.history)
            self.hinted = hinted
            self.status = (_(SOLVED) if self.solved else "") if status is None else status
            if animation is not None:
                self.animation = animation

    def _go(self, board: Board) -> None:
        self.history.append(self._board)
        self._board = board
        self._publish()

    def move(self, move: str) -> None:
        """The blank travels ``move`` (``"U"``, ``"D"``, ``"L"`` or ``"R"``): what an arrow key does."""
        given: object = move  # from code or the browser: not always a str (Board.move says so)
        if (
            isinstance(given, str)
            and given in MOVES
            and given not in {name for name, _b in self._board.successors()}
        ):
            # an arrow key pressed at the edge: the board's message, in the student's language
            row, col = self._board.blank_position
            raise ValueError(
                _("illegal move {move!r}: the blank at row {row}, column {col} is on the edge").format(
                    move=move, row=row, col=col
                )
            )
        self._go(self._board.move(move))

    def click(self, cell: int) -> None:
        """Slide the tile in ``cell`` (row-major index) into the blank, if it is next to it."""
        cell = whole("cell", cell, low=0, high=self._board.size - 1)
        tile = self._board.tiles[cell]
        if tile == BLANK:
            raise ValueError(_("that is the blank: click a tile next to it"))
        (row, col), (blank_row, blank_col) = divmod(cell, self._board.cols), self._board.blank_position
        if abs(row - blank_row) + abs(col - blank_col) != 1:
            # the board's own message, in the student's language
            raise ValueError(_("tile {tile} is not next to the blank, so it cannot slide").format(tile=tile))
        self._go(self._board.slide(tile))

    def slide(self, tile: int) -> None:
        """Slide ``tile`` into the blank."""
        tile = whole("tile", tile, low=1, high=self._board.size - 1)
        row, col = self._board.position(tile)
        self.click(row * self._board.cols + col)

    def undo(self) -> None:
        """Take back the last move."""
        if not self.history:
            raise ValueError(_("nothing to undo"))
        self._board = self.history.pop()
        self._publish()

    def shuffle(self) -> None:
        """A new solvable board from the chosen shuffle algorithm (parity fixed where needed)."""
        from ..parity import is_solvable
        from ..shuffles import shuffle_board

        rows, cols = self._board.shape
        board = shuffle_board(self.algorithm, rows, cols, rng=self._rng, solvable=True)
        if self.blank_side == "first" and not is_solvable(board, self.goal):
            board = board.swap(*[k for k, t in enumerate(board.tiles) if t != BLANK][:2])
        self._new_game(board)

    def set_board(self, board: Board | str) -> None:
        """Start again from ``board`` (a Board or text such as ``"1 2 3/4 _ 5/7 8 6"``)."""
        board = Board.parse(board)
        if self._image is not None:
            _pieces(self._image, board.rows, board.cols)
        if list(board.shape) not in self.size_options:
            self.size_options = sorted([*self.size_options, list(board.shape)])
        self._new_game(board)

    # -- hints and the solution ---------------------------------------------------------------------
    def _known_plan(self, board: Board) -> tuple[Board, int, Plan]:
        if board not in self._known:
            plan = plan_solution(board, self.goal)
            if len(self._known) + len(plan.moves) > KNOWN_BOARDS:
                self._known.clear()  # memory stays bounded on a long session
            left = len(plan.moves)
            for k, (a, b) in enumerate(zip(plan.boards, plan.boards[1:], strict=False)):
                self._known[a] = (b, left - k, plan)
        return self._known[board]

    def hint(self) -> None:
        """Mark the tile to slide next on a shortest (or, past 4x4, a good) solution."""
        if self._board == self.goal:
            self.status = _("solved! nothing to hint")
            return
        nxt, left, plan = self._known_plan(self._board)
        tile = nxt.tiles[self._board.blank]
        kind = _("optimal") if plan.optimal else _("not optimal")
        self._publish(
            status=_("hint: slide tile {tile}; {left} moves to go ({kind}, {method})").format(
                tile=tile, left=left, kind=kind, method=plan_label(plan.method)
            ),
            hinted=self._board.tiles.index(tile),
        )

    def _solution_from_here(self) -> Plan:
        _next, _left, plan = self._known_plan(self._board)
        start = plan.boards.index(self._board)
        return Plan(plan.boards[start:], plan.moves[start:], plan.optimal, plan.method)

    def solve(self) -> None:
        """Solve the board: the browser plays the solution move by move; the model jumps to the end.

        ``board`` is the goal at once and the history holds every board on the way (so undo
        takes the solution back one move at a time); ``animation`` carries the first board and
        the moves, which the browser plays.
        """
        if self._board == self.goal:
            self.status = _("solved! nothing to solve")
            return
        plan = self._solution_from_here()
        self._seq += 1
        animation = {"seq": self._seq, "start": list(self._board.tiles), "moves": "".join(plan.moves)}
        self.history.extend(plan.boards[:-1])
        self._board = plan.boards[-1]
        self._publish(
            status=_("solved by the computer: {solution}").format(solution=plan.describe()),
            animation=animation,
        )

    def step(self) -> None:
        """Make the next move of a solution (one move of what :meth:`solve` would play)."""
        if self._board == self.goal:
            raise ValueError(_("the board is solved: no next move"))
        nxt, left, plan = self._known_plan(self._board)
        self._go(nxt)
        if self._board != self.goal:
            kind = _("optimal") if plan.optimal else _("not optimal")
            self.status = _("next move made: {left} to go ({kind})").format(left=left - 1, kind=kind)

    # -- the static fallback ------------------------------------------------------------------------
    def static_figure(self) -> Figure:
        from matplotlib.figure import Figure

        from ..plots.boards import draw_board, draw_picture_board

        board = self._board
        figure = Figure(figsize=(0.7 * board.cols + 0.5, 0.7 * board.rows + 0.8), layout="constrained")
        ax = figure.add_subplot()
        if self.picture:
            draw_picture_board(board, image=self._image, ax=ax, goal=self.goal)
        else:
            draw_board(board, ax=ax, goal=self.goal)
        title = _("moves: {n}").format(n=self.move_count)
        if self.solved:
            title = _("{title} - solved!").format(title=title)
        ax.set_title(title, fontsize=9)
        return figure

    def summary(self) -> str:
        state = _(SOLVED) if self.solved else _("not solved")
        return _("PlayableBoard {rows}x{cols} [{board}], moves: {n}, {state}").format(
            rows=self._board.rows,
            cols=self._board.cols,
            board=self._board.text(),
            n=self.move_count,
            state=state,
        )
