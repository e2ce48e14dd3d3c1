"""The checks of lessons 00-02: "correct" for a right answer, WrongAnswer for a typical wrong one,
NotAnswered for the untouched stub (hidden cases included)."""

import math
from collections import Counter
from fractions import Fraction
from itertools import product

import numpy as np
import pytest

from puzzlelab import Board, distributions, parity, shuffles
from puzzlelab.exercises import NotAnswered, WrongAnswer, lesson00, lesson01, lesson02


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


def sattolo_solvable(rows, cols):
    n = rows * cols
    parity_ = (n - 1) % 2
    distances = [(rows - 1 - cell // cols) + (cols - 1 - cell % cols) for cell in range(n - 1)]
    good = sum(1 for d in distances if d % 2 == parity_)
    return Fraction(good, n - 1)


def count_inversions(seq):
    return sum(seq[i] > seq[j] for i in range(len(seq)) for j in range(i + 1, len(seq)))


def my_rule(board, goal):
    distance = abs(board.blank // board.cols - goal.blank // goal.cols)
    return (parity.inversions(board) + (board.cols - 1) * distance) % 2 == 0


def most_likely_after_fix():
    after = distributions.parity_fixed(distributions.exact("naive_swap", 4), (2, 2))
    best = after.most_likely()
    return shuffles.board_from_perm(best, 2, 2).text(), after.probability(best)


CASES = [  # (check, right answer, typical wrong answer)
    (lesson00.check_moves, my_moves, lambda t, r, c: ["U", "D", "L", "R"]),
    (lesson00.check_move, my_move, lambda t, r, c, m: my_move(t, r, c, {"U": "D", "D": "U"}.get(m, m))),
    (lesson00.check_solve_moves, lambda: "RR", lambda: "LL"),
    (lesson00.check_slides_to_moves, slides_to_moves,
     lambda slides: "".join({"down": "D", "up": "U", "right": "R", "left": "L"}[d] for _, d in slides)),
    (lesson00.check_move_counts, move_counts, lambda rows, cols: [[4] * cols for _ in range(rows)]),
    (lesson00.check_solvable_choice, lambda: {1, 3}, lambda: {0, 1, 3}),
    (lesson01.check_fisher_yates, my_fisher_yates, shuffles.naive_swap),
    (lesson01.check_pick_j, lambda i, u: math.floor(u * (i + 1)), lambda i, u: math.floor(u * i)),
    (lesson01.check_naive_swap_counts, naive_swap_counts, lambda n: {tuple(range(n)): n**n}),
    (lesson01.check_expected_home, lambda rows, cols: Fraction(rows * cols - 1, rows * cols),
     lambda rows, cols: 1),
    (lesson01.check_sattolo_solvable, sattolo_solvable, lambda rows, cols: Fraction(1, 2)),
    (lesson02.check_inversions, count_inversions,
     lambda seq: sum(seq[i] >= seq[j] for i in range(len(seq)) for j in range(i + 1, len(seq)))),
    (lesson02.check_hand_count, lambda: parity.board_inversions(Board.parse(lesson02.HAND_COUNT_BOARD)),
     lambda: 6),
    (lesson02.check_verdicts,
     lambda: {t: parity.is_solvable(Board.parse(t)) for t in lesson02.VERDICT_BOARDS},
     lambda: {t: parity.inversions(Board.parse(t)) % 2 == 0 for t in lesson02.VERDICT_BOARDS}),
    (lesson02.check_fooled_board, lambda rows, cols: Board.goal(rows, cols).move("U"),
     lambda rows, cols: Board.goal(rows, cols)),
    (lesson02.check_rule, my_rule, lambda board, goal: parity.inversions(board) % 2 == 0),
    (lesson02.check_fix_most_likely, most_likely_after_fix, lambda: ("1 2/3 _", Fraction(1, 12))),
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


def test_messages_never_contain_the_answer():
    answer = str(parity.board_inversions(Board.parse(lesson02.HAND_COUNT_BOARD)))
    with pytest.raises(WrongAnswer) as caught:
        lesson02.check_hand_count(lambda: 6)
    assert answer not in str(caught.value).split("hint")[0]
    with pytest.raises(WrongAnswer) as caught:
        lesson01.check_sattolo_solvable(lambda rows, cols: Fraction(1, 2))
    assert "expected" not in str(caught.value)


def test_rule_cases_count_is_what_lesson_02_says():
    # 2x2 has only 24 arrangements; every other shape gives 200 boards per goal
    assert len(lesson02.rule_cases()) == 2 * (24 + 4 * 200 + 200)
