"""A catalogue of plausible wrong answers for every exercise (issue 19).

For each exercise: its right answer, and the slips students make (off by one, the wrong direction,
the articles' own bugs, an overcounting heuristic, the library's answer where the exercise says to
compute it, None after some work, the untouched stub, an object whose ``__eq__`` always says True,
floats, a crash). Each check must reject each wrong answer with a message naming the slip (the
keyword), and the right answer must still pass. Where an exercise has one fixed answer, the
message must not contain it.
"""

from __future__ import annotations

import heapq
import itertools
import math
import re
from collections import Counter
from fractions import Fraction
from itertools import product

import numpy as np
import pytest

from puzzlelab import Board, distributions, heuristics, parity, search, shuffles
from puzzlelab.exercises import (
    NotAnswered,
    WrongAnswer,
    lesson00,
    lesson01,
    lesson02,
    lesson03,
    lesson04,
    lesson05,
    lesson06,
)
from puzzlelab.lesson_tools import exact_distance, iteration_work
from puzzlelab.perm import all_permutations


# -- wrong answers every exercise gets ----------------------------------------------------------
class AlwaysEqual:
    """Claims to equal anything, and to be a number, a list, a string and a board at once."""

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = object.__hash__

    def __int__(self):
        return 0

    def __float__(self):
        return 0.0

    def __index__(self):
        return 0

    def __iter__(self):
        return iter(())

    def __len__(self):
        return 2

    def __bool__(self):
        return True

    def __lt__(self, other):
        return False

    __le__ = __gt__ = __ge__ = __lt__


def stub(*args):
    """The student edition's body."""
    # YOUR CODE HERE
    raise NotImplementedError()


def always_equal(*args):
    return AlwaysEqual()


def forgot_return(*args):
    work = [len(args)]
    work.append(1)


def crashes(*args):
    return 1 // (len(args) - len(args))


COMMON = [
    ("stub", stub, "not answered yet"),
    ("always equal", always_equal, "AlwaysEqual"),
    ("None after some work", forgot_return, "None"),
    ("a crash", crashes, "ZeroDivisionError"),
]


# -- right answers, as a student would write them (the lessons' solutions) ----------------------
def my_moves(tiles, rows, cols):
    row, col = divmod(tiles.index(0), cols)
    legal = {"U": row > 0, "D": row < rows - 1, "L": col > 0, "R": col < cols - 1}
    return [move for move, ok in legal.items() if ok]


def my_move(tiles, rows, cols, move):
    blank = tiles.index(0)
    other = blank + {"U": -cols, "D": cols, "L": -1, "R": 1}[move]
    cells = list(tiles)
    cells[blank], cells[other] = cells[other], 0
    return tuple(cells)


TILE_TO_BLANK = {"down": "U", "up": "D", "right": "L", "left": "R"}


def slides_to_moves(slides):
    return "".join(TILE_TO_BLANK[d] for _, d in slides)


def move_counts(rows, cols):
    return [[(r > 0) + (r < rows - 1) + (c > 0) + (c < cols - 1) for c in range(cols)] for r in range(rows)]


def moves_off_by_one(tiles, rows, cols):
    row, col = divmod(tiles.index(0), cols)
    legal = {"U": row > 0, "D": row < rows, "L": col > 0, "R": col < cols}  # rows - 1, cols - 1 forgotten
    return [move for move, ok in legal.items() if ok]


def solvable_by(rule, boards):
    return {k for k, text in enumerate(boards) if rule(Board.parse(text))}


def fisher_yates_with(pick):
    def shuffle(n, rng=None):
        rng = np.random.default_rng(rng)
        cells = list(range(n))
        for i in range(n - 1, 0, -1):
            j = pick(rng, i, n)
            cells[i], cells[j] = cells[j], cells[i]
        return cells

    return shuffle


my_fisher_yates = fisher_yates_with(lambda rng, i, n: int(rng.integers(0, i + 1)))


def naive_swap_counts(n, steps=None):
    found = Counter()
    for run in product(range(n), repeat=n if steps is None else steps):
        cells = list(range(n))
        for i, k in enumerate(run):
            cells[i], cells[k] = cells[k], cells[i]
        found[tuple(cells)] += 1
    return dict(found)


def sattolo_solvable(rows, cols, goal="last"):
    d = distributions.exact("tutorial_fisher_yates", rows * cols)
    perms = all_permutations(rows * cols).tolist()
    target = Board.goal(rows, cols, blank=goal)
    good = sum(
        int(count)
        for perm, count in zip(perms, d.counts, strict=True)
        if count and parity.is_solvable(shuffles.board_from_perm(perm, rows, cols), target)
    )
    return Fraction(good, d.total)


def count_inversions(seq):
    return sum(seq[i] > seq[j] for i in range(len(seq)) for j in range(i + 1, len(seq)))


def my_rule(board, goal):
    distance = abs(board.blank // board.cols - goal.blank // goal.cols)
    return (count_inversions([t for t in board.tiles if t]) + (board.cols - 1) * distance) % 2 == 0


def fix_by(rule):
    def fix(board):
        if rule(board, Board.goal(board.rows, board.cols)):
            return board
        return board.swap(board.size - 2, board.size - 1) if board.blank in (0, 1) else board.swap(0, 1)

    return fix


def fooled_board(rows, cols):
    board = Board.goal(rows, cols).move("U")
    return board.swap(board.tiles.index(1), board.tiles.index(2))


def my_manhattan(board, goal):
    total = 0
    for tile in board.tiles:
        if tile:
            (r, c), (gr, gc) = board.position(tile), goal.position(tile)
            total += abs(r - gr) + abs(c - gc)
    return total


def signed_manhattan(board, goal, fold=lambda x: x):
    """abs() forgotten: the row and column differences keep their signs (``fold=abs`` takes abs of
    each tile's signed sum instead of each difference)."""
    total = 0
    for tile in board.tiles:
        if tile:
            (r, c), (gr, gc) = board.position(tile), goal.position(tile)
            total += fold((r - gr) + (c - gc))
    return total


def three_column_manhattan(board, goal):
    """Right on 3x3 boards only: rows and columns read from the tiles' indices as if 3 wide."""
    total = 0
    for k, tile in enumerate(board.tiles):
        if tile:
            g = goal.tiles.index(tile)
            total += abs(k // 3 - g // 3) + abs(k % 3 - g % 3)
    return total


def manhattan_without_return(board, goal):
    total = 0
    for tile in board.tiles:
        if tile:
            (r, c), (gr, gc) = board.position(tile), goal.position(tile)
            total += abs(r - gr) + abs(c - gc)


def rows_only_manhattan(board, goal):
    return sum(abs(board.position(t)[0] - goal.position(t)[0]) for t in board.tiles if t)


def manhattan_with_blank(board, goal):
    return sum(
        abs(r - gr) + abs(c - gc)
        for t in board.tiles
        for (r, c), (gr, gc) in [(board.position(t), goal.position(t))]
    )


def my_misplaced(board, goal):
    return sum(t != 0 and t != u for t, u in zip(board.tiles, goal.tiles, strict=True))


def reversed_pairs(board, goal, *, once_per_line):
    """2 for each line holding two of its own tiles in reverse order (once per line), or for
    every such pair (the overcounting slip)."""
    extra = 0
    lines = [(board.tiles[k * board.cols : (k + 1) * board.cols], 0, k) for k in range(board.rows)]
    lines += [(board.tiles[k :: board.cols], 1, k) for k in range(board.cols)]
    for tiles, axis, k in lines:
        along = [goal.position(t)[1 - axis] for t in tiles if t and goal.position(t)[axis] == k]
        pairs = sum(a > b for i, a in enumerate(along) for b in along[i + 1 :])
        extra += 2 * (min(pairs, 1) if once_per_line else pairs)
    return extra


def line_conflicts(board, goal):
    return my_manhattan(board, goal) + reversed_pairs(board, goal, once_per_line=True)


def weighted_astar(start, goal, w, h=heuristics.manhattan, *, skip_stale=True, ties=-1, count_goal=False):
    counter = itertools.count()
    frontier = [(w * h(start, goal), 0, next(counter), start)]
    best_g = {start: 0}
    expanded = 0
    while frontier:
        _, signed_g, _, board = heapq.heappop(frontier)
        g = ties * signed_g
        if skip_stale and g > best_g[board]:
            continue
        if board == goal:
            return g, expanded + count_goal
        expanded += 1
        for _move, child in board.successors():
            if best_g.get(child, math.inf) <= g + 1:
                continue
            best_g[child] = g + 1
            heapq.heappush(frontier, (g + 1 + w * h(child, goal), ties * (g + 1), next(counter), child))
    return None, expanded


def smallest_half_weight(board, weights, *, share=0.5, order=1):
    limit = search.astar(board).expanded * share
    for w in list(weights)[::order]:
        if search.weighted_astar(board, weight=w).expanded < limit:
            return w
    return None


PRIORITIES = {
    "bfs": lambda g, h: g,
    "astar": lambda g, h: g + h,
    "w3": lambda g, h: g + 3 * h,
    "h_first": lambda g, h: h + g / 1000,
}


def optimum_range(length, w):
    smallest = math.ceil(Fraction(length) / Fraction(str(w)))
    if (smallest - length) % 2:
        smallest += 1
    return smallest, length


def predict_iterations(board, *, step=2):
    return (exact_distance(board) - heuristics.manhattan(board)) // step + 1


def longest_increasing(values):
    ending = []
    for j, v in enumerate(values):
        ending.append(1 + max((ending[i] for i in range(j) if values[i] < v), default=0))
    return max(ending, default=0)


def line_penalty(goal_columns):
    return 2 * (len(goal_columns) - longest_increasing(goal_columns))


def share_beyond(histogram, k):
    return sum(c for d, c in histogram.items() if d > k) / sum(histogram.values())


def pdb_values(pdb, board, *, shift=0, as_type=int):
    cell = {tile: index for index, tile in enumerate(board.tiles)}
    return [
        as_type(table[sum(cell[t] << (pdb.bits * (k + shift)) for k, t in enumerate(group))])
        for group, table in zip(pdb.partition, pdb.tables, strict=True)
    ]


_KORF = {}


def korf_moves(ident):
    if ident not in _KORF:
        board = {i: b for i, b, _ in search.korf100()}[ident]
        _KORF[ident] = search.ida_star(
            board, search.KORF_GOAL, heuristic=search.pattern_database(search.KORF_GOAL)
        ).moves
    return list(_KORF[ident])


def far_overestimate():
    for seed in range(1000):
        board = shuffles.random_solvable_board(3, 3, rng=seed)
        d = exact_distance(board)
        if d >= 20 and heuristics.manhattan(board) + heuristics.misplaced(board) > d:
            return board
    raise AssertionError("no board")


def near_detour(steps=30):
    for seed in range(10_000):
        board = shuffles.shuffle_board("random_walk", 3, 3, rng=seed, steps=steps)
        d = exact_distance(board)
        if d <= 10 and search.article_solver(board).cost > d:
            return board
    return None


def admissible_far_board():
    return next(
        b
        for b in (shuffles.random_solvable_board(3, 3, rng=s) for s in range(100))
        if exact_distance(b) >= 20 and heuristics.manhattan(b) + heuristics.misplaced(b) <= exact_distance(b)
    )


def search_finding_nothing():
    for seed in range(3):  # an honest attempt, with walks too short to find a detour
        board = shuffles.shuffle_board("random_walk", 3, 3, rng=seed, steps=2)
        if search.article_solver(board).cost > exact_distance(board):
            return board
    return None


def search_running_past_the_stub():
    for seed in range(3):
        board = shuffles.shuffle_board("random_walk", 3, 3, rng=seed, steps=2)
        if search.article_solver(board).cost > exact_distance(board):
            return board
    # YOUR CODE HERE
    raise NotImplementedError()


HAND = Board.parse(lesson02.HAND_COUNT_BOARD)
RIGHT_VERDICTS = {t: parity.is_solvable(Board.parse(t)) for t in lesson02.VERDICT_BOARDS}
#: naming a board next to the count of wrong verdicts would say which verdict to flip
VERDICT_SECRETS = [
    r"(?s)verdicts? (is|are) wrong.*(" + "|".join(map(re.escape, lesson02.VERDICT_BOARDS)) + ")"
]
COMBINATION_SECRET = r"(pattern\+manhattan|plain\+reflected|manhattan\+pdb)\W+(is |got )?(True|False)"
RIGHT_COMBINATIONS = {"pattern+manhattan": True, "plain+reflected": False, "manhattan+pdb": False}


def library_moves(tiles, rows, cols):
    return Board(tiles, rows, cols).moves()


def uses_parity_is_solvable():
    return {t: parity.is_solvable(Board.parse(t)) for t in lesson02.VERDICT_BOARDS}


def hand_count_by_library():
    return parity.board_inversions(Board.parse(lesson02.HAND_COUNT_BOARD))


def by_hand_by_library():
    return search.manhattan(lesson05.BY_HAND), search.linear_conflict(lesson05.BY_HAND)


def h_first_plain():
    return {**PRIORITIES, "h_first": lambda g, h: h}


# -- the catalogue: exercise -> (check, right answer, [(slip, wrong answer, keyword)], secrets) ----
CATALOGUE = {
    "00 moves": (
        lesson00.check_moves,
        my_moves,
        [
            ("all four moves", lambda t, r, c: ["U", "D", "L", "R"], "U needs row > 0"),
            ("wrong order", lambda t, r, c: my_moves(t, r, c)[::-1], "wrong order"),
            (
                "tile's direction",
                lambda t, r, c: [{"U": "D", "D": "U", "L": "R", "R": "L"}[m] for m in my_moves(t, r, c)],
                "wrong direction",
            ),
            (
                "edge off by one",
                moves_off_by_one,
                "U needs row > 0",
            ),
            ("a string", lambda t, r, c: "".join(my_moves(t, r, c)), "not text"),
        ],
        [],
    ),
    "00 move": (
        lesson00.check_move,
        my_move,
        [
            (
                "opposite direction",
                lambda t, r, c, m: (
                    my_move(t, r, c, {"U": "D", "D": "U", "L": "R", "R": "L"}[m])
                    if {"U": "D", "D": "U", "L": "R", "R": "L"}[m] in Board(t, r, c).moves()
                    else my_move(t, r, c, m)
                ),
                "wrong direction",
            ),
            (
                "tile lost",
                lambda t, r, c, m: tuple(
                    0 if k == t.index(0) + {"U": -c, "D": c, "L": -1, "R": 1}[m] else x
                    for k, x in enumerate(t)
                ),
                "every tile",
            ),
            ("rows for cols", lambda t, r, c, m: my_move(t, c, r, m), "cols"),
            (
                "off the board",
                lambda t, r, c, m: tuple(t[k] for k in range(len(t) + 1)),
                "looked outside the board",
            ),
            ("floats", lambda t, r, c, m: tuple(x + 0.5 for x in my_move(t, r, c, m)), "a float where"),
        ],
        [],
    ),
    "00 solve": (
        lesson00.check_solve_moves,
        lambda: "RR",
        [
            ("tile's direction", lambda: "LL", "illegal"),
            ("one move short", lambda: "R", "away from home"),
            ("lower case", lambda: "rr", r"not a move \(moves are the capital letters U, D, L, R"),
            ("a list", lambda: ["R", "R"], "not a string"),
            ("one too many", lambda: "RRR", "illegal"),
        ],
        ["RR"],
    ),
    "00 slides": (
        lesson00.check_slides_to_moves,
        slides_to_moves,
        [
            (
                "tile's direction",
                lambda s: "".join({"down": "D", "up": "U", "right": "R", "left": "L"}[d] for _, d in s),
                "wrong direction",
            ),
            ("a list", lambda s: [TILE_TO_BLANK[d] for _, d in s], "not a string"),
            ("reversed", lambda s: slides_to_moves(s)[::-1], "order|wrong direction"),
            ("first slide dropped", lambda s: slides_to_moves(s[1:]), "opposite way"),
            ("lower case", lambda s: slides_to_moves(s).lower(), "opposite way"),
        ],
        [],
    ),
    "00 counts": (
        lesson00.check_move_counts,
        move_counts,
        [
            ("four everywhere", lambda r, c: [[4] * c for _ in range(r)], "a corner has 2"),
            (
                "transposed",
                lambda r, c: [list(col) for col in zip(*move_counts(r, c), strict=True)],
                "rows and columns",
            ),
            (
                "the cell itself counted",
                lambda r, c: [[x + 1 for x in row] for row in move_counts(r, c)],
                "a corner has 2",
            ),
            ("flat", lambda r, c: [x for row in move_counts(r, c) for x in row], "not a list of rows"),
            ("floats", lambda r, c: [[x / 2 for x in row] for row in move_counts(r, c)], "a float where"),
        ],
        [],
    ),
    "00 solvable": (
        lesson00.check_solvable_choice,
        lambda b: solvable_by(parity.is_solvable, b),
        [
            (
                "inversions even",
                lambda b: solvable_by(lambda x: parity.inversions(x) % 2 == 0, b),
                "parity.explain",
            ),
            (
                "one bool each",
                lambda b: [parity.is_solvable(Board.parse(t)) for t in b],
                "one True/False per board",
            ),
            ("counted from 1", lambda b: {k + 1 for k in solvable_by(parity.is_solvable, b)}, "indices"),
            (
                "the other set",
                lambda b: set(range(len(b))) - solvable_by(parity.is_solvable, b),
                "wrong about",
            ),
            ("floats", lambda b: {k + 0.5 for k in solvable_by(parity.is_solvable, b)}, "whole-number"),
        ],
        [r"about board \d"],
    ),
    "01 fisher-yates": (
        lesson01.check_fisher_yates,
        my_fisher_yates,
        [
            ("naive swap", fisher_yates_with(lambda rng, i, n: int(rng.integers(0, n))), "naive swap"),
            (
                "Sattolo (the articles' loop)",
                fisher_yates_with(lambda rng, i, n: int(rng.integers(0, i))),
                "Sattolo",
            ),
            ("seeded inside", lambda n, rng=None: my_fisher_yates(n, 0), "seeded inside"),
            (
                "stops at i = 2",
                lambda n, rng=None: fisher_yates_with(
                    lambda r, i, m: int(r.integers(0, i + 1)) if i > 1 else i
                )(n, rng),
                "all the way down to 1",
            ),
            ("floats", lambda n, rng=None: [x + 0.5 for x in my_fisher_yates(n, rng)], "round it yourself"),
            ("the library", shuffles.fisher_yates, "library's own function"),
            (
                "rng.permutation",
                lambda n, rng=None: list(np.random.default_rng(rng).permutation(n)),
                "write it yourself",
            ),
            ("overwrite", lambda n, rng=None: [0] * n, "not a permutation"),
        ],
        [],
    ),
    "01 pick j": (
        lesson01.check_pick_j,
        lambda i, u: math.floor(u * (i + 1)),
        [
            ("the articles' slip", lambda i, u: math.floor(u * i), "articles' slip"),
            ("unfloored", lambda i, u: u * (i + 1), "not a whole number"),
            ("rounded", lambda i, u: round(u * i), "round down"),
            ("one too many", lambda i, u: math.floor(u * (i + 2)), "must stay in"),
            ("text", lambda i, u: str(math.floor(u * (i + 1))), "not a whole number"),
        ],
        [],
    ),
    "01 naive counts": (
        lesson01.check_naive_swap_counts,
        naive_swap_counts,
        [
            ("one key", lambda n: {tuple(range(n)): n**n}, "step i swaps"),
            (
                "uniform",
                lambda n: {tuple(p): math.factorial(n) for p in itertools.permutations(range(n))},
                "add up",
            ),
            ("one step short", lambda n: naive_swap_counts(n, steps=n - 1), "add up"),
            ("text keys", lambda n: {str(k): v for k, v in naive_swap_counts(n).items()}, "keys must be"),
            (
                "fractions",
                lambda n: {k: v / n for k, v in naive_swap_counts(n).items()},
                "not a whole number",
            ),
        ],
        [],
    ),
    "01 home row": (
        lesson01.check_expected_home_row,
        lambda r, c: Fraction(r * c - 1, r),
        [
            ("own cell", lambda r, c: Fraction(r * c - 1, r * c), "own cell"),
            ("blank counted", lambda r, c: Fraction(r * c, r), "the blank takes a cell"),
            ("columns", lambda r, c: Fraction(r * c - 1, c), "linearity"),
            ("sampled", lambda r, c: float(Fraction(r * c - 1, r)) + 0.01, "linearity"),
            ("text", lambda r, c: f"{r * c - 1}/{r}", "not a number"),
        ],
        [],
    ),
    "01 sattolo": (
        lesson01.check_sattolo_solvable,
        sattolo_solvable,
        [
            ("a half", lambda r, c: Fraction(1, 2), "add up the counts"),
            ("the other goal", lambda r, c: sattolo_solvable(r, c, goal="first"), "add up the counts"),
            ("the other side", lambda r, c: 1 - sattolo_solvable(r, c), "add up the counts"),
            ("a percentage", lambda r, c: 100 * sattolo_solvable(r, c), "add up the counts"),
            ("text", lambda r, c: str(sattolo_solvable(r, c)), "not a number"),
        ],
        [],
    ),
    "02 inversions": (
        lesson02.check_inversions,
        count_inversions,
        [
            (
                "equal values",
                lambda s: sum(s[i] >= s[j] for i in range(len(s)) for j in range(i + 1, len(s))),
                "equal values are not inverted",
            ),
            (
                "wrong direction",
                lambda s: sum(s[i] < s[j] for i in range(len(s)) for j in range(i + 1, len(s))),
                "wrong direction",
            ),
            ("each pair twice", lambda s: 2 * count_inversions(s), "counted twice"),
            (
                "last position missed",
                lambda s: sum(s[i] > s[j] for i in range(len(s)) for j in range(i + 1, len(s) - 1)),
                "last position is missed",
            ),
            (
                "neighbours only",
                lambda s: sum(s[i] > s[i + 1] for i in range(len(s) - 1)),
                "not only neighbours",
            ),
            ("the library", lambda s: parity.inversions(s), "write it yourself"),
            (
                "off by one",
                lambda s: sum(s[i] > s[j] for i in range(len(s)) for j in range(i + 2, len(s))),
                "neighbours missed",
            ),
            ("floats", lambda s: count_inversions(s) + 0.5, "a float where"),
        ],
        [],
    ),
    "02 hand count": (
        lesson02.check_hand_count,
        lambda: 7,
        [
            ("one missed", lambda: 6, "too few"),
            ("one extra", lambda: 8, "too many"),
            ("blank counted", lambda: count_inversions(list(HAND.tiles)), "blank is not a tile"),
            ("the library", hand_count_by_library, "write it yourself"),
            ("a float", lambda: 6.5, "not a whole number"),
            ("True", lambda: True, "not a whole number"),
        ],
        [r"\b7\b"],
    ),
    "02 verdicts": (
        lesson02.check_verdicts,
        lambda: dict(RIGHT_VERDICTS),
        [
            (
                "inversions even",
                lambda: {t: parity.inversions(Board.parse(t)) % 2 == 0 for t in lesson02.VERDICT_BOARDS},
                "verdicts are wrong",
            ),
            ("all solvable", lambda: dict.fromkeys(lesson02.VERDICT_BOARDS, True), "verdicts are wrong"),
            (
                "yes and no",
                lambda: {t: "yes" if v else "no" for t, v in RIGHT_VERDICTS.items()},
                "not True or False",
            ),
            ("one missing", lambda: dict(list(RIGHT_VERDICTS.items())[1:]), "no verdict"),
            ("the library", uses_parity_is_solvable, "write it yourself"),
            ("ones and zeros", lambda: {t: int(v) for t, v in RIGHT_VERDICTS.items()}, "not True or False"),
        ],
        VERDICT_SECRETS,
    ),
    "02 fooled": (
        lesson02.check_fooled_board,
        fooled_board,
        [
            ("no swap", lambda r, c: Board.goal(r, c).move("U"), "the other way"),
            ("no slide", lambda r, c: Board.goal(r, c).swap(0, 1), "gets it right"),
            ("rows and columns swapped", lambda r, c: fooled_board(c, r), "rows of"),
            ("text that is no board", lambda r, c: "hello", "not a board"),
            ("tiles twice", lambda r, c: "1 1 2 3/4 5 6 _", "holds the tiles 1 to 7 once each"),
            ("the goal", lambda r, c: Board.goal(r, c), "gets it right"),
        ],
        [],
    ),
    "02 rule": (
        lesson02.check_rule,
        my_rule,
        [
            (
                "inversions even",
                lambda b, g: count_inversions([t for t in b.tiles if t]) % 2 == 0,
                "inversions alone",
            ),
            (
                "rows from the bottom (the articles')",
                lambda b, g: (
                    (
                        count_inversions([t for t in b.tiles if t])
                        + (b.cols - 1) * (b.rows - 1 - b.blank // b.cols)
                    )
                    % 2
                    == 0
                ),
                "goal's blank row",
            ),
            ("the library", lambda b, g: parity.is_solvable(b, g), "write it yourself"),
            ("one and zero", lambda b, g: int(my_rule(b, g)), "not True or False"),
            ("flipped", lambda b, g: not my_rule(b, g), "blank"),
        ],
        [],
    ),
    "02 fix": (
        lesson02.check_fix,
        fix_by(my_rule),
        [
            (
                "blank swapped away",
                lambda b: b if my_rule(b, Board.goal(b.rows, b.cols)) else b.swap(0, 1),
                "never move the blank",
            ),
            (
                "every board swapped",
                lambda b: b.swap(b.size - 2, b.size - 1) if b.blank in (0, 1) else b.swap(0, 1),
                "leave a solvable board alone",
            ),
            ("nothing done", lambda b: b, "needs the swap"),
            ("the library", lambda b: shuffles.make_solvable(b), "write it yourself"),
            ("text that is no board", lambda b: "fixed", "not a board"),
        ],
        [],
    ),
    "03 manhattan": (
        lesson03.check_manhattan,
        my_manhattan,
        [
            ("blank counted", lambda b, g: manhattan_with_blank(b, g), "the blank is not a tile"),
            ("misplaced tiles", lambda b, g: heuristics.misplaced(b, g), "misplaced"),
            (
                "board's index for the goal",
                lambda b, g: sum(
                    abs(k // b.cols - (t - 1) // b.cols) + abs(k % b.cols - (t - 1) % b.cols)
                    for k, t in enumerate(b.tiles)
                    if t
                ),
                "position in `goal`",
            ),
            ("goal ignored", lambda b, g: my_manhattan(b, Board.goal(b.rows, b.cols)), "position in `goal`"),
            ("abs() forgotten", signed_manhattan, r"take abs\(\) of the differences, or they cancel"),
            (
                "abs() of each tile's sum",
                lambda b, g: signed_manhattan(b, g, fold=abs),
                r"take abs\(\) of the differences",
            ),
            ("the library", lambda b, g: heuristics.manhattan(b, g), "library's"),
            ("floats", lambda b, g: my_manhattan(b, g) + 0.5, "a float where"),
            ("no return", manhattan_without_return, "returned None: did it forget a `return`"),
            ("three columns assumed", three_column_manhattan, "boards have several shapes"),
            ("rows only", rows_only_manhattan, "count the columns as well as the rows"),
        ],
        [],
    ),
    "03 greedy extra": (
        lesson03.check_greedy_extra,
        lambda b: search.greedy(b).cost - exact_distance(b),
        [
            ("whole length", lambda b: search.greedy(b).cost, "whole length"),
            ("the sign", lambda b: exact_distance(b) - search.greedy(b).cost, "the sign"),
            ("the optimum", lambda b: exact_distance(b), "optimum alone"),
            ("nodes", lambda b: search.greedy(b).expanded, "nodes greedy expanded"),
            ("floats", lambda b: search.greedy(b).cost - exact_distance(b) + 0.5, "a float where"),
        ],
        [],
    ),
    "03 overestimate": (
        lesson03.check_overestimate,
        far_overestimate,
        [
            ("the lesson's board", lambda: "1 2 3/4 5 6/7 _ 8", "only 1 move from"),
            ("admissible there", admissible_far_board, "does not overestimate"),
            ("cannot reach", lambda: "1 2 3/4 5 6/8 7 _", "cannot reach"),
            ("not a board", lambda: 42, "not a board"),
            ("a short row", lambda: "1 2 3/4 5 6/7 _", "rows have different lengths"),
            ("a word for the blank", lambda: "1 2 3/4 5 6/7 blank 8", "neither a tile number nor the blank"),
            ("4x4", lambda: Board.goal(4, 4).move("U"), "3x3"),
        ],
        [],
    ),
    "03 detour": (
        lesson03.check_article_detour,
        near_detour,
        [
            ("too far", lambda: lesson03.LESSON_EXAMPLE, "at most 10 moves"),
            ("optimal there", lambda: "1 2 3/4 5 6/7 _ 8", "optimal"),
            ("search found nothing", search_finding_nothing, "20 to 30"),
            ("stub line reached", search_running_past_the_stub, "found no board"),
            ("cannot reach", lambda: "1 2 3/4 5 6/8 7 _", "cannot reach"),
        ],
        [],
    ),
    "03 my heuristic": (
        lesson03.check_my_heuristic,
        line_conflicts,
        [
            (
                "2 per reversed pair",
                lambda b, g: my_manhattan(b, g) + reversed_pairs(b, g, once_per_line=False),
                "not admissible",
            ),
            (
                "manhattan + misplaced",
                lambda b, g: my_manhattan(b, g) + my_misplaced(b, g),
                "not admissible",
            ),
            ("manhattan alone", my_manhattan, "Manhattan distance"),
            ("the library", lambda b, g: heuristics.linear_conflict(b, g), "library's"),
            ("text", lambda b, g: "far", "not a number"),
            ("twice manhattan", lambda b, g: 2 * my_manhattan(b, g), "not admissible"),
            ("one on the goal", lambda b, g: my_manhattan(b, g) + 1, "goal itself"),
        ],
        [],
    ),
    "04 weighted A*": (
        lesson04.check_weighted_astar,
        weighted_astar,
        [
            ("ties to the smaller g", lambda s, g, w: weighted_astar(s, g, w, ties=1), "ties"),
            ("stale entries counted", lambda s, g, w: weighted_astar(s, g, w, skip_stale=False), "stale"),
            ("goal counted", lambda s, g, w: weighted_astar(s, g, w, count_goal=True), "off by one"),
            ("length only", lambda s, g, w: weighted_astar(s, g, w)[0], "solution length, nodes expanded"),
            ("f = w(g + h)", lambda s, g, w: weighted_astar(s, g, 1), "OFF the heap"),
        ],
        [],
    ),
    "04 half weight": (
        lesson04.check_smallest_half_weight,
        smallest_half_weight,
        [
            ("largest first", lambda b, ws: smallest_half_weight(b, ws, order=-1), "in order"),
            ("not halved", lambda b, ws: smallest_half_weight(b, ws, share=1), "half of A\\*'s"),
            ("the first weight", lambda b, ws: ws[0], "in order"),
            ("an index", lambda b, ws: list(ws).index(smallest_half_weight(b, ws)), "in order"),
            ("text", lambda b, ws: str(smallest_half_weight(b, ws)), "not text"),
        ],
        [],
    ),
    "04 priorities": (
        lesson04.check_priorities,
        lambda: dict(PRIORITIES),
        [
            ("h alone for h_first", h_first_plain, "tie rule"),
            ("astar weighted", lambda: {**PRIORITIES, "astar": lambda g, h: g + 2 * h}, "which of g and h"),
            ("a key missing", lambda: {k: v for k, v in PRIORITIES.items() if k != "w3"}, "no entry"),
            ("numbers, not functions", lambda: dict.fromkeys(PRIORITIES, 1), "not a function"),
            ("text priorities", lambda: {**PRIORITIES, "bfs": lambda g, h: str(g)}, "not a number"),
        ],
        [],
    ),
    "04 optimum range": (
        lesson04.check_optimum_range,
        optimum_range,
        [
            ("rounded down", lambda n, w: (math.floor(n / w), n), "round up"),
            ("reversed pair", lambda n, w: optimum_range(n, w)[::-1], "reversed"),
            ("wrong direction", lambda n, w: (n, math.ceil(n * w)), "wrong direction"),
            ("parity forgotten", lambda n, w: (math.ceil(Fraction(n) / Fraction(str(w))), n), "parity"),
            ("floats", lambda n, w: (n / w, n), "a float where"),
            ("one number", lambda n, w: optimum_range(n, w)[0], "return a tuple"),
        ],
        [],
    ),
    "04 iterations": (
        lesson04.check_iterations,
        predict_iterations,
        [
            ("rises by one", lambda b: predict_iterations(b, step=1), "rises by 2"),
            ("first bound left out", lambda b: predict_iterations(b) - 1, "off by one"),
            ("IDA* run", lambda b: len(iteration_work(search.ida_star_events(b))[0]), "without running IDA*"),
            ("half", lambda b: exact_distance(b) / 2, "by how much does it rise"),
            ("text", lambda b: str(predict_iterations(b)), "not text"),
        ],
        [],
    ),
    "05 line penalty": (
        lesson05.check_line_penalty,
        line_penalty,
        [
            (
                "2 per reversed pair",
                lambda c: 2 * sum(a > b for i, a in enumerate(c) for b in c[i + 1 :]),
                "reversed pair",
            ),
            ("tiles out of place", lambda c: 2 * sum(x != k for k, x in enumerate(c)), "keep their order"),
            ("1 per tile", lambda c: line_penalty(c) // 2, "costs 2"),
            ("one fewer", lambda c: max(line_penalty(c) - 2, 0), "longest increasing"),
            ("floats", lambda c: line_penalty(c) + 0.5, "a float where"),
        ],
        [],
    ),
    "05 by hand": (
        lesson05.check_by_hand,
        lambda: (4, 8),
        [
            ("pair reversed", lambda: (8, 4), "below the Manhattan"),
            ("conflict missed", lambda: (4, 6), "which tiles that belong to the line"),
            ("the library", by_hand_by_library, "worked out on paper"),
            ("one number", lambda: (5,), "two numbers"),
            ("text", lambda: ("5", "9"), "whole numbers"),
            ("manhattan off", lambda: (6, 8), "rows plus the columns"),
        ],
        [r"\b4\b", r"\b8\b"],
    ),
    "05 share beyond": (
        lesson05.check_share_beyond,
        share_beyond,
        [
            ("a percentage", lambda h, k: 100 * share_beyond(h, k), "not a percentage"),
            ("at least k", lambda h, k: share_beyond(h, k - 1), "more than k"),
            ("the other side", lambda h, k: 1 - share_beyond(h, k), "wrong side"),
            ("a count", lambda h, k: sum(c for d, c in h.items() if d > k), "a count"),
            ("text", lambda h, k: f"{share_beyond(h, k):.3f}", "not text"),
        ],
        [],
    ),
    "06 pdb values": (
        lesson06.check_pdb_values,
        pdb_values,
        [
            ("the sum only", lambda p, b: sum(pdb_values(p, b)), "not their sum"),
            ("tiles for cells", lambda p, b: pdb_values(p, Board(range(16), 4, 4)), "sum of cell"),
            ("floats", lambda p, b: pdb_values(p, b, as_type=lambda v: float(v) + 0.5), "whole numbers"),
            ("text", lambda p, b: pdb_values(p, b, as_type=str), "whole numbers"),
            ("one pattern missing", lambda p, b: pdb_values(p, b)[:-1], "one value per pattern"),
        ],
        [],
    ),
    "06 combinations": (
        lesson06.check_admissible_combinations,
        lambda: dict(RIGHT_COMBINATIONS),
        [
            ("all admissible", lambda: dict.fromkeys(RIGHT_COMBINATIONS, True), "answers are wrong"),
            ("none admissible", lambda: dict.fromkeys(RIGHT_COMBINATIONS, False), "answers are wrong"),
            (
                "yes and no",
                lambda: {k: "yes" if v else "no" for k, v in RIGHT_COMBINATIONS.items()},
                "True or False",
            ),
            ("one missing", lambda: dict(list(RIGHT_COMBINATIONS.items())[1:]), "no answer"),
            ("ones and zeros", lambda: {k: int(v) for k, v in RIGHT_COMBINATIONS.items()}, "True or False"),
        ],
        [COMBINATION_SECRET],
    ),
    "06 korf": (
        lesson06.check_korf_solution,
        korf_moves,
        [
            (
                "a detour",
                lambda i: (
                    ["L", "R", *korf_moves(i)] if korf_moves(i)[0] != "R" else ["R", "L", *korf_moves(i)]
                ),
                "not optimal",
            ),
            (
                "rows for columns",
                lambda i: [{"U": "L", "L": "U", "D": "R", "R": "D"}[m] for m in korf_moves(i)],
                "cannot be played",
            ),
            ("the length", lambda i: len(korf_moves(i)), "list of moves"),
            (
                "tile directions",
                lambda i: [{"U": "D", "D": "U", "L": "R", "R": "L"}[m] for m in korf_moves(i)],
                "cannot be played",
            ),
            ("one move short", lambda i: korf_moves(i)[:-1], "not at Korf's goal"),
        ],
        [],
    ),
}

SLOW_RIGHT = {"03 my heuristic", "04 priorities"}  # the right answer runs the whole check: seconds
WRONG = [
    (name, slip, fn, keyword)
    for name, (_, _, slips, _) in CATALOGUE.items()
    for slip, fn, keyword in [*slips, *COMMON]
]


def _secrets_absent(message: str, secrets: list[str]) -> None:
    text = message.replace(" ".join(str(t) for t in HAND.tiles if t), "")  # the hint lists the tiles
    for pattern in secrets:
        assert not re.search(pattern, text), f"{pattern!r} gives the answer away in: {message}"


@pytest.mark.parametrize(
    ("name", "slip", "wrong", "keyword"), WRONG, ids=[f"{name}: {slip}" for name, slip, _, _ in WRONG]
)
def test_each_check_rejects_each_slip_with_a_hint_naming_it(name, slip, wrong, keyword, capsys):
    check, _right, _slips, secrets = CATALOGUE[name]
    with pytest.raises((WrongAnswer, NotAnswered)) as caught:
        check(wrong)
    message = str(caught.value)
    assert re.search(keyword, message), message
    assert "correct" not in capsys.readouterr().out
    _secrets_absent(message, secrets)
    if slip != "stub":
        assert isinstance(caught.value, WrongAnswer) or slip == "stub", message


@pytest.mark.parametrize(
    "name", [pytest.param(n, marks=pytest.mark.slow) if n in SLOW_RIGHT else n for n in CATALOGUE]
)
def test_the_right_answer_still_passes(name, capsys):
    check, right, _slips, _ = CATALOGUE[name]
    check(right)
    assert capsys.readouterr().out.startswith("correct: ")


def test_every_exercise_is_in_the_catalogue_with_at_least_five_slips():
    checks = {check for check, _, _, _ in CATALOGUE.values()}
    every = {
        getattr(module, name)
        for module in (lesson00, lesson01, lesson02, lesson03, lesson04, lesson05, lesson06)
        for name in module.__all__
        if name.startswith("check_")
    }
    assert checks == every
    assert all(len(slips) >= 5 for _, _, slips, _ in CATALOGUE.values())


def test_the_secret_patterns_catch_an_answer_given_away():
    leaks = [
        ("00 solvable", "for lesson00.EXERCISE_BOARDS: your set is wrong about board 3, 1 2 3 4/..."),
        ("02 hand count", "wrong answer: 6 is too few; the answer is 7"),
        ("02 verdicts", f"1 of the 4 verdicts are wrong: {lesson02.VERDICT_BOARDS[2]}"),
        ("05 by hand", "expected (4, 8), got (5, 8)"),
        ("06 combinations", 'for "plain+reflected": got True, which is not right'),
    ]
    for name, message in leaks:
        with pytest.raises(AssertionError, match="gives the answer away"):
            _secrets_absent(message, CATALOGUE[name][3])
