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
    pdb = search.pattern_database(goal, reflect=False)
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
        expect(
            all(isinstance(v, int | np.integer) and not isinstance(v, bool) for v in values),
            f"pdb_values should return whole numbers (table values), got {values!r}",
            hint="int(table[index]) for each pattern",
        )
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


#: The combinations exercise A asks about, in the order the lesson lists them.
COMBINATIONS = ("pattern+manhattan", "plain+reflected", "manhattan+pdb")


@lru_cache(maxsize=1)
def _combination_truth() -> dict[str, bool]:
    """Decided on every 8-puzzle position with a 4-4 database: is each combination ever above the
    true distance? ``pattern+manhattan``: the first pattern's value plus the Manhattan distance of
    the tiles outside it; ``plain+reflected``: the database sum of the board plus that of its
    reflection about the main diagonal; ``manhattan+pdb``: Manhattan plus the database sum."""
    goal = Board.goal(3, 3)
    pdb = search.PatternDatabase(goal, partition=((1, 2, 3, 4), (5, 6, 7, 8)), cache=False, progress=None)
    dist = search.state_space_distances(3, 3)
    ranks = np.flatnonzero(dist >= 0)
    cells = np.argsort(unrank_many(ranks, 9), axis=1)  # cells[:, tile] = the cell holding tile
    home = np.argsort(np.array(goal.tiles))  # home[tile] = the goal cell of tile

    def pattern_values(where):
        return [
            table[sum(where[:, tile].astype(np.int64) << (pdb.bits * k) for k, tile in enumerate(group))]
            for group, table in zip(pdb.partition, pdb.tables, strict=True)
        ]

    def manhattan(where, tiles):
        tiles = np.array(tiles)
        rows, cols = where[:, tiles] // 3 - home[tiles] // 3, where[:, tiles] % 3 - home[tiles] % 3
        return (np.abs(rows) + np.abs(cols)).sum(axis=1)

    # the reflection: the tile at cell x moves to x's mirror cell and takes the name of the tile
    # whose home mirrors its own home (the goal, blank on the diagonal, maps to itself)
    mirror_cell = np.array([(i % 3) * 3 + i // 3 for i in range(9)])
    mirrored = np.empty_like(cells)
    for tile in range(9):
        mirrored[:, goal.tiles[mirror_cell[home[tile]]]] = mirror_cell[cells[:, tile]]
    plain = sum(pattern_values(cells))
    combos = {
        "pattern+manhattan": pattern_values(cells)[0] + manhattan(cells, pdb.partition[1]),
        "plain+reflected": plain + sum(pattern_values(mirrored)),
        "manhattan+pdb": plain + manhattan(cells, range(1, 9)),
    }
    truth = dist[ranks]
    return {name: bool((combos[name] <= truth).all()) for name in COMBINATIONS}


@exercise("what may be added")
def check_admissible_combinations(admissible_combinations, *, hidden=False):
    """``admissible_combinations()`` returns ``{"pattern+manhattan": bool, "plain+reflected": bool,
    "manhattan+pdb": bool}``: which of the combinations never overestimate."""
    answers = call(admissible_combinations)
    expect(isinstance(answers, dict), f"admissible_combinations() should return a dict, got {answers!r}")
    for key, truth in _combination_truth().items():
        expect(key in answers, f"no answer for {key!r}", hint=f"answer all of {', '.join(COMBINATIONS)}")
        expect(
            isinstance(answers[key], bool),
            f'the answer for "{key}" should be True or False, got {answers[key]!r}',
        )
        same(
            answers[key],
            truth,
            where=f'"{key}"',
            reveal=False,
            hint="can a single real move be counted in more than one of the added terms?",
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
        except (ValueError, TypeError) as error:
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
