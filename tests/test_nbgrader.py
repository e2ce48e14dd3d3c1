"""The course's README followed as written, with the real nbgrader and three made-up students.

``python -m puzzlelab course DIR`` writes the course and its README; the test runs every
``sh`` block of the README in order, in DIR (the lesson chosen by its ``export LESSON=``
line), and between "release" and "collect" plays three students with the student commands
the README names (``nbgrader fetch_assignment`` ... ``nbgrader submit``), each with their own
nbgrader config (the exchange and their id, as a JupyterHub gives them):

- ``perfect`` hands in the teacher's solutions, having deleted its last check cell (the course's
  config puts it back, so the points stay),
- ``partial`` the solutions of every other exercise (the first, the third, ...),
- ``untouched`` the release as fetched.

Then each student's points in the exported ``grades.csv`` are those the notebooks' nbgrader
metadata say they earn (a check cell's points when its exercise is solved; written answers
count 0 until hand-graded), feedback reaches each student, autograde warns about no check
cell ("checksum has changed", nbgrader issue #1961), and the release is cell for cell the
student edition ``python -m puzzlelab copy`` writes, check cells locked.

Slow (nbgrader runs a kernel per submission): a small fixture lesson and lesson 00 by default;
PUZZLELAB_NBGRADER_ALL=1 runs every lesson (several minutes each for the larger ones).
"""

from __future__ import annotations

import csv
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from course_fixture import write_fixture

from puzzlelab import __main__ as cli
from puzzlelab.course import COURSE_ID, assignment_name, course_files
from puzzlelab.editions import edition_bytes, student_edition
from puzzlelab.lessons import list_lessons

pytest.importorskip("nbgrader", reason='nbgrader is in the "teach" extra')

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
STUDENTS = ("perfect", "partial", "untouched")
#: The teacher's nbgrader commands, in the order the README gives them.
TEACHER_STEPS = ["generate_assignment", "release_assignment", "collect", "autograde",
                 "generate_feedback", "release_feedback", "export"]  # fmt: skip
#: nbgrader metadata computed by nbgrader itself, absent from ``copy``'s student edition.
CACHED = ("checksum", "cell_type")


# -- what the README says ------------------------------------------------------------------
def sh_blocks(readme: str) -> list[str]:
    """The ``sh`` code blocks of the README, in order."""
    return re.findall(r"^```sh\n(.*?)^```$", readme, flags=re.S | re.M)


def student_commands(readme: str) -> dict[str, str]:
    """The student commands the README names (``nbgrader submit lesson00 --course puzzlelab``),
    by subcommand, with the example lesson left as ``lesson00``."""
    found = re.findall(r"`(nbgrader (\w+) lesson00 --course \w+)`", readme)
    return {sub: command for command, sub in found}


def nbgrader_subcommands(blocks: list[str]) -> list[str]:
    return [m for block in blocks for m in re.findall(r"^nbgrader (\w+)", block, flags=re.M)]


# -- what the notebooks say each student earns ---------------------------------------------
def grading(cell: dict) -> dict:
    return cell.get("metadata", {}).get("nbgrader", {})


def exercises(notebook: dict) -> list[tuple[list[str], str, float]]:
    """Each autograded check as ``(solution grade_ids it checks, its grade_id, its points)``:
    the code answers written between the previous check and this one."""
    found, answers = [], []
    for cell in notebook["cells"]:
        meta = grading(cell)
        if cell["cell_type"] == "code" and meta.get("solution"):
            answers.append(meta["grade_id"])
        elif cell["cell_type"] == "code" and meta.get("grade"):
            found.append((answers, meta["grade_id"], float(meta["points"])))
            answers = []
    return found


def solved_by(student: str, notebook: dict) -> set[str]:
    """grade_ids of the code answers ``student`` hands in solved."""
    checks = exercises(notebook)
    if student == "perfect":
        return {answer for answers, _, _ in checks for answer in answers}
    if student == "partial":
        return {answer for answers, _, _ in checks[::2] for answer in answers}
    return set()


def expected_points(student: str, notebook: dict) -> float:
    """A check's points when every answer before it is solved; written answers count 0 until a
    person grades them, and an untouched one is 0."""
    solved = solved_by(student, notebook)
    return sum(points for answers, _, points in exercises(notebook) if set(answers) <= solved)


def max_points(notebook: dict) -> float:
    return sum(float(grading(cell)["points"]) for cell in notebook["cells"] if grading(cell).get("grade"))


def hand_in(release: dict, teacher: dict, solved: set[str], *, delete_last_check: bool = False) -> dict:
    """The fetched release with the teacher's answers written into the ``solved`` cells (and
    its last check cell deleted, which the course's config puts back before grading)."""
    answers = {grading(cell).get("grade_id"): cell["source"] for cell in teacher["cells"]}
    notebook = json.loads(json.dumps(release))
    for cell in notebook["cells"]:
        if grading(cell).get("grade_id") in solved:
            cell["source"] = answers[grading(cell)["grade_id"]]
    if delete_last_check:
        last = exercises(notebook)[-1][1]
        notebook["cells"] = [cell for cell in notebook["cells"] if grading(cell).get("grade_id") != last]
    return notebook


# -- running the steps -----------------------------------------------------------------------
class Runner:
    """Runs shell commands with the venv's nbgrader (and ``alembic``) first on PATH, Jupyter's
    folders isolated in ``tmp``, and one nbgrader config per student."""

    def __init__(self, tmp: Path, course: Path, lesson: str):
        self.tmp, self.course, self.lesson = tmp, course, lesson
        self.env = dict(os.environ)
        self.env["PATH"] = f"{BIN}{os.pathsep}{self.env.get('PATH', '')}"
        for var in [
            "JUPYTER_CONFIG_DIR",
            "JUPYTER_DATA_DIR",
            "IPYTHONDIR",
            "JUPYTER_RUNTIME_DIR",
            "MPLCONFIGDIR",
        ]:
            (tmp / "jupyter" / var).mkdir(parents=True, exist_ok=True)
            self.env[var] = str(tmp / "jupyter" / var)
        self.log = ""

    def run(self, script: str, cwd: Path, env: dict | None = None) -> str:
        done = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=cwd, env=env or self.env,
                              capture_output=True, text=True, timeout=3600)  # fmt: skip
        output = done.stdout + done.stderr
        self.log += output
        assert done.returncode == 0, f"{script}\n{output[-4000:]}"
        assert "[ERROR]" not in output, f"{script}\n{output[-4000:]}"
        return output

    def as_student(self, student: str, script: str) -> str:
        home = self.tmp / "students" / student
        config = home / "jupyter"
        config.mkdir(parents=True, exist_ok=True)
        (config / "nbgrader_config.py").write_text(  # what a JupyterHub's admin sets for each user
            f"c = get_config()\nc.Exchange.root = {str(self.course / 'exchange')!r}\n"
            f"c.CourseDirectory.student_id = {student!r}\n"
        )
        return self.run(script, home, {**self.env, "JUPYTER_CONFIG_DIR": str(config)})


def follow_the_readme(tmp: Path, lessons: Path, lesson: str, lang: str = "en") -> dict:
    """Lay out the course from ``lessons`` (in ``lang``) and follow its README for lesson ``lesson``."""
    course = tmp / "course"
    assert cli.main(["course", str(course), "--lang", lang], source=lessons) == 0
    readme = (course / "README.md").read_text(encoding="utf-8")
    blocks = sh_blocks(readme)
    assert nbgrader_subcommands(blocks) == TEACHER_STEPS
    assignment = assignment_name(lesson)
    choose = blocks.pop(0)
    assert re.fullmatch(r"export LESSON=lesson\d\d\n", choose), choose
    choose = f"export LESSON={assignment}\n"  # the one thing a teacher changes in the steps
    runner = Runner(tmp, course, assignment)
    [notebook_path] = sorted((course / "source" / assignment).glob("*.ipynb"))
    teacher = json.loads(notebook_path.read_text(encoding="utf-8"))
    students = {
        sub: command.replace("lesson00", assignment) for sub, command in student_commands(readme).items()
    }
    timings = {}
    for block in blocks:
        start = time.monotonic()
        runner.run(choose + block, course)
        timings[block.split()[1]] = time.monotonic() - start
        if "release_assignment" in block:
            for student in STUDENTS:
                runner.as_student(student, students["fetch_assignment"])
                fetched = tmp / "students" / student / assignment / notebook_path.name
                release = json.loads(fetched.read_text(encoding="utf-8"))
                solved = solved_by(student, teacher)
                answered = hand_in(release, teacher, solved, delete_last_check=student == "perfect")
                fetched.write_text(json.dumps(answered))
                runner.as_student(student, students["submit"])
    for student in STUDENTS:
        runner.as_student(student, students["fetch_feedback"])
    return {"course": course, "teacher": teacher, "notebook": notebook_path.name, "runner": runner,
            "assignment": assignment, "timings": timings}  # fmt: skip


def check_the_round_trip(done: dict, lessons: Path) -> dict[str, float]:
    course, teacher, assignment = done["course"], done["teacher"], done["assignment"]
    with open(course / "grades.csv", newline="") as f:
        rows = {row["student_id"]: row for row in csv.DictReader(f) if row["assignment"] == assignment}
    got = {student: float(rows[student]["score"]) for student in STUDENTS}
    want = {student: expected_points(student, teacher) for student in STUDENTS}
    assert got == want
    if sum(1 for _, _, points in exercises(teacher) if points) >= 2:
        assert want["perfect"] > want["partial"] > want["untouched"] == 0
    else:  # one check carries the points (lesson 01: the rest are practice, worth 0)
        assert want["perfect"] > want["untouched"] == 0
    assert {float(rows[student]["max_score"]) for student in STUDENTS} == {max_points(teacher)}
    for student in STUDENTS:  # feedback reached each student through the exchange
        assert list((done["runner"].tmp / "students" / student / assignment / "feedback").rglob("*.html"))
    assert "has changed" not in done["runner"].log  # nbgrader issue #1961, and no student changed a check
    # the check cell "perfect" deleted was put back, and graded: full points all the same
    assert re.findall(r"Missing grade cell (\w+)", done["runner"].log) == [exercises(teacher)[-1][1]]

    # the release is `copy`'s student edition, cell for cell, check cells locked
    release = json.loads((course / "release" / assignment / done["notebook"]).read_text(encoding="utf-8"))
    copied = json.loads(edition_bytes((lessons / done["notebook"]).read_bytes(), "student"))
    assert without_cached(release) == without_cached(copied)
    for cell in release["cells"]:
        meta = grading(cell)
        if meta.get("grade") and not meta.get("solution"):
            assert (cell["metadata"]["editable"], cell["metadata"]["deletable"], meta["locked"]) == (
                False,
                False,
                True,
            )
        elif meta.get("solution"):
            assert cell["metadata"]["deletable"] is False
    timings = ", ".join(f"{step} {seconds:.0f} s" for step, seconds in done["timings"].items())
    print(f"{assignment}: points {got} of {max_points(teacher):g}; {timings}")
    return got


def without_cached(notebook: dict) -> dict:
    """The notebook as nbformat reads it (lines joined), without nbgrader's cached metadata."""
    import nbformat

    notebook = json.loads(json.dumps(nbformat.reads(json.dumps(notebook), as_version=4)))
    for cell in notebook["cells"]:
        for key in CACHED:
            grading(cell).pop(key, None)
    return notebook


# -- the tests ------------------------------------------------------------------------------
@pytest.mark.slow  # nbgrader and three kernels: about a minute of CPU for the small fixture
def test_the_readme_grades_three_students_on_the_fixture_lesson(tmp_path):
    lessons = write_fixture(tmp_path / "lessons").parent
    check_the_round_trip(follow_the_readme(tmp_path, lessons, "09"), lessons)


def chosen_lessons() -> list[str]:
    numbers = [lesson.number for lesson in list_lessons(source=ROOT / "notebooks")]
    return numbers if os.environ.get("PUZZLELAB_NBGRADER_ALL") == "1" else numbers[:1]


@pytest.mark.slow
@pytest.mark.parametrize("number", chosen_lessons())
def test_the_readme_grades_three_students_on_a_real_lesson(tmp_path, number):
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    [lesson] = [lesson for lesson in list_lessons(source=ROOT / "notebooks") if lesson.number == number]
    shutil.copy(lesson.path, lessons / lesson.path.name)
    check_the_round_trip(follow_the_readme(tmp_path, lessons, number), lessons)


def chosen_chinese_lessons() -> list[str]:
    numbers = [lesson.number for lesson in list_lessons(source=ROOT / "notebooks", lang="zh-CN")]
    return numbers if os.environ.get("PUZZLELAB_NBGRADER_ALL") == "1" else numbers[:1]


@pytest.mark.slow
@pytest.mark.parametrize("number", chosen_chinese_lessons())
def test_the_chinese_edition_is_graded_with_the_english_points(tmp_path, number):
    """`course --lang zh-CN` from the Chinese lesson: the same round trip, and each student gets
    the points the English lesson's checks give (the same grade ids, points and total)."""
    lessons = tmp_path / "lessons"
    (lessons / "zh-CN").mkdir(parents=True)
    [english] = [lesson for lesson in list_lessons(source=ROOT / "notebooks") if lesson.number == number]
    shutil.copy(english.path, lessons / english.path.name)
    shutil.copy(ROOT / "notebooks" / "zh-CN" / english.path.name, lessons / "zh-CN" / english.path.name)
    done = follow_the_readme(tmp_path, lessons, number, lang="zh-CN")
    title = "".join(done["teacher"]["cells"][0]["source"])
    assert re.search(r"[\u4e00-\u9fff]", title), title  # the course holds the Chinese lesson
    got = check_the_round_trip(done, lessons / "zh-CN")
    source = json.loads(english.path.read_text(encoding="utf-8"))
    assert exercises(done["teacher"]) == exercises(source)  # same checks, grade ids and points
    assert got == {student: expected_points(student, source) for student in STUDENTS}
    assert max_points(done["teacher"]) == max_points(source)


# -- quick checks of the course's files (no nbgrader run) -------------------------------------
def test_every_real_lesson_has_checks_and_answers():
    for lesson in list_lessons(source=ROOT / "notebooks"):
        notebook = json.loads(lesson.path.read_text(encoding="utf-8"))
        checks = exercises(notebook)
        assert len(checks) >= 2, lesson.name  # so "partial" is neither perfect nor untouched
        assert all(answers for answers, _, _ in checks), lesson.name  # each check follows its answer


def test_the_readme_names_every_step_and_no_command_nbgrader_lacks():
    readme = course_files(ROOT / "notebooks")["README.md"].decode()
    assert nbgrader_subcommands(sh_blocks(readme)) == TEACHER_STEPS
    assert set(student_commands(readme)) == {"fetch_assignment", "submit", "fetch_feedback"}
    from nbgrader.apps import NbGraderApp

    known = set(NbGraderApp.subcommands)
    used = set(re.findall(r"`nbgrader (\w+)", readme)) | set(TEACHER_STEPS)
    assert used <= known, used - known
    assert "formgrader" not in known  # nbgrader 0.9: the formgrader is JupyterLab's Nbgrader menu
    assert "Nbgrader* menu" in readme
    assert f'course_id = "{COURSE_ID}"' in course_files(ROOT / "notebooks")["nbgrader_config.py"].decode()


def test_the_expected_points_follow_the_metadata():
    notebook = student_edition(json.loads(write_fixture_json()))
    assert [points for _, _, points in exercises(notebook)] == [2.0, 3.0]
    assert [expected_points(s, notebook) for s in STUDENTS] == [5.0, 2.0, 0.0]
    assert max_points(notebook) == 6.0  # the written answer's point included


def write_fixture_json() -> str:
    from course_fixture import fixture_notebook

    return json.dumps(fixture_notebook())


def test_the_guides_grading_steps_are_the_course_readmes():
    """notebooks/README.md's grading section gives the README's commands, in its order."""
    from nbgrader.apps import NbGraderApp

    guide = (ROOT / "notebooks" / "README.md").read_text(encoding="utf-8")
    section = guide[guide.index("## Grading with nbgrader") :].split("\n## ", 1)[0]
    commands = re.findall(r"`nbgrader (\w+)", section)
    assert [c for c in commands if c in TEACHER_STEPS] == TEACHER_STEPS
    assert set(commands) <= set(NbGraderApp.subcommands)
    assert "python -m puzzlelab course DIR" in section
    assert "#1961" in section


def test_autograde_warns_about_a_changed_check_cell_only():
    """OverwriteCellsQuietly against plain nbgrader (issue #1961), with a stand-in gradebook."""
    import nbformat
    from nbgrader import utils
    from nbgrader.preprocessors import OverwriteCells

    from puzzlelab.nbgrader_plugins import OverwriteCellsQuietly, released_source

    teachers = "check(f)\n### BEGIN HIDDEN TESTS\ncheck(f, hidden=True)\n### END HIDDEN TESTS"
    grading = {"grade": True, "grade_id": "c", "locked": True, "points": 2, "solution": False}
    checksum = utils.compute_checksum(nbformat.v4.new_code_cell(teachers, metadata={"nbgrader": grading}))

    stored = SimpleNamespace(name="c", source=teachers, locked=True, cell_type="code", checksum=checksum,
                             max_score=2)  # fmt: skip

    class Gradebook:
        def find_source_cell(self, *args):
            return stored

        def find_graded_cell(self, *args):
            return stored

    def autograde(kind, submitted: str) -> tuple[str, list]:
        step, warnings = kind(), []
        step.gradebook, step.notebook_id, step.assignment_id = Gradebook(), "nb", "a"
        step.report_change = lambda *args: warnings.append(args)
        cell = nbformat.v4.new_code_cell(submitted, metadata={"nbgrader": dict(grading)})
        cell, _ = step.preprocess_cell(cell, {}, 0)
        return cell.source, warnings

    released = released_source(teachers)
    assert released == "check(f)"
    assert autograde(OverwriteCells, released)[1] != []  # plain nbgrader: a warning for nothing
    assert autograde(OverwriteCellsQuietly, released) == (teachers, [])
    source, warnings = autograde(OverwriteCellsQuietly, "pass  # no check at all")
    assert source == teachers  # graded as the teacher wrote it
    assert [w[1] for w in warnings] == ["checksum"]
