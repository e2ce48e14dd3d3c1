"""Build step that ships the lesson notebooks (and their glossary) inside the wheel.

The only committed copy of the lessons is ``notebooks/*.ipynb`` (English) and
``notebooks/zh-CN/*.ipynb`` (Simplified Chinese, built from the English and
``translations/zh-CN/``). Building a wheel copies them to ``puzzlelab/notebooks/``
(and ``puzzlelab/notebooks/zh-CN/``) in the build tree, never in the source tree;
an editable install reads ``notebooks/`` directly instead (see ``puzzlelab/lessons.py``).
Everything else is in ``pyproject.toml``.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
LESSONS = HERE / "notebooks"
PACKAGED = Path("puzzlelab", "notebooks")
#: The translated editions: a subfolder of notebooks/ per language (puzzlelab/i18n.py: LANGUAGES).
TRANSLATED = ("zh-CN",)
#: Files the lessons refer to "next to this notebook" (see puzzlelab/lessons.py: COMPANIONS).
COMPANIONS = ("GLOSSARY.md",)


def edition_sources(folder):
    """The lessons ``NN_*.ipynb`` of one language's folder and their companions."""
    companions = [folder / name for name in COMPANIONS if (folder / name).is_file()]
    return sorted(folder.glob("[0-9][0-9]_*.ipynb")) + companions


class BuildPyWithLessons(build_py):
    """``build_py`` that also copies ``notebooks/NN_*.ipynb`` (the teacher's edition, from which
    ``python -m puzzlelab copy`` makes the student edition), the glossary, and the same files of
    each translated edition (``notebooks/zh-CN/``) into the package."""

    def lesson_sources(self):
        """``(source, path inside puzzlelab/notebooks/)`` of every file to ship."""
        files = [(path, Path(path.name)) for path in edition_sources(LESSONS)]
        for lang in TRANSLATED:
            files += [(path, Path(lang, path.name)) for path in edition_sources(LESSONS / lang)]
        return files

    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return  # editable installs use the checkout's notebooks/ directly
        target = Path(self.build_lib, PACKAGED)
        shutil.rmtree(target, ignore_errors=True)  # no lesson deleted upstream lingers in build/
        target.mkdir(parents=True)
        for source, inside in self.lesson_sources():
            (target / inside).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / inside)

    def get_outputs(self, include_bytecode=True):
        if getattr(self, "editable_mode", False):
            return super().get_outputs(include_bytecode)
        lessons = [str(Path(self.build_lib, PACKAGED, inside)) for _, inside in self.lesson_sources()]
        return super().get_outputs(include_bytecode) + lessons


setup(cmdclass={"build_py": BuildPyWithLessons})
