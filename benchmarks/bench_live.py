"""The live search player against the PNG player it replaced, measured in the same run.

Run: .venv/bin/python benchmarks/bench_live.py [--baseline COMMIT] [--repeat N] [--no-browser]

For the hardest 8-puzzle (8 6 7/2 5 4/3 _ 1, A* with Manhattan, 6,744 expansions) and lesson 05's
15-puzzle (1 6 _ 3/2 15 7 4/10 8 13 11/5 14 9 12, 15,507 expansions) it prints, old | new:

- kernel CPU per replay step: the old player drew two PNGs in the kernel for every step; the live
  one sends the run once and the browser steps through it, so a playing or scrubbing replay costs
  the kernel nothing. Its one kernel cost is the step written back when the replay stops (shown);
- bytes sent: the old player's PNGs for one step and for the whole replay (every step once), the
  live player's run (sent once, zlib-compressed) and its JSON state;
- time to first frame in the kernel (build the player: search, record, first pictures / encode);
  in the browser (live only, the self-contained HTML copy in Debian's chromium: from navigation
  to the first drawn step, which includes parsing the page and decoding the run);
- frame rate while playing (live only: the player's own requestAnimationFrame callbacks over 2 s
  at 200 steps a second, beside the page's idle rate).

The old player is ``git archive COMMIT puzzlelab`` (default d24ffa4, the code before the live
widgets) run in a subprocess with ``PYTHONPATH`` set to it. CPU is ``time.process_time``.
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

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "d24ffa4"
RUNS = {
    "hardest 8-puzzle": "8 6 7/2 5 4/3 _ 1",
    "15-puzzle (lesson 05)": "1 6 _ 3/2 15 7 4/10 8 13 11/5 14 9 12",
}
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]  # fmt: skip


def _old_figures(start: str, repeat: int) -> dict:
    """The PNG player: build it, then move the step ``repeat`` times (measured in this process)."""
    from puzzlelab.widgets import SearchPlayer

    cpu = time.process_time()
    player = SearchPlayer(start)
    first = (time.process_time() - cpu) * 1000
    first_bytes = len(player.boards_image.value) + len(player.chart_image.value)
    steps = player.step.max
    cpus, sizes = [], []
    for k in range(repeat):
        cpu = time.process_time()
        player.step.value = 1 + (37 * (k + 1)) % steps
        cpus.append((time.process_time() - cpu) * 1000)
        sizes.append(len(player.boards_image.value) + len(player.chart_image.value))
    return {"steps": steps, "first_ms": first, "first_bytes": first_bytes,
            "step_ms": statistics.median(cpus), "step_bytes": statistics.mean(sizes)}  # fmt: skip


def _new_figures(start: str, repeat: int) -> dict:
    from puzzlelab.widgets import SearchPlayer

    cpu = time.process_time()
    player = SearchPlayer(start)
    first = (time.process_time() - cpu) * 1000
    state = {k: v for k, v in player.get_state().items() if k != "recording"}
    cpus = []
    for k in range(repeat):  # what the browser writes when the replay stops: one small message
        cpu = time.process_time()
        player.set_state({"step": 1 + (37 * (k + 1)) % player.steps})
        cpus.append((time.process_time() - cpu) * 1000)
    return {"steps": player.steps, "first_ms": first, "run_bytes": len(player.recording),
            "state_bytes": len(json.dumps(state, default=str)),
            "pause_ms": statistics.median(cpus)}  # fmt: skip


def measure_here(which: str, repeat: int) -> dict:
    figures = _old_figures if which == "old" else _new_figures
    return {name: figures(start, repeat) for name, start in RUNS.items()}


def measure_version(source: Path | None, which: str, repeat: int) -> dict:
    env = dict(os.environ)
    if source is not None:
        env["PYTHONPATH"] = str(source)
    code = f"import json, sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); import bench_live; "
    code += f"print(json.dumps(bench_live.measure_here({which!r}, {repeat})))"
    # run from the source's folder: with -c, the working directory comes first on sys.path
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=source or ROOT, capture_output=True,
                          text=True, check=True)  # fmt: skip
    return json.loads(done.stdout.strip().splitlines()[-1])


def browser_figures(start: str) -> dict | None:
    """Time to first frame and frame rate of the self-contained HTML copy in chromium."""
    chromium = Path("/usr/bin/chromium")
    if not chromium.exists():
        return None
    from playwright.sync_api import sync_playwright

    from puzzlelab.widgets import SearchPlayer

    with tempfile.TemporaryDirectory() as tmp:
        player = SearchPlayer(start)
        page_path = player.save_html(Path(tmp) / "replay.html")
        player.close()
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(chromium), args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            page.goto(page_path.as_uri())
            root = page.locator(".puzzlelab-search-player")
            page.wait_for_function("document.querySelector('.puzzlelab-search-player').dataset.step === '1'")
            first = page.evaluate("performance.now()")  # ms since navigation started
            idle = page.evaluate("""() => new Promise(done => { let n = 0; const t0 = performance.now();
              const f = t => { n++;
                if (t - t0 < 1000) requestAnimationFrame(f); else done(n * 1000 / (t - t0)); };
              requestAnimationFrame(f); })""")
            page.select_option("select[aria-label='steps/s']", "200")
            root.focus()
            page.keyboard.press(" ")
            page.wait_for_timeout(300)
            t0, f0 = page.evaluate("performance.now()"), root.evaluate("el => el.puzzlelab.frames")
            page.wait_for_timeout(2000)
            t1, f1 = page.evaluate("performance.now()"), root.evaluate("el => el.puzzlelab.frames")
            browser.close()
    return {"first_frame_ms": first, "fps": (f1 - f0) * 1000 / (t1 - t0), "idle_fps": idle}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", default=BASELINE, help=f"the PNG player's commit (default {BASELINE})")
    parser.add_argument("--repeat", type=int, default=15, help="steps timed per run (median)")
    parser.add_argument("--no-browser", action="store_true", help="skip the chromium figures")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        command = ["git", "archive", args.baseline, "puzzlelab"]
        archive = subprocess.run(command, cwd=ROOT, capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        old = measure_version(Path(tmp), "old", args.repeat)
    new = measure_version(ROOT, "new", args.repeat)
    print(f"search player: PNG player ({args.baseline}) | live player (now); CPU ms are process_time medians")
    for name in RUNS:
        o, n = old[name], new[name]
        assert o["steps"] == n["steps"], (o["steps"], n["steps"])
        print(f"\n{name}: {n['steps']:,} steps")
        print(f"  kernel CPU per replay step      {o['step_ms']:10.1f} ms | 0 ms (the browser steps; "
              f"{n['pause_ms']:.2f} ms once when the replay stops)")  # fmt: skip
        print(f"  bytes per replay step           {o['step_bytes']:10,.0f}    | 0")
        whole = o["first_bytes"] + o["step_bytes"] * (o["steps"] - 1)
        run, state = n["run_bytes"], n["state_bytes"]
        sent = f"{run + state:,} (run {run:,} zlib + state {state:,}, the module included)"
        print(f"  bytes for the whole replay      {whole:10,.0f}    | {sent}, sent once")
        print(
            f"  kernel CPU to the first frame   {o['first_ms']:10.1f} ms | "
            f"{n['first_ms']:.1f} ms (search, record, encode)"
        )
        if not args.no_browser:
            shown = browser_figures(RUNS[name])
            if shown:
                print(f"  browser: first frame {shown['first_frame_ms']:.0f} ms after navigation "
                      "(HTML copy), "
                      f"{shown['fps']:.1f} frames/s playing "
                      f"(page idle {shown['idle_fps']:.1f})")  # fmt: skip


if __name__ == "__main__":
    main()
