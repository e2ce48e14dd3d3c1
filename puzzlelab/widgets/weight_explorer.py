"""The weight explorer: f = g + w*h live. Move the weight and watch nodes expanded fall while
the solution grows longer than the optimum.

>>> explorer = WeightExplorer("1 2 3/4 _ 5/7 8 6", weight=2.0)
>>> explorer.length.value
'solution: 2 moves, optimum 2 (+0)'
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import ipywidgets as widgets
import numpy as np
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from .._validate import choice, random_generator, real, whole
from ..board import MAX_SIDE, Board, check_shape
from ..plots._common import GOOD_COLOR, MAIN_COLOR, MARK_COLOR
from ..plots.search import draw_gh_plane, draw_weight_tradeoff
from ._base import Blitter, RunCache, View, clear_artists, error_line, png_image, set_title

__all__ = ["SWEEP_WEIGHTS", "WeightExplorer"]

EXPLORER_HEURISTICS = ("manhattan", "linear_conflict", "misplaced")
SWEEP_WEIGHTS = (1.0, 1.25, 1.5, 2.0, 3.0, 5.0)
BUDGET = 50_000
#: bytes of finished runs kept (the (g, h) of their expanded nodes; least recently used dropped)
CACHE_BYTES = 64 * 2**20


@dataclass(frozen=True)
class Run:
    """What the explorer keeps of one weighted A* run: the numbers and the expanded (g, h)."""

    weight: float
    solved: bool
    cost: int  #: the solution's length (-1 when the run stopped unsolved)
    expanded: int
    g: np.ndarray
    h: np.ndarray
    bound: float

    @classmethod
    def of(cls, weight: float, result) -> Run:
        nodes = [e.node for e in (result.events or ()) if e.kind == "expand"]
        g = np.array([n.g for n in nodes], dtype=np.float32)
        h = np.array([n.h for n in nodes], dtype=np.float32)
        bound = max((float(n.f) for n in nodes), default=0.0)
        cost = int(result.cost) if result.solved else -1
        return cls(weight, bool(result.solved), cost, int(result.expanded), g, h, bound)

    @property
    def nbytes(self) -> int:
        return 512 + self.g.nbytes + self.h.nbytes


LIVE_GH_TITLE = "expanded nodes and the line f = g + w h"
LIVE_TRADEOFF_TITLE = "weights tried so far (the chosen one ringed)"


def _gh_title(expanded: int, weight: float, bound: float) -> str:
    return f"{expanded:,} expanded, line f = g + {weight:g}h = {bound:g}"


def _tradeoff_title(weight: float) -> str:
    return f"weights tried so far (w = {weight:g} ringed)"


class WeightExplorer(View):
    """Weighted A* on one instance: nodes expanded and solution length against the weight.

    Controls: ``weight`` (slider), ``heuristic``, ``instance`` (board text; Enter to use it),
    ``random_button`` (a new random instance), ``sweep_button`` (run every weight in
    ``SWEEP_WEIGHTS``); read-outs ``expanded``, ``length``, ``gh_image``, ``tradeoff_image``, ``error``.

    Arguments are checked at once: a wrong type raises ``TypeError``, an impossible value
    (an unreadable board, a weight outside 1..10, an unknown heuristic, a shape outside 2..16)
    ``ValueError``, before anything is built. A start that cannot reach the goal is built and
    explained on the error line. The controls never raise; the display and summary work in
    every state. Each run keeps only its numbers and the (g, h) of its expanded nodes, in a
    cache bounded by ``CACHE_BYTES`` (least recently used dropped).
    """

    def __init__(
        self,
        start=None,
        *,
        weight: float = 1.5,
        heuristic: str = "manhattan",
        rows: int = 3,
        cols: int = 3,
        rng=0,
    ):
        heuristic = choice("heuristic", heuristic, EXPLORER_HEURISTICS)
        weight = real("weight", weight, low=1.0, high=10.0)
        rows, cols = check_shape(
            whole("rows", rows, low=2, high=MAX_SIDE), whole("cols", cols, low=2, high=MAX_SIDE)
        )
        self._rng = random_generator("rng", rng)
        self.start = self._random(rows, cols) if start is None else Board.parse(start)
        self._runs: RunCache[Run] = RunCache(CACHE_BYTES, sizeof=lambda run: run.nbytes)
        self._optimum: dict[Board, int | None] = {}
        self.weight = widgets.FloatSlider(
            value=weight, min=1.0, max=10.0, step=0.25, description="weight w", continuous_update=False
        )
        self.heuristic = widgets.Dropdown(options=EXPLORER_HEURISTICS, value=heuristic, description="h")
        self.instance = widgets.Text(value=self.start.text(), description="start", continuous_update=False)
        self.random_button = widgets.Button(description="random instance", icon="random")
        self.sweep_button = widgets.Button(description="sweep weights", icon="line-chart")
        self.expanded = widgets.Label()
        self.expanded.add_class("puzzlelab-expanded")
        self.length = widgets.Label()
        self.length.add_class("puzzlelab-solution-length")
        self.gh_image = png_image("puzzlelab-gh-plane", width=340)
        self.tradeoff_image = png_image("puzzlelab-weight-tradeoff", width=340)
        self.error = error_line()
        self._gh_figure = Figure(figsize=(3.8, 3.4), dpi=72)
        self._gh_blit = Blitter(self._gh_figure)
        self._gh_key: tuple | None = None
        self._gh_limits = (0.0, 0.0)
        self._gh_axes = self._gh_figure.add_axes((0.15, 0.14, 0.8, 0.76))
        self._tradeoff_figure = Figure(figsize=(3.8, 3.4), dpi=72)
        self._tradeoff_blit = Blitter(self._tradeoff_figure)
        self._tradeoff_key: tuple | None = None
        self._ring: Line2D | None = None
        self._settled: dict[float, tuple] = {}
        self._tradeoff_axes = self._tradeoff_figure.add_axes((0.25, 0.14, 0.71, 0.76))
        self.weight.observe(self._on(self.update), names="value")
        self.heuristic.observe(self._on(self.update), names="value")
        self.instance.observe(self._on(self._read_instance), names="value")
        self.random_button.on_click(self._on(self.new_instance))
        self.sweep_button.on_click(self._on(self.sweep))
        self._compose(
            [
                widgets.HBox([self.weight, self.heuristic]),
                widgets.HBox([self.instance, self.random_button, self.sweep_button]),
                widgets.HBox([self.expanded, self.length], layout=widgets.Layout(grid_gap="20px")),
                widgets.HBox([self.gh_image, self.tradeoff_image]),
            ],
            "puzzlelab-weight-explorer",
        )
        self._guarded(self.update)

    # -- instances ----------------------------------------------------------------------------------
    def _random(self, rows: int, cols: int) -> Board:
        from ..shuffles import random_solvable_board

        return random_solvable_board(rows, cols, rng=self._rng)

    def new_instance(self) -> None:
        """A random solvable instance of the same shape (uniform over solvable boards)."""
        self.instance.value = self._random(self.start.rows, self.start.cols).text()

    def _read_instance(self) -> None:
        board = Board.parse(self.instance.value)
        from ..search.engine import prepare

        prepare(board)  # an unsolvable or odd board is refused here, with the parity explanation
        self.start = board
        self.update()

    # -- runs ------------------------------------------------------------------------------------
    def _search(self, weight: float):
        """Weighted A* on the current instance, recorded (the widget keeps only a summary)."""
        from .. import search

        return search.weighted_astar(
            self.start,
            weight=weight,
            heuristic=search.HEURISTICS[self.heuristic.value],
            budget=BUDGET,
            record=True,
        )

    def _run(self, weight: float) -> Run:
        key = (self.start, self.heuristic.value, weight)
        run = self._runs.get(key)
        if run is None:
            run = Run.of(weight, self._search(weight))
            self._runs.put(key, run)
        return run

    def optimum(self) -> int | None:
        """The optimal solution length (A* with linear conflict), or None if it ran out of budget."""
        from .. import search

        if self.start not in self._optimum:
            result = search.astar(self.start, heuristic=search.linear_conflict, budget=BUDGET)
            self._optimum[self.start] = result.cost
        return self._optimum[self.start]

    def sweep(self) -> None:
        """Run every weight in :data:`SWEEP_WEIGHTS` (cached) and redraw the trade-off."""
        for weight in SWEEP_WEIGHTS:
            self._run(weight)
        self.update()

    def update(self) -> None:
        """Run weighted A* for the chosen weight (once: runs are cached) and redraw.

        The read-outs are cleared first: a run that fails (an unsolvable instance) leaves them
        empty, with the reason on the error line."""
        self.expanded.value = self.length.value = ""
        weight = self.weight.value
        run = self._run(weight)
        optimum = self.optimum()
        self.expanded.value = f"nodes expanded: {run.expanded:,}"
        if not run.solved:
            self.length.value = f"no solution within {BUDGET:,} expansions"
        elif optimum is None:
            self.length.value = f"solution: {run.cost} moves, optimum unknown (A* ran out of budget)"
        else:
            self.length.value = f"solution: {run.cost} moves, optimum {optimum} (+{run.cost - optimum})"
        self._draw(run, weight, optimum)

    def _done(self) -> list[tuple[float, Run]]:
        """The solved runs of this instance and heuristic still cached, by weight."""
        mine = [
            (w, r) for (s, h, w), r in self._runs.items() if s == self.start and h == self.heuristic.value
        ]
        return sorted(((w, r) for w, r in mine if r.solved), key=lambda item: item[0])

    def _draw(self, run: Run, weight: float, optimum) -> None:
        self._draw_gh(run.g, run.h, weight, run.bound)
        self._draw_tradeoff(weight, optimum)

    def _draw_gh(self, g, h, weight: float, bound: float) -> None:
        """The axes are redrawn only for a new instance or when the points outgrow them; each
        step draws the points and the line over the saved background (the live title does not
        change: the numbers are in the labels above the pictures)."""
        ax, key = self._gh_axes, (self.start, self.heuristic.value)
        gmax, hmax = max(float(g.max(initial=1)), 1.0), max(float(h.max(initial=1)), 1.0)
        if key != self._gh_key or gmax > self._gh_limits[0] or hmax > self._gh_limits[1]:
            self._gh_limits = (gmax * 1.3 + 1, hmax * 1.3 + 1)
            clear_artists(ax)
            draw_gh_plane([], [], ax=ax)
            ax.collections[0].remove()
            if ax.legend_ is not None:
                ax.legend_.remove()
            self._gh_points = ax.scatter(
                [], [], s=14, alpha=0.3, color=MAIN_COLOR, edgecolors="none", label="expanded"
            )
            (self._gh_line,) = ax.plot([], [], "--", color=MARK_COLOR, linewidth=1, label="f = g + w h")
            ax.legend(loc="upper right", fontsize=7)
            ax.set_xlim(-0.5, self._gh_limits[0])
            ax.set_ylim(-0.5, self._gh_limits[1])
            set_title(ax, LIVE_GH_TITLE)
            self._gh_key = key
            self._gh_blit.reset()
        self._gh_points.set_offsets(np.column_stack([g, h]))
        self._gh_line.set_data([0.0, bound], [bound / weight, 0.0])
        self.gh_image.value = self._gh_blit.png([self._gh_points, self._gh_line])

    def _tradeoff_frame(self, lengths, expanded, optimum) -> None:
        """Axes, labels, the optimum line and the points run so far, with room for the points of
        weights not run yet (more weight: fewer expansions, longer solutions), so that a new
        weight usually only adds its point and label over the saved background."""
        ax = self._tradeoff_axes
        ax.clear()
        low = min([*lengths, *([optimum] if optimum is not None else [])])
        self._tradeoff_xlim = (max(0.0, low - 2.0), max(lengths) * 1.5 + 4.0)
        top, bottom = max(max(expanded), 1), max(min(expanded), 1)
        self._tradeoff_ylim = (
            10 ** math.floor(math.log10(bottom) - 0.5),
            10 ** math.ceil(math.log10(top) + 0.3),
        )
        ax.set_yscale("log")
        ax.set_xlim(*self._tradeoff_xlim)
        ax.set_ylim(*self._tradeoff_ylim)
        ax.set_xlabel("solution length (moves)")
        ax.set_ylabel("nodes expanded")
        set_title(ax, LIVE_TRADEOFF_TITLE)
        if optimum is not None:
            ax.axvline(optimum, color=GOOD_COLOR, linestyle="--", linewidth=1, label=f"optimum {optimum}")
            ax.legend(loc="upper right", fontsize=7)
        (self._ring,) = ax.plot([], [], "o", markersize=12, markerfacecolor="none", color=MARK_COLOR)
        self._settled = {}
        self._tradeoff_blit.reset()

    def _tradeoff_fits(self, lengths, expanded) -> bool:
        (x0, x1), (y0, y1) = self._tradeoff_xlim, self._tradeoff_ylim
        return all(x0 <= x <= x1 for x in lengths) and all(y0 <= max(y, 1) <= y1 for y in expanded)

    def _draw_tradeoff(self, weight: float, optimum) -> None:
        """Redrawn only for a new instance or heuristic, when a point falls outside the axes or a
        run left the cache; otherwise a new weight's point and label are drawn once into the saved
        background, and each step moves only the ring."""
        ax, done = self._tradeoff_axes, dict(self._done())
        key = (self.start, self.heuristic.value, optimum)
        lengths = [r.cost for r in done.values()]
        expanded = [r.expanded for r in done.values()]
        if (
            key != self._tradeoff_key
            or self._ring is None
            or not done
            or any(w not in done for w in self._settled)
            or not self._tradeoff_fits(lengths, expanded)
        ):
            if not done:
                ax.clear()
                set_title(ax, LIVE_TRADEOFF_TITLE)
                self._ring, self._settled = None, {}
                self._tradeoff_blit.reset()
                self._tradeoff_key = key
                self.tradeoff_image.value = self._tradeoff_blit.png([])
                return
            self._tradeoff_frame(lengths, expanded, optimum)
            self._tradeoff_key = key
        settle = []
        for w, run in done.items():
            if w not in self._settled:
                (point,) = ax.plot([run.cost], [run.expanded], "o", color=MAIN_COLOR)
                label = ax.annotate(
                    f"w={w:g}",
                    (run.cost, run.expanded),
                    textcoords="offset points",
                    xytext=(4, 3),
                    fontsize=7,
                )
                self._settled[w] = (point, label)
                settle += [point, label]
        chosen, ring = done.get(weight), self._ring
        assert ring is not None  # made by _tradeoff_frame whenever there is a point to ring
        ring.set_data(*([[chosen.cost], [chosen.expanded]] if chosen is not None else [[], []]))
        self.tradeoff_image.value = self._tradeoff_blit.png([ring], settle=settle)

    # -- fallback ------------------------------------------------------------------------------------
    def static_figure(self) -> Figure:
        figure = Figure(figsize=(8.0, 3.4), layout="constrained")
        left, right = figure.subplots(1, 2)
        w = self.weight.value
        run = self._runs.peek((self.start, self.heuristic.value, w))
        if run is None:
            left.text(
                0.5,
                0.5,
                self.error_message or "nothing run yet",
                ha="center",
                wrap=True,
                transform=left.transAxes,
            )
            left.set_axis_off()
            right.set_axis_off()
            return figure
        draw_gh_plane(run.g, run.h, weight=w, bound=run.bound, ax=left)
        set_title(left, _gh_title(len(run.g), w, run.bound))
        done = self._done()
        draw_weight_tradeoff(
            [w for w, _ in done],
            [r.expanded for _, r in done],
            [r.cost for _, r in done],
            optimum=self._optimum.get(self.start),
            current=w,
            ax=right,
        )
        set_title(right, _tradeoff_title(w))
        return figure

    def summary(self) -> str:
        numbers = f"{self.expanded.value}; {self.length.value}" if self.expanded.value else "nothing run"
        return (
            f"WeightExplorer [{self.start.text()}] w={self.weight.value:g}, {self.heuristic.value}: {numbers}"
        )
