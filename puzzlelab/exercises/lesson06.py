"""Checks for lesson 06 (pattern databases): each computes the truth with the library, never
prints it."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any, TypeGuard

import numpy as np
from numpy.typing import NDArray

from .. import search
from ..board import Board
from ..i18n import N_
from ..i18n import gettext as _
from ..perm import unrank_many
from ..shuffles import random_solvable_board
from ._core import Plain, WrongAnswer, call, call_within, exercise, expect, plain, same, short

__all__ = ["check_admissible_combinations", "check_korf_solution", "check_pdb_values"]


def _group_manhattan(group: Iterable[int], board: Board, goal: Board) -> int:
    return sum(
        abs(r - gr) + abs(c - gc)
        for (r, c), (gr, gc) in ((board.position(t), goal.position(t)) for t in group)
    )


def _whole_numbers(values: list[Plain] | tuple[Plain, ...]) -> TypeGuard[list[int] | tuple[int, ...]]:
    """True if every one of ``values`` is an int (not True/False)."""
    return all(type(v) is int for v in values)


def _moves(value: Plain) -> TypeGuard[list[str] | tuple[str, ...] | str]:
    """True if ``value`` is a list or tuple of strings, or a string."""
    return isinstance(value, list | tuple | str) and all(isinstance(m, str) for m in value)


@exercise(N_("a pattern-database look-up"))
def check_pdb_values(
    pdb_values: Callable[[search.PatternDatabase, Board], object], *, hidden: bool = False
) -> None:
    """``pdb_values(pdb, board)``: the list of per-pattern values of ``board`` in the plain 6-6-3
    database; they sum to ``pdb(board)``, each is at least its own tiles' Manhattan distance, and
    all are 0 on the goal."""
    goal = search.KORF_GOAL
    pdb = search.pattern_database(goal, reflect=False)
    boards = [goal, *(b for _, b, _ in search.korf100()[:3])]
    rng = np.random.default_rng(606 if hidden else 6)
    boards += [random_solvable_board(4, 4, rng=rng, goal=goal) for _ in range(500 if hidden else 20)]
    for board in boards:
        values = plain(call(pdb_values, pdb, board), where="pdb_values", returns=_("a list of whole numbers"))
        count = len(pdb.partition)
        if not isinstance(values, list | tuple):
            raise WrongAnswer(
                _(
                    "{name} should return a list of {count} values, one per pattern; "
                    "it returned the {kind} {value}"
                ).format(name="pdb_values", count=count, kind=type(values).__name__, value=short(values)),
                hint=_("return the list of the patterns' values, not their sum"),
            )
        if len(values) != count:
            raise WrongAnswer(
                _("{name} should return one value per pattern ({count} values), got {got}: {value}").format(
                    name="pdb_values", count=count, got=len(values), value=short(values)
                ),
                hint=_("one table read per pattern, in the order of pdb.partition"),
            )
        if not _whole_numbers(values):
            raise WrongAnswer(
                _("{name} should return whole numbers (table values), got {value}").format(
                    name="pdb_values", value=short(values)
                ),
                hint=_("int(table[index]) for each pattern"),
            )
        total = pdb(board, goal)
        if sum(values) != total:
            same(
                sum(values),
                total,
                where=_("board '{board}' (the sum of the values)").format(board=board.text()),
                hint=_(
                    "index = sum of cell << (pdb.bits * k) over the pattern's tiles, k = 0, 1, ...; "
                    "cell is where the tile stands (board.tiles.index(tile)), not board.tiles[tile]"
                ),
            )
        for group, value in zip(pdb.partition, values, strict=True):
            if value < _group_manhattan(group, board, goal):
                raise WrongAnswer(
                    _(
                        "for board {board}, pattern {pattern}: {value} is below its tiles' own "
                        "Manhattan distance"
                    ).format(board=repr(board.text()), pattern=group, value=value),
                    hint=_("read the table of that pattern, at the index of that pattern's tiles"),
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

    def pattern_values(where: NDArray[np.intp]) -> list[NDArray[Any]]:
        return [
            table[sum(where[:, tile].astype(np.int64) << (pdb.bits * k) for k, tile in enumerate(group))]
            for group, table in zip(pdb.partition, pdb.tables, strict=True)
        ]

    def manhattan(where: NDArray[np.intp], tile_list: Iterable[int]) -> NDArray[Any]:
        tiles = np.array(tile_list)
        rows, cols = where[:, tiles] // 3 - home[tiles] // 3, where[:, tiles] % 3 - home[tiles] % 3
        distances: NDArray[Any] = (np.abs(rows) + np.abs(cols)).sum(axis=1)  # one per board
        return distances

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


@exercise(N_("what may be added"))
def check_admissible_combinations(
    admissible_combinations: Callable[[], object], *, hidden: bool = False
) -> None:
    """``admissible_combinations()`` returns ``{"pattern+manhattan": bool, "plain+reflected": bool,
    "manhattan+pdb": bool}``: which of the combinations never overestimate."""
    answers = plain(
        call(admissible_combinations),
        where="admissible_combinations()",
        returns=_("a dict {{combination: True or False}}").format(),
    )
    names = ", ".join(COMBINATIONS)
    if not isinstance(answers, dict):
        raise WrongAnswer(
            _("{call} should return a dict, got {value}").format(
                call="admissible_combinations()", value=short(answers)
            ),
            hint=_("answer all of {names} with True or False").format(names=names),
        )
    wrong = 0
    for key, truth in _combination_truth().items():
        expect(
            key in answers,
            _("no answer for {key}").format(key=repr(key)),
            hint=_("answer all of {names}").format(names=names),
        )
        expect(
            isinstance(answers[key], bool),
            _("the answer for {key} should be True or False, got {value}").format(
                key=f'"{key}"', value=short(answers[key])
            ),
            hint=_("True if the combination never overestimates"),
        )
        wrong += answers[key] != truth
    expect(  # how many, not which: each answer is True or False, so naming one would give it away
        wrong == 0,
        _("{wrong} of the {total} answers are wrong").format(wrong=wrong, total=len(COMBINATIONS)),
        hint=_("can a single real move be counted in more than one of the added terms?"),
    )


#: How long one instance may take: IDA* with the reflected 6-6-3 database solves each in seconds.
_KORF_SECONDS = 120.0


@exercise(N_("a Korf instance solved optimally"))
def check_korf_solution(solve_korf: Callable[[int], object], *, hidden: bool = False) -> None:
    """``solve_korf(ident)`` returns the moves of an optimal solution of Korf's instance ``ident``."""
    instances = {ident: (board, optimum) for ident, board, optimum in search.korf100()}
    for ident in (55, 79) if hidden else (55,):
        board, optimum = instances[ident]
        moves = plain(
            call_within(_KORF_SECONDS, solve_korf, ident),
            where=f"solve_korf({ident})",
            returns=_('a list of moves such as ["U", "L"]'),
        )
        if not _moves(moves):
            raise WrongAnswer(
                _("{call} should return a list of moves, got {value}").format(
                    call=f"solve_korf({ident})", value=short(moves)
                ),
                hint=_("return the search result's .moves"),
            )
        try:
            end = board.apply(list(moves))
        except (ValueError, TypeError) as error:
            raise WrongAnswer(
                _("the moves for instance {ident} cannot be played: {error}").format(ident=ident, error=error)
            ) from None
        expect(
            end == search.KORF_GOAL,
            _("the moves for instance {ident} end at {board}, not at Korf's goal").format(
                ident=ident, board=end.text()
            ),
            hint=_("solve towards search.KORF_GOAL (the blank in the top-left corner)"),
        )
        expect(
            len(moves) == optimum,
            _("instance {ident}: a valid solution of {count} moves, but not optimal").format(
                ident=ident, count=len(moves)
            ),
            hint=_("use an admissible heuristic with IDA* (weighted A* and greedy give longer solutions)"),
        )
