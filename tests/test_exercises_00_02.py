"""The checks of lessons 00-02: "correct" for a right answer, WrongAnswer for a typical wrong one,
NotAnswered for the untouched stub (hidden cases included)."""

import json
import math
from collections import Counter
from fractions import Fraction
from itertools import product
from pathlib import Path

import numpy as np
import pytest

from puzzlelab import Board, distributions, parity, sampling, shuffles
from puzzlelab.exercises import NotAnswered, WrongAnswer, lesson00, lesson01, lesson02
from puzzlelab.perm import all_permutations


def stub(*args):
    """The student edition's body."""
    raise NotImplementedError()


# -- right answers, as a student would write them --------------------------------------------
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


def slides_to_moves(slides):
    return "".join({"down": "U", "up": "D", "right": "L", "left": "R"}[d] for _, d in slides)


def move_counts(rows, cols):
    return [[(r > 0) + (r < rows - 1) + (c > 0) + (c < cols - 1) for c in range(cols)] for r in range(rows)]


def solvable_by(rule, boards):
    return {k for k, text in enumerate(boards) if rule(Board.parse(text))}


def my_fisher_yates(n, rng=None):
    rng = np.random.default_rng(rng)
    cells = list(range(n))
    for i in range(n - 1, 0, -1):
        j = int(rng.integers(0, i + 1))
        cells[i], cells[j] = cells[j], cells[i]
    return cells


def naive_swap_counts(n):
    found = Counter()
    for run in product(range(n), repeat=n):
        cells = list(range(n))
        for i, k in enumerate(run):
            cells[i], cells[k] = cells[k], cells[i]
        found[tuple(cells)] += 1
    return dict(found)


def sattolo_solvable(rows, cols):  # with the tools lesson 01 gives: exact counts, is_solvable
    d = distributions.exact("tutorial_fisher_yates", rows * cols)
    perms = all_permutations(rows * cols).tolist()
    good = sum(int(count) for perm, count in zip(perms, d.counts, strict=True)
               if count and parity.is_solvable(shuffles.board_from_perm(perm, rows, cols)))
    return Fraction(good, d.total)


def sattolo_solvable_by_parity(rows, cols):  # lesson 02's shortcut: one n-cycle has the parity of n - 1
    n = rows * cols
    distances = [(rows - 1 - cell // cols) + (cols - 1 - cell % cols) for cell in range(n - 1)]
    return Fraction(sum(1 for d in distances if d % 2 == (n - 1) % 2), n - 1)


def home_row_by_sampling(rows, cols, size=200_000):
    """A student's sampled answer: close, but not the exact fraction."""
    perms = sampling.sample("fisher_yates", rows * cols, size, rng=1)
    in_row = (perms // cols == np.arange(rows * cols) // cols) & (perms != rows * cols - 1)
    return float(in_row.sum(axis=1).mean())


def count_inversions(seq):
    return sum(seq[i] > seq[j] for i in range(len(seq)) for j in range(i + 1, len(seq)))


def my_rule(board, goal):
    distance = abs(board.blank // board.cols - goal.blank // goal.cols)
    return (parity.inversions(board) + (board.cols - 1) * distance) % 2 == 0


def my_verdicts():  # lesson 02, exercise 2: by the invariant, without parity.is_solvable
    return {t: my_rule(Board.parse(t), Board.goal(*Board.parse(t).shape)) for t in lesson02.VERDICT_BOARDS}


def fooled_board(rows, cols):  # one vertical slide (count's parity flips), then a swap (both flip)
    board = Board.goal(rows, cols).move("U")
    return board.swap(board.tiles.index(1), board.tiles.index(2))


def my_fix(board):
    if my_rule(board, Board.goal(board.rows, board.cols)):
        return board
    return board.swap(board.size - 2, board.size - 1) if board.blank in (0, 1) else board.swap(0, 1)


CASES = [  # (check, right answer, typical wrong answer)
    (lesson00.check_moves, my_moves, lambda t, r, c: ["U", "D", "L", "R"]),
    (lesson00.check_move, my_move, lambda t, r, c, m: my_move(t, r, c, {"U": "D", "D": "U"}.get(m, m))),
    (lesson00.check_solve_moves, lambda: "RR", lambda: "LL"),
    (lesson00.check_slides_to_moves, slides_to_moves,
     lambda slides: "".join({"down": "D", "up": "U", "right": "R", "left": "L"}[d] for _, d in slides)),
    (lesson00.check_move_counts, move_counts, lambda rows, cols: [[4] * cols for _ in range(rows)]),
    (lesson00.check_solvable_choice, lambda boards: solvable_by(parity.is_solvable, boards),
     lambda boards: solvable_by(lambda board: parity.inversions(board) % 2 == 0, boards)),
    (lesson01.check_fisher_yates, my_fisher_yates, shuffles.naive_swap),
    (lesson01.check_pick_j, lambda i, u: math.floor(u * (i + 1)), lambda i, u: math.floor(u * i)),
    (lesson01.check_naive_swap_counts, naive_swap_counts, lambda n: {tuple(range(n)): n**n}),
    (lesson01.check_expected_home_row, lambda rows, cols: Fraction(rows * cols - 1, rows),
     lambda rows, cols: Fraction(rows * cols - 1, rows * cols)),
    (lesson01.check_sattolo_solvable, sattolo_solvable, lambda rows, cols: Fraction(1, 2)),
    (lesson02.check_inversions, count_inversions,
     lambda seq: sum(seq[i] >= seq[j] for i in range(len(seq)) for j in range(i + 1, len(seq)))),
    (lesson02.check_hand_count, lambda: count_inversions([3, 1, 2, 6, 4, 8, 7, 5]), lambda: 6),  # by hand
    (lesson02.check_verdicts, my_verdicts,
     lambda: {t: parity.inversions(Board.parse(t)) % 2 == 0 for t in lesson02.VERDICT_BOARDS}),
    (lesson02.check_fooled_board, fooled_board, lambda rows, cols: Board.goal(rows, cols).move("U")),
    (lesson02.check_rule, my_rule, lambda board, goal: parity.inversions(board) % 2 == 0),
    (lesson02.check_fix, my_fix, lambda board: board if parity.is_solvable(board) else board.swap(0, 1)),
]
IDS = [check.__name__ for check, _, _ in CASES]


@pytest.mark.parametrize(("check", "right", "wrong"), CASES, ids=IDS)
def test_right_answer_is_correct(check, right, wrong, capsys):
    check(right)
    assert capsys.readouterr().out.strip() == f"correct: {check.title}"


@pytest.mark.parametrize(("check", "right", "wrong"), CASES, ids=IDS)
def test_wrong_answer_is_refused_with_a_hint(check, right, wrong, capsys):
    with pytest.raises(WrongAnswer) as caught:
        check(wrong)
    assert "wrong answer" in str(caught.value)
    assert "correct" not in capsys.readouterr().out


@pytest.mark.parametrize(("check", "right", "wrong"), CASES, ids=IDS)
def test_stub_is_not_answered(check, right, wrong):
    with pytest.raises(NotAnswered, match="not answered yet"):
        check(stub)


@pytest.mark.slow
@pytest.mark.parametrize(("check", "right", "wrong"), CASES, ids=IDS)
def test_right_answer_passes_the_hidden_cases(check, right, wrong, capsys):
    check(right, hidden=True)
    assert capsys.readouterr().out.strip().startswith(f"correct: {check.title}")


# -- lesson 00: messages, and the lesson's text against its checks ----------------------------
LESSON_00 = Path(__file__).resolve().parents[1] / "notebooks" / "00_play.ipynb"


def lesson00_text(cell_filter=lambda cell: True) -> str:
    cells = json.loads(LESSON_00.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(cell["source"]) for cell in cells if cell_filter(cell))


def test_my_move_off_the_board_says_where_the_blank_is_not_a_bare_index_error():
    def wrong_way(tiles, rows, cols, move):  # U and D swapped: from the bottom row D leaves the board
        return my_move(tiles, rows, cols, {"U": "D", "D": "U"}.get(move, move))

    with pytest.raises(WrongAnswer) as caught:
        lesson00.check_move(wrong_way)
    message = str(caught.value)
    assert "wrong_way" not in message  # the exercise's name, as the student wrote it in the lesson
    assert "my_move((1, 2, 3, 0), 2, 2, 'U') looked outside the board" in message
    assert "the blank is in cell 3 (row 1, column 1)" in message
    assert isinstance(caught.value.__cause__, IndexError)


def test_solve_message_agrees_in_number():
    with pytest.raises(WrongAnswer) as one:
        lesson00.check_solve_moves(lambda: "R")
    assert "after your 1 move the board is 1 2 3/4 5 6/7 _ 8, with 1 tile away" in str(one.value)
    with pytest.raises(WrongAnswer) as none:
        lesson00.check_solve_moves(lambda: "")
    assert "after your 0 moves the board is 1 2 3/4 5 6/_ 7 8, with 2 tiles away" in str(none.value)


def test_exercise_2_example_and_its_answer_as_the_lesson_states_them():
    text = lesson00_text(lambda cell: cell["cell_type"] == "markdown")
    assert '[(8, "right"), (5, "down"), (4, "right")]' in text
    assert list(lesson00.SLIDES_EXAMPLE) == [(8, "right"), (5, "down"), (4, "right")]
    stated = text.split('[(8, "right"), (5, "down"), (4, "right")])` should return\n`"', 1)[1][:3]
    board, directions = Board.goal(3, 3), {(0, 1): "right", (0, -1): "left", (1, 0): "down", (-1, 0): "up"}
    for (tile, direction), move in zip(lesson00.SLIDES_EXAMPLE, stated, strict=True):
        after = board.move(move)
        (r0, c0), (r1, c1) = board.position(tile), after.position(tile)
        assert directions[r1 - r0, c1 - c0] == direction
        board = after
    assert lesson00._slides(hidden=False)[0] == list(lesson00.SLIDES_EXAMPLE)  # the check tries it first


def test_exercise_4_boards_are_not_answered_by_the_lesson_text():
    outside_the_answer = lesson00_text(
        lambda cell: cell["cell_type"] == "markdown" and "nbgrader" not in cell["metadata"])
    for text in lesson00.EXERCISE_BOARDS:
        assert text not in outside_the_answer
    solvable = solvable_by(parity.is_solvable, lesson00.EXERCISE_BOARDS)
    assert 0 < len(solvable) < len(lesson00.EXERCISE_BOARDS)
    by_inversions = solvable_by(lambda board: parity.inversions(board) % 2 == 0, lesson00.EXERCISE_BOARDS)
    assert len(by_inversions ^ solvable) >= 2  # the rule "inversions even" is wrong both ways


def test_exercise_4_written_answer_states_what_parity_explain_computes():
    why = lesson00_text(lambda cell: cell["metadata"].get("nbgrader", {}).get("grade_id") == "l00_why")
    for k, text in enumerate(lesson00.EXERCISE_BOARDS):
        e = parity.explain(Board.parse(text))
        assert f"{e.inversions} inversions" in why, k
        if not e.solvable:
            assert f"Board {k} " in why, k
            assert f"({e.inversions} + {e.row_term}) mod 2 = 1" in why, k


def test_a_hard_coded_set_passes_the_visible_check_but_not_the_hidden_cases(capsys):
    fixed = solvable_by(parity.is_solvable, lesson00.EXERCISE_BOARDS)
    lesson00.check_solvable_choice(lambda boards: fixed)
    assert capsys.readouterr().out.strip() == "correct: which boards can be solved"
    with pytest.raises(WrongAnswer, match="a list of 7 boards"):
        lesson00.check_solvable_choice(lambda boards: fixed, hidden=True)


def test_messages_never_contain_the_answer():
    answer = str(parity.board_inversions(Board.parse(lesson02.HAND_COUNT_BOARD)))
    with pytest.raises(WrongAnswer) as caught:
        lesson02.check_hand_count(lambda: 6)
    assert answer not in str(caught.value).split("hint")[0]
    with pytest.raises(WrongAnswer) as caught:
        lesson01.check_sattolo_solvable(lambda rows, cols: Fraction(1, 2))
    assert "expected" not in str(caught.value)


@pytest.mark.parametrize("key", [5, "(0, 1, 2)", (0, 0, 1), None])
def test_naive_swap_counts_with_wrong_keys_says_what_keys_to_use(key):
    with pytest.raises(WrongAnswer, match=r"keys? .*\(1, 0, 2\)") as caught:
        lesson01.check_naive_swap_counts(lambda n: {key: n**n})
    assert "ValueError" not in str(caught.value)
    assert "TypeError" not in str(caught.value)


def test_naive_swap_counts_accepts_keys_a_student_may_use():
    as_strings = lambda n: {"".join(map(str, perm)): c for perm, c in naive_swap_counts(n).items()}  # noqa: E731
    lesson01.check_naive_swap_counts(as_strings)


def test_sattolo_exercise_agrees_with_the_parity_shortcut():
    for rows, cols in [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2)]:  # 3x3 too in the hidden cases (slow)
        assert sattolo_solvable(rows, cols) == sattolo_solvable_by_parity(rows, cols)


def test_solvable_choice_with_one_bool_per_board_says_to_return_indices():
    with pytest.raises(WrongAnswer, match="one True/False per board") as caught:
        lesson00.check_solvable_choice(lambda boards: [parity.is_solvable(Board.parse(t)) for t in boards])
    assert "set of the indices" in str(caught.value)


@pytest.mark.parametrize("seeded", [True, False])
def test_fisher_yates_that_always_gives_one_permutation_is_told_so(seeded):
    def same_every_call(n, rng=None):  # re-seeds inside, or never swaps
        return my_fisher_yates(n, 0) if seeded else list(range(n))

    with pytest.raises(WrongAnswer, match="gave the same permutation") as caught:
        lesson01.check_fisher_yates(same_every_call)
    assert "i included" not in str(caught.value)  # not the slip's hint


def test_home_row_refuses_a_sampled_answer_and_the_at_home_count():
    with pytest.raises(WrongAnswer, match="not right"):
        lesson01.check_expected_home_row(home_row_by_sampling)
    with pytest.raises(WrongAnswer, match="own cell"):
        lesson01.check_expected_home_row(lambda rows, cols: Fraction(rows * cols - 1, rows * cols))
    with pytest.raises(WrongAnswer, match="not right"):  # rows and columns swapped
        lesson01.check_expected_home_row(lambda rows, cols: Fraction(rows * cols - 1, cols))


def test_lesson_01_written_answer_to_exercise_1_holds():
    """The teacher's answer in 01's markdown cell and the guide: the most and least likely of 5 items."""
    counts = naive_swap_counts(5)
    top, bottom = max(counts.values()), min(counts.values())
    assert sorted(perm for perm, c in counts.items() if c == top) == [(1, 0, 3, 4, 2), (1, 2, 0, 4, 3)]
    assert [perm for perm, c in counts.items() if c == bottom] == [(4, 0, 1, 2, 3)]
    assert (top, bottom) == (47, 16)


def test_rule_cases_count_is_what_lesson_02_says():
    # 2x2 has only 24 arrangements; every other shape gives 200 boards per goal
    assert len(lesson02.rule_cases()) == 2 * (24 + 4 * 200 + 200)


# -- lesson 02: the library's answer is refused where the exercise asks for the student's own ---
def _calls_is_solvable(board, goal):
    return parity.is_solvable(board, goal)


def _calls_a_helper(board, goal):
    return _calls_is_solvable(board, goal)


@pytest.mark.parametrize("answer", [
    parity.is_solvable,  # the function itself
    parity.FORMULATIONS["permutation parity = blank distance parity"],
    _calls_a_helper,  # named in a helper defined beside it
    lambda board, goal: parity.FORMULATIONS["invariant relative to the goal (puzzlelab)"](board, goal),
])  # fmt: skip
def test_exercise_4_refuses_the_librarys_rule_and_restores_it(answer):
    originals = (parity.is_solvable, parity.explain)
    with pytest.raises(WrongAnswer, match="write it yourself"):
        lesson02.check_rule(answer)
    assert (parity.is_solvable, parity.explain) == originals
    assert parity.is_solvable(Board.goal(3, 3))


def test_exercise_5_refuses_make_solvable_but_allows_is_solvable(capsys):
    with pytest.raises(WrongAnswer, match="write it yourself"):
        lesson02.check_fix(lambda board: shuffles.make_solvable(board))
    assert shuffles.make_solvable(Board.parse("2 1/3 _")) == Board.goal(2, 2)  # restored

    def with_is_solvable(board):
        if parity.is_solvable(board):
            return board
        return board.swap(board.size - 2, board.size - 1) if board.blank in (0, 1) else board.swap(0, 1)

    lesson02.check_fix(with_is_solvable)
    assert capsys.readouterr().out.startswith("correct")


def test_exercise_2_says_how_many_verdicts_are_wrong_not_which():
    answers = my_verdicts()
    flipped = {**answers, lesson02.VERDICT_BOARDS[0]: not answers[lesson02.VERDICT_BOARDS[0]]}
    with pytest.raises(WrongAnswer, match="1 of the 4 verdicts are wrong") as caught:
        lesson02.check_verdicts(lambda: flipped)
    assert not any(text in str(caught.value) for text in lesson02.VERDICT_BOARDS)


def test_exercise_2_boards_are_in_no_lesson_and_mix_both_verdicts_and_widths():
    texts = "\n".join("".join(cell["source"]) for path in sorted(LESSON_00.parent.glob("0*.ipynb"))
                      for cell in json.loads(path.read_text(encoding="utf-8"))["cells"])
    boards = [Board.parse(text) for text in lesson02.VERDICT_BOARDS]
    assert not any(text in texts for text in lesson02.VERDICT_BOARDS)
    assert {parity.is_solvable(b) for b in boards} == {True, False}
    assert {b.cols % 2 for b in boards} == {0, 1}
    assert sum(parity.is_solvable(b) != (parity.inversions(b) % 2 == 0) for b in boards) >= 2
