"""Project hygiene: the Scientific Python development guide's checks (repo-review) pass, apart from
those pyproject.toml's [tool.repo-review] ignores with a reason; the lessons are committed
executed without errors (the pre-commit hook's script); CI on GitHub runs what .ci/run runs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: not done yet (mypy --strict reports about 560 errors, most of them missing annotations)
PENDING = {"MY101", "MY103", "MY105", "MY106"}


def test_repo_review_passes():
    pytest.importorskip("sp_repo_review", reason="pip install --group dev (make test installs it)")
    from repo_review.processor import process

    _families, results = process(ROOT)
    failed = {result.name for result in results if result.result is False}
    assert failed <= PENDING, sorted(failed - PENDING)


def test_the_lessons_are_committed_executed_without_errors():
    done = subprocess.run([sys.executable, str(ROOT / ".ci" / "check_notebooks.py")], cwd=ROOT,
                          capture_output=True, text=True)  # fmt: skip
    assert done.returncode == 0, done.stdout


def test_github_actions_run_the_ci_script():
    yaml = pytest.importorskip("yaml")
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "ci.yml").read_text())
    steps = [step.get("run", "") for job in workflow["jobs"].values() for step in job["steps"]]
    assert ".ci/run" in steps
    job = workflow["jobs"]["test"]
    assert job["timeout-minutes"] <= 90
    assert "3.11" in job["container"]
