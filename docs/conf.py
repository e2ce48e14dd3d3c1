"""Sphinx configuration for the puzzlelab documentation site (built offline by ``make docs``).

The lessons are not copied into git a second time: at build time each ``notebooks/NN_*.ipynb``
(the teacher's edition) is copied to ``docs/lessons/`` with its exercise solutions folded
(myst-nb's ``hide-input`` tag), and rendered from the outputs committed in it (no execution).
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

import puzzlelab  # noqa: E402

project = "puzzlelab"
author = "The puzzlelab authors"
copyright = "2026, the puzzlelab authors"
release = version = puzzlelab.__version__

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]
exclude_patterns = ["_build", "lessons/.ipynb_checkpoints"]
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


def copy_lessons(source: Path = ROOT / "notebooks", target: Path = HERE / "lessons") -> list[Path]:
    """Copy the lessons (teacher's edition) into the docs tree with each solution cell folded."""
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    written = []
    for path in sorted(source.glob("[0-9][0-9]_*.ipynb")):
        notebook = json.loads(path.read_text(encoding="utf-8"))
        notebook.get("metadata", {}).pop("widgets", None)  # no widget scripts from a CDN
        for cell in notebook["cells"]:  # a rule opening a cell would open a page section: drop it
            if cell["cell_type"] == "markdown":
                text = "".join(cell["source"]).strip()
                while text.startswith("---"):
                    text = text[3:].lstrip("-").lstrip()
                cell["source"] = text
        for cell in notebook["cells"]:
            if cell["cell_type"] == "code" and _is_solution(cell):
                tags = cell.setdefault("metadata", {}).setdefault("tags", [])
                if "hide-input" not in tags:
                    tags.append("hide-input")
        out = target / path.name
        out.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(out)
    for extra in ("README.md", "GLOSSARY.md"):
        if (source / extra).is_file():
            name = "teachers_guide.md" if extra == "README.md" else "glossary.md"
            text = (source / extra).read_text(encoding="utf-8").replace("(GLOSSARY.md)", "(glossary.md)")
            (target / name).write_text(text, encoding="utf-8")
    return written


copy_lessons()

# -- the API reference: one section per public module that exists in this version -----------
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
    ("Pictures", ["puzzlelab.plots"]),
    ("Widgets", ["puzzlelab.widgets"]),
    ("Course", ["puzzlelab.exercises", "puzzlelab.editions", "puzzlelab.lessons"]),
]


def write_api_page(target: Path = HERE / "api.md") -> None:
    """Write ``api.md``: an ``automodule`` for each module of ``API_MODULES`` that exists."""
    from importlib.util import find_spec

    lines = ["# API reference", "", "Generated from the docstrings of each public module.", ""]
    for title, modules in API_MODULES:
        present = [m for m in modules if find_spec(m) is not None]
        if not present:
            continue
        lines += [f"## {title}", ""]
        for module in present:
            lines += [f"### `{module}`", "", "```{eval-rst}", f".. automodule:: {module}", "```", ""]
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")


write_api_page()

# A static site shows each widget's PNG fallback, never a widget that needs scripts from a CDN.
nb_mime_priority_overrides = [
    ("html", "application/vnd.jupyter.widget-view+json", None),
    ("html", "application/vnd.jupyter.widget-state+json", None),
]
nb_render_plugin = "default"
