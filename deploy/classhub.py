"""A class server on this machine: start a JupyterHub, sign students in, run lesson code.

    python deploy/classhub.py start [--port 18100] [--state DIR] [--password WORD]

The hub (``deploy/jupyterhub_config.py``) listens on 127.0.0.1 only, signs students in with any
name and the class password (printed at start; JupyterHub's dummy authenticator, refused on
any other address), gives each the student edition on first start, and runs each student's
Jupyter server as a local process; configurable-http-proxy comes from npm and is installed
into ``deploy/node_modules`` on first use. Ctrl-C or SIGTERM stops the hub, the proxy and
every student's server. ``benchmarks/bench_hub.py`` and ``tests/test_class_server.py`` use the
functions below through the hub's REST API and its proxy, as a browser would.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PROXY_PACKAGE = "configurable-http-proxy@5"


# -- the proxy from npm ----------------------------------------------------------------------
def proxy_command() -> str:
    """The configurable-http-proxy executable, installed with npm into deploy/ if missing."""
    local = HERE / "node_modules" / ".bin" / "configurable-http-proxy"
    if local.exists():
        return str(local)
    found = shutil.which("configurable-http-proxy")
    if found:
        return found
    if not shutil.which("npm"):
        raise RuntimeError("configurable-http-proxy is missing and so is npm (apt-get install npm)")
    subprocess.run(
        ["npm", "install", "--prefix", str(HERE), "--no-audit", "--no-fund", "--loglevel=error",
         PROXY_PACKAGE],
        check=True, timeout=600,
    )  # fmt: skip
    return str(local)


# -- the hub ---------------------------------------------------------------------------------
@dataclass
class Hub:
    url: str
    token: str
    process: subprocess.Popen
    password: str
    state: Path
    log: Path
    _owned_state: bool = field(default=False, repr=False)

    def api(self, method: str, path: str, body: dict | None = None, *, timeout: float = 60) -> tuple:
        """Call the hub's REST API (``/hub/api`` + path) with the teacher's token."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            f"{self.url}/hub/api{path}", data=data, method=method,
            headers={"Authorization": f"token {self.token}", "Content-Type": "application/json"},
        )  # fmt: skip
        try:
            with urllib.request.urlopen(request, timeout=timeout) as reply:
                text = reply.read().decode() or "{}"
                return reply.status, json.loads(text)
        except urllib.error.HTTPError as error:
            return error.code, {"message": error.read().decode(errors="replace")}

    def user_get(self, user: str, path: str, *, timeout: float = 30) -> tuple[int, bytes]:
        """GET a path of a student's server through the hub's proxy (``/user/NAME/...``)."""
        request = urllib.request.Request(
            f"{self.url}/user/{user}/{path}", headers={"Authorization": f"token {self.token}"}
        )
        try:
            with urllib.request.urlopen(request, timeout=timeout) as reply:
                return reply.status, reply.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()

    def user_post(self, user: str, path: str, body: dict) -> dict:
        request = urllib.request.Request(
            f"{self.url}/user/{user}/{path}", data=json.dumps(body).encode(), method="POST",
            headers={"Authorization": f"token {self.token}", "Content-Type": "application/json"},
        )  # fmt: skip
        with urllib.request.urlopen(request, timeout=60) as reply:
            return json.loads(reply.read().decode())

    def processes(self) -> list:
        """The hub's process and everything it started (the proxy, students' servers, kernels)."""
        import psutil

        try:
            hub = psutil.Process(self.process.pid)
            return [hub, *hub.children(recursive=True)]
        except psutil.NoSuchProcess:
            return []

    def stop(self) -> None:
        """Stop the hub we started, the proxy and every student's server, and wait until none is
        left (the hub stops them itself; whatever outlives it is terminated, then killed)."""
        import psutil

        started = self.processes()
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        left = [p for p in started if p.pid != self.process.pid and p.is_running()]
        for process in left:
            with contextlib.suppress(psutil.NoSuchProcess):
                process.terminate()
        _, alive = psutil.wait_procs(left, timeout=10)
        for process in alive:
            with contextlib.suppress(psutil.NoSuchProcess):
                process.kill()
        if self._owned_state:
            shutil.rmtree(self.state, ignore_errors=True)


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_hub(
    state: Path | None = None,
    *,
    port: int | None = None,
    password: str | None = None,
    ip: str = "127.0.0.1",
    timeout: float = 120,
) -> Hub:
    """Start a hub on ``ip`` (loopback only) and wait until its API answers. Students sign in with
    any name and ``password`` (a random one when not given: ``hub.password``). Stop it with
    ``hub.stop()``."""
    import ipaddress

    if not ipaddress.ip_address(ip).is_loopback:
        raise ValueError(
            f"ip must be a loopback address, got {ip!r}: the dummy sign-in would let anyone who can reach "
            "the hub in. For a server other machines can reach, use a real authenticator "
            "(NativeAuthenticator or OAuth): see deploy/README.md"
        )
    owned = state is None
    state = Path(tempfile.mkdtemp(prefix="puzzlelab-hub-")) if state is None else Path(state)
    state.mkdir(parents=True, exist_ok=True)
    (state / "users").mkdir(exist_ok=True)
    (state / "cache").mkdir(exist_ok=True)
    port = port or _free_port()
    token = os.environ.get("PUZZLELAB_HUB_TOKEN") or secrets.token_hex(24)  # a script's own, or a new one
    password = password or secrets.token_urlsafe(9)
    env = dict(os.environ)
    env.update(
        PUZZLELAB_HUB_STATE=str(state), PUZZLELAB_HUB_PORT=str(port), PUZZLELAB_HUB_TOKEN=token,
        PUZZLELAB_HUB_PASSWORD=password, PUZZLELAB_HUB_IP=ip,
        PUZZLELAB_HUB_PROXY=proxy_command(), PUZZLELAB_HUB_API_PORT=str(_free_port()),
        PUZZLELAB_HUB_PROXY_API_PORT=str(_free_port()),
        PUZZLELAB_CACHE_DIR=env.get("PUZZLELAB_CACHE_DIR") or str(state / "cache"),
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
    )  # fmt: skip
    log = state / "hub.log"
    with log.open("wb") as output:  # the child keeps its own copy of the file descriptor
        process = subprocess.Popen(
            [str(Path(sys.executable).parent / "jupyterhub"), "-f", str(HERE / "jupyterhub_config.py")],
            cwd=state, env=env, stdout=output, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    hub = Hub(f"http://{ip}:{port}", token, process, password, state, log, owned)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the hub exited ({process.returncode}); its log:\n{log.read_text()[-3000:]}")
        try:
            if hub.api("GET", "/")[0] == 200:
                return hub
        except (OSError, ValueError):
            pass
        time.sleep(0.5)
    hub.stop()
    raise TimeoutError(f"the hub did not answer within {timeout} s; its log:\n{log.read_text()[-3000:]}")


# -- students --------------------------------------------------------------------------------
def sign_in(hub: Hub, name: str) -> None:
    """Create the student ``name`` through the REST API, as a sign-in in the browser does (their
    server's first start gives them the student edition: the spawner hook in the config)."""
    status, reply = hub.api("POST", f"/users/{name}")
    if status not in (201, 409):
        raise RuntimeError(f"could not create {name}: {status} {reply}")


def start_server(hub: Hub, name: str, *, timeout: float = 180) -> float:
    """Start ``name``'s server through the REST API; return the seconds until it answers."""
    began = time.monotonic()
    status, reply = hub.api("POST", f"/users/{name}/server")
    if status not in (201, 202, 400):  # 400: already running
        raise RuntimeError(f"could not start {name}'s server: {status} {reply}")
    while time.monotonic() - began < timeout:
        if hub.user_get(name, "api/status")[0] == 200:
            return time.monotonic() - began
        time.sleep(0.5)
    raise TimeoutError(f"{name}'s server did not answer within {timeout} s")


def run_code(hub: Hub, name: str, cells: list[str], *, timeout: float = 600) -> float:
    """Run ``cells`` one after another in a new kernel of ``name``'s server, through the proxy's
    websocket; return the seconds taken. Raises ``RuntimeError`` with the error of a failing cell."""
    import websocket  # websocket-client, a JupyterLab dependency

    kernel = hub.user_post(name, "api/kernels", {"name": "python3"})
    url = hub.url.replace("http://", "ws://") + f"/user/{name}/api/kernels/{kernel['id']}/channels"
    socket = websocket.create_connection(url, header=[f"Authorization: token {hub.token}"], timeout=timeout)
    began = time.monotonic()
    try:
        for number, code in enumerate(cells):
            msg_id = uuid.uuid4().hex
            socket.send(json.dumps({
                "header": {"msg_id": msg_id, "msg_type": "execute_request", "username": name,
                           "session": uuid.uuid4().hex, "version": "5.3"},
                "parent_header": {}, "metadata": {}, "channel": "shell",
                "content": {"code": code, "silent": False, "store_history": False,
                            "user_expressions": {}, "allow_stdin": False, "stop_on_error": True},
            }))  # fmt: skip
            while True:
                raw = socket.recv()
                if isinstance(raw, bytes):  # a message with binary buffers (a widget's PNG): not ours
                    continue
                message = json.loads(raw)
                if message.get("parent_header", {}).get("msg_id") != msg_id:
                    continue
                if message["msg_type"] == "error":
                    content = message["content"]
                    why = f"{content['ename']}: {content['evalue']}"
                    raise RuntimeError(f"{name}: cell {number} failed: {why}")
                if message["msg_type"] == "execute_reply":
                    break
    finally:
        socket.close()
    return time.monotonic() - began


def lesson_core_cells(notebook: Path) -> list[str]:
    """The code of a lesson's core: its code cells before the first "Going further" heading."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    code = []
    for cell in cells:
        text = "".join(cell["source"])
        headings = [line.lower() for line in text.splitlines() if line.startswith("#")]
        if cell["cell_type"] == "markdown" and any("going further" in h for h in headings):
            break
        if cell["cell_type"] == "code" and text.strip():
            code.append(text)
    return code


# -- memory ----------------------------------------------------------------------------------
@dataclass
class Memory:
    students: dict[str, int]  # name -> proportional set size (bytes) of the server and its kernels
    table_mappings: int  # kernel mappings of pattern-database files
    table_private: int  # bytes of those mappings private to one kernel (0 when fully shared)
    table_resident: int  # resident bytes of those mappings, summed over kernels


def measure_memory(hub: Hub, names: list[str]) -> Memory:
    """Memory of each student's server and kernels (PSS: shared pages split between sharers),
    and how the pattern-database files are mapped in the kernels."""
    import psutil

    per_student, mappings, private, resident = {}, 0, 0, 0
    servers = [p for p in psutil.Process(hub.process.pid).children(recursive=True)
               if "singleuser" in " ".join(p.cmdline()) or "jupyterhub-singleuser" in p.name()]  # fmt: skip
    for server in servers:
        env_user = next((n for n in names if f"/user/{n}/" in " ".join(server.cmdline())
                         or server.environ().get("JUPYTERHUB_USER") == n), None)  # fmt: skip
        if env_user is None:
            continue
        total = 0
        for process in [server, *server.children(recursive=True)]:
            try:
                total += process.memory_full_info().pss
                for region in process.memory_maps(grouped=True):
                    if "pdb-" in Path(region.path).name or "pattern" in region.path:
                        mappings += 1
                        private += region.private_clean + region.private_dirty
                        resident += region.rss
            except (psutil.NoSuchProcess, psutil.AccessDenied):
                continue
        per_student[env_user] = total
    return Memory(per_student, mappings, private, resident)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    start = sub.add_parser("start", help="start a hub on 127.0.0.1 until Ctrl-C")
    start.add_argument("--port", type=int, default=18100)
    start.add_argument("--state", type=Path, default=None, help="folder for the hub's database and users")
    start.add_argument("--password", default=None, help="the class password (default: a random one, printed)")
    start.add_argument("--ip", default="127.0.0.1", help="a loopback address (refused elsewhere)")
    args = parser.parse_args(argv)
    try:
        hub = start_hub(args.state, port=args.port, password=args.password, ip=args.ip)
    except ValueError as err:
        parser.exit(2, f"classhub: {err}\n")

    def stop(signum, frame):  # SIGTERM as well as Ctrl-C: leave no hub, proxy or student server behind
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    print(f"hub: {hub.url}  sign in with any name and the class password: {hub.password}", flush=True)
    print(f"state: {hub.state}; stop with Ctrl-C", flush=True)
    try:
        hub.process.wait()
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        hub.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
