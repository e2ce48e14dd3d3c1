"""The search player: replay any recorded search step by step.

One step number drives every picture: the node being expanded with its children, the
frontier's best entries, the path so far, f and frontier size against step, and the
expanded nodes in the (g, h) plane. Runs are cached (the least recently used are dropped
past ``CACHE_BYTES``), so moving the step never re-runs the search; changing the method,
heuristic or weight runs it once.

>>> player = SearchPlayer("1 2 3/4 _ 5/7 8 6")
>>> player.step.max, player.info.value.startswith("step 1 of 2")
(2, True)
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from .._validate import choice, real, whole
from ..board import Board, goal_for
from ..plots._common import MAIN_COLOR, MARK_COLOR, figure_png
from ..plots.search import (
    draw_expansion,
    draw_frontier,
    draw_gh_plane,
    draw_search_path,
    draw_search_progress,
    frontier_caption,
)
from ..search.trace import Trace as Replay
from ._base import Blitter, RunCache, View, clear_artists, error_line, png_image, set_title

__all__ = ["BOARD_VIEWS", "CHART_VIEWS", "PLAYER_METHODS", "SearchPlayer"]

#: the best-first searches the player replays (IDA*'s depth-first events have no frontier to show)
PLAYER_METHODS = ("astar", "weighted_astar", "greedy", "bfs", "article")
PLAYER_HEURISTICS = ("manhattan", "linear_conflict", "misplaced", "zero")
BOARD_VIEWS = ("expansion", "frontier", "path")
CHART_VIEWS = ("progress", "(g, h) plane")
#: expansions a replayed run may record (a run past it stops with status "budget")
RECORD_BUDGET = 20_000
#: the largest budget the player accepts (a recorded run costs memory in proportion to it)
MAX_BUDGET = 100_000
#: bytes of recorded runs kept for going back to earlier settings (least recently used dropped)
CACHE_BYTES = 256 * 2**20
#: estimated bytes per recorded event of a replay (the event, its node and board, the indexes)
EVENT_BYTES = 600


def replay_bytes(replay) -> int:
    """Estimated memory of a recorded run held for replay."""
    return 4096 + EVENT_BYTES * len(getattr(replay, "events", None) or ())


def _default_start() -> Board:
    from ..shuffles import random_solvable_board

    return random_solvable_board(3, 3, rng=2024)


class SearchPlayer(View):
    """Step through a recorded best-first search (A*, weighted A*, greedy, BFS, the article's solver).

    Controls: ``method``, ``heuristic``, ``weight`` (weighted A* only), ``step`` (slider),
    ``play`` (linked to the slider), ``back_button``, ``forward_button``, ``board_view``,
    ``chart_view``; read-outs ``info``, ``outcome``, ``boards_image``, ``chart_image``, ``error``.

    Arguments are checked at once: a wrong type raises ``TypeError``, an impossible value
    (an unreadable board, a goal of another shape, an unknown method, a weight outside 1..10, a
    budget outside 0..100,000) ``ValueError``, before anything is built. A start that cannot
    reach the goal is not an argument error: the player is built and its error line gives the
    parity explanation. The controls never raise, and the display and summary work in every
    state.
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
        self.goal = goal_for(self.start, goal)
        method = choice("method", method, PLAYER_METHODS)
        heuristic = choice("heuristic", heuristic, PLAYER_HEURISTICS)
        weight = real("weight", weight, low=1.0, high=10.0)
        self.budget = whole("budget", budget, low=0, high=MAX_BUDGET)
        self._runs = RunCache(CACHE_BYTES, sizeof=replay_bytes)
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
        # its own Agg canvas: each step's PNG reuses one renderer and the text sizes it measured
        FigureCanvasAgg(self._boards_figure)
        self._boards_axes = self._boards_figure.add_axes((0.01, 0.01, 0.98, 0.9))
        self._chart_figure = Figure(figsize=(4.5, 3.2), dpi=72)
        self._blitter = Blitter(self._chart_figure)
        self._chart_axes: Any = None
        self._chart_key: tuple | None = None
        for control in (self.method, self.heuristic, self.weight):
            control.observe(self._on(self.run), names="value")
        self.step.observe(self._on(self.show), names="value")
        self.board_view.observe(self._on(self.show), names="value")
        self.chart_view.observe(self._on(self.show), names="value")
        self.back_button.on_click(self._on(lambda: self._nudge(-1)))
        self.forward_button.on_click(self._on(lambda: self._nudge(1)))
        self._compose(
            [
                widgets.HBox([self.method, self.heuristic, self.weight]),
                widgets.HBox([self.play, self.back_button, self.step, self.forward_button]),
                self.info,
                self.outcome,
                widgets.HBox([self.board_view, self.chart_view]),
                widgets.HBox([self.boards_image, self.chart_image]),
            ],
            "puzzlelab-search-player",
        )
        self._guarded(self.run)

    # -- running (cached) -----------------------------------------------------------------------
    def _key(self) -> tuple:
        weight = self.weight.value if self.method.value == "weighted_astar" else None
        return (self.start, self.goal, self.method.value, self.heuristic.value, weight)

    def _search(self):
        from .. import search

        method, heuristic = self.method.value, search.HEURISTICS[self.heuristic.value]
        options = {"budget": self.budget, "record": True}
        if method not in ("bfs", "article"):  # those two have their own heuristic
            options["heuristic"] = heuristic
        if method == "weighted_astar":
            options["weight"] = self.weight.value
        return search.SOLVERS[method](self.start, self.goal, **options)

    def _record(self):
        """Run the search the controls describe, recorded for replay."""
        return Replay(self._search())

    def run(self) -> None:
        """Run (or fetch from the cache) the search the controls describe, and show step 1.

        What the previous settings showed is cleared first, so a run that fails (an unsolvable
        start, say) leaves an empty player with the reason on its error line."""
        self.weight.disabled = self.method.value != "weighted_astar"
        self.heuristic.disabled = self.method.value in ("bfs", "article")
        self.replay, self._chart_key = None, None
        self.outcome.value = ""
        self.info.value = "nothing to replay: see the message below"
        self.boards_image.value = self.chart_image.value = b""
        key = self._key()
        replay = self._runs.get(key)
        if replay is None:
            replay = self._record()
            self._runs.put(key, replay)
        self.replay = replay
        result = replay.result
        with self.step.hold_trait_notifications():
            self.step.max = max(1, replay.steps)
            self.play.max = self.step.max
            self.step.value = 1
        self.outcome.value = str(result) + ("" if result.solved else f" (budget {self.budget:,} expansions)")
        self.show()

    @property
    def cached_runs(self) -> int:
        """How many recorded runs the player holds (each setting is run at most once while cached)."""
        return len(self._runs)

    def _nudge(self, delta: int) -> None:
        self.step.value = min(self.step.max, max(self.step.min, self.step.value + delta))

    # -- showing a step -----------------------------------------------------------------------------
    def show(self) -> None:
        """Draw the current step in the chosen pictures."""
        replay = self.replay
        if replay is None:
            self.info.value = "nothing to replay: see the message below"
            return
        if replay.steps == 0:
            if self.start == self.goal:
                self.info.value = "the start is the goal: nothing to expand"
            else:
                self.info.value = f"stopped before the first expansion (budget {self.budget:,} expansions)"
            self.boards_image.value = self.chart_image.value = b""
            return
        step = self.step.value
        self.info.value = replay.describe(step)
        self._draw_boards(step, self._boards_axes)
        self.boards_image.value = figure_png(self._boards_figure, compress_level=1)
        self._draw_chart(step)

    def _shown(self) -> Replay:
        """The run being shown (drawing is never asked for when there is none)."""
        if self.replay is None:
            raise ValueError("nothing to replay: see the message below")
        return self.replay

    def _draw_boards(self, step: int, ax) -> None:
        replay, view = self._shown(), self.board_view.value
        title = f"{view}, step {step}"
        clear_artists(ax)
        if view == "expansion":
            generated, skipped = replay.children(step)
            draw_expansion(replay.node(step), generated, skipped=skipped, goal=self.goal, ax=ax)
        elif view == "frontier":
            best, size = replay.frontier(step)
            draw_frontier(best, goal=self.goal, size=size, ax=ax)
            title += f": {frontier_caption(len(best), size)}"  # replaces draw_frontier's own title
        else:
            draw_search_path(replay.node(step), goal=self.goal, ax=ax)
        set_title(ax, title)

    def _line_weight(self) -> float | None:
        """The w of f = g + w*h, as the search reports it (None for BFS and greedy)."""
        return self.replay.result.weight if self.replay is not None else None

    def _draw_chart(self, step: int) -> None:
        """The chart's axes and the whole run are drawn once; each step moves only the markers."""
        replay, view = self._shown(), self.chart_view.value
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
        replay, weight = self._shown(), self._line_weight()
        draw_gh_plane(replay.g, replay.h, weight=weight or 1.0, ax=ax)
        whole = ax.collections[0]
        whole.set_color("#cccccc")
        whole.set_label("whole run")
        if ax.legend_ is not None:
            ax.legend_.remove()
        self._done = ax.scatter(
            [], [], s=14, alpha=0.5, color=MAIN_COLOR, edgecolors="none", label="expanded"
        )
        label = "f = g + h" if weight == 1.0 else f"f = g + {weight:g}h" if weight else None
        (self._fline,) = ax.plot([], [], "--", color=MARK_COLOR, linewidth=1, label=label)
        (self._current,) = ax.plot([], [], "D", color=MARK_COLOR, markersize=7, label="current")
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
            message = self.error_message if self.replay is None else self.info.value
            left.text(
                0.5, 0.5, message or "nothing to replay", ha="center", wrap=True, transform=left.transAxes
            )
            left.set_axis_off()
            right.set_axis_off()
            return figure
        step = self.step.value
        self._draw_boards(step, left)
        draw_search_progress(self.replay.f, self.replay.frontier_sizes, step=step, ax=right)
        return figure

    def summary(self) -> str:
        outcome = self.replay.result.summary() if self.replay is not None else "no run"
        return (
            f"SearchPlayer [{self.start.text()}] {self.method.value}/{self.heuristic.value}: "
            f"{self.info.value}; {outcome}"
        )
