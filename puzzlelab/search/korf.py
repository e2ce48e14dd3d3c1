"""Korf's (1985) 100 random 15-puzzle instances with their optimal solution lengths.

The goal is blank-FIRST (``Board.goal(4, 4, blank="first")``), as in Korf's paper.

>>> instances = korf100()
>>> len(instances), sum(optimal for _, _, optimal in instances)
(100, 5305)
"""

from __future__ import annotations

from importlib import resources

from ..board import Board

__all__ = ["KORF_GOAL", "korf100"]

#: The goal of Korf's instances: ``0 1 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15``.
KORF_GOAL = Board.goal(4, 4, blank="first")


def korf100() -> list[tuple[int, Board, int]]:
    """``(id, start board, optimal length)`` for each of Korf's 100 instances, in order."""
    text = resources.files("puzzlelab").joinpath("data/korf100.tsv").read_text()
    out = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#") or line.startswith("id"):
            continue
        fields = line.split("\t")
        ident, tiles, optimal = int(fields[0]), tuple(int(x) for x in fields[1:17]), int(fields[-1])
        out.append((ident, Board(tiles, 4, 4), optimal))
    return out
