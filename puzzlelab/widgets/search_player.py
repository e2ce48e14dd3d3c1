"""The search player: replay any recorded best-first search step by step, in the browser.

The kernel runs the search the settings describe once (runs are cached: the least recently used
are dropped past ``CACHE_BYTES``), encodes it (:func:`puzzlelab.search.encode_run`, a few bytes
per event) and sends it to the browser once. The browser
(``puzzlelab/widgets/js/search_player.js``) plays, pauses, steps, scrubs and changes speed on its
own: the node being expanded with its children, the frontier's best entries and its size, the
path so far, f and frontier size against step, and the expanded nodes in the (g, h) plane.
The kernel learns the step where the student stopped (``player.step``); changing the method,
heuristic or weight, in the browser's menus or from Python, runs the search again here.

>>> player = SearchPlayer("1 2 3/4 _ 5/7 8 6")
>>> player.steps, player.info
(2, 'step 1 of 2: expand g=0 h=2 f=2; 4 new children, 0 skipped; frontier 4')
>>> player.method = "bfs"; player.replay.result.algorithm
'bfs'
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import math
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import traitlets

from .._validate import choice, real, whole
from ..board import Board, goal_for
from ..i18n import DEFAULT_LANGUAGE, N_, get_language
from ..i18n import gettext as _
from ..search.encode import encode_run, pack_run
from ..search.engine import SearchResult
from ..search.trace import Trace as Replay
from ._base import RunCache
from ._live import LiveView, js_module, js_source, live_only
from ._names import HEURISTIC_KEYS, METHOD_KEYS, display_name
from ._solving import check_reachable

if TYPE_CHECKING:  # matplotlib is imported when a picture is drawn (a Voila page draws none)
    from matplotlib.figure import Figure

__all__ = ["PLAYER_METHODS", "SPEEDS", "SearchPlayer"]

#: the best-first searches the player replays (IDA*'s depth-first events have no frontier to show)
PLAYER_METHODS = ("astar", "weighted_astar", "greedy", "bfs", "article")
#: heuristics offered in the menu (the article's solver always uses its own)
#: the order the menu lists the usual heuristics in; any other registered one follows them
PLAYER_HEURISTICS = ("manhattan", "linear_conflict", "misplaced", "zero")
#: the speeds the browser offers, in steps per second
SPEEDS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)
#: expansions a replayed run may record (a run past it stops with status "budget")
RECORD_BUDGET = 20_000
#: the largest budget the player accepts (a recorded run costs memory in proportion to it)
MAX_BUDGET = 100_000
#: bytes of recorded runs kept for going back to earlier settings (least recently used dropped)
CACHE_BYTES = 256 * 2**20
#: estimated bytes per recorded event of a replay (the event, its node and board, the indexes)
EVENT_BYTES = 600
NOTHING = N_("nothing to replay: see the message below")
#: the step line Trace.describe writes, read back to be written in the current language
_STEP_LINE = re.compile(
    r"step (?P<step>\d+) of (?P<steps>\d+): expand g=(?P<g>\S+) h=(?P<h>\S+) f=(?P<f>\S+); "
    r"(?P<generated>\d+) new children, (?P<skipped>\d+) skipped; frontier (?P<frontier>\d+)"
)
#: the words js/search_player.js draws, looked up there in ``_labels`` (the catalogue's translations)
LABELS = (
    N_(
        "step {step} of {steps}: expand g={g} h={h} f={f}; {generated} new children, {skipped} skipped; "
        "frontier {frontier}"
    ),
    N_("f and frontier size against the step"),
    N_("step"),
    N_("f (solid)"),
    N_("frontier (dashed)"),
    N_("step {step}: f={f}, frontier size when expanded {size}"),
    N_("the expanded nodes in the (g, h) plane"),
    N_("g (moves so far)"),
    N_("h (estimate left)"),
    N_(", dashed: f = g + h"),
    N_(", dashed: f = g + {w}h"),
    N_("expanded so far: {step} (blue){equal}"),
    N_("the last boards on the path"),
    N_("the node being expanded and its children"),
    N_("the frontier's best entries"),
    N_("expanding: {node}"),
    N_("{move}: skipped"),
    N_("{generated} new children, {skipped} skipped (dashed: reached before)"),
    N_("frontier after step {step}: best {shown} of {size}"),
    N_("frontier after step {step}: best {shown} of {size} (the first is expanded next)"),
    N_("path to this node ({n} moves): {moves}"),
    N_("the start itself"),
    N_("search"),
    N_("weight w"),
    N_("first step (Home)"),
    N_("step back (left arrow)"),
    N_("play"),
    N_("pause"),
    N_("play or pause (space)"),
    N_("step forward (right arrow)"),
    N_("last step (End)"),
    N_("steps/s"),
    N_("running the search in the kernel ..."),
    # the menus' values are the identifiers; they show t(identifier with spaces) where translated
    *METHOD_KEYS,
    *HEURISTIC_KEYS,
)
#: a search result's line (``SearchResult.summary``), written here from the result's fields so
#: that it reads in the student's language; in English it is the engine's line, byte for byte
_HEAD_ZERO = N_("{method} (zero)")
_HEAD = N_("{method} ({heuristic})")
_HEAD_WEIGHT = N_("{method} ({heuristic}, w={weight})")
_SOLVED_LINE = N_("{head}: {cost} moves ({kind}), {expanded} expanded, {generated} generated")
_STOPPED_LINE = {
    "budget": N_("{head}: budget after {n} expansions: {reason}"),
    "exhausted": N_("{head}: exhausted after {n} expansions: {reason}"),
}
_REASONS = {
    "budget": N_("stopped because it reached its budget of {n} expansions; raise budget= (or budget=None)"),
    "seconds": N_("stopped because it reached its time limit of {n} s; raise seconds= (or seconds=None)"),
    "memory": N_(
        "stopped because it reached its memory limit of {n} MB; raise memory= or use ida_star, "
        "which needs almost no memory"
    ),
}


def player_heuristics() -> tuple[str, ...]:
    """The heuristics the menu offers: every one in the library's registry (a newly registered
    heuristic appears without touching the widget), the usual ones first."""
    from ..search import HEURISTICS

    first = [name for name in PLAYER_HEURISTICS if name in HEURISTICS]
    return (*first, *(name for name in HEURISTICS if name not in first))


def replay_bytes(entry: Replay | tuple[Replay, bytes]) -> int:
    """Estimated memory of a recorded run held for replay (the Trace, or a (Trace, bytes) pair)."""
    replay, packed = entry if isinstance(entry, tuple) else (entry, b"")
    return 4096 + EVENT_BYTES * len(getattr(replay, "events", None) or ()) + len(packed)


def _default_start() -> Board:
    from ..shuffles import random_solvable_board

    return random_solvable_board(3, 3, rng=2024)


def _count(n: int) -> str:
    """A count in a result line: as the engine writes it in English (24293), with thousands
    separators (24,293) in another language, as the translated lessons write their numbers."""
    return str(n) if get_language() == DEFAULT_LANGUAGE else f"{n:,}"


def _head(result: SearchResult) -> str:
    """``"bfs (zero)"``, ``"astar (manhattan, w=1)"``: the solver and the heuristic it ran with."""
    method = display_name(result.algorithm)
    if result.weight is not None:
        return _(_HEAD_WEIGHT).format(
            method=method, heuristic=display_name(result.heuristic), weight=f"{result.weight:g}"
        )
    if result.heuristic == "zero":
        return _(_HEAD_ZERO).format(method=method)
    return _(_HEAD).format(method=method, heuristic=display_name(result.heuristic))


def stop_reason(result: SearchResult) -> str:
    """``result.reason`` (why the search stopped early) in the current language."""
    if result.status == "exhausted":
        return _("stopped because every reachable board was tried")
    if result.limit not in _REASONS:
        return result.reason
    amount = {
        "budget": f"{result.expanded:,}",
        "seconds": f"{getattr(result.limits, 'seconds', 0):g}",
        "memory": f"{getattr(result.limits, 'memory', 0) / 2**20:,.0f}",
    }[result.limit]
    return _(_REASONS[result.limit]).format(n=amount)


def result_line(result: SearchResult) -> str:
    """``result.summary()`` (what was found and the work it took) in the current language: the
    solver's and heuristic's display names, the counts, why it stopped."""
    head = _head(result)
    if not result.solved:
        if result.status not in _STOPPED_LINE:
            return result.summary()
        return _(_STOPPED_LINE[result.status]).format(
            head=head, n=f"{result.expanded:,}", reason=stop_reason(result)
        )
    kind = _("optimal") if result.optimal else _("not guaranteed optimal")
    return _(_SOLVED_LINE).format(
        head=head,
        cost=result.cost,
        kind=kind,
        expanded=_count(result.expanded),
        generated=_count(result.generated),
    )


def outcome_line(result: SearchResult) -> str:
    """``str(result)``: the result's line and the time the search took."""
    return _("{summary}, {seconds} s").format(summary=result_line(result), seconds=f"{result.seconds:.3f}")


def _step_line(line: str) -> str:
    """``Trace.describe``'s line in the current language (the browser writes the same message)."""
    found = _STEP_LINE.fullmatch(line)
    return _(LABELS[0]).format(**found.groupdict()) if found else line


class SearchPlayer(LiveView):
    """Step through a recorded best-first search (A*, weighted A*, greedy, BFS, the article's solver).

    Settings (traits; changing one runs the search again, cached): ``method``, ``heuristic``,
    ``weight`` (weighted A* only). ``step`` is the step shown (the browser writes it when the
    replay stops; setting it from Python moves the browser), ``speed`` the playing speed in steps
    per second. Read-outs: ``steps``, ``info`` (the step in words), ``outcome``, ``replay`` (the
    :class:`~puzzlelab.search.Trace`), ``error``.

    Arguments are checked at once: a wrong type raises ``TypeError``, an impossible value
    (an unreadable board, a goal of another shape, an unknown method, a weight outside 1..10, a
    budget outside 0..100,000) ``ValueError``, before anything is built. A start that cannot
    reach the goal is not an argument error: the player is built and its error line gives the
    parity explanation. A setting changed to a bad value (from the browser or from code) is
    refused: the message goes to the error line and the previous value comes back.
    """

    _esm = js_module("search_player")
    LABELS = LABELS

    recording = traitlets.Bytes(b"").tag(sync=True)
    steps = traitlets.Int(0).tag(sync=True)
    step = traitlets.Any(1).tag(sync=True)
    method = traitlets.Any("astar").tag(sync=True)
    heuristic = traitlets.Any("manhattan").tag(sync=True)
    weight = traitlets.Any(1.0).tag(sync=True)
    speed = traitlets.Any(10).tag(sync=True)
    methods = traitlets.List(traitlets.Unicode(), list(PLAYER_METHODS)).tag(sync=True)
    heuristics = traitlets.List(traitlets.Unicode(), list(PLAYER_HEURISTICS)).tag(sync=True)
    uses_heuristic = traitlets.Bool(True).tag(sync=True)
    uses_weight = traitlets.Bool(False).tag(sync=True)
    outcome = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    static_copy = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self,
        start: Board | str | None = None,
        goal: Board | str | None = None,
        *,
        method: str = "astar",
        heuristic: str = "manhattan",
        weight: float = 1.0,
        budget: int = RECORD_BUDGET,
    ) -> None:
        start = _default_start() if start is None else Board.parse(start)
        goal = goal_for(start, goal)
        heuristics = player_heuristics()
        method = choice("method", method, PLAYER_METHODS)
        heuristic = choice("heuristic", heuristic, heuristics)
        weight = real("weight", weight, low=1.0, high=10.0)
        budget = whole("budget", budget, low=0, high=MAX_BUDGET)
        super().__init__(method=method, heuristic=heuristic, weight=weight, heuristics=list(heuristics))
        self.start, self.goal, self.budget = start, goal, budget
        self._runs: RunCache[tuple[Replay, bytes]] = RunCache(CACHE_BYTES, sizeof=replay_bytes)
        self.replay: Replay | None = None
        self._restoring = False
        self.observe(self._on_setting, names=["method", "heuristic", "weight"])
        self.observe(self._on_step, names=["step"])
        self.observe(self._on_speed, names=["speed"])
        self._guarded(self.run)

    # -- settings from the browser or from code (checked; a bad one is refused and restored) -----
    @traitlets.validate("method", "heuristic", "weight", "step", "speed")
    def _plain(self, proposal: traitlets.Bunch) -> str | bool | int | float | None:
        """Any value is accepted here (the observers check it), but as a plain JSON value, so the
        echo to the browser never fails: numpy scalars become Python's, anything else its name."""
        value = proposal["value"]
        if isinstance(value, np.generic):
            value = value.item()
        if isinstance(value, float) and not math.isfinite(value):
            return repr(value)
        if value is None or isinstance(value, str | bool | int | float):
            return value
        return f"<{type(value).__name__}>"

    def _check_setting(self, name: str, value: object) -> str | float:
        if name == "method":
            return choice("method", value, PLAYER_METHODS)
        if name == "heuristic":
            return choice("heuristic", value, self.heuristics)
        return real("weight", value, low=1.0, high=10.0)

    def _restore(self, name: str, value: object) -> None:
        self._restoring = True
        try:
            setattr(self, name, value)
        finally:
            self._restoring = False

    def _refused(self, change: traitlets.Bunch, err: Exception) -> None:
        self._restore(change["name"], change["old"])
        self.show_error(err)

    def _on_setting(self, change: traitlets.Bunch) -> None:
        if self._restoring:
            return
        try:
            self._check_setting(change["name"], change["new"])
        except (TypeError, ValueError) as err:
            return self._refused(change, err)
        self._guarded(self.run)

    def _on_step(self, change: traitlets.Bunch) -> None:
        if self._restoring:
            return
        try:
            whole("step", change["new"], low=1, high=max(1, self.steps))
        except (TypeError, ValueError) as err:
            return self._refused(change, err)
        self.clear_error()

    def _on_speed(self, change: traitlets.Bunch) -> None:
        if self._restoring:
            return
        if change["new"] not in SPEEDS or isinstance(change["new"], bool):
            self._refused(
                change, ValueError(f"speed must be one of {SPEEDS} steps per second, got {change['new']!r}")
            )

    # -- running (cached) -----------------------------------------------------------------------
    def _key(self) -> tuple[Board, Board, str, str, float | None]:
        weight = self.weight if self.method == "weighted_astar" else None
        return (self.start, self.goal, self.method, self.heuristic, weight)

    def _search(self) -> SearchResult:
        from .. import search

        method, heuristic = self.method, search.HEURISTICS[self.heuristic]
        options: dict[str, Any] = {"budget": self.budget, "record": True}
        if method not in ("bfs", "article"):  # those two have their own heuristic
            options["heuristic"] = heuristic
        if method == "weighted_astar":
            options["weight"] = self.weight
        return search.SOLVERS[method](self.start, self.goal, **options)

    def _record(self) -> tuple[Replay, bytes]:
        """Run the search the settings describe, recorded, and its packed bytes for the browser."""
        check_reachable(self.start, self.goal)  # the engine's refusal, in the student's language
        replay = Replay(self._search())
        return replay, pack_run(encode_run(replay, goal=self.goal), compress=True)

    def run(self) -> None:
        """Run (or fetch from the cache) the search the settings describe, and show step 1.

        What the previous settings showed is cleared first, so a run that fails (an unsolvable
        start, say) leaves an empty player with the reason on its error line."""
        self.uses_weight = self.method == "weighted_astar"
        self.uses_heuristic = self.method not in ("bfs", "article")
        with self.hold_sync():
            self.replay, self.recording, self.steps, self.outcome = None, b"", 0, ""
            self.message = _(NOTHING)
            self._restore("step", 1)
        key = self._key()
        entry = self._runs.get(key)
        if entry is None:
            entry = self._record()
            self._runs.put(key, entry)
        self.replay, packed = entry
        result = self.replay.result
        with self.hold_sync():
            self.steps = self.replay.steps
            self._restore("step", 1)
            budget = _(" (budget {budget:,} expansions)").format(budget=self.budget)
            self.outcome = outcome_line(result) + ("" if result.solved else budget)
            self.message = self._empty_message()
            self.recording = packed

    def _empty_message(self) -> str:
        if self.replay is None:
            return _(NOTHING)
        if self.replay.steps:
            return ""
        if self.start == self.goal:
            return _("the start is the goal: nothing to expand")
        return _("stopped before the first expansion (budget {budget:,} expansions)").format(
            budget=self.budget
        )

    @property
    def cached_runs(self) -> int:
        """How many recorded runs the player holds (each setting is run at most once while cached)."""
        return len(self._runs)

    @property
    def info(self) -> str:
        """The step shown, in words (``Trace.describe``), or why there is nothing to show."""
        if self.replay is None or self.replay.steps == 0:
            return self._empty_message()
        return _step_line(self.replay.describe(min(max(1, int(self.step)), self.replay.steps)))

    # -- fallback and copies ---------------------------------------------------------------------
    def static_figure(self) -> Figure:
        from matplotlib.figure import Figure

        from ..plots.search import draw_expansion, draw_search_progress

        figure = Figure(figsize=(10.0, 3.4), layout="constrained")
        left, right = figure.subplots(1, 2)
        if self.replay is None or self.replay.steps == 0:
            message = self.error_message if self.replay is None else self.info
            left.text(
                0.5, 0.5, message or _("nothing to replay"), ha="center", wrap=True, transform=left.transAxes
            )
            left.set_axis_off()
            right.set_axis_off()
            return figure
        step = min(max(1, int(self.step)), self.replay.steps)
        generated, skipped = self.replay.children(step)
        draw_expansion(self.replay.node(step), generated, skipped=skipped, goal=self.goal, ax=left)
        left.set_title(_("expansion, step {step}").format(step=step))
        draw_search_progress(self.replay.f, self.replay.frontier_sizes, step=step, ax=right)
        return figure

    @property
    def used_heuristic(self) -> str:
        """The heuristic the run used: the menu's, except for BFS (``zero``) and the article's
        solver (its own), which ignore the menu."""
        return self.replay.result.heuristic if self.replay is not None else self.heuristic

    def summary(self) -> str:
        outcome = result_line(self.replay.result) if self.replay is not None else _("no run")
        return _("SearchPlayer [{start}] {method}/{heuristic}: {info}; {outcome}").format(
            start=self.start.text(),
            method=display_name(self.method),
            heuristic=display_name(self.used_heuristic),
            info=self.info,
            outcome=outcome,
        )

    def _copy_state(self) -> dict[str, Any]:
        return {
            "step": self.step, "steps": self.steps, "method": self.method,
            "heuristic": self.used_heuristic, "weight": self.weight, "speed": self.speed,
            "methods": [self.method], "heuristics": [self.used_heuristic],
            "uses_heuristic": self.uses_heuristic,
            "uses_weight": self.uses_weight, "message": self.message,
            # the summary without the run's time, so the copy is the same on every run
            "outcome": result_line(self.replay.result) if self.replay is not None else "",
            "error": self.error, "static_copy": True,
            # the words in the copy's language (an English copy stays as it was: the module's own words)
            **({"_labels": self._labels} if any(k != v for k, v in self._labels.items()) else {}),
        }  # fmt: skip

    def html_fragment(self, *, fallback_png: bytes | None = None) -> str:
        """The replay as a piece of HTML that plays on its own, offline: the widget's module
        inlined and the run embedded (base64). ``fallback_png`` is shown until the script runs
        (where scripts are stripped, as on GitHub, it stays)."""
        source = js_source("search_player")
        if "</script" in source.lower():  # pragma: no cover - would end the inline script early
            raise ValueError("the widget module cannot be inlined: it contains '</script'")
        state = json.dumps(self._copy_state(), separators=(",", ":")).replace("</", "<\\/")
        data = base64.b64encode(self.recording).decode("ascii")
        name = "puzzlelab-copy-" + hashlib.sha1(self.recording + state.encode()).hexdigest()[:12]
        picture = ""
        if fallback_png:
            png = base64.b64encode(fallback_png).decode("ascii")
            alt = html.escape(self.summary())
            picture = f'<img alt="{alt}" src="data:image/png;base64,{png}" style="max-width:100%">'
        boot = (
            f"const el = document.getElementById({json.dumps(name)});\n"
            f"const state = {state};\n"
            f'state.recording = Uint8Array.from(atob("{data}"), (c) => c.charCodeAt(0));\n'
            "const model = { get: (k) => state[k], set: (k, v) => { state[k] = v; }, save_changes() {},\n"
            "  on() {}, off() {} };\n"
            "el.replaceChildren();\nwidget.render({ model, el });\n"
        )
        return (
            f'<div id="{name}" class="puzzlelab-search-copy">{picture}</div>\n'
            f'<script type="module">\n{source}\n'
            f"// -- this copy: the run and its settings --\n{boot}</script>\n"
        )

    def to_html(self) -> str:
        """A whole HTML page holding the replay, which plays from a file with no network."""
        title = html.escape(
            _("Search replay: {start} ({method}, {heuristic})").format(
                start=self.start.text(),
                method=display_name(self.method),
                heuristic=display_name(self.used_heuristic),
            )
        )
        return (
            f'<!DOCTYPE html>\n<html lang="{get_language()}">\n<head>\n'
            f'<meta charset="utf-8">\n<title>{title}</title>\n'
            f'</head>\n<body>\n<h1 style="font: 16px sans-serif">{title}</h1>\n'
            f"{self.html_fragment()}</body>\n</html>\n"
        )

    def save_html(self, path: str | os.PathLike[str]) -> Path:
        """Write :meth:`to_html` to ``path`` (a self-contained page) and return the path."""
        path = Path(path)
        path.write_text(self.to_html(), encoding="utf-8")
        return path

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        """The widget (Lab, Notebook 7, Voila), its PNG (GitHub, nbviewer), its summary, and a
        ``text/html`` copy that plays offline where the widget view is dropped (the docs site;
        nbconvert when told to prefer text/html); the copy shows the PNG until its script runs."""
        data, metadata = super()._repr_mimebundle_(**kwargs)
        if live_only():  # under Voila the live view is all anyone sees
            return data, metadata
        from ..plots.style import figure_png

        try:  # a 1x picture inside the copy: the 2x one is already in the bundle
            data["text/html"] = self.html_fragment(fallback_png=figure_png(self.static_figure(), dpi=72))
        except Exception as err:  # never raise into the notebook
            self.show_error(err)
        return data, metadata
