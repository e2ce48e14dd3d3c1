"""What the weight explorer sends its module, written by Python for ``tests/js/weight_explorer.test.mjs``.

- ``grid.bin``: the ``runs`` bytes of an explorer after ``sweep()`` on the hardest 8-puzzle
  (every grid weight, g and h as uint8), and ``grid.json``: the runs as the library made them
  (weight, bound, expanded, cost, g, h), the texts Python shows for each (``expanded``,
  ``length``), the optimum, and which run the slider shows for some typed weights.
- ``wide.bin`` / ``wide.json``: runs made up to reach the other array types (g above 255: uint16,
  h above 65,535: uint32), an unsolved run, an empty run, and the texts for them.
- ``numbers.json``: numbers with Python's ``f"{x:g}"`` and ``f"{n:,}"``.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np

from puzzlelab.widgets import WeightExplorer
from puzzlelab.widgets.weight_explorer import SWEEP_WEIGHTS, Run, encode_runs, expanded_text, length_text

HARDEST = "8 6 7/2 5 4/3 _ 1"


def _run_json(run: Run) -> dict:
    return {
        "weight": run.weight,
        "bound": run.bound,
        "expanded": run.expanded,
        "cost": run.cost,
        "solved": run.solved,
        "g": run.g.tolist(),
        "h": run.h.tolist(),
        "gBytes": run.g.itemsize,
        "hBytes": run.h.itemsize,
    }


def _nearest(weights, weight: float) -> int:
    return min(range(len(weights)), key=lambda k: abs(math.log(weights[k]) - math.log(weight)))


def write_grid(directory: Path) -> None:
    explorer = WeightExplorer(HARDEST, weight=1.0)
    explorer.sweep()
    explorer.weight = 1.65  # off the grid: joins it
    runs = [run for _, run in explorer._done()]
    texts = []
    for run in runs:
        explorer.weight = run.weight
        texts.append({"expanded": explorer.expanded, "length": explorer.length})
    weights = [run.weight for run in runs]
    typed = [1.0, 1.05, 1.65, 1.66, 2.1, 3.2, 7.4, 9.99, 10.0]
    (directory / "grid.bin").write_bytes(explorer.runs)
    (directory / "grid.json").write_text(
        json.dumps(
            {
                "runs": [_run_json(run) for run in runs],
                "texts": texts,
                "optimum": explorer.optimum(),
                "budget": explorer.budget,
                "grid": list(SWEEP_WEIGHTS),
                "typed": [{"weight": w, "index": _nearest(weights, w), "exact": w in weights} for w in typed],
            }
        )
    )
    explorer.close()


def write_wide(directory: Path) -> None:
    rng = np.random.default_rng(5)
    g = rng.integers(0, 300, size=37).astype(np.uint16)
    h = rng.integers(0, 70_000, size=37).astype(np.uint32)
    runs = [
        Run(1.35, True, 280, 37, g, h, 1234.5),
        Run(2.5, False, -1, 50_000, np.array([3, 3], np.uint8), np.array([7, 9], np.uint8), 25.5),
        Run(9.0, True, 0, 0, np.zeros(0, np.uint8), np.zeros(0, np.uint8), 0.0),
    ]
    (directory / "wide.bin").write_bytes(encode_runs(runs))
    cases = []
    for run in runs:
        for optimum in (None, 0, 270):
            cases.append({"optimum": -1 if optimum is None else optimum, "length": length_text(run, optimum)})
    (directory / "wide.json").write_text(
        json.dumps(
            {
                "runs": [_run_json(run) for run in runs],
                "expanded": [expanded_text(run) for run in runs],
                "lengths": cases,
            }
        )
    )


def write_numbers(directory: Path) -> None:
    reals = [1.0, 1.1, 1.25, 2.0, 10.0, 29.300000000000004, 31.0, 1234.5, 0.5, 1 / 3, 123456.0, 1234567.0,
             0.0001, 0.00001234, 2.675, 99999.95, 999999.5]  # fmt: skip
    ints = [0, 7, 999, 1000, 12_345, 1_234_567, 50_000]
    (directory / "numbers.json").write_text(
        json.dumps(
            {
                "g": [[x, f"{x:g}"] for x in reals],
                "comma": [[n, f"{n:,}"] for n in ints],
            }
        )
    )


def write(directory: Path) -> None:
    write_grid(directory)
    write_wide(directory)
    write_numbers(directory)
