"""The shuffle lab: pick a shuffle, a size, exact or sampled, and see its bias.

The histogram of permutation probabilities (against the uniform level), the
item-by-position matrix, the max/min ratio and the distance from uniform all update.

>>> lab = ShuffleLab("naive_swap", n=3, mode="exact")
>>> lab.ratio.value
'max/min ratio: exact 5/4 = 1.250'
"""

from __future__ import annotations

from fractions import Fraction

import ipywidgets as widgets
import numpy as np
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import StepPatch

from .._validate import choice, random_generator, whole
from ..plots._common import figure_png
from ..plots.distributions import (
    add_colorbar,
    bar_steps,
    color_spread,
    draw_permutation_histogram,
    draw_position_matrix,
)
from ._base import Blitter, View, error_line, png_image, set_title

__all__ = ["SAMPLE_SIZES", "SIZES", "ShuffleLab"]

#: (label, (n, board shape or None)); a shuffle that slides tiles (``Shuffle.shape_option``, the
#: random walk) needs a board shape
SIZES = (
    ("3 items", (3, None)),
    ("2x2 board (4)", (4, (2, 2))),
    ("5 items", (5, None)),
    ("2x3 board (6)", (6, (2, 3))),
    ("7 items", (7, None)),
    ("2x4 board (8)", (8, (2, 4))),
    ("3x3 board (9)", (9, (3, 3))),
)
SAMPLE_SIZES = (1_000, 10_000, 100_000, 1_000_000)
MODES = ("exact", "sampled", "both")
#: exact distributions that take more than a second or so here: computed only on request
#: the longest random walk the slider offers (exact walks cost time in proportion to it)
MAX_STEPS = 200
SLOW_EXACT = {("naive_swap", 9), ("random_walk", 9), ("sort_shuffle", 8), ("sort_shuffle", 9)}


def _ratio_text(ratio: Fraction) -> str:
    if ratio.denominator == 1:
        return str(ratio)
    if len(str(ratio)) > 12:  # a fraction with huge terms says less than its value
        return f"= {float(ratio):.3f}"
    return f"{ratio.numerator}/{ratio.denominator} = {float(ratio):.3f}"


class ShuffleLab(View):
    """Compare shuffles by their exact or sampled distributions over permutations.

    Controls: ``algorithm``, ``size`` (value ``(n, shape)``), ``mode`` ("exact", "sampled",
    "both"), ``samples``, ``steps`` (the walk's length, for a shuffle that declares a ``steps``
    option: enabled only then), ``resample_button``; read-outs
    ``ratio``, ``distance``, ``support``, ``histogram`` and ``matrix`` (PNG images), ``error``.

    Arguments are checked at once (``TypeError`` for a wrong type, ``ValueError`` for a value
    not offered, before anything is built); the controls never raise: their messages go to the
    error line, and the numbers shown are always those of the current controls (cleared when the
    controls ask for something impossible, such as a random walk on loose items).

    Each shuffle's options come from its entry in :data:`puzzlelab.shuffles.SHUFFLES` (the names
    it declares, whether it needs the board's shape, and the checks and defaults of its
    ``check_options``): the lab only maps option names to its controls.
    """

    def __init__(
        self,
        algorithm: str = "naive_swap",
        n: int = 4,
        *,
        mode: str = "both",
        samples: int = 10_000,
        steps: int = 30,
        rng=0,
    ):
        from ..shuffles import SHUFFLES

        algorithm = choice("algorithm", algorithm, SHUFFLES)
        sizes = {value[0]: value for _, value in SIZES}
        n = whole("n", n)
        if n not in sizes:
            raise ValueError(f"n must be one of {sorted(sizes)} (boards up to 9 cells), got {n!r}")
        mode = choice("mode", mode, MODES)
        samples = whole("samples", samples)
        if samples not in SAMPLE_SIZES:
            raise ValueError(f"samples must be one of {SAMPLE_SIZES}, got {samples!r}")
        steps = whole("steps", steps, low=0, high=MAX_STEPS)
        self._rng = random_generator("rng", rng)
        self._exact_cache: dict[tuple, object] = {}
        self.algorithm = widgets.Dropdown(options=list(SHUFFLES), value=algorithm, description="shuffle")
        self.size = widgets.Dropdown(options=list(SIZES), value=sizes[n], description="size")
        self.mode = widgets.ToggleButtons(options=MODES, value=mode)
        self.samples = widgets.Dropdown(
            options=[(f"{s:,}", s) for s in SAMPLE_SIZES], value=samples, description="samples"
        )
        self.steps = widgets.IntSlider(
            value=steps, min=0, max=MAX_STEPS, description="walk steps", continuous_update=False
        )
        #: the control that sets each option a shuffle may declare (besides the board's shape)
        self._option_controls = {"steps": self.steps}
        self.resample_button = widgets.Button(description="new samples", icon="random")
        self.exact_button = widgets.Button(
            description="compute exact",
            icon="calculator",
            tooltip="exact distributions of 9 cells can take a while",
        )
        self.ratio = widgets.Label()
        self.ratio.add_class("puzzlelab-ratio")
        self.distance = widgets.Label()
        self.distance.add_class("puzzlelab-tv-distance")
        self.support = widgets.Label()
        self.histogram = png_image("puzzlelab-histogram", width=520)
        self.matrix = png_image("puzzlelab-bias-matrix", width=300)
        self.error = error_line()
        self._hist_figure = Figure(figsize=(6.5, 3.2), dpi=72)
        self._hist_blit = Blitter(self._hist_figure)
        self._hist_axes = self._hist_figure.add_axes((0.1, 0.27, 0.88, 0.63))
        self._matrix_figure = Figure(figsize=(3.6, 3.2), dpi=72)
        self._matrix_blit = Blitter(self._matrix_figure)
        self._matrix_axes = self._matrix_figure.add_axes((0.14, 0.14, 0.62, 0.74))
        self._colorbar_axes = self._matrix_figure.add_axes((0.8, 0.14, 0.04, 0.74))
        for control in (self.algorithm, self.size, self.mode, self.samples, self.steps):
            control.observe(self._on(self.update), names="value")
        self.resample_button.on_click(self._on(self.update))
        self.exact_button.on_click(self._on(self.compute_exact))
        self._compose(
            [
                widgets.HBox([self.algorithm, self.size, self.mode]),
                widgets.HBox([self.samples, self.steps, self.resample_button, self.exact_button]),
                widgets.HBox(
                    [self.ratio, self.distance, self.support], layout=widgets.Layout(grid_gap="20px")
                ),
                widgets.HBox([self.histogram, self.matrix]),
            ],
            "puzzlelab-shuffle-lab",
        )
        self.exact_distribution = self.sampled_distribution = None
        self._layout: tuple | None = None
        self._guarded(self.update)

    # -- computing ----------------------------------------------------------------------------
    def _options(self) -> dict:
        """The current shuffle's options, read from the controls it declares and checked by it."""
        from ..shuffles import SHUFFLES

        spec = SHUFFLES[self.algorithm.value]
        n, shape = self.size.value
        for name, control in self._option_controls.items():
            control.disabled = name not in spec.option_names
        options = {name: self._option_controls[name].value
                   for name in spec.option_names if name in self._option_controls}  # fmt: skip
        if spec.shape_option:
            if shape is None:
                raise ValueError(f"the {spec.name} shuffle slides tiles on a board: choose a board size, "
                                 f"not {n} items")  # fmt: skip
            options["shape"] = shape
        return spec.check_options(n, options)

    def _exact_key(self) -> tuple:
        n, _ = self.size.value
        return (self.algorithm.value, n, tuple(sorted(self._options().items())))

    def _exact(self, *, force: bool = False):
        """The exact distribution, or None when it is slow and was not asked for."""
        from ..distributions import exact

        key = self._exact_key()
        if key not in self._exact_cache:
            if (key[0], key[1]) in SLOW_EXACT and not force:
                return None
            self._exact_cache[key] = exact(key[0], key[1], **dict(key[2]))
        return self._exact_cache[key]

    def compute_exact(self) -> None:
        """Compute the exact distribution even when it is slow (9 cells: seconds to half a minute)."""
        self._exact(force=True)
        self.update()

    def _sampled(self):
        from ..distributions import from_samples
        from ..shuffles import sample

        n, _ = self.size.value
        perms = sample(self.algorithm.value, n, self.samples.value, self._rng, **self._options())
        return from_samples(perms.astype(np.int64))

    def update(self) -> None:
        """Recompute for the current controls and redraw (what every control does).

        The numbers and pictures of the previous controls are cleared first, so a failure (shown
        on the error line) never leaves them under the new controls' label."""
        self.exact_distribution = self.sampled_distribution = None
        self.ratio.value = self.distance.value = self.support.value = ""
        self.exact_button.disabled = True
        try:
            mode = self.mode.value
            exact = self._exact() if mode in ("exact", "both") else None
            waiting = mode in ("exact", "both") and exact is None
            self.exact_button.disabled = not waiting
            sampled = self._sampled() if mode == "sampled" or mode == "both" or waiting else None
            self.exact_distribution, self.sampled_distribution = exact, sampled
            self._show_numbers(exact, sampled)
            self._draw(exact, sampled)
        except Exception:
            self.exact_distribution = self.sampled_distribution = None
            self.ratio.value = self.distance.value = self.support.value = ""
            self._draw_message()
            raise

    # -- showing --------------------------------------------------------------------------------
    def _show_numbers(self, exact, sampled) -> None:
        ratio, tv, support = [], [], []
        if exact is not None:
            ratio.append(f"exact {_ratio_text(exact.max_min_ratio())}")
            tv.append(f"exact {exact.tv_distance():.4f}")
            support.append(f"exact {exact.support_size:,}")
        if sampled is not None:
            ratio.append(f"sampled {float(sampled.max_min_ratio()):.3f}")
            tv.append(f"sampled {sampled.tv_distance():.4f}")
            support.append(f"sampled {sampled.support_size:,}")
        if exact is None and self.mode.value != "sampled":
            ratio.insert(0, "exact: press 'compute exact' (slow)")
        n = self.size.value[0]
        self.ratio.value = "max/min ratio: " + ", ".join(ratio)
        self.distance.value = "distance from uniform (TV): " + ", ".join(tv)
        from math import factorial

        self.support.value = f"permutations seen of {factorial(n):,}: " + ", ".join(support)

    def _draw(self, exact, sampled) -> None:
        """Redraw everything when the size, mode or data range changes; otherwise move the bars,
        the heat map and the numbers over a saved background (see :class:`Blitter`)."""
        layout = (self.size.value[0], exact is None, sampled is None)
        if layout != self._layout or not self._fits(exact, sampled):
            self._redraw(exact, sampled)
            self._layout = layout
            self._hist_blit.reset()
            self._matrix_blit.reset()
        else:
            self._redraw_in_place(exact, sampled)
        ax, max_ax = self._hist_axes, self._matrix_axes
        shown = [a for a in (*ax.patches, *ax.lines) if a.get_label() in ("sampled", "exact")]
        uniform = [a for a in ax.lines if str(a.get_label()).startswith("uniform")]  # stays above the bars
        self.histogram.value = self._hist_blit.png([*shown, *uniform, ax.title])
        self.matrix.value = self._matrix_blit.png([*max_ax.images, *max_ax.texts, max_ax.title])

    def _fits(self, exact, sampled) -> bool:
        heights = max(d.probabilities().max() for d in (exact, sampled) if d is not None)
        matrix = (exact if exact is not None else sampled).position_matrix()
        spread = float(np.abs(matrix - 1 / matrix.shape[0]).max())
        return heights <= self._hist_axes.get_ylim()[1] and spread <= self._spread

    def _redraw(self, exact, sampled) -> None:
        self._hist_axes.clear()
        draw_permutation_histogram(sampled, exact=exact, ax=self._hist_axes, title=self.algorithm.value)
        self._hist_axes.set_ylim(0, self._hist_axes.get_ylim()[1] * 1.25)  # room for the next samples
        self._matrix_axes.clear()
        self._colorbar_axes.clear()
        source = exact if exact is not None else sampled
        matrix = source.position_matrix()
        n = matrix.shape[0]
        spread = color_spread(matrix)
        self._spread = min(spread * 1.25, max(spread, 1 / n))  # room for new samples, no p < 0
        ax = draw_position_matrix(matrix, ax=self._matrix_axes, colorbar=False, title="P[item, position]")
        ax.images[0].set_clim(1 / n - self._spread, 1 / n + self._spread)
        self._colorbar_axes.set_axis_on()
        add_colorbar(ax.images[0], cax=self._colorbar_axes)
        set_title(self._hist_axes, self.algorithm.value)
        set_title(ax, "P[item, position]")

    def _redraw_in_place(self, exact, sampled) -> None:
        """Same size, mode and range as last time: move the existing artists."""
        ax = self._hist_axes
        shown = [a for a in (*ax.patches, *ax.lines) if a.get_label() in ("sampled", "exact")]
        heights = [d.probabilities() for d in (sampled, exact) if d is not None]
        for artist, values in zip(shown, heights, strict=True):
            if isinstance(artist, Line2D):
                artist.set_ydata(values)  # many permutations: drawn as a line
            elif isinstance(artist, StepPatch):
                artist.set_data(*bar_steps(values))  # one separate bar per permutation
        set_title(ax, self.algorithm.value)
        matrix = (exact if exact is not None else sampled).position_matrix()
        self._matrix_axes.images[0].set_data(matrix)
        for text, p in zip(self._matrix_axes.texts, matrix.ravel(), strict=False):
            text.set_text(f"{p:.2f}")

    def _draw_message(self) -> None:
        self._layout = None  # the next good update redraws everything
        self._colorbar_axes.clear()
        self._colorbar_axes.set_axis_off()
        for ax in (self._hist_axes, self._matrix_axes):
            ax.clear()
            ax.text(0.5, 0.5, "nothing to show: see the message below", ha="center", transform=ax.transAxes)
        self.histogram.value = figure_png(self._hist_figure)
        self.matrix.value = figure_png(self._matrix_figure)

    def static_figure(self) -> Figure:
        figure = Figure(figsize=(9.5, 3.2), layout="constrained")
        left, right = figure.subplots(1, 2, width_ratios=[2.2, 1])
        exact, sampled = self.exact_distribution, self.sampled_distribution
        if exact is None and sampled is None:
            left.text(
                0.5, 0.5, self.error_message or "nothing computed", ha="center", transform=left.transAxes
            )
            return figure
        draw_permutation_histogram(sampled, exact=exact, ax=left, title=self.algorithm.value)
        draw_position_matrix(exact if exact is not None else sampled, ax=right, title="P[item, position]")
        return figure

    def summary(self) -> str:
        label = {v: k for k, v in SIZES}[self.size.value]
        numbers = f"{self.ratio.value}; {self.distance.value}" if self.ratio.value else "nothing computed"
        return f"ShuffleLab {self.algorithm.value}, {label}, {self.mode.value}: {numbers}"
