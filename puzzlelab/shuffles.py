"""Shuffling a sliding-tile puzzle: the articles' loops, the correct one, and fast batch versions.

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
    ``sample(name, n, size, rng)``: ``size`` shuffles at once with numpy, one row
    each, following the same distribution (the tests check both against the
    exact distributions of :mod:`puzzlelab.distributions`).

The algorithms (``ALGORITHMS``):

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
from functools import cmp_to_key, lru_cache

import numpy as np

from .board import BLANK, Board, check_shape
from .parity import is_solvable
from .perm import rank, unrank_many

__all__ = [
    "ALGORITHMS",
    "ARTICLE_DIRECTIONS",
    "MAX_SAMPLE_CELLS",
    "MAX_SORT_TREE_N",
    "board_from_perm",
    "fisher_yates",
    "make_solvable",
    "naive_swap",
    "perm_from_board",
    "random_walk",
    "sample",
    "shuffle_board",
    "sort_shuffle",
    "sort_shuffle_tree",
    "tutorial_fisher_yates",
    "uniform_solvable",
]

#: The article's four directions 0..3, named as moves of the blank: left, up, right, down.
ARTICLE_DIRECTIONS = ("L", "U", "R", "D")
#: ``sample`` refuses batches with more than this many cells in all (about 100 MB as int8).
MAX_SAMPLE_CELLS = 100_000_000
#: ``sort_shuffle_tree`` enumerates every run of the random comparator up to this many items.
MAX_SORT_TREE_N = 8


# -- checking arguments ------------------------------------------------------------
def _whole(value, name: str, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < low:
        raise ValueError(f"{name} must be a whole number >= {low}, got {value!r}")
    return int(value)


def _generator(rng) -> np.random.Generator:
    """A numpy Generator from ``rng``: None, an int seed, or a Generator (used as is)."""
    if isinstance(rng, bool | float | str):
        raise TypeError(f"rng must be None, a whole-number seed or a numpy Generator, got {rng!r}")
    return np.random.default_rng(rng)


def _board_shape(n: int, shape) -> tuple[int, int]:
    if shape is None or len(shape) != 2:
        raise ValueError(f"a random walk needs the board's shape=(rows, cols), got {shape!r}")
    rows, cols = check_shape(*shape)
    if rows * cols != n:
        raise ValueError(f"shape {rows}x{cols} has {rows * cols} cells, but n={n}")
    return rows, cols


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
    n = _whole(n, "n", 1)
    rows, cols = _board_shape(n, shape)
    steps = _whole(steps, "steps", 0)
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
    n = _whole(n, "n", 1)
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
    n = _whole(n, "n", 1)
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
    n = _whole(n, "n", 1)
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
    n = _whole(n, "n", 1)
    rng = _generator(rng)
    return sorted(range(n), key=cmp_to_key(lambda a, b: rng.random() - 0.5))


#: Every teaching shuffle by name; each is ``(n, rng=None, **options) -> list``.
ALGORITHMS: dict[str, Callable[..., list[int]]] = {
    "random_walk": random_walk,
    "naive_swap": naive_swap,
    "tutorial_fisher_yates": tutorial_fisher_yates,
    "fisher_yates": fisher_yates,
    "sort_shuffle": sort_shuffle,
}


def _algorithm(name: str) -> Callable[..., list[int]]:
    try:
        return ALGORITHMS[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown shuffle {name!r}: choose one of {', '.join(ALGORITHMS)}") from None


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
    ranks, depths, pending = [], [], [()]
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
    n = _whole(n, "n", 1)
    if n > MAX_SORT_TREE_N:
        raise ValueError(
            f"the random comparator's runs are enumerated for n <= {MAX_SORT_TREE_N} items "
            f"(got n={n}): use sample('sort_shuffle', n, size) instead"
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
    if sorted(perm) != list(range(rows * cols)):
        raise ValueError(f"not a permutation of 0..{rows * cols - 1}: {list(perm)}")
    return Board._trusted(tuple(goal.tiles[k] for k in perm), rows, cols)


def perm_from_board(board: Board, *, goal: Board | None = None) -> list[int]:
    """The ``perm`` with ``board.tiles[i] == goal.tiles[perm[i]]`` (inverse of ``board_from_perm``).

    >>> perm_from_board(Board.parse("1 3/2 _"))
    [0, 2, 1, 3]
    """
    board = Board.parse(board)
    goal = Board.goal(board.rows, board.cols) if goal is None else _same_shape_goal(goal, *board.shape)
    item = {tile: k for k, tile in enumerate(goal.tiles)}
    return [item[tile] for tile in board.tiles]


def _same_shape_goal(goal, rows: int, cols: int) -> Board:
    goal = Board.parse(goal)
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
        raise TypeError(f"make_solvable needs a Board, got {type(board).__name__}")
    if is_solvable(board):
        return board
    if board.blank in (0, 1):
        return board.swap(board.size - 2, board.size - 1)
    return board.swap(0, 1)


def uniform_solvable(rows: int, cols: int, rng=None, *, goal: Board | None = None) -> Board:
    """A board drawn uniformly from all boards that can reach ``goal`` (default: blank last).

    Fisher-Yates gives every arrangement the same chance; an unsolvable one then
    gets its first two tiles (blank skipped) swapped. That swap pairs each
    unsolvable board with exactly one solvable board with the blank in the same
    cell, so every solvable board ends up with probability ``2/n!``.

    >>> from puzzlelab.parity import is_solvable
    >>> is_solvable(uniform_solvable(4, 4, rng=7))
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
    shuffle = _algorithm(name)
    rows, cols = check_shape(rows, cols)
    if name == "random_walk":
        options.setdefault("shape", (rows, cols))
    board = board_from_perm(shuffle(rows * cols, rng, **options), rows, cols)
    return make_solvable(board) if solvable else board


# -- batch versions (numpy) ------------------------------------------------------------
def _item_dtype(n: int) -> type[np.signedinteger]:
    """The smallest signed integer type that holds the items ``0..n-1``."""
    if n <= 2**7:
        return np.int8
    return np.int16 if n <= 2**15 else np.int32


def _identity_columns(n: int, size: int) -> np.ndarray:
    """``size`` solved lists stored by position: row ``i`` holds every list's cell ``i``."""
    return np.repeat(np.arange(n, dtype=_item_dtype(n))[:, None], size, axis=1)


def _swap_cells(columns: np.ndarray, i: int, k: np.ndarray, lists: np.ndarray) -> None:
    """In list ``r``, swap cell ``i`` with cell ``k[r]`` (in place, every list at once)."""
    flat = columns.reshape(-1)
    where_k = k * columns.shape[1] + lists
    held = columns[i].copy()
    columns[i] = flat[where_k]
    flat[where_k] = held


def _sample_naive_swap(n: int, size: int, rng: np.random.Generator) -> np.ndarray:
    columns, lists = _identity_columns(n, size), np.arange(size)
    for i in range(n):
        _swap_cells(columns, i, rng.integers(0, n, size), lists)
    return columns


def _sample_fisher_yates(n: int, size: int, rng: np.random.Generator, *, sattolo: bool = False) -> np.ndarray:
    columns, lists = _identity_columns(n, size), np.arange(size)
    for i in range(n - 1, 0, -1):
        _swap_cells(columns, i, rng.integers(0, i if sattolo else i + 1, size), lists)
    return columns


def _sample_tutorial_fisher_yates(n: int, size: int, rng: np.random.Generator) -> np.ndarray:
    return _sample_fisher_yates(n, size, rng, sattolo=True)


@lru_cache(maxsize=64)
def _article_moves(rows: int, cols: int) -> np.ndarray:
    """``(cells, 4)``: where the blank goes from each cell in each article direction (or stays)."""
    steps = {"L": (0, -1), "U": (-1, 0), "R": (0, 1), "D": (1, 0)}
    table = np.empty((rows * cols, 4), dtype=np.int64)
    for cell in range(rows * cols):
        r, c = divmod(cell, cols)
        for direction, name in enumerate(ARTICLE_DIRECTIONS):
            nr, nc = r + steps[name][0], c + steps[name][1]
            table[cell, direction] = nr * cols + nc if 0 <= nr < rows and 0 <= nc < cols else cell
    table.setflags(write=False)
    return table


def _sample_random_walk(
    n: int, size: int, rng: np.random.Generator, *, shape: tuple[int, int], steps: int = 30
) -> np.ndarray:
    rows, cols = _board_shape(n, shape)
    steps = _whole(steps, "steps", 0)
    moves = _article_moves(rows, cols).reshape(-1)
    columns, lists = _identity_columns(n, size), np.arange(size)
    flat = columns.reshape(-1)
    empty = np.full(size, n - 1, dtype=np.int64)
    for _ in range(steps):
        target = moves[empty * 4 + rng.integers(0, 4, size)]
        flat[empty * size + lists] = flat[target * size + lists]
        flat[target * size + lists] = n - 1
        empty = target
    return columns


def _sample_sort_shuffle(n: int, size: int, rng: np.random.Generator) -> np.ndarray:
    if n > MAX_SORT_TREE_N:  # no closed form for the sort's path: run the teaching version
        rows = [sort_shuffle(n, rng) for _ in range(size)]
        return np.array(rows, dtype=_item_dtype(n)).reshape(size, n).T.copy()
    ranks, depths = sort_shuffle_tree(n)
    deepest = int(depths.max())
    weights = np.left_shift(1, deepest - depths)  # a run with d comparisons has 2**(deepest-d) of 2**deepest
    ends = np.cumsum(weights)
    draws = rng.integers(0, 1 << deepest, size)
    chosen = ranks[np.searchsorted(ends, draws, side="right")]
    return unrank_many(chosen, n).astype(_item_dtype(n)).T.copy()


_SAMPLERS: dict[str, Callable[..., np.ndarray]] = {
    "random_walk": _sample_random_walk,
    "naive_swap": _sample_naive_swap,
    "tutorial_fisher_yates": _sample_tutorial_fisher_yates,
    "fisher_yates": _sample_fisher_yates,
    "sort_shuffle": _sample_sort_shuffle,
}


def sample(name: str, n: int, size: int, rng=None, **options) -> np.ndarray:
    """``size`` shuffles of ``n`` items at once: a ``(size, n)`` array, one permutation per row.

    Rows follow the same distribution as the teaching function ``ALGORITHMS[name]``
    (not the same random numbers). The array uses the smallest integer type
    that holds ``n - 1`` (int8 up to 128 items): use ``.astype(int)`` before
    arithmetic. ``sort_shuffle`` draws from its exact decision tree up to
    ``MAX_SORT_TREE_N`` items and runs the teaching version beyond.

    >>> sample("fisher_yates", 4, 3, rng=0).shape
    (3, 4)
    >>> sample("random_walk", 9, 2, rng=0, shape=(3, 3), steps=0).tolist()
    [[0, 1, 2, 3, 4, 5, 6, 7, 8], [0, 1, 2, 3, 4, 5, 6, 7, 8]]
    """
    _algorithm(name)
    allowed = {"shape", "steps"} if name == "random_walk" else set()
    if set(options) - allowed:
        raise TypeError(f"sample({name!r}) takes options {sorted(allowed)}, got {sorted(options)}")
    n = _whole(n, "n", 1)
    size = _whole(size, "size", 0)
    if n * size > MAX_SAMPLE_CELLS:
        raise ValueError(
            f"{size} shuffles of {n} items is {n * size:,} cells, over the limit of "
            f"{MAX_SAMPLE_CELLS:,}: draw them in smaller batches"
        )
    columns = _SAMPLERS[name](n, size, _generator(rng), **options)
    return columns.T


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
        raise TypeError(f"article_printed_fix needs a Board, got {type(board).__name__}")
    stale = board.size - 1 if stale_blank is None else stale_blank
    if isinstance(stale, bool) or not isinstance(stale, int) or not 0 <= stale < board.size:
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
