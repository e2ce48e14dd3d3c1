"""Print the table of the core's public functions x odd inputs x outcomes (the fuzz record).

Runs every call of ``strategies.CALLS`` with every odd value of ``strategies.ODD`` in each
argument, each in a forked child process (2 GB address-space cap, a time limit), and counts the
outcomes: refused clearly, correct, accepted (a legitimate value), and the bugs: unclear error,
crash (another exception type or a dead process), wrong (a silent wrong answer or a value that
should have been refused), hang, memory. With ``--before DIR`` it runs the same trials against an
older copy of the library (``git archive <commit> puzzlelab | tar -x -C DIR``) and shows both,
with the number of trials fixed; it also times the refusal of a few too-large requests.

    python tests/fuzz_report.py                       # this library
    python tests/fuzz_report.py --before /tmp/base    # side by side with an older copy
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import select
import signal
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

BUGS = ("unclear error", "crash", "wrong", "hang", "memory")
TOO_LARGE = {
    "exact('fisher_yates', 10**7)": "m.distributions.exact('fisher_yates', 10**7)",
    "exact('naive_swap', 2000)": "m.distributions.exact('naive_swap', 2000)",
    "sample('fisher_yates', 10**7, 1)": "m.sampling.sample('fisher_yates', 10**7, 1)",
    "sample('sort_shuffle', 8, 12_500_000)": "m.sampling.sample('sort_shuffle', 8, 12_500_000)",
    "sample('random_walk', 16, 10, steps=10**9)": "m.sampling.sample('random_walk', 16, 10, shape=(4, 4), "
    "steps=10**9)",
}


def in_child(work, seconds: float) -> dict:
    """Run ``work()`` (returning a dict) in a forked child with a time limit and a memory cap."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(read)
        try:
            resource.setrlimit(resource.RLIMIT_AS, (2 * 2**30, 2 * 2**30))
            answer = work()
        except MemoryError:
            answer = {"outcome": "memory", "detail": "MemoryError"}
        except BaseException as error:
            answer = {"outcome": "crash", "detail": f"{type(error).__name__}: {str(error)[:150]}"}
        os.write(write, json.dumps(answer).encode())
        os._exit(0)
    os.close(write)
    start, chunks = time.monotonic(), []
    while True:
        left = seconds - (time.monotonic() - start)
        ready, _, _ = select.select([read], [], [], max(left, 0))
        if not ready:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(read)
            return {"outcome": "hang", "detail": f"killed after {seconds:.0f} s", "seconds": seconds}
        chunk = os.read(read, 65536)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(read)
    _, status = os.waitpid(pid, 0)
    if not chunks:
        return {"outcome": "crash", "detail": f"child died (status {status})"}
    return json.loads(b"".join(chunks))


def run_trials(seconds: float) -> dict:
    from strategies import CALLS, EQUIVALENT, ODD, attempt, canonical_answer, classify, core

    m = core()
    results = []
    for call in CALLS:
        for param in call.kinds:
            for label in ODD:

                def work(call=call, param=param, label=label):
                    try:
                        result, error, spent = attempt(m, call, param, label)
                    except AttributeError as missing:  # the function does not exist in this version
                        return {"outcome": "n/a", "detail": str(missing)[:100]}
                    canonical = canonical_answer(m, call, param, label) if label in EQUIVALENT else None
                    verdict = classify(call, param, label, result, error, spent, canonical)
                    detail = f"{type(error).__name__}: {str(error)[:150]}" if error else repr(result)[:80]
                    return {"outcome": verdict, "detail": detail, "seconds": spent}

                answer = in_child(work, seconds)
                results.append({"call": call.label, "param": param, "label": label, **answer})
    refusals = {}
    for label, expression in TOO_LARGE.items():

        def work(expression=expression):
            start = time.process_time()
            try:
                eval(expression, {"m": m})
                outcome = "accepted"
            except (TypeError, ValueError) as error:
                outcome = f"refused: {str(error)[:90]}"
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            return {"outcome": outcome, "seconds": time.process_time() - start, "peak_mb": peak}

        refusals[label] = in_child(work, 60)
    return {"trials": results, "too_large": refusals}


def table(after: dict, before: dict | None) -> str:
    rows = defaultdict(Counter)
    fixed = Counter()
    earlier = {(t["call"], t["param"], t["label"]): t["outcome"] for t in before["trials"]} if before else {}
    for t in after["trials"]:
        rows[t["call"]][t["outcome"]] += 1
        rows[t["call"]]["trials"] += 1
        old = earlier.get((t["call"], t["param"], t["label"]))
        if old in BUGS and t["outcome"] not in BUGS:
            fixed[t["call"]] += 1
        if old in BUGS:
            rows[t["call"]]["bugs before"] += 1
    columns = ["trials", "refused", "correct", "accepted", *BUGS]
    if before:
        columns += ["bugs before", "fixed"]
    lines = ["| function | " + " | ".join(columns) + " |", "|---" * (len(columns) + 1) + "|"]
    total = Counter()
    for call, counts in rows.items():
        counts["fixed"] = fixed[call]
        total.update(counts)
        lines.append(f"| {call} | " + " | ".join(str(counts[c]) for c in columns) + " |")
    lines.append("| **all** | " + " | ".join(f"**{total[c]}**" for c in columns) + " |")
    if before:
        old = Counter(t["outcome"] for t in before["trials"])
        old["trials"] = len(before["trials"])
        old["bugs before"] = sum(old[b] for b in BUGS)
        lines.append(
            "| *all, before* | " + " | ".join(f"*{old[c]}*" if c != "fixed" else "" for c in columns) + " |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--before", help="directory holding an older copy of the puzzlelab package")
    parser.add_argument("--seconds", type=float, default=10, help="time limit per trial (default 10)")
    parser.add_argument("--json", help="write the raw results here instead of printing the table")
    parser.add_argument("--before-json", help="results of an earlier --json run to compare with")
    parser.add_argument("--bugs", action="store_true", help="also list every trial that is still a bug")
    args = parser.parse_args()
    results = run_trials(args.seconds)
    if args.json:
        Path(args.json).write_text(json.dumps(results))
        return
    before = json.loads(Path(args.before_json).read_text()) if args.before_json else None
    if args.before:
        out = Path(f"/tmp/fuzz_before_{os.getpid()}.json")
        env = {**os.environ, "PYTHONPATH": f"{args.before}{os.pathsep}{HERE}"}
        subprocess.run(
            [sys.executable, __file__, "--json", str(out), "--seconds", str(args.seconds)],
            env=env,
            check=True,
        )
        before = json.loads(out.read_text())
        out.unlink()
    print(table(results, before))
    print()
    print("| too-large request | " + ("before | " if before else "") + "after |")
    print("|---|" + ("---|" if before else "") + "---|")
    for label, _now in results["too_large"].items():
        cells = []
        for side in ([before] if before else []) + [results]:
            r = side["too_large"][label]
            shown = r["outcome"] if r["outcome"] in ("hang", "crash", "memory", "accepted") else "refused"
            cells.append(f"{shown}, {r.get('seconds', 0):.3f} s CPU, peak {r.get('peak_mb', 0):.0f} MB")
        print(f"| {label} | " + " | ".join(cells) + " |")
    if args.bugs:
        for t in results["trials"]:
            if t["outcome"] in BUGS:
                print(f"{t['call']} {t['param']}={t['label']}: {t['outcome']} {t['detail']}")


if __name__ == "__main__":
    main()
