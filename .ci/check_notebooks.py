"""Check that lesson notebooks are committed as the course needs them (pre-commit hook; also run by
tests/test_editions.py): every code cell that has source was executed (an execution count), no
output is an error, every cell has an id, and the notebook names its kernel.

    python .ci/check_notebooks.py notebooks/*.ipynb

Without arguments: every lesson, English (``notebooks/``) and Chinese (``notebooks/zh-CN/``).

Standard library only.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def problems(path: Path) -> list[str]:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    found = []
    if "kernelspec" not in notebook.get("metadata", {}):
        found.append(f"{path}: no kernelspec in the metadata (JupyterLab would ask for a kernel)")
    for number, cell in enumerate(notebook["cells"]):
        where = f"{path}: cell {number} ({cell.get('id', 'no id')})"
        if "id" not in cell:
            found.append(f"{where}: no cell id")
        if cell["cell_type"] != "code" or not "".join(cell["source"]).strip():
            continue
        if cell.get("execution_count") is None:
            make = "make notebooks-zh" if path.parent.name == "zh-CN" else "make notebooks"
            found.append(f"{where}: not executed (run `{make}`)")
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                found.append(f"{where}: committed with an error: {output.get('ename')}")
    return found


def main(paths: list[str]) -> int:
    found = [problem for path in paths for problem in problems(Path(path))]
    print("\n".join(found))
    return 1 if found else 0


if __name__ == "__main__":
    lessons = [str(p) for folder in ("notebooks", "notebooks/zh-CN")
               for p in sorted(Path(folder).glob("[0-9][0-9]_*.ipynb"))]  # fmt: skip
    raise SystemExit(main(sys.argv[1:] or lessons))
