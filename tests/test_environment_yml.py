"""environment.yml (conda, for students) must agree with pyproject.toml (pip, what CI installs).

No conda/micromamba can be installed on this machine (not on PyPI/apt; conda channels unreachable),
so we check the two files against each other, and against what is actually installed in CI.
"""
import re
import tomllib
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import yaml
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
PIP_TO_CONDA = {"matplotlib": "matplotlib-base", "build": "python-build"}  # conda-forge names
PIP_ONLY_EXTRAS = {"browser", "bench"}                          # extras deliberately not in environment.yml
CONDA_SPEC = re.compile(r"^(?P<name>[A-Za-z0-9_.\-]+)\s*(?P<spec>[<>=!~ ,.*0-9A-Za-z]*)$")


def _pyproject():
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def _env():
    return yaml.safe_load((ROOT / "environment.yml").read_text())


def _conda_specs():
    specs, pip = {}, []
    for dep in _env()["dependencies"]:
        if isinstance(dep, dict):
            pip += dep.get("pip", [])
            continue
        m = CONDA_SPEC.match(dep)
        assert m, f"unparseable conda spec {dep!r}"
        specs[m["name"].lower()] = m["spec"].replace(" ", "")
    return specs, pip


def _pip_reqs():
    proj = _pyproject()
    reqs = [Requirement(r) for r in proj["dependencies"]]
    for extra, items in proj.get("optional-dependencies", {}).items():
        if extra not in PIP_ONLY_EXTRAS:
            reqs += [Requirement(r) for r in items]
    return reqs


def test_channels_are_conda_forge_only():
    assert _env()["channels"] == ["conda-forge"]


def test_every_pip_requirement_is_in_environment_yml_with_same_bounds():
    conda, _ = _conda_specs()
    for req in _pip_reqs():
        name = PIP_TO_CONDA.get(req.name.lower(), req.name.lower())
        assert name in conda, f"{req.name} missing from environment.yml"
        # conda '>=1.26' and pip '>=1.26' use the same syntax for simple bounds: compare as sets
        assert SpecifierSet(conda[name]) == req.specifier, (name, conda[name], str(req.specifier))


def test_no_extra_conda_packages():
    conda, _ = _conda_specs()
    known = {PIP_TO_CONDA.get(r.name.lower(), r.name.lower()) for r in _pip_reqs()} | {"python", "pip"}
    assert set(conda) <= known, set(conda) - known


def test_python_bound_matches_requires_python():
    conda, _ = _conda_specs()
    assert SpecifierSet(conda["python"]) == SpecifierSet(_pyproject()["requires-python"])


def test_environment_installs_the_package_itself():
    _, pip = _conda_specs()
    assert "-e ." in pip or "." in pip


def test_installed_versions_are_admitted_by_both_files():
    """What CI really tested (pip venv) must be installable from environment.yml too."""
    conda, _ = _conda_specs()
    for req in _pip_reqs():
        try:
            v = Version(version(req.name))
        except PackageNotFoundError:
            continue
        assert v in req.specifier, (req.name, v)
        assert v in SpecifierSet(conda[PIP_TO_CONDA.get(req.name.lower(), req.name.lower())]), (req.name, v)


def test_conda_specs_parse_with_rattler():
    import rattler  # py-rattler (test extra): the offline conda MatchSpec parser

    for dep in _env()["dependencies"]:
        if isinstance(dep, str):
            rattler.MatchSpec(dep)
