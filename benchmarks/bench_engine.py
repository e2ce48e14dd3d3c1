"""The search engine's hot loop and Board construction, this tree against older commits, side by side.

Each side runs in its own fresh Python process with ``PYTHONPATH`` pointing at its own copy of the
library (older commits extracted with ``git archive REV puzzlelab``; the last side is this working
tree). Times are CPU seconds (``time.process_time``) of the measured calls alone, best of
``--repeat`` rounds; the sides take turns round by round, in an order that alternates between
rounds, so a change in the machine's load falls on all of them alike. Nodes generated are printed
too: a ratio is only a speed ratio when they agree.

Parts:

1. ``astar``: A* on 202 8-puzzles (the two hardest and 200 seeded random solvable ones, the same on
   every side), once with each heuristic (``misplaced``, ``manhattan``, ``linear_conflict``);
   total CPU seconds and nodes generated.
2. ``manhattan``: A* with Manhattan alone on the same 202 boards (a second or so a side, so many
   rounds fit: the figure the issue named).
3. ``misplaced``: A* with misplaced tiles alone on the first 40 of those boards (three seconds or
   so a side: the heaviest frontier, many rounds still fit).
4. ``ida``: IDA* with Manhattan on the first 40 of those boards.
5. ``board``: 100,000 ``Board(tiles, 3, 3)`` constructions from exact-int tuples, and 20,000
   ``Board.parse`` calls on texts.
6. ``solvable``: ``parity.is_solvable`` 50,000 times on those 3x3 boards (goal given) and 20,000
   times on 200 random 4x4 boards (default goal).

Printed as ``side | side | ... | this tree``, with ratios (old / new: above 1 means this tree is
faster): the ratio of the best times and, with three rounds or more, the median over rounds of each
round's ratio (the sides of one round run one after the other, so a slow drift in the machine's load
cancels out). Example: ``.venv/bin/python benchmarks/bench_engine.py --revs 5180a5e,d24ffa4``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PARTS = ("astar", "manhattan", "misplaced", "ida", "board", "solvable")

WORKER = r"""
import json, os, sys, time
sys.meta_path = [f for f in sys.meta_path if "editable" not in repr(f).lower()]
import numpy as np
import puzzlelab
assert puzzlelab.__file__.startswith(os.environ["PYTHONPATH"]), puzzlelab.__file__
from puzzlelab import Board
from puzzlelab import search as S
part = sys.argv[1]
def boards():
    rng = np.random.default_rng(202)
    out = [Board.parse("8 6 7/2 5 4/3 _ 1"), Board.parse("6 4 7/8 5 _/3 2 1")]
    goal = Board.goal(3, 3)
    while len(out) < 202:
        perm = [int(t) for t in rng.permutation(9)]
        inv = sum(1 for i in range(9) for j in range(i) if perm[j] and perm[i] and perm[j] > perm[i])
        if inv % 2 == 0:
            out.append(Board(tuple(perm), 3, 3))
    return out
def timed(fn):
    t0 = time.process_time(); r = fn(); return time.process_time() - t0, r
if part == "astar":
    cases = boards()
    for name in ("misplaced", "manhattan", "linear_conflict"):
        h = getattr(S, name)
        t, nodes = timed(lambda: sum(S.astar(b, heuristic=h, budget=None).generated for b in cases))
        print(json.dumps({"row": f"A* {name}, 202 boards", "cpu": t, "nodes": nodes}))
if part == "manhattan":
    cases = boards()
    t, nodes = timed(lambda: sum(S.astar(b, heuristic=S.manhattan, budget=None).generated for b in cases))
    print(json.dumps({"row": "A* manhattan, 202 boards", "cpu": t, "nodes": nodes}))
if part == "misplaced":
    cases = boards()[:40]
    t, nodes = timed(lambda: sum(S.astar(b, heuristic=S.misplaced, budget=None).generated for b in cases))
    print(json.dumps({"row": "A* misplaced, 40 boards", "cpu": t, "nodes": nodes}))
if part == "ida":
    cases = boards()[:40]
    t, nodes = timed(lambda: sum(S.ida_star(b, heuristic=S.manhattan, budget=None).generated for b in cases))
    print(json.dumps({"row": "IDA* manhattan, 40 boards", "cpu": t, "nodes": nodes}))
if part == "board":
    tiles = [tuple(int(t) for t in b.tiles) for b in boards()]
    texts = [b.text() for b in boards()]
    t, _ = timed(lambda: [Board(tiles[k % 202], 3, 3) for k in range(100_000)])
    print(json.dumps({"row": "Board(tiles, 3, 3) x 100,000", "cpu": t, "nodes": 0}))
    t, _ = timed(lambda: [Board.parse(texts[k % 202]) for k in range(20_000)])
    print(json.dumps({"row": "Board.parse(text) x 20,000", "cpu": t, "nodes": 0}))
if part == "solvable":
    from puzzlelab.parity import is_solvable
    cases = boards()
    goal = Board.goal(3, 3)
    t, n = timed(lambda: sum(is_solvable(cases[k % 202], goal) for k in range(50_000)))
    print(json.dumps({"row": "is_solvable 3x3 x 50,000", "cpu": t, "nodes": 0}))
    rng = np.random.default_rng(16)
    fours = [Board(tuple(int(t) for t in rng.permutation(16)), 4, 4) for _ in range(200)]
    t, n = timed(lambda: sum(is_solvable(fours[k % 200]) for k in range(20_000)))
    print(json.dumps({"row": "is_solvable 4x4 x 20,000", "cpu": t, "nodes": 0}))
"""


def extract(rev: str, into: Path) -> Path:
    into.mkdir(parents=True)
    command = ["git", "-C", str(ROOT), "archive", rev, "puzzlelab"]
    archive = subprocess.run(command, capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into


def run(library: Path, cache: Path, part: str) -> list[dict]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(PYTHONPATH=str(library), PUZZLELAB_CACHE_DIR=str(cache), PYTHONDONTWRITEBYTECODE="1")
    out = subprocess.run([sys.executable, "-c", WORKER, part], env=env, cwd=cache, capture_output=True,
                         text=True, check=True)  # fmt: skip
    return [json.loads(line) for line in out.stdout.splitlines()]


def paired(old: list[float], new: list[float]) -> float:
    """The median over rounds of old / new, each round's two times measured one after the other."""
    ratios = sorted(o / n for o, n in zip(old, new, strict=False))
    if not ratios:
        return float("nan")
    middle = len(ratios) // 2
    return ratios[middle] if len(ratios) % 2 else (ratios[middle - 1] + ratios[middle]) / 2


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n\n", 1)[1],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    parser.add_argument("--revs", default="5180a5e", help="comma-separated commits to compare with")
    parser.add_argument("--repeat", type=int, default=3, help="rounds (best CPU time kept)")
    parser.add_argument("--parts", default=",".join(PARTS), help=f"comma-separated: {', '.join(PARTS)}")
    args = parser.parse_args(argv)
    revs = [r.strip() for r in args.revs.split(",") if r.strip()]
    parts = [p.strip() for p in args.parts.split(",") if p.strip()]
    if set(parts) - set(PARTS) or args.repeat < 1:
        parser.error(f"--parts takes {', '.join(PARTS)}; --repeat at least 1")
    with tempfile.TemporaryDirectory() as tmp:
        sides = [(rev, extract(rev, Path(tmp) / rev / "lib")) for rev in revs]
        sides.append(("tree", ROOT))
        for label, _ in sides:
            (Path(tmp) / label / "cache").mkdir(parents=True, exist_ok=True)
        for part in parts:
            best: dict[str, dict[str, dict]] = {label: {} for label, _ in sides}
            rounds: dict[str, dict[str, list[float]]] = {label: {} for label, _ in sides}
            for round_ in range(args.repeat):
                # the order alternates round by round, so no side always runs first (or last)
                for label, library in (reversed(sides) if round_ % 2 == 0 else sides):
                    for row in run(library, Path(tmp) / label / "cache", part):
                        rounds[label].setdefault(row["row"], []).append(row["cpu"])
                        kept = best[label].get(row["row"])
                        if kept is None or row["cpu"] < kept["cpu"]:
                            best[label][row["row"]] = row
            labels = [label for label, _ in sides]
            print(f"\n== {part}: CPU s (best of {args.repeat}) | nodes; ratio = side / tree")
            print(
                f"{'':<32}"
                + "".join(f"{label:>16}" for label in labels)
                + "".join(f"{label + '/tree':>16}" for label in labels[:-1])
            )
            for name, new in best["tree"].items():
                olds = [best[label].get(name, {"cpu": float("nan"), "nodes": 0}) for label in labels]
                line = f"{name:<32}" + "".join(f"{o['cpu']:>16.3f}" for o in olds)
                line += "".join(f"{o['cpu'] / new['cpu']:>16.2f}" for o in olds[:-1])
                print(line)
                if new["nodes"]:
                    print(f"{'   nodes generated':<32}" + "".join(f"{o['nodes']:>16,}" for o in olds))
                if args.repeat >= 3:  # the same round's times side by side: robust to slow drifts in load
                    mine = rounds["tree"][name]
                    ratios = [paired(rounds[label].get(name, []), mine) for label in labels[:-1]]
                    print(f"{'   median ratio of rounds':<32}" + " " * 16 * len(labels)
                          + "".join(f"{r:>16.2f}" for r in ratios))  # fmt: skip


if __name__ == "__main__":
    main()
