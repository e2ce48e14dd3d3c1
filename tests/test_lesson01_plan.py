"""Lesson 01 fits the class it claims (issue 19): its points are in the core, and the core's minutes
add up to the 50 the lesson and the teacher's guide state.

The minutes are the fresh reader's count the guide describes: words / 150 for a Markdown cell,
1 per code cell, 3 more for a Predict, 5 more for the live lab's watching, and the reader's own
minutes for a graded exercise.
"""

import itertools
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LESSON = ROOT / "notebooks" / "01_shuffling.ipynb"
GUIDE = ROOT / "notebooks" / "README.md"
#: The fresh reader's minutes for each graded exercise in the core.
EXERCISE_MINUTES = {"l01_fisher_yates": 9}
CORE_MINUTES = 50


def cells() -> list[dict]:
    return json.loads(LESSON.read_text(encoding="utf-8"))["cells"]


def text(cell: dict) -> str:
    return "".join(cell["source"])


def grading(cell: dict) -> dict:
    return cell["metadata"].get("nbgrader", {})


def core_and_further() -> tuple[list[dict], list[dict]]:
    """The cells before the "Going further" heading, and from it on."""
    found = [i for i, cell in enumerate(cells()) if re.search(r"^# Going further$", text(cell), re.M)]
    assert len(found) == 1, "lesson 01 marks the end of its core once"
    return cells()[: found[0]], cells()[found[0] :]


def minutes(cell: dict) -> float:
    if cell["cell_type"] == "markdown":
        return len(text(cell).split()) / 150
    extra = 3 * ("Predict(" in text(cell)) + 5 * ("ShuffleLab(" in text(cell))
    return 1 + extra + EXERCISE_MINUTES.get(grading(cell).get("grade_id"), 0)


def section_minutes() -> dict[str, float]:
    """The core's minutes by section: "intro" (title, concepts, setup), then "1", "2", ..."""
    core, _ = core_and_further()
    sections: dict[str, float] = {}
    section = "intro"
    for cell in core:
        heading = re.match(r"## (\d+)\. ", text(cell))
        section = heading.group(1) if heading else section
        sections[section] = sections.get(section, 0) + minutes(cell)
    return sections


def stated_plan() -> tuple[int, list[int]]:
    """Cell 0's "core N minutes, ...: intro and concepts a, sections 1–4 b + c + d + e"."""
    pattern = (
        r"core (\d+) minutes, one 50-minute class: intro and concepts (\d+), sections 1–\d+\s+([\d +]+)\."
    )
    found = re.search(pattern, text(cells()[0]))
    assert found, "cell 0 states the core's minute plan"
    return int(found.group(1)), [int(found.group(2)), *map(int, found.group(3).split("+"))]


def guide_section() -> str:
    guide = GUIDE.read_text(encoding="utf-8")
    return guide[guide.index("## Lesson 01 ·") : guide.index("## Lesson 02 ·")]


def test_every_point_is_in_the_core():
    core, further = core_and_further()
    core_points = sum(grading(cell)["points"] for cell in core if grading(cell).get("grade"))
    further_points = sum(grading(cell)["points"] for cell in further if grading(cell).get("grade"))
    assert core_points > 0
    assert further_points == 0


def test_the_practice_exercises_are_still_checked():
    _, further = core_and_further()
    checks = [
        grading(cell)["grade_id"]
        for cell in further
        if grading(cell).get("grade") and cell["cell_type"] == "code"
    ]
    assert checks == ["l01_naive_counts_check", "l01_home_row_check", "l01_pick_j_check", "l01_sattolo_check"]
    for cell in further:
        if grading(cell).get("grade") and cell["cell_type"] == "code":
            assert "lesson01.check_" in text(cell)
            assert "BEGIN HIDDEN TESTS" in text(cell)


def test_cell_0_and_the_guide_state_the_points_the_metadata_gives():
    core, _ = core_and_further()
    points = sum(grading(cell)["points"] for cell in core if grading(cell).get("grade"))
    intro = " ".join(text(cells()[0]).split())
    assert f"all {points} points are in the core" in intro
    assert f"**Points: {points}, all in the core**" in guide_section()
    assert "worth no points" in intro


def test_the_core_fits_the_minutes_it_states():
    total, plan = stated_plan()
    assert total == sum(plan) <= CORE_MINUTES
    counted = section_minutes()
    assert list(counted) == ["intro", *map(str, range(1, len(plan)))]
    for stated, (section, got) in zip(plan, counted.items(), strict=True):
        assert stated == pytest.approx(got, abs=0.5), f"section {section}: stated {stated}, counted {got:.1f}"
    assert sum(counted.values()) <= CORE_MINUTES


def test_the_section_headings_and_the_guide_give_the_same_minutes():
    _, plan = stated_plan()
    headings = [
        int(m) for cell in cells() for m in re.findall(r"^## \d+\. .*\((\d+) minutes\)$", text(cell), re.M)
    ]
    assert headings == plan[1:]
    rows = re.findall(r"^\| (\d+)-(\d+) \| ", guide_section(), re.M)
    bounds = [(int(a), int(b)) for a, b in rows]
    assert bounds[0][0] == 0
    assert all(end == start for (_, end), (start, _) in itertools.pairwise(bounds))
    assert [b - a for a, b in bounds] == plan
