"""The search engine, its solvers and events, checked against breadth-first distances."""

import gc
import inspect
import math
import random
from math import factorial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlelab import Board
from puzzlelab.parity import explain
from puzzlelab.perm import unrank
from puzzlelab.search import (
    DEFAULT_BUDGET,
    DEFAULT_MEMORY,
    DEFAULT_SECONDS,
    EVENT_KINDS,
    METHODS,
    SOLVERS,
    Event,
    Node,
    Strategy,
    Trace,
    WeightedPriority,
    article_solver,
    astar,
    best_first_events,
    bfs,
    greedy,
    ida_star,
    ida_star_events,
    linear_conflict,
    manhattan,
    misplaced,
    solve,
    state_space_distances,
    weighted_astar,
)

DIST = state_space_distances(3, 3)
reachable_rank = st.integers(0, factorial(9) - 1).filter(lambda r: DIST[r] >= 0)


def board_of(r):
    return Board(unrank(r, 9), 3, 3)


def scramble(board, *, seed, steps):
    rng = random.Random(seed)
    for _ in range(steps):
        board = board.move(rng.choice(board.moves()))
    return board


def assert_valid_path(result, start, goal):
    assert result.boards[0] == start
    assert result.boards[-1] == goal
    assert len(result.boards) == len(result.moves) + 1 == result.cost + 1
    for before, move, after in zip(result.boards, result.moves, result.boards[1:], strict=False):
        assert before.move(move) == after


@settings(max_examples=40, deadline=None)
@given(reachable_rank, st.sampled_from([misplaced, manhattan, linear_conflict]))
def test_astar_with_an_admissible_heuristic_returns_the_breadth_first_distance(r, h):
    start, goal = board_of(r), Board.goal(3, 3)
    result = astar(start, heuristic=h)
    assert result.solved
    assert result.optimal
    assert result.status == "solved"
    assert result.cost == DIST[r]
    assert_valid_path(result, start, goal)


@settings(max_examples=15, deadline=None)
@given(reachable_rank, st.floats(0, 6, allow_nan=False))
def test_weighted_astar_stays_within_w_times_the_optimum(r, w):
    result = weighted_astar(board_of(r), weight=w, heuristic=manhattan)
    assert result.solved
    assert result.cost <= max(w, 1) * DIST[r]
    assert result.optimal == (w <= 1)
    assert_valid_path(result, board_of(r), Board.goal(3, 3))


@settings(max_examples=20, deadline=None)
@given(reachable_rank)
def test_ida_star_is_optimal(r):
    result = ida_star(board_of(r), heuristic=linear_conflict)
    assert result.cost == DIST[r]
    assert result.optimal
    assert_valid_path(result, board_of(r), Board.goal(3, 3))


@settings(max_examples=6, deadline=None)
@given(reachable_rank)
def test_bfs_and_greedy(r):
    assert bfs(board_of(r)).cost == DIST[r]
    found = greedy(board_of(r))
    assert found.solved
    assert not found.optimal
    assert found.cost >= DIST[r]


@pytest.mark.parametrize("shape", [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2)])
@pytest.mark.parametrize("blank", ["last", "first"])
def test_every_rectangle_and_goal_convention(shape, blank):
    goal = Board.goal(*shape, blank=blank)
    dist = state_space_distances(*shape, goal)
    for r in range(0, factorial(goal.size), max(1, factorial(goal.size) // 40)):
        if dist[r] >= 0:
            start = Board(unrank(r, goal.size), *shape)
            assert astar(start, goal, heuristic=linear_conflict).cost == dist[r]
            assert ida_star(start, goal).cost == dist[r]


def test_hardest_8_puzzle_positions_take_31_moves():
    for start in (Board.parse("8 6 7/2 5 4/3 _ 1"), Board.parse("6 4 7/8 5 _/3 2 1")):
        assert astar(start, heuristic=linear_conflict).cost == 31


# -- events -----------------------------------------------------------------------------
START = Board.parse("4 1 3/7 2 6/_ 5 8")


def test_events_tell_the_story_of_the_search():
    events = list(best_first_events(START, priority=lambda g, h: g + h))
    assert all(isinstance(e, Event) and e.kind in EVENT_KINDS for e in events)
    assert events[0].kind == "expand"
    assert events[0].node.board == START
    assert events[-1].kind == "solved"
    assert events[-1].node.board == Board.goal(3, 3)
    assert [n.move for n in events[-1].node.path()][1:] == astar(START).moves
    steps = [e.step for e in events]
    assert steps == sorted(steps)
    expansions = [e for e in events if e.kind == "expand"]
    assert len(expansions) == astar(START).expanded
    for e in events:
        if e.kind == "generate":
            assert e.node.parent.board.move(e.node.move) == e.node.board
            assert e.node.f == e.node.g + e.node.h == e.node.depth + manhattan(e.node.board)


def test_a_recorded_run_replays_identically():
    a = astar(START, record=True)
    b = astar(START, record=True)
    assert [(e.kind, e.step, e.node and e.node.state, e.frontier) for e in a.events] == [
        (e.kind, e.step, e.node and e.node.state, e.frontier) for e in b.events
    ]
    assert a.events[-1].kind == "solved"


def test_ties_prefer_the_deeper_node():
    # every node on the optimal path has f = 6; preferring larger g on ties walks straight down it
    result = astar(START)
    assert result.expanded == result.cost == 6
    fifo = best_first_events(START, priority=lambda g, h: g + h - g / 1000)  # same idea, said with f
    assert sum(e.kind == "expand" for e in fifo) == 6


def test_recording_is_bounded_by_memory_and_says_so():
    start = Board.parse("8 6 7/2 5 4/3 _ 1")
    result = astar(start, record=True, memory=50_000)
    assert result.status == "budget"
    assert result.limit == "memory"
    assert "memory" in result.reason
    assert result.events[-1].kind == "budget"
    assert astar(start).events is None
    full = astar(start, record=True)
    assert full.cost == 31
    assert full.events[-1].kind == "solved"


def test_recording_does_not_change_the_search():
    start = Board.parse("8 6 7/2 5 4/3 _ 1")
    a, b = astar(start), astar(start, record=True)
    assert (a.moves, a.expanded, a.generated, a.max_frontier) == (
        b.moves,
        b.expanded,
        b.generated,
        b.max_frontier,
    )
    expands = sum(e.kind == "expand" for e in b.events)
    generates = sum(e.kind == "generate" for e in b.events)
    assert (expands, generates) == (b.expanded, b.generated)


@settings(max_examples=30, deadline=None)
@given(
    reachable_rank,
    st.sampled_from([1, 2, 0.5, 1.5, 3]),
    st.sampled_from([manhattan, misplaced]),
    st.sampled_from(["deep", "lifo"]),
)
def test_the_inline_weighted_priority_is_the_called_one(r, w, h, ties):
    """The engine computes a WeightedPriority's f inline: every event (kind, f, key, board) and the
    tallies are what the same priority as a plain function gives, node for node."""
    start, strategy = board_of(r), Strategy(ties=ties)
    plain = list(
        best_first_events(start, priority=lambda g, est: g + w * est, heuristic=h, strategy=strategy)
    )
    inline = list(best_first_events(start, priority=WeightedPriority(w), heuristic=h, strategy=strategy))
    assert inline == plain
    assert all(type(a.node.f) is type(b.node.f) for a, b in zip(inline, plain, strict=True) if a.node)
    if ties == "deep":  # the solver's own strategy: its tallies count the same nodes
        weighted = weighted_astar(start, weight=w, heuristic=h, budget=None)
        counts = (sum(e.kind == "expand" for e in plain), sum(e.kind == "generate" for e in plain))
        assert (weighted.expanded, weighted.generated) == counts


def test_ida_star_events_raise_the_bound():
    events = list(ida_star_events(START))
    bounds = [e.bound for e in events if e.kind == "bound"]
    assert bounds == sorted(set(bounds))
    assert bounds[0] == manhattan(START)
    assert events[-1].kind == "solved"
    assert events[-1].node.g == bfs(START).cost
    result = ida_star(START, record=True)
    assert [e.kind for e in result.events] == [e.kind for e in events]


def test_node_path_and_board():
    node = next(iter(best_first_events(START, priority=lambda g, h: g)))
    assert isinstance(node.node, Node)
    assert node.node.path() == [node.node]
    assert node.node.board == START
    assert node.node.depth == 0


# -- budgets and bad input -------------------------------------------------------------------
@pytest.mark.parametrize("solver", [bfs, astar, greedy, weighted_astar, ida_star, article_solver])
def test_a_spent_budget_is_reported(solver):
    result = solver(Board.parse("8 6 7/2 5 4/3 _ 1"), budget=5)
    assert result.status == "budget"
    assert not result.solved
    assert result.cost is None
    assert result.expanded == 5
    assert result.moves == []
    assert result.boards == []
    assert result.limit == "budget"
    assert "raise budget=" in str(result)


@pytest.mark.parametrize("solver", [bfs, astar, greedy, weighted_astar, article_solver, ida_star])
def test_every_solver_is_bounded_unless_told_otherwise(solver):
    """A student's astar(random 15-puzzle) stops at a clear result instead of filling memory."""
    parameters = inspect.signature(solver).parameters
    assert parameters["seconds"].default == DEFAULT_SECONDS
    assert parameters["memory"].default == DEFAULT_MEMORY
    assert parameters["budget"].default is not None
    if solver is not ida_star:
        assert parameters["budget"].default == DEFAULT_BUDGET == 1_000_000
    start = Board.parse("8 6 7/2 5 4/3 _ 1")
    assert solver(start, budget=None, seconds=None, memory=None).solved  # None lifts a bound


def test_every_solver_has_one_signature():
    names = ["start", "goal", "heuristic", "budget", "seconds", "memory", "record"]
    for solver in (bfs, astar, greedy, ida_star, article_solver):
        assert list(inspect.signature(solver).parameters) == names
    assert [p for p in inspect.signature(weighted_astar).parameters if p != "weight"] == names


def test_seconds_budget_stops_a_large_search():
    start = scramble(Board.goal(5, 5), seed=3, steps=300)
    result = bfs(start, seconds=0.2)
    assert result.status == "budget"
    assert result.limit == "seconds"
    assert "time limit" in result.reason
    assert result.seconds < 2


@pytest.mark.parametrize("solver", [bfs, astar, greedy, weighted_astar, ida_star, article_solver])
def test_unsolvable_start_fails_at_once_with_the_parity_explanation(solver):
    start = Board.parse("2 1 3/4 5 6/7 8 _")
    with pytest.raises(ValueError, match="never reach") as err:
        solver(start)
    assert str(explain(start)) in str(err.value)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [({"budget": -1}, ValueError, "budget"), ({"budget": 1.5}, TypeError, "budget"),
     ({"budget": "5"}, TypeError, "budget"), ({"seconds": 0}, ValueError, "seconds"),
     ({"seconds": "1"}, TypeError, "seconds"), ({"memory": 0}, ValueError, "memory"),
     ({"memory": 2.0}, TypeError, "memory"), ({"record": 1}, TypeError, "record"),
     ({"heuristic": 42}, TypeError, "heuristic"), ({"heuristic": "manhatan"}, ValueError, "heuristic"),
         ({"heuristic": None}, TypeError, "heuristic")],
)  # fmt: skip
@pytest.mark.parametrize("solver", [bfs, astar, greedy, weighted_astar, ida_star, article_solver])
def test_bad_options_name_the_argument(solver, kwargs, error, message):
    with pytest.raises(error, match=message):
        solver(START, **kwargs)


@pytest.mark.parametrize(("weight", "error"), [(-1, ValueError), (math.inf, ValueError),
                                               (math.nan, ValueError), ("2", TypeError)])  # fmt: skip
def test_bad_weight(weight, error):
    with pytest.raises(error, match="weight"):
        weighted_astar(START, weight=weight)


def test_goal_of_another_shape():
    with pytest.raises(ValueError, match="goal is 2x2"):
        astar(START, Board.goal(2, 2))


def test_interrupting_a_search_leaves_the_garbage_collector_on():
    def interrupting(board, goal):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        astar(START, heuristic=interrupting)
    assert gc.isenabled()


def test_a_students_heuristic_works_and_is_not_called_optimal():
    result = astar(START, heuristic=lambda board, goal: 2 * manhattan(board, goal))
    assert result.solved
    assert not result.optimal

    def mine(board, goal):
        return misplaced(board, goal)

    mine.admissible = True
    assert astar(START, heuristic=mine).optimal


# -- solve() and larger boards --------------------------------------------------------------
def test_solve_dispatches_by_name():
    for name in SOLVERS:
        assert solve(START, method=name).algorithm == name
    assert set(SOLVERS) == set(METHODS)
    with pytest.raises(ValueError, match="method"):
        solve(START, method="magic")
    with pytest.raises(TypeError, match="method"):
        solve(START, method=None)


def test_solve_auto_is_optimal_up_to_4x4_and_honest_beyond():
    small = solve(START, method="auto")
    assert small.optimal
    assert small.cost == 6
    fifteen = Board.goal(4, 4).apply("ULDLURDRULDLURDLUURDDR"[:14])
    assert solve(fifteen, method="auto").optimal
    assert solve(fifteen, method="auto").heuristic == "pattern_database"
    big = Board.goal(6, 6).apply("ULULULDRURDLDLUURRDLULDDR" * 2)
    result = solve(big, method="auto", seconds=30)
    assert result.solved
    assert not result.optimal
    assert result.boards[-1] == Board.goal(6, 6)


# -- the article's auto-solver ------------------------------------------------------------------
def article_reference(board):
    """A direct port of the fourth seed article's recoveryPuzzle (sorted list, blacklist)."""
    goal = Board.goal(3, 3)

    def score(b):
        return sum(abs(i // 3 - goal.tiles.index(t) // 3) + abs(i % 3 - goal.tiles.index(t) % 3)
                   for i, t in enumerate(b.tiles))  # fmt: skip

    views = [(board, 1, 0, [])]  # board, step, score, moves
    black = set()
    while views:
        view, step, _, moves = views.pop()
        black.add(view)
        # the article lists D, U, R, L and then pops them from the end
        for move in reversed([m for m in "DURL" if m in view.moves()]):
            child = view.move(move)
            if child in black:
                continue
            if child == goal:
                return [*moves, move]
            views.append((child, step + 1, 2 * score(child) + step + 1, [*moves, move]))
        views.sort(key=lambda v: -v[2])  # stable, largest first: the best is popped from the end
    return None


@settings(max_examples=25, deadline=None)
@given(reachable_rank.filter(lambda r: DIST[r] > 0))
def test_article_solver_reproduces_the_article(r):
    start = board_of(r)
    result = article_solver(start)
    assert result.moves == article_reference(start)
    assert not result.optimal
    assert result.cost >= DIST[r]


def test_article_solver_is_sometimes_not_optimal():
    longer = [
        r for r in range(0, factorial(9), 997) if DIST[r] > 0 and article_solver(board_of(r)).cost > DIST[r]
    ]
    assert longer  # the lesson shows one of these


# -- the trace: what a replay shows ------------------------------------------------------------
@pytest.mark.parametrize(
    ("solver", "options"),
    [(astar, {}), (greedy, {}), (bfs, {}), (weighted_astar, {"weight": 3.0}), (article_solver, {}),
     (astar, {"heuristic": linear_conflict}), (weighted_astar, {"weight": 0.5})],
)  # fmt: skip
def test_the_trace_shows_the_node_expanded_next_at_every_step(solver, options):
    far = 20 if options.get("weight", 1) > 1 else 12  # BFS and w < 1 expand most of the space
    near = [r for r in range(0, factorial(9), 4001) if 0 < DIST[r] <= far]
    for r in near[:8]:
        trace = Trace(solver(board_of(r), record=True, **options))
        for step in range(1, trace.steps):
            assert trace.next_node(step).state == trace.node(step + 1).state, (solver, r, step)
            best, live = trace.frontier(step)
            assert live >= len(best)


def test_the_trace_of_the_article_solver_on_the_players_start():
    """The lesson's own example: the old replay named the wrong next node in 1,100 of its steps."""
    from puzzlelab.shuffles import random_solvable_board

    trace = Trace(article_solver(random_solvable_board(3, 3, rng=2024), record=True))
    wrong = [k for k in range(1, trace.steps) if trace.next_node(k).state != trace.node(k + 1).state]
    assert trace.steps > 1000
    assert wrong == []


def test_a_trace_needs_a_recorded_search():
    with pytest.raises(ValueError, match="record=True"):
        Trace(astar(START))
