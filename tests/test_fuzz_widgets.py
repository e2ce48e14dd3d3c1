"""Odd inputs against every widget constructor argument and every control.

The rule (see ``puzzlelab/widgets/_base.py``): a constructor argument of the wrong type is a
``TypeError``, an impossible value a ``ValueError``, both raised at once with a message naming
the argument; everything a student does with a control ends either in a changed widget or in a
clear message on its error line, never in an exception; and the display (``_repr_mimebundle_``
with a PNG and the text summary) works afterwards, whatever happened.
"""

from __future__ import annotations

import base64
import json
import re

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzlelab.widgets import ParityLab, PlayableBoard, SearchPlayer, ShuffleLab, WeightExplorer

PNG = b"\x89PNG\r\n\x1a\n"
#: an error line that names a Python exception class means an exception the widget did not expect
UNEXPECTED = re.compile(r"^[A-Z]\w*(Error|Exception|Exit|Interrupt)\b")

FAST = settings(
    deadline=None,
    max_examples=12,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
#: a sequence of actions builds a widget and runs searches: fewer examples, each doing more
CONTROLS = settings(FAST, max_examples=6)

# -- odd values --------------------------------------------------------------------------------
ODD_SCALARS = [
    None,
    True,
    False,
    0,
    -1,
    1,
    2,
    3,
    17,
    10**6,
    2**63,
    10**100,
    -(10**30),
    1.5,
    2.0,
    float("nan"),
    float("inf"),
    -0.0,
    np.int64(3),
    np.int8(-1),
    np.uint64(2**64 - 1),
    np.float32(2.5),
    np.float64("nan"),
    np.bool_(True),
    "",
    "3",
    "2",
    "astar",
    "1 2/_ 3",
    "1 2 3/4 5 6/8 7 _",
    "x" * 500,
    "\x00",
    b"3",
    [],
    [3],
    (3, 3),
    {},
    {3},
    object(),
    slice(3),
    complex(1, 1),
]
odd = st.one_of(
    st.sampled_from(ODD_SCALARS),
    st.text(max_size=8),
    st.lists(st.integers(-2, 10), max_size=9),
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(-(10**20), 10**20).filter(lambda n: not 4 <= n <= 16),  # 4..16 sides are slow, not odd
)


def assert_displays(view) -> None:
    """The display works in whatever state the view is in, and the error line is clear."""
    bundle = view._repr_mimebundle_()
    if isinstance(bundle, tuple):  # live widgets return (data, metadata)
        bundle = bundle[0]
    assert base64.b64decode(bundle["image/png"]).startswith(PNG)
    summary = view.summary()
    assert isinstance(summary, str)
    assert bundle["text/plain"] == summary
    assert not UNEXPECTED.match(view.error_message), view.error_message


def construct(cls, *args, **kwargs):
    """Build a view, or check it refused the arguments with a clear TypeError/ValueError."""
    try:
        view = cls(*args, **kwargs)
    except (TypeError, ValueError) as err:
        message = str(err)
        assert message, f"{cls.__name__}{args}{kwargs}: an empty message"
        assert not UNEXPECTED.match(message)
        return None
    return view


def check_argument(cls, base: dict, name: str, value) -> None:
    """``cls(**base, name=value)`` is refused clearly (naming ``name``) or builds and displays."""
    try:
        view = cls(**{**base, name: value})
    except (TypeError, ValueError) as err:
        message = str(err)
        assert message
        assert not UNEXPECTED.match(message), message
        if name not in ("start", "goal", "board", "image"):  # board texts say what is wrong with them
            assert name in message or f"{name}=" in message, f"{name}={value!r}: {message}"
        return
    try:
        assert_displays(view)
    finally:
        view.close()


# -- constructors ------------------------------------------------------------------------------
CONSTRUCTORS = {
    PlayableBoard: (
        {"rows": 2, "cols": 2},
        ["rows", "cols", "picture", "algorithm", "blank", "board", "rng"],
    ),
    ParityLab: ({"rows": 2, "cols": 2}, ["rows", "cols", "board", "blank", "mode"]),
    ShuffleLab: (
        {"algorithm": "fisher_yates", "n": 3, "mode": "exact", "samples": 1_000},
        ["algorithm", "n", "mode", "samples", "steps", "rng"],
    ),
    SearchPlayer: (
        {"start": "4 1 3/7 2 6/_ 5 8", "budget": 200},
        ["start", "goal", "method", "heuristic", "weight", "budget"],
    ),
    WeightExplorer: (
        {"start": "4 1 3/7 2 6/_ 5 8"},
        ["start", "weight", "heuristic", "rows", "cols", "rng"],
    ),
}


@pytest.mark.parametrize(
    ("cls", "name"),
    [(cls, name) for cls, (_, names) in CONSTRUCTORS.items() for name in names],
    ids=lambda x: x if isinstance(x, str) else x.__name__,
)
@FAST
@given(value=odd)
def test_constructor_arguments_are_refused_clearly_or_work(cls, name, value):
    base, _ = CONSTRUCTORS[cls]
    if cls is WeightExplorer and name in ("rows", "cols"):
        base = {}  # rows and cols matter only when the explorer draws its own instance
    check_argument(cls, base, name, value)


def test_the_issue_instances():
    """The odd inputs issue 13 reported, one by one."""
    player = SearchPlayer("1 2 3/4 5 6/8 7 _")
    assert "NOT solvable" in player.error_message
    assert_displays(player)
    player.close()
    for budget in (-1, None, "5"):
        with pytest.raises((TypeError, ValueError), match="budget"):
            SearchPlayer("4 1 3/7 2 6/_ 5 8", budget=budget)
    with pytest.raises(TypeError, match="weight"):
        SearchPlayer("4 1 3/7 2 6/_ 5 8", weight="2")
    with pytest.raises(ValueError, match="goal is 2x2"):
        SearchPlayer("4 1 3/7 2 6/_ 5 8", goal="1 2/3 _")
    board = PlayableBoard(7, 7)
    board.set_board(board.goal)
    with pytest.raises(ValueError, match="cell"):
        board.click(49)
    assert_displays(board)
    board.close()


# -- controls ------------------------------------------------------------------------------------
def pick(options, index: int):
    """The option at ``index`` (wrapped) of a selection widget, as its value."""
    option = list(options)[index % len(options)]
    return option[1] if isinstance(option, tuple) else option


@st.composite
def actions(draw, kinds: list[str], max_size: int = 8):
    return draw(st.lists(st.tuples(st.sampled_from(kinds), st.integers(0, 10**6)), max_size=max_size))


#: what a (broken or hostile) front-end could send the playable board: messages and trait values
PLAYABLE_ACTIONS = ["move", "click", "shuffle", "undo", "hint", "solve", "step"]
PLAYABLE_OWN = ["tiles", "move_count", "solved", "status", "animation", "hinted"]  # Python's alone
BOARD_MESSAGES = st.one_of(
    st.fixed_dictionaries({"do": st.sampled_from(PLAYABLE_ACTIONS)}),
    st.fixed_dictionaries({"do": st.just("move"), "move": st.one_of(st.sampled_from("UDLR"), odd)}),
    st.fixed_dictionaries({"do": st.just("click"), "cell": st.one_of(st.integers(-2, 40), odd)}),
    st.dictionaries(st.sampled_from(["do", "move", "cell", "x"]), odd, max_size=3),
    odd,
)
BOARD_TRAITS = st.one_of(
    st.fixed_dictionaries({"size": st.one_of(st.sampled_from([[2, 2], [2, 3], [3, 3]]), odd)}),
    st.fixed_dictionaries({"algorithm": st.one_of(st.sampled_from(["naive_swap", "random_walk"]), odd)}),
    st.fixed_dictionaries({"picture": odd}),
    st.dictionaries(st.sampled_from(PLAYABLE_OWN), odd, min_size=1, max_size=2),
)


@pytest.mark.slow
@CONTROLS
@given(
    st.lists(
        st.one_of(st.tuples(st.just("msg"), BOARD_MESSAGES), st.tuples(st.just("set"), BOARD_TRAITS)),
        max_size=10,
    )
)
def test_playable_board_controls_never_raise(steps):
    view = PlayableBoard(2, 3, rng=1)
    try:
        for kind, value in steps:
            if kind == "msg":
                view._handle_custom_msg(value, [])  # what the module's buttons, keys and clicks send
            else:
                view.set_state(value)  # what the module's menus set (or a broken front-end)
            board = view.board
            assert view.tiles == list(board.tiles)
            assert tuple(view.size) == board.shape
            assert view.move_count == len(view.history)
            assert view.solved == (board == view.goal)
            assert view.algorithm in view.algorithm_options
            assert isinstance(view.picture, bool)
            assert not UNEXPECTED.match(view.error_message), view.error_message
        assert_displays(view)
    finally:
        view.close()


#: what a browser (or a tampered front-end) might set on the parity lab, and the messages it sends
PARITY_TRAITS = st.one_of(
    st.fixed_dictionaries({"size": st.one_of(st.sampled_from([[2, 2], [2, 3], [3, 2], [3, 3]]), odd)}),
    st.fixed_dictionaries({"goal_choice": st.one_of(st.sampled_from(["last", "first"]), odd)}),
    st.fixed_dictionaries({"mode": st.one_of(st.sampled_from(["swap two tiles", "slide the blank"]), odd)}),
    st.fixed_dictionaries({"selected": st.one_of(st.none(), st.integers(-1, 9), odd)}),
    st.fixed_dictionaries({"tiles": st.one_of(st.permutations(range(4)), st.permutations(range(6)), odd)}),
    st.dictionaries(  # Python computes these: refused
        st.sampled_from(["explained", "pairs", "proof", "handled", "sizes", "palette", "error"]),
        odd,
        min_size=1,
        max_size=2,
    ),
)
PARITY_MESSAGES = st.one_of(
    st.fixed_dictionaries({"action": st.sampled_from(["click", "swap", "reset", "prove"]),
                           "cell": st.one_of(st.integers(-1, 9), odd),
                           "cells": st.one_of(st.lists(st.integers(-1, 9), min_size=2, max_size=2), odd)}),
    st.dictionaries(st.sampled_from(["action", "cell", "cells", "x"]), odd, max_size=3),
    odd,
)  # fmt: skip


@pytest.mark.slow
@CONTROLS
@given(
    st.lists(
        st.one_of(
            st.tuples(st.just("msg"), PARITY_MESSAGES),
            st.tuples(st.just("set"), PARITY_TRAITS),
            st.tuples(st.just("code"), PARITY_TRAITS),
        ),
        max_size=10,
    )
)
def test_parity_lab_controls_never_raise(steps):
    from puzzlelab.parity import explain
    from puzzlelab.widgets.parity_lab import FRONT_END_TRAITS, GOALS, MODES

    lab = ParityLab(2, 2)
    try:
        for kind, value in steps:
            if kind == "msg":
                lab._handle_custom_msg(value, [])  # the module's clicks and buttons (or anything)
            elif kind == "set":
                lab.set_state(value)  # the module's menus (or a broken front-end): never raises
            else:
                for name, item in value.items():  # code in a cell: a clear error naming the trait
                    if name in FRONT_END_TRAITS:
                        refused = ""
                        try:
                            setattr(lab, name, item)
                        except (TypeError, ValueError) as err:
                            refused = str(err)
                        assert not refused or refused.startswith(name), refused
            assert not UNEXPECTED.match(lab.error_message), lab.error_message
            board = lab.board  # whatever happened, what the browser shows is the library's answer
            exp = explain(board, lab.goal)
            assert board.shape == tuple(lab.size)
            assert lab.tiles == list(board.tiles)
            assert lab.explained["inversions"] == exp.inversions == len(lab.pairs) // 2
            assert lab.explained["solvable"] is exp.solvable
            assert lab.mode in MODES
            assert lab.goal_choice in GOALS
            assert lab.selected is None or 0 <= lab.selected < board.size
        assert_displays(lab)
    finally:
        lab.close()


#: what a browser (or a tampered front-end) might set on the shuffle lab, and the messages it sends
SHUFFLE_NAMES = ["naive_swap", "random_walk", "sort_shuffle", "fisher_yates"]
SHUFFLE_PRIVATE = ["steps_enabled", "exact_pending", "_setting", "_exact", "_menus", "error"]
SHUFFLE_TRAITS = st.one_of(
    st.fixed_dictionaries({"algorithm": st.one_of(st.sampled_from(SHUFFLE_NAMES), odd)}),
    st.fixed_dictionaries({"n": st.one_of(st.sampled_from([3, 4, 5]), odd)}),  # exact stays fast
    st.fixed_dictionaries({"mode": st.one_of(st.sampled_from(["exact", "sampled", "both"]), odd)}),
    st.fixed_dictionaries({"samples": st.one_of(st.sampled_from([1_000, 10_000]), odd)}),
    st.fixed_dictionaries({"steps": st.one_of(st.integers(0, 12), odd)}),
    st.dictionaries(st.sampled_from(SHUFFLE_PRIVATE), odd, min_size=1, max_size=2),
)
SHUFFLE_MESSAGES = st.one_of(
    st.fixed_dictionaries(
        {
            "kind": st.sampled_from(["next", "sync", "resample", "exact"]),
            "run": st.one_of(st.integers(0, 6), odd),
            "batch": st.one_of(st.integers(-1, 31), odd),
        }
    ),
    st.dictionaries(st.sampled_from(["kind", "run", "batch", "x"]), odd, max_size=3),
    odd,
)
SHUFFLE_STEPS = st.one_of(
    st.tuples(st.just("msg"), SHUFFLE_MESSAGES),
    st.tuples(st.just("set"), SHUFFLE_TRAITS),
    st.tuples(st.just("code"), SHUFFLE_TRAITS),
)


@pytest.mark.slow
@CONTROLS
@given(st.lists(SHUFFLE_STEPS, max_size=10))
def test_shuffle_lab_controls_never_raise(steps):
    from math import factorial

    from puzzlelab.shuffles import SHUFFLES
    from puzzlelab.widgets.shuffle_lab import MODES, SAMPLE_SIZES, SIZES, decode_batch

    lab = ShuffleLab("naive_swap", n=3, mode="both", samples=1_000, steps=5)
    sent = []
    lab.send = lambda content, buffers=None: sent.append((content, decode_batch(bytes(buffers[0]))))
    try:
        for kind, value in steps:
            if kind == "msg":
                lab._handle_custom_msg(value, [])  # what the module's requests and buttons send
            elif kind == "set":
                lab.set_state(value)  # what the module's menus set (or a broken front-end)
            else:
                for name, item in value.items():  # what code in a cell sets
                    if not name.startswith("_") and name not in ("error", "steps_enabled", "exact_pending"):
                        setattr(lab, name, item)
            assert not UNEXPECTED.match(lab.error_message), lab.error_message
            assert lab.algorithm in SHUFFLES
            assert lab.n in [value[0] for _, value in SIZES]
            assert lab.mode in MODES
            assert lab.samples in SAMPLE_SIZES
            assert 0 <= lab.steps <= 200
            setting = json.loads(lab._setting)
            assert setting["ok"] == bool(lab.ratio)  # numbers only for a setting that can be shown
            if setting["exact"]:
                assert len(lab._exact) == 4 * factorial(lab.n)
            assert lab.drawn <= sum(lab.batch_sizes) == setting["samples"]
        for content, batch in sent:  # every batch the browser got decodes, for the run it names
            assert batch["n"] in (3, 4, 5)
            assert int(batch["counts"].sum()) == batch["samples"] == int(batch["matrix"].sum()) // batch["n"]
            assert content["drawn"] <= SAMPLE_SIZES[-1]
        assert_displays(lab)
    finally:
        lab.close()


#: what the search player's module sets (menus, the speed, the step where the replay stopped)
SEARCH_TRAITS = st.one_of(
    st.fixed_dictionaries({"method": st.one_of(st.sampled_from(["astar", "weighted_astar", "greedy", "bfs",
                                                                 "article"]), odd)}),
    st.fixed_dictionaries({"heuristic": st.one_of(st.sampled_from(["manhattan", "misplaced", "zero"]), odd)}),
    st.fixed_dictionaries({"weight": st.one_of(st.sampled_from([1.0, 2.5, 10.0, 0.5, 11.0]), odd)}),
    st.fixed_dictionaries({"step": st.one_of(st.integers(-2, 400), odd)}),
    st.fixed_dictionaries({"speed": st.one_of(st.sampled_from([1, 10, 1000, 7]), odd)}),
)


@pytest.mark.slow
@CONTROLS
@given(st.lists(SEARCH_TRAITS, max_size=8))
def test_search_player_controls_never_raise(steps):
    from puzzlelab.widgets.search_player import PLAYER_METHODS, SPEEDS

    player = SearchPlayer("4 1 3/7 2 6/_ 5 8", budget=300)
    try:
        for change in steps:
            player.set_state(change)  # what the module's menus, bar and keys set (or a broken front-end)
            assert not UNEXPECTED.match(player.error_message), player.error_message
            assert player.method in PLAYER_METHODS
            assert player.heuristic in player.heuristics
            assert 1.0 <= player.weight <= 10.0
            assert player.speed in SPEEDS
            assert 1 <= player.step <= max(1, player.steps)
            assert player.steps == player.replay.steps
        assert_displays(player)
    finally:
        player.close()


INSTANCES = st.one_of(
    st.sampled_from(
        [
            "4 1 3/7 2 6/_ 5 8",
            "1 2 3/4 5 6/8 7 _",  # unsolvable
            "1 2/_ 3",  # another shape: a new instance
            "1 2 3/4 _ 5/7 8",
            "",
            "_ _ _",
            "1 2 3/4 5 6/7 8 9",
            "0 1 2/3 4 5/6 7 8",
        ]
    ),
    st.text(max_size=12),
)


#: what a browser (or a tampered front-end) might send the weight explorer for each control
BROWSER_VALUES = {
    "weight": st.one_of(odd, st.sampled_from([1.0, 1.65, 2.0, 10.0, 10.5, 0.99, -0.0])),
    "heuristic": st.one_of(odd, st.sampled_from(["manhattan", "misplaced", "linear_conflict", "zero"])),
    "instance": st.one_of(odd, INSTANCES),
}


@pytest.mark.slow
@CONTROLS
@given(
    st.lists(
        st.one_of(
            st.tuples(st.just("set"), st.sampled_from(sorted(BROWSER_VALUES)), st.integers(0, 10**6)),
            st.tuples(st.just("message"), st.sampled_from(["random", "grid", "nonsense", None]), st.just(0)),
        ),
        max_size=6,
    ),
    st.data(),
)
def test_weight_explorer_controls_never_raise(steps, data):
    explorer = WeightExplorer("4 1 3/7 2 6/_ 5 8")
    try:
        for kind, name, _ in steps:
            if kind == "set":  # a value set in the browser reaches the kernel through set_state
                value = data.draw(BROWSER_VALUES[name])
                explorer.set_state({name: value})
            elif name != "random" or explorer.start.size <= 9:  # a random 4x4 is slow, not odd
                explorer._on_message(explorer, {"type": name}, [])
            assert not UNEXPECTED.match(explorer.error_message), explorer.error_message
            assert explorer.heuristic in explorer.heuristics
            assert 1 <= explorer.weight <= 10
            assert explorer.instance == explorer.start.text()
        assert_displays(explorer)
    finally:
        explorer.close()
