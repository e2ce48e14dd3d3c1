"""Command line: copy the lessons and open them in JupyterLab, or open one lesson as a Voila app.

    python -m puzzlelab list                      the lessons, with their titles
    python -m puzzlelab lessons [DIR]             copy them to DIR (./puzzlelab-lessons), open JupyterLab
    python -m puzzlelab app LESSON                open one lesson (01, shuffling, a path) in Voila
    python -m puzzlelab --version

Servers listen on 127.0.0.1 only (JupyterLab also asks for a token) unless
``--ip`` says otherwise explicitly; then a warning says who can reach them.

>>> lab_command(Path("lessons"), ip="127.0.0.1", port=8888, open_browser=False, as_root=False)[1:3]
['-m', 'jupyterlab']
"""

from __future__ import annotations

import argparse
import importlib.util
import ipaddress
import os
import secrets
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from . import __version__
from .lessons import copy_lessons, find_lesson, list_lessons

__all__ = ["free_port", "is_loopback", "lab_command", "main", "run_server", "voila_command"]

LOCALHOST = "127.0.0.1"
DEFAULT_DIR = "puzzlelab-lessons"
LAB_PORT, VOILA_PORT = 8888, 8866
INSTALL_HINT = (
    "install it with:  pip install --force-reinstall puzzlelab  (JupyterLab and Voila are its dependencies)"
)

#: ``launch(command, env) -> exit status``: how a server is started (tests inject a fake).
Launcher = Callable[[Sequence[str], Mapping[str, str]], int]


# -- pure pieces: addresses and commands --------------------------------------------
def is_loopback(ip: str) -> bool:
    """True if ``ip`` is reachable only from this machine ("127.0.0.1", "::1", "localhost")."""
    if ip == "localhost":
        return True
    try:
        return ipaddress.ip_address(ip).is_loopback
    except ValueError:
        return False


def free_port(ip: str, preferred: int, *, tries: int = 50) -> int:
    """The first port from ``preferred`` on that nothing listens on at ``ip``."""
    for port in range(preferred, preferred + tries):
        with socket.socket(socket.AF_INET6 if ":" in ip else socket.AF_INET) as s:
            try:
                s.bind((ip, port))
            except OSError:
                continue
            return port
    raise OSError(f"no free port in {preferred}..{preferred + tries - 1} on {ip}; pass --port")


def lab_command(root: Path, *, ip: str, port: int, open_browser: bool, as_root: bool) -> list[str]:
    """The JupyterLab command serving ``root``; its token travels in the environment, not argv."""
    command = [
        sys.executable, "-m", "jupyterlab",
        f"--ServerApp.ip={ip}",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--ServerApp.root_dir={root}",
        f"--ServerApp.open_browser={open_browser}",
    ]  # fmt: skip
    return [*command, "--allow-root"] if as_root else command


def voila_command(notebook: Path, *, ip: str, port: int, open_browser: bool) -> list[str]:
    """The Voila command showing one notebook as an app (sources hidden, widgets live)."""
    command = [
        sys.executable, "-m", "voila", str(notebook),
        f"--Voila.ip={ip}",
        f"--Voila.port={port}",
        "--Voila.port_retries=0",
        f"--Voila.open_browser={open_browser}",
    ]  # fmt: skip
    return command if is_loopback(ip) else [*command, "--token"]  # exposed: ask for a token


def run_server(command: Sequence[str], env: Mapping[str, str]) -> int:
    """Run a server until it exits and return its exit status.

    Ctrl-C reaches the server too, and the server decides when to stop; a
    SIGTERM sent to this process is passed on, so no server outlives it.
    """
    process = subprocess.Popen(list(command), env=dict(env))
    previous = _pass_on_sigterm(process)
    try:
        while True:
            try:
                return process.wait()
            except KeyboardInterrupt:
                continue  # JupyterLab asks for confirmation; a second Ctrl-C stops it
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _pass_on_sigterm(process: subprocess.Popen):
    """Forward SIGTERM to ``process``; returns the handler it replaced (None if it could not)."""
    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGTERM, lambda _signum, _frame: process.terminate())


# -- the sub-commands ---------------------------------------------------------------
def _require(module: str, what: str) -> None:
    if importlib.util.find_spec(module) is None:
        raise RuntimeError(f"{what} is not installed; {INSTALL_HINT}")


def _warn_if_exposed(ip: str) -> None:
    if not is_loopback(ip):
        print(
            f"warning: --ip {ip} makes the server reachable from other machines on your network; "
            "anyone with its link (and token) can run code as you. Omit --ip to stay on 127.0.0.1.",
            file=sys.stderr,
        )


def _port(args: argparse.Namespace, preferred: int) -> int:
    return args.port if args.port is not None else free_port(args.ip, preferred)


def _browse_host(ip: str) -> str:
    return LOCALHOST if ip in {"0.0.0.0", "::", ""} else ip  # "all addresses" includes this one


def cmd_list(args: argparse.Namespace, *, launch: Launcher, source: Path | None) -> int:
    for lesson in list_lessons(source=source):
        print(f"{lesson.name:<16} {lesson.title}")
    return 0


def cmd_lessons(args: argparse.Namespace, *, launch: Launcher, source: Path | None) -> int:
    report = copy_lessons(args.dir, force=args.force, source=source)
    print(report.summary())
    if args.copy_only:
        return 0
    _require("jupyterlab", "JupyterLab")
    _warn_if_exposed(args.ip)
    port = _port(args, LAB_PORT)
    env = dict(os.environ)
    env["JUPYTER_TOKEN"] = env.get("JUPYTER_TOKEN") or secrets.token_hex(24)
    as_root = hasattr(os, "geteuid") and os.geteuid() == 0
    command = lab_command(report.destination, ip=args.ip, port=port,
                          open_browser=not args.no_browser, as_root=as_root)  # fmt: skip
    print(f"Starting JupyterLab: http://{_browse_host(args.ip)}:{port}/lab?token={env['JUPYTER_TOKEN']}")
    print("Stop it with Ctrl-C (twice).", flush=True)
    return launch(command, env)


def cmd_app(args: argparse.Namespace, *, launch: Launcher, source: Path | None) -> int:
    notebook = find_lesson(args.lesson, source=source)
    _require("voila", "Voila")
    _warn_if_exposed(args.ip)
    port = _port(args, VOILA_PORT)
    command = voila_command(notebook, ip=args.ip, port=port, open_browser=not args.no_browser)
    print(f"Starting Voila with {notebook.name}: http://{_browse_host(args.ip)}:{port}/")
    print("Stop it with Ctrl-C.", flush=True)
    return launch(command, dict(os.environ))


# -- argument parsing ---------------------------------------------------------------
def _port_number(text: str) -> int:
    port = int(text)
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 1 to 65535, not {text}")
    return port


def _server_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=_port_number, help="port to listen on (default: the first free one)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a web browser")
    parser.add_argument(
        "--ip", default=LOCALHOST,
        help="address to listen on (default 127.0.0.1, this machine only); "
        "e.g. 0.0.0.0 exposes the server to your network",
    )  # fmt: skip


def build_parser() -> argparse.ArgumentParser:
    """The ``python -m puzzlelab`` argument parser."""
    parser = argparse.ArgumentParser(prog="python -m puzzlelab", description=__doc__.split("\n")[0])
    parser.add_argument("--version", action="version", version=f"puzzlelab {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="{list,lessons,app}")

    sub.add_parser("list", help="list the lessons").set_defaults(run=cmd_list)

    lessons = sub.add_parser("lessons", help="copy the lessons to a folder and open them in JupyterLab")
    lessons.add_argument("dir", nargs="?", default=DEFAULT_DIR, type=Path,
                         help=f"where to put your copy (default ./{DEFAULT_DIR})")  # fmt: skip
    lessons.add_argument("--force", action="store_true",
                         help="replace lessons you have edited with the originals")  # fmt: skip
    lessons.add_argument("--copy-only", action="store_true", help="copy the lessons, start nothing")
    _server_options(lessons)
    lessons.set_defaults(run=cmd_lessons)

    app = sub.add_parser("app", help="open one lesson as an app in Voila")
    app.add_argument("lesson", help="a lesson number (01), name (shuffling, 01_shuffling) or path")
    _server_options(app)
    app.set_defaults(run=cmd_app)
    return parser


def main(
    argv: Sequence[str] | None = None, *, launch: Launcher = run_server, source: Path | None = None
) -> int:
    """Run the command line; returns the exit status (2 with a message on bad input).

    ``launch`` starts a server (default ``run_server``); ``source`` is the lesson
    folder (default: the installed lessons).
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args, launch=launch, source=source)
    except (ValueError, OSError, RuntimeError) as error:
        print(f"puzzlelab: error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
