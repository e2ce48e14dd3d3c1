"""The sdist is complete, the wheel carries the lessons and declares the library's needs only.

Builds from a copy of the working tree (sdist first, then the wheel from the sdist, as pip
does), offline (``--no-isolation``: setuptools comes from the test environment). The sdist is
unpacked and a subset of its own tests run from there. The wheel is installed as a user installs
it (``pip install puzzlelab``, dependencies from the index) into a new venv: no JupyterLab, no Voila.
"""

import json
import os
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest
from packaging.requirements import Requirement

import puzzlelab
from puzzlelab.lessons import COMPANIONS, lesson_key

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
SOURCE_FILES = ["pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "environment.yml", "LICENSE",
                "CHANGELOG.md", "CITATION.cff", "Makefile"]  # fmt: skip
SOURCE_DIRS = [".binder", ".ci", "tests", "benchmarks", "translations"]
EXTRA_LESSON = "98_wheel_check.ipynb"  # always present, so the copy step is exercised before lessons exist
NOT_A_LESSON = "scratch.ipynb"
RUNTIME = {"numpy", "matplotlib", "ipywidgets", "anywidget", "pillow", "platformdirs", "tqdm"}
# quick tests that read what only a complete sdist has: the lessons, README, the conda files
SDIST_TESTS = ["tests/test_board.py", "tests/test_readme.py", "tests/test_environment_yml.py"]


def tiny_notebook(title):
    cell = {"cell_type": "markdown", "metadata": {}, "source": [f"# {title}\n"]}
    return json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


def repo_lessons(lang=""):
    return {p.name for p in (ROOT / "notebooks" / lang).glob("*.ipynb") if lesson_key(p.name)}


def repo_companions(lang=""):
    return {name for name in COMPANIONS if (ROOT / "notebooks" / lang / name).is_file()}


def clean_env():
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV"}}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def sh(*args, cwd=None, timeout=180):
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=clean_env(), capture_output=True, text=True,
                          timeout=timeout)  # fmt: skip
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
    for name in SOURCE_DIRS:
        shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    checkpoints = shutil.ignore_patterns(".ipynb_checkpoints")
    shutil.copytree(ROOT / "notebooks", src / "notebooks", ignore=checkpoints)
    (src / "notebooks" / EXTRA_LESSON).write_text(tiny_notebook("Wheel check"))
    (src / "notebooks" / NOT_A_LESSON).write_text(tiny_notebook("Scratch"))
    sh(sys.executable, "-m", "build", "--no-isolation", "--outdir", tmp / "dist", src)
    [sdist] = (tmp / "dist").glob("*.tar.gz")
    [wheel] = (tmp / "dist").glob("*.whl")
    return sdist, wheel


@pytest.fixture(scope="module")
def metadata(built):
    with zipfile.ZipFile(built[1]) as wheel:
        text = wheel.read(f"puzzlelab-{puzzlelab.__version__}.dist-info/METADATA").decode()
    return Parser().parsestr(text)


@pytest.fixture(scope="module")
def venv(built, tmp_path_factory):
    """A fresh venv with the wheel and its runtime dependencies installed; returns its python."""
    home = tmp_path_factory.mktemp("venv")
    sh(sys.executable, "-m", "venv", "--without-pip", home / "v")
    python = home / "v" / "bin" / "python"
    sh(sys.executable, "-m", "pip", "--python", python, "install", "-q", built[1], timeout=600)
    return python


def sdist_names(sdist):
    with tarfile.open(sdist) as archive:
        return {Path(n).relative_to(Path(n).parts[0]).as_posix() for n in archive.getnames() if "/" in n}


def test_sdist_carries_the_lessons_the_build_step_and_the_tests(built):
    names = sdist_names(built[0])
    assert {f"notebooks/{n}" for n in repo_lessons() | {EXTRA_LESSON}} <= names
    assert {f"notebooks/zh-CN/{n}" for n in repo_lessons("zh-CN") | repo_companions("zh-CN")} <= names
    catalogues = {p.relative_to(ROOT).as_posix() for p in (ROOT / "translations").rglob("*.po")}
    assert catalogues <= names  # the sync tests (tests/test_translation.py) read them
    assert {"puzzlelab/locale/zh_CN/checks.po", "puzzlelab/locale/zh_CN/ui.po"} <= names
    assert {
        "setup.py",
        "MANIFEST.in",
        "pyproject.toml",
        "LICENSE",
        "CHANGELOG.md",
        "CITATION.cff",
        "environment.yml",
        ".binder/environment.yml",
        ".binder/postBuild",
        ".ci/run",
    } <= names
    tests = {
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "tests").rglob("*")
        if p.is_file() and p.suffix in {".py", ".cfg", ".ipynb"} and "__pycache__" not in p.parts
    }
    assert tests <= names, tests - names
    assert f"notebooks/{NOT_A_LESSON}" not in names
    assert not any("__pycache__" in n or n.endswith(".pyc") for n in names)


def test_tests_run_from_the_unpacked_sdist(built, tmp_path):
    """Unpack the sdist and run a quick subset of its own tests against its own source."""
    with tarfile.open(built[0]) as archive:
        archive.extractall(tmp_path, filter="data")
    [root] = tmp_path.iterdir()
    where = sh(sys.executable, "-c", "import puzzlelab; print(puzzlelab.__file__)", cwd=root).strip()
    assert Path(where).is_relative_to(root), where  # the sdist's copy, not this checkout's
    out = sh(sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "-m", "not slow",
             *SDIST_TESTS, cwd=root, timeout=600)  # fmt: skip
    assert " passed" in out, out[-2000:]  # sh() already failed the test on any failing one


def test_wheel_ships_every_lesson_and_nothing_else_from_notebooks(built):
    with zipfile.ZipFile(built[1]) as wheel:
        names = wheel.namelist()
        shipped = {
            n.removeprefix("puzzlelab/notebooks/") for n in names if n.startswith("puzzlelab/notebooks/")
        }
        chinese = {f"zh-CN/{name}" for name in repo_lessons("zh-CN") | repo_companions("zh-CN")}
        assert shipped == repo_lessons() | {EXTRA_LESSON, "GLOSSARY.md"} | chinese  # the glossary too
        for lesson in repo_lessons() | chinese:  # byte for byte the committed lesson
            assert wheel.read(f"puzzlelab/notebooks/{lesson}") == (ROOT / "notebooks" / lesson).read_bytes()
        # the library's Chinese messages and JupyterLab's Chinese menus (lessons --lang zh-CN)
        assert "puzzlelab/locale/zh_CN/LC_MESSAGES/puzzlelab.mo" in names
        assert "puzzlelab/data/lab-settings-zh-CN/overrides.json" in names
        entry_points = wheel.read(f"puzzlelab-{puzzlelab.__version__}.dist-info/entry_points.txt").decode()
    assert "puzzlelab = puzzlelab.__main__:main" in entry_points
    assert "puzzlelab/__main__.py" in names
    assert f"puzzlelab-{puzzlelab.__version__}.dist-info/licenses/LICENSE" in names
    assert "puzzlelab/py.typed" in names  # mypy passes on puzzlelab/ (make test): its types are shipped
    assert not any(n.startswith(("tests/", "notebooks/")) for n in names)


def test_wheel_requires_the_library_and_puts_servers_and_tools_in_extras(built, metadata):
    """`pip install puzzlelab` brings the library's needs only; JupyterLab, Voila etc. are extras."""
    requires = [Requirement(r) for r in metadata.get_all("Requires-Dist")]
    runtime = {r.name.lower() for r in requires if r.marker is None}
    assert runtime == RUNTIME
    by_extra = {}
    for r in requires:
        if r.marker is not None:
            for extra in ["lab", "app", "teach", "hub", "docs", "i18n", "zh", "test", "bench"]:
                if r.marker.evaluate({"extra": extra}):
                    by_extra.setdefault(extra, set()).add(r.name.lower())
    assert "jupyterlab" in by_extra["lab"]
    assert "voila" in by_extra["app"]
    assert "nbgrader" in by_extra["teach"]
    assert "jupyterhub" in by_extra["hub"]
    assert {"sphinx", "myst-nb", "pydata-sphinx-theme"} <= by_extra["docs"]
    assert "babel" in by_extra["i18n"]  # python -m puzzlelab.translation
    assert "jupyterlab-language-pack-zh-cn" in by_extra["zh"]  # JupyterLab's menus in Chinese
    assert {"pytest", "mypy", "playwright", "puzzlelab"} <= by_extra["test"]  # puzzlelab[lab,app,...]
    assert set(metadata.get_all("Provides-Extra")) == set(by_extra)


def test_wheel_metadata_names_version_licence_and_audience(metadata):
    assert metadata["Version"] == puzzlelab.__version__  # the one version, read from __init__.py
    assert metadata["License-Expression"] == "MIT"
    assert metadata["Requires-Python"] == ">=3.11"
    classifiers = set(metadata.get_all("Classifier"))
    assert {"Framework :: Jupyter", "Intended Audience :: Education", "Topic :: Education"} <= classifiers
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert metadata["Summary"] == declared["description"]


def test_installed_wheel_brings_the_library_and_no_server(venv, tmp_path):
    listed = sh(sys.executable, "-m", "pip", "--python", venv, "list", "--format=json", cwd=tmp_path)
    installed = {p["name"].lower() for p in json.loads(listed)}
    assert installed >= RUNTIME
    assert not {"jupyterlab", "voila", "notebook", "jupyter-server", "nbgrader", "ipykernel"} & installed
    # the library works without Jupyter: a widget and its picture, a search
    code = ("import puzzlelab.widgets as w, puzzlelab.search as s, puzzlelab.plots;"
            "b = w.PlayableBoard(3, 3); print(b.static_png().startswith(b'\\x89PNG'));"
            "print(len(s.astar('8 6 7/2 5 4/3 _ 1', heuristic=s.manhattan).moves))")  # fmt: skip
    assert sh(venv, "-c", code, cwd=tmp_path).split() == ["True", "31"]
    # nothing assumes JupyterLab (Colab, a slim hub image): every module imports without it
    imports = (
        "import importlib, pkgutil, puzzlelab;"
        "names = [m.name for m in pkgutil.walk_packages(puzzlelab.__path__, 'puzzlelab.')];"
        "[importlib.import_module(n) for n in names]; print(len(names))"
    )
    assert int(sh(venv, "-c", imports, cwd=tmp_path)) > 20
    print(f"pip install puzzlelab: {len(installed)} packages")


def test_installed_cli_lists_and_copies_the_packaged_lessons(venv, tmp_path):
    where = sh(venv, "-c", "import puzzlelab.lessons as l; print(l.lesson_dir())", cwd=tmp_path).strip()
    assert Path(where).parts[-2:] == ("puzzlelab", "notebooks")
    assert "site-packages" in where  # the wheel's copy, not this checkout's notebooks/
    version = sh(venv, "-m", "puzzlelab", "--version", cwd=tmp_path).strip()
    assert version == f"puzzlelab {puzzlelab.__version__}"
    listed = sh(venv.parent / "puzzlelab", "list", cwd=tmp_path)  # the console script too
    assert [line.split()[0] for line in listed.splitlines()] == sorted(
        Path(n).stem for n in repo_lessons() | {EXTRA_LESSON}
    )
    if not repo_lessons("zh-CN"):
        return
    # the Chinese edition, from the wheel's puzzlelab/notebooks/zh-CN/, with the Chinese catalogue
    sh(venv, "-m", "puzzlelab", "copy", tmp_path / "zh", "--lang", "zh-CN", cwd=tmp_path)
    assert {p.name for p in (tmp_path / "zh").iterdir() if lesson_key(p.name)} == repo_lessons("zh-CN")
    said = sh(venv, "-c", "import puzzlelab, puzzlelab.i18n as i; puzzlelab.set_language('zh-CN');"
              "print(i.gettext('correct: {title}'))", cwd=tmp_path)  # fmt: skip
    assert said.strip().startswith("正确")


def test_installed_app_without_voila_says_which_extra_to_install(venv, tmp_path):
    done = subprocess.run([str(venv), "-m", "puzzlelab", "app", "98"], cwd=tmp_path, env=clean_env(),
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 2
    assert "puzzlelab[app]" in done.stderr


def test_wheel_and_sdist_ship_the_pattern_database_tables(built):
    # the compressed 4x4 tables (puzzlelab/data/pdb-*), so first use needs no 20-second build
    shipped = {f"puzzlelab/data/{p.name}" for p in (ROOT / "puzzlelab" / "data").glob("pdb-*")}
    assert len(shipped) >= 8
    with zipfile.ZipFile(built[1]) as wheel:
        assert shipped <= set(wheel.namelist())
    with tarfile.open(built[0]) as sdist:
        assert shipped <= {name.split("/", 1)[-1] for name in sdist.getnames()}


def test_the_class_images_steps_run_from_the_wheel(built, venv, tmp_path):
    """deploy/Dockerfile's cache step and deploy/z2jh/config.yaml's copy hook, run as written in a
    fresh venv holding the wheel (the image itself cannot be built here: no daemon, no registry)."""
    import re

    yaml = pytest.importorskip("yaml")
    with zipfile.ZipFile(built[1]) as wheel:
        names = wheel.namelist()
    assert any(n.startswith("puzzlelab/widgets/js/") and n.endswith(".js") for n in names), "widget modules"
    assert "puzzlelab/data/lab-settings/overrides.json" in names
    dockerfile = (ROOT / "deploy" / "Dockerfile").read_text()
    [cache_code] = re.findall(r'python -c "(.*?)" \\', dockerfile)
    env = {**clean_env(), "PUZZLELAB_CACHE_DIR": str(tmp_path / "cache")}
    done = subprocess.run([str(venv), "-c", cache_code.replace('\\"', '"')], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert any((tmp_path / "cache").rglob("*.npy")), "the pattern databases were unpacked into the cache"
    config = yaml.safe_load((ROOT / "deploy" / "z2jh" / "config.yaml").read_text())["singleuser"]
    home = config["storage"]["homeMountPath"]
    hook = [str(venv) if word == "python" else word.replace(home, str(tmp_path / "home"))
            for word in config["lifecycleHooks"]["postStart"]["exec"]["command"]]  # fmt: skip
    sh(*hook, cwd=tmp_path)
    opened = tmp_path / "home" / config["defaultUrl"].removeprefix("/lab/tree/")
    assert opened.is_file()
    edited = opened.read_text().replace("sliding", "SLIDING")
    opened.write_text(edited)
    sh(*hook, cwd=tmp_path)  # a restart: the student's edit is kept
    assert opened.read_text() == edited
