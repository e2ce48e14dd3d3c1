"""The parity lab driven in plain pytest (no kernel): its state, numbers, messages and fallback."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from widget_helpers import PNG, assert_static_fallback

from puzzlelab import Board
from puzzlelab.parity import explain
from puzzlelab.widgets import (
    ParityLab,
)


def test_parity_lab_swaps_two_clicked_tiles_and_flips_the_verdict(make):
    lab = make(ParityLab, 3, 3)
    assert lab.inversions.value == "inversions: 0"
    assert "solvable" in lab.verdict.value
    picture = lab.picture.value
    lab.cells[0].click()
    assert lab.selected == 0
    assert lab.picture.value == picture  # choosing a cell changes no number
    lab.cells[1].click()
    assert lab.board.text() == "2 1 3/4 5 6/7 8 _"
    assert lab.inversions.value == "inversions: 1"
    assert "NOT solvable" in lab.verdict.value
    assert lab.picture.value != picture
    assert bytes(lab.picture.value).startswith(PNG)
    lab.cells[4].click()
    lab.cells[4].click()  # a second click on the same cell drops the choice
    assert lab.selected is None


@settings(deadline=None, max_examples=10)
@given(st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8)), max_size=4))
def test_parity_lab_numbers_match_explain(swaps):
    lab = ParityLab(3, 3)
    try:
        for i, j in swaps:
            lab.cells[i].click()
            lab.cells[j].click()
        exp = explain(lab.board)
        assert lab.inversions.value == f"inversions: {exp.inversions}"
        assert lab.row_term.value.endswith(f"= {exp.row_term}")
        assert ("NOT solvable" in lab.verdict.value) == (not exp.solvable)
    finally:
        lab.close()


def test_parity_lab_slide_mode_keeps_the_verdict(make):
    lab = make(ParityLab, 2, 3, board=Board.parse("2 1 3/4 5 _"))
    lab.mode.value = "slide the blank"
    verdicts = set()
    for cell in (2, 1, 4, 3, 0):
        lab.cells[cell].click()
        assert lab.error_message == ""
        verdicts.add("NOT" in lab.verdict.value)
    assert verdicts == {True}
    assert lab.row_term.value == "blank-row term: (3 - 1) x 1 rows = 2" or lab.board.blank >= 3
    lab.cells[lab.board.blank].click()
    assert "that is the blank" in lab.error_message


def test_parity_lab_goal_choice_changes_the_row_term(make):
    lab = make(ParityLab, 2, 2)
    lab.goal_choice.value = "first"
    assert lab.row_term.value == "blank-row term: (2 - 1) x 1 rows = 1"
    assert "NOT solvable" in lab.verdict.value  # blank-last goal cannot reach blank-first goal on 2x2
    lab.reset_button.click()
    assert lab.board == Board.goal(2, 2, "first")
    assert "NOT" not in lab.verdict.value


def test_parity_lab_proof_by_search_agrees(make):
    lab = make(ParityLab, 2, 3)
    lab.swap(0, 1)
    lab.prove_button.click()
    assert lab.error_message == ""
    assert "reaches 360 of 720 arrangements" in lab.proof.value
    assert "not among them" in lab.proof.value
    assert "agrees" in lab.proof.value
    lab.swap(0, 1)
    lab.cells[5].click()  # select, nothing else
    lab.prove_button.click()
    assert "0 moves" in lab.proof.value


def test_parity_lab_refuses_proofs_on_big_boards_and_bad_sizes(make):
    lab = make(ParityLab, 4, 4)
    assert lab.prove_button.disabled
    lab.prove_button.click()
    assert "at most 9 cells" in lab.error_message
    lab.size.value = (2, 2)
    assert len(lab.cells) == 4
    assert_static_fallback(lab)
    with pytest.raises(ValueError, match="mode must be"):
        ParityLab(3, 3, mode="juggle")
