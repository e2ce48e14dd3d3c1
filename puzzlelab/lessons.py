"""The lesson notebooks that ship with puzzlelab: list them, find one by name, copy them.

A lesson is a notebook named ``NN_slug.ipynb`` (``01_shuffling.ipynb``). An
installed wheel carries them in ``puzzlelab/notebooks/`` (copied there at build
time from the repository's ``notebooks/``, the only committed copy); a source
checkout uses the repository's ``notebooks/`` directly.

Each lesson comes in two languages: English (``notebooks/``, the source) and Simplified
Chinese (``notebooks/zh-CN/``, built from the English and ``translations/zh-CN/``; see
:mod:`puzzlelab.translation`). ``lang="zh-CN"`` picks the Chinese lessons, with the same
names, editions and points.

Copying writes one of the two editions (see :mod:`puzzlelab.editions`): the
student edition (exercises as stubs, outputs cleared) by default, the teacher's
edition (the source as it is) on request. Files are written readable by others
(0644, folders 0755), whatever the umask, so a shared class folder works.
Copying never overwrites a student's edited copy: the destination keeps a small
record (``.puzzlelab-lessons.json``) of what was last copied, so an untouched
copy is brought up to date and an edited one is kept unless ``force=True``.
Nor does it ever overwrite the teacher's edition, whatever ``force`` says: it
refuses the lessons' own folder as the destination, and any destination where
the student edition would replace a notebook holding solutions.

>>> lesson_key("01_shuffling.ipynb")
('01', 'shuffling')
>>> lesson_key("notes.ipynb") is None
True

This module imports only the standard library: the command line
(``python -m puzzlelab``) works before numpy or Jupyter are imported.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from .editions import EDITIONS, SOLUTION_MARK, edition_bytes, has_solutions
from .i18n import DEFAULT_LANGUAGE, LANGUAGES

__all__ = [
    "APPS",
    "MANIFEST_NAME",
    "CopyReport",
    "Lesson",
    "check_destination",
    "check_language",
    "copy_lessons",
    "find_app",
    "find_lesson",
    "language_dir",
    "lesson_dir",
    "lesson_key",
    "list_lessons",
    "make_dirs",
    "write_atomically",
]

#: Where ``copy_lessons`` records the hash of each lesson it wrote.
MANIFEST_NAME = ".puzzlelab-lessons.json"
_LESSON_NAME = re.compile(r"^(?P<number>\d{2})_(?P<slug>[a-z0-9][a-z0-9_]*)\.ipynb$")
_PACKAGE_DIR = Path(__file__).resolve().parent
FILE_MODE, DIR_MODE = 0o644, 0o755  # readable by others: a shared class folder must work
#: Files the lessons refer to "next to this notebook", copied with them as they are.
COMPANIONS = ("GLOSSARY.md",)


# -- where the lessons are ----------------------------------------------------------
def packaged_dir() -> Path:
    """The lessons inside an installed wheel (absent in a source checkout)."""
    return _PACKAGE_DIR / "notebooks"


def checkout_dir() -> Path:
    """The repository's ``notebooks/`` when puzzlelab runs from a source checkout."""
    return _PACKAGE_DIR.parent / "notebooks"


def _has_lessons(folder: Path) -> bool:
    return folder.is_dir() and any(lesson_key(p.name) for p in folder.glob("*.ipynb"))


def _is_checkout(folder: Path) -> bool:
    return (folder.parent / "pyproject.toml").is_file() and (folder.parent / "puzzlelab").is_dir()


def check_language(lang: object) -> str:
    """``lang`` as one of the course's languages (``"en"``, ``"zh-CN"``; ``"zh"`` and ``"zh_CN"``
    are accepted): ``TypeError``/``ValueError`` naming ``lang`` otherwise."""
    if not isinstance(lang, str):
        raise TypeError(f"lang must be a string such as 'en' or 'zh-CN', not {type(lang).__name__}")
    wanted = lang.strip().replace("_", "-").lower()
    for known in LANGUAGES:
        if wanted == known.lower() or (wanted == "zh" and known == "zh-CN"):
            return known
    raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}, not {lang!r}")


def language_dir(folder: Path, lang: str = DEFAULT_LANGUAGE) -> Path:
    """Where the ``lang`` lessons of a lesson folder are: the folder itself for English, its
    ``zh-CN/`` subfolder for Chinese."""
    lang = check_language(lang)
    return folder if lang == DEFAULT_LANGUAGE else folder / lang


def lesson_dir(lang: str = DEFAULT_LANGUAGE) -> Path:
    """The folder holding the lesson notebooks in ``lang``: the wheel's copy, else the checkout's.

    Raises ``FileNotFoundError`` naming both places when neither has a lesson.
    """
    packaged, checkout = language_dir(packaged_dir(), lang), language_dir(checkout_dir(), lang)
    if _has_lessons(packaged):
        return packaged
    if _is_checkout(checkout_dir()) and _has_lessons(checkout):
        return checkout
    which = "" if lang == DEFAULT_LANGUAGE else f"{check_language(lang)} "
    build = "" if lang == DEFAULT_LANGUAGE else " (in a checkout, build them with: make notebooks-zh)"
    raise FileNotFoundError(
        f"no {which}lesson notebooks found in {packaged} (installed wheel) "
        f"or {checkout} (source checkout); reinstall puzzlelab from a wheel{build}"
    )


# -- naming -------------------------------------------------------------------------
def lesson_key(filename: str) -> tuple[str, str] | None:
    """``(number, slug)`` of a lesson file name, or None if it is not a lesson."""
    match = _LESSON_NAME.match(filename)
    return (match["number"], match["slug"]) if match else None


@dataclass(frozen=True)
class Lesson:
    """One lesson notebook: ``number`` ("01"), ``slug`` ("shuffling") and its ``path``."""

    number: str
    slug: str
    path: Path

    @property
    def name(self) -> str:
        """The file name without ``.ipynb``: ``"01_shuffling"``."""
        return f"{self.number}_{self.slug}"

    @property
    def title(self) -> str:
        """The first Markdown heading of the notebook (its slug if it has none)."""
        return _first_heading(self.path) or self.slug.replace("_", " ")

    def matches(self, name: str) -> bool:
        """True if ``name`` is this lesson's number, slug or file name (any case, - or _)."""
        wanted = _normalise(name)
        if wanted.isdigit():
            return int(wanted) == int(self.number)
        return wanted in {self.slug, self.name}


def _normalise(name: str) -> str:
    name = name.strip().lower().replace("-", "_").replace(" ", "_")
    return name.removesuffix(".ipynb")


def _first_heading(path: Path) -> str | None:
    cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
    for cell in cells:
        if cell.get("cell_type") != "markdown":
            continue
        for line in "".join(cell.get("source", [])).splitlines():
            if line.startswith("#"):
                return line.lstrip("#").strip()
    return None


def list_lessons(*, source: Path | str | None = None, lang: str = DEFAULT_LANGUAGE) -> list[Lesson]:
    """Every lesson in ``lang`` in ``source`` (default: ``lesson_dir()``; the Chinese lessons are
    in its ``zh-CN/`` subfolder), in lesson order.

    Other files in the folder (``scratch.ipynb``, data files) are not lessons.
    """
    given = _path_argument(source, "source") if source is not None else None
    folder = language_dir(given, lang) if given is not None else lesson_dir(lang)
    if not folder.is_dir():
        raise FileNotFoundError(f"source: lesson folder {folder} does not exist")
    found = ((lesson_key(p.name), p) for p in sorted(folder.glob("*.ipynb")))
    return [Lesson(key[0], key[1], path) for key, path in found if key]


def _looks_like_path(name: str) -> bool:
    return name.endswith(".ipynb") and (os.sep in name or "/" in name or Path(name).is_file())


def find_lesson(name: str, *, source: Path | str | None = None) -> Path:
    """The notebook a student means by ``name``: "01", "1", "shuffling", "01_shuffling",
    "01_shuffling.ipynb", or the path of any existing notebook.

    Unknown names raise ``ValueError`` listing the lessons there are.
    """
    if not isinstance(name, str):
        raise TypeError(f"a lesson name must be a string, not {type(name).__name__}")
    if _looks_like_path(name):
        path = Path(name).expanduser()
        if not path.is_file():
            raise ValueError(f"no notebook at {path}")
        return path.resolve()
    lessons = list_lessons(source=source)
    for lesson in lessons:
        if lesson.matches(name):
            return lesson.path
    known = ", ".join(lesson.name for lesson in lessons) or "(none)"
    raise ValueError(
        f"unknown lesson {name!r}; the lessons are: {known} "
        "(give a number such as 01, a name such as shuffling, or a notebook's path)"
    )


# -- apps: one short dashboard per topic --------------------------------------------
#: The dashboards ``python -m puzzlelab app`` opens (``puzzlelab/apps/NAME.ipynb``): the topic's
#: live widget and a few sentences, nothing else to run. A lesson's name opens its topic's app.
APPS = {
    "play": "play",
    "shuffles": "shuffling",
    "parity": "parity",
    "search": "search",
    "weights": "weights",
}


def app_dir() -> Path:
    """The folder of the app dashboards shipped in the package."""
    return Path(__file__).resolve().parent / "apps"


def find_app(name: str, *, source: Path | str | None = None) -> Path:
    """The dashboard notebook for ``name``: an app ("shuffles", "parity", "search", "weights",
    "play"), a lesson's number or name with an app ("01", "shuffling" -> shuffles), or the path
    of any notebook (a teacher's own app).

    Raises ``ValueError`` naming the apps there are for a lesson without one or an unknown name.
    """
    if not isinstance(name, str):
        raise TypeError(f"an app name must be a string, not {type(name).__name__}")
    apps = ", ".join(APPS)
    if name.strip().lower() in APPS:
        return app_dir() / f"{name.strip().lower()}.ipynb"
    if _looks_like_path(name):
        return find_lesson(name, source=source)
    try:
        lesson = find_lesson(name, source=source)
    except ValueError:
        raise ValueError(
            f"unknown app {name!r}; the apps are: {apps} (or a lesson that has one, or a notebook's path)"
        ) from None
    key = lesson_key(lesson.name)
    for app, slug in APPS.items():
        if key is not None and key[1] == slug:
            return app_dir() / f"{app}.ipynb"
    raise ValueError(f"lesson {lesson.stem} has no app; the apps are: {apps}")


# -- copying for a student ----------------------------------------------------------
@dataclass(frozen=True)
class CopyReport:
    """What ``copy_lessons`` did to each lesson file, by file name."""

    destination: Path
    copied: tuple[str, ...] = ()  # new in the destination
    updated: tuple[str, ...] = ()  # untouched earlier copy replaced by a newer lesson
    unchanged: tuple[str, ...] = ()  # already identical
    kept: tuple[str, ...] = ()  # edited by the student: left alone (use force)
    replaced: tuple[str, ...] = ()  # edited by the student, overwritten because force=True
    edition: str = "student"
    warnings: tuple[str, ...] = ()  # e.g. an unreadable record, treated as no record
    lang: str = DEFAULT_LANGUAGE

    def summary(self) -> str:
        """A few plain sentences saying what happened, for the command line."""
        which = "teacher's edition" if self.edition == "teacher" else "student edition"
        if self.lang != DEFAULT_LANGUAGE:
            which += f", {self.lang}"
        lines = [f"Lessons ({which}) in {self.destination}:"]
        for verb, names in [
            ("copied", self.copied),
            ("updated (you had not changed them)", self.updated),
            ("already up to date", self.unchanged),
            ("kept your edited copy (use --force to replace it with the original)", self.kept),
            ("replaced your edited copy (--force)", self.replaced),
        ]:
            if names:
                lines.append(f"  {verb}: {', '.join(names)}")
        return "\n".join(lines)


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _read_manifest(dest: Path) -> tuple[dict[str, str], str | None]:
    """The record of what was last copied, and a warning if it could not be used.

    A record that is missing is no record; one that is not a JSON object of file names
    to hashes (garbage, a list, a folder) is treated as no record, with a warning: every
    copy that differs from the lesson then counts as edited and is kept.
    """
    path = dest / MANIFEST_NAME
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}, None
    except (OSError, ValueError) as error:
        return {}, f"ignored the unreadable record {path} ({type(error).__name__}); kept every changed copy"
    if not isinstance(record, dict):
        kind = type(record).__name__
        return {}, f"ignored the record {path}: a JSON {kind}, not an object; kept every changed copy"
    return {k: v for k, v in record.items() if isinstance(k, str) and isinstance(v, str)}, None


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` so that an interruption leaves either the old file or the new one.

    The file is readable by others (0644) whatever the umask.
    """
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            os.fchmod(f.fileno(), FILE_MODE)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


#: What ``copy_lessons`` does to one lesson file (the fields of :class:`CopyReport`)
_Action = Literal["copied", "updated", "unchanged", "kept", "replaced"]


def _decide(new: bytes, target: Path, recorded: str | None, force: bool) -> _Action:
    """Which of copied/unchanged/updated/kept/replaced applies to one lesson file."""
    if not target.exists():
        return "copied"
    current = _digest(target.read_bytes())
    if current == _digest(new):
        return "unchanged"
    if current == recorded:
        return "updated"
    return "replaced" if force else "kept"


def make_dirs(path: Path) -> None:
    """Create ``path`` and its missing parents, each 0755 whatever the umask."""
    missing = []
    while not path.exists():
        missing.append(path)
        path = path.parent
    for folder in reversed(missing):
        folder.mkdir(exist_ok=True)
        folder.chmod(DIR_MODE)


def _path_argument(value: object, argument: str) -> Path:
    """``value`` (a str or path) as a Path; TypeError or ValueError naming ``argument``."""
    if not isinstance(value, str | os.PathLike):
        raise TypeError(f"{argument} must be a folder's path (str or Path), not {type(value).__name__}")
    if isinstance(value, str) and not value.strip():
        raise ValueError(f"{argument} is empty: give a folder's path (. for the current folder)")
    return Path(value).expanduser()


def _lesson_sources(source: Path | str | None) -> set[Path]:
    """Every folder the lessons come from here, resolved: ``source``, the wheel's, the checkout's."""
    folders = {packaged_dir(), checkout_dir()}
    if source is not None:
        folders.add(_path_argument(source, "source"))
    translated = {language_dir(folder, lang) for folder in folders for lang in LANGUAGES}
    return {folder.resolve() for folder in folders | translated}


def check_destination(destination: object, *, source: Path | str | None = None) -> Path:
    """``destination`` as a Path, once it is known to be a folder that may be written to.

    Refused: anything but a str or path (TypeError), an empty path, a file
    (NotADirectoryError), and the folder the lessons come from (``source``, the
    installed package's lessons or the checkout's ``notebooks/``): that is the
    teacher's edition (ValueError).
    """
    dest = _path_argument(destination, "destination")
    if dest.exists() and not dest.is_dir():
        raise NotADirectoryError(f"destination {dest} exists and is not a folder")
    if dest.resolve() in _lesson_sources(source):
        raise ValueError(
            f"destination {dest} is the folder the lessons come from (the teacher's edition): "
            "copying there would replace it, so nothing was copied; choose another folder"
        )
    return dest


def _edition_files(lessons: list[Lesson], edition: str) -> list[tuple[str, bytes]]:
    """``(file name, bytes)`` of each lesson's edition and of the companions beside them."""
    files = []
    for lesson in lessons:
        try:
            files.append((lesson.path.name, edition_bytes(lesson.path.read_bytes(), edition)))
        except ValueError as error:
            raise ValueError(f"source: {lesson.path} is {error}") from None
    folder = lessons[0].path.parent
    return files + [(name, (folder / name).read_bytes()) for name in COMPANIONS if (folder / name).is_file()]


def _refuse_deleting_solutions(dest: Path, writes: list[tuple[str, bytes]]) -> None:
    """Refuse (ValueError, before anything is written) to replace a notebook holding solutions
    with one that has none: that is a teacher's edition, whatever ``force`` says."""
    lost = [
        name for name, new in writes if has_solutions((dest / name).read_bytes()) and not has_solutions(new)
    ]
    if lost:
        raise ValueError(
            f"destination {dest} holds a teacher's edition: {', '.join(lost)} "
            f"{'has' if len(lost) == 1 else 'have'} solutions ({SOLUTION_MARK}) that the student "
            "edition would delete, so nothing was copied (--force does not change this); "
            "copy the student edition to another folder"
        )


def _check_options(force: object, edition: object) -> None:
    if not isinstance(force, bool):
        raise TypeError(f"force must be True or False, not {force!r}")
    if not isinstance(edition, str):
        raise TypeError(f"edition must be a string ({' or '.join(EDITIONS)}), not {type(edition).__name__}")
    if edition not in EDITIONS:
        raise ValueError(f"edition must be one of {', '.join(EDITIONS)}, got {edition!r}")


def copy_lessons(
    destination: Path | str,
    *,
    force: bool = False,
    source: Path | str | None = None,
    edition: str = "student",
    lang: str = DEFAULT_LANGUAGE,
) -> CopyReport:
    """Copy every lesson from ``source`` (default ``lesson_dir()``) into ``destination``,
    with the files the lessons refer to (``COMPANIONS``: the glossary).

    ``lang`` is the lessons' language: ``"en"`` or ``"zh-CN"`` (the Chinese lessons, in the
    ``zh-CN/`` subfolder of ``source``; a lesson not translated yet is left out, with a warning).

    ``edition`` is "student" (exercises as stubs, no outputs or answers) or "teacher"
    (the source, check cells locked). New lessons are copied; copies the student has not
    changed are updated; copies the student has edited are kept unless ``force=True``.
    The teacher's edition is never overwritten: the lessons' own folder is refused as
    ``destination``, and so is a copy that would replace a notebook holding solutions
    with the student edition, whatever ``force`` says (ValueError, nothing written).
    Each file is written atomically (0644), so Ctrl-C leaves every lesson either old or new.

    >>> print(copy_lessons("my-lessons").summary())   # doctest: +SKIP
    Lessons in /home/me/my-lessons:
      copied: 00_play.ipynb, 01_shuffling.ipynb, ...
    """
    _check_options(force, edition)
    lang = check_language(lang)
    dest = check_destination(destination, source=source)
    lessons = list_lessons(source=source, lang=lang)
    if not lessons:
        folder = language_dir(Path(source), lang) if source is not None else lesson_dir(lang)
        raise FileNotFoundError(f"no lesson notebooks (NN_name.ipynb) in {folder}")
    missing = _untranslated(lessons, source, lang)
    files = _edition_files(lessons, edition)
    manifest, warning = _read_manifest(dest)
    plan = [(name, new, _decide(new, dest / name, manifest.get(name), force)) for name, new in files]
    _refuse_deleting_solutions(
        dest, [(name, new) for name, new, action in plan if action in {"updated", "replaced"}]
    )
    make_dirs(dest)
    outcome: dict[_Action, list[str]] = {
        k: [] for k in ("copied", "updated", "unchanged", "kept", "replaced")
    }
    for filename, new, action in plan:
        outcome[action].append(filename)
        if action in {"copied", "updated", "replaced"}:
            write_atomically(dest / filename, new)
        if action != "kept":
            manifest[filename] = _digest(new)
    write_atomically(dest / MANIFEST_NAME, json.dumps(manifest, indent=1, sort_keys=True).encode())
    warnings: tuple[str, ...] = (warning,) if warning else ()
    if missing:
        warnings += (f"not yet in {lang}, so not copied: {', '.join(missing)} (copy them in English "
                     "with --lang en)",)  # fmt: skip
    return CopyReport(dest.resolve(), **{k: tuple(v) for k, v in outcome.items()}, edition=edition,
                      warnings=warnings, lang=lang)  # fmt: skip


def _untranslated(lessons: list[Lesson], source: Path | str | None, lang: str) -> list[str]:
    """The English lessons that have no ``lang`` version among ``lessons``."""
    if lang == DEFAULT_LANGUAGE:
        return []
    try:
        english = list_lessons(source=source)
    except FileNotFoundError:
        return []
    have = {lesson.name for lesson in lessons}
    return [lesson.name for lesson in english if lesson.name not in have]
