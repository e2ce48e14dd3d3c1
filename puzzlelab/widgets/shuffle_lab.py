"""The shuffle lab: pick a shuffle, a size, exact or sampled, and watch its bias appear.

A live widget in the spirit of Mike Bostock's "Will It Shuffle?": the kernel samples the shuffle
in seeded batches with :func:`puzzlelab.sampling.sample` and sends each batch's counts as compact
bytes (how often each permutation came out, and the item-by-cell count matrix); the browser adds
them up and redraws the histogram over permutations and the bias matrix as they arrive, with the
exact probabilities (:func:`puzzlelab.distributions.exact`) drawn as reference marks from the
first frame. The module that draws is ``js/shuffle_lab.js``.

Who drives the batches: the browser. Once a view has drawn a batch it waits about
``BATCH_INTERVAL_MS`` and asks for the next one (a custom message ``{"kind": "next", "run": r,
"batch": k}``); each answer costs the kernel one small batch, so the kernel is never blocked
for long, nothing runs in the background, and it works alike in JupyterLab, Notebook 7 and
Voila. Without a browser (tests, nbconvert), :meth:`ShuffleLab.sample_all` draws every batch
that is left; the display (``_repr_mimebundle_``) calls it, so the static picture and the text
show the whole run; a browser view still receives the run batch by batch.

The batch format (little-endian; each section padded to a multiple of 4 bytes): a header of six
``uint32`` ``[version, flags, n, samples, entries, batch]`` (flags: 1 sparse, 2 running total,
4 sparse ranks as ``uint16`` gaps from the previous rank, 8 or 16 counts as ``uint16`` or
``uint8`` instead of ``uint32``), then the permutation counts (dense: ``n!`` counts by rank;
sparse: ``entries`` ranks, or gaps, then ``entries`` counts), then the ``n x n`` matrix of counts
``[item, cell]`` as ``uint32``. ``batch`` is the batch's index, or for a running total the
number of batches it adds up.

>>> lab = ShuffleLab("naive_swap", n=3, mode="exact")
>>> lab.ratio
'max/min ratio: exact 5/4 = 1.250'
>>> lab.algorithm = "fisher_yates"
>>> lab.ratio, lab.distance
('max/min ratio: exact 1', 'distance from uniform (TV): exact 0.0000')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import factorial
from typing import TYPE_CHECKING, Any, TypeAlias

import numpy as np
import traitlets

from .._validate import choice, random_generator, whole
from ..i18n import N_, get_language
from ..i18n import gettext as _
from ._live import LiveView, js_module, live_only, state_json
from ._names import SHUFFLE_KEYS, display_name

if TYPE_CHECKING:  # the distributions are imported when a run needs them, matplotlib for a picture
    from matplotlib.figure import Figure

    from ..distributions import Distribution

__all__ = ["BATCHES", "SAMPLE_SIZES", "SIZES", "ShuffleLab", "batch_plan", "decode_batch", "encode_batch"]

#: (label, (n, board shape or None)); a shuffle that slides tiles (``Shuffle.shape_option``, the
#: random walk) needs a board shape
SIZES = (
    (N_("3 items"), (3, None)),
    (N_("2x2 board (4)"), (4, (2, 2))),
    (N_("5 items"), (5, None)),
    (N_("2x3 board (6)"), (6, (2, 3))),
    (N_("7 items"), (7, None)),
    (N_("2x4 board (8)"), (8, (2, 4))),
    (N_("3x3 board (9)"), (9, (3, 3))),
)
_SIZE_OF_N = {value[0]: value for _, value in SIZES}
_LABEL_OF_N = {value[0]: label for label, value in SIZES}
SAMPLE_SIZES = (1_000, 10_000, 100_000, 1_000_000)
MODES = (N_("exact"), N_("sampled"), N_("both"))  #: the mode trait's values (English; shown translated)
#: the words js/shuffle_lab.js draws, looked up there in ``_labels`` (the catalogue's translations)
LABELS = (
    *MODES,
    N_("shuffle lab: histogram of a shuffle's permutations and its bias matrix"),
    N_("shuffle"),
    N_("size"),
    N_("samples"),
    N_("walk steps"),
    N_("new samples"),
    N_("compute exact"),
    N_("exact distributions of 9 cells can take a while"),
    N_("mode"),
    N_("samples drawn"),
    N_("exact (marks)"),
    N_("samples: {drawn} of {total} (batch {batch} of {batches})"),
    N_("exact only: no samples"),
    N_("{algorithm}, {label}: probability of each of the {count} permutations"),
    N_("nothing to show: see the message below"),
    N_("probability"),
    N_("permutation of {n} items (by rank)"),
    N_("fair 1/{count}"),
    N_("histogram of {count} permutations; {ratio}"),
    N_("rank {rank}: {permutation}"),
    N_("sampled {p} ({count} of {drawn})"),
    N_("exact {p}"),
    N_("sampled {p}"),
    N_("{low} to {high}"),
    N_("ranks {low} to {high}"),
    N_("cell"),
    N_("item"),
    N_("item {item} in cell {cell}"),
    N_("fair {p}"),
    N_("bias matrix: probability that item i ends in cell j, {kind}"),
    N_("P[item, cell], {kind}"),
    N_("{p} less often"),
    N_("{p} more often; white: fair 1/{n}"),
    # the shuffle menu's values are the identifiers; it shows t(identifier with spaces)
    *SHUFFLE_KEYS,
)
#: the longest random walk the slider offers (exact walks cost time in proportion to it)
MAX_STEPS = 200
#: exact distributions that take more than a second or so here: computed only on request
SLOW_EXACT = {("naive_swap", 9), ("random_walk", 9), ("sort_shuffle", 8), ("sort_shuffle", 9)}
#: an exact distribution's cache key: the shuffle, n, and its options as sorted (name, value) pairs
_ExactKey: TypeAlias = tuple[str, int, tuple[tuple[str, Any], ...]]
#: a run arrives in (at most) this many batches, each about GROWTH times the one before: the
#: first batches are small, so the noisy start is visible, and the run still ends in ~2 seconds
BATCHES = 30
GROWTH = 1.15
#: the pause the browser makes after drawing a batch before it asks for the next (js module)
BATCH_INTERVAL_MS = 60
FORMAT_VERSION = 2
#: flags of a batch message: sparse counts, a running total, sparse ranks as 2-byte gaps, and the
#: bytes per count (4 unless one of the two width flags says 2 or 1)
SPARSE, RUNNING_TOTAL, GAPS16, COUNTS16, COUNTS8 = 1, 2, 4, 8, 16
_WIDTH_FLAGS = {4: 0, 2: COUNTS16, 1: COUNTS8}
_WIDTH_MASK = COUNTS16 | COUNTS8
_COUNT_TYPES = {1: "<u1", 2: "<u2", 4: "<u4"}
_HEADER_WORDS = 6


# -- the batches: their sizes and their bytes ------------------------------------------------
def batch_plan(samples: int, batches: int = BATCHES) -> list[int]:
    """The sizes of the batches of a run of ``samples`` shuffles: at most ``batches`` of them,
    each at least 1, growing about ``GROWTH`` times from one to the next, adding up to ``samples``.

    >>> plan = batch_plan(10_000)
    >>> len(plan), sum(plan), plan[0], plan[-1]
    (30, 10000, 23, 1322)
    """
    samples = whole("samples", samples, low=0)
    batches = whole("batches", batches, low=1)
    count = min(batches, samples)
    if count == 0:
        return []
    weights = GROWTH ** np.arange(count)
    rest = samples - count  # one each first, the rest shared out in proportion to the weights
    ends = np.floor(np.cumsum(weights) / weights.sum() * rest + 1e-9).astype(np.int64)
    ends[-1] = rest
    return [int(size) + 1 for size in np.diff(ends, prepend=0)]


def _count_bytes(largest: int) -> int:
    """Bytes per count: 1, 2 or 4, the fewest that hold ``largest``."""
    return 1 if largest < 2**8 else 2 if largest < 2**16 else 4


def _padded(array: np.ndarray) -> bytes:
    """The array's bytes, padded with zeros to a multiple of 4 (each section starts aligned)."""
    data = array.tobytes()
    return data + b"\0" * (-len(data) % 4)


def encode_batch(counts: np.ndarray, matrix: np.ndarray, *, samples: int, batch: int,
                 running_total: bool = False) -> bytes:  # fmt: skip
    """One message's bytes: permutation counts by rank, dense or sparse (whichever is smaller),
    each count in 1, 2 or 4 bytes, sparse ranks as 2-byte gaps when they fit, then the ``n x n``
    count matrix ``[item, cell]`` (see the module's docstring)."""
    n = matrix.shape[0]
    seen = np.flatnonzero(counts)
    width = _count_bytes(int(counts.max()) if len(counts) else 0)
    gaps = np.diff(seen, prepend=0)
    short_gaps = len(seen) == 0 or int(gaps.max()) < 2**16
    sparse = len(seen) * ((2 if short_gaps else 4) + width) < len(counts) * width
    flags = (SPARSE if sparse else 0) | (RUNNING_TOTAL if running_total else 0) | _WIDTH_FLAGS[width]
    if sparse and short_gaps:
        flags |= GAPS16
    entries = len(seen) if sparse else len(counts)
    parts = [np.array([FORMAT_VERSION, flags, n, samples, entries, batch], dtype="<u4")]
    if sparse:
        parts.append(gaps.astype("<u2") if short_gaps else seen.astype("<u4"))
    parts.append((counts[seen] if sparse else counts).astype(_COUNT_TYPES[width]))
    parts.append(matrix.reshape(-1).astype("<u4"))
    return b"".join(_padded(part) for part in parts)


def decode_batch(data: bytes) -> dict[str, Any]:
    """The Python reading of :func:`encode_batch`'s bytes (the module's ``decodeBatch`` in JS):
    ``{"n", "samples", "batch", "running_total", "counts" (dense, by rank), "matrix"}``."""
    version, flags, n, samples, entries, batch = (int(w) for w in np.frombuffer(data, "<u4", _HEADER_WORDS))
    if version != FORMAT_VERSION:
        raise ValueError(f"unknown batch format {version}")
    offset = 4 * _HEADER_WORDS

    def section(dtype: str, count: int) -> np.ndarray:
        nonlocal offset
        size = np.dtype(dtype).itemsize * count
        values = np.frombuffer(data, dtype, count, offset) if count else np.zeros(0, dtype)
        offset += -(-size // 4) * 4
        return values.astype(np.int64)

    width = next(w for w, flag in _WIDTH_FLAGS.items() if flags & _WIDTH_MASK == flag)
    counts = np.zeros(factorial(n), dtype=np.int64)
    if flags & SPARSE:
        ranks = np.cumsum(section("<u2", entries)) if flags & GAPS16 else section("<u4", entries)
        counts[ranks] = section(_COUNT_TYPES[width], entries)
    else:
        counts[:] = section(_COUNT_TYPES[width], entries)
    matrix = section("<u4", n * n).reshape(n, n)
    return {"n": n, "samples": samples, "batch": batch, "running_total": bool(flags & RUNNING_TOTAL),
            "counts": counts, "matrix": matrix}  # fmt: skip


@dataclass(frozen=True)
class _Batch:
    ranks: np.ndarray  #: the rank of each shuffle drawn (int64)
    matrix: np.ndarray  #: ``[item, cell]``: how many shuffles put ``item`` in ``cell``


def _ratio_text(ratio: Fraction) -> str:
    if ratio.denominator == 1:
        return str(ratio)
    if len(str(ratio)) > 12:  # a fraction with huge terms says less than its value
        return f"= {float(ratio):.3f}"
    return f"{ratio.numerator}/{ratio.denominator} = {float(ratio):.3f}"


def _check_n(value: object) -> int:
    n = whole("n", value)
    if n not in _SIZE_OF_N:
        raise ValueError(f"n must be one of {sorted(_SIZE_OF_N)} (boards up to 9 cells), got {n!r}")
    return n


def _check_samples(value: object) -> int:
    samples = whole("samples", value)
    if samples not in SAMPLE_SIZES:
        raise ValueError(f"samples must be one of {SAMPLE_SIZES}, got {samples!r}")
    return samples


def _check_algorithm(value: object) -> str:
    from ..shuffles import SHUFFLES

    return choice("algorithm", value, SHUFFLES)


_CONTROL_CHECKS: dict[str, Callable[[object], str | int]] = {
    "algorithm": _check_algorithm,
    "n": _check_n,
    "mode": lambda value: choice("mode", value, MODES),
    "samples": _check_samples,
    "steps": lambda value: whole("steps", value, low=0, high=MAX_STEPS),
}


class _Control(traitlets.Any):
    """A control's trait: any value reaches the lab's check (None too), which refuses what is not offered."""

    allow_none = False


class ShuffleLab(LiveView):
    """Compare shuffles by their exact or sampled distributions over permutations, live.

    Controls (traits the browser and code both set; each re-runs): ``algorithm`` (a key of
    :data:`puzzlelab.shuffles.SHUFFLES`), ``n`` (one of :data:`SIZES`; ``size`` gives
    ``(n, shape)``), ``mode`` ("exact", "sampled", "both"), ``samples`` (one of
    :data:`SAMPLE_SIZES`), ``steps`` (the walk's length, for a shuffle that declares a ``steps``
    option: ``steps_enabled`` then). Methods: :meth:`resample` (new samples),
    :meth:`compute_exact` (a slow exact distribution), :meth:`sample_all` (finish the run now).
    Read-outs: ``ratio``, ``distance``, ``support`` (text), ``exact_distribution``,
    ``sampled_distribution`` (the shuffles drawn so far), ``error``.

    Arguments are checked at once (``TypeError`` for a wrong type, ``ValueError`` for a value
    not offered, before anything is built); the controls never raise: a value that is not
    offered is refused (the control keeps its value, the message goes to the error line), and a
    setting that cannot be shown (a random walk on loose items) clears the numbers and says why.

    Each shuffle's options come from its entry in :data:`puzzlelab.shuffles.SHUFFLES` (the names
    it declares, whether it needs the board's shape, and the checks and defaults of its
    ``check_options``): the lab only maps option names to its controls.
    """

    _esm = js_module("shuffle_lab")
    LABELS = LABELS

    algorithm = _Control("naive_swap").tag(sync=True)
    n = _Control(4).tag(sync=True)
    mode = _Control("both").tag(sync=True)
    samples = _Control(10_000).tag(sync=True)
    steps = _Control(30).tag(sync=True)
    #: whether the current shuffle takes ``steps`` (the browser enables the slider)
    steps_enabled = traitlets.Bool(False).tag(sync=True)
    #: the exact distribution is slow here and was not asked for ('compute exact' is offered)
    exact_pending = traitlets.Bool(False).tag(sync=True)
    #: what the menus offer (sent once)
    _menus = traitlets.Unicode("").tag(sync=True)
    #: the current run: what it shows, its batches, the exact position matrix, the read-outs
    _setting = traitlets.Unicode("").tag(sync=True)
    #: exact probabilities by rank as little-endian float32 (empty when there are none)
    _exact = traitlets.Bytes(b"").tag(sync=True)

    def __init__(
        self,
        algorithm: str = "naive_swap",
        n: int = 4,
        *,
        mode: str = "both",
        samples: int = 10_000,
        steps: int = 30,
        rng: int | np.random.Generator | None = 0,
    ) -> None:
        given = {"algorithm": algorithm, "n": n, "mode": mode, "samples": samples, "steps": steps}
        checked = {name: _CONTROL_CHECKS[name](value) for name, value in given.items()}
        self._rng = random_generator("rng", rng)
        self._accepted = dict(checked)  #: each control's last accepted value
        self._exact_cache: dict[_ExactKey, Distribution] = {}
        #: the exact distribution's read-outs, the distribution and language they were written for
        self._exact_cache_texts: tuple[Distribution | None, tuple[tuple[str, ...], ...], str] = (None, (), "")
        self._run = 0
        self._ok = False
        self._reset_run(None, [], {})
        from ..shuffles import SHUFFLES

        menus = {"algorithms": list(SHUFFLES), "sizes": [[_(label), value[0]] for label, value in SIZES],
                 "modes": list(MODES), "samples": list(SAMPLE_SIZES), "max_steps": MAX_STEPS,
                 "interval_ms": BATCH_INTERVAL_MS}  # fmt: skip
        super().__init__(**checked, _menus=state_json(menus))
        self.observe(self._on_control, names=list(_CONTROL_CHECKS))
        self.on_msg(self._on_message)
        self._guarded(self.update)

    # -- the controls: refused values keep the control's value ------------------------------------
    @traitlets.validate(*_CONTROL_CHECKS)
    def _check_control(self, proposal: traitlets.Bunch) -> str | int:
        name = proposal["trait"].name
        try:
            value = _CONTROL_CHECKS[name](proposal["value"])
        except (TypeError, ValueError) as err:
            self.show_error(err)
            if self.comm is not None:  # the browser shows the refused value: show it the kept one
                self.send_state(key=name)
            return self._accepted[name]  # (the trait may already hold the refused value here)
        self._accepted[name] = value
        return value

    def set_state(self, sync_data: object) -> None:
        """From the browser, only the controls are taken (anything else it sends is refused and
        its own value sent back); each is checked as when code sets it."""
        sync_data = sync_data if isinstance(sync_data, dict) else {}
        ignored = [name for name in sync_data if name not in _CONTROL_CHECKS]
        super().set_state({name: value for name, value in sync_data.items() if name in _CONTROL_CHECKS})
        if ignored and self.comm is not None:
            self.send_state(key=[name for name in ignored if name in self.keys])

    def _controls(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in _CONTROL_CHECKS}

    def _on_control(self, _change: traitlets.Bunch) -> None:
        """A control changed: a new run, unless the controls are back to those of the current run
        (a refused value comes and goes within one change from the browser)."""
        if self._controls() != self._run_controls:
            self._guarded(self.update)

    @property
    def size(self) -> tuple[int, tuple[int, int] | None]:
        """``(n, board shape or None)``, one of the values of :data:`SIZES`."""
        return _SIZE_OF_N[self.n]

    @size.setter
    def size(self, value: tuple[int, tuple[int, int] | None]) -> None:
        if value in _SIZE_OF_N.values():
            self.n = value[0]
        else:
            self.show_error(f"size must be one of {[v for _, v in SIZES]}, got {value!r}")

    # -- computing ----------------------------------------------------------------------------
    def _options(self) -> dict[str, Any]:
        """The current shuffle's options, read from the controls it declares and checked by it."""
        from ..shuffles import SHUFFLES

        spec = SHUFFLES[self.algorithm]
        n, shape = self.size
        self.steps_enabled = "steps" in spec.option_names
        options = {name: getattr(self, name) for name in spec.option_names if name == "steps"}
        if spec.shape_option:
            if shape is None:
                raise ValueError(f"the {spec.name} shuffle slides tiles on a board: choose a board size, "
                                 f"not {n} items")  # fmt: skip
            options["shape"] = shape
        return spec.check_options(n, options)

    def _has_exact(self) -> bool:
        """Whether the library has an exact model of the current shuffle (a registered shuffle may not)."""
        from ..shuffles import SHUFFLES

        return getattr(SHUFFLES[self.algorithm], "exact", True) is not None

    def _exact_for(self, options: dict[str, Any], *, force: bool = False) -> Distribution | None:
        """The exact distribution, or None when it is slow and was not asked for."""
        from ..distributions import exact

        key: _ExactKey = (self.algorithm, self.n, tuple(sorted(options.items())))
        if key not in self._exact_cache:
            if (key[0], key[1]) in SLOW_EXACT and not force:
                return None
            self._exact_cache[key] = exact(key[0], key[1], **dict(key[2]))
        return self._exact_cache[key]

    def _reset_run(self, exact: Distribution | None, plan: list[int], options: dict[str, Any]) -> None:
        self._exact_distribution = exact
        self._plan, self._shuffle_options = plan, options
        self._batches: list[_Batch] = []
        self._sent = 0  # batches sent to the browser (in order)
        cells = factorial(self.n) if plan else 0
        self._counts = np.zeros(cells, dtype=np.int64)  # of every batch drawn
        self._sent_counts = np.zeros(cells, dtype=np.int64)  # of the batches sent
        self._sent_matrix = np.zeros((self.n, self.n) if plan else (0, 0), dtype=np.int64)

    def update(self) -> None:
        """Start a new run for the current controls (what every control does): the exact
        distribution at once, the samples in batches (see :meth:`sample_all`).

        The numbers of the previous controls are cleared first, so a failure (shown on the error
        line) never leaves them under the new controls' label."""
        self._run += 1
        self._run_controls = self._controls()
        self._reset_run(None, [], {})
        self.exact_pending = False
        try:
            options = self._options()
            wants_exact = self.mode in ("exact", "both")
            exact = self._exact_for(options) if wants_exact and self._has_exact() else None
            pending = wants_exact and self._has_exact() and exact is None
            sampling = self.mode in ("sampled", "both") or exact is None  # samples meanwhile, or instead
            self._reset_run(exact, batch_plan(self.samples) if sampling else [], options)
            self.exact_pending = pending
        except Exception:
            self._publish(ok=False)
            raise
        self._publish(ok=True)

    def resample(self) -> None:
        """New samples for the same controls (the generator goes on: other shuffles than before)."""
        self.update()

    def compute_exact(self) -> None:
        """Compute the exact distribution even when it is slow (9 cells: seconds to half a minute)."""
        self._exact_for(self._options(), force=True)
        self.update()

    def _draw_batch(self) -> _Batch:
        from ..perm import rank_many
        from ..sampling import sample

        n = self.n
        perms = sample(self.algorithm, n, self._plan[len(self._batches)], self._rng, dtype=np.int8,
                       **self._shuffle_options)  # fmt: skip
        where = perms.astype(np.int64) * n + np.arange(n)  # item * n + cell
        batch = _Batch(rank_many(perms), np.bincount(where.reshape(-1), minlength=n * n).reshape(n, n))
        self._batches.append(batch)
        self._counts += np.bincount(batch.ranks, minlength=len(self._counts))
        return batch

    def sample_all(self) -> None:
        """Draw every batch of the run that is left (what happens without a browser)."""
        while len(self._batches) < len(self._plan):
            self._draw_batch()

    run = sample_all

    # -- read-outs -------------------------------------------------------------------------------
    @property
    def drawn(self) -> int:
        """How many shuffles of the run have been drawn so far."""
        return int(sum(len(b.ranks) for b in self._batches))

    @property
    def batch_sizes(self) -> list[int]:
        """The sizes of the run's batches (they add up to ``samples``; empty when not sampling)."""
        return list(self._plan)

    @property
    def exact_distribution(self) -> Distribution | None:
        return self._exact_distribution

    @property
    def sampled_distribution(self) -> Distribution | None:
        """The distribution of the shuffles drawn so far (None before the first batch)."""
        from ..distributions import Distribution

        drawn = self.drawn
        return Distribution("sampled", self.n, self._counts, drawn) if drawn else None

    def _readouts(self, counts: np.ndarray | None, drawn: int) -> dict[str, str]:
        ratio, tv, support = (list(texts) for texts in self._exact_texts())
        if counts is not None and drawn:
            seen = counts[counts > 0]
            sampled = _("sampled {p}")
            ratio.append(sampled.format(p=f"{seen.max() / seen.min():.3f}"))
            tv.append(sampled.format(p=f"{np.abs(counts / drawn - 1 / len(counts)).sum() / 2:.4f}"))
            support.append(sampled.format(p=f"{len(seen):,}"))
        elif self._plan:
            waiting = _("sampled: waiting for the first batch")
            ratio.append(waiting)
            tv.append(waiting)
            support.append(waiting)
        if self._exact_distribution is None and self.mode != "sampled":
            ratio.insert(0, _("exact: press 'compute exact' (slow)") if self.exact_pending else
                         _("exact: the library has no exact model of this shuffle"))  # fmt: skip
        return {"ratio": _("max/min ratio: {values}").format(values=", ".join(ratio)),
                "distance": _("distance from uniform (TV): {values}").format(values=", ".join(tv)),
                "support": _("permutations seen of {total:,}: {values}").format(
                    total=factorial(self.n), values=", ".join(support))}  # fmt: skip

    def _exact_texts(self) -> tuple[tuple[str, ...], ...]:
        """The exact distribution's read-outs (computed once a run: exact fractions take time)."""
        exact = self._exact_distribution
        if exact is None:
            return (), (), ()
        if self._exact_cache_texts[0] is not exact or self._exact_cache_texts[2] != get_language():
            said = _("exact {p}")
            texts = ((said.format(p=_ratio_text(exact.max_min_ratio())),),
                     (said.format(p=f"{exact.tv_distance():.4f}"),),
                     (said.format(p=f"{exact.support_size:,}"),))  # fmt: skip
            self._exact_cache_texts = (exact, texts, get_language())
        return self._exact_cache_texts[1]

    def _current(self) -> dict[str, str]:
        if not self._ok:
            return {"ratio": "", "distance": "", "support": ""}
        return self._readouts(self._counts if self._plan else None, self.drawn)

    @property
    def ratio(self) -> str:
        """'max/min ratio: exact ..., sampled ...' ('' when the controls ask for something impossible)."""
        return self._current()["ratio"]

    @property
    def distance(self) -> str:
        """'distance from uniform (TV): exact ..., sampled ...'."""
        return self._current()["distance"]

    @property
    def support(self) -> str:
        """'permutations seen of N!: exact ..., sampled ...'."""
        return self._current()["support"]

    # -- what the browser gets ---------------------------------------------------------------
    def _publish(self, *, ok: bool) -> None:
        """Send the new run's setting: the exact probabilities and matrix (reference marks from
        the first frame), the batches to come, the first read-outs."""
        self._ok = ok
        exact = self._exact_distribution if ok else None
        n = self.n
        setting = {
            "run": self._run, "ok": ok, "algorithm": self.algorithm, "n": n, "label": _(_LABEL_OF_N[n]),
            "mode": self.mode, "permutations": factorial(n), "samples": sum(self._plan),
            "batches": len(self._plan), "exact": exact is not None,
            "exact_matrix": None if exact is None else np.round(exact.position_matrix(), 6).tolist(),
            "readouts": self._current(),
        }  # fmt: skip
        with self.hold_sync():
            self._exact = b"" if exact is None else exact.probabilities().astype("<f4").tobytes()
            self._setting = state_json(setting)

    def _on_message(self, _widget: object, content: object, _buffers: list[memoryview]) -> None:
        """The browser asks for the next batch ("next"), for the run so far ("sync"), for new
        samples ("resample") or a slow exact distribution ("exact"); never raises."""
        try:
            message: dict[str, Any] = content if isinstance(content, dict) else {}  # else: asks nothing
            kind = message.get("kind")
            if kind == "next":
                self._send_next(message.get("run"), message.get("batch"))
            elif kind == "sync":
                self._send_running_total(message.get("run"))
            elif kind == "resample":
                self._guarded(self.resample)
            elif kind == "exact":
                self._guarded(self.compute_exact)
        except Exception as err:  # shown to the student, never raised into the kernel's log
            self.show_error(err)

    def _send_next(self, run: object, batch: object) -> None:
        """Send batch ``batch`` of run ``run`` if it is the next one (two views of one lab both
        ask: the second request, and any for an older run, is ignored)."""
        if run != self._run or batch != self._sent or self._sent >= len(self._plan):
            return
        if self._sent >= len(self._batches):
            self._draw_batch()
        part = self._batches[self._sent]
        counts = np.bincount(part.ranks, minlength=len(self._sent_counts))
        self._sent_counts += counts
        self._sent_matrix += part.matrix
        self._sent += 1
        data = encode_batch(counts, part.matrix, samples=len(part.ranks), batch=self._sent - 1)
        self._send_bytes(data)

    def _send_running_total(self, run: object) -> None:
        """Everything sent so far in one message (a view drawn in the middle of a run starts there)."""
        if run != self._run or not self._plan:
            return
        data = encode_batch(self._sent_counts, self._sent_matrix, samples=int(self._sent_counts.sum()),
                            batch=self._sent, running_total=True)  # fmt: skip
        self._send_bytes(data)

    def _send_bytes(self, data: bytes) -> None:
        drawn = int(self._sent_counts.sum())
        message = {"kind": "batch", "run": self._run, "sent": self._sent, "batches": len(self._plan),
                   "drawn": drawn, "readouts": self._readouts(self._sent_counts, drawn)}  # fmt: skip
        self.send(message, buffers=[data])

    # -- the static fallback -----------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        try:  # the picture and the text show the whole run; a browser view still gets it in batches
            if not live_only():  # (under Voila the live view, filling in batch by batch, is all)
                self.sample_all()
        except Exception as err:  # never raise into the notebook
            self.show_error(err)
        return super()._repr_mimebundle_(**kwargs)

    def static_figure(self) -> Figure:
        from matplotlib.figure import Figure

        from ..plots.distributions import draw_permutation_histogram, draw_position_matrix

        figure = Figure(figsize=(9.5, 3.2), layout="constrained")
        left, right = figure.subplots(1, 2, width_ratios=[2.2, 1])
        exact, sampled = self.exact_distribution, self.sampled_distribution
        shown = exact if exact is not None else sampled  # the position matrix: the exact one if any
        if shown is None:
            left.text(
                0.5, 0.5, self.error_message or _("nothing computed"), ha="center", transform=left.transAxes
            )
            left.set_axis_off()
            right.set_axis_off()
            return figure
        draw_permutation_histogram(sampled, exact=exact, ax=left, title=display_name(self.algorithm))
        draw_position_matrix(shown, ax=right, title="P[item, cell]")
        right.set_xlabel(_("cell"))
        return figure

    def summary(self) -> str:
        numbers = f"{self.ratio}; {self.distance}" if self.ratio else _("nothing computed")
        if self._ok and self._plan and self.drawn < sum(self._plan):
            numbers += _(" ({drawn:,} of {total:,} samples so far)").format(
                drawn=self.drawn, total=sum(self._plan)
            )
        return _("ShuffleLab {algorithm}, {size}, {mode}: {numbers}").format(
            algorithm=display_name(self.algorithm),
            size=_(_LABEL_OF_N[self.n]),
            mode=_(self.mode),
            numbers=numbers,
        )
