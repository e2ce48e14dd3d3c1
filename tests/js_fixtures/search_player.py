"""Fixtures for tests/js/search_player.test.mjs: packed runs (the bytes the search player sends)
and, for every step, what the library's own Trace says the step shows."""

from __future__ import annotations

import json
import math
from pathlib import Path

from puzzlelab.search import (
    Trace,
    article_solver,
    astar,
    bfs,
    greedy,
    linear_conflict,
    misplaced,
    weighted_astar,
)
from puzzlelab.search.encode import encode_run, pack_run

#: several methods, tie rules, duplicate rules, shapes and endings (solved, budget, solved at once)
RUNS = {
    "astar_manhattan_3x3": lambda: astar("8 6 7/2 5 4/3 _ 1", budget=400, record=True),
    "astar_misplaced_3x3": lambda: astar("4 1 3/7 2 6/_ 5 8", heuristic=misplaced, record=True),
    "bfs_2x3": lambda: bfs("4 1 2/5 _ 3", record=True),
    "greedy_3x3": lambda: greedy("8 6 7/2 5 4/3 _ 1", record=True),
    "weighted_1_3_3x3": lambda: weighted_astar(
        "3 5 _/6 1 2/4 7 8", weight=1.3, heuristic=linear_conflict, record=True
    ),
    "article_3x3": lambda: article_solver("3 5 _/6 1 2/4 7 8", record=True),
    "solved_start": lambda: astar("1 2 3/4 5 6/7 8 _", record=True),
}


def _number(x: float):
    return None if isinstance(x, float) and math.isnan(x) else x


def _node(node) -> dict:
    return {
        "tiles": list(node.state),
        "g": node.g,
        "h": _number(node.h),
        "f": _number(node.f),
        "move": node.move,
    }


def expected(trace: Trace) -> list[dict]:
    steps = []
    for k in range(1, trace.steps + 1):
        generated, skipped = trace.children(k)
        best, size = trace.frontier(k)
        steps.append({
            "node": _node(trace.node(k)),
            "generated": [_node(n) for n in generated],
            "skipped": [_node(n) for n in skipped],
            "frontier": [_node(n) for n in best],
            "size": size,
            "path": "".join(n.move for n in trace.node(k).path()[1:]),
            "describe": trace.describe(k),
            "frontier_size": int(trace.frontier_sizes[k - 1]),
        })  # fmt: skip
    return steps


def write(directory: Path) -> None:
    names = []
    for name, make in RUNS.items():
        trace = Trace(make())
        encoded = encode_run(trace)
        (directory / f"{name}.bin").write_bytes(pack_run(encoded))
        (directory / f"{name}.binz").write_bytes(pack_run(encoded, compress=True))
        (directory / f"{name}.json").write_text(
            json.dumps({"steps": trace.steps, "expected": expected(trace)})
        )
        names.append(name)
    (directory / "runs.json").write_text(json.dumps(names))
