"""Time one step of each lesson widget (median over many steps), as a user's click or slider move.

Run: .venv/bin/python benchmarks/bench_widgets.py [--repeat N]

Prints, for each step, the median wall time and the median CPU time of this process (the CPU
time is what the step itself costs; wall time also counts other programs sharing the cores).
Nothing here needs a kernel: the widgets' observers run synchronously, as in the tests.
"""

from __future__ import annotations

import argparse
import statistics
import time

TARGET_MS = 100.0


def measure(step, repeat: int) -> tuple[float, float]:
    step(0)  # warm-up: first draws build caches (fonts, tick objects, runs)
    walls, cpus = [], []
    for k in range(1, repeat + 1):
        wall, cpu = time.perf_counter(), time.process_time()
        step(k)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls) * 1000, statistics.median(cpus) * 1000


def playable_steps():
    from puzzlelab.widgets import PlayableBoard

    board = PlayableBoard(3, 3)
    yield "PlayableBoard 3x3: click a tile", lambda k: board.cells[7 if k % 2 == 0 else 8].click()
    picture = PlayableBoard(3, 3, picture=True)
    yield "PlayableBoard 3x3 picture: click a tile", lambda k: picture.cells[7 if k % 2 == 0 else 8].click()
    big = PlayableBoard(5, 5)
    yield "PlayableBoard 5x5: click a tile", lambda k: big.cells[23 if k % 2 == 0 else 24].click()
    undo = PlayableBoard(4, 4)
    for _ in range(400):
        undo.cells[14].click()
        undo.cells[15].click()
    yield "PlayableBoard 4x4: undo", lambda k: undo.undo_button.click()
    solve = PlayableBoard(3, 3, board="8 6 7/2 5 4/3 _ 1")
    solve.solve_button.click()
    yield "PlayableBoard 3x3: play one solution move", lambda k: setattr(solve.play, "value", 1 + k % 30)


def parity_steps():
    from puzzlelab.widgets import ParityLab

    lab = ParityLab(3, 3)

    def swap(k):
        lab.cells[k % 8].click()
        lab.cells[(k + 1) % 8].click()

    yield "ParityLab 3x3: swap two tiles (two clicks)", swap
    big = ParityLab(5, 5)

    def swap_big(k):
        big.cells[k % 24].click()
        big.cells[(k + 5) % 24].click()

    yield "ParityLab 5x5: swap two tiles (two clicks)", swap_big


def shuffle_steps():
    from puzzlelab.widgets import ShuffleLab

    lab = ShuffleLab("naive_swap", n=4, mode="both", samples=10_000)
    yield "ShuffleLab n=4 both, 10k samples: new samples", lambda k: lab.resample_button.click()
    names = ["naive_swap", "fisher_yates", "sort_shuffle", "tutorial_fisher_yates"]
    switch = ShuffleLab("naive_swap", n=4, mode="exact")
    yield "ShuffleLab n=4 exact: change algorithm", lambda k: setattr(switch.algorithm, "value", names[k % 4])


def search_steps():
    from puzzlelab.widgets import SearchPlayer

    player = SearchPlayer("8 6 7/2 5 4/3 _ 1")
    steps = player.step.max
    yield (
        "SearchPlayer: move the step (expansion + progress)",
        lambda k: setattr(player.step, "value", 1 + (37 * k) % steps),
    )
    gh = SearchPlayer("8 6 7/2 5 4/3 _ 1")
    gh.board_view.value = "frontier"
    gh.chart_view.value = "(g, h) plane"
    yield (
        "SearchPlayer: move the step (frontier + (g, h) plane)",
        lambda k: setattr(gh.step, "value", 1 + (37 * k) % steps),
    )


def weight_steps():
    from puzzlelab.widgets import WeightExplorer
    from puzzlelab.widgets.weight_explorer import SWEEP_WEIGHTS

    explorer = WeightExplorer("8 6 7/2 5 4/3 _ 1")
    explorer.sweep_button.click()
    yield (
        "WeightExplorer: move the weight (cached run)",
        lambda k: setattr(explorer.weight, "value", SWEEP_WEIGHTS[k % len(SWEEP_WEIGHTS)]),
    )
    fresh = WeightExplorer("8 6 7/2 5 4/3 _ 1")
    weights = iter([1.0 + 0.25 * j for j in range(1, 37)])
    yield (
        "WeightExplorer: move the weight (new run of weighted A*)",
        lambda k: setattr(fresh.weight, "value", next(weights)),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30, help="steps timed per widget (default 30)")
    args = parser.parse_args()
    if not 3 <= args.repeat <= 34:
        parser.error("--repeat must lie in 3..34")
    print(f"median of {args.repeat} steps each; target: well under {TARGET_MS:.0f} ms per step")
    print(f"{'step':58s} {'wall ms':>8s} {'cpu ms':>8s}")
    for group in (playable_steps, parity_steps, shuffle_steps, search_steps, weight_steps):
        for name, step in group():
            wall, cpu = measure(step, args.repeat)
            print(f"{name:58s} {wall:8.1f} {cpu:8.1f}")


if __name__ == "__main__":
    main()
