"""What the shuffle lab sends the browser, written for the Node tests (tests/js/shuffle_lab.test.mjs).

A few labs (dense and sparse batches, with and without exact marks) are asked for every batch of a
run the way the module asks; each batch message's bytes go to ``<case>_batch_K.bin``, the exact
probabilities (the ``_exact`` trait) to ``<case>_exact.bin``, a running total (what a view drawn in
the middle of a run gets first) to ``<case>_total.bin``. ``cases.json`` holds beside them what the
module must make of the bytes, computed here independently of the encoder: the permutation counts
and the item-by-cell matrix from the library's own samples (the same seeded batches drawn again
with :func:`puzzlelab.sampling.sample`), the exact probabilities, and the permutations by rank
(:func:`puzzlelab.perm.all_permutations`).
"""

from __future__ import annotations

import json
from math import factorial
from pathlib import Path

import numpy as np

from puzzlelab.distributions import from_samples
from puzzlelab.perm import all_permutations
from puzzlelab.sampling import sample
from puzzlelab.widgets.shuffle_lab import ShuffleLab, batch_plan, encode_batch

#: (case, algorithm, n, mode, samples, seed): 4 items sent dense, 7 items (5,040 permutations) sparse,
#: a sampled-only run (no exact marks), an exact-only run (no batches)
CASES = [
    ("naive4", "naive_swap", 4, "both", 10_000, 1),
    ("sort7", "sort_shuffle", 7, "both", 1_000, 2),
    ("fy5", "fisher_yates", 5, "sampled", 1_000, 3),
    ("naive3", "naive_swap", 3, "exact", 1_000, 4),
]


def _run(case: str, algorithm: str, n: int, mode: str, samples: int, seed: int, directory: Path) -> dict:
    lab = ShuffleLab(algorithm, n=n, mode=mode, samples=samples, rng=seed)
    sent: list[tuple[dict, bytes]] = []
    lab.send = lambda content, buffers=None: sent.append((content, bytes(buffers[0])))
    setting = json.loads(lab._setting)
    files, readouts = [], []
    for k in range(setting["batches"]):
        lab._handle_custom_msg({"kind": "next", "run": setting["run"], "batch": k}, [])
        content, data = sent[-1]
        name = f"{case}_batch_{k}.bin"
        (directory / name).write_bytes(data)
        files.append(name)
        readouts.append(content["readouts"])
    total = None
    if setting["batches"]:
        lab._handle_custom_msg({"kind": "sync", "run": setting["run"]}, [])
        total = f"{case}_total.bin"
        (directory / total).write_bytes(sent[-1][1])
    (directory / f"{case}_exact.bin").write_bytes(lab._exact)
    plan = batch_plan(samples) if setting["batches"] else []
    expected = {"counts": [], "matrix": []}
    if plan:  # the same seeded batches, drawn again from the library's sampler
        rng = np.random.default_rng(seed)
        perms = np.concatenate([sample(algorithm, n, size, rng) for size in plan])
        matrix = np.zeros((n, n), dtype=np.int64)
        np.add.at(matrix, (perms, np.arange(n)), 1)
        expected = {"counts": from_samples(perms).counts.tolist(), "matrix": matrix.reshape(-1).tolist()}
    exact = lab.exact_distribution
    lab.close()
    return {
        "case": case, "n": n, "samples": samples, "plan": plan, "batches": files, "total": total,
        "exact": f"{case}_exact.bin", "setting": setting, "readouts": readouts,
        "exact_probabilities": [] if exact is None else exact.probabilities().tolist(),
        "exact_matrix": [] if exact is None else exact.position_matrix().reshape(-1).tolist(),
        "permutations": ["".join(map(str, p)) for p in all_permutations(n).tolist()] if n <= 5 else [],
        **expected,
    }  # fmt: skip


#: batches no run of the lab above makes, encoded by the lab's encoder: counts of 4 bytes and
#: sparse ranks too far apart for 2-byte gaps (9 items), and 4-byte counts sent dense (4 items)
EDGES = [
    ("edge9", 9, {5: 70_000, 100_000: 1, 362_879: 300}),
    ("edge4", 4, {rank: 70_000 + rank for rank in range(24)}),
]


def _edge(name: str, n: int, entries: dict[int, int], directory: Path) -> dict:
    counts = np.zeros(factorial(n), dtype=np.int64)
    counts[list(entries)] = list(entries.values())
    matrix = np.arange(n * n, dtype=np.int64).reshape(n, n) * 1_000
    (directory / f"{name}.bin").write_bytes(encode_batch(counts, matrix, samples=int(counts.sum()), batch=0))
    return {"file": f"{name}.bin", "n": n, "entries": [[r, c] for r, c in entries.items()],
            "matrix": matrix.reshape(-1).tolist()}  # fmt: skip


def write(directory: Path) -> None:
    directory = Path(directory)
    cases = [_run(*case, directory) for case in CASES]
    (directory / "cases.json").write_text(json.dumps(cases))
    edges = [_edge(*edge, directory) for edge in EDGES]
    (directory / "edges.json").write_text(json.dumps(edges))
