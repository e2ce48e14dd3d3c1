"""Korf's 100 random 15-puzzle instances solved optimally by IDA* with the 6-6-3 pattern database.

Prints the database build (or load) time and size, then per instance: the optimal length found,
the length Korf lists, nodes expanded and seconds; then the mean. Instances run in Korf's order
until a time limit (default 600 s, ``--limit``): the closing lines say honestly how many ran.

Run: ``.venv/bin/python benchmarks/bench_korf.py [--limit SECONDS] [--rebuild]``
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import tempfile
import time

from puzzlelab.search import KORF_GOAL, ida_star, korf100, pattern_database


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--limit", type=float, default=600.0, help="stop starting instances after this many s"
    )
    parser.add_argument("--per-instance", type=float, default=120.0, help="seconds budget per instance")
    parser.add_argument("--rebuild", action="store_true", help="build the database in a fresh cache dir")
    args = parser.parse_args()
    if args.rebuild:
        os.environ["PUZZLELAB_CACHE_DIR"] = tempfile.mkdtemp(prefix="puzzlelab-bench-")

    t0 = time.perf_counter()
    pdb = pattern_database(KORF_GOAL, progress=None)
    build = time.perf_counter() - t0
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    action = "built" if args.rebuild else "built or loaded"
    print(f"pattern database {pdb!r}: {action} in {build:.1f} s; peak process memory {rss:.0f} MB")
    print(f"{'id':>3} {'length':>6} {'korf':>4} {'expanded':>11} {'seconds':>8}")

    start = time.perf_counter()
    seconds, nodes, wrong, unsolved, ran = [], [], 0, 0, 0
    instances = korf100()
    for ident, board, optimal in instances:
        if time.perf_counter() - start > args.limit:
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
    print(
        f"ran {ran} of {len(instances)} instances in {time.perf_counter() - start:.0f} s "
        f"(limit {args.limit:.0f} s); solved {len(seconds)}, budget spent on {unsolved}, "
        f"length mismatches {wrong}"
    )
    if seconds:
        print(
            f"mean over solved: {statistics.mean(seconds):.2f} s, {statistics.mean(nodes):,.0f} expanded; "
            f"median {statistics.median(seconds):.2f} s; max {max(seconds):.2f} s"
        )


if __name__ == "__main__":
    main()
