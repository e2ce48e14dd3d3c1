"""The nbgrader round trip a teacher would do with the lessons, with the real nbgrader.

In a temporary course directory: ``nbgrader generate_assignment`` from the source notebooks
gives the same student-visible cells (types and sources) as ``python -m puzzlelab copy``;
``nbgrader autograde`` of the teacher's edition gives full points on every autograded cell,
and of the untouched student edition zero on every one, without crashing.

A tiny fixture lesson checks the mechanics; the real lessons (those that have nbgrader
marks) run as one assignment. Both are slow (nbgrader and a kernel per notebook).
Graded cells are found from the notebooks' nbgrader metadata, never listed here.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from course_fixture import write_fixture

from puzzlelab.editions import cell_source, edition_bytes
from puzzlelab.lessons import copy_lessons, list_lessons

pytest.importorskip("nbgrader", reason='nbgrader is in the "teach" extra')

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
ASSIGNMENT = "course"


def graded_lessons() -> list[Path]:
    """The real lessons that carry nbgrader marks."""
    found = []
    for lesson in list_lessons(source=ROOT / "notebooks"):
        cells = json.loads(lesson.path.read_text(encoding="utf-8"))["cells"]
        if any(cell.get("metadata", {}).get("nbgrader", {}).get("grade") for cell in cells):
            found.append(lesson.path)
    return found


def autograded_ids(notebook: Path) -> list[str]:
    """grade_ids of the code cells nbgrader scores itself (markdown answers are graded by hand)."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    grading = [(cell["cell_type"], cell.get("metadata", {}).get("nbgrader", {})) for cell in cells]
    return [meta["grade_id"] for kind, meta in grading if kind == "code" and meta.get("grade")]


class Course:
    """A course directory with one assignment made of ``sources`` (the teacher's editions)."""

    def __init__(self, tmp: Path, sources: list[Path]):
        self.root = tmp / "course"
        self.sources = sources
        assignment = self.root / "source" / ASSIGNMENT
        assignment.mkdir(parents=True)
        for path in sources:
            shutil.copy(path, assignment / path.name)
        self.db = f"sqlite:///{self.root / 'gradebook.db'}"
        (self.root / "nbgrader_config.py").write_text(
            "c = get_config()\n"
            f"c.CourseDirectory.root = {str(self.root)!r}\n"
            "c.CourseDirectory.course_id = 'puzzlelab'\n"
            f"c.CourseDirectory.db_url = {self.db!r}\n"
            "c.Execute.timeout = 600\n"
        )
        self.env = dict(os.environ)
        self.env["PATH"] = f"{BIN}{os.pathsep}{self.env.get('PATH', '')}"  # nbgrader runs `alembic`
        isolated = {"JUPYTER_CONFIG_DIR": "cfg", "JUPYTER_DATA_DIR": "data", "IPYTHONDIR": "ipython",
                    "JUPYTER_RUNTIME_DIR": "runtime", "MPLCONFIGDIR": "mpl"}  # fmt: skip
        for var, sub in isolated.items():
            (tmp / sub).mkdir(exist_ok=True)
            self.env[var] = str(tmp / sub)

    def nbgrader(self, *args: str) -> str:
        done = subprocess.run([str(BIN / "nbgrader"), *args], cwd=self.root, env=self.env,
                              capture_output=True, text=True, timeout=1800)  # fmt: skip
        log = done.stdout + done.stderr
        assert done.returncode == 0, log[-4000:]
        assert "[ERROR]" not in log, log[-4000:]
        return log

    def submit(self, student: str, notebooks: dict[str, bytes]) -> None:
        folder = self.root / "submitted" / student / ASSIGNMENT
        folder.mkdir(parents=True)
        for name, data in notebooks.items():
            (folder / name).write_bytes(data)

    def scores(self, student: str) -> dict[str, tuple[float, float]]:
        """``grade_id -> (auto_score, max_score)`` of every autograded cell of ``student``."""
        from nbgrader.api import Gradebook

        found = {}
        with Gradebook(self.db, "puzzlelab") as gradebook:
            for path in self.sources:
                submitted = gradebook.find_submission_notebook(path.stem, ASSIGNMENT, student)
                for grade in submitted.grades:
                    if grade.cell_type == "code" and grade.max_score > 0:
                        found[grade.name] = (grade.auto_score, grade.max_score)
        return found


def visible(notebook: dict) -> list[tuple[str, str]]:
    return [(cell["cell_type"], cell_source(cell)) for cell in notebook["cells"]]


def round_trip(tmp: Path, sources: list[Path]) -> None:
    course = Course(tmp, sources)
    course.nbgrader("generate_assignment", ASSIGNMENT, "--force")

    # generate_assignment's release = what `python -m puzzlelab copy` writes, cell for cell
    copied = tmp / "copied"
    copy_lessons(copied, source=sources[0].parent, edition="student")
    for path in sources:
        release = json.loads((course.root / "release" / ASSIGNMENT / path.name).read_text(encoding="utf-8"))
        ours = json.loads((copied / path.name).read_text(encoding="utf-8"))
        assert visible(ours) == visible(release), path.name

    course.submit("teacher", {p.name: p.read_bytes() for p in sources})
    course.submit("student", {p.name: edition_bytes(p.read_bytes(), "student") for p in sources})
    course.nbgrader("autograde", ASSIGNMENT)
    for student in ["teacher", "student"]:
        for path in sources:
            assert (course.root / "autograded" / student / ASSIGNMENT / path.name).is_file()

    expected = [grade_id for path in sources for grade_id in autograded_ids(path)]
    teacher, student = course.scores("teacher"), course.scores("student")
    assert sorted(teacher) == sorted(student) == sorted(expected)
    assert {k: v for k, v in teacher.items() if v[0] != v[1]} == {}, "teacher's edition lost points"
    assert {k: v for k, v in student.items() if v[0] != 0} == {}, "untouched student edition scored"
    print(f"autograded {len(expected)} cells worth {sum(v[1] for v in teacher.values()):g} points")


@pytest.mark.slow  # two nbgrader runs and two kernels: ~20 s of CPU even for one small notebook
def test_round_trip_on_the_fixture_lesson(tmp_path):
    source = write_fixture(tmp_path / "lessons")
    round_trip(tmp_path, [source])


#: The lessons whose round trip runs in ``make test`` (each runs twice under nbgrader, so all
#: seven would add several minutes); PUZZLELAB_NBGRADER_ALL=1 runs every marked lesson.
QUICK_LESSONS = ("00", "03")


def chosen_lessons() -> list[Path]:
    lessons = graded_lessons()
    if os.environ.get("PUZZLELAB_NBGRADER_ALL") == "1":
        return lessons
    return [path for path in lessons if path.name[:2] in QUICK_LESSONS]


@pytest.mark.slow
@pytest.mark.parametrize("lesson", chosen_lessons(), ids=lambda p: p.stem)
def test_round_trip_on_a_real_lesson(tmp_path, lesson):
    folder = tmp_path / "lessons"
    folder.mkdir()
    shutil.copy(lesson, folder / lesson.name)
    round_trip(tmp_path, [folder / lesson.name])


def test_the_quick_lessons_carry_marks():
    assert {path.name[:2] for path in graded_lessons()} >= set(QUICK_LESSONS)
