"""Pictures of a search: the node being expanded with its children, the frontier's best entries,
the path so far, f and frontier size against step, the (g, h) plane with the line f = g + w*h,
nodes expanded against solution length across weights, and the distances over a state space.

The functions take plain data (nodes with ``board``, ``g``, ``h``, ``f``; lists of numbers), so
they draw any recorded search without knowing which algorithm made it.

>>> ax = draw_gh_plane([0, 1, 1, 2], [4, 3, 5, 2], weight=1.0, bound=4)
>>> ax.get_xlabel(), ax.get_ylabel()
('g (moves so far)', 'h (estimated moves left)')
"""

from __future__ import annotations

import math
from collections.abc import Container, Mapping, Sequence
from typing import Protocol

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure, SubFigure
from numpy.typing import ArrayLike

from ..board import Board, goal_for
from ..colors import GOOD_COLOR, MAIN_COLOR, MARK_COLOR, SAMPLED_COLOR, SECOND_COLOR
from ..i18n import gettext as _
from .boards import draw_board, draw_board_strip, finish_axes, raster_artists
from .style import NotebookAxes, new_axes, new_figure

__all__ = [
    "draw_board_row",
    "draw_distance_histogram",
    "draw_expansion",
    "draw_frontier",
    "draw_gh_plane",
    "draw_search_path",
    "draw_search_progress",
    "draw_weight_sweep",
    "draw_weight_tradeoff",
    "frontier_caption",
    "gh_limits",
    "node_label",
]


class SearchNode(Protocol):
    """What the pictures read from a node (:class:`puzzlelab.search.Node` has it all): its board,
    ``g``, ``h`` and ``f`` (None or NaN when unknown, drawn as ``-``), and the move that made it."""

    @property
    def board(self) -> Board: ...
    @property
    def g(self) -> float | None: ...
    @property
    def h(self) -> float | None: ...
    @property
    def f(self) -> float | None: ...
    @property
    def move(self) -> str | None: ...


class PathNode(SearchNode, Protocol):
    """A node that knows the nodes from the start to itself."""

    def path(self) -> Sequence[SearchNode]: ...


#: the g and h of a run of :func:`draw_gh_plane`, with its weight and bound when it had one
GHRun = tuple[ArrayLike, ArrayLike] | tuple[ArrayLike, ArrayLike, float, float | None]


def _number(x: object) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    return f"{x:g}" if isinstance(x, float) else str(x)


def node_label(node: SearchNode) -> str:
    """``"g=3 h=5 f=8"`` for a node."""
    return f"g={_number(node.g)} h={_number(node.h)} f={_number(node.f)}"


def _boards_in_row(
    ax: Axes,
    nodes: Sequence[SearchNode],
    labels: Sequence[str],
    goal: Board,
    y0: float,
    *,
    width: float,
    greyed: Container[int] = (),
) -> None:
    if not nodes:
        return
    board = nodes[0].board
    step = board.cols + 0.7
    x0 = (width - (len(nodes) * step - 0.7)) / 2
    for k, (node, label) in enumerate(zip(nodes, labels, strict=True)):
        raster_artists(ax, node.board, goal, x0 + k * step, y0)
        ax.text(
            x0 + k * step + board.cols / 2,
            y0 + board.rows + 0.1,
            label,
            ha="center",
            va="top",
            fontsize=7,
            color="#999999" if k in greyed else "black",
        )


def draw_expansion(
    node: SearchNode,
    children: Sequence[SearchNode],
    *,
    ax: Axes | None = None,
    goal: Board | None = None,
    skipped: Sequence[SearchNode] = (),
) -> Axes:
    """The node being expanded (top) and its children (below) with their g, h and f.

    ``children`` are the nodes put on the frontier; ``skipped`` the children left out because
    their state was already reached by a path at least as short (drawn with a grey label).
    """
    if node is None:
        raise ValueError("no node to draw")
    board = node.board
    goal = goal_for(board, goal)
    below = [*children, *skipped]
    step = board.cols + 0.7
    width = max(board.cols, len(below) * step - 0.7)
    ax = new_axes(ax, figsize=(max(3.0, 0.45 * width + 0.5), 0.45 * (2 * board.rows + 2.6) + 0.3))
    x0 = (width - board.cols) / 2
    raster_artists(ax, board, goal, x0, 0)
    ax.text(
        x0 + board.cols + 0.2,
        board.rows / 2,
        _("expand\n{node}").format(node=node_label(node)),
        ha="left",
        va="center",
        fontsize=8,
    )
    labels = [f"{c.move}: {node_label(c)}" for c in children] + [
        _("{move}: skip (reached)").format(move=c.move) for c in skipped
    ]
    _boards_in_row(
        ax, below, labels, goal, board.rows + 1.0, width=width, greyed=range(len(children), len(below))
    )
    if not below:
        ax.text(width / 2, board.rows + 1.5, _("no new children"), ha="center", fontsize=8)
    finish_axes(ax, width, 2 * board.rows + 1.6)
    return ax


def draw_frontier(
    nodes: Sequence[SearchNode], *, ax: Axes | None = None, goal: Board | None = None, size: int | None = None
) -> Axes:
    """The frontier's best entries (smallest f first), each with its g, h and f.

    ``size`` is the whole frontier's size, shown in the title when given.
    """
    if not nodes:
        ax = new_axes(ax, figsize=(3.0, 1.5))
        ax.text(0.5, 0.5, _("the frontier is empty"), ha="center", va="center", transform=ax.transAxes)
        ax.set_axis_off()
        return ax
    board = nodes[0].board
    goal = goal_for(board, goal)
    width = len(nodes) * (board.cols + 0.7) - 0.7
    ax = new_axes(ax, figsize=(max(3.0, 0.45 * width + 0.5), 0.45 * (board.rows + 1) + 0.5))
    _boards_in_row(ax, list(nodes), [node_label(n) for n in nodes], goal, 0.0, width=width)
    finish_axes(ax, width, board.rows + 0.8)
    ax.set_title(_("frontier: {caption}").format(caption=frontier_caption(len(nodes), size)), fontsize=9)
    return ax


def frontier_caption(shown: int, size: int | None = None) -> str:
    """``"best 5 of 1,234"``: how many frontier entries a picture shows, out of how many."""
    if size is None:
        return _("best {shown}").format(shown=shown)
    return _("best {shown} of {size:,}").format(shown=shown, size=size)


def draw_search_path(
    node: PathNode, *, ax: Axes | None = None, goal: Board | None = None, max_boards: int = 24
) -> Axes:
    """The path from the start to ``node`` as a strip of boards, labelled with the moves."""
    path = node.path()
    labels = [_("start"), *(f"{k}: {n.move}" for k, n in enumerate(path[1:], 1))]
    return draw_board_strip(
        [n.board for n in path], ax=ax, goal=goal, labels=labels, per_row=12, max_boards=max_boards
    )


def draw_search_progress(
    f_values: ArrayLike, frontier_sizes: ArrayLike, *, step: int | None = None, ax: Axes | None = None
) -> Axes:
    """f of each expanded node (a solid line) and the frontier size (dashed) against step
    (expansions so far), as the search player draws them in the browser.

    ``step`` (1-based) marks the current step with a vertical line. Returns the left Axes
    (f); the frontier size is on a twin Axes to the right.
    """
    f_values = np.asarray(f_values, dtype=float)
    frontier_sizes = np.asarray(frontier_sizes, dtype=float)
    if f_values.shape != frontier_sizes.shape or f_values.ndim != 1:
        raise ValueError("f_values and frontier_sizes must be 1-d sequences of the same length")
    ax = new_axes(ax, figsize=(5.0, 2.6))
    steps = np.arange(1, len(f_values) + 1)
    # drawn and named as the search player draws them in the browser: f solid, the frontier dashed
    ax.plot(steps, f_values, "-", linewidth=1.2, color=MAIN_COLOR, label=_("f (solid)"))
    ax.set_xlabel(_("step (expansions)"))
    ax.set_ylabel(_("f (solid)"), color=MAIN_COLOR)
    twin = ax.twinx()
    twin.plot(steps, frontier_sizes, "--", color=SECOND_COLOR, linewidth=1, label=_("frontier (dashed)"))
    twin.set_ylabel(_("frontier (dashed)"), color=SECOND_COLOR)
    if step is not None:
        ax.axvline(step, color=MARK_COLOR, linewidth=1)
    if len(steps):
        ax.set_xlim(0.5, len(steps) + 0.5)
    return ax


def draw_gh_plane(
    g: ArrayLike,
    h: ArrayLike,
    *,
    weight: float = 1.0,
    bound: float | None = None,
    current: tuple[float, float] | None = None,
    limits: tuple[float, float] | None = None,
    ax: Axes | None = None,
) -> Axes:
    """Expanded nodes in the (g, h) plane, with the line ``f = g + weight*h`` at ``f = bound``.

    Each dot is a node (more expansions of the same (g, h) make a darker dot); ``current``
    marks the node being expanded now. Nodes below the line have priority below ``bound``.

    ``limits=(gmax, hmax)`` fixes both axes (use :func:`gh_limits` to get limits that fit
    several runs), so that panels drawn side by side share one scale and their slopes can be
    compared. Without it, axes shared with others (``subplots(..., sharex=True, sharey=True)``)
    only ever grow, so every panel fits on the common scale.
    """
    g, h = np.asarray(g, dtype=float), np.asarray(h, dtype=float)
    if g.shape != h.shape or g.ndim != 1:
        raise ValueError("g and h must be 1-d sequences of the same length")
    if not weight > 0:
        raise ValueError(f"the weight must be positive, got {weight!r}")
    ax = new_axes(ax, figsize=(3.6, 3.2))
    ax.scatter(g, h, s=14, alpha=0.25, color=MAIN_COLOR, edgecolors="none", label=_("expanded"))
    gmax = max(float(g.max()) if g.size else 1.0, 1.0)
    hmax = max(float(h.max()) if h.size else 1.0, 1.0)
    if bound is not None and math.isfinite(bound):
        xs = np.array([0.0, bound])
        ax.plot(
            xs,
            (bound - xs) / weight,
            "--",
            color=MARK_COLOR,
            linewidth=1,
            label=f"f = g + {weight:g}h = {bound:g}",
        )
        gmax, hmax = max(gmax, bound), max(hmax, bound / weight)
    if current is not None:
        ax.plot([current[0]], [current[1]], "D", color=MARK_COLOR, markersize=7, label=_("current"))
    if limits is not None:
        gmax, hmax = (float(x) for x in limits)
    else:
        if len(ax.get_shared_x_axes().get_siblings(ax)) > 1:
            gmax = max(gmax, ax.get_xlim()[1] - 0.5)
        if len(ax.get_shared_y_axes().get_siblings(ax)) > 1:
            hmax = max(hmax, ax.get_ylim()[1] - 0.5)
    ax.set_xlim(-0.5, gmax + 0.5)
    ax.set_ylim(-0.5, hmax + 0.5)
    ax.set_xlabel(_("g (moves so far)"))
    ax.set_ylabel(_("h (estimated moves left)"))
    ax.legend(loc="upper right", fontsize=7)
    return ax


def gh_limits(*runs: GHRun) -> tuple[float, float]:
    """``(gmax, hmax)`` that fit every run, each given as ``(g, h)`` or ``(g, h, weight, bound)``
    (the arguments of :func:`draw_gh_plane`): pass it as ``limits=`` to draw them on one scale.

    >>> gh_limits(([0, 3], [5, 1]), ([0, 9], [2, 0], 2.0, 10))
    (10.0, 5.0)
    """
    gmax = hmax = 1.0
    for run in runs:
        g, h = np.asarray(run[0], dtype=float), np.asarray(run[1], dtype=float)
        gmax = max(gmax, float(g.max(initial=0)))
        hmax = max(hmax, float(h.max(initial=0)))
        if len(run) == 4 and run[3] is not None:
            weight, bound = float(run[2]), float(run[3])
            gmax, hmax = max(gmax, bound), max(hmax, bound / weight)
    return gmax, hmax


def draw_weight_tradeoff(
    weights: ArrayLike,
    expanded: ArrayLike,
    lengths: ArrayLike,
    *,
    optimum: int | None = None,
    current: float | None = None,
    ax: Axes | None = None,
) -> Axes:
    """Nodes expanded against solution length, one point per weight (log scale for expansions).

    ``optimum`` draws the optimal length as a vertical line; ``current`` rings the point of
    the weight now chosen.
    """
    weights = np.asarray(weights, dtype=float)
    expanded = np.asarray(expanded, dtype=float)
    lengths = np.asarray(lengths, dtype=float)
    if not weights.shape == expanded.shape == lengths.shape or weights.ndim != 1:
        raise ValueError("weights, expanded and lengths must be 1-d sequences of the same length")
    ax = new_axes(ax, figsize=(3.8, 3.0))
    ax.plot(lengths, expanded, "o", color=MAIN_COLOR)
    for w, x, y in zip(weights, lengths, expanded, strict=True):
        ax.annotate(f"w={w:g}", (x, y), textcoords="offset points", xytext=(4, 3), fontsize=7)
        if current is not None and w == current:
            ax.plot([x], [y], "o", markersize=12, markerfacecolor="none", color=MARK_COLOR)
    if optimum is not None:
        ax.axvline(
            optimum,
            color=GOOD_COLOR,
            linestyle="--",
            linewidth=1,
            label=_("optimum {optimum}").format(optimum=optimum),
        )
        ax.legend(loc="upper right", fontsize=7)
    if expanded.size and expanded.min() > 0:
        ax.set_yscale("log")
    ax.set_xlabel(_("solution length (moves)"))
    ax.set_ylabel(_("nodes expanded"))
    return ax


def draw_weight_sweep(
    weights: ArrayLike,
    expanded: ArrayLike,
    lengths: ArrayLike,
    *,
    optimum: float | None = None,
    what: str = "",
    axes: tuple[Axes, Axes] | None = None,
) -> Figure | SubFigure:
    """Two panels against the weight w (log scale): the work (nodes expanded) and the price
    (solution length), each axis starting at 0 so that heights compare honestly.

    ``optimum`` draws the optimal length as a dashed line in the right panel; ``what`` ends the
    titles (say ``"mean of 20 puzzles"``); ``axes`` is a pair of Axes to draw on (default: a new
    figure). Returns the figure (it shows itself when it ends a notebook cell).
    """
    weights = np.asarray(weights, dtype=float)
    expanded = np.asarray(expanded, dtype=float)
    lengths = np.asarray(lengths, dtype=float)
    if not weights.shape == expanded.shape == lengths.shape or weights.ndim != 1 or not weights.size:
        raise ValueError("weights, expanded and lengths must be non-empty 1-d sequences of the same length")
    if not np.all(weights > 0):
        raise ValueError("weights must be positive (they are drawn on a log scale)")
    if axes is None:
        figure = new_figure(figsize=(9.0, 3.3))
        axes = figure.subplots(1, 2, subplot_kw={"axes_class": NotebookAxes})
    left, right = axes
    suffix = _(", {what}").format(what=what) if what else ""
    ticks = [w for w in (1, 1.5, 2, 3, 5, 10, 20, 50, 100) if weights.min() <= w <= weights.max()]
    for ax, values, label, title in (
        (left, expanded, _("nodes expanded"), _("Work: nodes expanded")),
        (right, lengths, _("solution length (moves)"), _("Price: solution length")),
    ):
        ax.plot(weights, values, "o-", color=MAIN_COLOR, label=_("weighted A*"))
        ax.set_xscale("log")
        if ticks:
            ax.set_xticks(ticks, [f"{w:g}" for w in ticks])
            ax.minorticks_off()
        ax.set_xlabel(_("weight w (log scale)"))
        ax.set_ylabel(label)
        ax.set_title(title + suffix, fontsize=10)
        ax.set_ylim(0, max(float(values.max()), 1.0) * 1.1)
    if optimum is not None:
        right.axhline(optimum, color=GOOD_COLOR, linestyle="--", label=_("optimum"))
        right.set_ylim(0, max(float(lengths.max()), float(optimum), 1.0) * 1.1)
        right.legend(fontsize=8, loc="lower right")
    return left.figure


def draw_board_row(
    boards: Sequence[Board],
    titles: Sequence[str] | None = None,
    *,
    title: str | None = None,
    goal: Board | None = None,
) -> Figure:
    """Boards side by side, each with its own title, under an overall ``title`` that never
    overlaps them (constrained layout places it). Returns the figure.

    >>> start = Board.parse("1 2 3/4 _ 5/7 8 6")
    >>> figure = draw_board_row([start, start.move("R")], ["start", "move R"], title="two boards")
    >>> [ax.get_title() for ax in figure.axes]
    ['start', 'move R']
    """
    boards = [Board.parse(b) for b in boards]
    if not boards:
        raise ValueError("no boards to draw")
    if titles is not None and len(titles) != len(boards):
        raise ValueError(f"{len(titles)} titles for {len(boards)} boards: give one title per board")
    first = boards[0]
    figure = new_figure(figsize=(1.0 + 1.6 * len(boards) * first.cols / max(first.rows, 1), 2.6))
    axes = figure.subplots(1, len(boards), squeeze=False, subplot_kw={"axes_class": NotebookAxes})[0]
    for k, (ax, board) in enumerate(zip(axes, boards, strict=True)):
        draw_board(board, ax=ax, goal=goal, title=None if titles is None else titles[k])
        ax.title.set_fontsize(9)
    if title is not None:
        figure.suptitle(title, fontsize=10)
    return figure


def draw_distance_histogram(
    histogram: Mapping[int, int], *, ax: Axes | None = None, title: str | None = None
) -> Axes:
    """How many states lie at each optimal distance from the goal (a bar per distance)."""
    if not histogram:
        raise ValueError("the histogram is empty")
    distances = np.array(sorted(histogram))
    counts = np.array([histogram[d] for d in distances])
    ax = new_axes(ax, figsize=(5.0, 2.8))
    ax.bar(distances, counts, color=SAMPLED_COLOR, edgecolor=MAIN_COLOR, linewidth=0.6, width=0.8)
    far = int(distances.max())
    ax.annotate(
        _("{count:,} at {distance}").format(count=histogram[far], distance=far),
        (far, histogram[far]),
        textcoords="offset points",
        xytext=(-10, 12),
        ha="right",
        fontsize=8,
        arrowprops={"arrowstyle": "->", "lw": 0.8},
    )
    ax.set_xlabel(_("optimal distance from the goal (moves)"))
    ax.set_ylabel(_("positions"))
    ax.set_title(
        title
        or _("{count:,} positions, mean distance {mean:.2f}").format(
            count=int(counts.sum()), mean=float((distances * counts).sum() / counts.sum())
        )
    )
    return ax
