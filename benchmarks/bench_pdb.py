"""First use of the 4x4 pattern database, this code against the code before this round, side by side.

Each measurement runs in a fresh Python process (so nothing is already imported or held) with
``PYTHONPATH`` pointing at one copy of the library:

- **before**: the library as of commit ``b3fb26c`` (extracted with ``git archive`` into a
  temporary directory), which builds the tables on first use (the 6-6-3 tables of the goal);
- **now**: this working tree, which ships the tables compressed and decompresses them once
  into the cache.

For each: **cold** (an empty cache directory: what a student on a fresh machine waits for) and
**warm** (the cache the cold run left, in a new process); for this tree also N processes started at
once on an empty cache (the first file written is mapped by all). Printed per run: CPU seconds and wall
seconds of the ``pattern_database(goal)`` call, the process's peak resident memory, and what the
tables cost each process after loading: resident, proportional (PSS: shared pages split between
the processes that map them) and private memory, from ``/proc/self/smaps_rollup``. With ``--kernels
N`` (default 3) the warm run is also started N times at once, each holding the database, to show
whether the pages are shared (memory-mapped) or copied per process, as on a class server.

Run: ``.venv/bin/python benchmarks/bench_pdb.py [--goal first|last] [--reflect] [--kernels N]
[--baseline COMMIT] [--no-baseline]``
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = "b3fb26c"

CHILD = r"""
import json, resource, sys, time
goal_name, reflect, hold = sys.argv[1], sys.argv[2] == "1", float(sys.argv[3])
t0 = time.process_time()
import puzzlelab
from puzzlelab import Board
from puzzlelab.search import pattern_database
imported = time.process_time() - t0
goal = Board.goal(4, 4, blank=goal_name)
cpu, wall = time.process_time(), time.perf_counter()
pdb = pattern_database(goal, progress=None, reflect=reflect)
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
h = pdb(Board.parse("5 1 2 3/9 6 7 4/13 10 11 8/14 15 12 _"), goal)
memory = {}
with open("/proc/self/smaps_rollup") as handle:
    for line in handle:
        key, _, rest = line.partition(":")
        if key in {"Rss", "Pss", "Private_Clean", "Private_Dirty", "Anonymous"}:
            memory[key] = int(rest.split()[0]) / 1024
print(json.dumps({
    "library": puzzlelab.__file__, "import_cpu": imported, "cpu": cpu, "wall": wall, "h": h,
    "peak_rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, "tables_mb": pdb.nbytes / 2**20,
    **memory,
}), flush=True)
time.sleep(hold)  # --kernels: stay alive so that the others' PSS shows the sharing
"""


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], epilog=__doc__.split("\n\n", 1)[1],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    parser.add_argument("--goal", choices=("first", "last"), default="first",
                        help="the blank's place in the goal (default first: Korf's goal)")  # fmt: skip
    parser.add_argument("--reflect", action="store_true", help="the reflected look-up (same tables)")
    parser.add_argument("--kernels", type=int, default=3, metavar="N",
                        help="warm processes run at once, to show sharing (default 3; 0: none)")  # fmt: skip
    parser.add_argument("--baseline", default=BASELINE, help=f"the commit compared with (default {BASELINE})")
    parser.add_argument("--no-baseline", action="store_true", help="measure this code only")
    args = parser.parse_args()
    if not 0 <= args.kernels <= 30:
        parser.error("--kernels must be 0 to 30")
    return args


def extract(commit: str, into: Path) -> Path:
    """The library as of ``commit``, unpacked into ``into`` (the directory for PYTHONPATH)."""
    into.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "puzzlelab"], capture_output=True,
                             check=True).stdout  # fmt: skip
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def start(library: Path, cache: Path, args, hold: float = 0.0) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "XDG_CACHE_HOME"}}
    env.update(PYTHONPATH=str(library), PUZZLELAB_CACHE_DIR=str(cache), PYTHONDONTWRITEBYTECODE="1")
    command = [sys.executable, "-c", CHILD, args.goal, "1" if args.reflect else "0", str(hold)]
    # run from the cache's parent: ``python -c`` puts the working directory first on sys.path
    pipe = subprocess.PIPE
    return subprocess.Popen(command, env=env, cwd=cache.parent, stdout=pipe, stderr=pipe, text=True)


def result(process: subprocess.Popen) -> dict:
    out, err = process.communicate()
    if process.returncode:
        raise SystemExit(f"a measured process failed:\n{err[-2000:]}")
    return json.loads(out.strip().splitlines()[0])


def run(library: Path, cache: Path, args) -> dict:
    return result(start(library, cache, args))


def together(library: Path, cache: Path, args) -> list[dict]:
    """``--kernels`` processes alive at once; each reports once all have loaded."""
    hold = 3.0 + 0.5 * args.kernels
    processes = [start(library, cache, args, hold) for _ in range(args.kernels)]
    return [result(p) for p in processes]


def mean(crowd: list[dict]) -> dict:
    return {k: sum(r[k] for r in crowd) / len(crowd) for k in crowd[0] if k != "library"}


ROW = "{:<28} {:>9} {:>9} {:>10} {:>9} {:>9} {:>10}"


def show(label: str, r: dict) -> None:
    private = r["Private_Clean"] + r["Private_Dirty"]
    print(ROW.format(label, f"{r['cpu']:.2f}", f"{r['wall']:.2f}", f"{r['peak_rss']:.0f}", f"{r['Rss']:.0f}",
                     f"{r['Pss']:.0f}", f"{private:.0f}"))  # fmt: skip


def main() -> None:
    args = arguments()
    libraries = {"now": ROOT}
    with tempfile.TemporaryDirectory(prefix="bench-pdb-") as tmp:
        tmp = Path(tmp)
        if not args.no_baseline:
            libraries = {"before": extract(args.baseline, tmp / "before"), **libraries}
        print(f"4x4 pattern database, goal blank {args.goal}{', reflected' if args.reflect else ''}; "
              f"before = {args.baseline}, now = this tree; CPU and wall seconds of pattern_database(goal); "
              "memory in MB (RSS, PSS and private after the call)\n")  # fmt: skip
        print(ROW.format("", "CPU s", "wall s", "peak RSS", "RSS", "PSS", "private"))
        results = {}
        for name, library in libraries.items():
            cache = tmp / f"cache-{len(results)}"
            cold, warm = run(library, cache, args), run(library, cache, args)
            assert Path(cold["library"]).is_relative_to(library), cold["library"]  # the right copy ran
            assert cold["h"] == warm["h"]
            show(f"{name}: cold", cold)
            show(f"{name}: warm", warm)
            crowd = together(library, cache, args) if args.kernels else []
            if crowd:
                show(f"{name}: warm, {len(crowd)} at once", mean(crowd))  # the mean of the processes
            if crowd and name == "now":  # a class starting together on an empty cache (before: N builds)
                crowd_cold = together(library, tmp / "cache-crowd", args)
                show(f"{name}: cold, {len(crowd)} at once", mean(crowd_cold))
            results[name] = (cold, warm, crowd)
        if len(results) == 2:
            (before, now) = results.values()
            print(f"\ncold first use: {before[0]['cpu'] / now[0]['cpu']:.0f}x less CPU, "
                  f"{before[0]['wall'] / now[0]['wall']:.0f}x less wall time; warm load: "
                  f"{before[1]['cpu'] / now[1]['cpu']:.1f}x less CPU")  # fmt: skip
        shipped = sum(p.stat().st_size for p in (ROOT / "puzzlelab" / "data").glob("pdb-*.npy.xz"))
        print(f"shipped tables: {shipped / 2**20:.1f} MB compressed; "
              f"h of the test board: {next(iter(results.values()))[0]['h']}")  # fmt: skip


if __name__ == "__main__":
    started = time.perf_counter()
    main()
    print(f"(benchmark took {time.perf_counter() - started:.0f} s)")
