"""Hypothesis strategies shared by the test modules, and the catalogue of the core's public
functions that the fuzz tests (``test_fuzz_core.py``) and ``fuzz_report.py`` try odd inputs on.

The catalogue resolves every function through a namespace of modules passed in (``core()``),
so ``fuzz_report.py`` can run the same calls against an older copy of the library.
"""

from __future__ import annotations

import importlib
import math
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from types import SimpleNamespace

import numpy as np
from hypothesis import strategies as st

from puzzlelab import Board


@st.composite
def boards(draw, max_side=5):
    """Any arrangement on any rows x cols board with sides from 2 to ``max_side``."""
    rows = draw(st.integers(2, max_side))
    cols = draw(st.integers(2, max_side))
    tiles = draw(st.permutations(range(rows * cols)))
    return Board(tiles, rows, cols)


# -- odd inputs ------------------------------------------------------------------------------------
def _generator():
    return (x for x in [2, 1, 0])


#: label -> a function making the value (fresh each time: generators are used up once read)
ODD: dict[str, object] = {
    "None": lambda: None,
    "True": lambda: True,
    "False": lambda: False,
    "0": lambda: 0,
    "-1": lambda: -1,
    "3": lambda: 3,
    "10**7": lambda: 10**7,
    "10**30": lambda: 10**30,
    "10**400": lambda: 10**400,
    "-10**30": lambda: -(10**30),
    "1.5": lambda: 1.5,
    "3.0": lambda: 3.0,
    "nan": lambda: math.nan,
    "inf": lambda: math.inf,
    "np.int64(3)": lambda: np.int64(3),
    "np.uint8(3)": lambda: np.uint8(3),
    "np.float64(3.0)": lambda: np.float64(3.0),
    "np.bool_(True)": lambda: np.bool_(True),
    "np.array(3)": lambda: np.array(3),
    "Fraction(3)": lambda: Fraction(3),
    "Decimal(3)": lambda: Decimal(3),
    "3+0j": lambda: complex(3, 0),
    "'3'": lambda: "3",
    "'abc'": lambda: "abc",
    "''": lambda: "",
    "b'3'": lambda: b"3",
    "[]": lambda: [],
    "[2, 1, 0]": lambda: [2, 1, 0],
    "[1.5, 0]": lambda: [1.5, 0],
    "(3, 3)": lambda: (3, 3),
    "(3,)": lambda: (3,),
    "{}": lambda: {},
    "{2, 1, 0}": lambda: {2, 1, 0},
    "generator": _generator,
    "range(3)": lambda: range(3),
    "np.arange(3)": lambda: np.arange(3),
    "np.zeros((2, 2))": lambda: np.zeros((2, 2)),
    "object()": lambda: object(),
}
#: values that stand for a valid canonical value: the answer must be the same as for it
EQUIVALENT = {"np.int64(3)": "3", "np.uint8(3)": "3"}
#: values never acceptable where a whole number is asked for
NOT_WHOLE = {
    "None",
    "True",
    "False",
    "1.5",
    "3.0",
    "nan",
    "inf",
    "np.float64(3.0)",
    "np.bool_(True)",
    "np.array(3)",
    "Fraction(3)",
    "Decimal(3)",
    "3+0j",
    "'3'",
    "'abc'",
    "''",
    "b'3'",
    "[]",
    "[2, 1, 0]",
    "[1.5, 0]",
    "(3, 3)",
    "(3,)",
    "{}",
    "{2, 1, 0}",
    "generator",
    "range(3)",
    "np.arange(3)",
    "np.zeros((2, 2))",
    "object()",
}
#: values never acceptable as a seed (``rng``)
NOT_SEED = NOT_WHOLE - {"None"} | {"-1", "-10**30"}
#: values never acceptable as a sequence of whole numbers
NOT_SEQUENCE = {
    "None",
    "True",
    "False",
    "1.5",
    "nan",
    "'3'",
    "'abc'",
    "b'3'",
    "[1.5, 0]",
    "{}",
    "{2, 1, 0}",
    "generator",
    "object()",
    "3",
    "0",
    "-1",
    "np.int64(3)",
    "np.zeros((2, 2))",
}
#: which labels each kind of parameter must refuse
MUST_REFUSE = {
    "whole": NOT_WHOLE,
    "optional_whole": NOT_WHOLE - {"None"},
    "seed": NOT_SEED,
    "sequence": NOT_SEQUENCE,
    "name": set(ODD) - {"'abc'"},
    "shape": NOT_SEQUENCE | {"(3,)", "[]", "[2, 1, 0]", "range(3)", "np.arange(3)"},
    "optional_shape": NOT_SEQUENCE - {"None"} | {"(3,)", "[]", "[2, 1, 0]", "range(3)", "np.arange(3)"},
    "board": {"None", "True", "1.5", "nan", "3", "object()", "{}", "[2, 1, 0]", "(3,)"},
    "goal": {"True", "1.5", "nan", "3", "object()", "{}", "[2, 1, 0]", "(3,)"},
    "array": {"None", "True", "1.5", "nan", "'abc'", "object()", "generator", "[1.5, 0]", "np.zeros((2, 2))"},
    "any": set(),
}
odd_values = st.sampled_from(sorted(ODD))


def core(root=None) -> SimpleNamespace:
    """The core modules, as found on ``sys.path`` (any version of the library)."""
    names = ("board", "parity", "perm", "shuffles", "distributions")
    ns = SimpleNamespace(**{name: importlib.import_module(f"puzzlelab.{name}") for name in names})
    try:
        ns.sampling = importlib.import_module("puzzlelab.sampling")
    except ImportError:  # before the split the batch sampler lived in shuffles
        ns.sampling = ns.shuffles
    if not hasattr(ns.shuffles, "random_solvable_board"):
        ns.shuffles.random_solvable_board = ns.shuffles.uniform_solvable
    return ns


@dataclass(frozen=True)
class Call:
    """One public function with a valid set of arguments and the kind of each argument."""

    label: str
    function: object  # (m, **arguments) -> result, m the namespace of modules
    arguments: dict
    kinds: dict
    aliases: dict = field(default_factory=dict)  # words a message may use for an argument

    def run(self, m, **changes):
        return self.function(m, **{**self.arguments, **changes})


def _b33(m):
    return m.board.Board.parse("1 2 3/4 5 6/7 _ 8")


def _dist(m):
    return m.distributions.exact("naive_swap", 4)


W, S, Q, N, SH, B, G, A, ANY = "whole", "seed", "sequence", "name", "shape", "board", "goal", "array", "any"
TILE_WORDS = ("tile", "cell", "board", "row", "source")

CALLS: list[Call] = [
    # board
    Call(
        "Board(tiles, rows, cols)",
        lambda m, tiles, rows, cols: m.board.Board(tiles, rows, cols),
        {"tiles": [1, 2, 0, 3], "rows": 2, "cols": 2},
        {"tiles": Q, "rows": "optional_whole", "cols": "optional_whole"},
        {"tiles": TILE_WORDS},
    ),
    Call(
        "Board.goal(rows, cols, blank)",
        lambda m, rows, cols, blank: m.board.Board.goal(rows, cols, blank),
        {"rows": 3, "cols": 3, "blank": "last"},
        {"rows": W, "cols": "optional_whole", "blank": N},
    ),
    Call(
        "Board.parse(source, shape)",
        lambda m, source, shape: m.board.Board.parse(source, shape),
        {"source": [1, 2, 3, 0], "shape": (2, 2)},
        {"source": ANY, "shape": "optional_shape"},
        {"source": TILE_WORDS},
    ),
    Call(
        "board[key]",
        lambda m, key: _b33(m)[key],
        {"key": (1, 2)},
        {"key": ANY},
        {"key": ("row", "col", "index")},
    ),
    Call("board.position(tile)", lambda m, tile: _b33(m).position(tile), {"tile": 3}, {"tile": W}),
    Call("board.move(move)", lambda m, move: _b33(m).move(move), {"move": "L"}, {"move": ANY}),
    Call(
        "board.apply(moves)",
        lambda m, moves: _b33(m).apply(moves),
        {"moves": "LU"},
        {"moves": ANY},
        {"moves": ("move",)},
    ),
    Call("board.slide(tile)", lambda m, tile: _b33(m).slide(tile), {"tile": 8}, {"tile": W}),
    Call("board.move_for(tile)", lambda m, tile: _b33(m).move_for(tile), {"tile": 8}, {"tile": W}),
    Call(
        "board.swap(i, j)",
        lambda m, i, j: _b33(m).swap(i, j),
        {"i": 0, "j": 3},
        {"i": W, "j": W},
        {"i": ("cell",), "j": ("cell",)},
    ),
    Call("board.is_goal(goal)", lambda m, goal: _b33(m).is_goal(goal), {"goal": None}, {"goal": G}),
    Call("board.misplaced(goal)", lambda m, goal: _b33(m).misplaced(goal), {"goal": None}, {"goal": G}),
    Call(
        "board_svg(board, cell, goal)",
        lambda m, board, cell, goal: m.board.board_svg(board, cell, goal),
        {"board": None, "cell": 40, "goal": None},
        {"board": B, "cell": W, "goal": G},
    ),
    Call(
        "goal_for(board, goal)",
        lambda m, board, goal: m.board.goal_for(board, goal),
        {"board": None, "goal": None},
        {"board": B, "goal": G},
    ),
    Call(
        "check_shape(rows, cols)",
        lambda m, rows, cols: m.board.check_shape(rows, cols),
        {"rows": 3, "cols": 3},
        {"rows": W, "cols": W},
    ),
    Call(
        "neighbour_table(rows, cols)",
        lambda m, rows, cols: m.board.neighbour_table(rows, cols),
        {"rows": 3, "cols": 3},
        {"rows": W, "cols": W},
    ),
    # parity
    Call(
        "inversions(seq, method)",
        lambda m, seq, method: m.parity.inversions(seq, method=method),
        {"seq": [2, 1, 0], "method": "fenwick"},
        {"seq": Q, "method": N},
    ),
    Call(
        "inversions_naive(seq)", lambda m, seq: m.parity.inversions_naive(seq), {"seq": [2, 1, 0]}, {"seq": Q}
    ),
    Call(
        "inversions_merge(seq)", lambda m, seq: m.parity.inversions_merge(seq), {"seq": [2, 1, 0]}, {"seq": Q}
    ),
    Call(
        "inversions_fenwick(seq)",
        lambda m, seq: m.parity.inversions_fenwick(seq),
        {"seq": [2, 1, 0]},
        {"seq": Q},
    ),
    Call(
        "inversion_pairs(seq)", lambda m, seq: m.parity.inversion_pairs(seq), {"seq": [2, 1, 0]}, {"seq": Q}
    ),
    Call(
        "permutation_parity(perm)",
        lambda m, perm: m.parity.permutation_parity(perm),
        {"perm": [2, 1, 0]},
        {"perm": Q},
    ),
    Call(
        "board_inversions(board, goal)",
        lambda m, board, goal: m.parity.board_inversions(board, goal),
        {"board": None, "goal": None},
        {"board": B, "goal": G},
    ),
    Call(
        "inverted_positions(board, goal)",
        lambda m, board, goal: m.parity.inverted_positions(board, goal),
        {"board": None, "goal": None},
        {"board": B, "goal": G},
    ),
    Call(
        "explain(board, goal)",
        lambda m, board, goal: str(m.parity.explain(board, goal)),
        {"board": None, "goal": None},
        {"board": B, "goal": G},
    ),
    Call(
        "is_solvable(board, goal)",
        lambda m, board, goal: m.parity.is_solvable(board, goal),
        {"board": None, "goal": None},
        {"board": B, "goal": G},
    ),
    # perm
    Call("rank(perm)", lambda m, perm: m.perm.rank(perm), {"perm": [2, 1, 0]}, {"perm": Q}),
    Call("unrank(r, n)", lambda m, r, n: m.perm.unrank(r, n), {"r": 3, "n": 4}, {"r": W, "n": W}),
    Call(
        "rank_many(perms)",
        lambda m, perms: m.perm.rank_many(perms).tolist(),
        {"perms": [[2, 1, 0], [0, 1, 2]]},
        {"perms": A},
    ),
    Call(
        "unrank_many(ranks, n)",
        lambda m, ranks, n: m.perm.unrank_many(ranks, n).tolist(),
        {"ranks": [0, 3], "n": 3},
        {"ranks": A, "n": W},
    ),
    Call("all_permutations(n)", lambda m, n: m.perm.all_permutations(n).tolist(), {"n": 3}, {"n": W}),
    Call(
        "parity_many(perms)",
        lambda m, perms: m.perm.parity_many(perms).tolist(),
        {"perms": [[2, 1, 0], [0, 1, 2]]},
        {"perms": A},
    ),
    # shuffles (teaching)
    *[
        Call(
            f"{name}(n, rng)",
            (lambda f: lambda m, n, rng: getattr(m.shuffles, f)(n, rng))(name),
            {"n": 3, "rng": 0},
            {"n": W, "rng": S},
        )
        for name in ("naive_swap", "tutorial_fisher_yates", "fisher_yates", "sort_shuffle")
    ],
    Call(
        "random_walk(n, rng, shape, steps)",
        lambda m, n, rng, shape, steps: m.shuffles.random_walk(n, rng, shape=shape, steps=steps),
        {"n": 9, "rng": 0, "shape": (3, 3), "steps": 3},
        {"n": W, "rng": S, "shape": SH, "steps": W},
    ),
    Call(
        "sort_shuffle_tree(n)",
        lambda m, n: [a.tolist() for a in m.shuffles.sort_shuffle_tree(n)],
        {"n": 3},
        {"n": W},
    ),
    Call(
        "board_from_perm(perm, rows, cols, goal)",
        lambda m, perm, rows, cols, goal: m.shuffles.board_from_perm(perm, rows, cols, goal=goal),
        {"perm": [0, 2, 1, 3], "rows": 2, "cols": 2, "goal": None},
        {"perm": Q, "rows": W, "cols": W, "goal": G},
    ),
    Call(
        "perm_from_board(board, goal)",
        lambda m, board, goal: m.shuffles.perm_from_board(board, goal=goal),
        {"board": None, "goal": None},
        {"board": B, "goal": G},
    ),
    Call(
        "make_solvable(board)",
        lambda m, board: m.shuffles.make_solvable(board),
        {"board": None},
        {"board": B},
    ),
    Call(
        "random_solvable_board(rows, cols, rng, goal)",
        lambda m, rows, cols, rng, goal: m.shuffles.random_solvable_board(rows, cols, rng, goal=goal),
        {"rows": 3, "cols": 3, "rng": 0, "goal": None},
        {"rows": W, "cols": W, "rng": S, "goal": G},
    ),
    Call(
        "shuffle_board(name, rows, cols, rng, solvable)",
        lambda m, name, rows, cols, rng, solvable: m.shuffles.shuffle_board(
            name, rows, cols, rng, solvable=solvable
        ),
        {"name": "fisher_yates", "rows": 3, "cols": 3, "rng": 0, "solvable": False},
        {"name": N, "rows": W, "cols": W, "rng": S, "solvable": ANY},
    ),
    Call(
        "shuffle_board(random_walk, steps)",
        lambda m, steps: m.shuffles.shuffle_board("random_walk", 3, 3, 0, steps=steps),
        {"steps": 3},
        {"steps": W},
    ),
    # sampling
    Call(
        "sample(name, n, size, rng)",
        lambda m, name, n, size, rng: small_list(m.sampling.sample(name, n, size, rng)),
        {"name": "fisher_yates", "n": 4, "size": 3, "rng": 0},
        {"name": N, "n": W, "size": W, "rng": S},
    ),
    Call(
        "sample(random_walk, shape, steps)",
        lambda m, shape, steps: m.sampling.sample("random_walk", 9, 3, 0, shape=shape, steps=steps).tolist(),
        {"shape": (3, 3), "steps": 3},
        {"shape": SH, "steps": W},
    ),
    # distributions
    Call(
        "exact(name, n)",
        lambda m, name, n: m.distributions.exact(name, n).counts.tolist(),
        {"name": "naive_swap", "n": 3},
        {"name": N, "n": W},
    ),
    Call(
        "exact(random_walk, shape, steps)",
        lambda m, shape, steps: m.distributions.exact(
            "random_walk", 4, shape=shape, steps=steps
        ).counts.tolist(),
        {"shape": (2, 2), "steps": 3},
        {"shape": SH, "steps": W},
    ),
    Call("uniform(n)", lambda m, n: m.distributions.uniform(n).total, {"n": 3}, {"n": W}),
    Call(
        "solvable_mask(shape)",
        lambda m, shape: m.distributions.solvable_mask(shape).tolist(),
        {"shape": (2, 2)},
        {"shape": SH},
    ),
    Call(
        "uniform_solvable(shape)",
        lambda m, shape: m.distributions.uniform_solvable(shape).counts.tolist(),
        {"shape": (2, 2)},
        {"shape": SH},
    ),
    Call(
        "from_samples(perms)",
        lambda m, perms: m.distributions.from_samples(perms).counts.tolist(),
        {"perms": [[2, 1, 0], [0, 1, 2]]},
        {"perms": A},
    ),
    Call(
        "parity_fixed(distribution, shape)",
        lambda m, distribution, shape: m.distributions.parity_fixed(distribution, shape).counts.tolist(),
        {"distribution": None, "shape": (2, 2)},
        {"distribution": B, "shape": SH},
    ),
    Call(
        "at_home_counts(perms)",
        lambda m, perms: m.distributions.at_home_counts(perms).tolist(),
        {"perms": [[2, 1, 0], [0, 1, 2]]},
        {"perms": A},
    ),
    Call(
        "expected_at_home(shape, steps)",
        lambda m, shape, steps: m.distributions.expected_at_home(shape, steps),
        {"shape": (2, 2), "steps": 3},
        {"shape": SH, "steps": W},
    ),
    Call(
        "sampled_at_home(shape, steps, size, rng)",
        lambda m, shape, steps, size, rng: m.distributions.sampled_at_home(shape, steps, size, rng),
        {"shape": (2, 2), "steps": 3, "size": 100, "rng": 0},
        {"shape": SH, "steps": W, "size": W, "rng": S},
    ),
    Call(
        "Distribution.probability(perm)",
        lambda m, perm: _dist(m).probability(perm),
        {"perm": [3, 2, 1, 0]},
        {"perm": Q},
    ),
    Call(
        "Distribution.tv_distance(other)",
        lambda m, other: _dist(m).tv_distance(other),
        {"other": None},
        {"other": ANY},
    ),
]


def fill_defaults(m, call: Call, changes: dict) -> dict:
    """Arguments that name a board or a distribution are made here (their valid value needs
    the modules); ``None`` in the catalogue stands for that default."""
    arguments = {**call.arguments, **changes}
    for name, kind in call.kinds.items():
        if name in changes:
            continue
        if kind == B and arguments[name] is None:
            arguments[name] = _dist(m) if name == "distribution" else _b33(m)
    return arguments


#: what happened to one odd input; the first four are fine, the rest are bugs
FINE = ("refused", "correct", "accepted")
OUTCOMES = ("refused", "correct", "accepted", "unclear error", "crash", "wrong", "hang", "memory")


def classify(call: Call, param: str, label: str, result, error, seconds: float, canonical=None) -> str:
    """The outcome of one odd input ``label`` given to ``param`` (see ``OUTCOMES``)."""
    kind = call.kinds[param]
    if isinstance(error, TimeoutError) or seconds > HANG_SECONDS:
        return "hang"
    if isinstance(error, MemoryError):
        return "memory"
    if error is not None:
        if not isinstance(error, TypeError | ValueError):
            return "crash"
        return "refused" if names_argument(call, param, error) else "unclear error"
    if label in EQUIVALENT:
        return "correct" if canonical == ("ok", _plain(result)) else "wrong"
    if label in MUST_REFUSE[kind]:
        return "wrong"
    return "accepted"


#: a message about a shape may name its parts instead
SHAPE_WORDS = {"shape": ("rows", "cols"), "optional_shape": ("rows", "cols")}


def names_argument(call: Call, param: str, error: Exception) -> bool:
    """A clear refusal: a short message that names the argument (or a word for it)."""
    message = str(error).lower()
    words = (param.lower(), *call.aliases.get(param, ()), *SHAPE_WORDS.get(call.kinds[param], ()))
    return len(message) < 1000 and any(w in message for w in words)


def small_list(array):
    """``array.tolist()`` for a result small enough to compare, else its shape: a sample of millions
    of rows within the library's limits must not spend the fuzz test's CPU budget on Python lists."""
    return array.tolist() if array.size <= 100_000 else ("array", array.shape, str(array.dtype))


def _plain(result):
    return repr(result)


HANG_SECONDS = 10.0


def attempt(m, call: Call, param: str, label: str):
    """Run ``call`` with ``param`` replaced by the odd value ``label``: ``(result, error, seconds)``."""
    import time

    arguments = fill_defaults(m, call, {param: ODD[label]()})
    start = time.process_time()
    try:
        result, error = call.function(m, **arguments), None
    except Exception as caught:
        result, error = None, caught
    return result, error, time.process_time() - start


def canonical_answer(m, call: Call, param: str, label: str):
    """``("ok", repr(result))`` or ``("error", type)`` for the value ``label`` stands for."""
    result, error, _ = attempt(m, call, param, EQUIVALENT[label])
    return ("ok", _plain(result)) if error is None else ("error", type(error).__name__)
