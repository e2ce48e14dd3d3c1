"""No function in the search core runs past about 50 lines (docs/design.md, "Textbook beside fast").

A function's length is counted from its ``def`` line to its last line, nested functions
included, without its docstring (a numpydoc docstring with examples is welcome at any length).
"""

from __future__ import annotations

import ast
from pathlib import Path

SEARCH = Path(__file__).resolve().parents[1] / "puzzlelab" / "search"
LIMIT = 50


def function_lengths(source: str) -> dict[str, int]:
    """``{"name:line": lines without the docstring}`` for every function in ``source``."""
    lengths = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            total = node.end_lineno - node.lineno + 1
            first = node.body[0]
            is_doc = isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
            doc = first.end_lineno - first.lineno + 1 if is_doc and isinstance(first.value.value, str) else 0
            lengths[f"{node.name}:{node.lineno}"] = total - doc
    return lengths


def test_function_lengths_counts_code_not_docstrings():
    source = 'def f():\n    """Doc\n    string."""\n    x = 1\n    return x\n\ndef g():\n    pass\n'
    assert function_lengths(source) == {"f:1": 3, "g:7": 2}


def test_no_search_function_is_over_the_limit():
    paths = sorted(SEARCH.glob("*.py"))
    assert len(paths) >= 8
    too_long = {
        f"{path.name}:{name}": n
        for path in paths
        for name, n in function_lengths(path.read_text(encoding="utf-8")).items()
        if n > LIMIT
    }
    assert not too_long, f"split these into named steps (limit {LIMIT} lines): {too_long}"
