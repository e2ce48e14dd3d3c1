"""Where puzzlelab keeps files it can rebuild (pattern databases): the user's cache directory.

``$PUZZLELAB_CACHE_DIR`` if set, else ``$XDG_CACHE_HOME/puzzlelab``, else ``~/.cache/puzzlelab``.

>>> cache_dir().name in {"puzzlelab"} or "PUZZLELAB_CACHE_DIR" in __import__("os").environ
True
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["cache_dir"]


def cache_dir(create: bool = False) -> Path:
    """The cache directory (made, with parents, when ``create`` is true)."""
    if os.environ.get("PUZZLELAB_CACHE_DIR"):
        path = Path(os.environ["PUZZLELAB_CACHE_DIR"]).expanduser()
    elif os.environ.get("XDG_CACHE_HOME"):
        path = Path(os.environ["XDG_CACHE_HOME"]).expanduser() / "puzzlelab"
    else:
        path = Path.home() / ".cache" / "puzzlelab"
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path
