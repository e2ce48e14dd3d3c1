"""The live shuffle lab driven in plain pytest (no kernel, no browser): its state, numbers,
batches (the bytes the browser gets, decoded here), messages and fallback."""

from __future__ import annotations

import json
from math import factorial

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from widget_helpers import assert_static_fallback

from puzzlelab.distributions import exact, from_samples
from puzzlelab.perm import all_permutations, rank_many
from puzzlelab.sampling import sample
from puzzlelab.shuffles import SHUFFLES
from puzzlelab.widgets import ShuffleLab
from puzzlelab.widgets.shuffle_lab import (
    BATCHES,
    SAMPLE_SIZES,
    batch_plan,
    decode_batch,
    encode_batch,
)


class Browser:
    """Stands in for a browser view: catches what the lab sends and asks for batches as the
    module does (``next`` for the batch it has not got yet, ``sync`` when it is first drawn)."""

    def __init__(self, lab):
        self.lab = lab
        self.messages: list[tuple[dict, bytes]] = []
        lab.send = lambda content, buffers=None: self.messages.append((content, bytes(buffers[0])))

    def ask(self, **content) -> None:
        self.lab._handle_custom_msg(content, [])

    def setting(self) -> dict:
        return json.loads(self.lab._setting)

    def take_run(self) -> list[tuple[dict, dict]]:
        """Ask for every batch of the current run in order; the decoded messages."""
        run, got = self.setting()["run"], []
        for k in range(self.setting()["batches"]):
            self.ask(kind="next", run=run, batch=k)
            content, data = self.messages[-1]
            got.append((content, decode_batch(data)))
        return got


def replay(name: str, n: int, plan: list[int], seed: int, **options) -> np.ndarray:
    """The same batches drawn straight from the library's sampler, one generator for the run."""
    rng = np.random.default_rng(seed)
    return np.concatenate([sample(name, n, size, rng, **options) for size in plan])


# -- the exact side: there from the first state ---------------------------------------------------
def test_exact_marks_are_there_from_the_first_state_before_any_sample(make):
    lab = make(ShuffleLab, "naive_swap", n=4, mode="both", samples=10_000, rng=1)
    truth = exact("naive_swap", 4)
    setting = json.loads(lab._setting)
    assert setting["ok"]
    assert setting["exact"]
    assert setting["batches"] == BATCHES
    assert lab.drawn == 0
    assert lab.sampled_distribution is None
    sent = np.frombuffer(lab._exact, dtype="<f4")
    assert len(sent) == 24
    np.testing.assert_allclose(sent, truth.probabilities(), rtol=1e-6)
    np.testing.assert_allclose(setting["exact_matrix"], truth.position_matrix(), atol=1e-6)
    assert setting["readouts"]["ratio"].startswith("max/min ratio: exact 15/8 = 1.875")
    assert "0 of 10,000 samples so far" in lab.summary()


def test_exact_numbers_match_the_distribution(make):
    lab = make(ShuffleLab, "naive_swap", n=3, mode="exact")
    truth = exact("naive_swap", 3)
    assert lab.ratio == "max/min ratio: exact 5/4 = 1.250"
    assert lab.distance == f"distance from uniform (TV): exact {truth.tv_distance():.4f}"
    assert lab.support == "permutations seen of 6: exact 6"
    assert lab.exact_distribution.counts.tolist() == truth.counts.tolist()
    assert lab.sampled_distribution is None
    assert lab.batch_sizes == []  # exact only: nothing to sample
    lab.algorithm = "fisher_yates"
    assert lab.ratio == "max/min ratio: exact 1"
    assert lab.distance == "distance from uniform (TV): exact 0.0000"
    assert lab.summary() == (
        "ShuffleLab fisher_yates, 3 items, exact: max/min ratio: exact 1; "
        "distance from uniform (TV): exact 0.0000"
    )


# -- the samples: seeded batches that add up -------------------------------------------------------
@given(samples=st.integers(0, 3_000_000), batches=st.integers(1, 60))
def test_batch_plan_adds_up_to_the_samples(samples, batches):
    plan = batch_plan(samples, batches)
    assert sum(plan) == samples
    assert len(plan) == min(samples, batches)
    assert all(size >= 1 for size in plan)
    if len(plan) > 2:
        assert plan[-1] >= plan[0]  # small first, so the noisy start shows


def test_batch_plan_refuses_what_is_not_a_count():
    with pytest.raises(TypeError, match="samples"):
        batch_plan(1.5)
    with pytest.raises(ValueError, match="batches"):
        batch_plan(10, 0)


@pytest.mark.parametrize(("name", "n", "options"), [
    ("naive_swap", 4, {}), ("sort_shuffle", 5, {}), ("random_walk", 6, {"shape": (2, 3), "steps": 30}),
])  # fmt: skip
def test_samples_are_the_library_samplers_batches(make, name, n, options):
    lab = make(ShuffleLab, name, n=n, mode="sampled", samples=10_000, rng=5)
    lab.sample_all()
    perms = replay(name, n, batch_plan(10_000), 5, **options)
    truth = from_samples(perms)
    assert lab.drawn == 10_000 == sum(lab.batch_sizes)
    assert lab.sampled_distribution.counts.tolist() == truth.counts.tolist()
    seen = truth.counts[truth.counts > 0]
    assert lab.ratio == f"max/min ratio: sampled {seen.max() / seen.min():.3f}"
    assert lab.distance == f"distance from uniform (TV): sampled {truth.tv_distance():.4f}"
    assert lab.support == f"permutations seen of {factorial(n):,}: sampled {truth.support_size:,}"


def test_batches_sent_decode_add_up_and_match_the_samples(make):
    lab = make(ShuffleLab, "naive_swap", n=4, mode="both", samples=10_000, rng=1)
    browser = Browser(lab)
    got = browser.take_run()
    assert [batch["batch"] for _, batch in got] == list(range(BATCHES))
    assert [batch["samples"] for _, batch in got] == batch_plan(10_000)
    counts = sum(batch["counts"] for _, batch in got)
    matrix = sum(batch["matrix"] for _, batch in got)
    perms = replay("naive_swap", 4, batch_plan(10_000), 1)
    assert counts.tolist() == from_samples(perms).counts.tolist()
    # the matrix is what the permutations say: item perms[r, cell] sits in cell
    expected = np.zeros((4, 4), dtype=np.int64)
    np.add.at(expected, (perms, np.arange(4)), 1)
    assert matrix.tolist() == expected.tolist()
    assert matrix.sum(axis=0).tolist() == matrix.sum(axis=1).tolist() == [10_000] * 4
    last, _ = got[-1]
    assert last["drawn"] == 10_000
    assert last["sent"] == BATCHES
    assert last["readouts"]["ratio"] == lab.ratio  # the browser's read-out at the end is Python's
    assert "samples so far" not in lab.summary()


def test_two_views_asking_for_the_same_batch_get_it_once(make):
    lab = make(ShuffleLab, "fisher_yates", n=3, mode="sampled", samples=1_000, rng=2)
    browser = Browser(lab)
    run = browser.setting()["run"]
    browser.ask(kind="next", run=run, batch=0)
    browser.ask(kind="next", run=run, batch=0)  # the second view's request: already sent
    browser.ask(kind="next", run=run, batch=5)  # ahead of the run: ignored
    browser.ask(kind="next", run=run - 1, batch=1)  # an older run: ignored
    browser.ask(kind="bogus")
    browser.ask(kind="next", run=run, batch=1)
    assert [decode_batch(data)["batch"] for _, data in browser.messages] == [0, 1]
    assert lab.error == ""
    # a view drawn now starts from the running total of what was sent
    browser.ask(kind="sync", run=run)
    content, data = browser.messages[-1]
    total = decode_batch(data)
    assert total["running_total"]
    assert total["batch"] == 2
    assert total["samples"] == sum(batch_plan(1_000)[:2]) == content["drawn"]


def test_sampling_is_seeded_and_resampling_changes_the_samples(make):
    first = make(ShuffleLab, "fisher_yates", n=4, mode="sampled", samples=1_000, rng=5)
    second = make(ShuffleLab, "fisher_yates", n=4, mode="sampled", samples=1_000, rng=5)
    first.sample_all()
    second.sample_all()
    assert first.summary() == second.summary()
    assert first.sampled_distribution.total == 1_000
    before = first.sampled_distribution.counts.copy()
    run = json.loads(first._setting)["run"]
    first._handle_custom_msg({"kind": "resample"}, [])  # the browser's "new samples" button
    assert json.loads(first._setting)["run"] == run + 1
    first.sample_all()
    assert first.sampled_distribution.counts.tolist() != before.tolist()
    first.samples = 10_000
    first.sample_all()
    assert first.sampled_distribution.total == 10_000


def test_display_finishes_the_run_and_a_view_still_gets_it_in_batches(make):
    lab = make(ShuffleLab, "naive_swap", n=4, mode="both", samples=10_000, rng=1)
    assert_static_fallback(lab)  # the display samples what is left, for the picture and the text
    assert lab.drawn == 10_000
    assert "sampled" in lab.summary()
    assert "so far" not in lab.summary()
    browser = Browser(lab)
    run = browser.setting()["run"]
    browser.ask(kind="sync", run=run)  # the view appears: nothing sent yet
    assert decode_batch(browser.messages[-1][1])["samples"] == 0
    got = browser.take_run()
    assert sum(batch["counts"] for _, batch in got).tolist() == lab.sampled_distribution.counts.tolist()


@settings(max_examples=60, deadline=None)
@given(
    n=st.sampled_from([3, 4, 5, 9]),
    entries=st.dictionaries(st.integers(0, 362_879), st.integers(1, 2**32 - 1), max_size=40),
    running_total=st.booleans(),
)
def test_encode_and_decode_agree(n, entries, running_total):
    """Dense or sparse, 1/2/4-byte counts, ranks as gaps or not: what goes in comes out."""
    counts = np.zeros(factorial(n), dtype=np.int64)
    for rank, count in entries.items():
        counts[rank % len(counts)] = count
    matrix = np.arange(n * n, dtype=np.int64).reshape(n, n) * 7
    data = encode_batch(counts, matrix, samples=12, batch=3, running_total=running_total)
    assert len(data) % 4 == 0
    back = decode_batch(data)
    assert back["counts"].tolist() == counts.tolist()
    assert back["matrix"].tolist() == matrix.tolist()
    assert (back["samples"], back["batch"], back["running_total"]) == (12, 3, running_total)
    assert len(data) <= 4 * (6 + n * n) + 4 * len(counts)  # never more than dense uint32


def test_batches_are_compact():
    matrix = np.zeros((9, 9), dtype=np.int64)
    few = np.zeros(factorial(9), dtype=np.int64)
    few[::100] = 3  # 3,629 permutations seen once or a few times: 2-byte gaps and 1-byte counts
    assert len(encode_batch(few, matrix, samples=1, batch=0)) == 4 * (6 + 81) + 7_260 + 3_632  # padded to 4
    dense = np.full(24, 300, dtype=np.int64)  # every permutation of 4: dense, 2-byte counts
    assert len(encode_batch(dense, matrix[:4, :4], samples=1, batch=0)) == 4 * (6 + 16) + 48


# -- controls --------------------------------------------------------------------------------------
def test_mode_size_and_random_walk(make):
    lab = make(ShuffleLab, "random_walk", n=4, mode="both", samples=1_000)
    assert lab.error == ""
    assert lab.steps_enabled
    assert "exact" in lab.ratio
    assert "waiting" in lab.ratio
    lab.steps = 3
    assert lab.exact_distribution.options == (("shape", (2, 2)), ("steps", 3))
    assert (
        lab.exact_distribution.counts.tolist()
        == exact("random_walk", 4, shape=(2, 2), steps=3).counts.tolist()
    )
    lab.size = (5, None)  # five loose items: no board to walk on
    assert lab.n == 5
    assert "choose a board size" in lab.error
    assert json.loads(lab._setting)["ok"] is False
    assert lab._exact == b""
    lab.algorithm = "sort_shuffle"
    assert lab.error == ""
    assert not lab.steps_enabled
    assert lab.exact_distribution.n == 5
    assert lab.size == (5, None)
    assert_static_fallback(lab)


def test_offers_the_options_each_shuffle_declares(make):
    lab = make(ShuffleLab, "naive_swap", n=4, mode="exact")
    for name, spec in SHUFFLES.items():
        lab.algorithm = name
        assert lab.error == ""
        assert lab.steps_enabled == ("steps" in spec.option_names), name
        declared = {"steps": lab.steps} if "steps" in spec.option_names else {}
        assert dict(lab.exact_distribution.options) == spec.board_options(2, 2, declared), name
    assert json.loads(lab._menus)["algorithms"] == list(SHUFFLES)


def test_never_shows_the_previous_numbers_under_a_new_label(make):
    lab = make(ShuffleLab, "naive_swap", n=3, mode="both", samples=1_000)
    lab.sample_all()
    assert "exact 5/4" in lab.ratio
    lab.algorithm = "random_walk"  # three loose items: nothing to walk on
    assert "choose a board size" in lab.error
    assert lab.ratio == lab.distance == lab.support == ""
    assert lab.exact_distribution is None
    assert lab.sampled_distribution is None
    assert lab.summary() == "ShuffleLab random_walk, 3 items, both: nothing computed"
    assert_static_fallback(lab)
    lab.n = 4
    assert lab.error == ""
    assert lab.exact_distribution.name == "random_walk"
    assert lab.ratio.startswith("max/min ratio: exact")


@pytest.mark.parametrize(("name", "value"), [
    ("algorithm", "bogo"), ("algorithm", 3), ("n", 12), ("n", "4"), ("n", True), ("mode", "guess"),
    ("samples", 1e4), ("samples", 5), ("steps", -1), ("steps", 10**6), ("steps", None),
])  # fmt: skip
def test_a_value_not_offered_is_refused_and_the_control_keeps_its_value(make, name, value):
    lab = make(ShuffleLab, "random_walk", n=4, mode="both", samples=1_000, steps=5)
    before, setting = getattr(lab, name), lab._setting
    lab.set_state({name: value})  # from the browser: never raises
    assert getattr(lab, name) == before
    assert name in lab.error
    lab.error = ""
    setattr(lab, name, value)  # from code: never raises either
    assert getattr(lab, name) == before
    assert name in lab.error
    assert lab._setting == setting  # the run goes on
    lab.mode = "exact"
    assert lab.error == ""


def test_leaves_slow_exact_cases_to_a_button(make):
    lab = make(ShuffleLab, "naive_swap", n=4, mode="exact", samples=1_000)
    lab.n = 9
    assert lab.exact_pending
    assert "press 'compute exact'" in lab.ratio
    assert json.loads(lab._setting)["exact"] is False
    assert lab.batch_sizes
    assert sum(lab.batch_sizes) == 1_000


@pytest.mark.slow
def test_compute_exact_on_request(make):
    lab = make(ShuffleLab, "sort_shuffle", n=8, mode="exact", samples=1_000)
    assert lab.exact_pending
    lab._handle_custom_msg({"kind": "exact"}, [])  # the browser's button
    assert not lab.exact_pending
    assert lab.exact_distribution.counts.tolist() == exact("sort_shuffle", 8).counts.tolist()
    assert len(lab._exact) == 4 * factorial(8)


def test_constructor_checks_its_arguments():
    with pytest.raises(ValueError, match="algorithm must be one of"):
        ShuffleLab("bogo")
    with pytest.raises(TypeError, match="samples must be a whole number"):
        ShuffleLab("naive_swap", samples=1e4)
    with pytest.raises(ValueError, match="samples must be one of"):
        ShuffleLab("naive_swap", samples=12)
    with pytest.raises(ValueError, match="steps must be <= 200"):
        ShuffleLab("random_walk", steps=10**6)
    with pytest.raises(ValueError, match="n must be one of"):
        ShuffleLab("naive_swap", n=12)
    with pytest.raises(ValueError, match="mode must be"):
        ShuffleLab("naive_swap", mode="guess")
    with pytest.raises(TypeError, match="rng"):
        ShuffleLab("naive_swap", rng="seed")


def test_the_lesson_lab_is_an_anywidget_with_the_old_class_and_a_fallback(make):
    lab = make(ShuffleLab, "naive_swap", n=4, mode="both", samples=10_000, rng=1)
    assert "export function decodeBatch" in str(lab._esm)  # the module shipped in the package
    data, _ = lab._repr_mimebundle_()
    assert data["text/plain"].startswith(
        "ShuffleLab naive_swap, 2x2 board (4), both: max/min ratio: exact 15/8"
    )
    figure = lab.static_figure()
    assert len(figure.axes) >= 2


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(SAMPLE_SIZES[:2]), st.integers(0, 2**32 - 1))
def test_ranks_of_the_batches_are_permutations_of_the_table(samples, seed):
    """Each decoded rank names the permutation the sampler drew (checked against the table)."""
    lab = ShuffleLab("sort_shuffle", n=3, mode="sampled", samples=samples, rng=seed)
    try:
        lab.sample_all()
        perms = replay("sort_shuffle", 3, batch_plan(samples), seed)
        ranks = np.concatenate([b.ranks for b in lab._batches])
        assert ranks.tolist() == rank_many(perms).tolist()
        assert (all_permutations(3)[ranks] == perms).all()
    finally:
        lab.close()
