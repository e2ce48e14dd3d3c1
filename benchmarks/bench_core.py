"""The search core, new against the code before this round (b3fb26c), side by side in one run.

Each side runs in its own subprocess (the baseline extracted with ``git archive b3fb26c
puzzlelab`` into a temporary directory, put first on PYTHONPATH) and reports CPU seconds
(``time.process_time``) of the search alone:

1. Korf's 100 15-puzzles (blank-first goal), IDA* with the reflected 6-6-3 pattern database:
   mean, median and max CPU seconds, mean nodes generated and expanded, all optimal?
2. The two hardest 8-puzzles (31 moves), A* with each heuristic.
3. The playable board's hint on 20 random 4x4 boards (median and worst CPU seconds).

Run: ``.venv/bin/python benchmarks/bench_core.py [--limit N] [--skip korf,hint]``; the full
100 instances take a few minutes per side.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "b3fb26c"

WORKER = r"""
import json, os, sys, time, random
# the editable install's import hook would shadow PYTHONPATH: drop it, and check which code runs
sys.meta_path = [f for f in sys.meta_path if "editable" not in repr(f).lower()]
import puzzlelab
assert puzzlelab.__file__.startswith(os.environ["PYTHONPATH"]), puzzlelab.__file__
from puzzlelab import Board
from puzzlelab import search as S
from puzzlelab.parity import is_solvable
part, limit = sys.argv[1], int(sys.argv[2])
out = {}
def cpu(fn):
    global t0
    t0 = time.process_time(); r = fn(); return time.process_time() - t0, r
if part == "korf":
    pdb = S.pattern_database(S.KORF_GOAL, reflect=True, progress=None)
    rows = []
    for ident, board, optimal in S.korf100()[:limit]:
        t, r = cpu(lambda: S.ida_star(board, S.KORF_GOAL, heuristic=pdb, budget=None, seconds=None))
        rows.append([ident, t, r.generated, r.expanded, r.cost == optimal])
    out["korf"] = rows
if part == "hardest":
    for name in ("misplaced", "manhattan", "linear_conflict"):
        h = getattr(S, name)
        times = []
        for b in (Board.parse("8 6 7/2 5 4/3 _ 1"), Board.parse("6 4 7/8 5 _/3 2 1")):
            t, r = cpu(lambda: S.astar(b, heuristic=h, budget=None))
            times.append([t, r.expanded, r.cost])
        out[name] = times
if part == "hint":
    from puzzlelab.widgets._solving import plan_solution
    rng, goal, rows = random.Random(7), Board.goal(4, 4), []
    plan_solution(Board.goal(4, 4).apply("LU"), goal)  # warm up (tables loaded once)
    for _ in range(limit):
        tiles = list(range(16)); rng.shuffle(tiles)
        b = Board(tuple(tiles), 4, 4)
        if not is_solvable(b, goal):
            k = [i for i, t in enumerate(tiles) if t][:2]
            tiles[k[0]], tiles[k[1]] = tiles[k[1]], tiles[k[0]]
            b = Board(tuple(tiles), 4, 4)
        try:
            t, plan = cpu(lambda: plan_solution(b, goal))
            rows.append([t, len(plan.moves), plan.optimal])
        except ValueError as stopped:  # a bound reached: the widget shows the reason
            rows.append([time.process_time() - t0, -1, False])
    out["hint"] = rows
print(json.dumps(out))
"""


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--limit", type=int, default=10, help="Korf instances per side (default 10; 100 for all)"
    )
    parser.add_argument("--hints", type=int, default=20, help="random 4x4 boards for the hint (default 20)")
    parser.add_argument("--skip", default="", help="comma-separated parts to skip: korf, hardest, hint")
    return parser.parse_args()


def run_side(pythonpath: str, part: str, limit: int) -> dict:
    env = {**os.environ, "PYTHONPATH": pythonpath}
    done = subprocess.run(
        [sys.executable, "-c", WORKER, part, str(limit)], env=env, cwd=pythonpath,
        capture_output=True, text=True, check=False
    )
    if done.returncode:
        return {"error": done.stderr.strip().splitlines()[-1:]}
    return json.loads(done.stdout.strip().splitlines()[-1])


def baseline_tree(tmp: str) -> str:
    archive = subprocess.run(
        ["git", "archive", BASELINE, "puzzlelab"], cwd=ROOT, capture_output=True, check=True
    )
    subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
    return tmp


def show_korf(new: dict, old: dict) -> None:
    print("== Korf's 100 (first N), IDA* + reflected 6-6-3 pattern database, CPU seconds per instance")
    for label, side in (("new", new), (BASELINE, old)):
        rows = side.get("korf")
        if not rows:
            print(f"{label:>8}: {side.get('error')}")
            continue
        times = [r[1] for r in rows]
        print(
            f"{label:>8}: n={len(rows)} mean {statistics.mean(times):.3f} s, median "
            f"{statistics.median(times):.3f} s, max {max(times):.3f} s; mean generated "
            f"{statistics.mean(r[2] for r in rows):,.0f}, "
            f"expanded {statistics.mean(r[3] for r in rows):,.0f}; "
            f"all optimal: {all(r[4] for r in rows)}"
        )
    if new.get("korf") and old.get("korf"):
        same = [a[2] == b[2] and a[3] == b[3] for a, b in zip(new["korf"], old["korf"], strict=True)]
        ratio = sum(r[1] for r in old["korf"]) / sum(r[1] for r in new["korf"])
        print(f"   identical node counts on {sum(same)}/{len(same)}; new is x{ratio:.2f} faster")


def show_hardest(new: dict, old: dict) -> None:
    print("== the two hardest 8-puzzles, A* (CPU seconds for both; expansions)")
    for name in ("misplaced", "manhattan", "linear_conflict"):
        cells = []
        for side in (new, old):
            rows = side.get(name)
            cells.append(f"{sum(r[0] for r in rows):7.3f} s ({sum(r[1] for r in rows):,})" if rows else "  -")
        print(f"{name:>16}: new {cells[0]} | {BASELINE} {cells[1]}")


def show_hint(new: dict, old: dict) -> None:
    print("== playable board hint, random 4x4 boards (CPU seconds)")
    for label, side in (("new", new), (BASELINE, old)):
        rows = side.get("hint")
        if not rows:
            print(f"{label:>8}: {side.get('error')}")
            continue
        times = [r[0] for r in rows]
        optimal, stopped = sum(r[2] for r in rows), sum(r[1] < 0 for r in rows)
        print(
            f"{label:>8}: n={len(rows)} median {statistics.median(times):.3f} s, worst {max(times):.3f} s, "
            f"optimal {optimal}/{len(rows)}, stopped by a bound {stopped}"
        )


def main() -> None:
    args = arguments()
    skip = {s.strip() for s in args.skip.split(",") if s.strip()}
    with tempfile.TemporaryDirectory() as tmp:
        old_path = baseline_tree(tmp)
        for part, limit, show in (("hardest", 0, show_hardest), ("hint", args.hints, show_hint),
                                  ("korf", args.limit, show_korf)):  # fmt: skip
            if part in skip:
                continue
            new = run_side(str(ROOT), part, limit)
            old = run_side(old_path, part, limit)
            show(new, old)
            sys.stdout.flush()


if __name__ == "__main__":
    main()
