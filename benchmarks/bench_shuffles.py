"""Shuffle speed, measured side by side in one run.

Job: 1,000,000 shuffles of 9 cells, ranked into a histogram over all 9! = 362,880
permutations. The batch version (``sampling.sample`` + ``perm.rank_many`` +
``numpy.bincount``) runs the whole job; the teaching version (one Python shuffle,
``perm.rank`` and a list increment per shuffle) runs 50,000 and is scaled by 20.
Then the exact distribution of the naive swap on 9 cells, from cold caches.

Targets: batch job well under 1 s and >= 30x the teaching version; exact < 5 s.
Exits with status 1 if a target is missed.

    python benchmarks/bench_shuffles.py
"""

from __future__ import annotations

import argparse
import sys
import time
from math import factorial

import numpy as np

from puzzlelab import distributions, perm, sampling, shuffles
from puzzlelab.perm import rank, rank_many

CELLS, JOB, TEACHING_RUN = 9, 1_000_000, 50_000


def batch_job(name: str, seed: int) -> tuple[float, np.ndarray]:
    start = time.perf_counter()
    histogram = np.bincount(rank_many(sampling.sample(name, CELLS, JOB, seed)), minlength=factorial(CELLS))
    return time.perf_counter() - start, histogram


def teaching_job(name: str, seed: int) -> tuple[float, list[int]]:
    shuffle, rng = shuffles.SHUFFLES[name].function, np.random.default_rng(seed)
    histogram = [0] * factorial(CELLS)
    start = time.perf_counter()
    for _ in range(TEACHING_RUN):
        histogram[rank(shuffle(CELLS, rng))] += 1
    return time.perf_counter() - start, histogram


def exact_naive_cold() -> tuple[float, distributions.Distribution]:
    perm._swap_maps.cache_clear()
    perm.permutation_table.cache_clear()
    start = time.perf_counter()
    result = distributions.exact("naive_swap", CELLS)
    return time.perf_counter() - start, result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n\n", 1)[1],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    parser.parse_args(argv)  # no options: --help describes the run
    ok = True
    scale = JOB // TEACHING_RUN
    print(f"job: {JOB:,} shuffles of {CELLS} cells ranked into a histogram over {factorial(CELLS):,} perms")
    for name in ("fisher_yates", "naive_swap"):
        batch_times = []
        for seed in range(3):
            seconds, histogram = batch_job(name, seed)
            batch_times.append(seconds)
            assert histogram.sum() == JOB
        batch = min(batch_times)
        seconds, histogram = teaching_job(name, 0)
        assert sum(histogram) == TEACHING_RUN
        teaching = seconds * scale
        ratio = teaching / batch
        print(
            f"{name:13s} batch (numpy, best of 3): {batch:6.3f} s | teaching (Python): "
            f"{seconds:6.3f} s for {TEACHING_RUN:,} x {scale} = {teaching:6.2f} s | ratio {ratio:5.0f}x"
        )
        ok &= batch < 1.0 and ratio >= 30
    seconds, naive = exact_naive_cold()
    print(
        f"exact naive_swap n={CELLS} (cold caches): {seconds:.2f} s; "
        f"max/min = {naive.max_min_ratio()} = {float(naive.max_min_ratio()):.4f}"
    )
    ok &= seconds < 5.0
    print("targets (batch < 1 s, >= 30x, exact < 5 s):", "met" if ok else "MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
