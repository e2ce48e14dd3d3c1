"""The fast searches against their textbook versions: same cost, same boards expanded in the
same order, same counts; and every optimal search against breadth-first distances."""

import os
from math import factorial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlelab import Board
from puzzlelab.heuristics import linear_conflict, manhattan, manhattan_with_blank, zero
from puzzlelab.perm import unrank
from puzzlelab.search import (
    ARTICLE_STRATEGY,
    PatternDatabase,
    article_score,
    article_solver,
    astar,
    bfs,
    greedy,
    hardest,
    ida_star,
    ida_star_events,
    state_space_distances,
    textbook,
    weighted_astar,
)

# (fast solver and its options, textbook f and rules)
BEST_FIRST = {
    "bfs": (bfs, {}, {"f": lambda g, h: g, "h": zero}),
    "greedy": (greedy, {"heuristic": manhattan}, {"f": lambda g, h: h, "h": manhattan}),
    "astar": (astar, {"heuristic": linear_conflict}, {"f": lambda g, h: g + h, "h": linear_conflict}),
    "weighted": (
        weighted_astar,
        {"weight": 2.5, "heuristic": manhattan},
        {"f": lambda g, h: g + 2.5 * h, "h": manhattan},
    ),
    "article": (
        article_solver,
        {},
        {"f": article_score, "h": manhattan_with_blank, "newest_first": True,
         "test_on_generate": True, "blacklist": True, "order": ARTICLE_STRATEGY.order},
    ),
}  # fmt: skip


def reachable(goal, every=1):
    dist = state_space_distances(goal.rows, goal.cols, goal)
    for r in range(0, factorial(goal.size), every):
        if dist[r] >= 0:
            yield Board(unrank(r, goal.size), goal.rows, goal.cols), int(dist[r])


def assert_same_search(name, start, goal):
    solver, options, rules = BEST_FIRST[name]
    fast = solver(start, goal, record=True, budget=None, **options)
    slow = textbook.best_first(start, goal, **rules)
    expanded = [e.node.board for e in fast.events if e.kind == "expand"]
    assert expanded == slow.expanded, (name, start)
    assert (fast.expanded, fast.generated) == (len(slow.expanded), slow.generated), (name, start)
    assert fast.moves == [move for move, _ in slow.path], (name, start)
    return fast


def assert_same_ida(start, goal, heuristic):
    slow = textbook.ida_star(start, goal, h=heuristic)
    lean = ida_star(start, goal, heuristic=heuristic, budget=None)
    recorded = ida_star(start, goal, heuristic=heuristic, budget=None, record=True)
    assert [e.node.board for e in recorded.events if e.kind == "expand"] == slow.expanded
    for fast in (lean, recorded):
        assert (fast.expanded, fast.generated) == (len(slow.expanded), slow.generated), start
        assert fast.moves == [move for move, _ in slow.path]
    return lean


SMALL = [((2, 2), "last"), ((2, 2), "first"),
         pytest.param((2, 3), "last", marks=pytest.mark.slow),
         pytest.param((3, 2), "last", marks=pytest.mark.slow),
         pytest.param((2, 3), "first", marks=pytest.mark.slow)]  # fmt: skip


@pytest.mark.parametrize(("shape", "blank"), SMALL)
@pytest.mark.parametrize("name", sorted(BEST_FIRST))
def test_best_first_matches_the_textbook_on_every_small_board(shape, blank, name):
    goal = Board.goal(*shape, blank=blank)
    for start, distance in reachable(goal):
        fast = assert_same_search(name, start, goal)
        if name in ("bfs", "astar"):
            assert fast.cost == distance


@pytest.mark.parametrize(("shape", "blank"), SMALL)
@pytest.mark.parametrize("heuristic", [manhattan, linear_conflict])
def test_ida_star_matches_the_textbook_on_every_small_board(shape, blank, heuristic):
    goal = Board.goal(*shape, blank=blank)
    for start, distance in reachable(goal):
        assert assert_same_ida(start, goal, heuristic).cost == distance


SAMPLE_3X3 = list(reachable(Board.goal(3, 3), every=1997))  # 91 boards with their distances
#: breadth-first search expands most of the space on far boards: sample the nearer ones for it
NEAR = {"bfs": 14}


@pytest.mark.parametrize("name", sorted(BEST_FIRST))
def test_best_first_matches_the_textbook_on_sampled_8_puzzles(name):
    boards = [b for b, d in SAMPLE_3X3 if d <= NEAR.get(name, 99)]
    for start in boards[:25] if name != "bfs" else boards[:8]:
        assert_same_search(name, start, Board.goal(3, 3))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(BEST_FIRST))
def test_best_first_matches_the_textbook_on_hundreds_of_8_puzzles(name):
    """300 boards (every 599th solvable rank, and the two hardest); 60 nearer ones for BFS."""
    goal = Board.goal(3, 3)
    boards = [b for b, d in reachable(goal, every=599) if d <= NEAR.get(name, 99)]
    for start in [*hardest(3, 3), *boards][: 300 if name != "bfs" else 60]:
        assert_same_search(name, start, goal)


def test_ida_star_matches_the_textbook_on_sampled_8_puzzles():
    for start, _ in SAMPLE_3X3[:12]:
        assert_same_ida(start, Board.goal(3, 3), linear_conflict)


@pytest.mark.slow
def test_ida_star_matches_the_textbook_on_the_hardest_8_puzzles():
    for start in hardest(3, 3) + hardest(3, 3, Board.goal(3, 3, blank="first")):
        goal = Board.goal(3, 3) if start in hardest(3, 3) else Board.goal(3, 3, blank="first")
        assert assert_same_ida(start, goal, linear_conflict).cost == 31


def test_the_pattern_database_path_matches_the_generic_one():
    """IDA* with a database reads it inline; the counts equal the recorded (generic) run's."""
    goal = Board.goal(3, 3)
    for reflect in (False, True):
        pdb = PatternDatabase(goal, partition=((1, 2, 3, 4), (5, 6, 7, 8)), progress=None,
                              cache=False, reflect=reflect)  # fmt: skip
        for start in [b for b, _ in SAMPLE_3X3[:20]] + hardest(3, 3):
            lean = ida_star(start, heuristic=pdb)
            events = list(ida_star_events(start, heuristic=pdb))
            kinds = [e.kind for e in events]
            assert lean.expanded == kinds.count("expand")
            assert lean.generated == kinds.count("generate") + kinds.count("skip")
            assert assert_same_ida(start, goal, pdb).cost == lean.cost


DIST = state_space_distances(3, 3)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, factorial(9) - 1).filter(lambda r: DIST[r] >= 0))
def test_astar_and_ida_star_lengths_are_breadth_first_distances(r):
    start = Board(unrank(r, 9), 3, 3)
    assert astar(start, heuristic=manhattan).cost == DIST[r]
    assert ida_star(start, heuristic=linear_conflict).cost == DIST[r]


#: Every board when PUZZLELAB_FULL=1 (about 15 minutes of CPU); otherwise every 12th of the
#: 181,440 in breadth-first order plus every board at distance <= 4 or >= 30 (about a minute).
STRIDE = 1 if os.environ.get("PUZZLELAB_FULL") == "1" else 12


@pytest.mark.slow
def test_astar_finds_the_breadth_first_distance_of_the_8_puzzles():
    """Costs against the whole-space breadth-first search (the expansion order is checked against
    the textbook on the samples above)."""
    seen = set()
    for index, (start, distance) in enumerate(reachable(Board.goal(3, 3))):
        if index % STRIDE == 0 or distance <= 4 or distance >= 30:
            assert astar(start, heuristic=linear_conflict).cost == distance
            seen.add(distance)
    assert seen == set(range(32))
