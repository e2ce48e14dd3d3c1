"""A class on one server: N students sign in to a JupyterHub and run the core of lesson 05 at once.

    python benchmarks/bench_hub.py [--students 20] [--lesson 05]

Starts the hub of ``deploy/classhub.py`` on 127.0.0.1 (dummy sign-in, local processes), creates
the students and starts their servers through the hub's REST API, then has every student run
the code cells of the lesson's core (before its "Going further" heading) in a kernel of their
own, through the hub's proxy, all concurrently. Prints the time until every server answered
and until every student was done, the memory of each student's server and kernel (PSS, so
pages shared between processes are split between them, not counted twice), and whether the
pattern database is shared between the kernels (memory-mapped from one cache file) or copied.

The pattern database is built (or unpacked) once before the class starts, as a teacher would.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "deploy"))

import classhub  # noqa: E402


def lesson_notebook(key: str) -> Path:
    matches = sorted((ROOT / "notebooks").glob(f"{key}_*.ipynb"))
    if not matches:
        raise SystemExit(f"no lesson {key} in notebooks/")
    return matches[0]


def prepare_cache(hub: classhub.Hub) -> float:
    """Fill the class's shared cache with the 4x4 pattern database (once, before class)."""
    import os
    import subprocess

    began = time.monotonic()
    env = dict(os.environ, PUZZLELAB_CACHE_DIR=str(hub.state / "cache"))
    subprocess.run([sys.executable, "-c", "from puzzlelab.search import pattern_database as p; p()"],
                   env=env, check=True, timeout=600, capture_output=True)  # fmt: skip
    return time.monotonic() - began


#: After the lesson's core, each student solves a 15-puzzle with the pattern database (lesson 05/06
#: use it), so the benchmark shows whether the kernels share its tables.
PDB_CELLS = [
    "from puzzlelab import search\ndb = search.pattern_database()\n",
    "from puzzlelab import Board\n"
    "board = Board.parse('5 1 2 3/9 6 7 4/13 10 11 8/14 15 12 _')\n"
    "result = search.ida_star(board, heuristic=db)\n"
    "assert result.solved and result.cost == 12, result\n",
]


def say(message: str) -> None:
    print(f"  [{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def run(students: int, lesson: str) -> dict:
    names = [f"student{i:02d}" for i in range(1, students + 1)]
    cells = classhub.lesson_core_cells(lesson_notebook(lesson)) + PDB_CELLS
    began = time.monotonic()
    hub = classhub.start_hub()
    try:
        hub_up = time.monotonic() - began
        say(f"hub up after {hub_up:.1f} s; filling the shared cache")
        cache_seconds = prepare_cache(hub)
        say(f"cache ready after {cache_seconds:.1f} s; signing in {students} students")
        for name in names:
            classhub.sign_in(hub, name)
        say("starting their servers")
        spawn_began = time.monotonic()
        with ThreadPoolExecutor(max_workers=len(names)) as pool:
            spawn_times = list(pool.map(lambda n: classhub.start_server(hub, n), names))
        all_up = time.monotonic() - spawn_began
        say(f"all servers up after {all_up:.1f} s; running the core of lesson {lesson}")
        run_began = time.monotonic()
        with ThreadPoolExecutor(max_workers=len(names)) as pool:
            run_times = list(pool.map(lambda n: classhub.run_code(hub, n, cells), names))
        all_done = time.monotonic() - run_began
        memory = classhub.measure_memory(hub, names)
    finally:
        hub.stop()
    per_student = list(memory.students.values())
    return {
        "students": students, "cells": len(cells), "hub_up": hub_up, "cache": cache_seconds,
        "all_up": all_up, "spawn_median": statistics.median(spawn_times), "all_done": all_done,
        "run_median": statistics.median(run_times), "run_max": max(run_times),
        "memory_total": sum(per_student),
        "memory_median": statistics.median(per_student) if per_student else 0,
        "memory_max": max(per_student, default=0), "measured": len(per_student),
        "table_mappings": memory.table_mappings, "table_private": memory.table_private,
        "table_resident": memory.table_resident,
    }  # fmt: skip


def report(r: dict) -> str:
    mb = 1 / 2**20
    shared = r["table_mappings"] > 0 and r["table_private"] < 2**20
    return "\n".join([
        f"class server: {r['students']} students, {r['cells']} code cells each, run concurrently",
        f"  hub answering after {r['hub_up']:.1f} s; pattern database in the shared cache after "
        f"{r['cache']:.1f} s",
        f"  all {r['students']} servers answering after {r['all_up']:.1f} s "
        f"(median {r['spawn_median']:.1f} s each)",
        f"  all {r['students']} students done after {r['all_done']:.1f} s (median {r['run_median']:.1f} s, "
        f"slowest {r['run_max']:.1f} s)",
        f"  memory (PSS) of servers + kernels: total {r['memory_total'] * mb:,.0f} MB, per student median "
        f"{r['memory_median'] * mb:,.0f} MB, max {r['memory_max'] * mb:,.0f} MB ({r['measured']} measured)",
        f"  pattern database: {r['table_mappings']} kernel mappings of the cached table files, "
        f"{r['table_resident'] * mb:,.0f} MB resident in all, {r['table_private'] * mb:,.1f} MB private -> "
        + ("shared between kernels (memory-mapped)" if shared else "NOT shared (a copy in each kernel)"),
    ])  # fmt: skip


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n\n", 2)[2])
    parser.add_argument("--students", type=int, default=20, help="how many students sign in (default 20)")
    parser.add_argument("--lesson", default="05", help="the lesson whose core they run (default 05)")
    args = parser.parse_args(argv)
    if args.students < 1:
        parser.error("--students must be at least 1")
    print(report(run(args.students, args.lesson)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
