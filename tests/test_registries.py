"""The registries own their facts: a heuristic or a shuffle added by one registration shows up in
every reader (solvers, menus, the admissibility table, shuffle_board, sample, exact), and nowhere
after it is removed."""

import numpy as np
import pytest

from puzzlelab import Board, sampling, search, shuffles
from puzzlelab.distributions import exact
from puzzlelab.heuristics import (
    ADMISSIBLE,
    HEURISTICS,
    REGISTRY,
    Incremental,
    incremental,
    is_admissible,
    manhattan,
    register_heuristic,
    unregister_heuristic,
)
from puzzlelab.shuffles import SHUFFLES, Sampler, register_shuffle, unregister_shuffle

START = Board.parse("4 1 3/7 2 6/_ 5 8")  # 6 moves from the goal


@pytest.fixture
def toy_heuristic():
    """Half the Manhattan distance, rounded down (admissible), with a counting incremental form."""
    calls = {"incremental": 0, "function": 0}

    def half_incremental(goal):
        calls["incremental"] += 1
        inner = incremental(manhattan, goal)
        return Incremental(inner.initial, inner.step, lambda state: state // 2)

    @register_heuristic(admissible=True, incremental=half_incremental)
    def half_manhattan(board, goal=None):
        """Half the Manhattan distance."""
        calls["function"] += 1
        return manhattan(board, goal) // 2

    yield half_manhattan, calls
    unregister_heuristic("half_manhattan")


def test_a_registered_heuristic_reaches_every_reader(toy_heuristic):
    h, calls = toy_heuristic
    assert HEURISTICS["half_manhattan"] is h  # the widgets' menus read this mapping
    assert "half_manhattan" in ADMISSIBLE
    assert is_admissible(h)
    assert REGISTRY["half_manhattan"].summary == "Half the Manhattan distance."
    for solver in (search.astar, search.ida_star):
        result = solver(START, heuristic=h)
        assert result.optimal
        assert result.cost == search.bfs(START).cost
        assert result.heuristic == "half_manhattan"
    assert calls["incremental"] >= 2  # the engines used its incremental form
    assert calls["function"] == 0
    by_name = search.astar(START, heuristic="half_manhattan")
    assert by_name.heuristic == "half_manhattan"
    assert by_name.moves == search.astar(START, heuristic=h).moves


def test_an_unregistered_heuristic_is_gone_everywhere(toy_heuristic):
    h, _ = toy_heuristic
    unregister_heuristic("half_manhattan")
    try:
        assert "half_manhattan" not in HEURISTICS
        assert "half_manhattan" not in ADMISSIBLE
        assert not is_admissible(h)  # an unmarked plain function again
        assert not search.astar(START, heuristic=h).optimal
        with pytest.raises(ValueError, match="heuristic must be a registered heuristic"):
            search.astar(START, heuristic="half_manhattan")
    finally:
        register_heuristic(admissible=True)(h)  # the fixture removes it again


def test_an_inadmissible_heuristic_is_never_called_optimal():
    @register_heuristic(admissible=False)
    def double_manhattan(board, goal=None):
        return 2 * manhattan(board, goal)

    try:
        assert "double_manhattan" in HEURISTICS
        assert "double_manhattan" not in ADMISSIBLE
        result = search.astar(START, heuristic=double_manhattan)  # no incremental form: called per node
        assert result.solved
        assert not result.optimal
    finally:
        unregister_heuristic("double_manhattan")


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"admissible": "yes"}, TypeError, "admissible must be True or False"),
        ({"admissible": True, "incremental": 5}, TypeError, "incremental must be"),
        ({"admissible": True, "name": "manhattan"}, ValueError, "already a registered heuristic"),
    ],
)
def test_a_bad_registration_is_refused_naming_the_argument(kwargs, error, words):
    with pytest.raises(error, match=words):
        register_heuristic(**kwargs)(lambda board, goal=None: 0)
    assert list(HEURISTICS)[:5] == [
        "zero",
        "misplaced",
        "manhattan",
        "linear_conflict",
        "manhattan_with_blank",
    ]


def _draw_reverse(n, size, rng):
    return np.repeat(np.arange(n)[::-1, None], size, axis=1)


@pytest.fixture
def toy_shuffle():
    """Swap the first two items with probability 1/2: a shuffle with a batch version, no exact model."""

    def draw(n, size, rng):
        columns = np.repeat(np.arange(n)[:, None], size, axis=1)
        flip = rng.integers(0, 2, size).astype(bool)
        columns[0, flip], columns[1, flip] = 1, 0
        return columns

    @register_shuffle(sampler=Sampler(draw, lambda n, size, chunks, options: n * size))
    def coin_swap(n, rng=None):
        rng = np.random.default_rng(rng)
        items = list(range(n))
        if n > 1 and rng.random() < 0.5:
            items[0], items[1] = 1, 0
        return items

    yield coin_swap
    unregister_shuffle("coin_swap")


def test_a_registered_shuffle_reaches_every_reader(toy_shuffle):
    assert SHUFFLES["coin_swap"].function is toy_shuffle
    boards = {shuffles.shuffle_board("coin_swap", 2, 2, rng=seed) for seed in range(20)}
    assert boards == {Board.parse("1 2/3 _"), Board.parse("2 1/3 _")}
    rows = sampling.sample("coin_swap", 4, 2000, rng=1)
    assert {tuple(r) for r in rows.tolist()} == {(0, 1, 2, 3), (1, 0, 2, 3)}
    assert 900 < (rows[:, 0] == 1).sum() < 1100


def test_exact_refuses_a_shuffle_without_a_model_naming_those_with_one(toy_shuffle):
    with pytest.raises(ValueError, match="coin_swap shuffle has no exact model") as refused:
        exact("coin_swap", 3)
    assert all(name in str(refused.value) for name in ("fisher_yates", "naive_swap", "random_walk"))


def test_a_shuffle_with_an_exact_model_gets_its_distribution():
    @register_shuffle(sampler=Sampler(_draw_reverse, lambda n, size, chunks, options: n * size),
                      exact=lambda n: (np.eye(1, np.prod(range(1, n + 1)), np.prod(range(1, n + 1)) - 1,
                                              dtype=np.int64)[0], 1))  # fmt: skip
    def reverse(n, rng=None):
        return list(range(n))[::-1]

    try:
        d = exact("reverse", 3)
        assert d.total == 1
        assert d.support_size == 1
        assert d.counts[-1] == 1
        assert sampling.sample("reverse", 3, 2).tolist() == [[2, 1, 0], [2, 1, 0]]
    finally:
        unregister_shuffle("reverse")
    with pytest.raises(ValueError, match="unknown shuffle 'reverse'"):
        exact("reverse", 3)


def test_sample_refuses_a_shuffle_without_a_batch_version():
    @register_shuffle()
    def identity(n, rng=None):
        return list(range(n))

    try:
        assert shuffles.shuffle_board("identity", 2, 2) == Board.goal(2, 2)
        with pytest.raises(ValueError, match="identity shuffle has no batch version"):
            sampling.sample("identity", 4, 3)
    finally:
        unregister_shuffle("identity")


def test_the_widget_menus_offer_a_registered_heuristic(toy_heuristic):
    from puzzlelab.widgets import SearchPlayer, WeightExplorer

    player = SearchPlayer("1 2 3/4 _ 5/7 8 6", heuristic="half_manhattan")
    explorer = WeightExplorer("1 2 3/4 _ 5/7 8 6", heuristic="half_manhattan")
    try:
        assert "half_manhattan" in player.heuristics
        assert "half_manhattan" in explorer.heuristics
        assert player.heuristics[:2] == ["manhattan", "linear_conflict"]
        assert "zero" not in explorer.heuristics
        assert player.replay.result.solved
    finally:
        player.close()
        explorer.close()
