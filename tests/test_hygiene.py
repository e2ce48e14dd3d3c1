"""Project hygiene: the Scientific Python development guide's checks (repo-review) pass, apart from
those pyproject.toml's [tool.repo-review] ignores with a reason; the lessons are committed
executed without errors (the pre-commit hook's script); CI on GitHub runs what .ci/run runs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: checks not passing yet (none: mypy is strict on the whole library since issue 21)
PENDING: set[str] = set()


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


def test_no_lesson_installs_a_package_name_the_project_has_not_published():
    """A lesson's code never runs pip (a name on PyPI that is not ours would run for every student
    who opens it on Colab); its first code cell imports puzzlelab and, if that fails, says how to
    install it and stops."""
    import json

    lessons = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert len(lessons) >= 7
    for path in lessons:
        cells = [c for c in json.loads(path.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "code"]
        for cell in cells:
            for line in "".join(cell["source"]).splitlines():
                assert not line.lstrip().startswith(("%pip", "!pip", "%conda", "!conda")), (path.name, line)
                assert "subprocess" not in line, (path.name, line)
        first = "".join(cells[0]["source"])
        assert "import puzzlelab" in first, path.name
        assert "raise ModuleNotFoundError" in first, path.name
