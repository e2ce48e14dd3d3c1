"""Sphinx configuration for the puzzlelab documentation site (built offline by ``make docs``).

The site a teacher can publish shows the **student edition with its outputs**: at build time
each ``notebooks/NN_*.ipynb`` is turned into the student edition (exercise stubs, no hidden
tests, no nbgrader marks), and every cell that is neither an answer nor a check gets back the
outputs committed in the teacher's edition (the pictures and numbers; nothing is executed
here). No solution, hidden test or "BEGIN SOLUTION" mark reaches a page, and the teacher's
guide (which holds the answers) is left out.

The Chinese lessons (``notebooks/zh-CN/``, with their glossary) are published the same way under
``zh-CN/`` (``docs/zh-CN/index.md``), linked both ways with the English pages.

``make docs-teacher`` (``PUZZLELAB_DOCS_EDITION=teacher``) builds a private site of the
teacher's edition and guide into ``docs/_build/teacher``: never publish that one.

``PUZZLELAB_DOCS_ONLINE=1`` links names to the Python, numpy and matplotlib docs (intersphinx);
it needs the internet at build time, so the offline build leaves it out.
"""

from __future__ import annotations

import copy
import json
import os
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

import puzzlelab  # noqa: E402
from puzzlelab.editions import student_edition  # noqa: E402

EDITION = os.environ.get("PUZZLELAB_DOCS_EDITION", "student")
if EDITION not in ("student", "teacher"):
    raise ValueError(f"PUZZLELAB_DOCS_EDITION must be 'student' or 'teacher', got {EDITION!r}")
ONLINE = os.environ.get("PUZZLELAB_DOCS_ONLINE") == "1"

project = "puzzlelab"
author = "The puzzlelab authors"
copyright = "2026, the puzzlelab authors"
release = version = puzzlelab.__version__

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    *(["sphinx.ext.intersphinx"] if ONLINE else []),
]
exclude_patterns = ["_build", "lessons/.ipynb_checkpoints", "api/.ipynb_checkpoints",
                    "zh-CN/lessons/.ipynb_checkpoints"]  # fmt: skip
if EDITION == "student":  # the guide holds every answer: never on the public site
    exclude_patterns += ["lessons/teachers_guide.md", "zh-CN/lessons/teachers_guide.md"]
intersphinx_mapping = {
    "python": ("https://docs.python.org/3", None),
    "numpy": ("https://numpy.org/doc/stable", None),
    "matplotlib": ("https://matplotlib.org/stable", None),
}

html_theme = "pydata_sphinx_theme"
html_title = f"puzzlelab {release}"
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
}
html_static_path: list[str] = []

# the lessons are committed executed: render their outputs, never run them here (offline, fast)
nb_execution_mode = "off"
nb_merge_streams = True
myst_enable_extensions = ["colon_fence", "dollarmath"]
suppress_warnings = ["mystnb.unknown_mime_type", "myst.header", "ref.python"]

autodoc_default_options = {"members": True, "undoc-members": False, "show-inheritance": False}
autodoc_typehints = "description"
autodoc_member_order = "bysource"
napoleon_numpy_docstring = True
napoleon_google_docstring = False


def _is_solution(cell: dict) -> bool:
    return bool(cell.get("metadata", {}).get("nbgrader", {}).get("solution"))


def _answers_or_checks(cell: dict) -> bool:
    grading = cell.get("metadata", {}).get("nbgrader", {})
    return bool(grading.get("solution") or grading.get("grade"))


def published_edition(notebook: dict) -> dict:
    """The student edition, with the teacher's outputs on every cell that is neither an answer
    nor a check (so the site shows the pictures and numbers, never an answer's output)."""
    student = student_edition(notebook)
    for source, cell in zip(notebook["cells"], student["cells"], strict=True):
        if cell["cell_type"] == "code" and not _answers_or_checks(source):
            cell["outputs"] = copy.deepcopy(source.get("outputs", []))
            cell["execution_count"] = source.get("execution_count")
    return student


def copy_lessons(source: Path = ROOT / "notebooks", target: Path = HERE / "lessons") -> list[Path]:
    """Copy the lessons into the docs tree: the published edition, or the teacher's (private site)."""
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    written = []
    for path in sorted(source.glob("[0-9][0-9]_*.ipynb")):
        notebook = json.loads(path.read_text(encoding="utf-8"))
        if EDITION == "student":
            notebook = published_edition(notebook)
        notebook.get("metadata", {}).pop("widgets", None)  # no widget scripts from a CDN
        titled = False
        for cell in notebook["cells"]:  # a rule opening a cell would open a page section: drop it
            if cell["cell_type"] == "markdown":
                text = "".join(cell["source"]).strip()
                while text.startswith("---"):
                    text = text[3:].lstrip("-").lstrip()
                lines = text.split("\n")
                for number, line in enumerate(lines):  # one title per page: a later "# X" becomes "## X"
                    if line.startswith("# "):
                        lines[number] = ("#" + line) if titled else line
                        titled = True
                cell["source"] = "\n".join(lines)
        for cell in notebook["cells"]:
            if EDITION == "teacher" and cell["cell_type"] == "code" and _is_solution(cell):
                tags = cell.setdefault("metadata", {}).setdefault("tags", [])
                if "hide-input" not in tags:
                    tags.append("hide-input")
        out = target / path.name
        out.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(out)
    for extra in ("README.md", "GLOSSARY.md") if EDITION == "teacher" else ("GLOSSARY.md",):
        if (source / extra).is_file():
            name = "teachers_guide.md" if extra == "README.md" else "glossary.md"
            text = (source / extra).read_text(encoding="utf-8").replace("(GLOSSARY.md)", "(glossary.md)")
            (target / name).write_text(text, encoding="utf-8")
    return written


copy_lessons()
copy_lessons(ROOT / "notebooks" / "zh-CN", HERE / "zh-CN" / "lessons")

# -- the API reference: one page per public module (autosummary), grouped by topic ------------
API_MODULES = [
    ("The board", ["puzzlelab.board"]),
    ("Parity and permutations", ["puzzlelab.parity", "puzzlelab.perm"]),
    ("Shuffles", ["puzzlelab.shuffles", "puzzlelab.sampling", "puzzlelab.distributions"]),
    ("Heuristics", ["puzzlelab.heuristics"]),
    (
        "Search",
        [
            "puzzlelab.search",
            "puzzlelab.search.textbook",
            "puzzlelab.search.trace",
            "puzzlelab.search.ida",
            "puzzlelab.search.pdb",
            "puzzlelab.search.statespace",
            "puzzlelab.search.korf",
        ],
    ),
    ("Pictures", ["puzzlelab.plots", "puzzlelab.colors"]),
    ("Widgets", ["puzzlelab.widgets"]),
    ("Course", ["puzzlelab.exercises", "puzzlelab.editions", "puzzlelab.lessons"]),
]


def write_api_page(target: Path = HERE / "api.md", pages: Path = HERE / "api") -> None:
    """Write ``api.md`` (the modules by topic, each with its one-line summary) and one page per
    module in ``api/`` (its ``automodule``)."""
    from importlib import import_module
    from importlib.util import find_spec

    shutil.rmtree(pages, ignore_errors=True)
    pages.mkdir()
    lines = ["# API reference", "", "Generated from the docstrings: one page per module.", ""]
    for title, modules in API_MODULES:
        present = [m for m in modules if find_spec(m) is not None]
        if not present:
            continue
        lines += [f"## {title}", "", "```{toctree}", ":maxdepth: 1", ""]
        lines += [f"api/{module}" for module in present] + ["```", ""]
        for module in present:
            summary = (import_module(module).__doc__ or "").strip().split("\n\n")[0].replace("\n", " ")
            body = [f"# `{module}`", "", "```{eval-rst}", f".. automodule:: {module}", "```", ""]
            (pages / f"{module}.md").write_text("\n".join(body), encoding="utf-8")
            lines += [f"- [`{module}`](api/{module}.md): {summary}"]
        lines.append("")
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")


write_api_page()

# A static site shows each widget's PNG fallback, never a widget that needs scripts from a CDN.
nb_mime_priority_overrides = [
    ("html", "application/vnd.jupyter.widget-view+json", None),
    ("html", "application/vnd.jupyter.widget-state+json", None),
]
nb_render_plugin = "default"


def _chinese_pages_say_so(app, pagename, templatename, context, doctree) -> None:
    """``<html lang="zh-CN">`` on the Chinese pages, so browsers pick a Chinese font and voice."""
    if pagename.startswith("zh-CN/"):
        context["language"] = "zh-CN"


def setup(app) -> None:
    app.connect("html-page-context", _chinese_pages_say_so)
