"""The servers the CLI starts stay on this machine, JupyterLab asks for its token, and the CLI
prints a link that works on the port the server chose."""

import re
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from conftest import isolated_env
from drive import TOKEN

from puzzlelab import __main__ as cli

pytestmark = pytest.mark.browser


def listening_addresses(port: int) -> set[str]:
    """Local addresses of the IPv4/IPv6 sockets listening on ``port`` (Linux's /proc/net)."""
    found = set()
    for table in ["/proc/net/tcp", "/proc/net/tcp6"]:
        if not Path(table).exists():
            continue
        for line in Path(table).read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            address, port_hex = local.rsplit(":", 1)
            if state == "0A" and int(port_hex, 16) == port:  # 0A = LISTEN
                found.add(address)
    return found


LOOPBACK = {"0100007F", "00000000000000000000000001000000"}  # 127.0.0.1 and ::1 as /proc writes them


def test_jupyterlab_listens_on_loopback_only(lab):
    if not Path("/proc/net/tcp").exists():
        pytest.skip("reading listening sockets needs Linux's /proc/net/tcp")
    port = int(lab.url.rsplit(":", 1)[1])
    addresses = listening_addresses(port)
    assert addresses, f"nothing listens on {port}"
    assert addresses <= LOOPBACK, addresses


def test_jupyterlab_refuses_requests_without_the_token(lab):
    for query in ["", f"?token=wrong-{TOKEN}"]:
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{lab.url}/api/contents{query}", timeout=10)
        refused.value.close()
        assert refused.value.code == 403
    with urllib.request.urlopen(f"{lab.url}/api/contents?token={TOKEN}", timeout=10) as ok:
        assert ok.status == 200


def test_the_cli_prints_a_working_link_on_the_port_jupyterlab_chose_itself(tmp_path):
    """``python -m puzzlelab lessons``: with its first port taken, JupyterLab takes another one
    itself (no check that can race), and the printed link (with the token) opens it."""
    taken = socket.socket()
    try:
        taken.bind((cli.LOCALHOST, cli.LAB_PORT))
        taken.listen()
    except OSError:
        pass  # already in use by something else: just as good
    command = [sys.executable, "-m", "puzzlelab", "lessons", str(tmp_path / "mine"), "--no-browser"]
    server = subprocess.Popen(command, env=isolated_env(tmp_path), stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True, start_new_session=True)  # fmt: skip
    try:
        for line in server.stdout:
            if "is ready" in line:
                break
        link = re.search(r"http://\S+", line)[0]
        assert re.match(r"http://127\.0\.0\.1:\d+/lab\?token=\w{32,}$", link), link
        assert int(link.split(":")[2].split("/")[0]) != cli.LAB_PORT
        status = link.replace("/lab?", "/api/status?")
        with urllib.request.urlopen(status, timeout=30) as answer:
            assert answer.status == 200
    finally:
        taken.close()
        server.terminate()  # the CLI passes SIGTERM on to JupyterLab
        server.wait(timeout=30)
        server.stdout.close()
    assert (tmp_path / "mine" / "00_play.ipynb").stat().st_mode & 0o777 == 0o644
