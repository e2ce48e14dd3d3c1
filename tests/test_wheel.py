"""The built wheel carries the lessons and its command line works from a fresh venv.

Builds from a copy of the working tree (sdist first, then the wheel from the
sdist, as pip does), offline (``--no-isolation``: setuptools comes from the
test environment), and installs the wheel alone (``--no-deps``) into a new
venv: the CLI needs only the standard library to list and copy lessons.
"""

import json
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

import puzzlelab
from puzzlelab.lessons import lesson_key

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
SOURCE_FILES = ["pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "environment.yml"]
EXTRA_LESSON = "98_wheel_check.ipynb"  # always present, so the copy step is exercised before lessons exist
NOT_A_LESSON = "scratch.ipynb"


def tiny_notebook(title):
    cell = {"cell_type": "markdown", "metadata": {}, "source": [f"# {title}\n"]}
    return json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


def repo_lessons():
    return {p.name for p in (ROOT / "notebooks").glob("*.ipynb") if lesson_key(p.name)}


def clean_env():
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV"}}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def sh(*args, cwd=None):
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=clean_env(), capture_output=True,
                          text=True, timeout=180)  # fmt: skip
    assert done.returncode == 0, f"{args}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """(sdist, wheel) built from a copy of the working tree plus one extra lesson."""
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    src.mkdir()
    for name in SOURCE_FILES:
        shutil.copy2(ROOT / name, src / name)
    junk = shutil.ignore_patterns("__pycache__", "*.pyc", ".ipynb_checkpoints", "notebooks")
    shutil.copytree(ROOT / "puzzlelab", src / "puzzlelab", ignore=junk)
    checkpoints = shutil.ignore_patterns(".ipynb_checkpoints")
    shutil.copytree(ROOT / "notebooks", src / "notebooks", ignore=checkpoints)
    (src / "notebooks" / EXTRA_LESSON).write_text(tiny_notebook("Wheel check"))
    (src / "notebooks" / NOT_A_LESSON).write_text(tiny_notebook("Scratch"))
    sh(sys.executable, "-m", "build", "--no-isolation", "--outdir", tmp / "dist", src)
    [sdist] = (tmp / "dist").glob("*.tar.gz")
    [wheel] = (tmp / "dist").glob("*.whl")
    return sdist, wheel


@pytest.fixture(scope="module")
def venv(built, tmp_path_factory):
    """A fresh venv with only the wheel installed; returns its python."""
    home = tmp_path_factory.mktemp("venv")
    sh(sys.executable, "-m", "venv", "--without-pip", home / "v")
    python = home / "v" / "bin" / "python"
    sh(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index", built[1])
    return python


def test_sdist_carries_the_lessons_and_the_build_step(built):
    with tarfile.open(built[0]) as sdist:
        names = {Path(n).relative_to(Path(n).parts[0]).as_posix() for n in sdist.getnames() if "/" in n}
    assert {f"notebooks/{n}" for n in repo_lessons() | {EXTRA_LESSON}} <= names
    assert {"setup.py", "MANIFEST.in", "pyproject.toml"} <= names
    assert f"notebooks/{NOT_A_LESSON}" not in names


def test_wheel_ships_every_lesson_and_nothing_else_from_notebooks(built):
    with zipfile.ZipFile(built[1]) as wheel:
        names = wheel.namelist()
        shipped = {Path(n).name for n in names if n.startswith("puzzlelab/notebooks/")}
        assert shipped == repo_lessons() | {EXTRA_LESSON}
        for lesson in repo_lessons():  # byte for byte the committed lesson
            assert wheel.read(f"puzzlelab/notebooks/{lesson}") == (ROOT / "notebooks" / lesson).read_bytes()
        entry_points = wheel.read(f"puzzlelab-{puzzlelab.__version__}.dist-info/entry_points.txt").decode()
    assert "puzzlelab = puzzlelab.__main__:main" in entry_points
    assert "puzzlelab/__main__.py" in names
    assert not any(n.startswith(("tests/", "notebooks/")) for n in names)


def test_wheel_requires_what_the_cli_starts(built):
    """`pip install` of the wheel alone brings JupyterLab and Voila (the `lessons` and `app` commands)."""
    with zipfile.ZipFile(built[1]) as wheel:
        metadata = wheel.read(f"puzzlelab-{puzzlelab.__version__}.dist-info/METADATA").decode()
    required = {
        line.split(":", 1)[1].strip().split(">")[0].split("<")[0].split("=")[0].split(";")[0].strip().lower()
        for line in metadata.splitlines()
        if line.startswith("Requires-Dist:") and "extra ==" not in line
    }
    assert {"numpy", "matplotlib", "ipywidgets", "jupyterlab", "voila"} <= required


def test_installed_cli_lists_and_copies_the_packaged_lessons(venv, tmp_path):
    where = sh(venv, "-c", "import puzzlelab.lessons as l; print(l.lesson_dir())", cwd=tmp_path).strip()
    assert Path(where).parts[-2:] == ("puzzlelab", "notebooks")
    assert "site-packages" in where  # the wheel's copy, not this checkout's notebooks/
    version = sh(venv, "-m", "puzzlelab", "--version", cwd=tmp_path).strip()
    assert version == f"puzzlelab {puzzlelab.__version__}"
    assert "--copy-only" in sh(venv, "-m", "puzzlelab", "lessons", "--help", cwd=tmp_path)
    listed = sh(venv.parent / "puzzlelab", "list", cwd=tmp_path)  # the console script too
    assert [line.split()[0] for line in listed.splitlines()] == sorted(
        Path(n).stem for n in repo_lessons() | {EXTRA_LESSON}
    )
    out = sh(venv, "-m", "puzzlelab", "lessons", "mine", "--no-browser", "--copy-only", cwd=tmp_path)
    assert "copied:" in out
    copied = {p.name for p in (tmp_path / "mine").glob("*.ipynb")}
    assert copied == repo_lessons() | {EXTRA_LESSON}


def test_installed_app_without_voila_says_how_to_install_it(venv, tmp_path):
    done = subprocess.run([str(venv), "-m", "puzzlelab", "app", "98"], cwd=tmp_path, env=clean_env(),
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 2
    assert "pip install --force-reinstall puzzlelab" in done.stderr


def test_wheel_and_sdist_ship_the_pattern_database_tables(built):
    # the compressed 4x4 tables (puzzlelab/data/pdb-*), so first use needs no 20-second build
    shipped = {f"puzzlelab/data/{p.name}" for p in (ROOT / "puzzlelab" / "data").glob("pdb-*")}
    assert len(shipped) >= 8
    with zipfile.ZipFile(built[1]) as wheel:
        assert shipped <= set(wheel.namelist())
    with tarfile.open(built[0]) as sdist:
        assert shipped <= {name.split("/", 1)[-1] for name in sdist.getnames()}
