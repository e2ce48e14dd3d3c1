"""A JupyterHub for one class on this machine: loopback only, dummy sign-in, local processes.

Started by ``deploy/classhub.py`` (``python deploy/classhub.py start``), which sets the
environment variables read here. It needs no system users: every student's server runs as the
user who started the hub, in a folder of its own under the state directory, with the student
edition of the lessons copied there and one pattern-database cache shared by all kernels.

This is for trying puzzlelab on a class server and for the benchmark, not for the open
internet: for a real class, see ``deploy/README.md`` (Zero to JupyterHub).
"""

import os
from pathlib import Path

c = get_config()  # noqa: F821

state = Path(os.environ["PUZZLELAB_HUB_STATE"])
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = int(os.environ.get("PUZZLELAB_HUB_PORT", "0") or 0) or 18100
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = int(os.environ.get("PUZZLELAB_HUB_API_PORT", "18101"))
c.JupyterHub.db_url = f"sqlite:///{state / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(state / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(state / "jupyterhub.pid")
c.JupyterHub.authenticator_class = "dummy"
c.JupyterHub.spawner_class = "simple"  # SimpleLocalProcessSpawner
c.Authenticator.allow_all = True
c.Authenticator.admin_users = {"teacher"}
c.JupyterHub.api_tokens = {os.environ["PUZZLELAB_HUB_TOKEN"]: "teacher"}
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
c.Spawner.args = ["--allow-root"] if os.getuid() == 0 else []
c.Spawner.environment = {
    # one cache for the class: the tables are memory-mapped, so every kernel shares their pages
    "PUZZLELAB_CACHE_DIR": os.environ.get("PUZZLELAB_CACHE_DIR", str(state / "cache")),
    "MPLBACKEND": "Agg",
}
