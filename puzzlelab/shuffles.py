"""Shuffling a sliding-tile puzzle: the articles' loops and the correct one, in plain Python.

Concepts
--------
shuffle
    A way to turn the solved list ``[0, 1, ..., n-1]`` into a random permutation
    ``perm``. Cell ``i`` of the board then holds item ``perm[i]``; on a board,
    item ``k`` is ``goal.tiles[k]`` of the blank-last goal, so item ``n - 1`` is
    the blank and the blank is shuffled like any tile (as in the articles).
    ``[0, 2, 1, 3]`` on a 2x2 board is ``1 3/2 _``.
teaching version
    Short plain Python that follows an article's loop line by line, drawing
    ``floor(random() * m)`` where the article calls ``Math.floor(Math.random() * m)``.
batch version
    :func:`puzzlelab.sampling.sample`: ``size`` shuffles at once with numpy, one
    row each, following the same distribution (the tests check both against the
    exact distributions of :mod:`puzzlelab.distributions`).

The algorithms (``SHUFFLES``, each declaring its own options; ``ALGORITHMS`` maps
each name to its function):

- ``random_walk``: from the solved board, ``steps`` times pick one of four
  directions; the blank moves there, or nothing happens if that leaves the board.
- ``naive_swap``: swap each cell in turn with a uniformly chosen cell
  (``n**n`` equally likely runs, biased for every ``n >= 3``).
- ``tutorial_fisher_yates``: the loop as the tutorial prints it,
  ``j = floor(random() * i)`` so ``j < i``: this is Sattolo's algorithm, which
  produces only the ``(n-1)!`` single-cycle permutations.
- ``fisher_yates``: the correct loop, ``j = floor(random() * (i + 1))``, uniform.
- ``sort_shuffle``: sorting with a comparator that answers at random, as in
  ``array.sort(() => Math.random() - 0.5)``; here Python's own TimSort.

>>> fisher_yates(4, rng=1)
[1, 0, 3, 2]
>>> print(shuffle_board("fisher_yates", 2, 3, rng=1, solvable=True))
2 _ 3
1 4 5

References: Fisher & Yates (1938); Durstenfeld (1964); Sattolo (1986);
Atwood, "The danger of naivete" (2007) for the biased swap.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cmp_to_key, lru_cache

import numpy as np

from ._validate import describe, number, random_generator, sequence, too_large, whole, whole_items
from .board import BLANK, Board, as_board, check_board_shape, check_shape, goal_for
from .parity import is_solvable
from .perm import rank

__all__ = [
    "ALGORITHMS",
    "ARTICLE_DIRECTIONS",
    "MAX_SORT_N",
    "MAX_SORT_TREE_N",
    "MAX_TEACHING_N",
    "MAX_WALK_STEPS",
    "SHUFFLES",
    "Shuffle",
    "board_from_perm",
    "fisher_yates",
    "make_solvable",
    "naive_swap",
    "perm_from_board",
    "random_solvable_board",
    "random_walk",
    "shuffle_board",
    "shuffle_spec",
    "sort_shuffle",
    "sort_shuffle_tree",
    "tutorial_fisher_yates",
]

#: The article's four directions 0..3, named as moves of the blank: left, up, right, down.
ARTICLE_DIRECTIONS = ("L", "U", "R", "D")
#: ``sort_shuffle_tree`` enumerates every run of the random comparator up to this many items.
MAX_SORT_TREE_N = 8
#: The teaching loops take up to this many items (a few seconds of plain Python).
MAX_TEACHING_N = 1_000_000
#: The teaching sort shuffle takes up to this many items (n log n random comparisons).
MAX_SORT_N = 100_000
#: A random walk takes up to this many steps (a second or two; it is well mixed after a few hundred).
MAX_WALK_STEPS = 1_000_000


# -- checking arguments ------------------------------------------------------------
def _generator(rng) -> np.random.Generator:
    """A numpy Generator from ``rng``: None, a whole-number seed >= 0, or a Generator (as is)."""
    return random_generator("rng", rng)


def _teaching_n(n, limit: int = MAX_TEACHING_N, name: str = "this shuffle") -> int:
    n = whole("n", n, low=1)
    if n > limit:
        raise too_large(f"{name} of n={number(n)} items in plain Python", f"n <= {limit:,}",
                        "sampling.sample(name, n, size) for many shuffles, or "
                        "numpy.random.default_rng(seed).permutation(n) for one long fair shuffle")
    return n


def _board_shape(n: int, shape) -> tuple[int, int]:
    if shape is None:
        raise TypeError("a random walk needs the board's shape=(rows, cols), got None")
    rows, cols = check_board_shape(shape)
    if rows * cols != n:
        raise ValueError(f"shape {rows}x{cols} has {rows * cols} cells, but n={n}")
    return rows, cols


def _walk_options(n: int, shape=None, steps=30) -> dict:
    """The random walk's options, checked: ``shape`` must have ``n`` cells, ``steps`` in range."""
    rows, cols = _board_shape(n, shape)
    steps = whole("steps", steps, low=0)
    if steps > MAX_WALK_STEPS:
        raise too_large(f"a random walk of steps={number(steps)}", f"steps <= {MAX_WALK_STEPS:,}",
                        "a few hundred steps (the walk is then close to uniform over solvable "
                        "boards), or random_solvable_board for an exactly uniform one")
    return {"shape": (rows, cols), "steps": steps}


def _uniform_index(rng: np.random.Generator, m: int) -> int:
    """``Math.floor(Math.random() * m)``: a uniform whole number in ``0..m-1``."""
    return math.floor(rng.random() * m)


# -- teaching versions: each mirrors one article's loop --------------------------------
def random_walk(n: int, rng=None, *, shape: tuple[int, int], steps: int = 30) -> list[int]:
    """Slide ``steps`` random tiles into the blank, starting from the solved board.

    Each step draws one of the four directions (``ARTICLE_DIRECTIONS``); the
    blank (item ``n - 1``, starting in the last cell) moves that way, or nothing
    happens when that would leave the board, exactly as in the article.

    >>> random_walk(4, rng=0, shape=(2, 2), steps=3)
    [3, 0, 2, 1]
    """
    n = whole("n", n, low=1)
    options = _walk_options(n, shape, steps)
    (rows, cols), steps = options["shape"], options["steps"]
    rng = _generator(rng)
    cells, empty = list(range(n)), n - 1
    for _ in range(steps):
        direction = _uniform_index(rng, 4)
        x, y = empty % cols, empty // cols
        if direction == 0 and x > 0:
            x -= 1
        elif direction == 1 and y > 0:
            y -= 1
        elif direction == 2 and x < cols - 1:
            x += 1
        elif direction == 3 and y < rows - 1:
            y += 1
        target = y * cols + x  # == empty when the move would leave the board
        cells[empty], cells[target] = cells[target], cells[empty]
        empty = target
    return cells


def naive_swap(n: int, rng=None) -> list[int]:
    """Swap every cell, in order, with a cell chosen uniformly at random (biased).

    The article's double loop visits the cells column by column; this visits
    them in row-major order, which only relabels the cells: the same
    probabilities occur, attached to relabelled permutations.

    >>> naive_swap(4, rng=0)
    [3, 1, 2, 0]
    """
    n = _teaching_n(n, name="naive_swap")
    rng = _generator(rng)
    cells = list(range(n))
    for i in range(n):
        k = _uniform_index(rng, n)
        cells[i], cells[k] = cells[k], cells[i]
    return cells


def tutorial_fisher_yates(n: int, rng=None) -> list[int]:
    """The tutorial's printed "Fisher-Yates": ``j = floor(random() * i)``, so ``j < i``.

    Because ``j`` never equals ``i`` this is Sattolo's algorithm: every result is
    one single cycle, so no item ever stays in its own cell.

    >>> tutorial_fisher_yates(4, rng=0)
    [3, 2, 0, 1]
    """
    n = _teaching_n(n, name="tutorial_fisher_yates")
    rng = _generator(rng)
    cells = list(range(n))
    i = n - 1
    while i > 0:
        j = _uniform_index(rng, i)  # the slip: should be i + 1
        cells[i], cells[j] = cells[j], cells[i]
        i -= 1
    return cells


def fisher_yates(n: int, rng=None) -> list[int]:
    """The Fisher-Yates (Durstenfeld) shuffle: every permutation has probability ``1/n!``.

    >>> sorted(fisher_yates(5, rng=3))
    [0, 1, 2, 3, 4]
    """
    n = _teaching_n(n, name="fisher_yates")
    rng = _generator(rng)
    cells = list(range(n))
    for i in range(n - 1, 0, -1):
        j = _uniform_index(rng, i + 1)
        cells[i], cells[j] = cells[j], cells[i]
    return cells


def sort_shuffle(n: int, rng=None) -> list[int]:
    """Sort with a comparator that answers at random: ``sort(() => Math.random() - 0.5)``.

    Python's ``sorted`` is TimSort, like modern V8's ``Array.prototype.sort``; for
    fewer than 64 items both find the first run and then do a binary insertion
    sort. The comparisons asked (and so the bias) follow the sort's code, so the
    exact distribution is for CPython's TimSort, not any one JavaScript engine.

    >>> sorted(sort_shuffle(5, rng=0))
    [0, 1, 2, 3, 4]
    """
    n = _teaching_n(n, MAX_SORT_N, name="sort_shuffle")
    rng = _generator(rng)
    return sorted(range(n), key=cmp_to_key(lambda a, b: rng.random() - 0.5))


# -- the registry: each shuffle declares its own options -------------------------------
def _no_options(n: int) -> dict:
    return {}


@dataclass(frozen=True)
class Shuffle:
    """One shuffle: its teaching function and the keyword options it takes beyond ``n, rng``.

    ``check(n, **options)`` returns the options with their defaults, each checked (the one
    place a shuffle's option rules are written); ``shape_option`` says that the shuffle needs
    the board's ``shape=(rows, cols)`` (filled in by :func:`shuffle_board`).

    >>> SHUFFLES["random_walk"].check_options(9, {"shape": (3, 3)})
    {'shape': (3, 3), 'steps': 30}
    """

    name: str
    function: Callable[..., list[int]]
    check: Callable[..., dict] = field(default=_no_options, repr=False)
    option_names: tuple[str, ...] = ()
    shape_option: bool = False

    def check_options(self, n: int, options: dict) -> dict:
        """``options`` (a dict) checked for ``n`` items: ``TypeError`` for an unknown option."""
        unknown = sorted(set(options) - set(self.option_names))
        if unknown:
            takes = ", ".join(f"{o}=" for o in self.option_names) or "no options"
            raise TypeError(f"the {self.name} shuffle takes {takes}; got {', '.join(unknown)}")
        return self.check(n, **options)

    def board_options(self, rows: int, cols: int, options: dict) -> dict:
        """The options for shuffling a ``rows x cols`` board (the shape filled in if needed)."""
        if self.shape_option:
            options = {"shape": (rows, cols), **options}
        return self.check_options(rows * cols, options)


#: Every shuffle by name, in the order the lessons meet them.
SHUFFLES: dict[str, Shuffle] = {
    "random_walk": Shuffle("random_walk", random_walk, _walk_options, ("shape", "steps"), True),
    "naive_swap": Shuffle("naive_swap", naive_swap),
    "tutorial_fisher_yates": Shuffle("tutorial_fisher_yates", tutorial_fisher_yates),
    "fisher_yates": Shuffle("fisher_yates", fisher_yates),
    "sort_shuffle": Shuffle("sort_shuffle", sort_shuffle),
}
#: Every teaching shuffle by name; each is ``(n, rng=None, **options) -> list``.
ALGORITHMS: dict[str, Callable[..., list[int]]] = {name: s.function for name, s in SHUFFLES.items()}


def shuffle_spec(name: str) -> Shuffle:
    """The :class:`Shuffle` called ``name``, or a ``TypeError``/``ValueError`` listing the names."""
    if not isinstance(name, str):
        raise TypeError(f"name must be a shuffle's name ({', '.join(SHUFFLES)}), got {describe(name)}")
    if name not in SHUFFLES:
        raise ValueError(f"name must be a shuffle's name: unknown shuffle {name[:40]!r}, choose one of "
                         f"{', '.join(SHUFFLES)}")
    return SHUFFLES[name]


_algorithm = shuffle_spec  # the old private name, for code written before the registry


# -- the random comparator's whole decision tree -------------------------------------
class _NeedAnswer(Exception):
    """The sort asked one comparison more than the script holds."""


def _replay_sort(n: int, answers: Sequence[bool]) -> list[int]:
    """Run ``sorted`` with the comparator answering ``answers`` in turn (True: "less")."""
    asked = iter(answers)

    def compare(a, b):
        answer = next(asked, None)
        if answer is None:
            raise _NeedAnswer
        return -1 if answer else 1

    result = sorted(range(n), key=cmp_to_key(compare))
    if next(asked, None) is not None:
        raise AssertionError("the sort stopped before using every scripted answer")
    return result


@lru_cache(maxsize=MAX_SORT_TREE_N + 1)
def _sort_tree(n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    ranks: list[int] = []
    depths: list[int] = []
    pending: list[tuple[bool, ...]] = [()]
    while pending:
        answers = pending.pop()
        try:
            result = _replay_sort(n, answers)
        except _NeedAnswer:
            pending += [(*answers, True), (*answers, False)]
            continue
        ranks.append(rank(result))
        depths.append(len(answers))
    return tuple(ranks), tuple(depths)


def sort_shuffle_tree(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Every way ``sort_shuffle(n)`` can run: the rank of each result and its number of comparisons.

    Each comparison is a fair coin, so a run that asked ``d`` comparisons has
    probability ``2**-d``. The tree is found by replaying Python's sort with
    scripted answers, extending a script by both answers whenever the sort asks
    for more; the probabilities of all runs add up to 1.

    >>> ranks, depths = sort_shuffle_tree(2)
    >>> sorted(zip(ranks.tolist(), depths.tolist()))
    [(0, 1), (1, 1)]
    """
    n = whole("n", n, low=1)
    if n > MAX_SORT_TREE_N:
        raise ValueError(
            f"the random comparator's runs are enumerated for n <= {MAX_SORT_TREE_N} items "
            f"(got n={number(n)}): use sample('sort_shuffle', n, size) instead"
        )
    ranks, depths = _sort_tree(n)
    return np.array(ranks, dtype=np.int64), np.array(depths, dtype=np.int64)


# -- boards ----------------------------------------------------------------------------
def board_from_perm(perm: Sequence[int], rows: int, cols: int, *, goal: Board | None = None) -> Board:
    """The board whose cell ``i`` holds ``goal.tiles[perm[i]]`` (default goal: blank last).

    >>> print(board_from_perm([0, 2, 1, 3], 2, 2))
    1 3
    2 _
    """
    rows, cols = check_shape(rows, cols)
    goal = Board.goal(rows, cols) if goal is None else _same_shape_goal(goal, rows, cols)
    perm = whole_items("perm", sequence("perm", perm, max_len=rows * cols))
    if sorted(perm) != list(range(rows * cols)):
        raise ValueError(f"perm must be a permutation of 0..{rows * cols - 1} (rows x cols = {rows} x {cols} "
                         f"cells), got {perm}")
    return Board._trusted(tuple(goal.tiles[k] for k in perm), rows, cols)


def perm_from_board(board: Board, *, goal: Board | None = None) -> list[int]:
    """The ``perm`` with ``board.tiles[i] == goal.tiles[perm[i]]`` (inverse of ``board_from_perm``).

    >>> perm_from_board(Board.parse("1 3/2 _"))
    [0, 2, 1, 3]
    """
    board = as_board("board", board)
    goal = goal_for(board, goal)
    item = {tile: k for k, tile in enumerate(goal.tiles)}
    return [item[tile] for tile in board.tiles]


def _same_shape_goal(goal, rows: int, cols: int) -> Board:
    goal = as_board("goal", goal)
    if goal.shape != (rows, cols):
        raise ValueError(f"the goal is {goal.rows}x{goal.cols} but the board is {rows}x{cols}")
    return goal


def make_solvable(board: Board) -> Board:
    """The article's parity fix: an unsolvable board gets two tiles swapped.

    If ``board`` cannot reach the blank-last goal, swap the first two cells; if
    the blank is in one of them, swap the last two cells instead (the article's
    special case). Either swap exchanges two tiles without moving the blank, so
    it flips solvability. Solvable boards come back unchanged.

    >>> print(make_solvable(Board.parse("2 1 3/4 5 6/7 8 _")))
    1 2 3
    4 5 6
    7 8 _
    """
    if not isinstance(board, Board):
        raise TypeError(f"board must be a Board (make_solvable), got {describe(board)}")
    if is_solvable(board):
        return board
    if board.blank in (0, 1):
        return board.swap(board.size - 2, board.size - 1)
    return board.swap(0, 1)


def random_solvable_board(rows: int, cols: int, rng=None, *, goal: Board | None = None) -> Board:
    """A random board, drawn uniformly from all boards that can reach ``goal`` (default: blank last).

    (Called ``uniform_solvable`` before; :func:`puzzlelab.distributions.uniform_solvable` is the
    exact *distribution* over those boards.)

    Fisher-Yates gives every arrangement the same chance; an unsolvable one then
    gets its first two tiles (blank skipped) swapped. That swap pairs each
    unsolvable board with exactly one solvable board with the blank in the same
    cell, so every solvable board ends up with probability ``2/n!``.

    >>> from puzzlelab.parity import is_solvable
    >>> is_solvable(random_solvable_board(4, 4, rng=7))
    True
    """
    rows, cols = check_shape(rows, cols)
    goal = Board.goal(rows, cols) if goal is None else _same_shape_goal(goal, rows, cols)
    board = board_from_perm(fisher_yates(rows * cols, rng), rows, cols, goal=goal)
    if is_solvable(board, goal):
        return board
    first, second = [i for i, tile in enumerate(board.tiles) if tile != BLANK][:2]
    return board.swap(first, second)


def shuffle_board(name: str, rows: int, cols: int, rng=None, *, solvable: bool = False, **options) -> Board:
    """A board shuffled by the algorithm ``name`` from the blank-last goal.

    ``solvable=True`` applies the article's parity fix (``make_solvable``).
    ``options`` go to the algorithm (e.g. ``steps`` for ``random_walk``).

    >>> shuffle_board("random_walk", 3, 3, rng=0, steps=0) == Board.goal(3, 3)
    True
    """
    spec = shuffle_spec(name)
    rows, cols = check_shape(rows, cols)
    if not isinstance(solvable, bool):
        raise TypeError(f"solvable must be True or False, got {describe(solvable)}")
    options = spec.board_options(rows, cols, options)
    board = board_from_perm(spec.function(rows * cols, rng, **options), rows, cols)
    return make_solvable(board) if solvable else board


# -- names kept for code written before the split ------------------------------------------
_MOVED = {"sample": "sample", "MAX_SAMPLE_CELLS": "MAX_SAMPLE_CELLS", "_article_moves": "_article_moves"}


def __getattr__(name: str):
    """``shuffles.sample`` and ``shuffles.MAX_SAMPLE_CELLS`` now live in :mod:`puzzlelab.sampling`;
    ``shuffles.uniform_solvable`` is :func:`random_solvable_board`. The old names still work."""
    if name in _MOVED:
        from . import sampling

        return getattr(sampling, _MOVED[name])
    if name == "uniform_solvable":
        return random_solvable_board
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# -- the SitePoint article's code, in the order it is printed (lessons 01 and 02) ---------
# The article stores the board as ``boardParts[x][y]`` (x the column), so its loops and its
# fix are modelled here cell by cell; the functions above keep the library's row-major order.
def article_naive_swap(rows: int, cols: int, rng=None) -> list[int]:
    """The article's naive double loop as printed: cells visited column by column.

    ``for (i ...) for (j ...) swapTiles(i, j, k, l)`` with ``boardParts[i][j]``, ``i`` the
    column: the cells are visited down the first column, then the second, ... Each is swapped
    with a cell ``(k, l)`` drawn uniformly (``k`` then ``l``). Compare :func:`naive_swap`,
    which visits the same cells row by row: the same set of probabilities, attached to
    different boards.

    >>> article_naive_swap(2, 2, rng=0)
    [2, 3, 1, 0]
    """
    rows, cols = check_shape(rows, cols)
    rng = _generator(rng)
    cells = list(range(rows * cols))
    for x in range(cols):
        for y in range(rows):
            k, l = _uniform_index(rng, cols), _uniform_index(rng, rows)  # noqa: E741 (the article's names)
            here, there = y * cols + x, l * cols + k
            cells[here], cells[there] = cells[there], cells[here]
    return cells


def article_printed_fix(board: Board, *, stale_blank: int | None = None) -> Board:
    """The article's parity fix run in the order its code is printed.

    The printed code shuffles, then tests ``isSolvable(tileCount, tileCount, emptyLoc.y + 1)``
    and the special case ``emptyLoc.y == 0 && emptyLoc.x <= 1``, and calls ``initEmpty()``
    (which finds the blank) only after the fix. So both tests read ``emptyLoc`` as it was
    before the shuffle: ``stale_blank``, by default the blank's cell on the solved board
    (the last cell). With that stale row the test is "inversions even" on every width, and
    the fix swaps cells 0 and 1 even when one of them holds the blank (a slide, which never
    changes solvability). Compare :func:`make_solvable`, the fix with ``emptyLoc`` refreshed.

    >>> print(article_printed_fix(Board.parse("_ 3 1/4 5 6/7 8 2")))  # 7 inversions, "fixed" by a slide
    3 _ 1
    4 5 6
    7 8 2
    """
    if not isinstance(board, Board):
        raise TypeError(f"board must be a Board (article_printed_fix), got {describe(board)}")
    stale = board.size - 1 if stale_blank is None else whole("stale_blank", stale_blank, low=0)
    if stale >= board.size:
        raise ValueError(f"stale_blank must be a cell 0..{board.size - 1}, got {stale_blank!r}")
    from .parity import inversions  # parity is already a dependency of this module

    stale_row, stale_col = divmod(stale, board.cols)
    count = inversions([t for t in board.tiles if t != BLANK])
    says_solvable = count % 2 == 0 if board.cols % 2 else (count + board.rows - (stale_row + 1)) % 2 == 0
    if says_solvable:
        return board
    if stale_row == 0 and stale_col <= 1:
        return board.swap(board.size - 2, board.size - 1)
    return board.swap(0, 1)


__all__ += ["article_naive_swap", "article_printed_fix"]
