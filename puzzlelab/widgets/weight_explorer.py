"""The weight explorer: f = g + w*h live. Move the weight and watch nodes expanded fall while
the solution grows longer than the optimum.

>>> explorer = WeightExplorer("1 2 3/4 _ 5/7 8 6", weight=2.0)
>>> explorer.length.value
'solution: 2 moves, optimum 2 (+0)'
"""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np
from matplotlib.figure import Figure

from ..board import Board
from ..plots.search import draw_gh_plane, draw_weight_tradeoff
from ._base import Blitter, View, clear_artists, error_line, png_image, set_title

__all__ = ["SWEEP_WEIGHTS", "WeightExplorer"]

EXPLORER_HEURISTICS = ("manhattan", "linear_conflict", "misplaced")
SWEEP_WEIGHTS = (1.0, 1.25, 1.5, 2.0, 3.0, 5.0)
BUDGET = 50_000


def _gh_title(expanded: int, weight: float, bound: float) -> str:
    return f"{expanded:,} expanded, line f = g + {weight:g}h = {bound:g}"


def _tradeoff_title(weight: float) -> str:
    return f"weights tried so far (w = {weight:g} ringed)"


class WeightExplorer(View):
    """Weighted A* on one instance: nodes expanded and solution length against the weight.

    Controls: ``weight`` (slider), ``heuristic``, ``instance`` (board text; Enter to use it),
    ``random_button`` (a new random instance), ``sweep_button`` (run every weight in
    ``SWEEP_WEIGHTS``); read-outs ``expanded``, ``length``, ``gh_image``, ``tradeoff_image``, ``error``.
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
        if heuristic not in EXPLORER_HEURISTICS:
            raise ValueError(f"heuristic must be one of {EXPLORER_HEURISTICS}, got {heuristic!r}")
        if not 1.0 <= weight <= 10.0:
            raise ValueError(f"weight must lie in 1..10, got {weight!r}")
        self._rng = np.random.default_rng(rng)
        self.start = self._random(rows, cols) if start is None else Board.parse(start)
        self._runs: dict[tuple, object] = {}
        self._optimum: dict[tuple, int | None] = {}
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
        self._gh_blit, self._gh_key, self._gh_limits = Blitter(self._gh_figure), None, (0.0, 0.0)
        self._gh_axes = self._gh_figure.add_axes((0.15, 0.14, 0.8, 0.76))
        self._tradeoff_figure = Figure(figsize=(3.8, 3.4), dpi=72)
        self._tradeoff_blit, self._tradeoff_key = Blitter(self._tradeoff_figure), None
        self._tradeoff_axes = self._tradeoff_figure.add_axes((0.25, 0.14, 0.71, 0.76))
        self.weight.observe(self._on(self.update), names="value")
        self.heuristic.observe(self._on(self.update), names="value")
        self.instance.observe(self._on(self._read_instance), names="value")
        self.random_button.on_click(self._on(self.new_instance))
        self.sweep_button.on_click(self._on(self.sweep))
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.weight, self.heuristic]),
                widgets.HBox([self.instance, self.random_button, self.sweep_button]),
                widgets.HBox([self.expanded, self.length], layout=widgets.Layout(grid_gap="20px")),
                widgets.HBox([self.gh_image, self.tradeoff_image]),
                self.error,
            ]
        )
        self.widget.add_class("puzzlelab-weight-explorer")
        self._guarded(self.update)

    # -- instances ----------------------------------------------------------------------------------
    def _random(self, rows: int, cols: int) -> Board:
        from ..shuffles import uniform_solvable

        return uniform_solvable(rows, cols, rng=self._rng)

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
    def _run(self, weight: float):
        from .. import search

        key = (self.start, self.heuristic.value, weight)
        if key not in self._runs:
            self._runs[key] = search.weighted_astar(
                self.start,
                weight=weight,
                heuristic=search.HEURISTICS[self.heuristic.value],
                budget=BUDGET,
                record=True,
                record_cap=4 * BUDGET + 8,
            )
        return self._runs[key]

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
        """Run weighted A* for the chosen weight (once: runs are cached) and redraw."""
        weight = self.weight.value
        result = self._run(weight)
        optimum = self.optimum()
        self.expanded.value = f"nodes expanded: {result.expanded:,}"
        if not result.solved:
            self.length.value = f"no solution within {BUDGET:,} expansions"
        elif optimum is None:
            self.length.value = f"solution: {result.cost} moves, optimum unknown (A* ran out of budget)"
        else:
            self.length.value = f"solution: {result.cost} moves, optimum {optimum} (+{result.cost - optimum})"
        self._draw(result, weight, optimum)

    def _done(self) -> list:
        mine = [
            (w, r) for (s, h, w), r in self._runs.items() if s == self.start and h == self.heuristic.value
        ]
        return sorted((w, r) for w, r in mine if r.solved)

    def _draw(self, result, weight: float, optimum) -> None:
        expanded = [e.node for e in result.events if e.kind == "expand"]
        g = np.array([n.g for n in expanded], dtype=float)
        h = np.array([n.h for n in expanded], dtype=float)
        bound = max((n.f for n in expanded), default=0.0)
        self._draw_gh(g, h, weight, bound)
        self._draw_tradeoff(weight, optimum)

    def _draw_gh(self, g, h, weight: float, bound: float) -> None:
        """The axes are redrawn only for a new instance or when the points outgrow them."""
        ax, key = self._gh_axes, (self.start, self.heuristic.value)
        gmax, hmax = max(float(g.max(initial=1)), 1.0), max(float(h.max(initial=1)), 1.0)
        if key != self._gh_key or gmax > self._gh_limits[0] or hmax > self._gh_limits[1]:
            self._gh_limits = (gmax * 1.3 + 1, hmax * 1.3 + 1)
            clear_artists(ax)
            draw_gh_plane([], [], ax=ax)
            ax.collections[0].remove()
            ax.legend_.remove()
            self._gh_points = ax.scatter(
                [], [], s=14, alpha=0.3, color="#1f77b4", edgecolors="none", label="expanded"
            )
            (self._gh_line,) = ax.plot([], [], "--", color="#d62728", linewidth=1, label="f = g + w h")
            ax.legend(loc="upper right", fontsize=7)
            ax.set_xlim(-0.5, self._gh_limits[0])
            ax.set_ylim(-0.5, self._gh_limits[1])
            self._gh_key = key
            self._gh_blit.reset()
        self._gh_points.set_offsets(np.column_stack([g, h]))
        self._gh_line.set_data([0.0, bound], [bound / weight, 0.0])
        set_title(ax, _gh_title(len(g), weight, bound))
        self.gh_image.value = self._gh_blit.png([self._gh_points, self._gh_line, ax.title])

    def _draw_tradeoff(self, weight: float, optimum) -> None:
        """Redrawn when a weight is run for the first time; otherwise only the ring moves."""
        ax, done = self._tradeoff_axes, self._done()
        key = (self.start, self.heuristic.value, tuple(w for w, _ in done), optimum)
        if key != self._tradeoff_key:
            ax.clear()
            draw_weight_tradeoff(
                [w for w, _ in done],
                [r.expanded for _, r in done],
                [r.cost for _, r in done],
                optimum=optimum,
                ax=ax,
            )
            (self._ring,) = ax.plot([], [], "o", markersize=12, markerfacecolor="none", color="#d62728")
            self._tradeoff_key = key
            self._tradeoff_blit.reset()
        chosen = dict(done).get(weight)
        if chosen is not None:
            self._ring.set_data([chosen.cost], [chosen.expanded])
        set_title(ax, _tradeoff_title(weight))
        self.tradeoff_image.value = self._tradeoff_blit.png([self._ring, ax.title])

    # -- fallback ------------------------------------------------------------------------------------
    def static_figure(self) -> Figure:
        figure = Figure(figsize=(8.0, 3.4), layout="constrained")
        left, right = figure.subplots(1, 2)
        key = (self.start, self.heuristic.value, self.weight.value)
        result = self._runs.get(key)
        if result is None:
            left.text(
                0.5, 0.5, self.error_message or "nothing run yet", ha="center", transform=left.transAxes
            )
            return figure
        expanded = [e.node for e in result.events if e.kind == "expand"]
        bound = max((n.f for n in expanded), default=None)
        draw_gh_plane(
            [n.g for n in expanded], [n.h for n in expanded], weight=self.weight.value, bound=bound, ax=left
        )
        w = self.weight.value
        set_title(left, _gh_title(len(expanded), w, bound))
        done = self._done()
        draw_weight_tradeoff(
            [w for w, _ in done],
            [r.expanded for _, r in done],
            [r.cost for _, r in done],
            optimum=self._optimum.get(self.start),
            current=self.weight.value,
            ax=right,
        )
        set_title(right, _tradeoff_title(w))
        return figure

    def summary(self) -> str:
        return (
            f"WeightExplorer [{self.start.text()}] w={self.weight.value:g}, {self.heuristic.value}: "
            f"{self.expanded.value}; {self.length.value}"
        )
