"""Zero to JupyterHub: deploy/z2jh/config.yaml uses only keys the chart documents, with values of
the documented types, and says what a class needs (the image, storage, the copy hook, culling,
a real sign-in); the Docker build context leaves a developer's environments out. The image's
own steps (wheel, install, cache, copy) run in a fresh venv in tests/test_wheel.py: no image
builder that works without a daemon and a registry could be used here (base images come from
quay.io, which this machine cannot reach)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

yaml = pytest.importorskip("yaml")

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "deploy" / "z2jh" / "config.yaml"
KEYS = json.loads((Path(__file__).parent / "data" / "z2jh_keys.json").read_text())["keys"]
TYPES = {"string": str, "integer": int, "number": (int, float), "boolean": bool, "object": dict,
         "array": list, "null": type(None)}  # fmt: skip


def leaves(tree: dict, path: tuple = ()):
    """Every (dotted key, value) of a config, stopping where the chart stops describing it; a key
    the chart allows by pattern (hub.config's class names) is checked against the pattern."""
    parent = KEYS.get(".".join(path), {})
    for key, value in tree.items():
        dotted = ".".join((*path, key))
        if dotted not in KEYS and any(re.match(p, key) for p in parent.get("patterns", ())):
            continue  # a pass-through section (say hub.config.GitHubOAuthenticator): the chart stops here
        yield dotted, value
        if isinstance(value, dict) and dotted in KEYS and not KEYS[dotted]["free"]:
            yield from leaves(value, (*path, key))


def test_every_key_is_documented_by_the_chart_with_its_type():
    config = yaml.safe_load(CONFIG.read_text())
    checked = 0
    for dotted, value in leaves(config):
        assert dotted in KEYS, f"{dotted} is not a key of the jupyterhub chart"
        allowed = KEYS[dotted]["type"]
        if allowed:
            kinds = tuple(t for name in allowed for t in (TYPES[name] if isinstance(TYPES[name], tuple)
                                                           else (TYPES[name],)))  # fmt: skip
            assert isinstance(value, kinds), f"{dotted}: {value!r} is not {allowed}"
        checked += 1
    assert checked > 20


def test_the_config_holds_what_a_class_needs():
    config = yaml.safe_load(CONFIG.read_text())
    single = config["singleuser"]
    assert single["image"]["name"]
    assert single["image"]["tag"]
    assert single["storage"]["type"] == "dynamic"
    command = single["lifecycleHooks"]["postStart"]["exec"]["command"]
    assert command[:4] == ["python", "-m", "puzzlelab", "copy"]
    lessons = Path(command[4])
    assert lessons.is_relative_to(single["storage"]["homeMountPath"]), (
        "the lessons go into the student's volume"
    )
    assert "--force" not in command, "a restart must keep the student's work"
    assert single["defaultUrl"] == f"/lab/tree/{lessons.name}/00_play.ipynb"
    assert config["cull"]["enabled"] is True
    assert config["cull"]["timeout"] > 0
    authenticator = config["hub"]["config"]["JupyterHub"]["authenticator_class"]
    assert authenticator not in ("dummy", "null"), "a real sign-in method"


def test_the_image_is_built_from_the_wheel_and_keeps_lessons_out_of_home():
    dockerfile = (ROOT / "deploy" / "Dockerfile").read_text()
    assert "pip wheel" in dockerfile
    assert "puzzlelab-*.whl" in dockerfile
    assert "puzzlelab copy" not in dockerfile, "lessons baked into $HOME are hidden by the student's volume"
    ignored = (ROOT / ".dockerignore").read_text().split()
    for path in (".venv", ".git", "work", "deploy/node_modules", "docs/_build"):
        assert path in ignored
