"""The build progress driven in plain pytest (no kernel): its state, numbers, messages and fallback."""

from widget_helpers import assert_static_fallback

from puzzlelab.widgets import (
    BuildProgress,
)


def test_build_progress_follows_the_callback_and_refuses_nonsense(make):
    view = make(BuildProgress)
    assert view.summary() == "BuildProgress 0%: not started"
    view.callback(1, 4, "group 1")
    assert view.bar.value == 25
    assert view.label.value == "group 1: 1 of 4 (25%)"
    view.callback(4, 4, "group 1")
    assert view.bar.bar_style == "success"
    view.callback(5, 4, "group 1")
    assert "does not make sense" in view.error_message
    assert view.bar.value == 100
    assert_static_fallback(view)
