"""The live parity lab driven in plain pytest (no kernel, no browser): what the browser sends
(messages and trait changes) goes through the same handlers as in Jupyter, and what Python sends
back is read from the messages the widget would put on its comm."""

import json
from itertools import combinations, pairwise
from math import factorial

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from widget_helpers import assert_static_fallback

from puzzlelab import Board
from puzzlelab.parity import explain, inversion_pairs
from puzzlelab.perm import rank
from puzzlelab.search import state_space_distances
from puzzlelab.widgets import ParityLab
from puzzlelab.widgets.parity_lab import PROOF_MAX_CELLS, readout

SITEPOINT = "7 4 3/_ 5 8/6 2 1"


def browser(lab, **content):
    """What a click or a button in the browser does: a message handled like one from a kernel."""
    lab._handle_custom_msg(content, [])


def record(lab) -> list[dict]:
    """The update messages the widget sends from now on (their ``state`` dicts)."""
    sent = []
    send = lab._send

    def capture(msg, buffers=None):
        if msg.get("method") == "update":
            state = dict(msg["state"])
            for path, buffer in zip(msg.get("buffer_paths", []), buffers or [], strict=True):
                state[path[0]] = bytes(buffer)
            sent.append(state)
        send(msg, buffers)

    lab._send = capture
    return sent


def brute_force_pairs(board: Board) -> list[tuple[int, int]]:
    """Reading-order positions (i, j), i < j, whose tiles stand in the wrong order (both goals order
    the tiles 1, 2, 3, ...): the double loop, independent of the library."""
    reading = [t for t in board.tiles if t]
    return [(i, j) for i, j in combinations(range(len(reading)), 2) if reading[i] > reading[j]]


def decode(pairs: bytes) -> list[tuple[int, int]]:
    flat = list(pairs)
    return list(zip(flat[::2], flat[1::2], strict=True))


def assert_shows(lab, board: Board) -> None:
    """Everything the browser draws matches the library (and a brute-force count) for ``board``."""
    exp = explain(board, lab.goal)
    assert lab.board == board
    assert lab.tiles == list(board.tiles)
    assert decode(lab.pairs) == brute_force_pairs(board)
    assert len(brute_force_pairs(board)) == exp.inversions
    shown = lab.explained
    for name in (
        "inversions",
        "blank_row",
        "goal_blank_row",
        "row_distance",
        "row_term",
        "invariant",
        "solvable",
    ):
        assert shown[name] == getattr(exp, name), name
    assert shown["reading"] == [t for t in board.tiles if t]
    assert shown["home"] == [t != 0 and t == g for t, g in zip(board.tiles, lab.goal.tiles, strict=True)]
    assert lab.readout() == readout(exp)


def test_two_clicks_swap_and_python_answers_in_one_update(make):
    lab = make(ParityLab, 3, 3)
    assert lab.readout() == {
        "inversions": "inversions: 0",
        "blank_rows": "blank on row 2, the goal's blank on row 2 (0 = top)",
        "row_term": "blank-row term: (3 - 1) x 0 rows = 0",
        "verdict": "solvable: invariant (0 + 0) mod 2 = 0",
    }
    sent = record(lab)
    browser(lab, action="click", cell=0)
    assert lab.selected == 0
    assert [set(m) for m in sent] == [{"selected", "handled"}]  # picking a cell changes no number
    browser(lab, action="click", cell=1)
    assert lab.board.text() == "2 1 3/4 5 6/7 8 _"
    assert lab.selected is None
    assert lab.readout()["verdict"] == "NOT solvable: invariant (1 + 0) mod 2 = 1"
    assert lab.error == ""
    # the board, its explanation and the answer travel together: the browser redraws them at once
    assert len(sent) == 2
    assert {"tiles", "explained", "pairs", "selected", "handled"} <= set(sent[1])
    assert sent[1]["pairs"] == bytes([0, 1])
    assert sent[1]["handled"] == 2
    browser(lab, action="click", cell=4)
    browser(lab, action="click", cell=4)  # a second click on the same cell drops the pick
    assert lab.selected is None
    assert lab.board.text() == "2 1 3/4 5 6/7 8 _"


@settings(deadline=None, max_examples=25)
@given(
    st.sampled_from([(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (5, 5)]),
    st.sampled_from(["last", "first"]),
    st.lists(st.tuples(st.integers(0, 24), st.integers(0, 24)), max_size=6),
)
def test_numbers_match_explain_under_swaps(shape, goal, swaps):
    lab = ParityLab(*shape, blank=goal)
    try:
        board = lab.board
        for i, j in swaps:
            i, j = i % board.size, j % board.size
            browser(lab, action="click", cell=i)
            browser(lab, action="click", cell=j)
            if i != j:
                # two tiles flip the verdict; the blank and a tile flip it when the blank travels
                # an even taxicab distance (one slide is a distance of 1 and keeps it)
                (ri, ci), (rj, cj) = divmod(i, board.cols), divmod(j, board.cols)
                flips = 0 not in (board.tiles[i], board.tiles[j]) or (abs(ri - rj) + abs(ci - cj)) % 2 == 0
                assert (
                    explain(board, lab.goal).solvable != explain(board.swap(i, j), lab.goal).solvable
                ) == flips
                board = board.swap(i, j)
            assert lab.error == ""
            assert_shows(lab, board)
    finally:
        lab.close()


@settings(deadline=None, max_examples=25)
@given(
    st.sampled_from([(2, 3), (3, 3), (4, 4), (3, 5)]),
    st.booleans(),
    st.lists(st.integers(0, 10**6), min_size=1, max_size=12),
)
def test_slide_mode_keeps_the_verdict(shape, swapped, clicks):
    start = Board.goal(*shape).swap(0, 1) if swapped else Board.goal(*shape)
    lab = ParityLab(*shape, board=start, mode="slide the blank")
    try:
        verdict = lab.explained["solvable"]
        assert verdict is not swapped
        for k in clicks:
            before = lab.board
            cell = k % before.size
            browser(lab, action="click", cell=cell)
            if cell in before.blank_neighbours():
                assert lab.error == ""
                assert lab.board == before.slide(before.tiles[cell])
            else:  # the blank itself, or a tile too far: refused, the board stays
                assert lab.error in (
                    "that is the blank: click a tile next to it",
                    f"tile {before.tiles[cell]} is not next to the blank, so it cannot slide",
                )
                assert lab.board == before
            assert lab.explained["solvable"] is verdict
            assert_shows(lab, lab.board)
    finally:
        lab.close()


def test_goal_choice_changes_the_row_term(make):
    lab = make(ParityLab, 2, 2)
    sent = record(lab)
    lab.set_state({"goal_choice": "first"})  # the goal menu in the browser
    assert lab.goal == Board.goal(2, 2, "first")
    assert lab.readout()["row_term"] == "blank-row term: (2 - 1) x 1 row = 1"
    assert lab.readout()["blank_rows"] == "blank on row 1, the goal's blank on row 0 (0 = top)"
    assert not lab.explained["solvable"]  # the blank-last goal cannot reach the blank-first goal on 2x2
    assert "explained" in sent[-1]  # no inversions either way: the pairs need not travel
    browser(lab, action="reset")
    assert lab.board == Board.goal(2, 2, "first")
    assert lab.explained["solvable"]
    lab.goal_choice = "last"  # from code, the same
    assert lab.readout()["row_term"] == "blank-row term: (2 - 1) x 1 row = 1"
    lab3 = make(ParityLab, 4, 4, board=Board.goal(4, 4))
    lab3.goal_choice = "first"
    assert lab3.readout()["row_term"] == "blank-row term: (4 - 1) x 3 rows = 9"
    assert not lab3.explained["solvable"]


@pytest.mark.parametrize("shape", [(2, 2), (2, 3), (3, 2)])
@pytest.mark.parametrize("goal", ["last", "first"])
def test_proof_by_search_agrees_with_the_verdict(make, shape, goal):
    lab = make(ParityLab, *shape, blank=goal)
    distances = state_space_distances(*shape, lab.goal)
    rng = np.random.default_rng(2)
    for _ in range(6):
        i, j = rng.choice(lab.board.size, size=2, replace=False)
        lab.swap(int(i), int(j))
        browser(lab, action="prove")
        assert lab.error == ""
        half = factorial(lab.board.size) // 2
        assert f"reaches {half:,} of {2 * half:,} arrangements" in lab.proof
        distance = int(distances[rank(lab.board.tiles)])
        if lab.explained["solvable"]:
            assert f"this board is {distance} moves from it: solvable" in lab.proof
        else:
            assert distance == -1
            assert "not among them: NOT solvable" in lab.proof
        assert lab.proof.endswith("The parity verdict agrees.")
    lab.swap(0, 1)
    assert lab.proof == ""  # a new board: the old proof is gone


@pytest.mark.slow
def test_proof_by_search_on_the_lesson_board(make):
    lab = make(ParityLab, 3, 3, board=SITEPOINT)
    lab.prove()
    assert lab.proof == (
        "breadth-first search from the goal reaches 181,440 of 362,880 arrangements; "
        "this board is not among them: NOT solvable. The parity verdict agrees."
    )


def test_big_boards_are_refused_a_proof(make):
    lab = make(ParityLab, 4, 4)
    assert lab.proof_max_cells == PROOF_MAX_CELLS == 9
    browser(lab, action="prove")
    assert (
        lab.error
        == "a proof by search covers boards of at most 9 cells (4x4 has 16: 20,922,789,888,000 arrangements)"
    )
    assert lab.proof == ""
    with pytest.raises(ValueError, match="at most 9 cells"):
        lab.prove()
    lab.set_state({"size": [2, 2]})  # the size menu
    assert lab.board == Board.goal(2, 2)
    assert lab.error == ""
    assert len(lab.tiles) == 4


def test_settings_from_the_browser_are_checked_and_refusals_restored(make):
    lab = make(ParityLab, 3, 3, board=SITEPOINT)
    sent = record(lab)
    lab.set_state({"mode": "juggle"})
    assert lab.mode == "swap two tiles"
    assert lab.error.startswith("mode must be one of 'swap two tiles', 'slide the blank'")
    assert sent[-1] == {"mode": "swap two tiles"}  # the browser gets back the value Python kept
    lab.set_state({"size": [3, 99]})
    assert lab.size == (3, 3)
    assert "cols=99 is out of range" in lab.error
    lab.set_state({"tiles": [1, 2, 3]})
    assert lab.board.text() == SITEPOINT
    assert "tiles" in lab.error
    lab.set_state({"explained": {"solvable": True}, "pairs": b""})
    assert lab.error == "the browser cannot set explained, pairs: Python computes it"
    assert not lab.explained["solvable"]
    assert len(lab.pairs) == 38
    assert set(sent[-1]) == {"explained", "pairs"}
    lab.set_state({"selected": 12})
    assert lab.selected is None
    assert "selected must be <= 8" in lab.error
    for content in [
        {"action": "dance"},
        {"action": "click"},
        {"action": "click", "cell": 9},
        {"action": "click", "cell": "3"},
        {"action": "swap", "cells": [1]},
        ["click"],
    ]:
        handled = lab.handled
        browser(lab, **content) if isinstance(content, dict) else lab._handle_custom_msg(content, [])
        assert lab.error
        assert lab.handled == handled + 1
        assert lab.board.text() == SITEPOINT
    browser(lab, action="swap", cells=[0, 3])
    assert lab.board.text() == "_ 4 3/7 5 8/6 2 1"
    assert lab.error == ""


def test_settings_from_code_raise_at_once(make):
    lab = make(ParityLab, 2, 3)
    with pytest.raises(ValueError, match="mode must be one of"):
        lab.mode = "juggle"
    with pytest.raises(TypeError, match="size must be a pair"):
        lab.size = 5
    with pytest.raises(ValueError, match="rows=1 is out of range"):
        lab.size = (1, 3)
    with pytest.raises(TypeError, match="goal_choice must be one of"):
        lab.goal_choice = None
    assert (lab.mode, lab.size, lab.goal_choice) == ("swap two tiles", (2, 3), "last")
    lab.size = (3, 2)
    assert lab.board == Board.goal(3, 2)
    lab.mode = "slide the blank"
    lab.click(3)
    assert lab.board.text() == "1 2/3 _/5 4"
    with pytest.raises(ValueError, match="cell must be <= 5"):
        lab.click(6)
    with pytest.raises(ValueError, match="mode must be"):
        ParityLab(3, 3, mode="juggle")
    with pytest.raises(TypeError, match="rows"):
        ParityLab("3")
    with pytest.raises(ValueError, match="board is 3x3 but the lab is 2x2"):
        ParityLab(2, 2, board=SITEPOINT)


def test_a_board_of_another_shape_joins_the_size_menu(make):
    lab = make(ParityLab, 3, 3)
    assert [3, 3] in lab.sizes
    assert [7, 2] not in lab.sizes
    lab.set_board(Board.goal(7, 2))
    assert lab.size == (7, 2)
    assert len(lab.tiles) == 14
    assert lab.sizes[-1] == [7, 2]
    lab.set_state({"size": [5, 5]})
    assert lab.board == Board.goal(5, 5)
    assert len(lab.pairs) == 0


def test_summary_fallback_and_the_root_class(make):
    lab = make(ParityLab, 3, 3, board=SITEPOINT)
    assert lab.summary() == (
        "ParityLab 3x3 [7 4 3/_ 5 8/6 2 1], goal blank last: 19 inversions, blank-row term 2, NOT solvable"
    )
    assert_static_fallback(lab)
    before = lab.static_png()
    lab.swap(0, 1)
    assert lab.static_png() != before
    assert "puzzlelab-parity-lab" in lab._esm  # the root's class, as the old widget had


def test_the_lab_sends_little(make):
    """Per swap the browser is sent the board, the numbers and 2 bytes an inverted pair: no picture."""
    lab = make(ParityLab, 3, 3, board=SITEPOINT)
    sent = record(lab)
    for a, b in pairwise([0, 1, 2, 3, 4]):
        browser(lab, action="swap", cells=[a, b])
    sizes = [
        len(json.dumps({k: v for k, v in m.items() if k != "pairs"})) + len(m.get("pairs", b"")) for m in sent
    ]
    assert len(sent) == 4
    assert max(sizes) < 700
    assert len(lab.pairs) == 2 * len(inversion_pairs([t for t in lab.board.tiles if t]))
