"""Checks for lesson 01 (shuffling): each computes the truth with the library, never prints it.

A check refuses the library's answer where the exercise asks the student to compute it:

>>> from puzzlelab import shuffles
>>> check_fisher_yates(shuffles.fisher_yates)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
puzzlelab.exercises._core.WrongAnswer: wrong answer (Fisher-Yates shuffle): fisher_yates is the library's ...
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from fractions import Fraction
from math import factorial
from typing import cast

import numpy as np
from numpy.typing import NDArray

from ..distributions import exact, from_samples, solvable_mask, uniform
from ..i18n import N_
from ..i18n import gettext as _
from ..perm import all_permutations, rank
from ._core import (
    Plain,
    WrongAnswer,
    call,
    call_within,
    exercise,
    plain,
    refuse_library,
    same,
    short,
    time_limit,
    whole_number,
)

__all__ = [
    "check_expected_home_row",
    "check_fisher_yates",
    "check_naive_swap_counts",
    "check_pick_j",
    "check_sattolo_solvable",
]

_NUMBER_HINT = N_("return a Fraction (from fractions import Fraction) or a float")


def _as_fraction(value: object, where: str) -> Fraction:
    """A number the student returned, as a Fraction (a float to within 1e-9): ints, Fractions and
    floats only (not True/False, not text such as "1/2")."""
    got = plain(value, where=where, returns=_("a Fraction or a float"))
    if (type(got) is not int and type(got) is not float and type(got) is not Fraction) or (
        type(got) is float and not math.isfinite(got)
    ):
        raise WrongAnswer(
            _("{where} returned {value}, not a number").format(where=where, value=short(got)),
            hint=_(_NUMBER_HINT),
            reason="type",
        )
    return Fraction(got).limit_denominator(10**9)


_SHUFFLE_SECONDS = 30.0  # for all the shuffles of one n


def _as_permutation(got: object, n: int) -> list[int]:
    """The student's shuffle result as a list of ints, or a WrongAnswer (never truncating a float)."""
    if type(got) is list and all(type(x) is int for x in got):  # the usual answer: no conversion
        perm: list[int] = got
    else:
        where = _("your shuffle (n = {n})").format(n=n)
        returns = _("a list of whole numbers")
        got = plain(got, where=where, returns=returns)
        if not isinstance(got, list | tuple):
            raise WrongAnswer(
                _("your shuffle returned {value} for n = {n}, not a list").format(value=short(got), n=n),
                hint=_("return the list of cells after the swaps"),
            )
        perm = [whole_number(x, where=where, returns=returns) for x in got]
    if sorted(perm) != list(range(n)):
        raise WrongAnswer(
            _("for n = {n} your shuffle returned {value}, which is not a permutation of 0..{last}").format(
                n=n, value=short(perm), last=n - 1
            ),
            hint=_("swap items; never overwrite one"),
        )
    return perm


def _permutations(
    shuffle: Callable[[int, np.random.Generator], object], n: int, size: int, rng: np.random.Generator
) -> NDArray[np.int64]:
    checked = [_as_permutation(call(shuffle, n, rng), n)]  # the first call maps a stub or an error
    with time_limit(
        _SHUFFLE_SECONDS, _("{size:,} calls of your shuffle with n = {n}").format(size=size, n=n)
    ):
        for _call in range(size - 1):
            checked.append(_as_permutation(shuffle(n, rng), n))  # the rest run directly
    return np.array(checked, dtype=np.int64).reshape(size, n)


#: Names a hand-written Fisher-Yates does not need: whole shuffles from numpy, random or the library.
_SHUFFLERS = frozenset({"fisher_yates", "permutation", "permuted", "shuffle", "sample", "shuffle_board",
                        "shuffles"})  # fmt: skip


@exercise(N_("Fisher-Yates shuffle"))
def check_fisher_yates(
    my_fisher_yates: Callable[[int, np.random.Generator], object], *, hidden: bool = False
) -> None:
    """``my_fisher_yates(n, rng)`` is uniform: every permutation appears, and the sampled
    distribution is within sampling noise of uniform (24,000 shuffles of 4 items)."""
    refuse_library(
        my_fisher_yates, _SHUFFLERS, hint=_("draw each j with rng.integers and swap the cells yourself")
    )
    cases = [(4, 24_000, 0.025)] + ([(1, 10, 0.0), (2, 4_000, 0.04), (5, 60_000, 0.035)] if hidden else [])
    cases += [(6, 20_000, 1.0)] if hidden else []  # n = 6: every one of the 720 permutations must appear
    rng = np.random.default_rng(2024)
    for n, size, limit in cases:
        perms = _permutations(my_fisher_yates, n, size, rng)
        sampled = from_samples(perms)
        if not (n < 2 or sampled.support_size > 1):
            raise WrongAnswer(
                _("all {size:,} shuffles of {n} items gave the same permutation, {perm}").format(
                    size=size, n=n, perm=perms[0].tolist()
                ),
                hint=_(
                    "swap cells i and j at every step, with j drawn from the rng your function "
                    "receives; a generator seeded inside the function repeats its draws "
                    "on every call"
                ),
            )
        missing = factorial(n) - sampled.support_size
        if missing:
            raise WrongAnswer(
                _(
                    "in {size:,} shuffles of {n} items, {missing} of the {total} permutations never appeared"
                ).format(size=size, n=n, missing=missing, total=factorial(n)),
                hint=_missing_hint(perms),
            )
        distance = sampled.tv_distance()
        if distance > limit:
            raise WrongAnswer(
                _(
                    "{size:,} shuffles of {n} items are {distance:.3f} from uniform; a fair shuffle "
                    "lands under {limit}"
                ).format(size=size, n=n, distance=distance, limit=limit),
                hint=_(
                    "some permutations come up more often than others: draw j from 0..i only "
                    "(not from 0..n-1, the naive swap), for i = n-1 down to 1"
                ),
            )


def _single_cycle(perm: NDArray[np.int64]) -> bool:
    """True if following ``perm`` from 0 visits every item before coming back (one n-cycle)."""
    seen, item = 1, int(perm[0])
    while item != 0:
        item, seen = int(perm[item]), seen + 1
    return seen == len(perm)


def _missing_hint(perms: NDArray[np.int64]) -> str:
    """Why some permutations never appear: every one a single cycle is Sattolo's j < i; else the
    loop stops too early (some positions never get their turn)."""
    if all(_single_cycle(perm) for perm in perms[:200]):
        return _(
            "j must run over 0..i, i included: an item may stay put (j < i is Sattolo's algorithm, "
            "the articles' slip)"
        )
    return _("the loop must give every position its turn: i runs from n-1 all the way down to 1")


@exercise(N_("pick j for Fisher-Yates"))
def check_pick_j(pick_j: Callable[[int, float], object], *, hidden: bool = False) -> None:
    """``pick_j(i, u)`` (u uniform in [0, 1)) gives each j in 0..i equally often."""
    largest, grid = (11, 27_720) if hidden else (9, 2_520)  # grid: a multiple of each of 1..largest + 1
    call(pick_j, 1, 0.5)  # a stub or an error becomes a message
    for i in range(1, largest + 1):
        with time_limit(10, _("{count:,} calls pick_j({i}, u)").format(count=grid, i=i)):
            raw = [pick_j(i, (k + 0.5) / grid) for k in range(grid)]  # midpoints: no rounding at the edges
        js = [j if type(j) is int else whole_number(j, where=f"pick_j({i}, u)") for j in raw]
        outside = [j for j in js if not 0 <= j <= i]
        if outside:
            raise WrongAnswer(
                _("for i = {i} your j reaches {j}").format(i=i, j=outside[0]),
                hint=_("j must stay in 0..{i}").format(i=i),
            )
        if i not in js:
            raise WrongAnswer(
                _("for i = {i} j never equals {i}").format(i=i),
                hint=_("the item may also stay where it is (that is the articles' slip)"),
            )
        counts = np.bincount(js, minlength=i + 1)
        if counts.max() != counts.min():
            raise WrongAnswer(
                _("for i = {i} some j come up more often than others").format(i=i),
                hint=_(
                    "scale u by the number of choices and round down (rounding to the nearest "
                    "gives the ends half as often)"
                ),
            )


_KEYS_HINT = N_(
    "use the permutation as a tuple for the key, e.g. counts[tuple(cells)] += 1, "
    "so that the key (1, 0, 2) stands for cell 0 holding item 1, cell 1 item 0, cell 2 item 2"
)


def _counts_by_permutation(got: dict[Plain, Plain], n: int) -> dict[tuple[int, ...], int]:
    """The student's dict with tuple keys and whole-number values, or a WrongAnswer that says
    what the keys should look like."""
    counted: dict[tuple[int, ...], int] = {}
    for key, value in got.items():
        try:
            if isinstance(key, str) and key.isdigit():  # "102" for (1, 0, 2): a student's way
                perm = tuple(int(x) for x in key)
            else:  # a key that cannot be iterated (a number) raises the TypeError caught below
                where = f"naive_swap_counts({n})"
                perm = tuple(whole_number(x, where=where) for x in cast("Iterable[Plain]", key))
        except (TypeError, WrongAnswer):
            raise WrongAnswer(
                _(
                    "{call} has the key {key} ({kind}); the keys must be permutations of 0..{last}, "
                    "as tuples of {n} numbers"
                ).format(
                    call=f"naive_swap_counts({n})", key=repr(key), kind=type(key).__name__, last=n - 1, n=n
                ),
                hint=_(_KEYS_HINT),
            ) from None
        if sorted(perm) != list(range(n)):
            raise WrongAnswer(
                _("{call} has the key {key}, which is not a permutation of 0..{last}").format(
                    call=f"naive_swap_counts({n})", key=repr(key), last=n - 1
                ),
                hint=_(_KEYS_HINT),
            )
        try:
            counted[perm] = counted.get(perm, 0) + whole_number(value, where=f"naive_swap_counts({n})")
        except WrongAnswer:
            raise WrongAnswer(
                _("{entry} is {value}, not a whole number").format(
                    entry=f"naive_swap_counts({n})[{key!r}]", value=short(value)
                ),
                hint=_("a value counts the runs ending in its key"),
            ) from None
    return counted


@exercise(N_("count the naive swap's runs"))
def check_naive_swap_counts(naive_swap_counts: Callable[[int], object], *, hidden: bool = False) -> None:
    """``naive_swap_counts(n)``: {permutation tuple: number of runs} over all ``n**n`` runs."""
    for n in [3, 4] + ([1, 2, 5, 6] if hidden else []):
        truth = exact("naive_swap", n)
        got = plain(
            call_within(20, naive_swap_counts, n),
            where=f"naive_swap_counts({n})",
            returns=_("a dict {{permutation tuple: number of runs}}").format(),
        )
        if not isinstance(got, dict):
            raise WrongAnswer(
                _("{call} returned {kind}, not a dict").format(
                    call=f"naive_swap_counts({n})", kind=type(got).__name__
                ),
                hint=_("map each permutation (a tuple) to its number of runs"),
            )
        counted = _counts_by_permutation(got, n)
        total = sum(counted.values())
        if total != n**n:
            raise WrongAnswer(
                _("for n = {n} your counts add up to {total}, not {n}**{n} = {runs} runs").format(
                    n=n, total=total, runs=n**n
                ),
                hint=_("itertools.product(range(n), repeat=n) lists every run"),
            )
        hint = _(
            "step i swaps cell i with cell k (k from 0..n-1, every value), for i = 0, 1, ..., n-1 in turn, "
            "each run starting from 0, 1, ..., n-1"
        )
        for perm in all_permutations(n).tolist():
            same(
                counted.get(tuple(perm), 0),
                int(truth.counts[rank(perm)]),
                where=_("n = {n}, permutation {perm}").format(n=n, perm=tuple(perm)),
                reveal=False,
                hint=hint,
            )


def _fair_home_row(rows: int, cols: int) -> Fraction:
    """Average number of tiles (blank not counted) in their goal row, over every permutation,
    each weighted by its count under a fair shuffle."""
    n = rows * cols
    d = uniform(n)  # what Fisher-Yates gives (the library's tests check it exactly)
    perms = all_permutations(n)  # row r: cell c holds item perms[r, c]; item n - 1 is the blank
    cell_rows = np.arange(n) // cols
    in_row = ((perms // cols == cell_rows) & (perms != n - 1)).sum(axis=1)
    return Fraction(int(d.counts @ in_row), d.total)


@exercise(N_("tiles in their goal row after a fair shuffle"))
def check_expected_home_row(expected_home_row: Callable[[int, int], object], *, hidden: bool = False) -> None:
    """``expected_home_row(rows, cols)``: the average number of tiles (blank not counted) that a
    fair shuffle leaves somewhere in their goal row."""
    shapes = [(2, 2), (2, 3), (3, 2)] + ([(3, 3), (2, 4), (4, 2)] if hidden else [])
    for rows, cols in shapes:
        n = rows * cols
        answer = call_within(30, expected_home_row, rows, cols)  # a student may add up every permutation
        got = _as_fraction(answer, f"expected_home_row({rows}, {cols})")
        if got == Fraction(n - 1, n):
            raise WrongAnswer(
                _("for a {rows}x{cols} board you counted tiles in their own cell").format(
                    rows=rows, cols=cols
                ),
                hint=_("a tile is in its goal row when it is in any of the cells of that row"),
            )
        same(
            got,
            _fair_home_row(rows, cols),
            where=_("a {rows}x{cols} board").format(rows=rows, cols=cols),
            reveal=False,
            hint=_(
                "linearity again: the chance that one tile lands in its goal row, added over "
                "the tiles (not the blank); the blank takes a cell too"
            ),
        )


@exercise(N_("solvable boards from the printed loop"))
def check_sattolo_solvable(sattolo_solvable: Callable[[int, int], object], *, hidden: bool = False) -> None:
    """``sattolo_solvable(rows, cols)``: the chance that the articles' printed loop (Sattolo)
    gives a solvable board (blank-last goal), for boards of up to 8 cells."""
    # up to 8 cells: a student's loop over the 362,880 permutations of 3x3 costs seconds per call
    shapes = [(2, 2), (2, 3), (2, 4)] + ([(3, 2), (4, 2)] if hidden else [])
    for rows, cols in shapes:
        d = exact("tutorial_fisher_yates", rows * cols)
        want = Fraction(int(d.counts @ solvable_mask((rows, cols))), d.total)
        answer = call_within(30, sattolo_solvable, rows, cols)  # 8 cells: 40,320 permutations to add up
        got = _as_fraction(answer, f"sattolo_solvable({rows}, {cols})")
        same(
            got,
            want,
            where=_("a {rows}x{cols} board").format(rows=rows, cols=cols),
            reveal=False,
            hint=_(
                "add up the counts of the permutations whose board parity.is_solvable accepts, "
                "then divide by the total of all counts"
            ),
        )
