"""The conda files agree with pyproject.toml (what pip and CI install).

- ``environment.yml``: the development environment, the library and every extra but ``bench``.
- ``.binder/environment.yml``: Binder's and students' environment, the library and the ``lab`` and
  ``app`` extras, without the package itself (repo2docker builds it before the source is copied in;
  ``.binder/postBuild`` installs the package). tests/test_binder.py builds it with pip and runs a lesson.

No conda can be installed here (not on PyPI or apt; conda channels unreachable), so the files are
checked against each other, against what is installed in CI, and parsed by rattler's MatchSpec.
"""

import os
import re
import tomllib
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
DEV_ENV = ROOT / "environment.yml"
BINDER_ENV = ROOT / ".binder" / "environment.yml"
PIP_TO_CONDA = {"matplotlib": "matplotlib-base", "build": "python-build"}  # conda-forge names
PIP_ONLY_EXTRAS = {"bench"}  # the benchmark's rival solver: deliberately not in environment.yml
BINDER_EXTRAS = {"lab", "app"}  # opening the lessons and one lesson as an app
CONDA_SPEC = re.compile(r"^(?P<name>[A-Za-z0-9_.\-]+)\s*(?P<spec>[<>=!~ ,.*0-9A-Za-z]*)$")


def pyproject():
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def requirements(extras):
    """Runtime requirements plus those of ``extras``, following ``puzzlelab[x]`` references."""
    project = pyproject()
    reqs, todo, seen = [Requirement(r) for r in project["dependencies"]], list(extras), set()
    while todo:
        extra = todo.pop()
        if extra in seen:
            continue
        seen.add(extra)
        for text in project["optional-dependencies"][extra]:
            req = Requirement(text)
            if canonicalize_name(req.name) == project["name"]:
                todo += sorted(req.extras)
            else:
                reqs.append(req)
    return reqs


def all_extras():
    return set(pyproject()["optional-dependencies"]) - PIP_ONLY_EXTRAS


def conda_name(req):
    name = canonicalize_name(req.name)
    return PIP_TO_CONDA.get(name, name)


def conda_specs(path):
    """``{name: specifier}`` of the conda packages, and the ``pip:`` list."""
    specs, pip = {}, []
    for dep in yaml.safe_load(path.read_text())["dependencies"]:
        if isinstance(dep, dict):
            pip += dep.get("pip", [])
            continue
        m = CONDA_SPEC.match(dep)
        assert m, f"unparseable conda spec {dep!r} in {path.name}"
        assert m["name"].lower() not in specs, f"{m['name']} listed twice in {path}"
        specs[m["name"].lower()] = m["spec"].replace(" ", "")
    return specs, pip


ENVIRONMENTS = {"dev": (DEV_ENV, all_extras), "binder": (BINDER_ENV, lambda: BINDER_EXTRAS)}


@pytest.fixture(params=sorted(ENVIRONMENTS))
def env(request):
    path, extras = ENVIRONMENTS[request.param]
    return path, requirements(extras())


def test_an_extra_never_bounds_a_package_differently_from_another():
    seen = {}
    for req in requirements(all_extras() | PIP_ONLY_EXTRAS):
        assert seen.setdefault(req.name.lower(), req.specifier) == req.specifier, req.name


def test_channels_are_conda_forge_only(env):
    path, _ = env
    assert yaml.safe_load(path.read_text())["channels"] == ["conda-forge"]


def test_every_requirement_is_in_the_file_with_the_same_bounds(env):
    path, reqs = env
    conda, _ = conda_specs(path)
    for req in reqs:
        name = conda_name(req)
        assert name in conda, f"{req.name} missing from {path.relative_to(ROOT)}"
        assert SpecifierSet(conda[name]) == req.specifier, (path.name, name, conda[name], str(req.specifier))


def test_no_other_conda_packages(env):
    path, reqs = env
    conda, _ = conda_specs(path)
    extra = set(conda) - {conda_name(r) for r in reqs} - {"python", "pip"}
    assert not extra, f"{path.relative_to(ROOT)} has packages pyproject.toml does not ask for: {extra}"


def test_python_bound_matches_requires_python(env):
    path, _ = env
    conda, _ = conda_specs(path)
    assert SpecifierSet(conda["python"]) == SpecifierSet(pyproject()["requires-python"])


def test_the_dev_environment_installs_the_checkout_editable():
    _, pip = conda_specs(DEV_ENV)
    assert pip == ["-e ."]


def test_binder_installs_the_package_after_the_source_is_copied():
    """repo2docker cannot install ``-e .`` from environment.yml: postBuild does it, without -e."""
    _, pip = conda_specs(BINDER_ENV)
    assert pip == []
    post_build = ROOT / ".binder" / "postBuild"
    assert os.access(post_build, os.X_OK), "repo2docker runs postBuild only if it is executable"
    commands = [line for line in post_build.read_text().splitlines() if line and not line.startswith("#")]
    installs = [line for line in commands if "pip install" in line]
    assert len(installs) == 1
    assert installs[0].rstrip().endswith(" .")
    assert " -e" not in installs[0]
    assert "--no-deps" in installs[0]  # the environment already holds every dependency


def test_installed_versions_are_admitted_by_both_files():
    """What CI really tested (a pip venv) must be installable from the conda files too."""
    for path, extras in ENVIRONMENTS.values():
        conda, _ = conda_specs(path)
        for req in requirements(extras()):
            try:
                v = Version(version(req.name))
            except PackageNotFoundError:
                continue
            assert v in req.specifier, (req.name, v)
            assert v in SpecifierSet(conda[conda_name(req)]), (path.name, req.name, v)


def test_conda_specs_parse_with_rattler(env):
    rattler = pytest.importorskip("rattler")  # py-rattler (test extra): the offline conda MatchSpec parser
    path, _ = env
    for dep in yaml.safe_load(path.read_text())["dependencies"]:
        if isinstance(dep, str):
            rattler.MatchSpec(dep)
