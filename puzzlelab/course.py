"""An nbgrader course made from the lessons: one assignment per lesson, its config, its steps.

``python -m puzzlelab course DIR`` (or :func:`make_course`) writes::

    DIR/README.md                     the steps, from generating a lesson to exporting grades
    DIR/nbgrader_config.py            the course's settings (see below)
    DIR/source/lesson00/00_play.ipynb the teacher's edition of lesson 00, and GLOSSARY.md
    DIR/source/lesson01/...           one assignment per lesson

``lang="zh-CN"`` (``--lang zh-CN``) makes the course of the Chinese lessons: the same
assignments, cells, grade ids and points.

The notebooks in ``source/`` are the course edition (:func:`puzzlelab.editions.course_edition`):
the teacher's edition with check cells locked and without the saved widget state. The config
makes ``nbgrader generate_assignment`` keep the pictures of ``keep-output`` cells, so the
release holds the same cells as ``python -m puzzlelab copy``; makes ``autograde`` put back a
check cell a student deleted and stay quiet about untouched hidden-test cells
(:mod:`puzzlelab.nbgrader_plugins`).

Nothing else in ``DIR`` (the gradebook, submissions, feedback) is ever touched. A file this
writes that differs from what is there is refused unless ``force=True``; the lessons'
own folder is refused as ``DIR`` whatever ``force`` says.

This module imports only the standard library.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .editions import course_edition, notebook_bytes, read_notebook
from .i18n import DEFAULT_LANGUAGE
from .lessons import COMPANIONS, check_destination, check_language, list_lessons, make_dirs, write_atomically

__all__ = ["COURSE_ID", "CourseReport", "assignment_name", "course_files", "make_course"]

COURSE_ID = "puzzlelab"

CONFIG = '''\
"""nbgrader's settings for this puzzlelab course (written by `python -m puzzlelab course`)."""

import os

from puzzlelab.nbgrader_plugins import configure

c = get_config()  # noqa: F821 (nbgrader provides it)
HERE = os.path.dirname(os.path.abspath(__file__))

c.CourseDirectory.root = HERE
c.CourseDirectory.course_id = "puzzlelab"
# The folder teacher and students share to release and collect assignments (nbgrader's
# "exchange"). On a JupyterHub, use one every user can reach, such as /srv/nbgrader/exchange,
# and set the same root in the students' nbgrader config.
c.Exchange.root = os.path.join(HERE, "exchange")
# A lesson's slowest check takes seconds; a student's endless loop stops here.
c.Execute.timeout = 600
# A check cell deleted from a submission is put back (as the teacher wrote it) and graded.
c.OverwriteCells.add_missing_cells = True
# The release keeps the pictures of cells tagged keep-output (as `python -m puzzlelab copy`
# does) and no widget state; autograde is quiet about untouched hidden-test cells.
configure(c)
'''

README = """\
# puzzlelab course: grading the lessons with nbgrader

Written by `python -m puzzlelab course`. One assignment per lesson: {assignments}.
`source/<assignment>/` holds the teacher's edition (solutions, hidden tests, check cells
locked); `nbgrader_config.py` holds the course's settings. nbgrader comes with
`pip install "puzzlelab[teach]"`; it runs the `alembic` executable, so activate the
environment it is installed in (or put that environment's `bin/` on `PATH`).

Run every command in this folder. puzzlelab's tests follow these steps as they are written
(tests/test_nbgrader.py in its repository), with three made-up students: one hands in the
teacher's solutions, one half of them, one the untouched student edition.

## 1. Choose the lesson

Each step works on one lesson: set `LESSON` to it (one of the assignments above).

```sh
export LESSON=lesson00
```

## 2. Generate the student version

```sh
nbgrader generate_assignment "$LESSON"
```

`release/$LESSON/` now holds what students get: solutions replaced by
`raise NotImplementedError()`, hidden tests removed, outputs cleared except the pictures a
lesson shows before anything runs. These are the same cells as `python -m puzzlelab copy`
writes. Check cells can be neither edited nor deleted; answer cells cannot be deleted.

## 3. Release it

```sh
nbgrader release_assignment "$LESSON"
```

This puts the release in the exchange (the folder `c.Exchange.root` in
`nbgrader_config.py` names; on a JupyterHub, make it one every user can reach). Students
fetch it from the *Assignments* tab of JupyterLab, or with
`nbgrader fetch_assignment lesson00 --course puzzlelab`
(their lesson in place of lesson00), work, and submit it there, or with
`nbgrader submit lesson00 --course puzzlelab`.

Without a shared exchange (an LMS, e-mail, a USB stick): hand out the files in
`release/$LESSON/`, and put each notebook a student returns in
`submitted/<student id>/$LESSON/`, under its own name; then skip step 4.

## 4. Collect the submissions

```sh
nbgrader collect "$LESSON"
```

This copies every submission from the exchange to `submitted/<student id>/$LESSON/`.

## 5. Autograde

```sh
nbgrader autograde "$LESSON"
```

nbgrader runs each submission in a fresh kernel. Each check cell gives its points when it
prints "correct", none when it raises (a wrong answer, or "not answered yet"); the hidden
tests run more cases. nbgrader grades every check cell as the teacher wrote it, even one a
student changed or deleted.

About nbgrader's warning "Attribute 'checksum' for cell ... has changed!": with plain
nbgrader it is printed for every check cell with hidden tests, on every submission, because
nbgrader records the cell with its hidden tests in and the student's copy has them removed
(nbgrader issue #1961). This course's config silences it for a check cell that is exactly
as released, so when you see it, the student really changed that cell (nbgrader then
grades the cell as you wrote it).

## 6. Grade the written answers by hand

The "in words" answers are Markdown cells that only a person can grade; until then they count
0 points. Start JupyterLab in this folder (`jupyter lab`), open the *Nbgrader* menu, choose
*Formgrader*, then *Manual Grading*, the lesson, and each submission: give each written
answer its points, and a comment if you like. (nbgrader 0.9 has no formgrader
command: the formgrader lives inside JupyterLab.) An answer left as "YOUR ANSWER HERE" was
given 0 already.

## 7. Feedback for the students

```sh
nbgrader generate_feedback "$LESSON"
nbgrader release_feedback "$LESSON"
```

`generate_feedback` writes one HTML page per student in `feedback/<student id>/$LESSON/`,
with their points and the checks' messages, from the grades given so far (autograde and your
hand grading); it grades nothing itself, so run it after step 6. `release_feedback` puts
the pages in the exchange, where students fetch them from the *Assignments* tab, or with
`nbgrader fetch_feedback lesson00 --course puzzlelab`;
without an exchange, send them the HTML files.

## 8. Export the grades

```sh
nbgrader export --to grades.csv
```

`grades.csv` has one row per student and assignment: `raw_score` and `score` (the points,
autograde plus hand grading) out of `max_score` (all the lesson's points, written answers
included).
"""


def assignment_name(number: str) -> str:
    """The nbgrader assignment of lesson ``number``: ``"03"`` -> ``"lesson03"``."""
    return f"lesson{number}"


def course_files(source: Path | str | None = None, lang: str = DEFAULT_LANGUAGE) -> dict[str, bytes]:
    """Every file :func:`make_course` writes, by its path inside the course folder (``lang``: the
    lessons' language, ``"en"`` or ``"zh-CN"``; the assignments and their points are the same)."""
    lessons = list_lessons(source=source, lang=check_language(lang))
    if not lessons:
        raise FileNotFoundError(f"source: no lesson notebooks (NN_name.ipynb) in {source}")
    files: dict[str, bytes] = {}
    for lesson in lessons:
        folder = f"source/{assignment_name(lesson.number)}"
        try:
            notebook = read_notebook(lesson.path.read_bytes())
        except ValueError as error:
            raise ValueError(f"source: {lesson.path} is {error}") from None
        files[f"{folder}/{lesson.path.name}"] = notebook_bytes(course_edition(notebook))
        for name in COMPANIONS:
            companion = lesson.path.parent / name
            if companion.is_file():
                files[f"{folder}/{name}"] = companion.read_bytes()
    names = ", ".join(f"`{assignment_name(lesson.number)}`" for lesson in lessons)
    files["README.md"] = README.format(assignments=names).encode()
    files["nbgrader_config.py"] = CONFIG.encode()
    return files


@dataclass(frozen=True)
class CourseReport:
    """What :func:`make_course` did, by path inside the course folder."""

    root: Path
    written: tuple[str, ...] = ()
    unchanged: tuple[str, ...] = ()

    def summary(self) -> str:
        """A few plain sentences for the command line."""
        lines = [f"nbgrader course in {self.root}:"]
        if self.written:
            lines.append(
                f"  wrote {len(self.written)} files (assignments in source/, nbgrader_config.py, README.md)"
            )
        if self.unchanged:
            lines.append(f"  {len(self.unchanged)} files already up to date")
        lines.append(f"Next: follow {self.root / 'README.md'} (generate, release, collect, autograde, ...).")
        return "\n".join(lines)


def make_course(
    directory: Path | str,
    *,
    source: Path | str | None = None,
    force: bool = False,
    lang: str = DEFAULT_LANGUAGE,
) -> CourseReport:
    """Lay out an nbgrader course in ``directory``: one assignment per lesson from ``source``
    (default: the installed lessons) in ``lang`` (``"en"``, or ``"zh-CN"``: the Chinese lessons,
    graded with the same points), ``nbgrader_config.py`` and ``README.md``.

    A file already there that differs from what would be written is refused
    (``FileExistsError`` listing them, nothing written) unless ``force=True``; nothing
    else in ``directory`` is touched.
    """
    if not isinstance(force, bool):
        raise TypeError(f"force must be True or False, not {force!r}")
    root = check_destination(directory, source=source)
    files = course_files(source, lang)
    unchanged = [
        name for name, data in files.items() if (root / name).is_file() and (root / name).read_bytes() == data
    ]
    clashes = [name for name in files if (root / name).exists() and name not in unchanged]
    if clashes and not force:
        raise FileExistsError(
            f"{root} already has {', '.join(clashes)}, different from what the course would write; "
            "nothing was written (force=True, --force on the command line, replaces them)"
        )
    written = [name for name in files if name not in unchanged]
    for name in written:
        make_dirs((root / name).parent)
        write_atomically(root / name, files[name])
    return CourseReport(root.resolve(), tuple(written), tuple(unchanged))
