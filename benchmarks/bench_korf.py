"""Korf's 100 random 15-puzzle instances solved optimally by IDA* with the 6-6-3 pattern database.

Builds the database from scratch in a fresh temporary cache (``--cached`` loads the user cache
instead) and prints the build time, the peak memory the build allocated (``tracemalloc``, which
sees numpy's arrays), the process's peak resident memory and the tables' size. Then per
instance: id, the length IDA* found, the optimal length Korf lists, nodes expanded and seconds;
then one line: how many were solved, whether all are optimal, mean seconds and mean nodes.

The database takes the larger of the board's and its mirror image's sums (``reflect=True``;
``--plain`` for the library's default, one look-up). ``--compare N`` also solves the first N
instances with the other form, alternating, and prints their time and node ratios.

Instances run in Korf's order: at most ``--limit`` of them (default all 100), and none is
started once ``--budget`` seconds (default 540) have passed; the closing line says how many ran.

Run: ``.venv/bin/python benchmarks/bench_korf.py [--limit N] [--budget SECONDS] [--cached] [--plain]
[--compare N]``
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
        "--plain", action="store_true", help="no reflected look-up (the library's default database)"
    )
    parser.add_argument(
        "--compare", type=int, default=0, metavar="N",
        help="also solve the first N instances with the other database, side by side",
    )
    args = parser.parse_args()
    if args.limit < 1 or args.budget <= 0 or args.per_instance <= 0 or args.compare < 0:
        parser.error("--limit, --budget and --per-instance must be positive, --compare not negative")
    return args


def build(cached: bool, reflect: bool):
    """The database, with a line on how long it took and how much memory it needed."""
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
    if args.cached:
        run(args)
        return
    with tempfile.TemporaryDirectory(prefix="puzzlelab-bench-") as fresh:
        os.environ["PUZZLELAB_CACHE_DIR"] = fresh  # an empty cache: the tables are built
        run(args)


def run(args: argparse.Namespace) -> None:
    pdb = build(args.cached, not args.plain)
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
    summary(seconds, nodes, wrong or unsolved, elapsed)
    if args.compare:
        compare(pdb, instances[: min(args.compare, ran)], args.per_instance)


def summary(seconds, nodes, failures, elapsed) -> None:
    all_optimal = "yes" if seconds and not failures else "no"
    mean_s = f"{statistics.mean(seconds):.2f}" if seconds else "-"
    mean_n = f"{statistics.mean(nodes):,.0f}" if nodes else "-"
    print(
        f"solved {len(seconds)} of {len(korf100())}, all optimal: {all_optimal}, "
        f"mean seconds {mean_s}, mean nodes {mean_n} (total {elapsed:.0f} s)"
    )
    if seconds:
        print(f"median {statistics.median(seconds):.2f} s, max {max(seconds):.2f} s")


def compare(pdb, instances, per_instance: float) -> None:
    """The same instances with and without the reflected look-up, alternating, in CPU seconds."""
    other = pattern_database(KORF_GOAL, progress=None, reflect=not pdb.reflect)
    plain, reflected = (other, pdb) if pdb.reflect else (pdb, other)
    totals = {"plain": [0.0, 0], "reflected": [0.0, 0]}
    for _, board, optimal in instances:
        for name, h in (("plain", plain), ("reflected", reflected)):
            t0 = time.process_time()
            result = ida_star(board, KORF_GOAL, heuristic=h, seconds=per_instance)
            totals[name][0] += time.process_time() - t0
            totals[name][1] += result.expanded
            if result.cost != optimal:
                print(f"  {name}: not solved optimally")
    (ps, pn), (rs, rn) = totals["plain"], totals["reflected"]
    print(
        f"side by side on the first {len(instances)} instances (CPU s): plain {ps:.1f} s, "
        f"{pn:,} nodes; reflected {rs:.1f} s, {rn:,} nodes; reflected/plain time {rs / ps:.2f}, "
        f"nodes {rn / pn:.2f}"
    )


if __name__ == "__main__":
    main()
