"""Korf & Felner's 6-6-3 figure (617,555 nodes on Korf's 100) against ours, counted the same way.

Felner, Korf & Hanan (JAIR 22, 2004, "Additive pattern database heuristics", Table 3) report an
average of 617,555 nodes over Korf's 100 instances for IDA* with their 6-6-3 databases. Korf's
IDA* counts a node as *generated* each time a child is made (every move except undoing the
previous one, whether or not the child is then cut off by the bound) and stops at the first
solution; ``search.ida_star``'s ``generated`` counts exactly that (checked here, instance by
instance, against this script's own loop).

This script solves instances with IDA* and additive 6-6-3 databases for several tile partitions,
with and without the reflected look-up, and prints per partition: mean nodes generated (Korf's
count), expanded, generated in the last iteration up to the solution, and, with ``--full-last``,
the nodes the last iteration would generate if it ran to the end (how much the first-solution
stop saves; move order only matters there). ``--order`` tries the blank's moves in another order
(Korf's code: up, left, right, down).

Partitions (Korf's goal, blank top-left; tile t's home is cell t): see PARTITIONS. Measured
2026-11-23 over all 100 (mean nodes generated, reflected): ``old-default`` (puzzlelab's default
until commit 96ee882) 1,610,428 (plain 5,186,441); ``top3`` 1,276,821; ``top3-left`` 637,180
(their 617,555); ``default`` (puzzlelab's default since 96ee882; measured as "corner-cols")
445,164 (median 136,014; 50 s CPU for the 100, 74 of them under 0.5 s each). The splits
that put both neighbours of the blank's corner (tiles 1 and 4) in one six-tile group and the
three-tile group on the bottom row are the strong ones. ``--values N``
prints a split's average estimate as lesson 06 computes it: plain, exact; reflected, over N
random solvable boards (seed 6); old default 41.13 and 42.01, default 42.23 and 43.15.

Run: ``.venv/bin/python benchmarks/bench_korf_felner.py [--limit N] [--first K]
[--partitions default,old-default,...] [--plain] [--full-last] [--order UDLR] [--values N]``
(``--limit 0 --values 10000``: the averages only).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time

from puzzlelab.search import KORF_GOAL, ida_star, korf100, pattern_database

#: Candidate 6-6-3 partitions of Korf's goal (blank top-left). The reflection about the main
#: diagonal maps the cell (r, c) to (c, r) and tile t to the tile whose home is that cell.
PARTITIONS = {
    # puzzlelab's default since 96ee882 (measured as "corner-cols" before): the blank corner's
    # neighbours (1, 4) in one 2x3 block down the left side, the bottom row's three on their own
    "default": ((1, 4, 5, 8, 9, 12), (2, 3, 6, 7, 10, 11), (13, 14, 15)),
    # puzzlelab's default until 96ee882: two 2x3 blocks away from the blank, three tiles left over
    "old-default": ((1, 2, 3, 5, 6, 7), (8, 9, 10, 12, 13, 14), (4, 11, 15)),
    # the same blocks turned on their side (the reflection of "old-default")
    "old-default-mirrored": ((4, 8, 12, 5, 9, 13), (2, 6, 10, 3, 7, 11), (1, 14, 15)),
    # a 3-tile group on the top row, two 6-tile blocks below it (3x2 and 3x2 plus corner)
    "top3": ((1, 2, 3), (4, 5, 8, 9, 12, 13), (6, 7, 10, 11, 14, 15)),
    # the 180-degree turn of a layout common in reimplementations for the blank-last goal
    "top3-left": ((1, 2, 4, 5, 8, 9), (3, 6, 7, 10, 11, 15), (12, 13, 14)),
    # the 6-tile groups hold the tiles next to the blank's corner, the 3-tile group column 0
    "corner-rows": ((1, 2, 3, 4, 5, 8), (6, 7, 10, 11, 14, 15), (9, 12, 13)),
    # reading order
    "rows": ((1, 2, 3, 4, 5, 6), (7, 8, 9, 10, 11, 12), (13, 14, 15)),
    # a 5-5-5 for calibration (their 5-5-5: average value 41.562, 3,090,405 nodes): the 180-degree
    # turn of a common reimplementation's layout, plain average 41.69
    "555": ((1, 2, 4, 5, 8), (3, 6, 7, 10, 11), (9, 12, 13, 14, 15)),
}

MOVES_ORDER = {"U": -4, "D": 4, "L": -1, "R": 1}


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=10,
                        help="instances K..K+N-1 of Korf's 100 (default 10; 0: none, for --values)")
    parser.add_argument("--first", type=int, default=1, help="start at instance K (default 1)")
    parser.add_argument("--partitions", default="default",
                        help="comma-separated names from PARTITIONS (default)")
    parser.add_argument("--plain", action="store_true", help="also without the reflected look-up")
    parser.add_argument("--plain-only", action="store_true", help="only without the reflected look-up")
    parser.add_argument("--full-last", action="store_true", help="also count a complete last iteration")
    parser.add_argument("--order", default="UDLR", help="order the blank's moves are tried in (UDLR)")
    parser.add_argument("--values", type=int, default=0, metavar="N",
                        help="also print the average h (the papers' 'Value'): plain exact, "
                        "reflected over N random solvable boards")
    args = parser.parse_args()
    if sorted(args.order) != sorted("UDLR"):
        parser.error("--order must be a permutation of UDLR")
    for name in args.partitions.split(","):
        if name not in PARTITIONS:
            parser.error(f"unknown partition {name!r}; choose from {', '.join(PARTITIONS)}")
    return args


def neighbours(order: str) -> list[list[int]]:
    """For each blank cell of the 4x4, the cells it can swap with, in ``order``."""
    out = []
    for blank in range(16):
        r, c = divmod(blank, 4)
        cells = []
        for m in order:
            dr, dc = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}[m]
            if 0 <= r + dr < 4 and 0 <= c + dc < 4:
                cells.append((r + dr) * 4 + c + dc)
        out.append(cells)
    return out


def ida(board, pdb, order: str, full_last: bool) -> dict:
    """IDA* counting as Korf does (the library's incremental look-ups, moves tried in ``order``);
    with ``full_last`` the last bound is also searched to its end."""
    plan = pdb.move_plan(KORF_GOAL)
    tabs, group_of, change, mirror_tile, mirror_cell = (
        plan.tables, plan.group_of, plan.change, plan.mirror_tile, plan.mirror_cell)
    table = [[(c, c * 16 + b, mirror_cell[c] * 16 + mirror_cell[b]) for c in cells]
             for b, cells in enumerate(neighbours(order))]
    tiles, goal = list(board.tiles), list(KORF_GOAL.tiles)
    index, mirrored = plan.indices(board.tiles)
    counts = {"generated": 0, "expanded": 0}

    def walk(blank, back, g, h1, h2, bound, stop_at_goal):
        next_bound = math.inf
        for cell, move, mirror_move in table[blank]:
            if cell == back:
                continue
            tile = tiles[cell]
            group, twin = group_of[tile], mirror_tile[tile]
            rgroup = group_of[twin]
            old, rold = index[group], mirrored[rgroup]
            new, rnew = old + change[tile][move], rold + change[twin][mirror_move]
            a = h1 + tabs[group][new] - tabs[group][old]
            b = h2 + tabs[rgroup][rnew] - tabs[rgroup][rold]
            counts["generated"] += 1
            f = g + 1 + max(a, b)
            if f > bound:
                next_bound = min(next_bound, f)
                continue
            tiles[blank], tiles[cell] = tile, 0
            if a == 0 and tiles == goal:
                counts["solutions"] = counts.get("solutions", 0) + 1
                tiles[blank], tiles[cell] = 0, tile
                if stop_at_goal:
                    return -1
                continue
            counts["expanded"] += 1
            index[group], mirrored[rgroup] = new, rnew
            got = walk(cell, blank, g + 1, a, b, bound, stop_at_goal)
            index[group], mirrored[rgroup] = old, rold
            tiles[blank], tiles[cell] = 0, tile
            if got == -1:
                return -1
            next_bound = min(next_bound, got)
        return next_bound

    h1, h2 = plan.value(index), plan.value(mirrored)
    bound = max(h1, h2)
    while True:
        before = dict(counts)
        counts["expanded"] += 1  # the root, once per iteration (as search.ida_star counts it)
        got = walk(board.blank, -1, 0, h1, h2, bound, True)
        if got == -1:
            break
        bound = got
    out = {"generated": counts["generated"], "expanded": counts["expanded"],
           "last": counts["generated"] - before["generated"], "cost": bound}
    if full_last:
        counts.update(generated=0, expanded=0, solutions=0)
        walk(board.blank, -1, 0, h1, h2, bound, False)
        out["last_full"] = counts["generated"]
        out["total_full"] = before["generated"] + counts["generated"]
        out["solutions"] = counts["solutions"]
    return out


def main() -> None:
    args = arguments()
    sys.setrecursionlimit(10_000)
    instances = [x for x in korf100() if args.first <= x[0] < args.first + args.limit]
    if instances:
        print(f"Korf's instances {instances[0][0]}..{instances[-1][0]} ({len(instances)}); moves "
              f"tried in order {args.order}; nodes = generated, Korf's count (children except the "
              f"parent, first-solution stop)")
    for name in args.partitions.split(","):
        for reflect in [False] if args.plain_only else [True, False] if args.plain else [True]:
            pdb = pattern_database(KORF_GOAL, partition=PARTITIONS[name], reflect=reflect, progress=None)
            label = f"{name}{' reflected' if reflect else ' plain'}"
            if instances:
                run(label, pdb, instances, args)
            if args.values:
                values(label, pdb, args.values)


def run(label, pdb, instances, args) -> None:
    t0 = time.process_time()
    rows = []
    for ident, board, optimum in instances:
        if args.order == "UDLR" and not args.full_last:
            r = ida_star(board, KORF_GOAL, heuristic=pdb, budget=10**9, seconds=3600)
            assert r.cost == optimum, (ident, r.cost, optimum)
            rows.append({"generated": r.generated, "expanded": r.expanded})
        else:
            out = ida(board, pdb, args.order, args.full_last)
            assert out["cost"] == optimum, (ident, out["cost"], optimum)
            rows.append(out)
    cpu = time.process_time() - t0
    mean = {key: statistics.mean(row[key] for row in rows) for key in rows[0] if key != "cost"}
    text = ", ".join(f"{key} {value:,.0f}" for key, value in mean.items())
    median = statistics.median(r["generated"] for r in rows)
    print(f"{label:>26}: mean {text}; median generated {median:,.0f}; {cpu:.1f} s CPU")


def values(label, pdb, n: int) -> None:
    """The average estimate as lesson 06 computes it: the plain sum's exact mean (each group's
    placements equally likely) and ``pdb``'s mean over ``n`` random solvable boards (seed 6)."""
    import numpy as np

    from puzzlelab.shuffles import random_solvable_board

    plain = sum(float(table[table < 255].mean()) for table in pdb.tables)
    rng = np.random.default_rng(6)
    sampled = statistics.mean(
        pdb(random_solvable_board(4, 4, rng=rng, goal=KORF_GOAL), KORF_GOAL) for _ in range(n))
    print(f"{label:>26}: average h plain {plain:.2f} (exact); {sampled:.2f} over {n:,} random "
          f"solvable boards (seed 6)")


if __name__ == "__main__":
    main()
