"""puzzlelab: exact, fast sliding-tile puzzles for teaching shuffles, parity and heuristic search.

>>> from puzzlelab import Board
>>> Board.goal(3, 3).moves()
['U', 'L']

The algorithm modules (``board``, ``parity``, ``shuffles``, ``distributions``,
``search``) import neither matplotlib nor ipywidgets; ``plots`` and ``widgets``
are loaded only when first used.
"""

from importlib import import_module
from types import ModuleType

from .board import MOVES, Board
from .i18n import get_language, set_language

__all__ = ["MOVES", "Board", "__version__", "get_language", "set_language"]
__version__ = "0.1.0"

_SUBMODULES = {
    "board",
    "parity",
    "perm",
    "shuffles",
    "sampling",
    "distributions",
    "search",
    "heuristics",
    "plots",
    "widgets",
    "lessons",
    "i18n",
}


def __getattr__(name: str) -> ModuleType:
    if name in _SUBMODULES:
        return import_module(f".{name}", __name__)
    raise AttributeError(f"module 'puzzlelab' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | _SUBMODULES)
