"""Parity: inversion counts agree; the solvability rule is proved by breadth-first reachability."""

import itertools
from collections import deque
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlelab import Board
from puzzlelab.board import neighbour_table
from puzzlelab.parity import (
    FORMULATIONS,
    board_inversions,
    explain,
    inversion_pairs,
    inversions,
    inversions_fenwick,
    inversions_merge,
    inversions_naive,
    is_solvable,
    permutation_parity,
)

SMALL_SHAPES = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)]
GOALS = ["last", "first"]


@cache
def reachable(rows, cols, blank):
    """Every arrangement reachable from the goal, by breadth-first search on raw tuples."""
    start = Board.goal(rows, cols, blank=blank).tiles
    table = neighbour_table(rows, cols)
    seen, queue = {start}, deque([start])
    while queue:
        tiles = queue.popleft()
        b = tiles.index(0)
        for _, j in table[b]:
            child = list(tiles)
            child[b], child[j] = child[j], 0
            child = tuple(child)
            if child not in seen:
                seen.add(child)
                queue.append(child)
    return frozenset(seen)


def all_boards(rows, cols):
    return (Board(p, rows, cols) for p in itertools.permutations(range(rows * cols)))


@given(st.lists(st.integers(-50, 50), max_size=60))
def test_three_counts_agree(seq):
    naive = inversions_naive(seq)
    assert inversions_merge(seq) == naive
    assert inversions_fenwick(seq) == naive
    assert inversions(seq) == naive
    assert len(inversion_pairs(seq)) == naive


@given(st.permutations(range(12)))
def test_inversion_parity_is_permutation_parity(perm):
    assert inversions(perm) % 2 == permutation_parity(perm)


def test_inversions_examples_and_errors():
    assert inversions([]) == 0
    assert inversions(range(10)) == 0
    assert inversions(range(9, -1, -1)) == 45
    assert inversions(Board.parse("1 2 3/4 5 6/8 7 _")) == 1
    with pytest.raises(ValueError, match="method must be one of"):
        inversions([2, 1], method="bubble")


@pytest.mark.slow
@pytest.mark.parametrize("shape", SMALL_SHAPES)
@pytest.mark.parametrize("blank", GOALS)
def test_is_solvable_matches_reachability(shape, blank):
    rows, cols = shape
    goal = Board.goal(rows, cols, blank=blank)
    reach = reachable(rows, cols, blank)
    total = 0
    for board in all_boards(rows, cols):
        total += 1
        assert is_solvable(board, goal) == (board.tiles in reach), board
    # exactly half of all arrangements can reach the goal
    assert 2 * len(reach) == total


@pytest.mark.parametrize("shape", [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4)])
def test_rule_holds_for_any_goal(shape):
    """Solvability is a relation between two boards, not a property of one."""
    rows, cols = shape
    odd_goal = Board.goal(rows, cols).swap(0, 1)  # an unreachable goal is still a goal
    reach_last = reachable(rows, cols, "last")
    for board in itertools.islice(all_boards(rows, cols), 0, None, 13):
        # board reaches odd_goal iff board and odd_goal are in the same class
        same_class = (board.tiles in reach_last) == (odd_goal.tiles in reach_last)
        assert is_solvable(board, odd_goal) == same_class


def expected_correct(name, rows, cols, blank):
    """Which formulation is right for which shape and goal (worked out in lesson 02)."""
    even_width, even_height = cols % 2 == 0, rows % 2 == 0
    if name.startswith(("invariant", "permutation")):
        return True
    if name.startswith("inversions even"):
        return not even_width
    if name.startswith(("article", "inversions + (rows - row")):  # counts rows from the bottom
        return blank == "last" or not even_width or not even_height
    if name.endswith("(0-based)"):  # counts rows from the top
        return blank == "first" or not even_width or not even_height
    if name.endswith("(1-based)"):
        return not even_width or (blank == "last" and even_height)
    raise AssertionError(f"no expectation for {name}")


@pytest.mark.parametrize("shape", [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)])
@pytest.mark.parametrize("blank", GOALS)
def test_formulations_right_and_wrong(shape, blank):
    rows, cols = shape
    goal = Board.goal(rows, cols, blank=blank)
    reach = reachable(rows, cols, blank)
    stride = 11 if rows * cols > 8 else 1  # every board up to 8 cells, a spread sample of 3x3
    boards = list(itertools.islice(all_boards(rows, cols), 0, None, stride))
    for name, rule in FORMULATIONS.items():
        wrong = [b for b in boards if rule(b, goal) != (b.tiles in reach)]
        assert (not wrong) == expected_correct(name, rows, cols, blank), (name, shape, blank, wrong[:2])


def test_famous_fourteen_fifteen_cannot_be_solved():
    sam_loyd = Board.parse("1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 _")
    why = explain(sam_loyd)
    assert (why.inversions, why.row_distance, why.invariant, why.solvable) == (1, 0, 1, False)
    assert "NOT solvable" in str(why)


@given(st.permutations(range(16)))
def test_explanation_is_consistent_on_4x4(tiles):
    board = Board(tiles, 4, 4)
    why = explain(board)
    assert why.inversions == board_inversions(board)
    assert why.row_term == 3 * abs(board.blank // 4 - 3)
    assert why.solvable == ((why.inversions + why.row_term) % 2 == 0)
    # one move never changes the verdict
    for _, child in board.successors():
        assert is_solvable(child) == why.solvable
    # swapping two tiles always flips it
    i, j = [k for k in range(16) if tiles[k]][:2]
    assert is_solvable(board.swap(i, j)) != why.solvable


def test_goal_of_another_shape_is_an_error():
    with pytest.raises(ValueError, match="board is 3x3 but the goal is 2x2"):
        is_solvable(Board.goal(3, 3), Board.goal(2, 2))


@given(st.integers(2, 9), st.integers(2, 9), st.randoms(use_true_random=False), st.booleans())
def test_is_solvable_gives_the_explanations_verdict_on_any_shape_and_goal(rows, cols, rnd, random_goal):
    """is_solvable's fast path (no explanation built) and explain() agree on every shape (up to
    81 cells, so both inversion counters are used), for the blank-last goal and for any goal."""
    tiles = list(range(rows * cols))
    rnd.shuffle(tiles)
    board = Board(tuple(tiles), rows, cols)
    goal = None
    if random_goal:
        rnd.shuffle(tiles)
        goal = Board(tuple(tiles), rows, cols)
    assert is_solvable(board, goal) == explain(board, goal).solvable
    assert is_solvable(board.text(), goal) == explain(board, goal).solvable  # text is read as a board


def test_the_explanation_reads_the_same_in_english_and_in_chinese_with_the_same_numbers():
    from puzzlelab.i18n import language

    sam_loyd = Board.parse("1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 _")
    with language("en"):
        english = str(explain(sam_loyd))
    assert english == (
        "inversions: 1\n"
        "blank on row 3, goal blank on row 3 (0 = top): 0 row(s) apart\n"
        "width 4 is even, so a vertical move changes the inversions by an odd number; "
        "blank-row term = (4 - 1) x 0 = 0\n"
        "invariant: (1 + 0) mod 2 = 1\n"
        "verdict: NOT solvable (the invariant is odd)"
    )
    with language("zh-CN"):
        chinese = str(explain(sam_loyd))
    assert chinese == (
        "逆序数：1\n"
        "空白块在第 3 行，目标状态中空白块在第 3 行（最上面一行为第 0 行）：相差 0 行\n"
        "宽度 4 是偶数，所以一次上下移动会让逆序数改变奇数；空白块行项 = (4 − 1) × 0 = 0\n"
        "不变量：(1 + 0) mod 2 = 1\n"
        "结论：不可还原（不变量是奇数）"
    )


@given(st.sampled_from([(2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (4, 3), (4, 4)]), st.randoms(), st.booleans())
def test_the_chinese_explanation_has_every_number_of_the_english_and_no_english_word(shape, rnd, first):
    import re

    from puzzlelab.i18n import language

    rows, cols = shape
    tiles = list(range(rows * cols))
    rnd.shuffle(tiles)
    board = Board(tiles, rows, cols)
    goal = Board([*range(rows * cols)], rows, cols) if first else None
    with language("en"):
        english = str(explain(board, goal)).splitlines()
    with language("zh-CN"):
        chinese = str(explain(board, goal)).splitlines()
    why = explain(board, goal)
    assert len(chinese) == len(english) == 5
    for en, zh in zip(english, chinese, strict=True):
        # the same numbers in the same order (the Chinese adds "row 0 is the top" after the rows)
        en_numbers = re.findall(r"\d+", en.replace("(0 = top)", ""))
        zh_numbers = re.findall(r"\d+", zh.replace("（最上面一行为第 0 行）", ""))
        assert zh_numbers == en_numbers, (en, zh)
        assert not re.search(r"[A-Za-z]{3,}", zh.replace("mod", "")), zh
    assert chinese[-1] == ("结论：可还原" if why.solvable else "结论：不可还原（不变量是奇数）")
    assert ("偶数" if cols % 2 == 0 else "奇数") in chinese[2].split("，")[0]
