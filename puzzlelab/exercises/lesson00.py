"""Checks for lesson 00 (play): each computes the truth with the library, never prints it.

A check refuses the library's answer where the exercise asks the student to compute it:

>>> from puzzlelab import Board
>>> check_moves(Board.moves)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
puzzlelab.exercises._core.WrongAnswer: wrong answer (legal moves of the blank): moves is the library's ...
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations
from typing import TypeAlias, TypeGuard

import numpy as np

from ..board import MOVES, OPPOSITE, Board, neighbour_table
from ..i18n import N_
from ..i18n import gettext as _
from ..parity import is_solvable
from ..shuffles import shuffle_board
from ._core import (
    Plain,
    WrongAnswer,
    call,
    exercise,
    expect,
    plain,
    plural,
    refuse_library,
    same,
    short,
    whole_number,
)

__all__ = [
    "EXERCISE_BOARDS",
    "SLIDES_EXAMPLE",
    "SOLVE_START",
    "check_move",
    "check_move_counts",
    "check_moves",
    "check_slides_to_moves",
    "check_solvable_choice",
    "check_solve_moves",
]

#: Exercise "solve it": the board to bring to the goal.
SOLVE_START = "1 2 3/4 5 6/_ 7 8"
#: Exercise "which can be solved": five 4x4 boards, by index 0..4. None of them is discussed in
#: the lesson's text (the 14-15 board is not among them), so the answer is not readable there;
#: two of them fool the rule "inversions even" (the blank is off its goal row).
EXERCISE_BOARDS = (
    "1 2 3 4/5 7 10 8/9 6 _ 11/13 14 15 12",
    "1 2 12 4/5 6 7 8/9 10 11 3/13 14 15 _",
    "1 2 3 4/6 7 5 8/9 10 11 12/13 14 15 _",
    "1 2 3 4/5 6 7 8/9 11 10 _/13 14 15 12",
    "15 10 2 9/8 12 13 1/11 _ 6 3/4 5 7 14",
)
#: Exercise 2's worked example: from the 3x3 goal, (tile, direction the tile slides).
SLIDES_EXAMPLE = ((8, "right"), (5, "down"), (4, "right"))
_SHAPES = [(2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (4, 4), (5, 5), (2, 6)]
_Row: TypeAlias = "list[Plain] | tuple[Plain, ...]"  # one row of a table a student returns
_TILE_GOES = {"U": "down", "D": "up", "L": "right", "R": "left"}  # the tile slides against the blank


def _every_board(rows: int, cols: int) -> list[Board]:
    """All ``(rows * cols)!`` arrangements of a small board."""
    return [Board(p, rows, cols) for p in permutations(range(rows * cols))]


def _boards(hidden: bool) -> list[Board]:
    """Goals, a blank on an edge, random boards of many shapes, and every 2x3 and 3x2 board."""
    rng = np.random.default_rng(1000 if hidden else 0)
    count = 50 if hidden else 6
    boards = [Board.goal(rows, cols) for rows, cols in _SHAPES]
    boards += [Board.goal(rows, cols).move("U") for rows, cols in _SHAPES]  # blank on an edge, not a corner
    boards += [shuffle_board("fisher_yates", rows, cols, rng) for _ in range(count) for rows, cols in _SHAPES]
    return boards + _every_board(2, 3) + _every_board(3, 2)


@exercise(N_("legal moves of the blank"))
def check_moves(my_moves: Callable[[tuple[int, ...], int, int], object], *, hidden: bool = False) -> None:
    """``my_moves(tiles, rows, cols)`` lists the blank's legal moves in the order U, D, L, R."""
    refuse_library(
        my_moves,
        {"moves", "neighbour_table", "successors"},
        hint=_("find the blank's row and column from tiles.index(0) and cols"),
    )
    returns = _("a list of moves such as ['U', 'L']")
    for board in _boards(hidden):
        want = board.moves()
        got = call(my_moves, board.tiles, board.rows, board.cols)
        where = _("tiles={tiles}, rows={rows}, cols={cols} (board {board})").format(
            tiles=board.tiles, rows=board.rows, cols=board.cols, board=board.text()
        )
        same(got, want, returns=returns, where=where,
             hint=_moves_hint(plain(got, returns=returns), want))  # fmt: skip


def _moves_hint(got: object, want: list[str]) -> str:
    """Name the slip: the order, the wrong direction, or the edges."""
    recipe = _(
        "find the blank's row and column with divmod(tiles.index(0), cols); "
        "U needs row > 0, D needs row < rows - 1, and so on"
    )
    if isinstance(got, str):
        return _("return a list of moves such as ['U', 'L'], not a string")
    if isinstance(got, list | tuple) and sorted(map(str, got)) == sorted(want):
        return _("the right moves in the wrong order: list them in the order U, D, L, R")
    if isinstance(got, list | tuple) and sorted(
        OPPOSITE.get(m, m) for m in got if isinstance(m, str)
    ) == sorted(want):
        return _("the wrong direction: a move names where the blank goes, not where a tile goes")
    return recipe


_STEP = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def _off_the_board(board: Board, move: str, error: IndexError) -> WrongAnswer:
    """The student's ``my_move`` indexed outside the board: say where the blank is and where
    ``move`` takes it, instead of a bare "list index out of range"."""
    row, col = board.blank_position
    d_row, d_col = _STEP[move]
    return WrongAnswer(
        _(
            "{call} looked outside the board (IndexError: {error}). On this {rows}x{cols} board the blank is "
            "in cell {cell} (row {row}, column {col}); {move} is legal there and takes it to row {to_row}, "
            "column {to_col}"
        ).format(
            call=f"my_move({board.tiles}, {board.rows}, {board.cols}, {move!r})",
            error=error,
            rows=board.rows,
            cols=board.cols,
            cell=board.blank,
            row=row,
            col=col,
            move=move,
            to_row=row + d_row,
            to_col=col + d_col,
        ),
        hint=_("U is one row up: the cell index goes down by cols (D up by cols, L down by 1, R up by 1)"),
    )


@exercise(N_("the board after one move"))
def check_move(my_move: Callable[[tuple[int, ...], int, int, str], object], *, hidden: bool = False) -> None:
    """``my_move(tiles, rows, cols, move)`` returns the tiles after the blank moves ``move``.

    A student's function that indexes past the board gets a message naming the input, where the
    blank is and where the move takes it (not a bare IndexError).
    """
    refuse_library(
        my_move,
        {"move", "apply", "successors", "swap"},
        hint=_("swap the blank with its neighbour in a list of the tiles yourself"),
    )
    returns = _("a tuple of tiles")
    for board in _boards(hidden):
        for move in board.moves():
            try:
                got = call(my_move, board.tiles, board.rows, board.cols, move)
            except WrongAnswer as wrong:
                if isinstance(wrong.__cause__, IndexError):
                    raise _off_the_board(board, move, wrong.__cause__) from wrong.__cause__
                raise
            want = board.move(move).tiles
            same(got, want, returns=returns,
                 where=f"tiles={board.tiles}, rows={board.rows}, cols={board.cols}, move={move!r}",
                 hint=_move_hint(board, move, plain(got, returns=returns)))  # fmt: skip


def _move_hint(board: Board, move: str, got: object) -> str:
    """Name the slip: the opposite direction, the input changed in place, or a lost tile."""
    back = OPPOSITE[move]
    if back in board.moves() and isinstance(got, list | tuple) and tuple(got) == board.move(back).tiles:
        return _("the wrong direction: U moves the blank up, to the cell cols places earlier")
    if isinstance(got, list | tuple) and sorted(got) != sorted(board.tiles):
        return _("swap the blank with its neighbour: every tile must still be on the board once")
    return _("U is one row up: the cell index goes down by cols; return a tuple")


def _moves_text(moves: object) -> str:
    if not isinstance(moves, str):
        raise WrongAnswer(
            _("your function returned {value}, not a string of moves").format(value=repr(moves)),
            hint=_('return a string such as "UL"'),
        )
    return moves


def _apply(moves: str, start: Board) -> Board:
    board = start
    for step, move in enumerate(moves, 1):
        if move not in MOVES and move.upper() in MOVES:
            raise WrongAnswer(
                _(
                    "move {step} is {move}, which is not a move (moves are the capital letters U, D, L, R)"
                ).format(step=step, move=repr(move)),
                hint=_('write the moves in capitals, such as "UL"'),
            )
        if move not in MOVES:
            raise WrongAnswer(
                _("move {step} is {move}").format(step=step, move=repr(move)),
                hint=_("moves are the letters U, D, L, R"),
            )
        if move not in board.moves():
            raise WrongAnswer(
                _("move {step} ({move}) is illegal: the blank is on the edge of {board}").format(
                    step=step, move=move, board=board.text()
                ),
                hint=_("a move names where the blank goes"),
            )
        board = board.move(move)
    return board


@exercise(N_("solve a board by hand"))
def check_solve_moves(solve_moves: Callable[[], object], *, hidden: bool = False) -> None:
    """``solve_moves()`` returns a string of blank moves taking ``SOLVE_START`` to the goal."""
    start = Board.parse(SOLVE_START)
    moves = _moves_text(
        plain(call(solve_moves), where="solve_moves()", returns=_('a string of moves such as "UL"'))
    )
    end = _apply(moves, start)
    if not end.is_goal():
        raise WrongAnswer(
            _("after your {moves} the board is {board}, with {tiles} away from home").format(
                moves=plural(len(moves), "move"), board=end.text(), tiles=plural(end.misplaced(), "tile")
            ),
            hint=_("look where the blank is and which tiles are off"),
        )
    if hidden and len(moves) > 10:
        raise WrongAnswer(
            _("your {count} moves reach the goal, but far fewer do").format(count=len(moves)),
            hint=_("use hint on the playable board to see the shortest count"),
        )


def _slides(hidden: bool) -> list[list[tuple[int, str]]]:
    """Tile slides along random walks from the goal: (tile, direction the tile goes)."""
    rng = np.random.default_rng(77 if hidden else 7)
    cases = [list(SLIDES_EXAMPLE)]
    for length in range(1, 40 if hidden else 8):
        rows, cols = _SHAPES[length % len(_SHAPES)]
        board, slides = Board.goal(rows, cols), []
        for _step in range(length):
            move = board.moves()[int(rng.integers(len(board.moves())))]
            after = board.move(move)
            slides.append((board.tiles[after.blank], _TILE_GOES[move]))
            board = after
        cases.append(slides)
    return cases


@exercise(N_("tile slides as blank moves"))
def check_slides_to_moves(
    slides_to_moves: Callable[[list[tuple[int, str]]], object], *, hidden: bool = False
) -> None:
    """``slides_to_moves(slides)``: a list of (tile, direction the tile slides) as blank moves."""
    going = {direction: move for move, direction in _TILE_GOES.items()}
    for slides in _slides(hidden):
        want = "".join(going[direction] for _, direction in slides)
        got = plain(call(slides_to_moves, list(slides)), returns=_('a string of moves such as "UL"'))
        if isinstance(got, list | tuple) and all(isinstance(m, str) for m in got):
            raise WrongAnswer(
                _("for slides={slides}: your function returned a list of moves, not a string").format(
                    slides=slides
                ),
                hint=_('join them into one string: "".join(moves)'),
            )
        flipped = isinstance(got, str) and got == "".join(OPPOSITE.get(m, m) for m in want)
        if isinstance(got, str) and got != want and sorted(got) == sorted(want) and not flipped:
            raise WrongAnswer(
                _("for slides={slides}: the right moves in the wrong order").format(slides=slides),
                hint=_("one move per slide, in the order of the slides"),
            )
        hint = _("the blank goes the opposite way to the tile: tile down = move U")
        if flipped:
            hint = _("the wrong direction: {hint}").format(hint=hint)
        same(got, want, where=f"slides={slides}", hint=hint)
    assert all(OPPOSITE[OPPOSITE[m]] == m for m in MOVES)


def _is_rows(value: Plain) -> TypeGuard[list[_Row] | tuple[_Row, ...]]:
    """True if ``value`` is a list or tuple of lists or tuples (a table's rows)."""
    return isinstance(value, list | tuple) and all(isinstance(row, list | tuple) for row in value)


@exercise(N_("how many moves in each cell"))
def check_move_counts(move_counts: Callable[[int, int], object], *, hidden: bool = False) -> None:
    """``move_counts(rows, cols)``: a list of ``rows`` lists of ``cols`` numbers of legal moves."""
    shapes = [(3, 4), (2, 2), (2, 5)] + ([(5, 5), (4, 7), (2, 9), (6, 3)] if hidden else [])
    for rows, cols in shapes:
        table = neighbour_table(rows, cols)
        want = [[len(table[r * cols + c]) for c in range(cols)] for r in range(rows)]
        got = plain(
            call(move_counts, rows, cols),
            where=f"move_counts({rows}, {cols})",
            returns=_("a list of rows, each a list of numbers"),
        )
        if not _is_rows(got):
            raise WrongAnswer(
                _("{call} returned {value}, not a list of rows").format(
                    call=f"move_counts({rows}, {cols})", value=short(got)
                ),
                hint=_("return a list of rows, each a list of numbers"),
            )
        expect(
            len(got) == rows and all(len(row) == cols for row in got),
            _("{call} has {count} rows of {lengths} numbers").format(
                call=f"move_counts({rows}, {cols})", count=len(got), lengths=[len(row) for row in got][:8]
            ),
            hint=_("rows and columns: give {rows} rows, each of {cols} numbers").format(rows=rows, cols=cols),
        )
        same(
            got,
            want,
            where=f"rows={rows}, cols={cols}",
            reveal=False,
            hint=_("count the neighbours inside the board: a corner has 2"),
        )


def _solvable_cases(hidden: bool) -> list[tuple[str, ...]]:
    """The five boards the lesson prints; hidden: random boards (seeded) of many shapes, half of
    them with the blank off its goal row (where "inversions even" is the wrong rule)."""
    cases: list[tuple[str, ...]] = [EXERCISE_BOARDS]
    if hidden:
        rng = np.random.default_rng(2000)
        for rows, cols in [(3, 3), (4, 4), (2, 4), (3, 4), (4, 3), (5, 5), (2, 3), (4, 6)]:
            boards = [shuffle_board("fisher_yates", rows, cols, rng) for _ in range(6)]
            boards.append(Board.goal(rows, cols).move("U").swap(0, 1))  # one swap, blank one row up
            cases.append(tuple(board.text() for board in boards))
    return cases


@exercise(N_("which boards can be solved"))
def check_solvable_choice(solvable_indices: Callable[[list[str]], object], *, hidden: bool = False) -> None:
    """``solvable_indices(boards)``: the set of indices ``k`` for which the board in text form
    ``boards[k]`` can reach the goal (blank last). Shown on ``EXERCISE_BOARDS``; the hidden cases are
    random boards of other shapes."""
    for case, boards in enumerate(_solvable_cases(hidden)):
        if case == 0:
            which = "lesson00.EXERCISE_BOARDS"
        else:
            which = _("a list of {count} boards").format(count=len(boards))
        truth = {k for k, text in enumerate(boards) if is_solvable(Board.parse(text))}
        got = plain(
            call(solvable_indices, list(boards)),
            where="solvable_indices(boards)",
            returns=_("a set of indices such as {{0, 2}}").format(),
        )
        if (
            isinstance(got, list | tuple)
            and all(isinstance(x, bool | np.bool_) for x in got)
            and len(got) > 0
        ):
            raise WrongAnswer(
                _("your function returned one True/False per board ({values}), not a set of indices").format(
                    values=list(got)
                ),
                hint=_("return the set of the indices k whose board can reach the goal"),
            )
        if not isinstance(got, set | list | tuple):
            raise WrongAnswer(
                _("your function returned {value}, not a set of indices").format(value=short(got)),
                hint=_("return a set such as {{0, 2}}").format(),
            )
        returns = _("a set of whole-number indices")
        chosen = {whole_number(k, where="solvable_indices(boards)", returns=returns) for k in got}
        for k in sorted(chosen | truth):
            if not 0 <= k < len(boards):
                raise WrongAnswer(
                    _("for {which}: your set holds {k}, but the indices go from 0 to {last}").format(
                        which=which, k=k, last=len(boards) - 1
                    ),
                    hint=_("return indices into the list (from 0), not tile numbers"),
                )
        wrong = sorted(chosen ^ truth)
        explain = _(
            "print(parity.explain(Board.parse(text))) shows the inversions, the blank-row term "
            "and the verdict"
        )
        if wrong and case == 0:  # the exercise's own boards: how many, not which (that gives it away)
            raise WrongAnswer(
                _("for {which}: your set is wrong about {boards} of {total}").format(
                    which=which, boards=plural(len(wrong), "board"), total=len(boards)
                ),
                hint=explain,
            )
        if wrong:
            raise WrongAnswer(
                _("for {which}: your set is wrong about board {k}, {board}").format(
                    which=which, k=wrong[0], board=boards[wrong[0]]
                ),
                hint=explain,
            )
