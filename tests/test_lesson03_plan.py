"""Lesson 03 fits the class it claims (issue 19): the core's minutes, counted the way the fresh
reader counted them, add up to the plan cell 0, the section headings and the teacher's guide state,
and to at most one 50-minute class.

The fresh reader's count: Markdown words / 150, 1 minute per code cell, 3 more for a Predict,
5 more for a search player the text asks the class to play (a minute of play), and the reader's
own minutes for each graded exercise (10 for `my_manhattan` and `overestimate_board`, 4 for the
"In words" answer). A heading starts its section in the middle of a Markdown cell, so the words
before a heading count for the section before it.
"""

import itertools
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LESSON = ROOT / "notebooks" / "03_search.ipynb"
GUIDE = ROOT / "notebooks" / "README.md"
#: The fresh reader's minutes for each graded exercise (by nbgrader grade id).
EXERCISE_MINUTES = {"l03_manhattan": 10, "l03_overestimate": 10, "l03_overestimate_why": 4}
CORE_MINUTES = 50
HEADING = re.compile(r"^## (\d+) · ", re.M)


def cells() -> list[dict]:
    return json.loads(LESSON.read_text(encoding="utf-8"))["cells"]


def text(cell: dict) -> str:
    return "".join(cell["source"])


def grading(cell: dict) -> dict:
    return cell["metadata"].get("nbgrader", {})


def pieces() -> list[tuple[str, float, dict]]:
    """(section, minutes, cell) in lesson order; a Markdown cell is cut at each "## N · " heading."""
    found, section = [], "intro"
    for cell in cells():
        exercise = EXERCISE_MINUTES.get(grading(cell).get("grade_id"), 0)
        if cell["cell_type"] == "code":
            source = text(cell)
            extra = 3 * ("Predict(" in source) + 5 * ("SearchPlayer(" in source)
            found.append((section, 1 + extra + exercise, cell))
            continue
        source = text(cell).split("### BEGIN SOLUTION")[0]  # the teacher's answer is not read in class
        for part in re.split(r"(?m)^(?=## )", source):
            heading = HEADING.match(part) or re.match(r"## (Roads not taken)", part)
            section = heading.group(1) if heading else section
            found.append((section, len(part.split()) / 150 + exercise, cell))
            exercise = 0
    return found


def core_sections() -> dict[str, float]:
    """The core's minutes by section ("intro", "1", ...): everything before the first section
    whose heading says "Going further"."""
    further = {
        m.group(1) for cell in cells() for m in re.finditer(r"^## (\d+) · Going further", text(cell), re.M)
    }
    assert further, "lesson 03 marks where going further starts"
    sections: dict[str, float] = {}
    for section, minutes, _ in pieces():
        if section in further or section == "Roads not taken":
            break
        sections[section] = sections.get(section, 0) + minutes
    return sections


def stated_plan() -> tuple[int, list[int]]:
    """Cell 0's "Core (sections 1-6): N minutes, one class: intro a, sections 1-6 b + c + ..."."""
    pattern = r"Core \(sections 1-(\d+)\): (\d+) minutes, one class: intro (\d+), sections 1-\1\s+([\d +]+)\."
    found = re.search(pattern, text(cells()[0]))
    assert found, "cell 0 states the core's minute plan"
    return int(found.group(2)), [int(found.group(3)), *map(int, found.group(4).split("+"))]


def guide_section() -> str:
    guide = GUIDE.read_text(encoding="utf-8")
    return guide[guide.index("## Lesson 03 ·") : guide.index("## Lesson 04 ·")]


def test_the_core_fits_the_minutes_it_states():
    total, plan = stated_plan()
    assert total == sum(plan) <= CORE_MINUTES
    counted = core_sections()
    assert list(counted) == ["intro", *map(str, range(1, len(plan)))]
    for stated, (section, got) in zip(plan, counted.items(), strict=True):
        assert stated == pytest.approx(got, abs=0.5), f"section {section}: stated {stated}, counted {got:.1f}"
    assert sum(counted.values()) <= CORE_MINUTES


def test_the_headings_and_the_guide_give_the_same_minutes():
    total, plan = stated_plan()
    core = [int(m) for cell in cells() for m in re.findall(r"^## \d+ · .*\((\d+) min\)$", text(cell), re.M)]
    assert core == plan[1:]
    section = guide_section()
    assert f"**Minute plan (core, {total} min)" in section
    rows = [(int(a), int(b)) for a, b in re.findall(r"^\| (\d+)-(\d+) \| ", section, re.M)]
    assert rows[0][0] == 0
    assert all(end == start for (_, end), (start, _) in itertools.pairwise(rows))
    assert [b - a for a, b in rows] == plan
    lessons_row = re.search(r"^\| 03 search \| (\d+) min \|", GUIDE.read_text(encoding="utf-8"), re.M)
    assert lessons_row
    assert int(lessons_row.group(1)) == total


def test_the_core_keeps_a_graded_exercise():
    sections = core_sections()
    core = {cell["id"]: cell for section, _, cell in pieces() if section in sections}
    assert (
        sum(float(grading(cell).get("points", 0)) for cell in core.values() if grading(cell).get("grade")) > 0
    )


def test_every_cell_id_is_unique():
    ids = [cell["id"] for cell in cells()]
    assert len(ids) == len(set(ids))
