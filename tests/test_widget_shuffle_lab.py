"""The shuffle lab driven in plain pytest (no kernel): its state, numbers, messages and fallback."""

import pytest
from widget_helpers import assert_static_fallback

from puzzlelab.widgets import (
    ShuffleLab,
)


def test_shuffle_lab_exact_numbers_match_the_distribution(make):
    from puzzlelab.distributions import exact

    lab = make(ShuffleLab, "naive_swap", n=3, mode="exact")
    truth = exact("naive_swap", 3)
    assert lab.ratio.value == "max/min ratio: exact 5/4 = 1.250"
    assert lab.distance.value == f"distance from uniform (TV): exact {truth.tv_distance():.4f}"
    assert lab.exact_distribution.counts.tolist() == truth.counts.tolist()
    assert lab.sampled_distribution is None
    lab.algorithm.value = "fisher_yates"
    assert lab.ratio.value == "max/min ratio: exact 1"
    assert lab.distance.value == "distance from uniform (TV): exact 0.0000"


def test_shuffle_lab_sampling_is_seeded_and_resampling_changes_the_picture(make):
    first = make(ShuffleLab, "fisher_yates", n=4, mode="sampled", samples=1_000, rng=5)
    second = make(ShuffleLab, "fisher_yates", n=4, mode="sampled", samples=1_000, rng=5)
    assert first.ratio.value == second.ratio.value
    assert first.sampled_distribution.total == 1_000
    picture, ratio = first.histogram.value, first.ratio.value
    first.resample_button.click()
    assert first.histogram.value != picture
    assert first.ratio.value != ratio or first.distance.value != second.distance.value
    first.samples.value = 10_000
    assert first.sampled_distribution.total == 10_000


def test_shuffle_lab_both_mode_size_and_random_walk(make):
    lab = make(ShuffleLab, "random_walk", n=4, mode="both", samples=1_000)
    assert lab.error_message == ""
    assert "exact" in lab.ratio.value
    assert "sampled" in lab.ratio.value
    matrix = lab.matrix.value
    lab.steps.value = 3
    assert lab.exact_distribution.options == (("shape", (2, 2)), ("steps", 3))
    assert lab.matrix.value != matrix
    lab.size.value = (5, None)  # five loose items: no board to walk on
    assert "choose a board size" in lab.error_message
    lab.algorithm.value = "sort_shuffle"
    assert lab.error_message == ""
    assert lab.exact_distribution.n == 5
    assert_static_fallback(lab)


def test_shuffle_lab_offers_the_options_each_shuffle_declares(make):
    from puzzlelab.shuffles import SHUFFLES

    lab = make(ShuffleLab, "naive_swap", n=4, mode="exact")
    for name, spec in SHUFFLES.items():
        lab.algorithm.value = name
        assert lab.error_message == ""
        assert lab.steps.disabled == ("steps" not in spec.option_names), name
        declared = {"steps": lab.steps.value} if "steps" in spec.option_names else {}
        assert dict(lab.exact_distribution.options) == spec.board_options(2, 2, declared), name


def test_shuffle_lab_never_shows_the_previous_numbers_under_a_new_label(make):
    lab = make(ShuffleLab, "naive_swap", n=3, mode="both", samples=1_000)
    assert "exact 5/4" in lab.ratio.value
    lab.algorithm.value = "random_walk"  # three loose items: nothing to walk on
    assert "choose a board size" in lab.error_message
    assert lab.ratio.value == lab.distance.value == lab.support.value == ""
    assert lab.exact_distribution is None
    assert lab.sampled_distribution is None
    assert lab.summary() == "ShuffleLab random_walk, 3 items, both: nothing computed"
    assert_static_fallback(lab)
    lab.size.value = (4, (2, 2))
    assert lab.error_message == ""
    assert lab.exact_distribution.name == "random_walk"
    assert lab.ratio.value.startswith("max/min ratio: exact")


def test_shuffle_lab_leaves_slow_exact_cases_to_a_button(make):
    lab = make(ShuffleLab, "naive_swap", n=4, mode="exact", samples=1_000)
    lab.size.value = (9, (3, 3))
    assert "press 'compute exact'" in lab.ratio.value
    assert not lab.exact_button.disabled
    assert lab.sampled_distribution is not None  # shows samples meanwhile


def test_shuffle_lab_constructor_checks_its_arguments():
    with pytest.raises(ValueError, match="algorithm must be one of"):
        ShuffleLab("bogo")
    with pytest.raises(TypeError, match="samples must be a whole number"):
        ShuffleLab("naive_swap", samples=1e4)
    with pytest.raises(ValueError, match="steps must be <= 200"):
        ShuffleLab("random_walk", steps=10**6)
    with pytest.raises(ValueError, match="n must be one of"):
        ShuffleLab("naive_swap", n=12)
    with pytest.raises(ValueError, match="mode must be"):
        ShuffleLab("naive_swap", mode="guess")
