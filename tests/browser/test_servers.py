"""The servers the CLI starts stay on this machine, and JupyterLab asks for its token."""

import urllib.error
import urllib.request
from pathlib import Path

import pytest
from drive import TOKEN

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
