"""Shared test settings: hypothesis profiles (CI runs fewer examples, never a deadline)."""

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("dev", deadline=None, max_examples=100)
settings.register_profile("ci", deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture
def make():
    """Build views and close all their widgets after the test."""
    views = []

    def build(cls, *args, **kwargs):
        view = cls(*args, **kwargs)
        views.append(view)
        return view

    yield build
    for view in views:
        view.close()
