"""Odd inputs against every public function of the core (board, parity, perm, shuffles, sampling,
distributions): each ends in a clear ``TypeError``/``ValueError`` naming the argument, or in the
correct answer, within a time limit; requests too large are refused in milliseconds, before any
memory is taken; and what is accepted at the limits stays under ~1 GB and ~30 s (slow test,
measured in a subprocess).

The catalogue of calls and odd values is in ``strategies.py`` (``tests/fuzz_report.py`` prints the
same trials as a table).
"""

from __future__ import annotations

import json
import math
import signal
import subprocess
import sys
import time
import tracemalloc

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import (
    CALLS,
    EQUIVALENT,
    FINE,
    ODD,
    Call,
    attempt,
    canonical_answer,
    classify,
    core,
    fill_defaults,
    names_argument,
)

M = core()
PAIRS = [(call, param) for call in CALLS for param in call.kinds]


class _Alarm(TimeoutError):
    pass


def _raise_alarm(signum, frame):
    raise _Alarm("took too long")


@pytest.fixture(autouse=True)
def hang_guard():
    """A hang becomes a TimeoutError (recorded as "hang") instead of a stuck test run."""
    previous = signal.signal(signal.SIGALRM, _raise_alarm)
    yield
    signal.setitimer(signal.ITIMER_REAL, 0)
    signal.signal(signal.SIGALRM, previous)


def outcome(call: Call, param: str, label: str) -> tuple[str, str]:
    signal.setitimer(signal.ITIMER_REAL, 10)
    try:
        result, error, seconds = attempt(M, call, param, label)
        canonical = canonical_answer(M, call, param, label) if label in EQUIVALENT else None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    verdict = classify(call, param, label, result, error, seconds, canonical)
    detail = f"{type(error).__name__}: {str(error)[:200]}" if error is not None else repr(result)[:100]
    return verdict, detail


@pytest.mark.parametrize(("call", "param"), PAIRS, ids=[f"{c.label}-{p}" for c, p in PAIRS])
def test_every_odd_value_is_refused_clearly_or_answered_correctly(call, param):
    bad = []
    for label in ODD:
        verdict, detail = outcome(call, param, label)
        if verdict not in FINE:
            bad.append(f"{param}={label}: {verdict} ({detail})")
    assert not bad, f"{call.label}:\n" + "\n".join(bad)


def test_the_catalogue_covers_every_public_function():
    """Each name in the core modules' ``__all__`` that is a function is tried, or listed here
    with the reason it is not."""
    tried = " ".join(call.label for call in CALLS)
    covered_elsewhere = {
        "as_board",  # every call with a board or goal argument goes through it
        "check_board_shape",  # every call with a shape argument goes through it
        "shuffle_spec",  # every call with a shuffle name goes through it
        "sample_work",  # sample's own limit check
        "article_naive_swap",
        "article_printed_fix",
        "exact_article_naive_swap",
        "extremes",
        "printed_fix",
        "printed_fix_unsolvable",
        "rule_mistakes",
        "verdicts_by_rank",
        "walk_home_chances",  # lesson helpers: tried by test_lesson_odd_inputs below
        "register_shuffle",
        "unregister_shuffle",  # the registry: tried by tests/test_registries.py
        "check_rows",  # every perms argument goes through it
        "permutation_table",  # all_permutations, cached
        "swap_chain",
        "walk_counts",
        "walk_neighbours",
        "article_moves",  # the exact models' building blocks, reached through exact()'s checked arguments
    }
    missing = []
    for name in ("board", "parity", "perm", "shuffles", "sampling", "distributions"):
        module = getattr(M, name)
        for public in module.__all__:
            value = getattr(module, public)
            skip = not callable(value) or isinstance(value, type | dict) or public in covered_elsewhere
            if not skip and f"{public}(" not in tried:
                missing.append(f"{name}.{public}")
    assert not missing


@pytest.mark.parametrize(
    ("function", "arguments", "names"),
    [
        ("article_naive_swap", {"rows": 1.5, "cols": 3}, "rows"),
        ("article_naive_swap", {"rows": 3, "cols": 3, "rng": "x"}, "rng"),
        ("article_printed_fix", {"board": [1, 2, 3, 0]}, "board"),
        ("article_printed_fix", {"board": "B", "stale_blank": 1.5}, "stale_blank"),
        ("article_printed_fix", {"board": "B", "stale_blank": 99}, "stale_blank"),
        ("exact_article_naive_swap", {"shape": (4, 4)}, r"shape=\(4, 4\).*too large"),
        ("exact_article_naive_swap", {"shape": "3x3"}, "shape"),
        ("extremes", {"distribution": [1, 2]}, "distribution"),
        ("printed_fix", {"distribution": None, "shape": (2, 2)}, "distribution"),
        ("printed_fix_unsolvable", {"shape": (3, 3), "shuffle": 5}, "shuffle"),
        ("verdicts_by_rank", {"shape": (2, 2), "goal": "1 2 3/4 5 6/7 8 _"}, "goal"),
        ("walk_home_chances", {"shape": (4, 4), "steps": math.nan}, "steps"),
        ("walk_home_chances", {"shape": (4, 4), "steps": 10**30}, "limit"),
        ("rule_mistakes", {"rule": 3, "shape": (2, 2), "goal": None, "reachable": []}, "rule"),
    ],
)
def test_lesson_odd_inputs(function, arguments, names):
    module = M.shuffles if hasattr(M.shuffles, function) else M.distributions
    arguments = {
        k: (M.board.Board.parse("1 2 3/4 5 6/7 _ 8") if v == "B" else v) for k, v in arguments.items()
    }
    start = time.process_time()
    with pytest.raises((TypeError, ValueError), match=names):
        getattr(module, function)(**arguments)
    assert time.process_time() - start < 0.05


# -- hypothesis: wider odd values than the fixed list ---------------------------------------------
wide = st.one_of(
    st.sampled_from(sorted(ODD)).map(lambda label: ODD[label]()),
    st.integers(-(10**40), 10**40),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.lists(st.integers(-3, 20), max_size=12),
    st.tuples(st.integers(-3, 20), st.integers(-3, 20)),
    st.lists(st.lists(st.integers(-1, 4), min_size=3, max_size=3), max_size=3).map(np.array),
    st.sampled_from([np.int16(2), np.uint64(2**64 - 1), np.float32(2.5), np.complex64(1)]),
)


@settings(deadline=None, max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(pair=st.sampled_from(PAIRS), value=wide)
def test_any_value_ends_in_a_clear_error_or_an_answer(pair, value):
    call, param = pair
    arguments = fill_defaults(M, call, {param: value})
    signal.setitimer(signal.ITIMER_REAL, 10)
    start = time.process_time()
    refusal = None
    try:
        call.function(M, **arguments)
    except (TypeError, ValueError) as error:
        refusal = error
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    if refusal is not None:
        assert names_argument(call, param, refusal), (call.label, param, value, str(refusal)[:300])
    assert time.process_time() - start < 5


# -- too large: refused in milliseconds, before allocating ------------------------------------------
TWO_MILLION_MOVES = "UD" * 1_000_001  # made once, outside the measurement
TOO_LARGE = [
    ("exact fisher_yates n=10**7", lambda: M.distributions.exact("fisher_yates", 10**7)),
    ("exact naive_swap n=2000", lambda: M.distributions.exact("naive_swap", 2000)),
    ("exact sort_shuffle n=10**400", lambda: M.distributions.exact("sort_shuffle", 10**400)),
    (
        "exact random_walk 3x3 steps=10**9",
        lambda: M.distributions.exact("random_walk", 9, shape=(3, 3), steps=10**9),
    ),
    ("uniform n=12", lambda: M.distributions.uniform(12)),
    ("solvable_mask 16x16", lambda: M.distributions.solvable_mask((16, 16))),
    ("sample fisher_yates n=10**7", lambda: M.sampling.sample("fisher_yates", 10**7, 1)),
    ("sample sort_shuffle 12.5M rows", lambda: M.sampling.sample("sort_shuffle", 8, 12_500_000 * 4)),
    ("sample naive_swap 10**9 rows", lambda: M.sampling.sample("naive_swap", 9, 10**9)),
    (
        "sample random_walk steps=10**9",
        lambda: M.sampling.sample("random_walk", 16, 10, shape=(4, 4), steps=10**9),
    ),
    (
        "sample random_walk steps=10**5 x 10**4",
        lambda: M.sampling.sample("random_walk", 16, 10**4, shape=(4, 4), steps=10**5),
    ),
    ("sampled_at_home size=10**9", lambda: M.distributions.sampled_at_home((4, 4), 30, 10**9)),
    ("random_walk steps=10**9", lambda: M.shuffles.random_walk(16, 0, shape=(4, 4), steps=10**9)),
    ("fisher_yates n=10**9", lambda: M.shuffles.fisher_yates(10**9)),
    ("sort_shuffle n=10**6", lambda: M.shuffles.sort_shuffle(10**6)),
    ("all_permutations n=11", lambda: M.perm.all_permutations(11)),
    ("unrank n=21", lambda: M.perm.unrank(0, 21)),
    ("parity_many 1 x 10**5", lambda: M.perm.parity_many(np.zeros((1, 10**5), dtype=np.int8))),
    ("inversions_naive 20,000 items", lambda: M.parity.inversions_naive(range(20_000))),
    ("inversion_pairs 5,000 items", lambda: M.parity.inversion_pairs(range(5_000))),
    ("Board from range(10**12)", lambda: M.board.Board(range(10**12))),
    ("Board.apply 2M moves", lambda: M.board.Board.goal(3, 3).apply(TWO_MILLION_MOVES)),
    ("walk_home_chances 16x16 steps=10**6", lambda: M.distributions.walk_home_chances((16, 16), 10**6)),
]


@pytest.mark.parametrize(("label", "request_"), TOO_LARGE, ids=[t[0] for t in TOO_LARGE])
def test_too_large_is_refused_in_milliseconds_before_any_allocation(label, request_):
    tracemalloc.start()
    start = time.process_time()
    try:
        with pytest.raises(ValueError, match=r"limit|too large|at most|must be <=") as caught:
            request_()
        seconds = time.process_time() - start
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert seconds < 0.05, seconds
    assert peak < 1_000_000, peak
    message = str(caught.value)
    assert len(message) < 500
    assert "use" in message or "limit" in message or "must be <=" in message


# -- accepted at the limits: bounded time and memory (subprocess, peak resident memory) ------------
CELLS = "sampling.MAX_SAMPLE_CELLS"
AT_LIMITS = {
    "sample sort_shuffle 8 items, most rows": f"sampling.sample('sort_shuffle', 8, {CELLS} // 8, 0)",
    "sample naive_swap 2 items, most rows": f"sampling.sample('naive_swap', 2, {CELLS} // 2, 0)",
    "sample fisher_yates 1 row, most items": "sampling.sample('fisher_yates', 250_000, 1, 0)",
    "sample random_walk 4x4, most steps": "sampling.sample('random_walk', 16, 1000, 0, shape=(4, 4), "
    "steps=150_000)",
    "sample sort_shuffle 20 items (teaching)": "sampling.sample('sort_shuffle', 20, 60_000, 0)",
    "exact naive_swap n=9": "distributions.exact('naive_swap', 9)",
    "exact random_walk 3x3 steps=100": "distributions.exact('random_walk', 9, shape=(3, 3), steps=100)",
    "fisher_yates n=10**6 (teaching)": "shuffles.fisher_yates(10**6, 0)",
    "sort_shuffle n=10**5 (teaching)": "shuffles.sort_shuffle(10**5, 0)",
    "inversions 10**6 items": "parity.inversions(list(range(10**6, 0, -1)))",
}


def measure_in_subprocess(expression: str) -> dict:
    """Run ``expression`` in a fresh interpreter: CPU seconds and peak resident memory (MB)."""
    code = f"""
import json, resource, time
from puzzlelab import distributions, parity, perm, sampling, shuffles
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.process_time()
{expression}
seconds = time.process_time() - start
print(json.dumps({{"seconds": seconds, "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                  "import_mb": base / 1024}}))
"""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.slow
@pytest.mark.parametrize("label", list(AT_LIMITS))
def test_accepted_requests_at_the_limits_stay_under_a_gigabyte_and_thirty_seconds(label):
    figures = measure_in_subprocess(AT_LIMITS[label])
    assert figures["peak_mb"] < 1024, figures
    assert figures["seconds"] < 30, figures


# -- issue 20's hostile inputs: each refused naming its argument, or answered right ---------------
def _hostile_cases():
    from puzzlelab import Board, distributions, heuristics, parity, perm, search
    from puzzlelab.search import Limits, PatternDatabase

    start = Board.parse("4 1 3/7 2 6/_ 5 8")
    groups = ((1, 2, 3, 4), (5, 6, 7, 8))
    pdb = search.pattern_database(Board.goal(3, 3), partition=groups, cache=False, progress=None)

    def tables(*arrays):
        return lambda: PatternDatabase(Board.goal(3, 3), partition=groups, tables=list(arrays))

    def inf_h(board, goal=None):
        return math.inf

    repeats = np.array([[0, 0, 1]])
    cases = [
        ("Board from a dict", lambda: Board({0: 1, 1: 0, 2: 2, 3: 3}), TypeError, "tiles"),
        ("Board from a set", lambda: Board({0, 1, 2, 3}), TypeError, "tiles"),
        ("Board.apply with a generator", lambda: start.apply(m for m in "UL"), TypeError, "moves"),
        ("Board < 5", lambda: start < 5, TypeError, "'<' not supported"),
        ("Limits(budget=-5)", lambda: Limits(budget=-5), ValueError, "budget"),
        ("Limits(seconds='1')", lambda: Limits(seconds="1"), TypeError, "seconds"),
        ("zero(board, goal=5)", lambda: heuristics.zero(start, goal=5), TypeError, "goal"),
        ("parity_many on repeats", lambda: perm.parity_many(repeats), ValueError, "perms"),
        ("parity_many out of range", lambda: perm.parity_many(np.array([[0, 5, 1]])), ValueError, "perms"),
        ("at_home_counts on repeats", lambda: distributions.at_home_counts(repeats), ValueError, "perms"),
        ("a pdb given a str board", lambda: pdb("1 2 3/4 5 6/7 _ 8"), TypeError, "board"),
        ("PatternDatabase(tables=short)", tables(*[np.zeros(3, np.uint8)] * 2), ValueError, "tables"),
        ("PatternDatabase(tables=floats)", tables(*[np.zeros(2**16)] * 2), TypeError, "tables"),
        ("PatternDatabase(tables=one)", tables(np.zeros(2**16, np.uint8)), ValueError, "tables"),
        ("ida_star, inf heuristic", lambda: search.ida_star(start, heuristic=inf_h), ValueError, "heuristic"),
        ("ida_star, inf, recording", lambda: search.ida_star(start, heuristic=inf_h, record=True), ValueError,
         "heuristic"),
    ]  # fmt: skip
    for name in ("manhattan", "misplaced", "linear_conflict", "manhattan_with_blank", "zero"):
        for label, bad in (("a str", "1 2/3 _"), ("a list", [1, 2, 3, 0]), ("None", None)):
            h = heuristics.HEURISTICS[name]
            cases.append((f"{name} given {label}", lambda h=h, bad=bad: h(bad), TypeError, "board"))
    for rule_name, rule in parity.FORMULATIONS.items():
        call = lambda rule=rule: rule(start, Board.goal(2, 2))  # noqa: E731
        cases.append((f"formulation {rule_name[:30]} with a 2x2 goal", call, ValueError, "goal"))
    return cases


HOSTILE = _hostile_cases()


@pytest.mark.parametrize(("label", "call", "error", "words"), HOSTILE, ids=[case[0] for case in HOSTILE])
def test_issue_20_hostile_inputs_are_refused_naming_the_argument(label, call, error, words):
    with pytest.raises(error, match=words):
        call()


@pytest.mark.parametrize("kind", [np.int64, np.int32, np.uint8, np.int16])
@pytest.mark.parametrize("solver", ["astar", "bfs", "greedy", "weighted_astar", "article", "ida_star"])
def test_numpy_integer_heuristic_values_are_whole_numbers_to_every_search(solver, kind):
    from puzzlelab import Board, search
    from puzzlelab.heuristics import manhattan

    start = Board.parse("4 1 3/7 2 6/_ 5 8")
    own = search.solve(start, method=solver, heuristic=lambda b, g=None: kind(manhattan(b, g)))
    plain = search.solve(start, method=solver, heuristic=lambda b, g=None: manhattan(b, g))
    assert own.moves == plain.moves
    assert own.expanded == plain.expanded
    recorded = search.solve(
        start, method=solver, heuristic=lambda b, g=None: kind(manhattan(b, g)), record=True
    )
    assert recorded.moves == plain.moves


def test_a_solvable_start_is_solved_by_ida_star_whatever_inf_the_children_get():
    """inf for boards other than the start is fine for IDA*: they are never entered."""
    from puzzlelab import Board, search
    from puzzlelab.heuristics import manhattan

    start, goal = Board.parse("1 2 3/4 5 6/_ 7 8"), Board.goal(3, 3)
    on_path = {start, start.move("R"), goal}
    result = search.ida_star(start, heuristic=lambda b, g=None: manhattan(b, g) if b in on_path else math.inf)
    assert result.moves == ["R", "R"]


@given(st.sampled_from([(2, 2), (2, 3), (3, 2), (3, 3)]), st.integers(0, 2**32 - 1))
def test_exact_distance_of_a_board_that_cannot_reach_the_goal_is_refused(shape, seed):
    """It returned -1, a number a student could add up or compare without noticing."""
    from puzzlelab import Board
    from puzzlelab.lesson_tools import exact_distance
    from puzzlelab.parity import is_solvable

    tiles = list(np.random.default_rng(seed).permutation(shape[0] * shape[1]))
    board = Board(tiles, *shape)
    if is_solvable(board):
        assert exact_distance(board) >= 0
    else:
        with pytest.raises(ValueError, match="cannot reach the goal"):
            exact_distance(board)
