"""Additive pattern databases: exact for their abstract puzzle (checked against a plain 0-1
breadth-first search over placement and blank), admissible against exact distances, cached on
disk, rebuilt when corrupt; the 15-puzzle one solves Korf's easiest instances optimally."""

import random
from collections import deque
from itertools import permutations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlelab import Board
from puzzlelab.board import neighbour_table
from puzzlelab.heuristics import manhattan
from puzzlelab.perm import rank, unrank
from puzzlelab.search import (
    KORF_GOAL,
    PatternDatabase,
    default_partition,
    ida_star,
    korf100,
    pattern_database,
    pdb_build,
    state_space_distances,
)

SMALL = ((1, 2, 3, 4), (5, 6, 7, 8))


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PUZZLELAB_CACHE_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture(scope="module", params=[False, True], ids=["plain", "reflected"])
def korf_pdb(request):
    """The real 6-6-3 database for Korf's goal (about 15 s to build; cached in the user cache),
    with and without the reflected look-up (the same tables)."""
    return pattern_database(KORF_GOAL, progress=None, reflect=request.param)


def _reachable(goal, step):
    dist = state_space_distances(3, 3, goal)
    for r in np.flatnonzero(dist >= 0)[::step]:
        yield Board(unrank(int(r), 9), 3, 3), int(dist[r])


@pytest.mark.parametrize("blank", ["last", "first"])
def test_small_database_is_admissible_and_beats_nothing(cache, blank):
    goal = Board.goal(3, 3, blank=blank)
    pdb = PatternDatabase(goal, partition=SMALL, progress=None)
    better = 0
    for board, d in _reachable(goal, step=3):
        value = pdb(board, goal)
        assert value <= d
        better += value > manhattan(board, goal)
    assert better > 0  # the database knows interactions Manhattan distance misses
    assert pdb(goal, goal) == 0


def abstract_distances(goal, group):
    """Fewest group-tile moves from each placement home, blank tracked (0-1 BFS, plain Python).

    A state is (cells of the group's tiles, blank cell); the blank swaps with a neighbour, which
    costs 1 if the neighbour holds a group tile and 0 otherwise. Returns placement -> the
    smallest distance over blank cells.
    """
    neighbours = [[cell for _, cell in options] for options in neighbour_table(goal.rows, goal.cols)]
    start = (tuple(goal.tiles.index(t) for t in group), goal.blank)
    dist, queue = {start: 0}, deque([start])
    while queue:
        state = queue.popleft()
        cells, blank = state
        for cell in neighbours[blank]:
            if cell in cells:
                child, cost = (tuple(blank if c == cell else c for c in cells), cell), 1
            else:
                child, cost = (cells, cell), 0
            if dist.get(child, 1 << 30) > dist[state] + cost:
                dist[child] = dist[state] + cost
                (queue.append if cost else queue.appendleft)(child)
    best = {}
    for (cells, _), d in dist.items():
        best[cells] = min(d, best.get(cells, d))
    return best


def group_table(goal, group):
    """The database's table for ``group`` (the other tiles go in groups of one, which are cheap)."""
    rest = tuple((t,) for t in goal.tiles if t and t not in group)
    pdb = PatternDatabase(goal, partition=(tuple(group), *rest), progress=None, cache=False)
    return pdb.tables[0], pdb.bits


def assert_table_is_exact(goal, group):
    table, bits = group_table(goal, group)
    truth = abstract_distances(goal, group)
    cells = range(goal.size)
    for placement in permutations(cells, len(group)):
        index = sum(c << (bits * k) for k, c in enumerate(placement))
        # 255: unreachable (on 2x2 a tile's cyclic order is fixed) or not a placement at all
        assert table[index] == truth.get(placement, 255), placement
    assert np.count_nonzero(table != 255) == len(truth)


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_tables_are_exact_for_the_blank_tracking_abstract_puzzle(data):
    rows, cols = data.draw(st.sampled_from([(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (3, 4)]))
    goal = Board.goal(rows, cols, blank=data.draw(st.sampled_from(["last", "first"])))
    tiles = [t for t in goal.tiles if t]
    size = data.draw(st.integers(1, min(len(tiles), 4 if rows * cols <= 9 else 3)))
    group = data.draw(st.permutations(tiles))[:size]
    assert_table_is_exact(goal, group)


@pytest.mark.parametrize(("rows", "cols", "group"), [(5, 5, (7, 13)), (4, 8, (1, 9, 2)), (8, 8, (10, 18))])
def test_tables_are_exact_on_boards_too_large_for_the_region_lookup(rows, cols, group):
    # more than 16 cells: regions come from bit dilation on 32- and 64-bit masks, not the table
    assert_table_is_exact(Board.goal(rows, cols), group)


def test_a_goal_that_splits_the_free_cells_starts_in_the_blanks_region():
    # tiles 2 and 4 wall off the corner cell 0 from the blank (cell 8) at the goal
    goal = Board.goal(3, 3)
    assert_table_is_exact(goal, (2, 4))
    assert_table_is_exact(goal, (1, 2, 4))


def plain_flood(seed, occupied, rows, cols):
    reached, stack = {seed}, [seed]
    while stack:
        cell = stack.pop()
        for _, nxt in neighbour_table(rows, cols)[cell]:
            if nxt not in reached and not occupied >> nxt & 1:
                reached.add(nxt)
                stack.append(nxt)
    return sum(1 << c for c in reached)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_bit_dilation_finds_the_blanks_region(data):
    rows, cols = data.draw(st.integers(2, 8)), data.draw(st.integers(2, 8))
    n = rows * cols
    occupied = data.draw(st.integers(0, (1 << n) - 1))
    free = [c for c in range(n) if not occupied >> c & 1]
    if not free:
        return
    seed = data.draw(st.sampled_from(free))
    dtype = pdb_build._mask_dtype(n)
    seeds, walls = np.array([1 << seed], dtype=dtype), np.array([occupied], dtype=dtype)
    region = pdb_build._flood(seeds, walls, rows, cols)
    assert int(region[0]) == plain_flood(seed, occupied, rows, cols)


def jump_distances(goal, group):
    """The weaker abstraction without the blank: a group tile jumps to any free neighbour (BFS)."""
    neighbours = [[cell for _, cell in options] for options in neighbour_table(goal.rows, goal.cols)]
    start = tuple(goal.tiles.index(t) for t in group)
    dist, queue = {start: 0}, deque([start])
    while queue:
        cells = queue.popleft()
        for k, cell in enumerate(cells):
            for nxt in neighbours[cell]:
                child = (*cells[:k], nxt, *cells[k + 1 :])
                if nxt not in cells and child not in dist:
                    dist[child] = dist[cells] + 1
                    queue.append(child)
    return dist


@pytest.mark.parametrize(
    ("rows", "cols", "group"), [(3, 3, (1, 2, 3, 4)), (3, 4, (1, 2, 5)), (4, 3, (1, 2, 5))]
)
def test_tracking_the_blank_dominates_tiles_jumping_freely(rows, cols, group):
    goal = Board.goal(rows, cols)
    table, bits = group_table(goal, group)
    weaker = jump_distances(goal, group)
    stronger = sum(
        int(table[sum(c << (bits * k) for k, c in enumerate(cells))]) > d for cells, d in weaker.items()
    )
    assert all(table[sum(c << (bits * k) for k, c in enumerate(cells))] >= d for cells, d in weaker.items())
    assert stronger > len(weaker) // 10  # measured: 51%, 17%, 22% of placements


def test_boards_beyond_64_cells_are_refused():
    with pytest.raises(ValueError, match="at most 64 cells"):
        PatternDatabase(Board.goal(9, 9), partition=None, progress=None, cache=False)


def test_each_group_value_is_exact_for_the_abstract_puzzle(cache):
    # with one tile per group, the abstraction is plain Manhattan distance
    goal = Board.goal(3, 3)
    pdb = PatternDatabase(goal, partition=tuple((t,) for t in range(1, 9)), progress=None)
    for board, _ in _reachable(goal, step=997):
        assert pdb(board) == manhattan(board)


@pytest.mark.parametrize(
    ("partition", "error", "message"),
    [
        (((1, 2, 3),), ValueError, "disjoint"),
        (((1, 2, 3, 4), (4, 5, 6, 7, 8)), ValueError, "disjoint"),
        ((("a",),), TypeError, "partition tile"),
    ],
)
def test_bad_partitions(cache, partition, error, message):
    # more cases, and the cache, progress and shipped tables: tests/test_pdb_store.py
    with pytest.raises(error, match=message):
        PatternDatabase(Board.goal(3, 3), partition=partition, progress=None)


def test_group_too_large_is_refused(cache):
    with pytest.raises(ValueError, match="too large"):
        PatternDatabase(
            Board.goal(4, 4), partition=((1, 2, 3, 4, 5, 6, 7), tuple(range(8, 16))), progress=None
        )


def test_default_partition_is_6_6_3_for_either_goal():
    for goal in (Board.goal(4, 4), KORF_GOAL):
        groups = default_partition(goal)
        assert sorted(len(g) for g in groups) == [3, 6, 6]
        assert sorted(t for g in groups for t in g) == list(range(1, 16))


def test_wrong_goal_is_refused(cache):
    pdb = PatternDatabase(Board.goal(3, 3), partition=SMALL, progress=None)
    with pytest.raises(ValueError, match="for the goal"):
        pdb(Board.goal(3, 3), Board.goal(3, 3, blank="first"))
    with pytest.raises(ValueError, match="3x3"):
        pdb(Board.goal(4, 4))


def assert_incremental_agrees(pdb, goal, seed, steps=60):
    """Along a random walk from the goal, the incremental h equals a fresh look-up."""
    inc = pdb.incremental(goal)
    rng = random.Random(seed)
    board = goal
    state = inc.initial(board.tiles)
    for _ in range(steps):
        child = board.move(rng.choice(board.moves()))
        state = inc.step(state, board.tiles, board.tiles[child.blank], child.blank, board.blank)
        assert inc.value(state) == pdb(child)
        board = child


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["last", "first"]))
def test_incremental_form_agrees_with_the_call(seed, blank):
    goal = Board.goal(3, 3, blank=blank)
    pdb = PatternDatabase(goal, partition=SMALL, progress=None, cache=False)
    assert_incremental_agrees(pdb, goal, seed)


def test_ida_star_with_a_small_database_is_optimal(cache):
    goal = Board.goal(3, 3)
    pdb = PatternDatabase(goal, partition=SMALL, progress=None)
    for board, d in _reachable(goal, step=9001):
        result = ida_star(board, heuristic=pdb)
        assert result.cost == d
        assert result.optimal


# -- the 15-puzzle ----------------------------------------------------------------------------
def test_korf_instances_load():
    instances = korf100()
    assert len(instances) == 100
    assert sum(opt for _, _, opt in instances) == 5305
    assert instances[0][1].tiles[:4] == (14, 13, 15, 7)
    assert all(b.shape == (4, 4) for _, b, _ in instances)


@pytest.mark.slow
def test_korf_database_never_exceeds_the_known_optimal_lengths(korf_pdb):
    for _, board, optimal in korf100():
        value = korf_pdb(board, KORF_GOAL)
        assert manhattan(board, KORF_GOAL) <= value + 20  # sanity: the same order of size
        assert value <= optimal
        assert (optimal - value) % 2 == 0  # every move changes h by one tile's step: parity holds


@pytest.mark.slow
def test_korf_easiest_instances_are_solved_at_exactly_their_optimal_length(korf_pdb):
    easiest = sorted(korf100(), key=lambda item: item[2])[:3]
    for ident, board, optimal in easiest:
        result = ida_star(board, KORF_GOAL, heuristic=korf_pdb, seconds=60)
        assert result.solved, ident
        assert result.cost == optimal
        assert result.optimal
        assert result.boards[-1] == KORF_GOAL


@pytest.mark.slow
def test_korf_database_stays_small(korf_pdb):
    assert korf_pdb.nbytes < 200 * 2**20


# -- the reflected look-up --------------------------------------------------------------------
def transposed(board, goal):
    """``board`` reflected about the main diagonal, each tile renamed after its home's mirror."""
    n = board.rows
    home = {t: i for i, t in enumerate(goal.tiles)}
    rename = {t: goal.tiles[(home[t] % n) * n + home[t] // n] for t in goal.tiles}
    tiles = [0] * board.size
    for i, t in enumerate(board.tiles):
        tiles[(i % n) * n + i // n] = rename[t]
    return Board(tuple(tiles), n, n)


@pytest.mark.parametrize("blank", ["last", "first"])
def test_reflection_keeps_the_distance_and_the_look_up_takes_the_larger_sum(cache, blank):
    goal = Board.goal(3, 3, blank=blank)
    plain = PatternDatabase(goal, partition=SMALL, progress=None)
    both = PatternDatabase(goal, partition=SMALL, progress=None, reflect=True)
    dist = state_space_distances(3, 3, goal)
    larger = 0
    for board, d in _reachable(goal, step=7):
        mirror = transposed(board, goal)
        assert dist[rank(mirror.tiles)] == d  # the reflection is a symmetry of the puzzle
        assert both(board) == max(plain(board), plain(mirror)) <= d
        larger += both(board) > plain(board)
    assert larger > 0


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([(3, "last"), (3, "first"), (4, "first")]))
def test_reflected_incremental_form_agrees_with_the_call(seed, shape):
    n, blank = shape
    goal = Board.goal(n, n, blank=blank)
    partition = SMALL if n == 3 else tuple((t,) for t in range(1, 16))
    pdb = PatternDatabase(goal, partition=partition, progress=None, cache=False, reflect=True)
    assert_incremental_agrees(pdb, goal, seed)


def test_ida_star_with_the_reflected_database_is_optimal(cache):
    goal = Board.goal(3, 3, blank="first")
    pdb = PatternDatabase(goal, partition=SMALL, progress=None, reflect=True)
    for board, d in _reachable(goal, step=9001):
        assert ida_star(board, goal, heuristic=pdb).cost == d


@pytest.mark.parametrize("goal", [Board.goal(3, 4), Board.parse("1 _ 2/3 4 5/6 7 8")])
def test_reflection_needs_a_square_board_and_a_diagonal_blank(goal):
    tiles = [t for t in goal.tiles if t]
    partition = (tuple(tiles[:4]), tuple(tiles[4:8]), tuple(tiles[8:]))
    partition = tuple(g for g in partition if g)
    with pytest.raises(ValueError, match="main diagonal"):
        PatternDatabase(goal, partition=partition, progress=None, cache=False, reflect=True)


@pytest.mark.slow
def test_korf_reflected_look_up_is_never_below_the_plain_one():
    plain = pattern_database(KORF_GOAL, progress=None, reflect=False)
    reflected = pattern_database(KORF_GOAL, progress=None, reflect=True)
    pairs = [(plain(board, KORF_GOAL), reflected(board, KORF_GOAL)) for _, board, _ in korf100()]
    assert all(p <= r for p, r in pairs)
    assert sum(r > p for p, r in pairs) >= 25  # measured: the mirror gives more on 35 of the 100
