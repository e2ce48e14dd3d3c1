"""Under Voila a widget's display is the live view alone: no PNG picture, no offline copy and no
matplotlib, so the dashboards' first widget is not kept waiting for a picture no one sees
(issue 21's 3 s). Everywhere else (JupyterLab, nbval, the docs) the static copies stay.

Each case runs in a fresh interpreter, so "matplotlib was never imported" is a real observation.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

APPS_DIR = Path(__file__).resolve().parents[1] / "puzzlelab" / "apps"
APPS = sorted(p.stem for p in APPS_DIR.glob("*.ipynb"))
# runs a dashboard's code cells as a kernel would (the last expression is what it displays),
# then displays that and reports what the display held and whether matplotlib was imported
RUN = """
import ast, json, sys
cells = [c for c in json.load(open(sys.argv[1], encoding="utf-8"))["cells"] if c["cell_type"] == "code"]
tree = ast.parse("\\n".join("".join(c["source"]) for c in cells))
last = tree.body.pop()
scope = {}
exec(compile(tree, "app", "exec"), scope)
w = eval(compile(ast.Expression(last.value), "app", "eval"), scope)
data, metadata = w._repr_mimebundle_()
imported = any(m.split(".")[0] == "matplotlib" for m in sys.modules)
print(json.dumps({"kinds": sorted(data), "matplotlib": imported, "error": w.error_message,
                  "drawn": getattr(w, "drawn", None)}))
"""


def display_in_a_fresh_kernel(app: str, *, voila: bool) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("VOILA_")}
    if voila:
        env["VOILA_BASE_URL"] = "/"  # what Voila sets for every kernel it starts (preheated or not)
    notebook = str(APPS_DIR / f"{app}.ipynb")
    out = subprocess.run([sys.executable, "-c", RUN, notebook], env=env, capture_output=True, text=True,
                         check=True, timeout=120)  # fmt: skip
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("app", APPS)
def test_under_voila_a_display_is_the_live_view_alone_without_matplotlib(app):
    shown = display_in_a_fresh_kernel(app, voila=True)
    assert shown["error"] == ""
    assert "application/vnd.jupyter.widget-view+json" in shown["kinds"]
    assert "text/plain" in shown["kinds"]
    assert "image/png" not in shown["kinds"]
    assert "text/html" not in shown["kinds"]
    assert shown["matplotlib"] is False, f"the {app} dashboard imported matplotlib under Voila"


@pytest.mark.slow
@pytest.mark.parametrize("app", APPS)
def test_elsewhere_a_display_keeps_its_picture(app):
    shown = display_in_a_fresh_kernel(app, voila=False)
    assert shown["error"] == ""
    assert {"application/vnd.jupyter.widget-view+json", "image/png", "text/plain"} <= set(shown["kinds"])
    assert shown["matplotlib"] is True
    if app == "search":  # the offline copy for the docs site
        assert "text/html" in shown["kinds"]


def test_every_app_is_tested():
    assert APPS == ["parity", "play", "search", "shuffles", "weights"]


def test_a_shuffle_under_voila_is_not_sampled_whole_at_display():
    """Elsewhere the display samples the whole run for its picture and summary; under Voila the
    live view asks for it batch by batch, so the display sends nothing ahead of it."""
    assert display_in_a_fresh_kernel("shuffles", voila=True)["drawn"] == 0
    assert display_in_a_fresh_kernel("shuffles", voila=False)["drawn"] == 10_000
