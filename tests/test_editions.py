"""The student and teacher's editions made from one source notebook (puzzlelab.editions).

Checked against nbgrader's own preprocessors (the student edition must be what
``generate_assignment`` makes, cell for cell), on a fixture lesson, and on every real lesson:
no answer readable anywhere, idempotent, deterministic, the install cell kept.
"""

import json
import re
from pathlib import Path

import pytest
from course_fixture import SECRETS, fixture_notebook
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlelab.editions import (
    CODE_STUB,
    TEXT_STUB,
    cell_source,
    course_edition,
    edition_bytes,
    has_solutions,
    notebook_bytes,
    read_notebook,
    student_edition,
    teacher_edition,
)
from puzzlelab.lessons import list_lessons

ROOT = Path(__file__).resolve().parents[1]
LESSONS = list_lessons(source=ROOT / "notebooks")


def sources(nb):
    return [(cell["cell_type"], cell_source(cell)) for cell in nb["cells"]]


# -- the fixture lesson ----------------------------------------------------------------
def test_solution_regions_become_nbgraders_stub_indented_like_the_region():
    student = student_edition(fixture_notebook())
    solution = cell_source(student["cells"][5])
    assert solution.endswith('    """\n    # YOUR CODE HERE\n    raise NotImplementedError()')
    assert solution.startswith('def double(x):\n    """Twice x.\n\n    Hint: add x to itself.')
    assert cell_source(student["cells"][8]) == "Why is doubling linear?\n\n" + TEXT_STUB


def test_hidden_tests_are_removed_and_the_visible_check_stays():
    student = student_edition(fixture_notebook())
    assert cell_source(student["cells"][6]) == "check_double(double)"


def test_outputs_are_cleared_except_a_kept_picture_without_its_widget_view():
    source = fixture_notebook()
    student = student_edition(source)
    for cell in student["cells"]:
        if cell["cell_type"] != "code":
            continue
        assert cell["execution_count"] is None
        if "keep-output" in cell["metadata"].get("tags", []):
            [picture] = cell["outputs"]
            assert set(picture["data"]) == {"image/png", "text/plain"}  # no widget view without state
        else:
            assert cell["outputs"] == []
        assert "execution" not in cell["metadata"]
    assert "widgets" not in student["metadata"]
    assert student["metadata"]["kernelspec"]["name"] == "python3"  # no kernel chooser in JupyterLab
    assert source == fixture_notebook()  # the argument is left alone


def test_nbgrader_ids_stay_but_cached_checksums_go():
    student = student_edition(fixture_notebook())
    graded = [cell["metadata"]["nbgrader"] for cell in student["cells"] if "nbgrader" in cell["metadata"]]
    assert [g["grade_id"] for g in graded] == ["l09_setup", "l09_double", "l09_double_check", "l09_why",
                                               "l09_triple", "l09_triple_check"]  # fmt: skip
    assert all("checksum" not in g for g in graded)
    assert graded[2]["points"] == 2


def test_no_answer_is_readable_anywhere_in_the_student_edition():
    text = notebook_bytes(student_edition(fixture_notebook())).decode()
    teacher = json.dumps(fixture_notebook())
    for secret in SECRETS:
        assert secret in teacher
        assert secret not in text


def test_the_teachers_edition_is_the_source_with_its_checks_locked():
    source = fixture_notebook()
    teacher = teacher_edition(source)
    assert source == fixture_notebook()  # the argument is left alone
    for before, after in zip(source["cells"], teacher["cells"], strict=True):
        locks = {k: after["metadata"].pop(k) for k in ("editable", "deletable") if k in after["metadata"]}
        grading = after["metadata"].get("nbgrader", {})
        if grading.get("grade") and not grading.get("solution"):
            assert grading.pop("locked") is True
            before["metadata"]["nbgrader"].pop("locked")
        assert after == before  # nothing else changes
        assert locks == expected_locks(before)
    raw = json.dumps(fixture_notebook()).encode()
    assert edition_bytes(raw, "teacher") == notebook_bytes(teacher_edition(fixture_notebook()))
    locked = notebook_bytes(teacher_edition(fixture_notebook()))
    assert edition_bytes(locked, "teacher") == locked  # byte for byte once locked
    unmarked = json.dumps({"cells": [{"cell_type": "markdown", "metadata": {}, "source": "x"}]}).encode()
    assert edition_bytes(unmarked, "teacher") == unmarked


def expected_locks(cell: dict) -> dict:
    """nbgrader's LockCells rules (0.9): answers cannot be deleted, checks neither edited nor deleted."""
    grading = cell["metadata"].get("nbgrader", {})
    if grading.get("solution"):
        return {"deletable": False}
    if grading.get("grade") or grading.get("locked"):
        return {"editable": False, "deletable": False}
    return {}


def test_the_course_edition_has_no_widget_state_and_keeps_the_teachers_outputs():
    source = fixture_notebook()
    course = course_edition(source)
    assert "widgets" not in course["metadata"]
    assert b"widget-view" not in notebook_bytes(course)
    assert b"said plainly" in notebook_bytes(course)  # the answers stay: it is the teacher's edition
    [picture] = course["cells"][3]["outputs"]
    assert set(picture["data"]) == {"image/png", "text/plain"}
    for before, after in zip(source["cells"], course["cells"], strict=True):
        if before["cell_type"] == "code" and before is not source["cells"][3]:
            assert (after["outputs"], after["execution_count"]) == (
                before["outputs"],
                before["execution_count"],
            )
    assert course_edition(course) == course


def test_editions_are_idempotent_and_deterministic():
    raw = json.dumps(fixture_notebook()).encode()
    once = edition_bytes(raw, "student")
    assert edition_bytes(once, "student") == once
    assert edition_bytes(raw, "student") == once
    assert once.endswith(b"\n")
    reread = json.loads(once)
    assert all(isinstance(cell["source"], list) for cell in reread["cells"])  # as Jupyter writes it


def test_the_install_cell_is_kept_as_it_is():
    source, student = fixture_notebook(), student_edition(fixture_notebook())
    assert cell_source(student["cells"][1]) == cell_source(source["cells"][1])


@pytest.mark.parametrize(
    ("bad", "solution", "grade", "message"),
    [
        ("### BEGIN SOLUTION\nx = 1", True, False, "BEGIN SOLUTION' without"),
        ("x = 1\n### END SOLUTION", True, False, "END SOLUTION' without"),
        ("### BEGIN SOLUTION\n### BEGIN SOLUTION\n### END SOLUTION", True, False, "nested"),
        ("### BEGIN HIDDEN TESTS\nassert f()", False, True, "BEGIN HIDDEN TESTS' without"),
        ("### BEGIN SOLUTION\nx = 1\n### END SOLUTION", False, True, "not marked solution"),
        ("### BEGIN HIDDEN TESTS\nf()\n### END HIDDEN TESTS", False, False, "not marked grade"),
    ],
)
def test_wrong_marks_are_refused_naming_the_mark(bad, solution, grade, message):
    meta = {"nbgrader": {"solution": solution, "grade": grade}}
    cell = {"cell_type": "code", "metadata": meta, "source": bad, "outputs": [], "execution_count": None}
    nb = {"cells": [cell], "metadata": {}}
    with pytest.raises(ValueError, match=message):
        student_edition(nb)


def test_edition_names_and_notebook_types_are_checked():
    with pytest.raises(ValueError, match="edition"):
        edition_bytes(b"{}", "answers")
    with pytest.raises(TypeError, match="edition must be a string"):
        edition_bytes(b"{}", None)
    with pytest.raises(TypeError, match="cells"):
        student_edition({"metadata": {}})
    with pytest.raises(TypeError, match="cells"):
        student_edition({"cells": ["not a cell"]})
    for bad, why in [(b"{x", "not JSON"), (b"\xff", "not UTF-8"), (b"[]", "no list of cells"),
                     (b'{"cells": 3}', "no list of cells")]:  # fmt: skip
        for edition in ("student", "teacher"):
            with pytest.raises(ValueError, match=why):
                edition_bytes(bad, edition)
    with pytest.raises(TypeError, match="bytes"):
        read_notebook("{}")


def test_has_solutions_sees_the_mark():
    raw = json.dumps(fixture_notebook()).encode()
    assert has_solutions(raw)
    assert not has_solutions(edition_bytes(raw, "student"))


# -- against nbgrader itself -------------------------------------------------------------
def nbgrader_student_sources(nb: dict) -> list[tuple[str, str]]:
    """What nbgrader's ClearSolutions, ClearHiddenTests and ClearMarkScheme make of ``nb``."""
    import nbformat
    from nbgrader.preprocessors import ClearHiddenTests, ClearMarkScheme, ClearSolutions

    if any("id" not in cell for cell in nb["cells"]):
        nb = {**nb, "nbformat_minor": 4}  # cell ids came with 4.5
    node = nbformat.reads(json.dumps(nb), as_version=4)
    for preprocessor in (ClearSolutions(), ClearHiddenTests(), ClearMarkScheme()):
        node, _ = preprocessor.preprocess(node, {})
    return sources(node)


def nbgrader_locks(nb: dict) -> list[dict]:
    """The editable/deletable metadata nbgrader's LockCells gives each cell of ``nb``."""
    import nbformat
    from nbgrader.preprocessors import LockCells

    node = nbformat.reads(json.dumps({**nb, "nbformat_minor": 4}), as_version=4)
    node, _ = LockCells().preprocess(node, {})
    return [{k: c.metadata[k] for k in ("editable", "deletable") if k in c.metadata} for c in node.cells]


def locks(nb: dict) -> list[dict]:
    return [
        {k: c["metadata"][k] for k in ("editable", "deletable") if k in c["metadata"]} for c in nb["cells"]
    ]


def test_the_fixture_matches_nbgrader():
    nb = fixture_notebook()
    assert sources(student_edition(nb)) == nbgrader_student_sources(nb)
    assert locks(student_edition(nb)) == locks(teacher_edition(nb)) == nbgrader_locks(nb)
    checks = [c for c in student_edition(nb)["cells"] if c["metadata"].get("nbgrader", {}).get("grade")]
    assert [c["metadata"]["nbgrader"]["locked"] for c in checks if c["cell_type"] == "code"] == [True, True]


def test_nbgraders_release_step_keeps_the_pictures_the_student_edition_keeps():
    """puzzlelab.nbgrader_plugins.ClearOutputKeepTagged, in place of nbgrader's ClearOutput."""
    import nbformat

    from puzzlelab.nbgrader_plugins import ClearOutputKeepTagged, released_source

    course = course_edition(fixture_notebook())
    node = nbformat.reads(json.dumps(course), as_version=4)
    node, _ = ClearOutputKeepTagged().preprocess(node, {})
    student = nbformat.reads(json.dumps(student_edition(fixture_notebook())), as_version=4)
    assert [(c.get("outputs"), c.get("execution_count")) for c in node.cells] == [
        (c.get("outputs"), c.get("execution_count")) for c in student.cells
    ]
    assert "widgets" not in node.metadata
    assert all("execution" not in c.metadata for c in node.cells)
    assert released_source(cell_source(course["cells"][6])) == cell_source(student.cells[6])


code_lines = st.from_regex(r"[a-z]{1,6}( = [0-9]{1,3})?", fullmatch=True)
indents = st.sampled_from(["", "    ", "        ", "\t"])


@st.composite
def graded_cells(draw):
    """A cell with random code lines, some inside solution or hidden-test regions."""
    kind = draw(st.sampled_from(["code", "markdown"]))
    lines = []
    for _ in range(draw(st.integers(0, 4))):
        indent = draw(indents)
        region = draw(st.sampled_from([None, "SOLUTION", "HIDDEN TESTS"]))
        body = [indent + line for line in draw(st.lists(code_lines, max_size=3))]
        if region is None:
            lines += body
        else:
            lines += [f"{indent}### BEGIN {region}", *body, f"{indent}### END {region}"]
    source = "\n".join(lines) if lines else draw(code_lines)
    solution = draw(st.booleans()) or "SOLUTION" in source
    grade = "HIDDEN TESTS" in source or draw(st.booleans())
    meta = {"nbgrader": {"solution": solution, "grade": grade, "grade_id": "g", "locked": False,
                         "schema_version": 3, "task": False, "points": 1}}  # fmt: skip
    cell = {"cell_type": kind, "metadata": meta, "source": source}
    if kind == "code":
        cell |= {"outputs": [], "execution_count": None}
    return cell


@settings(deadline=None, max_examples=60)
@given(cells=st.lists(graded_cells(), min_size=1, max_size=4), locked=st.booleans())
def test_student_sources_and_locks_equal_nbgraders_for_random_cells(cells, locked):
    for cell in cells:
        cell["metadata"]["nbgrader"]["locked"] = locked and not cell["metadata"]["nbgrader"]["solution"]
    nb = {"cells": cells, "metadata": {"kernelspec": {"language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}  # fmt: skip
    assert sources(student_edition(nb)) == nbgrader_student_sources(nb)
    assert locks(student_edition(nb)) == locks(teacher_edition(nb)) == nbgrader_locks(nb)


# -- the real lessons ----------------------------------------------------------------------
def answer_regions(nb: dict) -> list[list[str]]:
    """The substantive lines of each solution or hidden-test region of the teacher's edition."""
    regions = []
    for cell in nb["cells"]:
        inside = False
        for line in cell_source(cell).split("\n"):
            if re.search(r"BEGIN (SOLUTION|HIDDEN TESTS)", line):
                inside = True
                regions.append([])
            elif re.search(r"END (SOLUTION|HIDDEN TESTS)", line):
                inside = False
            elif inside and len(line.strip()) > 12:  # short lines ("return n") may occur anywhere
                regions[-1].append(line.strip())
    return [region for region in regions if region]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.name)
def test_a_real_lessons_student_edition_hides_every_answer_and_keeps_the_rest(lesson):
    raw = lesson.path.read_bytes()
    teacher = json.loads(raw)
    student_raw = edition_bytes(raw, "student")
    student = json.loads(student_raw)
    assert edition_bytes(student_raw, "student") == student_raw
    assert len(student["cells"]) == len(teacher["cells"])
    visible = [cell_source(c) for c in student["cells"]]
    for region in answer_regions(teacher):  # a hint may quote a line; the whole answer never shows
        shown = [line for line in region if any(line in text for text in visible)]
        assert shown != region, region
    for cell in student["cells"]:
        if cell["cell_type"] == "code" and "keep-output" not in cell["metadata"].get("tags", []):
            assert cell["outputs"] == [], cell_source(cell)[:80]
    assert sources(student) == nbgrader_student_sources(teacher)
    first_code = next(i for i, c in enumerate(teacher["cells"]) if c["cell_type"] == "code")
    assert cell_source(student["cells"][first_code]) == cell_source(teacher["cells"][first_code])
    stubs = sum(CODE_STUB.split("\n")[0] in text for text in visible)
    marks = sum("BEGIN SOLUTION" in cell_source(c) for c in teacher["cells"] if c["cell_type"] == "code")
    assert stubs >= marks
