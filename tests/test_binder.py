"""Binder's environment, built the way repo2docker builds it, runs a lesson.

repo2docker creates the environment from ``.binder/environment.yml`` before it copies the
repository in, then runs ``.binder/postBuild`` in the repository. No conda can be had here, so
the same environment is built with pip in a fresh venv (conda-forge names mapped to PyPI's),
``postBuild`` is run in a copy of the repository with that venv first on PATH, and lesson 00 is
executed by nbclient in a kernel of that venv, from outside the repository (the installed
package is used, not the checkout).
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
CONDA_TO_PIP = {"matplotlib-base": "matplotlib", "python-build": "build"}
LESSON = "00_play.ipynb"
RUN_LESSON = """
import sys, nbformat, nbclient
nb = nbformat.read(sys.argv[1], as_version=4)
nbclient.NotebookClient(nb, kernel_name="python3", timeout=600, allow_errors=False).execute()
errors = [o for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
print("cells run:", sum(c.cell_type == "code" for c in nb.cells), "errors:", len(errors))
"""


def pip_requirements():
    """The Binder environment's packages as pip requirements (python and pip themselves left out)."""
    env = yaml.safe_load((ROOT / ".binder" / "environment.yml").read_text())
    reqs = []
    for dep in env["dependencies"]:
        assert isinstance(dep, str), "Binder's environment installs nothing with pip: postBuild does"
        name = dep.split(">")[0].split("<")[0].split("=")[0].strip()
        if name not in {"python", "pip"}:
            reqs.append(CONDA_TO_PIP.get(name, name) + dep[len(name) :].replace(" ", ""))
    return reqs


def run(args, *, cwd, env, timeout=900):
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout)  # fmt: skip
    assert done.returncode == 0, f"{args}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


@pytest.fixture(scope="module")
def binder(tmp_path_factory):
    """(venv bin folder, environment) after the environment and postBuild steps."""
    tmp = tmp_path_factory.mktemp("binder")
    subprocess.run([sys.executable, "-m", "venv", tmp / "env"], check=True, timeout=300)
    bin_dir = tmp / "env" / "bin"
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV"}}
    env |= {"PATH": f"{bin_dir}{os.pathsep}{env.get('PATH', '')}", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    for var in ["JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR",
                "MPLCONFIGDIR"]:  # fmt: skip
        (tmp / var.lower()).mkdir()
        env[var] = str(tmp / var.lower())  # nothing from this machine's Jupyter set-up leaks in
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    # 1. the environment (repo2docker: conda env update -f .binder/environment.yml)
    run([bin_dir / "python", "-m", "pip", "install", "-q", *pip_requirements()], cwd=tmp, env=env)
    # 2. the repository is copied in, then postBuild runs there
    repo = tmp / "repo"
    junk = shutil.ignore_patterns(".git", ".venv*", "build", "dist", "*.egg-info", "__pycache__", "*.pyc",
                                  ".ipynb_checkpoints", "node_modules", "artifacts")  # fmt: skip
    shutil.copytree(ROOT, repo, ignore=junk)
    run(["bash", repo / ".binder" / "postBuild"], cwd=repo, env=env)
    return bin_dir, env, repo


def test_binder_environment_holds_the_package_and_the_servers(binder, tmp_path):
    bin_dir, env, _ = binder
    python = bin_dir / "python"
    where = run([python, "-c", "import puzzlelab; print(puzzlelab.__file__)"], cwd=tmp_path, env=env)
    assert "site-packages" in where  # installed by postBuild, not imported from the checkout
    listed = json.loads(run([python, "-m", "pip", "list", "--format=json"], cwd=tmp_path, env=env))
    installed = {p["name"].lower() for p in listed}
    assert {"puzzlelab", "jupyterlab", "voila", "ipykernel", "numpy", "matplotlib", "ipywidgets"} <= installed
    assert (bin_dir / "jupyter-lab").exists()
    assert (bin_dir / "voila").exists()


def test_binder_environment_runs_lesson_00(binder, tmp_path):
    bin_dir, env, repo = binder
    lesson = tmp_path / LESSON
    shutil.copy2(repo / "notebooks" / LESSON, lesson)
    out = run([bin_dir / "python", "-c", RUN_LESSON, lesson], cwd=tmp_path, env=env)
    assert out.strip().endswith("errors: 0"), out
    assert int(out.split("cells run:")[1].split()[0]) > 5
