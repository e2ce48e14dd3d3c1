"""8-puzzle search speed, measured side by side in one run.

1. The hardest 8-puzzle positions (31 moves) solved optimally by A* with linear conflict.
2. puzzlelab's A* against a plain textbook A* (Board objects, the same heuristic function called
   on every child) and against the ``slidingpuzzle`` package from PyPI, on the same instances:
   with Manhattan distance (the same heuristic in all three), and with each package's own
   linear-conflict heuristic (slidingpuzzle's adds the last-moves and corner-tiles terms).
3. The cost of recording events: the same searches with ``record=True``.

All times are CPU seconds of this process (``time.process_time``), best of several runs.

Run: ``.venv/bin/python benchmarks/bench_search.py``
"""

from __future__ import annotations

import argparse
import heapq
import itertools
import time

import numpy as np

from puzzlelab import Board
from puzzlelab.perm import unrank
from puzzlelab.search import astar, hardest, linear_conflict, manhattan, state_space_distances


def textbook_astar(start: Board, goal: Board, h) -> int:
    """A* as the textbooks write it: Board objects, a reached table, h called on every child."""
    counter = itertools.count()
    frontier = [(h(start, goal), next(counter), 0, start)]
    reached = {start: 0}
    while frontier:
        _, _, g, board = heapq.heappop(frontier)
        if board == goal:
            return g
        if g > reached[board]:
            continue
        for _, child in board.successors():
            if child not in reached or g + 1 < reached[child]:
                reached[child] = g + 1
                heapq.heappush(frontier, (g + 1 + h(child, goal), next(counter), g + 1, child))
    raise ValueError("no solution")


def slidingpuzzle_astar(start: Board, heuristic_name: str) -> int:
    import slidingpuzzle
    from slidingpuzzle import heuristics as sp_heuristics

    board = slidingpuzzle.board_from(*start.grid())
    result = slidingpuzzle.search(board, "a*", heuristic=getattr(sp_heuristics, heuristic_name))
    return len(result.solution)


def best_of(fn, repeat: int = 3) -> float:
    """Best CPU time of ``repeat`` runs: process time, so other jobs on a shared machine do not count."""
    times = []
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        times.append(time.process_time() - t0)
    return min(times)


def instances() -> list[tuple[Board, int]]:
    """The two hardest positions plus eight seeded positions 22-28 moves from the goal."""
    dist = state_space_distances(3, 3)
    rng = np.random.default_rng(2024)
    pool = np.flatnonzero((dist >= 22) & (dist <= 28))
    chosen = sorted(rng.choice(pool, size=8, replace=False).tolist())
    boards = [(b, 31) for b in hardest(3, 3)]
    return boards + [(Board(unrank(r, 9), 3, 3), int(dist[r])) for r in chosen]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n\n", 1)[1],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    parser.parse_args(argv)  # no options: --help describes the run
    goal = Board.goal(3, 3)
    print("== hardest 8-puzzle positions, A* + linear conflict (CPU time, best of 3)")
    for board in hardest(3, 3):
        result = astar(board, heuristic=linear_conflict)
        seconds = best_of(lambda b=board: astar(b, heuristic=linear_conflict))
        verdict = "OK" if seconds < 0.1 else "SLOW"
        print(
            f"{board.text():<22} {result.cost} moves  {result.expanded:6d} expanded  {seconds * 1000:6.1f} ms"
            f"  (< 100 ms: {verdict})"
        )

    cases = instances()
    print(f"\n== A* on {len(cases)} 8-puzzle positions (2 hardest + 8 at 22-28 moves), total seconds")
    for label, ours_h, sp_name in (
        ("manhattan", manhattan, "manhattan_distance"),
        ("linear conflict", linear_conflict, "linear_conflict_distance"),
    ):
        ours = textbook = theirs = 0.0
        for board, optimal in cases:
            assert astar(board, heuristic=ours_h).cost == optimal
            ours += best_of(lambda b=board, h=ours_h: astar(b, heuristic=h))
            assert textbook_astar(board, goal, ours_h) == optimal
            textbook += best_of(lambda b=board, h=ours_h: textbook_astar(b, goal, h), repeat=1)
            assert slidingpuzzle_astar(board, sp_name) == optimal
            theirs += best_of(lambda b=board, n=sp_name: slidingpuzzle_astar(b, n), repeat=1)
        print(
            f"{label:<16} puzzlelab {ours:7.3f} s | textbook A* {textbook:7.3f} s "
            f"(x{textbook / ours:.1f} slower) | slidingpuzzle {theirs:7.3f} s (x{theirs / ours:.1f} slower)"
        )
    print("(slidingpuzzle's linear conflict also adds last-moves and corner-tiles terms, so it expands fewer")
    print(" nodes than ours; the manhattan row compares the very same heuristic in all three)")

    print("\n== cost of recording events (same searches, record=True), interleaved, best of 5")
    for label, h in (("manhattan", manhattan), ("linear conflict", linear_conflict)):
        plain = recorded = 0.0
        events = 0
        for board, _ in cases:
            p_times, r_times = [], []
            for _ in range(5):
                p_times.append(best_of(lambda b=board, h=h: astar(b, heuristic=h), repeat=1))
                r_times.append(best_of(lambda b=board, h=h: astar(b, heuristic=h, record=True), 1))
            plain, recorded = plain + min(p_times), recorded + min(r_times)
            events += len(astar(board, heuristic=h, record=True).events)
        print(
            f"{label:<16} plain {plain:6.3f} s | recording {events:,} events {recorded:6.3f} s "
            f"(x{recorded / plain:.2f})"
        )


if __name__ == "__main__":
    main()
