"""What `pip install puzzlelab` and each extra bring: package count and installed size.

Builds the wheel from this checkout once, then for the library alone and for each extra makes a
fresh venv, installs ``puzzlelab[extra]`` from that wheel (dependencies from the package index),
and prints the number of packages ``pip list`` shows (pip itself excluded) and the size of
``site-packages`` (a fresh venv's own pip and setuptools subtracted). Takes several minutes;
not part of ``make bench``.

    python benchmarks/install_sizes.py            # the library and every extra
    python benchmarks/install_sizes.py lab app    # the library and these extras
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: object, cwd: Path | None = None) -> str:
    done = subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True, check=False)
    if done.returncode:
        sys.exit(f"failed: {args}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    return done.stdout


def size_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink()) / 1e6


def site_packages(venv: Path) -> Path:
    [folder] = venv.glob("lib/python3*/site-packages")
    return folder


def measure(wheel: Path, extra: str | None, tmp: Path) -> tuple[int, float, float]:
    venv = tmp / f"venv-{extra or 'base'}"
    run(sys.executable, "-m", "venv", venv)
    python = venv / "bin" / "python"
    empty = size_mb(site_packages(venv))
    target = f"puzzlelab[{extra}] @ {wheel.as_uri()}" if extra else str(wheel)
    start = time.perf_counter()
    run(python, "-m", "pip", "install", "-q", "--disable-pip-version-check", target)
    seconds = time.perf_counter() - start
    listed = json.loads(run(python, "-m", "pip", "list", "--format=json", "--disable-pip-version-check"))
    count = sum(1 for p in listed if p["name"].lower() not in {"pip", "setuptools"})
    return count, size_mb(site_packages(venv)) - empty, seconds


def main(argv: list[str]) -> int:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n\n", 1)[1],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    parser.add_argument("extras", nargs="*", metavar="EXTRA",
                        help=f"extras to measure (default all: {', '.join(declared)})")  # fmt: skip
    extras = parser.parse_args(argv).extras or list(declared)
    if set(extras) - set(declared):
        parser.error(f"unknown extra {sorted(set(extras) - set(declared))}; declared: {', '.join(declared)}")
    with tempfile.TemporaryDirectory(prefix="puzzlelab-sizes-") as name:
        tmp = Path(name)
        junk = shutil.ignore_patterns(
            ".git", ".venv*", "build", "dist", "*.egg-info", "__pycache__", "node_modules", "artifacts"
        )
        shutil.copytree(ROOT, tmp / "src", ignore=junk)  # build outside the working tree
        run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--wheel-dir", tmp / "dist", tmp / "src")
        [wheel] = (tmp / "dist").glob("puzzlelab-*.whl")
        print(f"{'install':28} {'packages':>8} {'size MB':>8} {'install s':>9}")
        for extra in [None, *extras]:
            count, mb, seconds = measure(wheel, extra, tmp)
            label = f"puzzlelab[{extra}]" if extra else "puzzlelab"
            print(f"{label:28} {count:8d} {mb:8.0f} {seconds:9.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
