"""The layers import one way only, and the algorithm layers need no plotting or widget library."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "puzzlelab"
ALGORITHM_MODULES = [
    "puzzlelab",
    "puzzlelab.board",
    "puzzlelab.perm",
    "puzzlelab.parity",
    "puzzlelab.shuffles",
    "puzzlelab.sampling",
    "puzzlelab.distributions",
    "puzzlelab.heuristics",
    "puzzlelab.search",
]
# what each layer may import from inside puzzlelab (DESIGN.md, "Layers")
ALLOWED = {
    "board": {"_validate"},
    "perm": {"_validate"},
    "parity": {"board", "perm", "_validate"},
    "shuffles": {"board", "perm", "parity", "_validate"},
    "sampling": {"board", "perm", "parity", "shuffles", "_validate"},
    "distributions": {"board", "perm", "parity", "shuffles", "sampling", "_validate"},
    "heuristics": {"board", "perm", "parity", "_cache", "_validate"},
    "search": {"board", "perm", "parity", "heuristics", "_cache", "_validate", "search", "data"},
}


@pytest.mark.parametrize("module", ALGORITHM_MODULES)
def test_algorithm_modules_import_no_plotting_or_widgets(module):
    code = (
        f"import sys, {module}\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in {'matplotlib', 'ipywidgets', 'IPython'})\n"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"{module} pulls in {out.stdout.strip()}"


def _internal_imports(path: Path) -> set[str]:
    """Top-level puzzlelab modules that ``path`` imports (relative or absolute)."""
    package = path.parent.relative_to(PACKAGE.parent).parts  # ("puzzlelab",) or ("puzzlelab", "search")
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(package[: len(package) - node.level + 1])
                module = base + (node.module.split(".") if node.module else [])
                targets = [module] if node.module else [[*module, a.name] for a in node.names]
            else:
                targets = [node.module.split(".")]
        elif isinstance(node, ast.Import):
            targets = [a.name.split(".") for a in node.names]
        else:
            continue
        found |= {t[1] for t in targets if t[0] == "puzzlelab" and len(t) > 1}
    return found


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_imports_point_one_way(layer):
    paths = [PACKAGE / f"{layer}.py"] if (PACKAGE / f"{layer}.py").exists() else []
    paths += sorted((PACKAGE / layer).glob("*.py")) if (PACKAGE / layer).is_dir() else []
    assert paths, f"layer {layer} not found"
    for path in paths:
        extra = _internal_imports(path) - ALLOWED[layer] - {layer}
        assert not extra, f"{path.relative_to(PACKAGE)} imports {sorted(extra)}, above its layer"
