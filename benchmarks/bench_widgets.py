"""Time one step of each lesson widget (median over many steps), as a user's click or slider move,
side by side against the code before this round.

Run: .venv/bin/python benchmarks/bench_widgets.py [--repeat N] [--baseline COMMIT | --no-baseline]

Each version runs in its own subprocess (``PYTHONPATH`` set to that version's source), one after
the other, and reports the median CPU time of one step (``time.process_time``: what the step
itself costs, whatever else shares the cores), the median wall time, and the bytes the widgets
send to the browser per step (JSON state plus binary buffers, counted at ``Widget._send``, so the
same count covers ipywidgets' PNG images and the live widgets' traits). The baseline is
``git archive COMMIT puzzlelab`` unpacked in a temporary directory (default: b3fb26c, the code
before this round). Nothing here needs a kernel: the widgets' observers run synchronously, as in
the tests.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET_MS = 100.0
ROOT = Path(__file__).resolve().parent.parent
BASELINE = "b3fb26c"


class SentBytes:
    """Count what every widget sends its front-end (JSON of each message plus its buffers)."""

    def __init__(self):
        self.total = 0

    def __enter__(self):
        from ipywidgets import Widget

        self._original = original = Widget._send

        def send(widget, msg, buffers=None):
            self.total += len(json.dumps(msg, default=str)) + sum(memoryview(b).nbytes for b in buffers or ())
            return original(widget, msg, buffers=buffers)

        Widget._send = send
        return self

    def __exit__(self, *exc):
        from ipywidgets import Widget

        Widget._send = self._original


def measure(step, repeat: int) -> tuple[float, float, float]:
    """Median wall and CPU ms of one step, and the mean bytes one step sends to the browser."""
    step(0)  # warm-up: first draws build caches (fonts, tick objects, runs)
    walls, cpus = [], []
    with SentBytes() as sent:
        for k in range(1, repeat + 1):
            wall, cpu = time.perf_counter(), time.process_time()
            step(k)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
    return statistics.median(walls) * 1000, statistics.median(cpus) * 1000, sent.total / repeat


def playable_steps():
    """The old board (ipywidgets buttons and PNG pieces, a Play widget for the solution) and the
    live one (an anywidget: the browser sends a message, Python sends the new tiles back; the
    solution is sent once and played by the browser) driven the way their front-ends drive them."""
    from puzzlelab import Board
    from puzzlelab.widgets import PlayableBoard

    live = hasattr(PlayableBoard, "_esm")

    def click(view, cell):
        if live:
            view._handle_custom_msg({"do": "click", "cell": cell}, [])
        else:
            view.cells[cell].click()

    def button(view, name):
        if live:
            view._handle_custom_msg({"do": name}, [])
        else:
            getattr(view, f"{name}_button").click()

    board = PlayableBoard(3, 3)
    yield "PlayableBoard 3x3: click a tile", lambda k: click(board, 7 if k % 2 == 0 else 8)
    picture = PlayableBoard(3, 3, picture=True)
    yield "PlayableBoard 3x3 picture: click a tile", lambda k: click(picture, 7 if k % 2 == 0 else 8)
    big = PlayableBoard(5, 5)
    yield "PlayableBoard 5x5: click a tile", lambda k: click(big, 23 if k % 2 == 0 else 24)
    if live:
        keys = PlayableBoard(3, 3)
        yield (
            "PlayableBoard 3x3: arrow key (new)",
            lambda k: keys._handle_custom_msg({"do": "move", "move": "L" if k % 2 == 0 else "R"}, []),
        )
    undo = PlayableBoard(4, 4)
    for _ in range(400):
        click(undo, 14)
        click(undo, 15)
    yield "PlayableBoard 4x4: undo", lambda k: button(undo, "undo")
    start = Board.parse("8 6 7/2 5 4/3 _ 1")  # 30 moves from the goal
    solve = PlayableBoard(3, 3, board=start)
    button(solve, "solve")  # the solution is found once (cached): the steps time sending and playing it

    def play_solution(k):
        solve.history = []  # back to the start without a redraw (the solution stays known)
        if live:  # sent once, played by the browser
            solve._board = start
            solve._handle_custom_msg({"do": "solve"}, [])
        else:  # each of the 30 moves is a kernel step drawing PNGs
            solve.board = start
            solve.solve_button.click()
            for move in range(1, 31):
                solve.play.value = move

    yield "PlayableBoard 3x3: solve it, play all 30 moves", play_solution


def parity_steps():
    """The old lab (a Button per cell, the inversion arcs drawn as a PNG after every change) and the
    live one (an anywidget: a click is a message; Python checks it and sends back the tiles, the
    numbers of parity.explain and the inverted pairs as bytes, and the browser draws the arcs)
    driven the way their front-ends drive them."""
    from puzzlelab.widgets import ParityLab

    live = hasattr(ParityLab, "_esm")

    def click(lab, cell):
        if live:
            lab._handle_custom_msg({"action": "click", "cell": cell}, [])
        else:
            lab.cells[cell].click()

    def set_goal(lab, goal):
        if live:
            lab.set_state({"goal_choice": goal})  # what the goal menu in the browser does
        else:
            lab.goal_choice.value = goal

    lab = ParityLab(3, 3)
    yield "ParityLab 3x3: swap two tiles (two clicks)", lambda k: (click(lab, k % 8), click(lab, (k + 1) % 8))
    big = ParityLab(5, 5)
    yield (
        "ParityLab 5x5: swap two tiles (two clicks)",
        lambda k: (click(big, k % 24), click(big, (k + 5) % 24)),
    )
    slide = ParityLab(4, 4, mode="slide the blank")
    yield "ParityLab 4x4: slide a tile", lambda k: click(slide, 14 if k % 2 == 0 else 15)
    goal = ParityLab(3, 3, board="7 4 3/_ 5 8/6 2 1")
    yield "ParityLab 3x3: change the goal", lambda k: set_goal(goal, "first" if k % 2 == 0 else "last")


def shuffle_steps():
    """The old lab (ipywidgets controls; every change sampled the whole run and drew two PNGs) and
    the live one (an anywidget: a change sends the exact marks and the run's setting, then the
    browser asks for the samples batch by batch, each batch's counts as bytes), driven the way
    their front-ends drive them. "whole run" rows add up the live lab's 30 batch requests."""
    import json

    from puzzlelab.widgets import ShuffleLab

    live = hasattr(ShuffleLab, "_esm")

    def ask(lab, content):
        lab._handle_custom_msg(content, [])

    def new_samples(lab):
        """'new samples' pressed, and (live) every batch of the run asked for, as the browser does."""
        if not live:
            lab.resample_button.click()
            return
        ask(lab, {"kind": "resample"})
        setting = json.loads(lab._setting)
        for batch in range(setting["batches"]):
            ask(lab, {"kind": "next", "run": setting["run"], "batch": batch})

    def set_algorithm(lab, name):
        if live:
            lab.set_state({"algorithm": name})  # what the menu in the browser does
        else:
            lab.algorithm.value = name

    names = ["naive_swap", "fisher_yates", "sort_shuffle", "tutorial_fisher_yates"]
    lab = ShuffleLab("naive_swap", n=4, mode="both", samples=10_000)
    yield "ShuffleLab n=4 both, 10k samples: new samples", lambda k: new_samples(lab)
    first = ShuffleLab("naive_swap", n=4, mode="both", samples=10_000)
    yield (
        "ShuffleLab n=4 both, 10k: change algorithm (to 1st picture)",
        lambda k: set_algorithm(first, names[k % 4]),
    )
    switch = ShuffleLab("naive_swap", n=4, mode="exact")
    yield "ShuffleLab n=4 exact: change algorithm", lambda k: set_algorithm(switch, names[k % 4])
    big = ShuffleLab("fisher_yates", n=9, mode="both", samples=100_000)
    yield "ShuffleLab 3x3 fisher_yates both, 100k: new samples", lambda k: new_samples(big)
    if not live:
        return
    batchers = {
        "ShuffleLab n=4 both, 10k: one batch (new)": ShuffleLab("naive_swap", n=4, samples=10_000),
        "ShuffleLab 3x3 fisher_yates, 100k: one batch (new)": ShuffleLab("fisher_yates", 9, samples=100_000),
    }
    for label, batcher in batchers.items():
        state = {"setting": json.loads(batcher._setting), "next": 0}

        def one_batch(k, batcher=batcher, state=state):
            if state["next"] == state["setting"]["batches"]:  # a run is 30 batches: then a new run
                ask(batcher, {"kind": "resample"})
                state["setting"], state["next"] = json.loads(batcher._setting), 0
            ask(batcher, {"kind": "next", "run": state["setting"]["run"], "batch": state["next"]})
            state["next"] += 1

        yield label, one_batch


def search_steps():
    """The old player (ipywidgets; each step drew two PNGs in the kernel) and the live one (an
    anywidget: the run is sent once and the browser steps through it; the kernel hears the step
    only when the replay stops, as below), driven the way their front-ends drive them."""
    from puzzlelab.widgets import SearchPlayer

    live = hasattr(SearchPlayer, "_esm")

    def step_to(player, k):
        if live:
            player.set_state({"step": k})  # what the module writes when the replay stops
        else:
            player.step.value = k

    player = SearchPlayer("8 6 7/2 5 4/3 _ 1")
    steps = player.steps if live else player.step.max
    yield (
        "SearchPlayer: move the step (expansion + progress)",
        lambda k: step_to(player, 1 + (37 * k) % steps),
    )
    gh = SearchPlayer("8 6 7/2 5 4/3 _ 1")
    if not live:  # the live player shows every view at once
        gh.board_view.value = "frontier"
        gh.chart_view.value = "(g, h) plane"
    yield (
        "SearchPlayer: move the step (frontier + (g, h) plane)",
        lambda k: step_to(gh, 1 + (37 * k) % steps),
    )
    methods = ["greedy", "astar"]
    switch = SearchPlayer("8 6 7/2 5 4/3 _ 1", budget=3_000)
    yield (
        "SearchPlayer: change the method (cached run)",
        lambda k: (
            switch.set_state({"method": methods[k % 2]})
            if live
            else setattr(switch.method, "value", methods[k % 2])
        ),
    )


def weight_steps():
    """The live explorer (a slider move is drawn in the browser; the kernel hears the weight once
    the slider rests: ``set_state``, what an update from the browser runs) beside the PNG explorer
    (each slider move redrawn in the kernel), with the same labels so the ratios pair up."""
    from puzzlelab.widgets import WeightExplorer

    hardest = "8 6 7/2 5 4/3 _ 1"
    explorer = WeightExplorer(hardest)
    live = not hasattr(explorer.weight, "value")
    if live:
        from puzzlelab.widgets.weight_explorer import SWEEP_WEIGHTS

        explorer.sweep()
        grid = SWEEP_WEIGHTS
        yield (
            "WeightExplorer: move the weight (cached run)",
            lambda k: explorer.set_state({"weight": grid[k % len(grid)]}),
        )
    else:
        from puzzlelab.widgets.weight_explorer import SWEEP_WEIGHTS as grid

        explorer.sweep_button.click()
        yield (
            "WeightExplorer: move the weight (cached run)",
            lambda k: setattr(explorer.weight, "value", grid[k % len(grid)]),
        )
    fresh = WeightExplorer(hardest)
    weights = iter([1.0 + 0.23 * j for j in range(1, 37)])  # off the live grid: each one a new run
    set_weight = (
        (lambda w: fresh.set_state({"weight": w})) if live else (lambda w: setattr(fresh.weight, "value", w))
    )
    yield "WeightExplorer: move the weight (new run of weighted A*)", lambda k: set_weight(next(weights))
    if live:  # the one-off cost: the whole grid run for new instances, and the bytes it sends
        from puzzlelab.widgets.weight_explorer import SWEEP_WEIGHTS

        boards = WeightExplorer(rng=7)

        def run_grid(k):
            boards.new_instance()
            boards.sweep()

        yield f"WeightExplorer live: run the grid ({len(SWEEP_WEIGHTS)} w, new 8-puzzle)", run_grid


GROUPS = {
    "playable": playable_steps,
    "parity": parity_steps,
    "shuffle": shuffle_steps,
    "search": search_steps,
    "weight": weight_steps,
}


def run_here(groups: list[str], repeat: int) -> list[tuple[str, float, float, float]]:
    """Measure in this process (the version on ``sys.path``)."""
    rows = []
    for name in groups:
        for label, step in GROUPS[name]():
            wall, cpu, sent = measure(step, repeat)
            rows.append((label, wall, cpu, sent))
    return rows


def run_version(source: Path, groups: list[str], repeat: int) -> list[tuple[str, float, float, float]]:
    """Measure in a subprocess that imports puzzlelab from ``source``."""
    env = {**os.environ, "PYTHONPATH": str(source), "MPLBACKEND": "Agg"}
    command = [sys.executable, __file__, "--child", "--repeat", str(repeat), "--groups", ",".join(groups)]
    done = subprocess.run(command, env=env, cwd=source, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"measuring {source} failed:\n{done.stderr[-3000:]}")
    return [tuple(row) for row in json.loads(done.stdout.strip().splitlines()[-1])]


def baseline_source(commit: str, into: Path) -> Path:
    archive = subprocess.run(
        ["git", "archive", commit, "puzzlelab"], cwd=ROOT, capture_output=True, check=True
    )
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30, help="steps timed per widget (3..34, default 30)")
    parser.add_argument(
        "--groups",
        default=",".join(GROUPS),
        help=f"comma-separated widget groups to time (default all: {','.join(GROUPS)})",
    )
    parser.add_argument(
        "--baseline", default=BASELINE, help=f"commit to compare against (default {BASELINE})"
    )
    parser.add_argument("--no-baseline", action="store_true", help="time the current code only")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if not 3 <= args.repeat <= 34:
        parser.error("--repeat must lie in 3..34")
    groups = [g.strip() for g in args.groups.split(",") if g.strip()]
    unknown = sorted(set(groups) - set(GROUPS))
    if unknown or not groups:
        parser.error(f"unknown group(s) {unknown}: choose from {', '.join(GROUPS)}")
    if args.child:
        print(json.dumps(run_here(groups, args.repeat)))
        return
    current = run_version(ROOT, groups, args.repeat)
    print(f"median of {args.repeat} steps each, CPU ms (process_time); target: under {TARGET_MS:.0f} ms")
    if args.no_baseline:
        print(f"{'step':58s} {'cpu ms':>8s} {'wall ms':>8s} {'bytes':>9s}")
        for label, wall, cpu, sent in current:
            print(f"{label:58s} {cpu:8.1f} {wall:8.1f} {sent:9,.0f}")
        return
    with tempfile.TemporaryDirectory(prefix="bench-widgets-") as tmp:
        before = {
            label: (wall, cpu, sent)
            for label, wall, cpu, sent in run_version(
                baseline_source(args.baseline, Path(tmp)), groups, args.repeat
            )
        }
    print(
        f"{'step':58s} {'before':>8s} {'now':>8s} {'ratio':>6s}   {'bytes before':>12s} {'bytes now':>10s}"
        f"   (CPU ms, bytes sent per step; before = {args.baseline})"
    )
    for label, _wall, cpu, sent in current:
        old = before.get(label)
        if old is None:
            print(f"{label:58s} {'-':>8s} {cpu:8.1f} {'':6s}   {'-':>12s} {sent:10,.0f}")
            continue
        ratio = old[1] / cpu if cpu else float("inf")
        print(f"{label:58s} {old[1]:8.1f} {cpu:8.1f} {ratio:5.2f}x   {old[2]:12,.0f} {sent:10,.0f}")


if __name__ == "__main__":
    main()
