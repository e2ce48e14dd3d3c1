"""A JupyterHub for one class on this machine: loopback only, dummy sign-in, local processes.

Started by ``deploy/classhub.py`` (``python deploy/classhub.py start``), which sets the
environment variables read here. It needs no system users: every student's server runs as the
user who started the hub, in a folder of its own under the state directory, with the student
edition of the lessons copied there and one pattern-database cache shared by all kernels.

Students who sign in through the browser find the student edition in ``lessons/`` of their
folder on first start (a spawner hook runs ``python -m puzzlelab copy``); on later starts the
copy keeps what they edited. The dummy sign-in takes one class password (printed by
``classhub.py start``) and is refused on any address but loopback: for a server other machines
can reach, use a real authenticator (``deploy/README.md``: NativeAuthenticator or OAuth).

This is for trying puzzlelab on a class server and for the benchmark, not for the open
internet: for a real class, see ``deploy/README.md`` (Zero to JupyterHub).
"""

import ipaddress
import os
import subprocess
import sys
from importlib import resources
from pathlib import Path

c = get_config()  # noqa: F821

state = Path(os.environ["PUZZLELAB_HUB_STATE"])
ip = os.environ.get("PUZZLELAB_HUB_IP", "127.0.0.1")
if not ipaddress.ip_address(ip).is_loopback:
    raise SystemExit(
        f"the dummy authenticator signs anyone in: it listens on loopback only, not on {ip}. "
        "For a server other machines can reach, use a real authenticator, e.g. "
        "c.JupyterHub.authenticator_class = 'nativeauthenticator.NativeAuthenticator' "
        "(pip install jupyterhub-nativeauthenticator) or an OAuth one (oauthenticator): see deploy/README.md"
    )
c.JupyterHub.ip = ip
c.JupyterHub.port = int(os.environ.get("PUZZLELAB_HUB_PORT", "0") or 0) or 18100
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = int(os.environ.get("PUZZLELAB_HUB_API_PORT", "18101"))
c.JupyterHub.db_url = f"sqlite:///{state / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(state / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(state / "jupyterhub.pid")
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = os.environ["PUZZLELAB_HUB_PASSWORD"]  # one class password
c.JupyterHub.spawner_class = "simple"  # SimpleLocalProcessSpawner
c.Authenticator.allow_all = True
c.JupyterHub.load_roles = [
    # the teacher's scripts (bench_hub.py, the tests) act through this token; nobody signs in as admin
    {
        "name": "teacher-scripts",
        "scopes": ["admin:users", "admin:servers", "access:servers"],
        "services": ["teacher-scripts"],
    },
]
c.JupyterHub.services = [{"name": "teacher-scripts", "api_token": os.environ["PUZZLELAB_HUB_TOKEN"]}]
c.JupyterHub.cleanup_servers = True
c.JupyterHub.cleanup_proxy = True
c.ConfigurableHTTPProxy.command = [os.environ["PUZZLELAB_HUB_PROXY"]]
proxy_api_port = os.environ.get("PUZZLELAB_HUB_PROXY_API_PORT", "18102")
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{proxy_api_port}"
c.JupyterHub.concurrent_spawn_limit = 100
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
c.Spawner.default_url = "/lab"
c.SimpleLocalProcessSpawner.home_dir_template = str(state / "users" / "{username}")
# no "get notified about official Jupyter news" pop-up for every student (puzzlelab's settings overrides)
LAB_SETTINGS = resources.files("puzzlelab") / "data" / "lab-settings"
ROOT_FLAG = ["--allow-root"] if os.getuid() == 0 else []
c.Spawner.args = [f"--LabApp.app_settings_dir={LAB_SETTINGS}", *ROOT_FLAG]


def give_lessons(spawner) -> None:
    """First start: copy the student edition into the student's folder. Later starts: the copy
    keeps every notebook the student edited (``copy`` never overwrites without ``--force``)."""
    home = Path(spawner.home_dir_template.format(username=spawner.user.name))
    home.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [sys.executable, "-m", "puzzlelab", "copy", str(home / "lessons")], check=True, capture_output=True,
        timeout=120,
    )  # fmt: skip


c.Spawner.pre_spawn_hook = give_lessons
c.Spawner.environment = {
    # one cache for the class: the tables are memory-mapped, so every kernel shares their pages
    "PUZZLELAB_CACHE_DIR": os.environ.get("PUZZLELAB_CACHE_DIR", str(state / "cache")),
    "MPLBACKEND": "Agg",
}
