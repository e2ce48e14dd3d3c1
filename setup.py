"""Build step that ships the lesson notebooks (and their glossary) inside the wheel.

The only committed copy of the lessons is ``notebooks/*.ipynb``. Building a
wheel copies them to ``puzzlelab/notebooks/`` in the build tree, never in the
source tree; an editable install reads ``notebooks/`` directly instead
(see ``puzzlelab/lessons.py``). Everything else is in ``pyproject.toml``.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
LESSONS = HERE / "notebooks"
PACKAGED = Path("puzzlelab", "notebooks")
#: Files the lessons refer to "next to this notebook" (see puzzlelab/lessons.py: COMPANIONS).
COMPANIONS = ("GLOSSARY.md",)


class BuildPyWithLessons(build_py):
    """``build_py`` that also copies ``notebooks/NN_*.ipynb`` (the teacher's edition, from which
    ``python -m puzzlelab copy`` makes the student edition) and the glossary into the package."""

    def lesson_sources(self):
        companions = [LESSONS / name for name in COMPANIONS if (LESSONS / name).is_file()]
        return sorted(LESSONS.glob("[0-9][0-9]_*.ipynb")) + companions

    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return  # editable installs use the checkout's notebooks/ directly
        target = Path(self.build_lib, PACKAGED)
        shutil.rmtree(target, ignore_errors=True)  # no lesson deleted upstream lingers in build/
        target.mkdir(parents=True)
        for notebook in self.lesson_sources():
            shutil.copy2(notebook, target / notebook.name)

    def get_outputs(self, include_bytecode=True):
        if getattr(self, "editable_mode", False):
            return super().get_outputs(include_bytecode)
        lessons = [str(Path(self.build_lib, PACKAGED, nb.name)) for nb in self.lesson_sources()]
        return super().get_outputs(include_bytecode) + lessons


setup(cmdclass={"build_py": BuildPyWithLessons})
