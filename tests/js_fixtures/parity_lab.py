"""What the parity lab sends the browser, written for the Node tests (tests/js/parity_lab.test.mjs).

A few labs on several shapes and both goals go through seeded swaps, slides and resets; after each
step the exact bytes of the ``pairs`` trait go to ``step_N.bin`` and, in ``cases.json``, the
``explained`` trait beside what the module must make of them: the pairs (from
:func:`puzzlelab.plots.inverted_positions`), the four lines of text (Python's ``readout``) and the
inverted pairs named by their tiles (from :func:`puzzlelab.parity.inversion_pairs`, an independent
count), plus which arcs stay, appear and go from one step to the next.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np

from puzzlelab import Board
from puzzlelab.parity import inversion_pairs, inverted_positions
from puzzlelab.widgets.parity_lab import ParityLab

#: (rows, cols, goal, start) of the labs; 7x7 reversed has more arcs than the module animates one by
#: one; 16x16 has reading positions past 127 (one unsigned byte each)
LABS = [
    (2, 2, "last", None),
    (3, 3, "last", "7 4 3/_ 5 8/6 2 1"),  # lesson 02's board from the SitePoint article
    (3, 3, "first", None),
    (2, 4, "first", None),
    (4, 4, "last", None),
    (5, 5, "last", None),
    (7, 7, "last", Board((*tuple(reversed(range(1, 49))), 0), 7, 7)),  # 1,128 inversions
    (16, 16, "last", Board.goal(16, 16).swap(0, 254)),  # 507 inversions
]


def _keys(reading: list[int], goal: str) -> list[str]:
    """The inverted pairs named ``"a-b"`` (a < b) by their tiles. Both goals order the tiles
    1, 2, 3, ... in reading order, so a pair is inverted when the larger tile comes first."""
    assert goal in ("last", "first")
    return sorted(f"{min(a, b)}-{max(a, b)}" for a, b in inversion_pairs(reading))


def _step(lab: ParityLab, directory: Path, name: str) -> dict:
    (directory / f"{name}.bin").write_bytes(lab.pairs)
    reading = lab.explained["reading"]
    return {
        "bin": f"{name}.bin",
        "board": lab.board.text(),
        "explained": lab.explained,
        "pairs": [list(p) for p in inverted_positions(lab.board, lab.goal)],
        "readout": lab.readout(),
        "keys": _keys(reading, lab.goal_choice),
    }


def _moves(lab: ParityLab, rng: np.random.Generator, count: int):
    """Seeded steps: mostly swaps of two cells, some slides of a tile next to the blank."""
    for k in range(count):
        board = lab.board
        if k % 4 == 3:
            lab.mode = "slide the blank"
            neighbours = board.blank_neighbours()
            lab.click(int(neighbours[int(rng.integers(len(neighbours)))]))
            lab.mode = "swap two tiles"
        else:
            i, j = (int(c) for c in rng.choice(board.size, size=2, replace=False))
            lab.click(i)
            lab.click(j)
        yield


def write(directory: Path) -> None:
    rng = np.random.default_rng(18)
    cases = []
    for rows, cols, goal, start in LABS:
        lab = ParityLab(rows, cols, blank=goal, board=start)
        steps = [_step(lab, directory, f"{rows}x{cols}_{goal}_0")]
        for k, _ in enumerate(_moves(lab, rng, 2 if rows >= 7 else 8), start=1):
            steps.append(_step(lab, directory, f"{rows}x{cols}_{goal}_{k}"))
        for before, after in itertools.pairwise(steps):
            old, new = set(before["keys"]), set(after["keys"])
            after["diff"] = {
                "kept": sorted(old & new),
                "added": sorted(new - old),
                "removed": sorted(old - new),
            }
        cases.append({"rows": rows, "cols": cols, "goal": goal, "steps": steps})
        lab.close()
    (directory / "cases.json").write_text(json.dumps(cases), encoding="utf-8")
