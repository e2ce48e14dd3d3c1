"""Command line: copy the lessons, open them in JupyterLab or one as a Voila app, make an nbgrader course.

    python -m puzzlelab list                      the lessons, with their titles
    python -m puzzlelab copy DIR [--teacher]      write the student (or teacher's) edition to DIR
    python -m puzzlelab lessons [DIR]             copy the student edition to DIR
                                                  (./puzzlelab-lessons), open JupyterLab on it
    python -m puzzlelab app LESSON                open one lesson (01, shuffling, a path) in Voila
    python -m puzzlelab course DIR                lay out an nbgrader course in DIR: one assignment
                                                  per lesson, its config, the steps in DIR/README.md
    python -m puzzlelab --version

``list``, ``copy``, ``lessons`` and ``course`` take ``--lang zh-CN`` for the Simplified Chinese
lessons (default ``--lang en``); ``lessons --lang zh-CN`` also shows JupyterLab's menus in
Chinese when the language pack is installed (``pip install "puzzlelab[zh]"``).

JupyterLab needs ``pip install "puzzlelab[lab]"``, Voila ``pip install "puzzlelab[app]"``.
Servers listen on 127.0.0.1 only (JupyterLab also asks for a token) unless ``--ip``
says otherwise explicitly; then a warning says who can reach them, and Voila asks for
a token too. Each server picks a free port itself (from 8888, or 8866 for Voila)
and the link is printed once it has said which one it took.

>>> lab_command(Path("lessons"), ip="127.0.0.1", port=None, open_browser=False, as_root=False)[1:3]
['-m', 'jupyterlab']
>>> server_link("::1", 8888, "/lab", token="abc")
'http://[::1]:8888/lab?token=abc'
"""

from __future__ import annotations

import argparse
import importlib.util
import ipaddress
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import FrameType
from typing import IO, Protocol

from . import __version__
from .course import make_course
from .i18n import DEFAULT_LANGUAGE, LANGUAGES
from .lessons import CopyReport, app_dir, check_language, copy_lessons, find_app, list_lessons

__all__ = ["is_loopback", "lab_command", "main", "run_server", "server_link", "voila_command"]

LOCALHOST = "127.0.0.1"
DEFAULT_DIR = "puzzlelab-lessons"
LAB_PORT, VOILA_PORT = 8888, 8866
PORT_RETRIES = 50  # how many ports a server tries after its first choice is taken
#: where Voila finds puzzlelab's template (a Jupyter data directory shipped in the package)
VOILA_TEMPLATES = Path(__file__).resolve().parent / "data" / "jupyter"
EXTRAS = {"jupyterlab": ("JupyterLab", "lab"), "voila": ("Voila", "app")}
#: JupyterLab's settings overrides per lesson language (its menus in that language), and the
#: language pack each needs (the "zh" extra)
LAB_SETTINGS = {"zh-CN": Path(__file__).resolve().parent / "data" / "lab-settings-zh-CN"}
LANGUAGE_PACKS = {"zh-CN": "jupyterlab_language_pack_zh_CN"}

#: ``on_port(port)``: called once, when the server has said on which port it listens.
PortCallback = Callable[[int], None]
#: ``launch(command, env, on_port) -> exit status``: how a server is started (tests inject a fake).
Launcher = Callable[[Sequence[str], Mapping[str, str], PortCallback], int]
#: What ``signal.signal`` takes and gives back: a function, SIG_DFL/SIG_IGN, or None (a handler
#: not installed from Python)
_SignalHandler = Callable[[int, FrameType | None], object] | int | signal.Handlers | None


class _Command(Protocol):
    """A sub-command (``cmd_list`` ...): its parsed arguments in, the exit status out."""

    def __call__(self, args: argparse.Namespace, *, launch: Launcher, source: Path | None) -> int: ...


#: A server's "running at" line: http://127.0.0.1:8888/..., http://[::1]:8888/..., http://host:8866/
_URL = re.compile(r"https?://(\[[^\]\s]+\]|[^\s/:\[\]]+):(\d{1,5})/")
READY_TIMEOUT = 60.0  # seconds a server may take from printing its URL to accepting connections


# -- pure pieces: addresses, links and commands --------------------------------------
def is_loopback(ip: str) -> bool:
    """True if ``ip`` is reachable only from this machine ("127.0.0.1", "::1", "localhost")."""
    if ip == "localhost":
        return True
    try:
        return ipaddress.ip_address(ip).is_loopback
    except ValueError:
        return False


def _browse_host(ip: str) -> str:
    if ip in {"0.0.0.0", ""}:
        return LOCALHOST  # "all addresses" includes this one
    return "::1" if ip == "::" else ip


def server_link(ip: str, port: int, path: str = "/", *, token: str | None = None) -> str:
    """The link to open in a browser on this machine (IPv6 addresses in brackets)."""
    host = _browse_host(ip)
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}{path}" + (f"?token={token}" if token else "")


def _port_options(app: str, port: int | None, preferred: int) -> list[str]:
    """``--port`` given: that port or fail; else the server tries from ``preferred`` on itself."""
    if port is not None:
        return [f"--{app}.port={port}", f"--{app}.port_retries=0"]
    return [f"--{app}.port={preferred}", f"--{app}.port_retries={PORT_RETRIES}"]


def lab_command(
    root: Path,
    *,
    ip: str,
    port: int | None,
    open_browser: bool,
    as_root: bool,
    settings: Path | None = None,
) -> list[str]:
    """The JupyterLab command serving ``root``; its token travels in the environment, not argv.
    ``settings``: a folder whose ``overrides.json`` changes JupyterLab's defaults (its language)."""
    command = [
        sys.executable, "-m", "jupyterlab",
        f"--ServerApp.ip={ip}",
        *_port_options("ServerApp", port, LAB_PORT),
        f"--ServerApp.root_dir={root}",
        f"--ServerApp.open_browser={open_browser}",
        *([f"--LabApp.app_settings_dir={settings}"] if settings is not None else []),
    ]  # fmt: skip
    return [*command, "--allow-root"] if as_root else command


def lab_settings(lang: str) -> Path | None:
    """The settings overrides that show JupyterLab's menus in ``lang``, when its language pack
    is installed (None for English, or without the pack)."""
    pack = LANGUAGE_PACKS.get(lang)
    if pack is None or importlib.util.find_spec(pack) is None:
        return None
    return LAB_SETTINGS[lang]


def voila_command(
    notebook: Path, *, ip: str, port: int | None, open_browser: bool, preheat: bool = False
) -> list[str]:
    """The Voila command showing one notebook as an app (sources hidden, widgets live).

    ``preheat`` is for a short dashboard (the apps): Voila runs it in a kernel before anyone asks
    and again after each visitor, so a page is served already run. A longer notebook (a lesson,
    a teacher's own) is rendered progressively instead: each cell's output shows as soon as it
    has run. (Voila allows one or the other.)

    Exposed beyond this machine, Voila asks for a token (``--token``); it takes the one
    in ``JUPYTER_TOKEN``, which the command line sets, so the printed link carries it.
    """
    command = [
        sys.executable, "-m", "voila", str(notebook),
        f"--Voila.ip={ip}",
        *_port_options("Voila", port, VOILA_PORT),
        f"--Voila.open_browser={open_browser}",
        "--VoilaConfiguration.template=puzzlelab",  # found through JUPYTER_PATH (cmd_app sets it)
    ]  # fmt: skip
    if preheat:  # one kernel kept ready with the dashboard run in it: the page comes at once
        command += ["--VoilaConfiguration.preheat_kernel=True", "--VoilaConfiguration.default_pool_size=1"]
    else:
        command += [
            # show each cell's output as soon as it has run, not a blank page until the last one has
            "--VoilaConfiguration.progressive_rendering=True",
            # progressive rendering reads no websocket frame (pongs included) until the last cell has
            # run: with keep-alive pings on, a lesson running over 90 s lost its outputs at the timeout
            '--Voila.tornado_settings={"ws_ping_interval": 0}',
        ]
    return command if is_loopback(ip) else [*command, "--token"]


# -- running a server ---------------------------------------------------------------
def _when_listening(host: str, port: int, on_port: PortCallback, process: subprocess.Popen[bytes]) -> None:
    """Call ``on_port(port)`` once ``host:port`` accepts connections (JupyterLab prints its URL
    a moment before it listens); give up quietly if the server exits or takes too long."""
    deadline = time.monotonic() + READY_TIMEOUT
    while process.poll() is None and time.monotonic() < deadline:
        try:
            socket.create_connection((host.strip("[]"), port), timeout=2).close()
        except OSError:
            time.sleep(0.1)
            continue
        on_port(port)
        return


def _relay(stream: IO[bytes], on_port: PortCallback, process: subprocess.Popen[bytes]) -> None:
    """Copy the server's log to our stderr; at its first "running at" URL, call ``on_port``
    as soon as that port answers."""
    told = False
    for raw in iter(stream.readline, b""):
        line = raw.decode("utf-8", errors="replace")
        sys.stderr.write(line)
        sys.stderr.flush()
        match = None if told else _URL.search(line)
        if match:
            told = True
            args = (match[1], int(match[2]), on_port, process)
            threading.Thread(target=_when_listening, args=args, daemon=True).start()


def run_server(command: Sequence[str], env: Mapping[str, str], on_port: PortCallback | None = None) -> int:
    """Run a server until it exits and return its exit status.

    The server's log goes on to stderr; ``on_port`` is called with the port it took.
    Ctrl-C reaches the server too, and the server decides when to stop; a
    SIGTERM sent to this process is passed on, so no server outlives it.
    """
    pipe = subprocess.PIPE if on_port is not None else None
    process = subprocess.Popen(list(command), env=dict(env), stderr=pipe)
    previous = _pass_on_sigterm(process)
    relay = None
    if on_port is not None:
        relay = threading.Thread(target=_relay, args=(process.stderr, on_port, process), daemon=True)
        relay.start()
    try:
        while True:
            try:
                return process.wait()
            except KeyboardInterrupt:
                continue  # JupyterLab asks for confirmation; a second Ctrl-C stops it
    finally:
        if relay is not None and process.stderr is not None:
            relay.join(timeout=5)
            process.stderr.close()
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _pass_on_sigterm(process: subprocess.Popen[bytes]) -> _SignalHandler:
    """Forward SIGTERM to ``process``; returns the handler it replaced (None if it could not)."""
    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGTERM, lambda _signum, _frame: process.terminate())


# -- the sub-commands ---------------------------------------------------------------
def _require(module: str) -> None:
    """Refuse at once, naming the extra to install, when ``module`` (a server) is missing."""
    if importlib.util.find_spec(module) is None:
        name, extra = EXTRAS[module]
        raise RuntimeError(f'{name} is not installed; install it with:  pip install "puzzlelab[{extra}]"')


def _warn_if_exposed(ip: str) -> None:
    if not is_loopback(ip):
        print(
            f"warning: --ip {ip} makes the server reachable from other machines on your network; "
            "anyone with its link (and token) can run code as you. Omit --ip to stay on 127.0.0.1.",
            file=sys.stderr,
        )


def _announce(name: str, ip: str, path: str, token: str | None) -> PortCallback:
    def on_port(port: int) -> None:
        print(f"{name} is ready; open:  {server_link(ip, port, path, token=token)}", flush=True)
        if token is None:
            print("(no token: the server is reachable from this machine only)", flush=True)
        if not is_loopback(ip):
            other = _browse_host(ip)
            print(f"(from another machine, use this machine's address instead of {other})", flush=True)

    return on_port


def _report_copy(report: CopyReport) -> None:
    print(report.summary())
    for warning in report.warnings:
        print(f"warning: {warning}", file=sys.stderr)


def cmd_list(args: argparse.Namespace, *, launch: Launcher, source: Path | None) -> int:
    for lesson in list_lessons(source=source, lang=args.lang):
        print(f"{lesson.name:<16} {lesson.title}")
    return 0


def cmd_copy(args: argparse.Namespace, *, launch: Launcher, source: Path | None) -> int:
    edition = "teacher" if args.teacher else "student"
    _report_copy(copy_lessons(args.dir, force=args.force, source=source, edition=edition, lang=args.lang))
    return 0


def cmd_lessons(args: argparse.Namespace, *, launch: Launcher, source: Path | None) -> int:
    if not args.copy_only:
        _require("jupyterlab")  # before copying: nothing half done
    report = copy_lessons(args.dir, force=args.force, source=source, edition="student", lang=args.lang)
    _report_copy(report)
    if args.copy_only:
        return 0
    settings = lab_settings(args.lang)
    if args.lang in LANGUAGE_PACKS and settings is None:
        print(f'note: JupyterLab\'s menus stay English: pip install "puzzlelab[zh]" for its {args.lang} '
              "language pack", file=sys.stderr)  # fmt: skip
    _warn_if_exposed(args.ip)
    env = dict(os.environ)
    env["JUPYTER_TOKEN"] = env.get("JUPYTER_TOKEN") or secrets.token_hex(24)
    as_root = hasattr(os, "geteuid") and os.geteuid() == 0
    command = lab_command(report.destination, ip=args.ip, port=args.port,
                          open_browser=not args.no_browser, as_root=as_root, settings=settings)  # fmt: skip
    print("Starting JupyterLab on the student edition (stop it with Ctrl-C, twice)...", flush=True)
    return launch(command, env, _announce("JupyterLab", args.ip, "/lab", env["JUPYTER_TOKEN"]))


def cmd_app(args: argparse.Namespace, *, launch: Launcher, source: Path | None) -> int:
    _require("voila")
    notebook = find_app(args.lesson, source=source)
    _warn_if_exposed(args.ip)
    env = dict(os.environ)
    token = None
    if is_loopback(args.ip):
        env.pop("JUPYTER_TOKEN", None)  # Voila on this machine only: no token
    else:
        token = env["JUPYTER_TOKEN"] = env.get("JUPYTER_TOKEN") or secrets.token_hex(24)
    # puzzlelab's Voila template (Voila's lab template without its Font Awesome CDN links)
    env["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(VOILA_TEMPLATES), env.get("JUPYTER_PATH")]))
    dashboard = notebook.parent == app_dir()  # a shipped app (short), not a lesson or a teacher's notebook
    command = voila_command(notebook, ip=args.ip, port=args.port, open_browser=not args.no_browser,
                            preheat=dashboard)  # fmt: skip
    print(f"Starting Voila with {notebook.name} (stop it with Ctrl-C)...", flush=True)
    return launch(command, env, _announce("Voila", args.ip, "/", token))


def cmd_course(args: argparse.Namespace, *, launch: Launcher, source: Path | None) -> int:
    print(make_course(args.dir, source=source, force=args.force, lang=args.lang).summary())
    return 0


# -- argument parsing ---------------------------------------------------------------
def _folder(text: str) -> Path:
    """A folder given on the command line; an empty one ('') is refused, not taken as '.'."""
    if not text.strip():
        raise argparse.ArgumentTypeError("the folder is empty: give a folder's path (. for this one)")
    return Path(text)


def _port_number(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a port is a number from 1 to 65535, not {text!r}") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 1 to 65535, not {text}")
    return port


def _ip_address(text: str) -> str:
    """An address of this machine to listen on: an IPv4 or IPv6 address, or "localhost"."""
    if text == "localhost":
        return text
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not an IP address; give one such as 127.0.0.1 (this machine only), "
            "::1, or 0.0.0.0 (every address of this machine)"
        ) from None
    family = socket.AF_INET6 if address.version == 6 else socket.AF_INET
    try:
        with socket.socket(family) as probe:
            probe.bind((text, 0))  # any port: this only asks whether the address is ours
    except OSError as error:
        raise argparse.ArgumentTypeError(
            f"cannot listen on {text}: {error.strerror or error} (is it an address of this machine?)"
        ) from None
    return text


def _language(text: str) -> str:
    """A lesson language given on the command line: en or zh-CN (zh, zh_CN accepted)."""
    try:
        return check_language(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"the lessons are in {' and '.join(LANGUAGES)}, not {text!r} (--lang zh-CN for Chinese)"
        ) from None


def _language_option(parser: argparse.ArgumentParser) -> None:
    choices = " or ".join(LANGUAGES)
    parser.add_argument("--lang", default=DEFAULT_LANGUAGE, type=_language,
                        help=f"the lessons' language: {choices} (default {DEFAULT_LANGUAGE})")  # fmt: skip


def _server_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=_port_number,
                        help="port to listen on (default: the server takes a free one itself)")  # fmt: skip
    parser.add_argument("--no-browser", action="store_true", help="do not open a web browser")
    parser.add_argument(
        "--ip", default=LOCALHOST, type=_ip_address,
        help="address to listen on (default 127.0.0.1, this machine only); "
        "e.g. 0.0.0.0 exposes the server to your network",
    )  # fmt: skip


def _folder_options(parser: argparse.ArgumentParser, *, default: str | None) -> None:
    if default is None:
        parser.add_argument("dir", type=_folder, help="the folder to write the lessons to")
    else:
        parser.add_argument("dir", nargs="?", default=default, type=_folder,
                            help=f"where to put your copy (default ./{default})")  # fmt: skip
    parser.add_argument("--force", action="store_true",
                        help="replace lessons you have edited with the originals")  # fmt: skip


def build_parser() -> argparse.ArgumentParser:
    """The ``python -m puzzlelab`` argument parser."""
    parser = argparse.ArgumentParser(prog="python -m puzzlelab", description=__doc__.split("\n")[0])
    parser.add_argument("--version", action="version", version=f"puzzlelab {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="{list,copy,lessons,app,course}")

    listing = sub.add_parser("list", help="list the lessons")
    _language_option(listing)
    listing.set_defaults(run=cmd_list)

    copy = sub.add_parser("copy", help="write the lessons to a folder (the student edition); start nothing")
    _folder_options(copy, default=None)
    copy.add_argument("--teacher", action="store_true",
                      help="write the teacher's edition (solutions, hidden tests, outputs)")  # fmt: skip
    _language_option(copy)
    copy.set_defaults(run=cmd_copy)

    lessons = sub.add_parser("lessons", help="copy the student edition to a folder and open it in JupyterLab")
    _folder_options(lessons, default=DEFAULT_DIR)
    lessons.add_argument("--copy-only", action="store_true", help="copy the lessons, start nothing")
    _language_option(lessons)
    _server_options(lessons)
    lessons.set_defaults(run=cmd_lessons)

    app = sub.add_parser("app", help="open a topic's app (its live widget and a few sentences) in Voila")
    app.add_argument("lesson", metavar="app",
                     help="play, shuffles, parity, search or weights; a lesson with an app (01, shuffling); "
                          "or a notebook's path")  # fmt: skip
    _server_options(app)
    app.set_defaults(run=cmd_app)

    course = sub.add_parser("course", help="lay out an nbgrader course: one assignment per lesson, its steps")
    course.add_argument("dir", type=_folder, help="the course folder (nbgrader's course directory)")
    course.add_argument("--force", action="store_true",
                        help="replace course files that differ (never grades or submissions)")  # fmt: skip
    _language_option(course)
    course.set_defaults(run=cmd_course)
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
    run: _Command = args.run  # set_defaults(run=...) of the chosen sub-command
    try:
        return run(args, launch=launch, source=source)
    except (ValueError, OSError, RuntimeError) as error:
        print(f"puzzlelab: error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
