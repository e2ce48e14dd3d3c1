"""The weight explorer: f = g + w*h live. Drag the weight and watch nodes expanded fall while
the solution grows longer than the optimum.

The kernel runs weighted A* once for every weight of a grid (:data:`SWEEP_WEIGHTS`, with a
progress bar) and sends the runs once, compactly (:func:`encode_runs`: per weight the expanded
nodes' g and h as uint8/uint16 arrays, the solution length, nodes expanded and the bound). The
slider then picks among them in the browser, with no kernel work per move. A weight off the
grid (set from Python, or typed into the box) runs in the kernel and joins the grid.

>>> explorer = WeightExplorer("1 2 3/4 _ 5/7 8 6", weight=2.0)
>>> explorer.length
'solution: 2 moves, optimum 2 (+0)'
>>> explorer.weight = 3.0
>>> explorer.expanded
'nodes expanded: 2'
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import traitlets

from .._validate import choice, describe, random_generator, real, whole
from ..board import MAX_SIDE, Board, check_shape
from ..colors import MARK_COLOR
from ..i18n import N_
from ..i18n import gettext as _
from ._base import RunCache
from ._live import LiveView, js_module
from ._names import HEURISTIC_KEYS, display_name

if TYPE_CHECKING:  # the search layer is imported when a run is made, matplotlib for a picture
    from matplotlib.figure import Figure

    from ..search.engine import SearchResult

__all__ = ["SWEEP_WEIGHTS", "WeightExplorer", "decode_runs", "encode_runs"]

#: the order the menu lists the usual heuristics in; any other registered one follows them
EXPLORER_HEURISTICS = ("manhattan", "linear_conflict", "misplaced")


def explorer_heuristics() -> tuple[str, ...]:
    """The heuristics the menu offers: every one in the library's registry except ``zero``
    (w * 0 is 0: there is no weight to explore), the usual ones first."""
    from ..search import HEURISTICS

    first = [name for name in EXPLORER_HEURISTICS if name in HEURISTICS]
    return (*first, *(name for name in HEURISTICS if name not in first and name != "zero"))


#: the grid of weights run once per instance and heuristic (fine steps where most happens)
SWEEP_WEIGHTS = (
    *(1.0, 1.1, 1.2, 1.25, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8, 1.9, 2.0),
    *(2.25, 2.5, 2.75, 3.0, 3.5, 4.0, 4.5, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0),
)
MIN_WEIGHT, MAX_WEIGHT = 1.0, 10.0
BUDGET = 50_000
#: bytes of finished runs kept (the (g, h) of their expanded nodes; least recently used dropped)
CACHE_BYTES = 64 * 2**20

#: the runs' binary format (little-endian): magic, version, number of runs, then one record per
#: run (weight f64, bound f64, expanded u32, cost i32 (-1: unsolved), points u32, bytes per g
#: and per h u8 each, 2 spare bytes), then per run its g array and its h array, each starting
#: at a multiple of 4 bytes (so the browser can view them as typed arrays without copying)
MAGIC = b"PLWE"
VERSION = 1
HEADER = struct.Struct("<4sHH")
RECORD = struct.Struct("<ddIiIBBH")


@dataclass(frozen=True)
class Run:
    """What the explorer keeps of one weighted A* run: the numbers and the expanded (g, h)."""

    weight: float
    solved: bool
    cost: int  #: the solution's length (-1 when the run stopped unsolved)
    expanded: int
    g: np.ndarray  #: uint8, or uint16/uint32 when a value does not fit
    h: np.ndarray
    bound: float  #: the largest f = g + w*h expanded

    @classmethod
    def of(cls, weight: float, result: SearchResult) -> Run:
        # an expansion always carries its node, and a solved run its cost (the `is not None`s say so)
        nodes = [e.node for e in (result.events or ()) if e.kind == "expand" and e.node is not None]
        g = _small_ints([n.g for n in nodes])
        h = _small_ints([n.h for n in nodes])
        bound = max((float(n.f) for n in nodes), default=0.0)
        cost = int(result.cost) if result.solved and result.cost is not None else -1
        return cls(weight, bool(result.solved), cost, int(result.expanded), g, h, bound)

    @property
    def nbytes(self) -> int:
        return 512 + self.g.nbytes + self.h.nbytes


def _small_ints(values: Sequence[float]) -> np.ndarray:
    """Whole numbers >= 0 in the smallest unsigned type that holds them all."""
    array = np.asarray(values, dtype=np.int64)
    top = int(array.max(initial=0))
    dtype = np.uint8 if top < 2**8 else np.uint16 if top < 2**16 else np.uint32
    return array.astype(dtype)


def _padded(data: bytes) -> bytes:
    return data + b"\0" * (-len(data) % 4)


def encode_runs(runs: Iterable[Run]) -> bytes:
    """The runs (sorted by weight) as the bytes the browser decodes (see ``MAGIC`` above)."""
    runs = sorted(runs, key=lambda run: run.weight)
    parts = [HEADER.pack(MAGIC, VERSION, len(runs))]
    for run in runs:
        record = (
            run.weight,
            run.bound,
            run.expanded,
            run.cost,
            len(run.g),
            run.g.itemsize,
            run.h.itemsize,
            0,
        )
        parts.append(RECORD.pack(*record))
    for run in runs:
        for values in (run.g, run.h):
            parts.append(_padded(values.astype(f"<u{values.itemsize}").tobytes()))
    return b"".join(parts)


def decode_runs(data: bytes) -> list[Run]:
    """The inverse of :func:`encode_runs` (for tests and for reading a saved widget's state)."""
    magic, version, count = HEADER.unpack_from(data, 0)
    if magic != MAGIC or version != VERSION:
        raise ValueError(f"not weight-explorer runs (magic {magic!r}, version {version})")
    records = [RECORD.unpack_from(data, HEADER.size + k * RECORD.size) for k in range(count)]
    offset, runs = HEADER.size + count * RECORD.size, []
    for weight, bound, expanded, cost, points, gbytes, hbytes, _padding in records:
        arrays = []
        for size in (gbytes, hbytes):
            dtype = np.dtype(f"<u{size}")
            arrays.append(np.frombuffer(data, dtype=dtype, count=points, offset=offset).copy())
            offset += points * size + (-(points * size) % 4)
        runs.append(Run(weight, cost >= 0, cost, expanded, arrays[0], arrays[1], bound))
    return runs


#: the words js/weight_explorer.js draws, looked up there in ``_labels`` (the catalogue's
#: translations); the read-outs are written from the same messages on both sides
LABELS = (
    N_("nodes expanded: {n}"),
    N_("no solution within {budget} expansions"),
    N_("solution: {cost} moves, optimum unknown (A* ran out of budget)"),
    N_("solution: {cost} moves, optimum {optimum} (+{extra})"),
    N_("w = {w}: {n} expanded; dashed line f = g + {w}h = {bound}"),
    N_("g (moves so far)"),
    N_("h (estimated moves left)"),
    N_("work: nodes expanded"),
    N_("price: solution length"),
    N_("optimum {optimum}"),
    N_("weight w (log scale)"),
    N_("{n} moves"),
    N_("weight w (the grid of weights run)"),
    N_("type any weight from 1 to 10"),
    N_("heuristic h"),
    N_("start board"),
    N_("random instance"),
    N_("run all weights"),
    N_("expanded nodes in the (g, h) plane and the line f = g + w h"),
    N_("nodes expanded and solution length against the weight"),
    N_("weight w"),
    N_("the trade-off (chosen w ringed)"),
    N_("or type w:"),
    N_("start:"),
    N_("running the weights: {done} of {total}"),
    N_("running w = {w} in the kernel\u2026"),
    N_("type a weight from 1 to 10"),
    # the heuristic menu's values are the identifiers; it shows t(identifier with spaces)
    *HEURISTIC_KEYS,
)


def expanded_text(run: Run | None) -> str:
    """The read-out of nodes expanded (the browser writes the same text)."""
    return "" if run is None else _("nodes expanded: {n}").format(n=f"{run.expanded:,}")


def length_text(run: Run | None, optimum: int | None) -> str:
    """The read-out of the solution's length against the optimum (the browser writes the same)."""
    if run is None:
        return ""
    if not run.solved:
        return _("no solution within {budget} expansions").format(budget=f"{BUDGET:,}")
    if optimum is None:
        return _("solution: {cost} moves, optimum unknown (A* ran out of budget)").format(cost=run.cost)
    return _("solution: {cost} moves, optimum {optimum} (+{extra})").format(
        cost=run.cost, optimum=optimum, extra=run.cost - optimum
    )


def _check_weight(value: object) -> float:
    return real("weight", value, low=MIN_WEIGHT, high=MAX_WEIGHT)


def _check_heuristic(value: object) -> str:
    return choice("heuristic", value, explorer_heuristics())


def _check_instance(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"instance must be a board's text such as '1 2 3/4 _ 5/7 8 6', got {describe(value)}")
    return value


#: what the browser may set, and how each value is checked before it is accepted
FROM_BROWSER = {"weight": _check_weight, "heuristic": _check_heuristic, "instance": _check_instance}


class WeightExplorer(LiveView):
    """Weighted A* on one instance: nodes expanded and solution length against the weight.

    State (traits, settable from Python): ``weight`` (a run for it is made if it is not cached),
    ``heuristic`` (one of ``heuristics``), ``instance`` (the start board's text). Read-outs:
    ``expanded`` and ``length`` (texts), ``start`` (the board), ``error_message``. The browser
    draws the (g, h) plane of the chosen run with the line f = g + w*h, and the trade-off
    (nodes expanded and solution length against w, the optimum marked, the chosen w ringed).

    Arguments are checked at once: a wrong type raises ``TypeError``, an impossible value
    (an unreadable board, a weight outside 1..10, an unknown heuristic, a shape outside 2..16)
    ``ValueError``, before anything is built. A start that cannot reach the goal is built and
    explained on the error line. What comes from the browser never raises: a bad value is refused
    with a message on the error line and the browser's copy restored. Each run keeps only its
    numbers and the (g, h) of its expanded nodes, in a cache bounded by ``CACHE_BYTES`` (least
    recently used dropped).
    """

    _esm = js_module("weight_explorer")
    LABELS = LABELS

    weight = traitlets.Any(1.5).tag(sync=True)
    heuristic = traitlets.Any("manhattan").tag(sync=True)
    instance = traitlets.Any("").tag(sync=True)
    heuristics = traitlets.List(list(EXPLORER_HEURISTICS)).tag(sync=True)
    #: the runs of this instance and heuristic still cached, encoded by :func:`encode_runs`
    runs = traitlets.Bytes(b"").tag(sync=True)
    #: the optimal length (-1: unknown), for the trade-off chart and the length text
    optimal_length = traitlets.Int(-1).tag(sync=True)
    budget = traitlets.Int(BUDGET).tag(sync=True)
    grid: traitlets.List[float] = traitlets.List([]).tag(sync=True)
    #: the progress bar: grid weights run so far for this instance and heuristic
    grid_done = traitlets.Int(0).tag(sync=True)
    computing = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self,
        start: Board | str | None = None,
        *,
        weight: float = 1.5,
        heuristic: str = "manhattan",
        rows: int = 3,
        cols: int = 3,
        rng: int | np.random.Generator | None = 0,
    ) -> None:
        heuristic = _check_heuristic(heuristic)
        weight = _check_weight(weight)
        rows, cols = check_shape(
            whole("rows", rows, low=2, high=MAX_SIDE), whole("cols", cols, low=2, high=MAX_SIDE)
        )
        self._rng = random_generator("rng", rng)
        start = self._random(rows, cols) if start is None else Board.parse(start)
        self.start = start
        self._runs: RunCache[Run] = RunCache(CACHE_BYTES, sizeof=lambda run: run.nbytes)
        self._optimum: dict[Board, int | None] = {}
        self._published: tuple[Board, str] | None = None  # the (start, heuristic) whose runs the browser has
        self._quiet = True  # the traits' first values are not changes to act on
        super().__init__(
            weight=weight,
            heuristic=heuristic,
            instance=start.text(),
            grid=list(SWEEP_WEIGHTS),
            heuristics=list(explorer_heuristics()),
        )
        self._quiet = False
        self.on_msg(self._on_message)
        self._guarded(self.update)

    # -- checks: code raises at once, the browser's values are refused without raising -----------
    @traitlets.validate("weight")
    def _valid_weight(self, proposal: traitlets.Bunch) -> float:
        return _check_weight(proposal["value"])

    @traitlets.validate("heuristic")
    def _valid_heuristic(self, proposal: traitlets.Bunch) -> str:
        return _check_heuristic(proposal["value"])

    @traitlets.validate("instance")
    def _valid_instance(self, proposal: traitlets.Bunch) -> str:
        return _check_instance(proposal["value"])

    def set_state(self, sync_data: Mapping[str, Any]) -> None:
        """A change from the browser: only the controls may change, and only to valid values."""
        state = {name: value for name, value in sync_data.items() if name in FROM_BROWSER}
        try:
            for name, value in state.items():
                FROM_BROWSER[name](value)
        except (TypeError, ValueError) as err:
            self.show_error(err)
            self.send_state(list(state))  # the browser shows the values the model kept
            return
        super().set_state(state)

    def _restore(self, name: str, value: object) -> None:
        self._quiet = True
        try:
            self.set_trait(name, value)
        finally:
            self._quiet = False

    @traitlets.observe("weight", "heuristic")
    def _control_changed(self, change: traitlets.Bunch) -> None:
        if not self._quiet:
            self._guarded(self.update)

    @traitlets.observe("instance")
    def _instance_changed(self, change: traitlets.Bunch) -> None:
        if not self._quiet and not self._guarded(self._read_instance, change["new"]):
            self._restore("instance", self.start.text())

    def _on_message(self, _widget: object, content: object, _buffers: list[memoryview]) -> None:
        """The browser's requests: ``grid`` (run every weight of the grid), ``random``."""
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "grid":
            self._guarded(self.sweep)
        elif kind == "random":
            self._guarded(self.new_instance)

    # -- instances ----------------------------------------------------------------------------------
    def _random(self, rows: int, cols: int) -> Board:
        from ..shuffles import random_solvable_board

        return random_solvable_board(rows, cols, rng=self._rng)

    def new_instance(self) -> None:
        """A random solvable instance of the same shape (uniform over solvable boards)."""
        self.instance = self._random(self.start.rows, self.start.cols).text()

    def _read_instance(self, text: str) -> None:
        board = Board.parse(text)
        from ..search.engine import prepare

        prepare(board)  # an unsolvable or odd board is refused here, with the parity explanation
        self.start = board
        self._restore("instance", board.text())  # the board's own spelling of the text
        self.update()

    # -- runs ------------------------------------------------------------------------------------
    def _search(self, weight: float) -> SearchResult:
        """Weighted A* on the current instance, recorded (the widget keeps only a summary)."""
        from .. import search

        return search.weighted_astar(
            self.start,
            weight=weight,
            heuristic=search.HEURISTICS[self.heuristic],
            budget=BUDGET,
            record=True,
        )

    def _run(self, weight: float) -> tuple[Run, bool]:
        """The run for ``weight`` and whether it was made just now."""
        key = (self.start, self.heuristic, weight)
        run = self._runs.get(key)
        if run is not None:
            return run, False
        run = Run.of(weight, self._search(weight))
        self._runs.put(key, run)
        return run, True

    def optimum(self) -> int | None:
        """The optimal solution length (A* with linear conflict), or None if it ran out of budget."""
        from .. import search

        if self.start not in self._optimum:
            result = search.astar(self.start, heuristic=search.linear_conflict, budget=BUDGET)
            self._optimum[self.start] = result.cost
        return self._optimum[self.start]

    def _done(self) -> list[tuple[float, Run]]:
        """The runs of this instance and heuristic still cached, by weight."""
        mine = [(w, r) for (s, h, w), r in self._runs.items() if s == self.start and h == self.heuristic]
        return sorted(mine, key=lambda item: item[0])

    def _publish(self) -> None:
        """Send the runs of this instance and heuristic (once per change of them)."""
        done = self._done()
        optimum = self.optimum()
        self._published = (self.start, self.heuristic)
        with self.hold_sync():
            self.optimal_length = -1 if optimum is None else optimum
            self.grid_done = sum(w in SWEEP_WEIGHTS for w, _ in done)
            self.runs = encode_runs(run for _, run in done)

    def sweep(self) -> None:
        """Run every weight of :data:`SWEEP_WEIGHTS` (cached), with a progress bar, and send them."""
        self.optimum()
        missing = [w for w in SWEEP_WEIGHTS if (self.start, self.heuristic, w) not in self._runs]
        if not missing:
            self._publish()
            return
        self.computing = True
        try:
            for weight in missing:
                self._run(weight)
                self.grid_done = sum((self.start, self.heuristic, w) in self._runs for w in SWEEP_WEIGHTS)
        finally:
            self.computing = False
        self._publish()

    def update(self) -> None:
        """Make sure the chosen weight has a run (once: runs are cached) and the browser has it.

        A weight the browser already has costs no work and sends nothing (the slider's case)."""
        try:
            _run, new = self._run(self.weight)
        except Exception:
            self._published = None
            self.runs, self.optimal_length, self.grid_done = b"", -1, 0  # nothing to show
            raise
        if new or self._published != (self.start, self.heuristic):
            self._publish()

    # -- read-outs ------------------------------------------------------------------------------
    def _current(self) -> Run | None:
        return self._runs.peek((self.start, self.heuristic, self.weight))

    @property
    def expanded(self) -> str:
        """'nodes expanded: N' for the chosen weight ('' before a run)."""
        return expanded_text(self._current())

    @property
    def length(self) -> str:
        """'solution: N moves, optimum M (+k)' for the chosen weight ('' before a run)."""
        return length_text(self._current(), self._optimum.get(self.start))

    # -- fallback ------------------------------------------------------------------------------------
    def static_figure(self) -> Figure:
        from matplotlib.figure import Figure

        from ..plots.search import draw_gh_plane, draw_weight_sweep

        figure = Figure(figsize=(10.5, 3.3), layout="constrained")
        plane, work, price = figure.subplots(1, 3)
        w, run = self.weight, self._current()
        if run is None:
            plane.text(0.5, 0.5, self.error_message or _("nothing run yet"), ha="center", wrap=True,
                       transform=plane.transAxes)  # fmt: skip
            for ax in (plane, work, price):
                ax.set_axis_off()
            return figure
        draw_gh_plane(run.g, run.h, weight=w, bound=run.bound, ax=plane)
        plane.set_title(_("w = {w:g}: {n:,} expanded").format(w=w, n=run.expanded), fontsize=9)
        solved = [r for _, r in self._done() if r.solved]
        draw_weight_sweep(
            [r.weight for r in solved],
            [r.expanded for r in solved],
            [r.cost for r in solved],
            optimum=self._optimum.get(self.start),
            axes=(work, price),
        )
        if run.solved:  # the chosen weight ringed on both panels
            for ax, value in ((work, run.expanded), (price, run.cost)):
                ax.plot([w], [value], "o", markersize=12, markerfacecolor="none", color=MARK_COLOR)
        return figure

    def summary(self) -> str:
        numbers = f"{self.expanded}; {self.length}" if self.expanded else _("nothing run")
        return _("WeightExplorer [{start}] w={w:g}, {heuristic}: {numbers}").format(
            start=self.start.text(), w=self.weight, heuristic=display_name(self.heuristic), numbers=numbers
        )
