"""The search core, new against the code before this round (b3fb26c), side by side in one run.

Each side runs in its own fresh Python process with ``PYTHONPATH`` pointing at its own copy of the
library (the baseline extracted with ``git archive b3fb26c puzzlelab`` into a temporary directory;
the new side is this working tree, or ``--new REV`` extracted the same way), and its own empty
cache directory (``PUZZLELAB_CACHE_DIR``), so neither side reads the other's tables. Times are
CPU seconds (``time.process_time``) of the measured call alone, in the measuring process; nodes
are the result's ``generated`` (and ``expanded``) counts. Printed as ``b3fb26c | new | ratio``
(ratio = baseline / new: above 1 means the new code is faster or generates fewer nodes):

1. ``cold``: cold first use of the 4x4 pattern database (Korf's goal, reflected look-up),
   ``pattern_database(...)`` in a fresh process on an empty cache, then again warm.
2. ``hardest``: the two hardest 8-puzzles (31 moves), A* with each heuristic (best of 3 runs).
3. ``hint``: the playable board's hint (``widgets._solving.plan_solution``) on 20 random solvable
   4x4 boards, the same boards on both sides (median and worst CPU seconds).
4. ``korf``: Korf's 100 15-puzzles (blank-first goal), IDA* with the reflected 6-6-3 pattern
   database: mean, median, max and total CPU seconds, mean nodes generated and expanded; every
   solution checked against the optimal length in ``puzzlelab/data/korf100.tsv`` and replayed
   to the goal ("all optimal" or the failures).

The new side runs first on each part; Korf's instances go in chunks of ``--chunk`` (default 10),
the sides taking turns, so that a change in the machine's load falls on both alike. ``--stop-at
HH:MM`` (UTC) cuts the Korf run at that time; the comparison is then made on the instances both
sides finished, and the new side's figures on all it finished are printed too.

Examples: ``.venv/bin/python benchmarks/bench_core.py --instances 3 --hints 3`` (a quick check,
about a minute), ``nice -n 5 .venv/bin/python benchmarks/bench_core.py`` (the full run: about
9 minutes of CPU, 18 of wall time on a shared 2-core machine).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "b3fb26c"
HARDEST = ("8 6 7/2 5 4/3 _ 1", "6 4 7/8 5 _/3 2 1")
HEURISTICS = ("misplaced", "manhattan", "linear_conflict")
PARTS = ("cold", "hardest", "hint", "korf")
SUMMARIES = (("mean", statistics.mean), ("median", statistics.median), ("max", max), ("total", sum))

WORKER = r"""
import json, os, sys, time
# the editable install's import hook would shadow PYTHONPATH: drop it, and check which code runs
sys.meta_path = [f for f in sys.meta_path if "editable" not in repr(f).lower()]
import puzzlelab
assert puzzlelab.__file__.startswith(os.environ["PYTHONPATH"]), puzzlelab.__file__
from puzzlelab import Board
from puzzlelab import search as S
part, arg = sys.argv[1], json.loads(sys.argv[2])
def emit(row):
    print(json.dumps(row), flush=True)
def cpu(fn):
    t0 = time.process_time(); r = fn(); return time.process_time() - t0, r
if part == "cold":  # cold or warm: whatever the cache directory holds
    wall = time.perf_counter()
    t, pdb = cpu(lambda: S.pattern_database(S.KORF_GOAL, reflect=True, progress=None))
    emit({"cpu": t, "wall": time.perf_counter() - wall, "h": pdb(S.korf100()[0][1], S.KORF_GOAL)})
if part == "hardest":
    for name in arg:
        for text in HARDEST:
            b = Board.parse(text)
            runs = [cpu(lambda: S.astar(b, heuristic=getattr(S, name), budget=None)) for _ in range(3)]
            t, r = min(runs, key=lambda run: run[0])
            emit({"heuristic": name, "board": text, "cpu": t, "cost": r.cost,
                  "generated": r.generated, "expanded": r.expanded})
if part == "hint":
    from puzzlelab.parity import is_solvable
    from puzzlelab.widgets._solving import plan_solution
    goal = Board.goal(4, 4)
    plan_solution(goal.apply("LU"), goal)  # warm up: tables loaded or unpacked once, not timed
    for tiles in arg:
        b = Board(tuple(tiles), 4, 4)
        assert is_solvable(b, goal)
        t0 = time.process_time()
        try:
            plan = plan_solution(b, goal)
            row = {"moves": len(plan.moves), "optimal": bool(plan.optimal), "method": plan.method}
        except ValueError as stopped:  # a bound reached: the widget shows the reason
            row = {"moves": None, "optimal": False, "method": str(stopped)[:80]}
        emit({"cpu": time.process_time() - t0, "tiles": tiles, **row})
if part == "korf":
    pdb = S.pattern_database(S.KORF_GOAL, reflect=True, progress=None)  # warm cache: not timed
    boards = {ident: board for ident, board, _ in S.korf100()}
    for ident in arg:
        board = boards[ident]
        t, r = cpu(lambda: S.ida_star(board, S.KORF_GOAL, heuristic=pdb, budget=None, seconds=None))
        replay = board
        for move in r.moves:
            replay = replay.apply(move)
        emit({"id": ident, "cpu": t, "cost": r.cost, "moves": len(r.moves), "tiles": list(board.tiles),
              "reaches_goal": replay == S.KORF_GOAL, "generated": r.generated, "expanded": r.expanded})
""".replace("HARDEST", repr(HARDEST))


# -- command line ------------------------------------------------------------------------------
def id_list(text: str) -> list[int]:
    """``"1-10,88"`` -> [1, ..., 10, 88] (Korf's instance ids, 1 to 100)."""
    ids = []
    for piece in text.split(","):
        low, _, high = piece.strip().partition("-")
        ids.extend(range(int(low), int(high or low) + 1))
    if not ids or not all(1 <= i <= 100 for i in ids):
        raise argparse.ArgumentTypeError(f"instance ids must be 1 to 100, got {text!r}")
    return ids


def clock(text: str) -> datetime.datetime:
    """``"13:30"`` -> that time today, UTC."""
    hour, minute = (int(x) for x in text.split(":"))
    return datetime.datetime.now(datetime.UTC).replace(hour=hour, minute=minute, second=0, microsecond=0)


def arguments(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], epilog=__doc__.split("\n\n", 1)[1],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    choose = parser.add_mutually_exclusive_group()
    choose.add_argument(
        "--instances", type=int, metavar="N", help="Korf's first N instances (default all 100)"
    )
    choose.add_argument("--ids", type=id_list, help="Korf instance ids, e.g. 1-30,88 (default 1-100)")
    parser.add_argument("--chunk", type=int, default=10, metavar="K",
                        help="Korf instances per turn of a side (default 10)")  # fmt: skip
    parser.add_argument("--hints", type=int, default=20, metavar="N", help="random 4x4 boards (default 20)")
    parser.add_argument("--seed", type=int, default=7, help="seed of the random 4x4 boards (default 7)")
    parser.add_argument("--skip", default="", help=f"comma-separated parts to skip: {', '.join(PARTS)}")
    parser.add_argument(
        "--stop-at", type=clock, metavar="HH:MM", help="cut a side's Korf run at this UTC time"
    )
    parser.add_argument("--baseline", default=BASELINE, help=f"the commit compared with (default {BASELINE})")
    parser.add_argument("--new", metavar="REV", help="a commit for the new side (default: this working tree)")
    args = parser.parse_args(argv)
    args.skip = {s.strip() for s in args.skip.split(",") if s.strip()}
    if args.skip - set(PARTS):
        parser.error(f"--skip takes {', '.join(PARTS)}")
    args.ids = args.ids or list(range(1, 1 + (args.instances if args.instances is not None else 100)))
    if not 1 <= len(args.ids) <= 100 or args.ids[-1] > 100:
        parser.error("--instances must be 1 to 100")
    if args.chunk < 1:
        parser.error("--chunk must be at least 1")
    return args


# -- running a side ----------------------------------------------------------------------------
def extract(commit: str, into: Path) -> Path:
    """The library as of ``commit``, unpacked into ``into`` (the directory for PYTHONPATH)."""
    into.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "puzzlelab"], capture_output=True,
                             check=True).stdout  # fmt: skip
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


class Side:
    def __init__(self, label: str, library: Path, cache: Path):
        self.label, self.library, self.cache = label, library, cache

    def run(self, part: str, arg, stop_at: datetime.datetime | None = None) -> tuple[list[dict], str]:
        """The rows the worker printed, and why it ended early ("" if it did not)."""
        env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "XDG_CACHE_HOME"}}
        env.update(
            PYTHONPATH=str(self.library), PUZZLELAB_CACHE_DIR=str(self.cache), PYTHONDONTWRITEBYTECODE="1"
        )
        # run from the cache's parent: ``python -c`` puts the working directory first on sys.path
        with tempfile.TemporaryFile("w+") as err:
            command = [sys.executable, "-c", WORKER, part, json.dumps(arg)]
            worker = subprocess.Popen(command, env=env, cwd=self.cache.parent, stdout=subprocess.PIPE,
                                      stderr=err, text=True)  # fmt: skip
            rows, cut = [], ""
            for line in worker.stdout:
                rows.append(json.loads(line))
                if part == "korf":
                    r = rows[-1]
                    print(f"   {self.label:>8} #{r['id']:<3} {r['cpu']:8.2f} s {r['generated']:>12,} "
                          f"generated, cost {r['cost']}", flush=True)  # fmt: skip
                if stop_at and datetime.datetime.now(datetime.UTC) >= stop_at:
                    worker.kill()
                    cut = f"cut at {stop_at:%H:%M} UTC (--stop-at)"
                    break
            worker.wait()
            if worker.returncode and not cut:
                err.seek(0)
                cut = "failed: " + " | ".join(err.read().strip().splitlines()[-3:])
        return rows, cut


# -- printing ----------------------------------------------------------------------------------
ROW = "{:<34} {:>14} {:>14} {:>8}"


def cells(name: str, old, new, fmt: str = "{:.3f}", ratio: bool = True) -> None:
    ratio = f"{old / new:.2f}" if ratio and new else "-"
    show = [fmt.format(v) if isinstance(v, int | float) else str(v) for v in (old, new)]
    print(ROW.format(name, *show, ratio))


def header(title: str, base: str) -> None:
    print(f"\n== {title}")
    print(ROW.format("", base, "new", "ratio"))


def show_cold(old: list[dict], new: list[dict], base: str) -> None:
    header("cold first use of the 4x4 pattern database (Korf's goal, reflected), fresh process", base)
    for i, name in enumerate(("cold: CPU s", "warm (next process): CPU s")):
        cells(name, old[i]["cpu"], new[i]["cpu"])
    cells("cold: wall s", old[0]["wall"], new[0]["wall"])
    if {r["h"] for r in old + new} != {old[0]["h"]}:
        print(f"   !! h of Korf #1 differs: {[r['h'] for r in old]} | {[r['h'] for r in new]}")


def show_hardest(old: list[dict], new: list[dict], base: str) -> None:
    header("the two hardest 8-puzzles (31 moves), A*: CPU s and nodes generated, both boards", base)
    for name in HEURISTICS:
        o, n = ([r for r in rows if r["heuristic"] == name] for rows in (old, new))
        cells(f"{name}: CPU s", sum(r["cpu"] for r in o), sum(r["cpu"] for r in n))
        cells(f"{name}: generated", sum(r["generated"] for r in o), sum(r["generated"] for r in n), "{:,}")
        costs = {r["cost"] for r in o + n}
        if costs != {31}:
            print(f"   !! costs {[r['cost'] for r in o]} | {[r['cost'] for r in n]} (31 expected)")


def show_hint(old: list[dict], new: list[dict], base: str) -> None:
    header(f"the playable board's hint, {len(new)} random 4x4 boards: CPU s", base)
    for name, pick in (("median", statistics.median), ("worst", max)):
        cells(f"{name} CPU s", pick(r["cpu"] for r in old), pick(r["cpu"] for r in new))
    cells("optimal", sum(r["optimal"] for r in old), sum(r["optimal"] for r in new), "{}", ratio=False)
    cells(
        "stopped by a bound",
        sum(r["moves"] is None for r in old),
        sum(r["moves"] is None for r in new),
        "{}",
        ratio=False,
    )
    solved = [(a["moves"], b["moves"]) for a, b in zip(old, new, strict=True) if a["moves"] and b["moves"]]
    if solved:
        cells(
            f"mean moves ({len(solved)} solved by both)",
            *(statistics.mean(m) for m in zip(*solved, strict=True)),
        )
    for side, rows in ((base, old), ("new", new)):
        print(f"   {side} methods: " + ", ".join(sorted({r["method"] for r in rows})))
        worst = max(rows, key=lambda r: r["cpu"])
        print(f"   {side} worst: {worst['cpu']:.2f} s, {worst['moves']} moves by {worst['method']}, board "
              + " ".join(map(str, worst["tiles"])))  # fmt: skip


def optimal_lengths() -> dict[int, tuple[list[int], int]]:
    """Korf's instances from the data file: id -> (tiles, optimal length)."""
    out = {}
    for line in (ROOT / "puzzlelab" / "data" / "korf100.tsv").read_text().splitlines():
        if line.strip() and line[0].isdigit():
            fields = line.split("\t")
            out[int(fields[0])] = ([int(x) for x in fields[1:17]], int(fields[-1]))
    return out


def korf_failures(rows: list[dict], known: dict) -> list[str]:
    bad = []
    for r in rows:
        tiles, optimal = known[r["id"]]
        if r["tiles"] != tiles or r["cost"] != optimal or r["moves"] != r["cost"] or not r["reaches_goal"]:
            same = r["tiles"] == tiles
            bad.append(f"#{r['id']}: expected {optimal} moves, got cost {r['cost']} ({r['moves']} moves, "
                       f"reaches goal {r['reaches_goal']}, board as in the file {same})")  # fmt: skip
    return bad


def korf_table(old: list[dict], new: list[dict], base: str, title: str) -> None:
    header(title, base)
    for name, pick in SUMMARIES:
        cells(f"{name} CPU s", pick(r["cpu"] for r in old), pick(r["cpu"] for r in new))
    for count in ("generated", "expanded"):
        cells(f"mean nodes {count}", statistics.mean(r[count] for r in old),
              statistics.mean(r[count] for r in new), "{:,.0f}")  # fmt: skip


def show_korf(old: list[dict], new: list[dict], base: str, cuts: dict[str, str]) -> None:
    known = optimal_lengths()
    done = {r["id"] for r in old} & {r["id"] for r in new}
    o, n = ([r for r in rows if r["id"] in done] for rows in (old, new))
    for side, why in cuts.items():
        if why:
            print(f"\n   !! {side}: Korf run {why}")
    if done:
        ids = sorted(done)
        span = f"{ids[0]}-{ids[-1]}" if ids == list(range(ids[0], ids[-1] + 1)) else ",".join(map(str, ids))
        korf_table(
            o, n, base, f"Korf's 100: instances {span} (n={len(ids)}, both sides), IDA* + reflected 6-6-3 PDB"
        )
        same = sum(
            a["generated"] == b["generated"] and a["expanded"] == b["expanded"]
            for a, b in zip(o, n, strict=True)
        )
        print(f"   identical node counts on {same}/{len(done)}")
    if len(new) > len(done):
        print(f"\n== Korf's 100, new side alone: n={len(new)}")
        for name, pick in SUMMARIES:
            print(ROW.format(f"{name} CPU s", "", f"{pick(r['cpu'] for r in new):.3f}", ""))
        print(
            ROW.format("mean nodes generated", "", f"{statistics.mean(r['generated'] for r in new):,.0f}", "")
        )
    for side, rows in ((base, old), ("new", new)):
        bad = korf_failures(rows, known)
        print(
            f"   {side}: "
            + (f"all optimal ({len(rows)} solved)" if not bad else "NOT OPTIMAL " + "; ".join(bad))
        )
    slowest = sorted(new, key=lambda r: -r["cpu"])[:3]
    print("   new side's slowest: " + ", ".join(f"#{r['id']} {r['cpu']:.2f} s" for r in slowest))


# -- the run -----------------------------------------------------------------------------------
def random_boards(count: int, seed: int) -> list[list[int]]:
    """Uniformly random solvable 4x4 boards for the goal 1..15 with the blank last."""
    rng, out = random.Random(seed), []
    while len(out) < count:
        tiles = list(range(16))
        rng.shuffle(tiles)
        # solvable iff the permutation's parity equals the parity of the blank's distance to its goal cell
        swaps, seen = 0, [False] * 16
        for i in range(16):
            j, length = i, 0
            while not seen[j]:
                seen[j], j, length = True, (tiles[j] - 1) % 16, length + 1
            swaps += max(length - 1, 0)
        blank = tiles.index(0)
        if swaps % 2 != (3 - blank // 4 + 3 - blank % 4) % 2:
            a, b = [i for i, t in enumerate(tiles) if t][:2]  # swap two tiles: the other parity
            tiles[a], tiles[b] = tiles[b], tiles[a]
        out.append(tiles)
    return out


def both(sides: tuple[Side, Side], part: str, arg, show, repeat: int = 1) -> None:
    """Run ``part`` on the new side, then on the baseline, and print them side by side."""
    rows = {}
    for side in reversed(sides):
        rows[side.label] = []
        for _ in range(repeat):
            got, failed = side.run(part, arg)
            rows[side.label] += got
            if failed:
                print(f"\n   !! {part}, {side.label}: {failed}")
                return
    show(rows[sides[0].label], rows[sides[1].label], sides[0].label)
    sys.stdout.flush()


def korf(sides: tuple[Side, Side], args) -> None:
    """Korf's instances in chunks of ``--chunk``, each chunk on the new side then the baseline, so
    that a change in the machine's load falls on both sides alike."""
    print(f"\n== Korf's 100: instances {args.ids[0]}..{args.ids[-1]} ({len(args.ids)}), one line each, "
          f"sides alternating every {args.chunk}")  # fmt: skip
    rows, cuts = {s.label: [] for s in sides}, {s.label: "" for s in sides}
    for at in range(0, len(args.ids), args.chunk):
        for side in reversed(sides):
            got, cuts[side.label] = side.run("korf", args.ids[at : at + args.chunk], args.stop_at)
            rows[side.label] += got
            if cuts[side.label]:
                break
        if any(cuts.values()):
            break
    base, new = (s.label for s in sides)
    show_korf(rows[base], rows[new], base, cuts)


def describe_new(args) -> str:
    if args.new:
        rev = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", args.new], capture_output=True,
                             text=True, check=True)  # fmt: skip
        return "commit " + rev.stdout.strip()
    head = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    )
    dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--short", "puzzlelab"], capture_output=True,
                           text=True).stdout.split("\n")  # fmt: skip
    changed = [line[3:] for line in dirty if line.strip()]
    return f"working tree at {head.stdout.strip()}" + (
        f" + uncommitted {', '.join(changed)}" if changed else ""
    )


def main(argv=None) -> None:
    args = arguments(argv)
    started = time.perf_counter()
    now, load = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), os.getloadavg()
    print(f"bench_core: {args.baseline} | new = {describe_new(args)}; {now}; load {load[0]:.2f} "
          f"{load[1]:.2f} {load[2]:.2f}; nice {os.nice(0)}; python {sys.version.split()[0]}")  # fmt: skip
    with tempfile.TemporaryDirectory(prefix="bench-core-") as tmp:
        tmp = Path(tmp)
        base = Side(args.baseline, extract(args.baseline, tmp / "base"), tmp / "cache-base")
        new = Side("new", extract(args.new, tmp / "new") if args.new else ROOT, tmp / "cache-new")
        for side in (base, new):
            side.cache.mkdir()
        sides = (base, new)
        if "cold" not in args.skip:
            both(sides, "cold", None, show_cold, repeat=2)
        if "hardest" not in args.skip:
            both(sides, "hardest", HEURISTICS, show_hardest)
        if "hint" not in args.skip:
            both(sides, "hint", random_boards(args.hints, args.seed), show_hint)
        if "korf" not in args.skip:
            korf(sides, args)
    print(f"\n(bench_core took {time.perf_counter() - started:.0f} s wall, "
          f"{sum(os.times()[2:4]):.0f} s CPU in the measured processes)")  # fmt: skip


if __name__ == "__main__":
    main()
