"""The README's code examples run as printed."""

import re
from pathlib import Path

import pytest

README = (Path(__file__).resolve().parents[1] / "README.md").read_text()
BLOCKS = re.findall(r"```python\n(.*?)```", README, flags=re.S)


def test_readme_has_examples():
    assert len(BLOCKS) >= 2


@pytest.mark.parametrize("block", BLOCKS, ids=lambda b: b.splitlines()[0][:40])
def test_readme_example_runs(block, capsys):
    exec(compile(block, "README.md", "exec"), {})
    if "print(" in block:
        out = capsys.readouterr().out
        assert "verdict: solvable" in out
        assert "6879/256" in out
