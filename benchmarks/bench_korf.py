"""Korf's 100 random 15-puzzle instances solved optimally by IDA* with the 6-6-3 pattern database.

Builds the database from scratch in a fresh temporary cache (``--cached`` loads the user cache
instead) and prints the build time, the peak memory the build allocated (``tracemalloc``, which
sees numpy's arrays), the process's peak resident memory and the tables' size. Then per
instance: id, the length IDA* found, the optimal length Korf lists, nodes expanded and seconds;
then one line: how many were solved, whether all are optimal, mean seconds and mean nodes.

Instances run in Korf's order: at most ``--limit`` of them (default all 100), and none is
started once ``--budget`` seconds (default 540) have passed; the closing line says how many ran.

Run: ``.venv/bin/python benchmarks/bench_korf.py [--limit N] [--budget SECONDS] [--cached] [--reflect]``
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import tempfile
import time
import tracemalloc

from puzzlelab.search import KORF_GOAL, ida_star, korf100, pattern_database


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=100, help="run at most N instances (default 100)")
    parser.add_argument(
        "--budget", type=float, default=540.0, help="start no instance after this many seconds (540)"
    )
    parser.add_argument("--per-instance", type=float, default=120.0, help="seconds allowed per instance")
    parser.add_argument("--cached", action="store_true", help="load the database from the user cache")
    parser.add_argument(
        "--reflect", action="store_true", help="also look up the board's mirror image and take the max"
    )
    args = parser.parse_args()
    if args.limit < 1 or args.budget <= 0 or args.per_instance <= 0:
        parser.error("--limit, --budget and --per-instance must be positive")
    return args


def build(cached: bool, reflect: bool):
    """The database, with a line on how long it took and how much memory it needed."""
    if not cached:
        os.environ["PUZZLELAB_CACHE_DIR"] = tempfile.mkdtemp(prefix="puzzlelab-bench-")
    tracemalloc.start()
    t0 = time.perf_counter()
    pdb = pattern_database(KORF_GOAL, progress=None, reflect=reflect)
    seconds = time.perf_counter() - t0
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    action = "loaded from the user cache" if cached else "built from scratch"
    print(
        f"pattern database {pdb!r}: {action} in {seconds:.1f} s; peak allocated {peak:.0f} MB, "
        f"process peak resident {rss:.0f} MB, tables {pdb.nbytes / 2**20:.0f} MB"
    )
    return pdb


def main() -> None:
    args = arguments()
    pdb = build(args.cached, args.reflect)
    print(f"{'id':>3} {'length':>6} {'korf':>4} {'expanded':>11} {'seconds':>8}")
    start = time.perf_counter()
    seconds, nodes, wrong, unsolved, ran = [], [], 0, 0, 0
    instances = korf100()[: args.limit]
    for ident, board, optimal in instances:
        if time.perf_counter() - start > args.budget:
            break
        ran += 1
        result = ida_star(board, KORF_GOAL, heuristic=pdb, seconds=args.per_instance)
        if not result.solved:
            unsolved += 1
            print(f"{ident:>3} {'-':>6} {optimal:>4} {result.expanded:>11,} {result.seconds:>8.2f}  (budget)")
            continue
        wrong += result.cost != optimal
        flag = "" if result.cost == optimal else "  MISMATCH"
        print(f"{ident:>3} {result.cost:>6} {optimal:>4} {result.expanded:>11,} {result.seconds:>8.2f}{flag}")
        seconds.append(result.seconds)
        nodes.append(result.expanded)
    elapsed = time.perf_counter() - start
    if ran < len(instances):
        print(f"budget of {args.budget:.0f} s spent: ran {ran} of the {len(instances)} requested instances")
    all_optimal = "yes" if seconds and not wrong and not unsolved else "no"
    mean_s = f"{statistics.mean(seconds):.2f}" if seconds else "-"
    mean_n = f"{statistics.mean(nodes):,.0f}" if nodes else "-"
    print(
        f"solved {len(seconds)} of {len(korf100())}, all optimal: {all_optimal}, "
        f"mean seconds {mean_s}, mean nodes {mean_n} (total {elapsed:.0f} s)"
    )
    if seconds:
        print(f"median {statistics.median(seconds):.2f} s, max {max(seconds):.2f} s")


if __name__ == "__main__":
    main()
