"""What the widgets show for the library's identifiers (solver, heuristic and shuffle names).

A menu's values stay the identifiers a lesson sets in code (``"astar"``, ``"linear_conflict"``,
``"fisher_yates"``); what it shows is the identifier's display name: the catalogue's translation
of the identifier written with spaces (``"linear conflict"`` -> 线性冲突), or, where the catalogue
has none (English, or a heuristic a teacher registered), the identifier itself, exactly as the
English widgets always showed it. The browser does the same with ``t()`` (``shownName`` in the JS
modules), from the keys the widgets add to their ``LABELS``.

>>> display_name("linear_conflict")
'linear_conflict'
"""

from __future__ import annotations

from ..i18n import N_
from ..i18n import gettext as _

__all__ = ["HEURISTIC_KEYS", "METHOD_KEYS", "SHUFFLE_KEYS", "display_name", "key_of"]

#: the best-first searches and the other solvers, as catalogue keys (identifier with spaces)
METHOD_KEYS = (
    N_("astar"),
    N_("weighted astar"),
    N_("greedy"),
    N_("bfs"),
    N_("article"),
    N_("ida star"),
)
#: the registered heuristics, as catalogue keys
HEURISTIC_KEYS = (
    N_("manhattan"),
    N_("linear conflict"),
    N_("misplaced"),
    N_("zero"),
    N_("manhattan with blank"),
)
#: the shuffles of :mod:`puzzlelab.shuffles`, as catalogue keys (the playable board's menu)
SHUFFLE_KEYS = (
    N_("fisher yates"),
    N_("random walk"),
    N_("naive swap"),
    N_("tutorial fisher yates"),
    N_("sort shuffle"),
)


def key_of(name: str) -> str:
    """The catalogue key of an identifier: its underscores written as spaces."""
    return name.replace("_", " ")


def display_name(name: str) -> str:
    """``name`` (an identifier) as the current language shows it: the translation of its key, or
    the identifier itself when there is none (English: always the identifier)."""
    key = key_of(name)
    if not key.strip():  # gettext("") is the catalogue's header, never a name
        return name
    shown = _(key)
    return name if shown == key else shown
