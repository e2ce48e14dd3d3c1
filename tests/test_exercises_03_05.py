"""The checks of lessons 03-06: "correct" for a right answer, WrongAnswer for a typical wrong one,
NotAnswered for the untouched stub."""

from __future__ import annotations

import heapq
import itertools
import math
from fractions import Fraction

import numpy as np
import pytest

from puzzlelab import Board, heuristics, search
from puzzlelab.exercises import NotAnswered, WrongAnswer, lesson03, lesson04, lesson05
from puzzlelab.lesson_tools import exact_distance, heuristic_survey, iteration_work
from puzzlelab.shuffles import random_solvable_board, shuffle_board


def stub(*args):
    raise NotImplementedError()


def passes(check, fn, capsys, *, hidden=False):
    check(fn, hidden=hidden)
    out = capsys.readouterr().out
    assert out.startswith("correct: ")
    return out


# ---- lesson 03 ------------------------------------------------------------------------------


def manhattan(board, goal):
    total = 0
    for tile in board.tiles:
        if tile:
            (r, c), (gr, gc) = board.position(tile), goal.position(tile)
            total += abs(r - gr) + abs(c - gc)
    return total


def test_manhattan_check(capsys):
    passes(lesson03.check_manhattan, manhattan, capsys)
    passes(lesson03.check_manhattan, manhattan, capsys, hidden=True)

    def with_blank(board, goal):  # the blank's distance counted too
        return sum(abs(r - gr) + abs(c - gc) for t in board.tiles
                   for (r, c), (gr, gc) in [(board.position(t), goal.position(t))])  # fmt: skip

    with pytest.raises(WrongAnswer, match="the blank is not a tile"):
        lesson03.check_manhattan(with_blank)
    with pytest.raises(WrongAnswer, match=r"library.s heuristics\.manhattan"):  # compute it yourself
        lesson03.check_manhattan(lambda board, goal: heuristics.manhattan(board, goal))
    with pytest.raises(NotAnswered):
        lesson03.check_manhattan(stub)


def test_greedy_extra_check(capsys):
    right = lambda board: search.greedy(board).cost - exact_distance(board)  # noqa: E731
    passes(lesson03.check_greedy_extra, right, capsys)
    with pytest.raises(WrongAnswer) as error:
        lesson03.check_greedy_extra(lambda board: search.greedy(board).cost)
    truth = search.greedy(Board.parse("8 7 3/1 _ 4/6 2 5")).cost - 18
    assert f"expected {truth}" not in str(error.value)  # the answer is not given away
    assert "whole length of greedy's solution" in str(error.value)
    assert "exact_distance" not in str(error.value)  # nor the recipe
    assert "subtract" not in str(error.value)
    slips = {  # a typical slip -> what its hint names
        lambda board: exact_distance(board) - search.greedy(board).cost: "the sign",
        lambda board: exact_distance(board): "the optimum alone",
        lambda board: search.greedy(board).expanded: "nodes greedy expanded",
        lambda board: 0: "compare the length",
    }
    for slip, hint in slips.items():
        with pytest.raises(WrongAnswer, match=hint):
            lesson03.check_greedy_extra(slip)
    with pytest.raises(NotAnswered):
        lesson03.check_greedy_extra(stub)


def far_overestimate():
    """A board at least 20 moves from the goal where manhattan + misplaced overestimates."""
    for seed in range(1000):
        board = random_solvable_board(3, 3, rng=seed)
        d = exact_distance(board)
        if d >= 20 and heuristics.manhattan(board) + heuristics.misplaced(board) > d:
            return board
    raise AssertionError("none found")


def near_detour():
    """A board at most 10 moves from the goal where the article's solver is not optimal."""
    for seed in range(10_000):
        board = shuffle_board("random_walk", 3, 3, rng=seed, steps=10)
        d = exact_distance(board)
        if d <= 10 and search.article_solver(board).cost > d:
            return board
    raise AssertionError("none found")


def test_overestimate_and_detour_checks(capsys):
    board = far_overestimate()
    passes(lesson03.check_overestimate, lambda: board, capsys)
    passes(lesson03.check_overestimate, lambda: board.text(), capsys, hidden=True)
    with pytest.raises(WrongAnswer, match="only 1 move from"):  # the lesson prints this board: refused
        lesson03.check_overestimate(lambda: "1 2 3/4 5 6/7 _ 8")
    admissible_there = next(
        b
        for b in (random_solvable_board(3, 3, rng=s) for s in range(100))
        if exact_distance(b) >= 20 and heuristics.manhattan(b) + heuristics.misplaced(b) <= exact_distance(b)
    )
    with pytest.raises(WrongAnswer, match="does not overestimate"):
        lesson03.check_overestimate(lambda: admissible_there)
    with pytest.raises(WrongAnswer, match="cannot reach"):
        lesson03.check_overestimate(lambda: "1 2 3/4 5 6/8 7 _")
    with pytest.raises(WrongAnswer, match="not a board"):
        lesson03.check_overestimate(lambda: "hello")
    with pytest.raises(WrongAnswer, match="not a board"):
        lesson03.check_overestimate(lambda: 42)
    detour = near_detour()
    passes(lesson03.check_article_detour, lambda: detour, capsys)
    # the lesson's example and its section-3 boards are detours, but too far from the goal
    for far in (lesson03.LESSON_EXAMPLE, random_solvable_board(3, 3, rng=1)):
        assert search.article_solver(far).cost > exact_distance(far)
        with pytest.raises(WrongAnswer, match="at most 10 moves"):
            lesson03.check_article_detour(lambda far=far: far)
    with pytest.raises(WrongAnswer, match="optimal"):
        lesson03.check_article_detour(lambda: "1 2 3/4 5 6/7 _ 8")
    for check in (lesson03.check_overestimate, lesson03.check_article_detour):
        with pytest.raises(NotAnswered):
            check(stub)


def line_conflicts(board, goal):
    """Manhattan plus 2 for every row or column holding two of its own goal tiles in reverse
    order (at most once per line): admissible, and better informed than Manhattan."""
    extra = 0
    for k in range(board.rows):
        cols = [goal.position(t)[1] for t in board.tiles[k * board.cols : (k + 1) * board.cols]
                if t and goal.position(t)[0] == k]  # fmt: skip
        extra += 2 * any(a > b for i, a in enumerate(cols) for b in cols[i + 1 :])
    for k in range(board.cols):
        rows = [goal.position(t)[0] for t in board.tiles[k :: board.cols] if t and goal.position(t)[1] == k]
        extra += 2 * any(a > b for i, a in enumerate(rows) for b in rows[i + 1 :])
    return manhattan(board, goal) + extra


@pytest.mark.slow
def test_my_heuristic_check_passes_a_right_answer_on_the_whole_space(capsys):
    passes(lesson03.check_my_heuristic, line_conflicts, capsys)
    passes(lesson03.check_my_heuristic, line_conflicts, capsys, hidden=True)  # reuses the sweep


def test_my_heuristic_check(capsys):
    def misplaced(board, goal):
        return sum(t != 0 and t != u for t, u in zip(board.tiles, goal.tiles, strict=True))

    with pytest.raises(WrongAnswer, match="not admissible"):
        lesson03.check_my_heuristic(lambda board, goal: manhattan(board, goal) + misplaced(board, goal))
    with pytest.raises(WrongAnswer, match="Manhattan distance"):
        lesson03.check_my_heuristic(manhattan)  # admissible, but not better than Manhattan
    with pytest.raises(WrongAnswer, match="not a number"):
        lesson03.check_my_heuristic(lambda board, goal: "far")
    with pytest.raises(NotAnswered):
        lesson03.check_my_heuristic(stub)


def test_my_heuristic_refuses_the_library(capsys):
    """The exercise says "do not call the library's heuristics": the check enforces it, through
    the student's own helpers and default arguments too, and allows the student's own code."""

    def direct(board, goal):
        return heuristics.linear_conflict(board, goal)

    def exact(board, goal):
        return exact_distance(board)

    def helper(board, goal):
        return direct(board, goal)

    def default(board, goal, h=search.linear_conflict):
        return h(board, goal)

    for fn, name in [(direct, "heuristics.linear_conflict"), (exact, "exact_distance"),
                     (helper, "heuristics.linear_conflict"), (default, "linear_conflict")]:  # fmt: skip
        with pytest.raises(WrongAnswer, match=f"library's {name}"):
            lesson03.check_my_heuristic(fn)


@pytest.mark.slow
def test_my_heuristic_allows_the_students_own_helpers(capsys):
    def own_helper(board, goal):
        return line_conflicts(board, goal)

    passes(lesson03.check_my_heuristic, own_helper, capsys)


# ---- lesson 04 ------------------------------------------------------------------------------


def weighted_astar(start, goal, w, h=heuristics.manhattan, *, skip_stale=True):
    counter = itertools.count()
    frontier = [(w * h(start, goal), 0, next(counter), start)]
    best_g = {start: 0}
    expanded = 0
    while frontier:
        _, minus_g, _, board = heapq.heappop(frontier)
        g = -minus_g
        if skip_stale and g > best_g[board]:
            continue
        if board == goal:
            return g, expanded
        expanded += 1
        for _move, child in board.successors():
            if best_g.get(child, math.inf) <= g + 1:
                continue
            best_g[child] = g + 1
            heapq.heappush(frontier, (g + 1 + w * h(child, goal), -(g + 1), next(counter), child))
    return None, expanded


def test_weighted_astar_check(capsys):
    passes(lesson04.check_weighted_astar, weighted_astar, capsys)
    passes(lesson04.check_weighted_astar, lambda s, g, w: list(weighted_astar(s, g, w)), capsys)
    stale = lambda s, g, w: weighted_astar(s, g, w, skip_stale=False)  # noqa: E731
    with pytest.raises(WrongAnswer):
        lesson04.check_weighted_astar(stale, hidden=True)
    with pytest.raises(NotAnswered):
        lesson04.check_weighted_astar(stub)


def test_smallest_half_weight_check(capsys):
    def right(board, weights):
        limit = search.astar(board).expanded / 2
        return next((w for w in weights if search.weighted_astar(board, weight=w).expanded < limit), None)

    passes(lesson04.check_smallest_half_weight, right, capsys)
    with pytest.raises(WrongAnswer):
        lesson04.check_smallest_half_weight(lambda board, weights: max(weights))
    with pytest.raises(NotAnswered):
        lesson04.check_smallest_half_weight(stub)


def test_priorities_check(capsys):
    right = {
        "bfs": lambda g, h: g,
        "astar": lambda g, h: g + h,
        "w3": lambda g, h: g + 3 * h,
        "h_first": lambda g, h: h + g / 1000,
    }
    passes(lesson04.check_priorities, lambda: right, capsys)
    passes(lesson04.check_priorities, lambda: {**right, "h_first": lambda g, h: 1000 * h + g}, capsys)
    with pytest.raises(WrongAnswer, match="h_first") as wrong:  # greedy's tie rule: the deeper node first
        lesson04.check_priorities(lambda: {**right, "h_first": lambda g, h: h})
    assert "LARGER g first" in str(wrong.value)  # the hint names the trap, the engine's tie rule
    with pytest.raises(WrongAnswer, match="how much") as wrong:  # other searches keep the general hint
        lesson04.check_priorities(lambda: {**right, "w3": lambda g, h: g + h})
    assert "LARGER g" not in str(wrong.value)
    with pytest.raises(WrongAnswer, match="not a function"):
        lesson04.check_priorities(lambda: {**right, "w3": 3})
    with pytest.raises(WrongAnswer, match="not a number"):
        lesson04.check_priorities(lambda: {**right, "bfs": lambda g, h: None})
    with pytest.raises(WrongAnswer, match="no entry"):
        lesson04.check_priorities(lambda: {"bfs": right["bfs"]})
    with pytest.raises(NotAnswered):
        lesson04.check_priorities(stub)


def test_optimum_range_check(capsys):
    def right(length, w):
        smallest = math.ceil(length / w - 1e-9)
        return smallest + (smallest - length) % 2, length

    passes(lesson04.check_optimum_range, right, capsys)
    passes(lesson04.check_optimum_range, right, capsys, hidden=True)
    with pytest.raises(WrongAnswer, match="length = 30"):
        lesson04.check_optimum_range(lambda length, w: (math.ceil(length / w), length))  # forgets parity
    with pytest.raises(NotAnswered):
        lesson04.check_optimum_range(stub)


def test_iterations_check(capsys):
    right = lambda board: (exact_distance(board) - heuristics.manhattan(board)) // 2 + 1  # noqa: E731
    passes(lesson04.check_iterations, right, capsys)
    with pytest.raises(WrongAnswer):
        lesson04.check_iterations(lambda board: exact_distance(board) - heuristics.manhattan(board) + 1)
    with pytest.raises(NotAnswered):
        lesson04.check_iterations(stub)


# ---- lesson 05 ------------------------------------------------------------------------------


def longest_increasing(values):
    best = [1] * len(values)
    for j in range(len(values)):
        for i in range(j):
            if values[i] < values[j]:
                best[j] = max(best[j], best[i] + 1)
    return max(best, default=0)


def test_line_penalty_check(capsys):
    right = lambda columns: 2 * (len(columns) - longest_increasing(columns))  # noqa: E731
    passes(lesson05.check_line_penalty, right, capsys)
    passes(lesson05.check_line_penalty, right, capsys, hidden=True)

    def longest_run(columns):  # the longest run of neighbours in goal order: not what is counted
        best = run = 1
        for a, b in itertools.pairwise(columns):
            run = run + 1 if b > a else 1
            best = max(best, run)
        return 2 * (len(columns) - best)

    with pytest.raises(WrongAnswer):
        lesson05.check_line_penalty(longest_run, hidden=True)
    with pytest.raises(NotAnswered):
        lesson05.check_line_penalty(stub)


def test_by_hand_check(capsys):
    board = lesson05.BY_HAND
    manhattan, conflict = search.manhattan(board), search.linear_conflict(board)
    assert conflict - manhattan == 4  # one row and one column in conflict: the text works out neither
    passes(lesson05.check_by_hand, lambda: (manhattan, conflict), capsys)
    with pytest.raises(WrongAnswer, match="linear conflict") as error:
        lesson05.check_by_hand(lambda: (manhattan, manhattan + 2))  # the row's conflict, not the column's
    assert str(conflict) not in str(error.value).split("got")[0]
    with pytest.raises(NotAnswered):
        lesson05.check_by_hand(stub)


def test_by_hand_refuses_the_library(capsys):
    def asks_the_library():
        return search.manhattan(lesson05.BY_HAND), search.linear_conflict(lesson05.BY_HAND)

    def asks_inside_a_helper():
        return next(heuristics.linear_conflict(b) for b in [lesson05.BY_HAND])  # nested code

    for fn in (asks_the_library, asks_inside_a_helper):
        with pytest.raises(WrongAnswer, match="on paper"):
            lesson05.check_by_hand(fn)
    assert capsys.readouterr().out == ""


def test_share_beyond_check(capsys):
    def right(histogram, k):
        return sum(c for d, c in histogram.items() if d > k) / sum(histogram.values())

    passes(lesson05.check_share_beyond, right, capsys)
    passes(lesson05.check_share_beyond, right, capsys, hidden=True)

    def exact(histogram, k):  # a Fraction is a right answer too
        return Fraction(sum(c for d, c in histogram.items() if d > k), sum(histogram.values()))

    passes(lesson05.check_share_beyond, exact, capsys, hidden=True)
    at_least = lambda histogram, k: right(histogram, k - 1)  # noqa: E731
    with pytest.raises(WrongAnswer, match="more than k: a position exactly k moves away does not count"):
        lesson05.check_share_beyond(at_least)
    with pytest.raises(WrongAnswer, match="not a percentage"):
        lesson05.check_share_beyond(lambda histogram, k: 100 * right(histogram, k))
    with pytest.raises(NotAnswered):
        lesson05.check_share_beyond(stub)


# ---- lesson_tools ----------------------------------------------------------------------------


def test_survey_matches_brute_force_on_2x3():
    survey = heuristic_survey("manhattan_with_blank", 2, 3)
    goal = Board.goal(2, 3)
    boards = [random_solvable_board(2, 3, rng=s) for s in range(200)]
    ratio = max(heuristics.manhattan_with_blank(b) / exact_distance(b) for b in boards if b != goal)
    drop = max(
        heuristics.manhattan_with_blank(b) - heuristics.manhattan_with_blank(c)
        for b in boards
        for _, c in b.successors()
    )
    assert ratio <= survey.worst_ratio
    assert drop <= survey.largest_drop
    assert len(survey.h) == 360
    assert not survey.admissible
    assert heuristic_survey("misplaced", 2, 3).consistent


def test_iteration_work_counts_each_iteration():
    board = random_solvable_board(3, 3, rng=3)
    bounds, work = iteration_work(search.ida_star_events(board))
    assert bounds[0] == heuristics.manhattan(board)
    assert bounds[-1] == exact_distance(board)
    assert sum(work) == search.ida_star(board).expanded


# ---- lesson 06 ------------------------------------------------------------------------------


def pdb_values(pdb, board):
    cell = {tile: index for index, tile in enumerate(board.tiles)}
    return [
        int(table[sum(cell[t] << (pdb.bits * k) for k, t in enumerate(group))])
        for group, table in zip(pdb.partition, pdb.tables, strict=True)
    ]


@pytest.mark.slow
def test_lesson06_checks(capsys):
    from puzzlelab.exercises import lesson06

    passes(lesson06.check_pdb_values, pdb_values, capsys)
    with pytest.raises(WrongAnswer):
        lesson06.check_pdb_values(lambda pdb, board: [0] * len(pdb.partition))
    with pytest.raises(WrongAnswer, match="whole numbers"):
        lesson06.check_pdb_values(lambda pdb, board: ["0"] * len(pdb.partition))
    right = {"pattern+manhattan": True, "plain+reflected": False, "manhattan+pdb": False}
    passes(lesson06.check_admissible_combinations, lambda: right, capsys)
    for key in right:  # each single wrong answer is caught, without showing the right one
        with pytest.raises(WrongAnswer) as wrong:
            lesson06.check_admissible_combinations(lambda key=key: {**right, key: not right[key]})
        assert str(not right[key]) not in str(wrong.value).split("got")[0]
    with pytest.raises(WrongAnswer, match="True or False"):
        lesson06.check_admissible_combinations(lambda: {**right, "plain+reflected": "no"})
    pdb = search.pattern_database(search.KORF_GOAL, reflect=True)
    korf = {ident: board for ident, board, _ in search.korf100()}
    passes(
        lesson06.check_korf_solution,
        lambda ident: search.ida_star(korf[ident], search.KORF_GOAL, heuristic=pdb).moves,
        capsys,
    )
    with pytest.raises(WrongAnswer, match="should return a list of moves"):  # numbers are not moves
        lesson06.check_korf_solution(lambda ident: [1, 2, 3])
    with pytest.raises(WrongAnswer, match="cannot be played"):
        lesson06.check_korf_solution(lambda ident: ["X", "Y"])
    with pytest.raises(WrongAnswer, match="not optimal"):
        lesson06.check_korf_solution(
            lambda ident: search.weighted_astar(korf[ident], search.KORF_GOAL, weight=3).moves
        )
    for check in (
        lesson06.check_pdb_values,
        lesson06.check_admissible_combinations,
        lesson06.check_korf_solution,
    ):
        with pytest.raises(NotAnswered):
            check(stub)


# ---- lesson 03: the heuristic is checked on the whole 3x3 space (issue 19) ----------------------


def _reversed_pairs_everywhere(tiles):
    """2 x the reversed pairs of own tiles in every row and column, for every board (vectorised)."""
    home = np.where(tiles > 0, tiles - 1, 8)
    pairs = np.zeros(len(tiles), dtype=np.int64)
    for line in [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8)]:
        row_line = line[1] - line[0] == 1
        for i, a in enumerate(line):
            for b in line[i + 1 :]:
                ta, tb = home[:, a], home[:, b]
                if row_line:
                    own = (tiles[:, a] > 0) & (tiles[:, b] > 0) & (ta // 3 == a // 3) & (tb // 3 == a // 3)
                    pairs += own & (ta % 3 > tb % 3)
                else:
                    own = (tiles[:, a] > 0) & (tiles[:, b] > 0) & (ta % 3 == a % 3) & (tb % 3 == a % 3)
                    pairs += own & (ta // 3 > tb // 3)
    return 2 * pairs


@pytest.mark.slow
def test_the_sweep_holds_every_3x3_board_once_and_the_overcounting_boards_first():
    space, distances = lesson03._space_by_risk()
    tiles = np.array(space)
    assert len(space) == len(set(space)) == 181_440
    rng = np.random.default_rng(19)
    for k in rng.choice(len(space), size=60, replace=False):
        assert exact_distance(Board(space[k], 3, 3)) == distances[k]
    cell = np.arange(9)
    home = np.where(tiles > 0, tiles - 1, 8)
    manhattan_all = ((np.abs(cell // 3 - home // 3) + np.abs(cell % 3 - home % 3)) * (tiles > 0)).sum(axis=1)
    over = np.flatnonzero(manhattan_all + _reversed_pairs_everywhere(tiles) > np.array(distances))
    assert len(over) == 7  # "Manhattan + 2 for every reversed pair" overestimates on 7 boards ...
    assert sorted(over) == list(range(7))  # ... and the check tries them first
    worst = Board.parse("_ 8 7/6 5 4/3 2 1")
    k = space.index(worst.tiles)
    assert (k, distances[k], manhattan_all[k] + _reversed_pairs_everywhere(tiles[k : k + 1])[0]) == (
        k,
        28,
        32,
    )


def test_a_heuristic_too_slow_for_the_whole_space_is_told_so(monkeypatch):
    monkeypatch.setattr(lesson03, "_SWEEP_SECONDS", 0.3)

    def slow(board, goal):  # admissible, and 50 times slower than it needs to be
        for _ in range(50):
            value = line_conflicts(board, goal)
        return value

    with pytest.raises(WrongAnswer, match="too slow to check") as caught:
        lesson03.check_my_heuristic(slow)
    assert "181,440" in str(caught.value)
    assert "goal's positions once" in str(caught.value)
