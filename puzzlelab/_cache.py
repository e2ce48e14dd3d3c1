"""Where puzzlelab keeps files it can rebuild (pattern databases), and how it writes them.

The directory is ``$PUZZLELAB_CACHE_DIR`` if set, else the user cache directory that
:mod:`platformdirs` chooses for ``puzzlelab`` (``$XDG_CACHE_HOME/puzzlelab`` or
``~/.cache/puzzlelab`` on Linux, ``~/Library/Caches/puzzlelab`` on macOS, ``%LOCALAPPDATA%``
on Windows). Files are written atomically (a temporary file renamed into place) and readable
by everyone the umask allows (0644 with the usual umask 022), so a teacher can fill one
cache that every student's kernel on a class server reads.

>>> cache_dir().name == "puzzlelab" or "PUZZLELAB_CACHE_DIR" in __import__("os").environ
True
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

import platformdirs

__all__ = ["cache_dir", "is_writable", "write_atomic"]


def cache_dir(create: bool = False) -> Path:
    """The cache directory (made, with parents, when ``create`` is true)."""
    if os.environ.get("PUZZLELAB_CACHE_DIR"):
        path = Path(os.environ["PUZZLELAB_CACHE_DIR"]).expanduser()
    else:
        path = Path(platformdirs.user_cache_dir("puzzlelab", appauthor=False))
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def is_writable(directory: Path) -> str | None:
    """``None`` if files can be created in ``directory`` (made if missing), else why not.

    Tried for real (a temporary file made and removed): permission bits do not tell the whole
    story (read-only mounts, ACLs, a file where the directory should be).
    """
    try:
        directory.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(dir=directory, prefix=".probe-")
        os.close(fd)
        os.unlink(probe)
    except OSError as error:
        return f"{type(error).__name__}: {error.strerror or error}"
    return None


def _file_mode() -> int:
    """The mode ``open()`` would give a new file: 0o666 less the umask (0644 for umask 022)."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def write_atomic(path: Path, write: Callable[[BinaryIO], object]) -> None:
    """Call ``write(handle)`` on a temporary file beside ``path``, then rename it into place.

    An interrupt leaves no half-written file under ``path``; the file gets the usual mode
    (``mkstemp`` alone would leave it 0600, unreadable by other users of a shared cache).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            write(handle)
        os.chmod(tmp, _file_mode())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
