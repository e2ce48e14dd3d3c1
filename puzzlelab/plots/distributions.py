"""Pictures of shuffle distributions: permutation frequencies against the uniform level, exact
probabilities beside sampled ones, and the item-by-position probability matrix as a heat map.

Inputs are plain arrays, or any object with a ``probabilities()`` method (such as
:class:`puzzlelab.distributions.Distribution`), so the pictures do not depend on how they were computed.

>>> import numpy as np
>>> ax = draw_permutation_histogram(np.array([2, 1, 1, 1, 1, 0]) / 6)
>>> ax.get_ylabel()
'probability'
"""

from __future__ import annotations

from collections.abc import Iterable
from math import factorial
from typing import Protocol, SupportsFloat, runtime_checkable

import numpy as np
from matplotlib.axes import Axes
from matplotlib.colorbar import Colorbar
from matplotlib.image import AxesImage
from numpy.typing import ArrayLike, NDArray

from ..colors import SAMPLED_COLOR, UNIFORM_COLOR
from ..i18n import gettext as _
from ..perm import unrank
from .style import new_axes

__all__ = [
    "add_colorbar",
    "as_probabilities",
    "bar_steps",
    "color_spread",
    "draw_permutation_histogram",
    "draw_position_matrix",
    "permutation_labels",
]

_LABELLED_UP_TO = 24  # label every bar with its permutation when there are at most this many
_BARS_UP_TO = 720  # beyond this many permutations, draw lines instead of filled bars
BAR_WIDTH = 0.8  #: bars are narrower than their slot, so that equal neighbours stay separate
#: the colour scale of a position matrix spans at least this fraction of 1/n either side of it
MIN_RELATIVE_SPREAD = 0.1


@runtime_checkable
class HasProbabilities(Protocol):
    """A distribution object (such as :class:`puzzlelab.distributions.Distribution`): the
    probability of every permutation by rank."""

    def probabilities(self) -> Iterable[SupportsFloat]: ...


@runtime_checkable
class HasPositionMatrix(Protocol):
    """A distribution object that knows its item-by-position probability matrix."""

    def position_matrix(self) -> ArrayLike: ...


#: what the histogram accepts: a distribution object, or probabilities or counts (any numbers)
ProbabilitiesLike = HasProbabilities | Iterable[SupportsFloat]


def as_probabilities(values: ProbabilitiesLike) -> NDArray[np.float64]:
    """A float array of probabilities from a distribution object, probabilities or counts."""
    numbers = values.probabilities() if isinstance(values, HasProbabilities) else values
    array = np.asarray(
        [float(v) for v in numbers] if not isinstance(numbers, np.ndarray) else numbers, dtype=float
    )
    if array.ndim != 1 or array.size == 0:
        raise ValueError(
            f"expected a non-empty 1-d sequence of probabilities or counts, got shape {array.shape}"
        )
    if np.any(array < 0) or not np.all(np.isfinite(array)):
        raise ValueError("probabilities and counts must be finite and non-negative")
    total = float(array.sum())
    if total <= 0:
        raise ValueError("all counts are zero: nothing to draw")
    return array / total


def _items(size: int) -> int:
    n = 0
    while factorial(n) < size:
        n += 1
    if factorial(n) != size:
        raise ValueError(f"{size} values is not n! for any n: index them by puzzlelab.perm.rank")
    return n


def permutation_labels(n: int) -> list[str]:
    """Each permutation of ``0..n-1`` as a short string, in rank order: ``['012', '021', ...]``."""
    sep = "" if n <= 10 else " "
    return [sep.join(map(str, unrank(r, n))) for r in range(factorial(n))]


def bar_steps(
    values: ArrayLike, *, width: float = BAR_WIDTH
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """``(heights, edges)`` for ``Axes.stairs`` drawing one bar of ``width`` per value, centred on
    0, 1, 2, ... with a gap of height 0 between neighbours: equal neighbouring bars stay two bars.

    >>> heights, edges = bar_steps([0.5, 0.5])
    >>> heights.tolist(), edges.tolist()
    ([0.5, 0.0, 0.5], [-0.4, 0.4, 0.6, 1.4])
    """
    values = np.asarray(values, dtype=float)
    heights = np.zeros(max(2 * values.size - 1, 0))
    heights[::2] = values
    centres = np.arange(values.size, dtype=float)
    edges = np.column_stack([centres - width / 2, centres + width / 2]).ravel()
    return heights, edges


def draw_permutation_histogram(
    sampled: ProbabilitiesLike | None = None,
    *,
    exact: ProbabilitiesLike | None = None,
    ax: Axes | None = None,
    title: str | None = None,
) -> Axes:
    """Probability of each permutation (x = its rank), with the uniform level ``1/n!``.

    ``sampled`` are frequencies or counts from samples (filled bars), ``exact`` the exact
    probabilities (black outline); give either or both, each indexed by
    :func:`puzzlelab.perm.rank`. With at most 24 permutations each bar is labelled. Up to 720
    permutations each is a separate bar (a gap between neighbours, see :func:`bar_steps`), so two
    equal neighbouring bars are never drawn as one block.
    """
    if sampled is None and exact is None:
        raise ValueError("give sampled frequencies, exact probabilities, or both")
    series = {
        name: as_probabilities(v) for name, v in (("sampled", sampled), ("exact", exact)) if v is not None
    }
    sizes = {len(v) for v in series.values()}
    if len(sizes) != 1:
        raise ValueError(f"sampled and exact have different lengths {sorted(sizes)}")
    size = sizes.pop()
    n = _items(size)
    ax = new_axes(ax, figsize=(6.0, 3.0))
    if size <= _BARS_UP_TO:
        if "sampled" in series:
            ax.stairs(*bar_steps(series["sampled"]), fill=True, color=SAMPLED_COLOR, label=_("sampled"))
        if "exact" in series:
            ax.stairs(*bar_steps(series["exact"]), color="black", linewidth=1.2, label=_("exact"))
    else:  # hundreds of thousands of bars: thin lines draw in a fraction of the time
        ranks = np.arange(size)
        if "sampled" in series:
            ax.plot(ranks, series["sampled"], color=SAMPLED_COLOR, linewidth=0.4, label=_("sampled"))
        if "exact" in series:
            ax.plot(ranks, series["exact"], color="black", linewidth=0.4, label=_("exact"))
    ax.axhline(
        1 / size,
        color=UNIFORM_COLOR,
        linestyle="--",
        linewidth=1,
        label=_("uniform 1/{size}").format(size=size),
    )
    ax.set_xlim(-0.5, size - 0.5)
    ax.set_ylim(0, max(v.max() for v in series.values()) * 1.15)
    ax.set_xlabel(_("permutation of {n} items (by rank)").format(n=n))
    ax.set_ylabel(_("probability"))
    if size <= _LABELLED_UP_TO:
        ax.set_xticks(range(size), permutation_labels(n), rotation=90, fontsize=7, family="monospace")
    ax.legend(loc="upper right", fontsize=7)
    if title is not None:
        ax.set_title(title)
    return ax


def color_spread(matrix: ArrayLike) -> float:
    """How far either side of the uniform ``1/n`` the colour scale of ``matrix`` reaches: its
    largest deviation, but at least ``MIN_RELATIVE_SPREAD / n`` (an exactly uniform matrix then
    gets a readable scale, all white, instead of one a billionth wide)."""
    matrix = np.asarray(matrix, dtype=float)
    n: int = matrix.shape[0]
    uniform = 1 / n
    return max(float(np.abs(matrix - uniform).max()), MIN_RELATIVE_SPREAD * uniform)


def add_colorbar(
    image: AxesImage, *, ax: Axes | None = None, cax: Axes | None = None, shrink: float = 0.8
) -> Colorbar:
    """A colour bar for a position matrix: three ticks (low, ``1/n``, high) in plain decimals,
    with no offset or scale label that could land on a title."""
    from matplotlib.ticker import FixedLocator, FormatStrFormatter

    low, high = image.get_clim()
    figure = image.axes.figure
    if cax is None:
        bar = figure.colorbar(image, ax=ax if ax is not None else image.axes, shrink=shrink)
    else:
        bar = figure.colorbar(image, cax=cax)
    bar.locator = FixedLocator([low, (low + high) / 2, high])
    bar.formatter = FormatStrFormatter("%.3f")
    bar.update_ticks()
    bar.set_label(_("probability (white: 1/n)"), fontsize=8)
    bar.ax.tick_params(labelsize=7)
    return bar


def draw_position_matrix(
    matrix: HasPositionMatrix | ArrayLike,
    *,
    ax: Axes | None = None,
    annotate: bool | None = None,
    colorbar: bool = True,
    title: str | None = None,
) -> Axes:
    """Heat map of ``P[item, position]``; white is the uniform ``1/n``, red more likely, blue less
    (ColorBrewer's RdBu, readable with the common colour-vision deficiencies).

    ``annotate`` writes each probability in its cell (default: when n <= 6). The colour scale is
    centred on ``1/n`` and reaches at least 10% of it either side (:func:`color_spread`); the
    colour bar has three plain ticks (:func:`add_colorbar`).

    >>> ax = draw_position_matrix(np.full((3, 3), 1 / 3))
    >>> ax.get_xlabel(), ax.get_ylabel()
    ('position', 'item')
    """
    if isinstance(matrix, HasPositionMatrix):
        matrix = matrix.position_matrix()
    matrix = np.asarray(matrix, dtype=float)
    if matrix.ndim != 2 or matrix.shape[0] != matrix.shape[1] or matrix.shape[0] == 0:
        raise ValueError(f"expected a square n x n matrix, got shape {matrix.shape}")
    n = matrix.shape[0]
    ax = new_axes(ax, figsize=(3.6, 3.2))
    uniform = 1 / n
    spread = color_spread(matrix)
    image = ax.imshow(matrix, cmap="RdBu_r", vmin=uniform - spread, vmax=uniform + spread)
    if annotate if annotate is not None else n <= 6:
        for (i, j), p in np.ndenumerate(matrix):
            ax.text(j, i, f"{p:.2f}", ha="center", va="center", fontsize=7)
    ax.set_xticks(range(n))
    ax.set_yticks(range(n))
    ax.set_xlabel(_("position"))
    ax.set_ylabel(_("item"))
    if colorbar:
        add_colorbar(image, ax=ax)
    if title is not None:
        ax.set_title(title)
    return ax
