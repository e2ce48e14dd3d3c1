"""Print pip constraints pinning every runtime dependency at its declared lower bound.

``make test-oldest`` installs puzzlelab with these (``pip install -c``), so the bounds in
pyproject.toml are tested, not hoped for: ``numpy>=1.26`` becomes ``numpy==1.26``.
Standard library only: any Python 3.11 runs it.
"""

import re
import sys
import tomllib
from pathlib import Path

REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^]]*\])?\s*(.*)$")


def lower_bounds(pyproject: Path) -> list[str]:
    pins = []
    for text in tomllib.loads(pyproject.read_text())["project"]["dependencies"]:
        name, _extras, spec = REQUIREMENT.match(text.split(";")[0]).groups()
        floors = re.findall(r"(?:>=|==|~=)\s*([0-9][0-9A-Za-z.]*)", spec)
        if not floors:
            sys.exit(f"{name} has no lower bound in pyproject.toml: give it one")
        pins.append(f"{name}=={floors[0]}")
    return pins


if __name__ == "__main__":
    root = Path(__file__).resolve().parents[1]
    print("\n".join(lower_bounds(root / "pyproject.toml")))
