"""The checks of lessons 03-06: "correct" for a right answer, WrongAnswer for a typical wrong one,
NotAnswered for the untouched stub."""

from __future__ import annotations

import heapq
import itertools
import math

import pytest

from puzzlelab import Board, heuristics, search
from puzzlelab.exercises import NotAnswered, WrongAnswer, lesson03, lesson04, lesson05
from puzzlelab.lesson_tools import exact_distance, heuristic_survey, iteration_work
from puzzlelab.shuffles import uniform_solvable


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
    with_blank = lambda board, goal: heuristics.manhattan_with_blank(board, goal)  # noqa: E731
    with pytest.raises(WrongAnswer, match="board"):
        lesson03.check_manhattan(with_blank)
    with pytest.raises(NotAnswered):
        lesson03.check_manhattan(stub)


def test_greedy_extra_check(capsys):
    right = lambda board: search.greedy(board).cost - exact_distance(board)  # noqa: E731
    passes(lesson03.check_greedy_extra, right, capsys)
    with pytest.raises(WrongAnswer) as error:
        lesson03.check_greedy_extra(lambda board: search.greedy(board).cost)
    truth = search.greedy(Board.parse("8 7 3/1 _ 4/6 2 5")).cost - 18
    assert f"expected {truth}" not in str(error.value)  # the answer is not given away
    with pytest.raises(NotAnswered):
        lesson03.check_greedy_extra(stub)


def test_overestimate_and_detour_checks(capsys):
    passes(lesson03.check_overestimate, lambda: "1 2 3/4 5 6/7 _ 8", capsys)
    with pytest.raises(WrongAnswer, match="does not overestimate"):
        lesson03.check_overestimate(lambda: "1 2 3/4 5 6/7 8 _")
    with pytest.raises(WrongAnswer, match="cannot reach"):
        lesson03.check_overestimate(lambda: "1 2 3/4 5 6/8 7 _")
    with pytest.raises(WrongAnswer, match="not a board"):
        lesson03.check_overestimate(lambda: "hello")
    passes(lesson03.check_article_detour, lambda: Board.parse("4 1 3/_ 7 6/2 8 5"), capsys)
    with pytest.raises(WrongAnswer, match="lesson's own example"):
        lesson03.check_article_detour(lambda: lesson03.LESSON_EXAMPLE)
    with pytest.raises(WrongAnswer, match="optimal"):
        lesson03.check_article_detour(lambda: "1 2 3/4 5 6/7 _ 8")
    for check in (lesson03.check_overestimate, lesson03.check_article_detour):
        with pytest.raises(NotAnswered):
            check(stub)


def test_my_heuristic_check(capsys):
    passes(lesson03.check_my_heuristic, manhattan, capsys)
    with pytest.raises(WrongAnswer, match="not admissible"):
        lesson03.check_my_heuristic(lambda board, goal: 2 * manhattan(board, goal))
    with pytest.raises(WrongAnswer, match="misplaced tiles"):
        lesson03.check_my_heuristic(heuristics.misplaced)
    with pytest.raises(NotAnswered):
        lesson03.check_my_heuristic(stub)


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
        "greedy": lambda g, h: h,
        "w3": lambda g, h: g + 3 * h,
    }
    passes(lesson04.check_priorities, lambda: right, capsys)
    with pytest.raises(WrongAnswer, match="greedy"):
        lesson04.check_priorities(lambda: {**right, "greedy": lambda g, h: g + 10 * h})
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
    passes(lesson05.check_by_hand, lambda: (search.manhattan(board), search.linear_conflict(board)), capsys)
    with pytest.raises(WrongAnswer, match="linear conflict") as error:
        lesson05.check_by_hand(lambda: (search.manhattan(board), search.manhattan(board)))
    assert str(search.linear_conflict(board)) not in str(error.value).split("got")[0]
    with pytest.raises(NotAnswered):
        lesson05.check_by_hand(stub)


def test_share_beyond_check(capsys):
    def right(histogram, k):
        return sum(c for d, c in histogram.items() if d > k) / sum(histogram.values())

    passes(lesson05.check_share_beyond, right, capsys)
    passes(lesson05.check_share_beyond, right, capsys, hidden=True)
    at_least = lambda histogram, k: right(histogram, k - 1)  # noqa: E731
    with pytest.raises(WrongAnswer):
        lesson05.check_share_beyond(at_least)
    with pytest.raises(NotAnswered):
        lesson05.check_share_beyond(stub)


# ---- lesson_tools ----------------------------------------------------------------------------


def test_survey_matches_brute_force_on_2x3():
    survey = heuristic_survey("manhattan_with_blank", 2, 3)
    goal = Board.goal(2, 3)
    boards = [uniform_solvable(2, 3, rng=s) for s in range(200)]
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
    board = uniform_solvable(3, 3, rng=3)
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
    passes(
        lesson06.check_admissible_combinations,
        lambda: {"sum": True, "max": True, "manhattan+pdb": False},
        capsys,
    )
    with pytest.raises(WrongAnswer):
        lesson06.check_admissible_combinations(lambda: {"sum": True, "max": True, "manhattan+pdb": True})
    pdb = search.pattern_database(search.KORF_GOAL, reflect=True)
    korf = {ident: board for ident, board, _ in search.korf100()}
    passes(
        lesson06.check_korf_solution,
        lambda ident: search.ida_star(korf[ident], search.KORF_GOAL, heuristic=pdb).moves,
        capsys,
    )
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
