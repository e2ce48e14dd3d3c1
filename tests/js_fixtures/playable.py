"""What the playable board sends its module, written by Python for ``tests/js/playable.test.mjs``.

- ``boards.json``: boards of several shapes and both goals, with the library's answers: where
  each tile stands (``Board.position``), the board after each legal move of the blank and
  ``null`` for an illegal one (``Board.move``), the move each cell's click makes (``Board.move_for``)
  and which cells hold a tile at home; plus what an arrow key does (``PlayableBoard.move``).
- ``solution.json``: the widget's ``animation`` trait after ``solve()`` (first board and moves),
  the tiles the widget ends on, and every board of the library's solution.
- ``picture.json`` + ``picture.png``: a picture whose pixels encode their own coordinates, cut
  by ``tile_pieces`` (each piece's top-left pixel says where it came from), and the PNG the widget
  sends for it; ``sample.png``: the PNG sent for the default picture, with its size.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from PIL import Image

from puzzlelab import Board
from puzzlelab.plots.boards import tile_pieces
from puzzlelab.shuffles import random_solvable_board
from puzzlelab.widgets import PlayableBoard
from puzzlelab.widgets._solving import plan_solution
from puzzlelab.widgets.playable import picture_png

SHAPES = [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (5, 3), (6, 6)]


def _board_case(board: Board, goal: Board) -> dict:
    moves = {}
    for move in "UDLR":
        try:
            moves[move] = list(board.move(move).tiles)
        except ValueError:
            moves[move] = None
    clicks = []
    for tile in board.tiles:
        try:
            clicks.append(board.move_for(tile) if tile else None)
        except ValueError:
            clicks.append(None)
    return {
        "rows": board.rows,
        "cols": board.cols,
        "tiles": list(board.tiles),
        "goal": list(goal.tiles),
        "positions": {str(t): list(board.position(t)) for t in board.tiles},
        "moves": moves,
        "clicks": clicks,
        "home": [t != 0 and goal.tiles[k] == t for k, t in enumerate(board.tiles)],
    }


def _keys() -> dict:
    """What each arrow key does to the widget's board (the widget's own ``move``, from the centre)."""
    answers = {}
    for key, move in [("ArrowUp", "U"), ("ArrowDown", "D"), ("ArrowLeft", "L"), ("ArrowRight", "R")]:
        view = PlayableBoard(3, 3, board="1 2 3/4 _ 5/6 7 8")
        try:
            before = list(view.tiles)
            view.move(move)
            answers[key] = {"before": before, "after": list(view.tiles)}
        finally:
            view.close()
    return answers


def _solution() -> dict:
    start = Board.parse("8 6 7/2 5 4/3 _ 1")
    view = PlayableBoard(3, 3, board=start)
    try:
        view.solve()
        plan = plan_solution(start, Board.goal(3, 3))
        return {
            "rows": 3,
            "cols": 3,
            "animation": dict(view.animation),
            "tiles": list(view.tiles),
            "move_count": view.move_count,
            "boards": [list(b.tiles) for b in plan.boards],
        }
    finally:
        view.close()


def _picture(directory: Path) -> dict:
    height, width, rows, cols = 50, 74, 3, 4
    ys, xs = np.mgrid[0:height, 0:width]
    pixels = np.stack([xs, ys, np.zeros_like(xs)], axis=2).astype(np.uint8)  # red = x, green = y
    pieces = tile_pieces(pixels, rows, cols)
    goal = Board.goal(rows, cols)
    expected = []
    for k, piece in enumerate(pieces):
        tile = goal.tiles[k]
        if tile:
            expected.append({
                "tile": tile,
                "x": int(piece[0, 0, 0]),
                "y": int(piece[0, 0, 1]),
                "width": int(piece.shape[1]),
                "height": int(piece.shape[0]),
            })  # fmt: skip
    png = picture_png(pixels)
    (directory / "picture.png").write_bytes(png)
    sample = picture_png()
    (directory / "sample.png").write_bytes(sample)
    with Image.open(directory / "sample.png") as opened:
        sample_size = list(opened.size)
    return {
        "rows": rows,
        "cols": cols,
        "goal": list(goal.tiles),
        "size": [width, height],
        "pieces": expected,
        "sample_size": sample_size,
    }


def write(directory: Path) -> None:
    rng = np.random.default_rng(18)
    cases = []
    for rows, cols in SHAPES:
        for blank in ("last", "first"):
            goal = Board.goal(rows, cols, blank)
            cases.append(_board_case(goal, goal))
            for _ in range(3):
                board = random_solvable_board(rows, cols, rng=rng)
                cases.append(_board_case(board, goal))
    (directory / "boards.json").write_text(json.dumps({"cases": cases, "keys": _keys()}))
    (directory / "solution.json").write_text(json.dumps(_solution()))
    (directory / "picture.json").write_text(json.dumps(_picture(directory)))
