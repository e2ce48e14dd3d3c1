"""Inversions and the parity invariant: which boards can reach which goals.

An *inversion* is a pair of tiles in the opposite order to the goal. Sliding a
tile sideways never changes the inversion count; sliding it up or down moves it
past ``cols - 1`` other tiles, so the count changes by an amount with the parity
of ``cols - 1``, while the blank changes row. Hence the invariant

    inversions + (cols - 1) * (rows between the blank and the goal's blank row)   (mod 2)

is fixed by every move: a board can reach its goal only if this is even, and on
every rectangle from 2x2 up exactly the boards where it is even can (the tests
check this by breadth-first search over all arrangements of the small boards).

>>> is_solvable(Board.parse("1 2 3/4 5 6/8 7 _"))
False
>>> explain(Board.parse("1 2 3/4 5 6/7 _ 8")).invariant
0

References: Johnson & Story (1879); Archer (1999), "A modern treatment of the 15 puzzle".
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ._validate import choice, describe, sequence, whole_items
from .board import BLANK, Board, as_board, goal_for
from .i18n import N_
from .i18n import gettext as _

__all__ = [
    "FORMULATIONS",
    "MAX_INVERSIONS_N",
    "MAX_NAIVE_N",
    "MAX_PAIRS_N",
    "ParityExplanation",
    "board_inversions",
    "explain",
    "inversion_pairs",
    "inversions",
    "inversions_fenwick",
    "inversions_merge",
    "inversions_naive",
    "inverted_positions",
    "is_solvable",
    "permutation_parity",
]


#: The O(n log n) counts and ``permutation_parity`` take up to this many items (a few seconds).
MAX_INVERSIONS_N = 1_000_000
#: The double loop takes up to this many items (50 million pairs, a few seconds).
MAX_NAIVE_N = 10_000
#: ``inversion_pairs`` lists the pairs of up to this many items (at most 499,500 pairs).
MAX_PAIRS_N = 1_000


def _items(name: str, seq: object, limit: int) -> list[int]:
    """The whole numbers of ``seq`` (a Board is read without its blank), checked once."""
    if isinstance(seq, Board):
        return [t for t in seq.tiles if t != BLANK]
    return whole_items(name, sequence(name, seq, max_len=limit))


# -- three ways to count inversions ------------------------------------------------
def inversions_naive(seq: Sequence[int]) -> int:
    """Count pairs ``i < j`` with ``seq[i] > seq[j]`` by the double loop (O(n^2)).

    ``seq``: a list, tuple, range or 1-d array of whole numbers, at most ``MAX_NAIVE_N`` of them.
    """
    seq = _items("seq", seq, MAX_NAIVE_N)
    n = len(seq)
    return sum(1 for i in range(n) for j in range(i + 1, n) if seq[i] > seq[j])


def inversions_merge(seq: Sequence[int]) -> int:
    """Count inversions while merge-sorting (O(n log n)); up to ``MAX_INVERSIONS_N`` items."""
    seq = _items("seq", seq, MAX_INVERSIONS_N)

    def sort_count(items: list[int]) -> tuple[list[int], int]:
        if len(items) <= 1:
            return items, 0
        mid = len(items) // 2
        left, a = sort_count(items[:mid])
        right, b = sort_count(items[mid:])
        merged, count, i, j = [], a + b, 0, 0
        while i < len(left) and j < len(right):
            if right[j] < left[i]:
                merged.append(right[j])
                count += len(left) - i  # right[j] jumps over every remaining left item
                j += 1
            else:
                merged.append(left[i])
                i += 1
        return merged + left[i:] + right[j:], count

    return sort_count(list(seq))[1]


def inversions_fenwick(seq: Sequence[int]) -> int:
    """Count inversions with a Fenwick (binary indexed) tree over value ranks (O(n log n)); up to
    ``MAX_INVERSIONS_N`` items."""
    seq = _items("seq", seq, MAX_INVERSIONS_N)
    ranks = {v: r for r, v in enumerate(sorted(set(seq)), start=1)}
    size = len(ranks)
    tree = [0] * (size + 1)
    count = 0
    for seen, value in enumerate(seq):
        r = ranks[value]
        # items seen so far that are <= value
        k, not_greater = r, 0
        while k > 0:
            not_greater += tree[k]
            k -= k & -k
        count += seen - not_greater
        k = r
        while k <= size:
            tree[k] += 1
            k += k & -k
    return count


_METHODS: dict[str, Callable[[Sequence[int]], int]] = {
    "naive": inversions_naive,
    "merge": inversions_merge,
    "fenwick": inversions_fenwick,
}


def inversions(seq: Sequence[int] | Board, *, method: str = "fenwick") -> int:
    """Number of pairs ``i < j`` with ``seq[i] > seq[j]``.

    ``method`` is ``"fenwick"`` (default, fast), ``"merge"`` or ``"naive"``; all agree.
    ``seq`` is a list, tuple, range or 1-d array of whole numbers; a :class:`Board` is read
    without its blank. A generator is refused (it can be read only once): pass ``list(...)``.

    >>> inversions([3, 1, 2])
    2
    """
    count = _METHODS[choice("method", method, _METHODS)]
    return count(_items("seq", seq, MAX_NAIVE_N if method == "naive" else MAX_INVERSIONS_N))


def inversion_pairs(seq: Sequence[int]) -> list[tuple[int, int]]:
    """The inverted pairs of *values* ``(seq[i], seq[j])`` with ``i < j`` (for pictures), for up
    to ``MAX_PAIRS_N`` items."""
    seq = _items("seq", seq, MAX_PAIRS_N)
    n = len(seq)
    return [(seq[i], seq[j]) for i in range(n) for j in range(i + 1, n) if seq[i] > seq[j]]


def permutation_parity(perm: Sequence[int]) -> int:
    """0 for an even permutation of ``0..n-1``, 1 for an odd one (by counting cycles).

    >>> permutation_parity([1, 0, 2]), permutation_parity(range(4))
    (1, 0)
    """
    perm = _items("perm", perm, MAX_INVERSIONS_N)
    if sorted(perm) != list(range(len(perm))):
        raise ValueError(f"perm must be a permutation of 0..{len(perm) - 1} (each once)")
    n, seen, cycles = len(perm), [False] * len(perm), 0
    for start in range(n):
        if not seen[start]:
            cycles += 1
            k = start
            while not seen[k]:
                seen[k] = True
                k = perm[k]
    return (n - cycles) % 2


# -- the invariant -----------------------------------------------------------------
def board_inversions(board: Board, goal: Board | None = None) -> int:
    """Inversions of the tiles (blank left out), in the order the goal puts them."""
    board = as_board("board", board)
    goal = goal_for(board, goal)
    order = {t: k for k, t in enumerate(t for t in goal.tiles if t != BLANK)}
    return inversions([order[t] for t in board.tiles if t != BLANK])


def inverted_positions(board: Board, goal: Board | None = None) -> list[tuple[int, int]]:
    """Pairs ``(i, j)``, ``i < j``, of places in the reading order (blank left out) whose tiles
    stand in the opposite order to the goal's: the arcs of a picture of the inversions.

    >>> inverted_positions(Board.parse("2 1/3 _"))
    [(0, 1)]
    """
    board = as_board("board", board)
    goal = goal_for(board, goal)
    order = {t: k for k, t in enumerate(t for t in goal.tiles if t != BLANK)}
    ranks = [order[t] for t in board.tiles if t != BLANK]
    n = len(ranks)
    return [(i, j) for i in range(n) for j in range(i + 1, n) if ranks[i] > ranks[j]]


@dataclass(frozen=True)
class ParityExplanation:
    """Why a board can or cannot reach a goal, in the terms a lesson shows."""

    board: Board
    goal: Board
    inversions: int  #: tiles out of goal order, blank left out
    blank_row: int  #: the blank's row (0 = top)
    goal_blank_row: int  #: the row of the blank in the goal
    row_distance: int  #: rows between the two
    row_term: int  #: (cols - 1) * row_distance: what vertical moves add to the inversions
    invariant: int  #: (inversions + row_term) % 2, which no move changes
    solvable: bool

    def __str__(self) -> str:
        """The five lines a lesson prints, in the current language."""
        cols, apart, term = self.board.cols, self.row_distance, self.row_term
        width = _WIDTH_ODD if cols % 2 else _WIDTH_EVEN
        lines = [
            _("inversions: {n}").format(n=self.inversions),
            _("blank on row {row}, goal blank on row {goal_row} (0 = top): {apart} row(s) apart").format(
                row=self.blank_row, goal_row=self.goal_blank_row, apart=apart
            ),
            _(width).format(cols=cols, apart=apart, term=term),
            _("invariant: ({inversions} + {term}) mod 2 = {invariant}").format(
                inversions=self.inversions, term=term, invariant=self.invariant
            ),
            _("verdict: solvable") if self.solvable else _("verdict: NOT solvable (the invariant is odd)"),
        ]
        return "\n".join(lines)


_WIDTH_ODD = N_(
    "width {cols} is odd, so a vertical move changes the inversions by an even number; "
    "blank-row term = ({cols} - 1) x {apart} = {term}"
)
_WIDTH_EVEN = N_(
    "width {cols} is even, so a vertical move changes the inversions by an odd number; "
    "blank-row term = ({cols} - 1) x {apart} = {term}"
)


def explain(board: Board, goal: Board | None = None) -> ParityExplanation:
    """The inversion count, blank-row term, invariant and verdict for ``board`` and ``goal``."""
    board = as_board("board", board)
    goal = goal_for(board, goal)
    inv = board_inversions(board, goal)
    row, goal_row = board.blank // board.cols, goal.blank // goal.cols
    distance = abs(row - goal_row)
    term = (board.cols - 1) * distance
    invariant = (inv + term) % 2
    return ParityExplanation(board, goal, inv, row, goal_row, distance, term, invariant, invariant == 0)


def is_solvable(board: Board, goal: Board | None = None) -> bool:
    """True if ``board`` can be slid into ``goal`` (default: blank-last goal of its shape).

    >>> is_solvable(Board.parse("1 2 3/4 5 6/7 8 _"))
    True

    The same verdict as :func:`explain` (tests hold them together), computed without building
    the explanation: a shuffle or a search asks it thousands of times.
    """
    board = as_board("board", board)
    goal = goal_for(board, goal)
    order = _goal_order(goal.tiles)
    seq = [order[t] for t in board.tiles if t != BLANK]
    n = len(seq)
    inv = (
        sum(1 for i in range(n) for j in range(i + 1, n) if seq[i] > seq[j])
        if n <= 64
        else board_inversions(board, goal)
    )
    distance = abs(board.blank // board.cols - goal.blank // goal.cols)
    return (inv + (board.cols - 1) * distance) % 2 == 0


@functools.lru_cache(maxsize=64)
def _goal_order(goal_tiles: tuple[int, ...]) -> dict[int, int]:
    """Each tile's place in the goal's reading order (blank left out), kept for the goals in use."""
    return {t: k for k, t in enumerate(t for t in goal_tiles if t != BLANK)}


# -- formulations found in the articles, right and wrong -----------------------------
def _formulation(rule: Callable[[Board, Board], bool]) -> Callable[[Board, Board], bool]:
    """``rule(board, goal)`` with its arguments checked first: ``board`` a Board, ``goal`` a board
    of the same shape (or None: the blank-last goal), each error naming its argument."""

    @functools.wraps(rule)
    def checked(board: Board, goal: Board | None = None) -> bool:
        if not isinstance(board, Board):
            raise TypeError(f"board must be a Board, got {describe(board)}")
        return rule(board, goal_for(board, goal))

    return checked


def _inv(board: Board) -> int:
    return inversions(board)


@_formulation
def _rule_inversions_even(board: Board, goal: Board) -> bool:
    return _inv(board) % 2 == 0


@_formulation
def _rule_article(board: Board, goal: Board) -> bool:
    # width odd: inversions even; width even: inversions + (height - emptyRow) even,
    # emptyRow counted from 1 at the top.
    if board.cols % 2:
        return _inv(board) % 2 == 0
    return (_inv(board) + board.rows - (board.blank // board.cols + 1)) % 2 == 0


@_formulation
def _rule_row_from_top(board: Board, goal: Board) -> bool:
    if board.cols % 2:
        return _inv(board) % 2 == 0
    return (_inv(board) + board.blank // board.cols) % 2 == 0


@_formulation
def _rule_row_from_top_one_based(board: Board, goal: Board) -> bool:
    if board.cols % 2:
        return _inv(board) % 2 == 0
    return (_inv(board) + board.blank // board.cols + 1) % 2 == 0


@_formulation
def _rule_rows_times_width(board: Board, goal: Board) -> bool:
    # inversions + (rows - current row, 1-based) * (cols - 1) even
    return (_inv(board) + (board.rows - (board.blank // board.cols + 1)) * (board.cols - 1)) % 2 == 0


@_formulation
def _rule_invariant(board: Board, goal: Board) -> bool:
    return explain(board, goal).solvable


@_formulation
def _rule_permutation(board: Board, goal: Board) -> bool:
    # parity of the whole permutation (blank included) equals parity of the blank's taxicab distance
    where = {t: i for i, t in enumerate(goal.tiles)}
    perm = [where[t] for t in board.tiles]
    (r, c), (gr, gc) = divmod(board.blank, board.cols), divmod(goal.blank, goal.cols)
    return permutation_parity(perm) == (abs(r - gr) + abs(c - gc)) % 2


#: Solvability rules as written in the seed articles and elsewhere, each ``(board, goal) -> bool``.
#: Some are right only for one goal convention or one kind of width: the tests and lesson 02 find
#: out which by comparing each with breadth-first reachability.
FORMULATIONS: dict[str, Callable[[Board, Board], bool]] = {
    "inversions even (any width)": _rule_inversions_even,
    "article: even width adds height - emptyRow (1-based from top)": _rule_article,
    "even width adds blank row from top (0-based)": _rule_row_from_top,
    "even width adds blank row from top (1-based)": _rule_row_from_top_one_based,
    "inversions + (rows - row, 1-based) x (cols - 1)": _rule_rows_times_width,
    "invariant relative to the goal (puzzlelab)": _rule_invariant,
    "permutation parity = blank distance parity": _rule_permutation,
}
