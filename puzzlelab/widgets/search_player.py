"""The search player: replay any recorded search step by step.

One step number drives every picture: the node being expanded with its children, the
frontier's best entries, the path so far, f and frontier size against step, and the
expanded nodes in the (g, h) plane. Runs are cached, so moving the step never re-runs
the search; changing the method, heuristic or weight runs it once.

>>> player = SearchPlayer("1 2 3/4 _ 5/7 8 6")
>>> player.step.max, player.info.value.startswith("step 1 of 2")
(2, True)
"""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np
from matplotlib.figure import Figure

from ..board import Board
from ..plots._common import figure_png
from ..plots.search import (
    draw_expansion,
    draw_frontier,
    draw_gh_plane,
    draw_search_path,
    draw_search_progress,
)
from ._base import Blitter, View, clear_artists, error_line, png_image, set_title
from ._replay import Replay

__all__ = ["BOARD_VIEWS", "CHART_VIEWS", "PLAYER_METHODS", "SearchPlayer"]

#: the best-first searches the player replays (IDA*'s depth-first events have no frontier to show)
PLAYER_METHODS = ("astar", "weighted_astar", "greedy", "bfs", "auto_solver")
PLAYER_HEURISTICS = ("manhattan", "linear_conflict", "misplaced", "zero")
BOARD_VIEWS = ("expansion", "frontier", "path")
CHART_VIEWS = ("progress", "(g, h) plane")
#: expansions a replayed run may record (a run past it stops with status "budget")
RECORD_BUDGET = 20_000


def _default_start() -> Board:
    from ..shuffles import uniform_solvable

    return uniform_solvable(3, 3, rng=2024)


class SearchPlayer(View):
    """Step through a recorded best-first search (A*, weighted A*, greedy, BFS, the article's solver).

    Controls: ``method``, ``heuristic``, ``weight`` (weighted A* only), ``step`` (slider),
    ``play`` (linked to the slider), ``back_button``, ``forward_button``, ``board_view``,
    ``chart_view``; read-outs ``info``, ``outcome``, ``boards_image``, ``chart_image``, ``error``.
    """

    def __init__(
        self,
        start=None,
        goal=None,
        *,
        method: str = "astar",
        heuristic: str = "manhattan",
        weight: float = 1.0,
        budget: int = RECORD_BUDGET,
    ):
        self.start = _default_start() if start is None else Board.parse(start)
        self.goal = Board.goal(self.start.rows, self.start.cols) if goal is None else Board.parse(goal)
        if method not in PLAYER_METHODS:
            raise ValueError(f"method must be one of {PLAYER_METHODS}, got {method!r}")
        if heuristic not in PLAYER_HEURISTICS:
            raise ValueError(f"heuristic must be one of {PLAYER_HEURISTICS}, got {heuristic!r}")
        if not 1.0 <= weight <= 10.0:
            raise ValueError(f"weight must lie in 1..10, got {weight!r}")
        self.budget = budget
        self._runs: dict[tuple, Replay] = {}
        self.replay: Replay | None = None
        self.method = widgets.Dropdown(options=PLAYER_METHODS, value=method, description="search")
        self.heuristic = widgets.Dropdown(options=PLAYER_HEURISTICS, value=heuristic, description="h")
        self.weight = widgets.FloatSlider(
            value=weight, min=1.0, max=10.0, step=0.25, description="weight w", continuous_update=False
        )
        self.step = widgets.IntSlider(value=1, min=1, max=1, description="step")
        self.step.add_class("puzzlelab-step")
        self.play = widgets.Play(value=1, min=1, max=1, interval=300)
        widgets.jslink((self.play, "value"), (self.step, "value"))
        widgets.jslink((self.play, "max"), (self.step, "max"))
        self.back_button = widgets.Button(
            description="", icon="step-backward", layout=widgets.Layout(width="40px")
        )
        self.forward_button = widgets.Button(
            description="", icon="step-forward", layout=widgets.Layout(width="40px")
        )
        self.board_view = widgets.ToggleButtons(options=BOARD_VIEWS, value="expansion")
        self.chart_view = widgets.ToggleButtons(options=CHART_VIEWS, value="progress")
        self.info = widgets.Label()
        self.info.add_class("puzzlelab-search-info")
        self.outcome = widgets.Label()
        self.boards_image = png_image("puzzlelab-search-boards", width=460)
        self.chart_image = png_image("puzzlelab-search-chart", width=400)
        self.error = error_line()
        self._boards_figure = Figure(figsize=(5.2, 3.2))
        self._boards_axes = self._boards_figure.add_axes((0.01, 0.01, 0.98, 0.9))
        self._chart_figure = Figure(figsize=(4.5, 3.2), dpi=72)
        self._blitter = Blitter(self._chart_figure)
        self._chart_axes = None
        self._chart_key = None
        for control in (self.method, self.heuristic, self.weight):
            control.observe(self._on(self.run), names="value")
        self.step.observe(self._on(self.show), names="value")
        self.board_view.observe(self._on(self.show), names="value")
        self.chart_view.observe(self._on(self.show), names="value")
        self.back_button.on_click(self._on(lambda: self._nudge(-1)))
        self.forward_button.on_click(self._on(lambda: self._nudge(1)))
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.method, self.heuristic, self.weight]),
                widgets.HBox([self.play, self.back_button, self.step, self.forward_button]),
                self.info,
                self.outcome,
                widgets.HBox([self.board_view, self.chart_view]),
                widgets.HBox([self.boards_image, self.chart_image]),
                self.error,
            ]
        )
        self.widget.add_class("puzzlelab-search-player")
        self._guarded(self.run)

    # -- running (cached) -----------------------------------------------------------------------
    def _key(self) -> tuple:
        weight = self.weight.value if self.method.value == "weighted_astar" else None
        return (self.start, self.goal, self.method.value, self.heuristic.value, weight)

    def _search(self):
        from .. import search

        method, heuristic = self.method.value, search.HEURISTICS[self.heuristic.value]
        options = {"budget": self.budget, "record": True, "record_cap": 4 * self.budget + 8}
        if method == "auto_solver":
            return search.auto_solver(self.start, self.goal, **options)
        if method == "bfs":
            return search.bfs(self.start, self.goal, **options)
        if method == "weighted_astar":
            options["weight"] = self.weight.value
        return search.METHODS[method](self.start, self.goal, heuristic=heuristic, **options)

    def run(self) -> None:
        """Run (or fetch from the cache) the search the controls describe, and show step 1."""
        self.weight.disabled = self.method.value != "weighted_astar"
        self.heuristic.disabled = self.method.value in ("bfs", "auto_solver")
        key = self._key()
        if key not in self._runs:
            self._runs[key] = Replay(self._search())
        self.replay = self._runs[key]
        result = self.replay.result
        self._chart_key = None
        with self.step.hold_trait_notifications():
            self.step.max = max(1, self.replay.steps)
            self.play.max = self.step.max
            self.step.value = 1
        self.outcome.value = str(result) + ("" if result.solved else f" (budget {self.budget:,} expansions)")
        self.show()

    @property
    def cached_runs(self) -> int:
        """How many searches have been run (each at most once)."""
        return len(self._runs)

    def _nudge(self, delta: int) -> None:
        self.step.value = min(self.step.max, max(self.step.min, self.step.value + delta))

    # -- showing a step -----------------------------------------------------------------------------
    def show(self) -> None:
        """Draw the current step in the chosen pictures."""
        replay = self.replay
        if replay is None or replay.steps == 0:
            self.info.value = "the start is the goal: nothing to expand"
            return
        step = self.step.value
        self.info.value = replay.describe(step)
        self._draw_boards(step, self._boards_axes)
        self.boards_image.value = figure_png(self._boards_figure)
        self._draw_chart(step)

    def _draw_boards(self, step: int, ax) -> None:
        replay, view = self.replay, self.board_view.value
        clear_artists(ax)
        if view == "expansion":
            generated, skipped = replay.children(step)
            draw_expansion(replay.node(step), generated, skipped=skipped, goal=self.goal, ax=ax)
        elif view == "frontier":
            best, size = replay.frontier(step)
            draw_frontier(best, goal=self.goal, size=size, ax=ax)
        else:
            draw_search_path(replay.node(step), goal=self.goal, ax=ax)
        set_title(ax, f"{view}, step {step}")

    def _line_weight(self) -> float | None:
        method = self.method.value
        if method == "astar":
            return 1.0
        if method == "weighted_astar":
            return self.weight.value
        return None

    def _draw_chart(self, step: int) -> None:
        """The chart's axes and the whole run are drawn once; each step moves only the markers."""
        replay, view = self.replay, self.chart_view.value
        key = (id(replay), view)
        if key != self._chart_key:
            self._chart_figure.clear()
            ax = self._chart_axes = self._chart_figure.add_axes((0.14, 0.15, 0.7, 0.75))
            if view == "progress":
                draw_search_progress(replay.f, replay.frontier_sizes, step=step, ax=ax)
                self._marker = ax.lines[-1]
            else:
                self._setup_gh_plane(ax)
            self._blitter.reset()
            self._chart_key = key
        ax = self._chart_axes
        if view == "progress":
            self._marker.set_xdata([step, step])
            set_title(ax, f"f and frontier size, step {step}")
            self.chart_image.value = self._blitter.png([self._marker, ax.title])
            return
        node, weight = replay.node(step), self._line_weight()
        self._done.set_offsets(np.column_stack([replay.g[:step], replay.h[:step]]))
        self._current.set_data([node.g], [node.h])
        if weight is not None:
            bound = node.g + weight * node.h
            self._fline.set_data([0.0, bound], [bound / weight, 0.0])
        set_title(ax, f"expanded so far: {step}")
        self.chart_image.value = self._blitter.png([self._done, self._fline, self._current, ax.title])

    def _setup_gh_plane(self, ax) -> None:
        replay, weight = self.replay, self._line_weight()
        draw_gh_plane(replay.g, replay.h, weight=weight or 1.0, ax=ax)
        whole = ax.collections[0]
        whole.set_color("#cccccc")
        whole.set_label("whole run")
        ax.legend_.remove()
        self._done = ax.scatter([], [], s=14, alpha=0.5, color="#1f77b4", edgecolors="none", label="expanded")
        label = "f = g + h" if weight == 1.0 else f"f = g + {weight:g}h" if weight else None
        (self._fline,) = ax.plot([], [], "--", color="#d62728", linewidth=1, label=label)
        (self._current,) = ax.plot([], [], "o", color="#d62728", markersize=7, label="current")
        ax.legend(
            handles=[whole, self._done, self._current] + ([self._fline] if weight else []),
            loc="upper right",
            fontsize=7,
        )

    # -- fallback ------------------------------------------------------------------------------------
    def static_figure(self) -> Figure:
        figure = Figure(figsize=(10.0, 3.4), layout="constrained")
        left, right = figure.subplots(1, 2)
        if self.replay is None or self.replay.steps == 0:
            left.text(
                0.5, 0.5, self.error_message or "nothing to replay", ha="center", transform=left.transAxes
            )
            return figure
        step = self.step.value
        self._draw_boards(step, left)
        draw_search_progress(self.replay.f, self.replay.frontier_sizes, step=step, ax=right)
        return figure

    def summary(self) -> str:
        return (
            f"SearchPlayer [{self.start.text()}] {self.method.value}/{self.heuristic.value}: "
            f"{self.info.value}; {self.replay.result.summary()}"
        )
