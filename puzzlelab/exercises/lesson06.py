"""Checks for lesson 06 (pattern databases): each computes the truth with the library, never
prints it."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from .. import search
from ..board import Board
from ..perm import unrank_many
from ..shuffles import uniform_solvable
from ._core import call, exercise, expect, same

__all__ = ["check_admissible_combinations", "check_korf_solution", "check_pdb_values"]


def _group_manhattan(group, board: Board, goal: Board) -> int:
    return sum(
        abs(r - gr) + abs(c - gc)
        for (r, c), (gr, gc) in ((board.position(t), goal.position(t)) for t in group)
    )


@exercise("a pattern-database look-up")
def check_pdb_values(pdb_values, *, hidden=False):
    """``pdb_values(pdb, board)``: the list of per-pattern values of ``board`` in the plain 6-6-3
    database; they sum to ``pdb(board)``, each is at least its own tiles' Manhattan distance, and
    all are 0 on the goal."""
    goal = search.KORF_GOAL
    pdb = search.pattern_database(goal)
    boards = [goal, *(b for _, b, _ in search.korf100()[:3])]
    rng = np.random.default_rng(606 if hidden else 6)
    boards += [uniform_solvable(4, 4, rng=rng, goal=goal) for _ in range(500 if hidden else 20)]
    for board in boards:
        values = call(pdb_values, pdb, board)
        expect(
            isinstance(values, list | tuple) and len(values) == len(pdb.partition),
            f"pdb_values should return one value per pattern ({len(pdb.partition)}), got {values!r}",
        )
        where = f"board {board.text()!r}"
        same(
            sum(values),
            pdb(board, goal),
            where=f"{where} (the sum of the values)",
            hint="index = sum of cell << (pdb.bits * k) over the pattern's tiles, k = 0, 1, ...",
        )
        for group, value in zip(pdb.partition, values, strict=True):
            expect(
                value >= _group_manhattan(group, board, goal),
                f"for {where}, pattern {group}: {value} is below its tiles' own Manhattan distance",
                hint="read the table of that pattern, at the index of that pattern's tiles",
            )


@lru_cache(maxsize=1)
def _combination_truth() -> dict[str, bool]:
    """Decided on every 8-puzzle position with a 4-4 database: is the sum of the pattern values,
    their maximum (never above the sum), and Manhattan + the sum, ever above the true distance?"""
    goal = Board.goal(3, 3)
    pdb = search.PatternDatabase(goal, partition=((1, 2, 3, 4), (5, 6, 7, 8)), cache=False, progress=None)
    dist = search.state_space_distances(3, 3)
    ranks = np.flatnonzero(dist >= 0)
    cells = np.argsort(unrank_many(ranks, 9), axis=1)  # cells[:, tile] = the cell holding tile
    total = np.zeros(len(ranks), dtype=np.int64)
    for group, table in zip(pdb.partition, pdb.tables, strict=True):
        index = sum(cells[:, tile].astype(np.int64) << (pdb.bits * k) for k, tile in enumerate(group))
        total += table[index]
    home = np.argsort(np.array(goal.tiles))
    tiles = np.arange(1, 9)
    manhattan = (
        np.abs(cells[:, tiles] // 3 - home[tiles] // 3) + np.abs(cells[:, tiles] % 3 - home[tiles] % 3)
    ).sum(axis=1)
    sums_ok = bool((total <= dist[ranks]).all())
    return {"sum": sums_ok, "max": sums_ok, "manhattan+pdb": bool((total + manhattan <= dist[ranks]).all())}


@exercise("what may be added")
def check_admissible_combinations(admissible_combinations, *, hidden=False):
    """``admissible_combinations()`` returns ``{"sum": bool, "max": bool, "manhattan+pdb": bool}``:
    which of the combinations never overestimate."""
    answers = call(admissible_combinations)
    expect(isinstance(answers, dict), f"admissible_combinations() should return a dict, got {answers!r}")
    for key, truth in _combination_truth().items():
        expect(key in answers, f"no answer for {key!r}", hint='answer all of "sum", "max", "manhattan+pdb"')
        same(
            answers[key],
            truth,
            where=f'"{key}"',
            reveal=False,
            hint="does a single move count in more than one of the added terms?",
        )


@exercise("a Korf instance solved optimally")
def check_korf_solution(solve_korf, *, hidden=False):
    """``solve_korf(ident)`` returns the moves of an optimal solution of Korf's instance ``ident``."""
    instances = {ident: (board, optimum) for ident, board, optimum in search.korf100()}
    for ident in (55, 79) if hidden else (55,):
        board, optimum = instances[ident]
        moves = call(solve_korf, ident)
        expect(
            isinstance(moves, list | tuple | str),
            f"solve_korf({ident}) should return a list of moves, got {moves!r}",
        )
        try:
            end = board.apply(list(moves))
        except ValueError as error:
            expect(False, f"the moves for instance {ident} cannot be played: {error}")
        expect(
            end == search.KORF_GOAL,
            f"the moves for instance {ident} end at {end.text()}, not at Korf's goal",
            hint="solve towards search.KORF_GOAL (the blank in the top-left corner)",
        )
        expect(
            len(moves) == optimum,
            f"instance {ident}: a valid solution of {len(moves)} moves, but not optimal",
            hint="use an admissible heuristic with IDA*",
        )
