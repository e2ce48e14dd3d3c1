// The shuffle lab, drawn in the browser (puzzlelab/widgets/shuffle_lab.py is the model).
//
// Python samples a shuffle in batches and sends each batch's counts as bytes; this module adds
// them up and redraws, batch after batch, as in Mike Bostock's "Will It Shuffle?":
//   - a histogram over all n! permutations (by rank) on a <canvas>: sampled probabilities as
//     filled bars, the exact probabilities as black reference marks (there from the first frame),
//     the fair level 1/n! as a dashed line;
//   - the bias matrix P[item, cell] (rows: items, columns: cells), white at the fair 1/n, blue
//     where an item lands less often than fair, vermillion where more often, with the number
//     written in each cell (colour is never the only cue) and a legend.
// After drawing a batch the view waits `interval_ms` and asks Python for the next one, so the
// kernel is never flooded and a hidden tab simply asks less often.
//
// The pure functions below (decoding, adding up, scaling, colours) are exported for the Node
// tests in tests/js/shuffle_lab.test.mjs.

export const FORMAT_VERSION = 2;
export const SPARSE = 1; // flag: only the permutations that came out, as (rank, count) pairs
export const RUNNING_TOTAL = 2; // flag: everything sent so far, not one batch
export const GAPS16 = 4; // flag: sparse ranks as uint16 gaps from the previous rank (the first from 0)
export const COUNTS16 = 8; // flag: counts as uint16 (else uint32)
export const COUNTS8 = 16; // flag: counts as uint8
const HEADER_WORDS = 6; // version, flags, n, samples, entries, batch

// Okabe-Ito colours (puzzlelab/colors.py)
export const UNDER = [0x00, 0x72, 0xb2]; // blue: less often than fair
export const OVER = [0xd5, 0x5e, 0x00]; // vermillion: more often than fair
const SAMPLED_COLOR = "#8cc6ea";
const EXACT_ONLY_COLOR = "#d9d9d9";
const UNIFORM_COLOR = "#D55E00";
const MIN_RELATIVE_SPREAD = 0.1; // as plots.distributions.color_spread

// -- numbers ------------------------------------------------------------------------------------
export function factorial(n) {
  let f = 1;
  for (let k = 2; k <= n; k++) f *= k;
  return f;
}

/** The permutation of 0..n-1 with this rank in dictionary order (as puzzlelab.perm.unrank). */
export function unrank(rank, n) {
  const items = Array.from({ length: n }, (_, i) => i);
  const perm = [];
  for (let i = n - 1; i >= 0; i--) {
    const f = factorial(i);
    const digit = Math.floor(rank / f);
    rank -= digit * f;
    perm.push(items.splice(digit, 1)[0]);
  }
  return perm;
}

/** A DataView on whatever the widget framework hands over (DataView, ArrayBuffer, typed array). */
export function asDataView(buffer) {
  if (buffer instanceof DataView) return buffer;
  if (buffer instanceof ArrayBuffer) return new DataView(buffer);
  if (ArrayBuffer.isView(buffer)) return new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  throw new TypeError("expected binary data");
}

function readWords(view, start, count) {
  const words = new Uint32Array(count);
  for (let i = 0; i < count; i++) words[i] = view.getUint32(4 * (start + i), true);
  return words;
}

/** `count` unsigned integers of `bytes` bytes each from byte `offset`; returns them and the next
 * section's offset (sections are padded to a multiple of 4 bytes). */
function readSection(view, offset, count, bytes) {
  const end = offset + count * bytes;
  if (end > view.byteLength) throw new Error("batch has the wrong length");
  const values = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    const at = offset + i * bytes;
    values[i] = bytes === 1 ? view.getUint8(at) : bytes === 2 ? view.getUint16(at, true) : view.getUint32(at, true);
  }
  return [values, end + ((4 - (end % 4)) % 4)];
}

/** One batch message's bytes -> {n, samples, batch, runningTotal, ranks (or null: dense), values, matrix}. */
export function decodeBatch(buffer) {
  const view = asDataView(buffer);
  if (view.byteLength < 4 * HEADER_WORDS) throw new Error("batch too short");
  const [version, flags, n, samples, entries, batch] = readWords(view, 0, HEADER_WORDS);
  if (version !== FORMAT_VERSION) throw new Error(`unknown batch format ${version}`);
  const sparse = (flags & SPARSE) !== 0;
  if (!sparse && entries !== factorial(n)) throw new Error("dense counts must cover all n! permutations");
  const width = flags & COUNTS8 ? 1 : flags & COUNTS16 ? 2 : 4;
  let offset = 4 * HEADER_WORDS;
  let ranks = null;
  if (sparse) {
    [ranks, offset] = readSection(view, offset, entries, flags & GAPS16 ? 2 : 4);
    if (flags & GAPS16) for (let i = 1; i < entries; i++) ranks[i] += ranks[i - 1];
  }
  let values;
  let matrix;
  [values, offset] = readSection(view, offset, entries, width);
  [matrix, offset] = readSection(view, offset, n * n, 4);
  if (offset !== view.byteLength) throw new Error("batch has the wrong length");
  return { n, samples, batch, runningTotal: (flags & RUNNING_TOTAL) !== 0, ranks, values, matrix };
}

/** Exact probabilities by rank (little-endian float32) -> Float64Array (empty: none). */
export function decodeExact(buffer) {
  if (!buffer) return new Float64Array(0);
  const view = asDataView(buffer);
  const out = new Float64Array(view.byteLength / 4);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(4 * i, true);
  return out;
}

/** Empty running totals for a run over permutations of n items. */
export function newTotals(n) {
  return { n, drawn: 0, batches: 0, counts: new Float64Array(factorial(n)), matrix: new Float64Array(n * n) };
}

/** Add a decoded batch to the totals (a running total replaces them). */
export function accumulate(totals, batch) {
  if (batch.n !== totals.n) throw new Error(`a batch over ${batch.n} items for a run over ${totals.n}`);
  if (batch.runningTotal) {
    totals.counts.fill(0);
    totals.matrix.fill(0);
    totals.drawn = 0;
    totals.batches = batch.batch;
  } else {
    totals.batches = batch.batch + 1;
  }
  if (batch.ranks) batch.ranks.forEach((rank, i) => (totals.counts[rank] += batch.values[i]));
  else batch.values.forEach((count, rank) => (totals.counts[rank] += count));
  batch.matrix.forEach((count, i) => (totals.matrix[i] += count));
  totals.drawn += batch.samples;
  return totals;
}

/** Counts divided by the number drawn (all zero before the first batch). */
export function proportions(counts, drawn) {
  const out = new Float64Array(counts.length);
  if (drawn > 0) counts.forEach((c, i) => (out[i] = c / drawn));
  return out;
}

// -- the histogram's geometry -------------------------------------------------------------------
/** How `count` bars share `width` pixels: one bar each when a bar gets at least 2 px, else one
 * column per pixel that stands for a range of ranks (drawn as that range's lowest and highest). */
export function histogramColumns(count, width) {
  const bars = count * 2 <= width;
  return { bars, columns: bars ? count : Math.floor(width), slot: bars ? width / count : 1 };
}

/** The ranks [lo, hi) that column c of `columns` stands for, out of `count`. */
export function columnRange(c, count, columns) {
  return [Math.floor((c * count) / columns), Math.floor(((c + 1) * count) / columns)];
}

/** The lowest and highest value in values[lo..hi). */
export function extent(values, lo, hi) {
  let min = Infinity;
  let max = -Infinity;
  for (let i = lo; i < hi; i++) {
    if (values[i] < min) min = values[i];
    if (values[i] > max) max = values[i];
  }
  return [min, max];
}

/** The smallest "nice" number (1, 2, 2.5 or 5 times a power of ten) at or above x. */
export function niceCeil(x) {
  if (!(x > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(x));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= x * (1 - 1e-12)) return step * power;
  return 10 * power;
}

/** The probability at the top of the histogram: room above the tallest exact or sampled bar and
 * at least twice the fair level. A nice number, so it changes rarely while samples arrive. */
export function axisTop(uniform, exactMax, sampledMax) {
  return niceCeil(Math.max(2 * uniform, exactMax || 0, sampledMax || 0) * 1.15);
}

/** The height in pixels of a bar of probability p on an axis of `height` px topped at `top`. */
export function barHeight(p, top, height) {
  return Math.max(0, Math.min(height, (p / top) * height));
}

// -- the matrix's colours -----------------------------------------------------------------------
/** How far either side of 1/n the colour scale reaches (as plots.distributions.color_spread). */
export function matrixSpread(matrix, n) {
  const fair = 1 / n;
  let spread = MIN_RELATIVE_SPREAD * fair;
  for (const p of matrix) spread = Math.max(spread, Math.abs(p - fair));
  return spread;
}

/** Where p sits on the scale: -1 (fair - spread or less) .. 0 (fair) .. 1 (fair + spread or more). */
export function biasPosition(p, n, spread) {
  return Math.max(-1, Math.min(1, (p - 1 / n) / spread));
}

/** The cell colour [r, g, b] of probability p: white at 1/n, towards UNDER or OVER. */
export function biasColor(p, n, spread) {
  const t = biasPosition(p, n, spread);
  const end = t < 0 ? UNDER : OVER;
  return end.map((c) => Math.round(255 + (c - 255) * Math.abs(t)));
}

export function cssColor([r, g, b]) {
  return `rgb(${r}, ${g}, ${b})`;
}

/** Text on a strong colour is white, on a light one black. */
export function textOn(rgb) {
  const [r, g, b] = rgb;
  return 0.299 * r + 0.587 * g + 0.114 * b < 140 ? "white" : "black";
}

// -- formatting --------------------------------------------------------------------------------
const whole = (x) => Math.round(x).toLocaleString("en-US");
const prob = (p) => (p >= 0.001 || p === 0 ? p.toFixed(4) : p.toExponential(2));

export function permutationLabel(rank, n) {
  return unrank(rank, n).join("");
}

// -- the view ----------------------------------------------------------------------------------
const STYLE = `
.puzzlelab-shuffle-lab { font: 13px/1.4 system-ui, sans-serif; color: #222; padding: 4px; }
.puzzlelab-shuffle-lab:focus-visible { outline: 2px solid #0072B2; outline-offset: 2px; }
.puzzlelab-shuffle-lab .pl-row { display: flex; flex-wrap: wrap; gap: 6px 14px; align-items: center; margin: 4px 0; }
.puzzlelab-shuffle-lab label { display: inline-flex; gap: 4px; align-items: center; }
.puzzlelab-shuffle-lab button { font: inherit; padding: 2px 8px; cursor: pointer; }
.puzzlelab-shuffle-lab button[aria-pressed="true"] { background: #0072B2; color: white; border-color: #0072B2; }
.puzzlelab-shuffle-lab button:focus-visible, .puzzlelab-shuffle-lab select:focus-visible,
.puzzlelab-shuffle-lab input:focus-visible { outline: 2px solid #E69F00; outline-offset: 1px; }
.puzzlelab-shuffle-lab .pl-figures { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
.puzzlelab-shuffle-lab .pl-figure { position: relative; }
.puzzlelab-shuffle-lab .pl-title { font-weight: 600; margin: 2px 0; }
.puzzlelab-shuffle-lab .pl-legend { display: flex; gap: 12px; font-size: 12px; align-items: center; flex-wrap: wrap; }
.puzzlelab-shuffle-lab .pl-swatch { display: inline-block; width: 14px; height: 10px; vertical-align: middle; margin-right: 3px; }
.puzzlelab-shuffle-lab .pl-tip { position: absolute; pointer-events: none; background: rgba(255,255,255,0.95);
  border: 1px solid #888; padding: 2px 6px; font-size: 12px; white-space: nowrap; display: none; z-index: 2; }
.puzzlelab-shuffle-lab .puzzlelab-error { color: #b00020; min-height: 1.2em; }
.puzzlelab-shuffle-lab .pl-progress { font-size: 12px; color: #444; }
.puzzlelab-shuffle-lab progress { width: 160px; vertical-align: middle; }
`;

const HIST = { width: 560, height: 250, left: 52, right: 10, top: 12, bottom: 48 };
const CELL = 34; // px per matrix cell

function element(tag, attributes = {}, children = []) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "text") el.textContent = value;
    else if (key === "class") el.className = value;
    else el.setAttribute(key, value);
  }
  for (const child of children) el.append(child);
  return el;
}

// -- words ----------------------------------------------------------------------------------------
// The words a student reads come from puzzlelab's one message catalogue: Python sends
// {english: translation} for the module's labels (LABELS in the widget's Python module) in the
// `_labels` trait. t(label, values) looks a label up, falls back to the English, and fills
// {name} placeholders: t("tile {n}", { n: 3 }) is "tile 3" in English.

/** A t(label, values) function that reads `labels` ({english: translation}). */
export function translator(labels) {
  const table = labels && typeof labels === "object" ? labels : {};
  return (label, values = {}) => {
    const found = Object.hasOwn(table, label) ? table[label] : null;
    const text = typeof found === "string" && found !== "" ? found : label;
    return text.replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
  };
}

/** The English labels as written (what a function outside a widget uses when given no t). */
export const english = translator({});

/** What a menu shows for an identifier such as "naive_swap": t() of it written with spaces where
 * the labels translate that, else the identifier itself (so English shows it unchanged). */
export function shownName(name, t = english) {
  const key = String(name).replaceAll("_", " ");
  const shown = t(key);
  return shown === key ? String(name) : shown;
}

function svg(tag, attributes = {}) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attributes)) el.setAttribute(key, value);
  return el;
}

function select(label, options, onChange) {
  const menu = element("select");
  for (const [text, value] of options) menu.append(element("option", { value: String(value), text }));
  menu.addEventListener("change", () => onChange(menu.value));
  return { label: element("label", {}, [label, menu]), menu };
}

function render({ model, el }) {
  const menus = JSON.parse(model.get("_menus"));
  const t = translator(model.get("_labels"));
  const root = element("div", { class: "puzzlelab-shuffle-lab", tabindex: "0", role: "group",
    "aria-label": t("shuffle lab: histogram of a shuffle's permutations and its bias matrix") });
  root.append(element("style", { text: STYLE }));
  const setControl = (name, value) => {
    model.set(name, value);
    model.save_changes();
  };

  // controls
  const algorithm = select(t("shuffle"), menus.algorithms.map((a) => [shownName(a, t), a]), (v) => setControl("algorithm", v));
  const size = select(t("size"), menus.sizes, (v) => setControl("n", Number(v)));
  const samples = select(t("samples"), menus.samples.map((s) => [whole(s), s]), (v) => setControl("samples", Number(v)));
  const modeButtons = menus.modes.map((mode) => {
    const button = element("button", { type: "button", text: t(mode), "aria-pressed": "false", class: "pl-mode" });
    button.dataset.mode = mode;
    button.addEventListener("click", () => setControl("mode", mode));
    return button;
  });
  const steps = element("input", { type: "range", min: "0", max: String(menus.max_steps), step: "1",
    "aria-label": t("walk steps") });
  const stepsOut = element("output");
  steps.addEventListener("input", () => (stepsOut.textContent = steps.value));
  steps.addEventListener("change", () => setControl("steps", Number(steps.value)));
  const resample = element("button", { type: "button", text: t("new samples"), class: "pl-resample" });
  resample.addEventListener("click", () => model.send({ kind: "resample" }));
  const exactButton = element("button", { type: "button", text: t("compute exact"), class: "pl-exact",
    title: t("exact distributions of 9 cells can take a while") });
  exactButton.addEventListener("click", () => model.send({ kind: "exact" }));
  root.append(
    element("div", { class: "pl-row" }, [algorithm.label, size.label,
      element("span", { role: "group", "aria-label": t("mode") }, modeButtons)]),
    element("div", { class: "pl-row" }, [samples.label,
      element("label", {}, [t("walk steps"), steps, stepsOut]), resample, exactButton]),
  );

  // read-outs and progress
  const ratio = element("span", { class: "puzzlelab-ratio" });
  const distance = element("span", { class: "puzzlelab-tv-distance" });
  const support = element("span", { class: "puzzlelab-support" });
  const progressBar = element("progress", { max: "1", value: "0", "aria-label": t("samples drawn") });
  const progressText = element("span", { class: "pl-progress", "aria-live": "polite" });
  root.append(element("div", { class: "pl-row" }, [ratio, distance, support]),
    element("div", { class: "pl-row" }, [progressBar, progressText]));

  // the histogram
  const histTitle = element("div", { class: "pl-title" });
  const canvas = element("canvas", { class: "puzzlelab-histogram", role: "img" });
  const histTip = element("div", { class: "pl-tip" });
  const histLegend = element("div", { class: "pl-legend" }, [
    element("span", {}, [element("span", { class: "pl-swatch", style: `background:${SAMPLED_COLOR}` }), t("sampled")]),
    element("span", {}, [element("span", { class: "pl-swatch", style: "background:#000;height:3px" }), t("exact (marks)")]),
    element("span", {}, [element("span", { class: "pl-swatch", style: `border-top:2px dashed ${UNIFORM_COLOR};height:0` }),
      element("span", { class: "pl-fair" })]),
  ]);
  // the matrix
  const matrixTitle = element("div", { class: "pl-title", text: "P[item, cell]" });
  const matrixSvg = svg("svg", { class: "puzzlelab-bias-matrix", role: "img" });
  const matrixLegend = element("div", { class: "pl-legend pl-matrix-legend" });
  root.append(element("div", { class: "pl-figures" }, [
    element("div", { class: "pl-figure" }, [histTitle, canvas, histTip, histLegend]),
    element("div", { class: "pl-figure" }, [matrixTitle, matrixSvg, matrixLegend]),
  ]));
  const error = element("div", { class: "puzzlelab-error", role: "alert" });
  root.append(error);
  el.append(root);

  // -- state of this view --------------------------------------------------------------------
  let setting = null;
  let exact = new Float64Array(0);
  let totals = newTotals(1);
  let top = 1;
  let frame = 0;
  let timer = 0;
  let frames = 0;
  let readouts = null;
  let hist = null; // what the hover reads: columns and values of the last frame
  let firstFrame = true; // the next frame is the first of its run

  function syncControls() {
    algorithm.menu.value = model.get("algorithm");
    size.menu.value = String(model.get("n"));
    samples.menu.value = String(model.get("samples"));
    modeButtons.forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.mode === model.get("mode"))));
    steps.value = String(model.get("steps"));
    stepsOut.textContent = steps.value;
    steps.disabled = !model.get("steps_enabled");
    exactButton.disabled = !model.get("exact_pending");
  }

  function startRun() {
    setting = JSON.parse(model.get("_setting") || "null");
    exact = setting && setting.exact ? decodeExact(model.get("_exact")) : new Float64Array(0);
    totals = newTotals(setting && setting.ok ? setting.n : 1);
    readouts = setting ? setting.readouts : null;
    top = 0;
    firstFrame = true;
    root.dataset.run = setting ? String(setting.run) : "";
    root.dataset.batches = "0";
    root.dataset.drawn = "0";
    clearTimeout(timer);
    scheduleDraw();
  }

  function wanted() {
    return setting && setting.ok && totals.batches < setting.batches;
  }

  function requestNext() {
    if (wanted()) model.send({ kind: "next", run: setting.run, batch: totals.batches });
  }

  function onMessage(msg, buffers) {
    if (!msg || msg.kind !== "batch" || !setting || msg.run !== setting.run || !buffers || !buffers.length) return;
    accumulate(totals, decodeBatch(buffers[0]));
    readouts = msg.readouts;
    root.dataset.batches = String(totals.batches);
    root.dataset.drawn = String(totals.drawn);
    clearTimeout(timer);
    scheduleDraw();
  }

  function scheduleDraw() {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      draw();
      clearTimeout(timer);
      if (wanted()) timer = setTimeout(requestNext, menus.interval_ms);
    });
  }

  // -- drawing -----------------------------------------------------------------------------------
  function draw() {
    frames += 1;
    root.dataset.frames = String(frames);
    const r = readouts || { ratio: "", distance: "", support: "" };
    ratio.textContent = r.ratio;
    distance.textContent = r.distance;
    support.textContent = r.support;
    if (!setting || !setting.ok) {
      progressText.textContent = "";
      progressBar.value = 0;
      histTitle.textContent = setting ? shownName(setting.algorithm, t) : "";
      drawNothing();
      return;
    }
    const total = setting.samples;
    progressBar.value = total ? totals.drawn / total : 1;
    progressText.textContent = total
      ? t("samples: {drawn} of {total} (batch {batch} of {batches})",
        { drawn: whole(totals.drawn), total: whole(total), batch: totals.batches, batches: setting.batches })
      : t("exact only: no samples");
    histTitle.textContent = t("{algorithm}, {label}: probability of each of the {count} permutations",
      { algorithm: shownName(setting.algorithm, t), label: setting.label, count: whole(setting.permutations) });
    drawHistogram();
    drawMatrix();
  }

  function drawNothing() {
    const ctx = prepareCanvas();
    ctx.fillStyle = "#444";
    ctx.textAlign = "center";
    ctx.fillText(t("nothing to show: see the message below"), HIST.width / 2, HIST.height / 2);
    root.dataset.exactMarks = "0";
    matrixSvg.replaceChildren();
    matrixLegend.replaceChildren();
  }

  function prepareCanvas() {
    const ratioPx = window.devicePixelRatio || 1;
    canvas.width = Math.round(HIST.width * ratioPx);
    canvas.height = Math.round(HIST.height * ratioPx);
    canvas.style.width = `${HIST.width}px`;
    canvas.style.height = `${HIST.height}px`;
    const ctx = canvas.getContext("2d");
    ctx.setTransform(ratioPx, 0, 0, ratioPx, 0, 0);
    ctx.clearRect(0, 0, HIST.width, HIST.height);
    ctx.font = "11px system-ui, sans-serif";
    return ctx;
  }

  function drawHistogram() {
    const count = setting.permutations;
    const fair = 1 / count;
    const sampling = setting.samples > 0;
    const sampled = sampling ? proportions(totals.counts, totals.drawn) : exact;
    const plotW = HIST.width - HIST.left - HIST.right;
    const plotH = HIST.height - HIST.top - HIST.bottom;
    const exactMax = exact.length ? extent(exact, 0, exact.length)[1] : 0;
    const sampledMax = sampling && totals.drawn ? extent(sampled, 0, count)[1] : 0;
    // with exact marks the axis is set by them and stays put while samples arrive (an early,
    // noisy bar taller than the axis is clipped, with a dark cap); without, by the samples
    top = axisTop(fair, exactMax, exact.length ? 0 : sampledMax);
    const ctx = prepareCanvas();
    const y = (p) => HIST.top + plotH - barHeight(p, top, plotH);
    const layout = histogramColumns(count, plotW);
    hist = { layout, sampled, count, plotW };
    // axes and grid
    ctx.strokeStyle = "#999";
    ctx.fillStyle = "#333";
    ctx.lineWidth = 1;
    ctx.textAlign = "right";
    ctx.textBaseline = "middle";
    for (const tick of [0, top / 2, top]) {
      ctx.fillText(tick.toPrecision(3).replace(/\.?0+$/, ""), HIST.left - 4, y(tick));
      ctx.beginPath();
      ctx.moveTo(HIST.left - 2, y(tick));
      ctx.lineTo(HIST.left, y(tick));
      ctx.stroke();
    }
    ctx.beginPath();
    ctx.moveTo(HIST.left, HIST.top);
    ctx.lineTo(HIST.left, HIST.top + plotH);
    ctx.lineTo(HIST.left + plotW, HIST.top + plotH);
    ctx.stroke();
    ctx.save();
    ctx.translate(12, HIST.top + plotH / 2);
    ctx.rotate(-Math.PI / 2);
    ctx.textAlign = "center";
    ctx.fillText(t("probability"), 0, 0);
    ctx.restore();
    ctx.textAlign = "center";
    ctx.textBaseline = "alphabetic";
    ctx.fillText(t("permutation of {n} items (by rank)", { n: setting.n }), HIST.left + plotW / 2, HIST.height - 4);
    // bars (sampled, or the exact values in grey when there are no samples)
    const clipped = [];
    ctx.fillStyle = sampling ? SAMPLED_COLOR : EXACT_ONLY_COLOR;
    for (let c = 0; c < layout.columns; c++) {
      const [lo, hi] = layout.bars ? [c, c + 1] : columnRange(c, count, layout.columns);
      if (hi <= lo) continue;
      const high = extent(sampled, lo, hi)[1];
      const x = HIST.left + c * layout.slot;
      const w = layout.bars ? Math.max(1, layout.slot * 0.8) : 1;
      const h = barHeight(high, top, plotH);
      ctx.fillRect(x + (layout.bars ? layout.slot * 0.1 : 0), HIST.top + plotH - h, w, h);
      if (high > top) clipped.push([x + (layout.bars ? layout.slot * 0.1 : 0), w]);
    }
    ctx.fillStyle = "#0072B2"; // the cap on a clipped bar: it goes on above the axis
    for (const [x, w] of clipped) ctx.fillRect(x, HIST.top, w, 4);
    // exact reference marks: a black tick per bar, or each column's lowest and highest value
    let marks = 0;
    if (exact.length) {
      ctx.fillStyle = "#000";
      for (let c = 0; c < layout.columns; c++) {
        const [lo, hi] = layout.bars ? [c, c + 1] : columnRange(c, count, layout.columns);
        if (hi <= lo) continue;
        const [low, high] = extent(exact, lo, hi);
        const x = HIST.left + c * layout.slot;
        if (layout.bars) {
          ctx.fillRect(x + layout.slot * 0.05, y(exact[lo]) - 1, layout.slot * 0.9, 2);
        } else {
          ctx.fillRect(x, y(high) - 1, 1, Math.max(2, y(low) - y(high) + 1));
        }
        marks += 1;
      }
    }
    root.dataset.exactMarks = String(marks);
    if (firstFrame) {
      // what the first frame of a run showed (the browser tests check the exact marks were there)
      root.dataset.firstFrameMarks = String(marks);
      root.dataset.firstFrameBatches = String(totals.batches);
      firstFrame = false;
    }
    // the fair level
    ctx.strokeStyle = UNIFORM_COLOR;
    ctx.setLineDash([5, 4]);
    ctx.beginPath();
    ctx.moveTo(HIST.left, y(fair));
    ctx.lineTo(HIST.left + plotW, y(fair));
    ctx.stroke();
    ctx.setLineDash([]);
    // labels under the bars when there are few
    if (layout.bars && count <= 24) {
      ctx.fillStyle = "#333";
      ctx.font = "10px ui-monospace, monospace";
      for (let rank = 0; rank < count; rank++) {
        ctx.save();
        ctx.translate(HIST.left + (rank + 0.5) * layout.slot + 3, HIST.top + plotH + 4);
        ctx.rotate(-Math.PI / 2);
        ctx.textAlign = "right";
        ctx.fillText(permutationLabel(rank, setting.n), 0, 0);
        ctx.restore();
      }
    }
    root.querySelector(".pl-fair").textContent = t("fair 1/{count}", { count: whole(count) });
    canvas.setAttribute("aria-label", t("histogram of {count} permutations; {ratio}", { count: whole(count), ratio: ratio.textContent }));
  }

  function histogramTip(event) {
    if (!hist || !setting || !setting.ok) return;
    const box = canvas.getBoundingClientRect();
    const x = event.clientX - box.left - HIST.left;
    const c = Math.floor(x / hist.layout.slot);
    if (x < 0 || c < 0 || c >= hist.layout.columns) {
      histTip.style.display = "none";
      return;
    }
    const [lo, hi] = hist.layout.bars ? [c, c + 1] : columnRange(c, hist.count, hist.layout.columns);
    const n = setting.n;
    let text;
    if (hi - lo === 1) {
      const parts = [t("rank {rank}: {permutation}", { rank: lo, permutation: permutationLabel(lo, n) })];
      if (setting.samples) {
        parts.push(t("sampled {p} ({count} of {drawn})",
          { p: prob(hist.sampled[lo]), count: whole(totals.counts[lo]), drawn: whole(totals.drawn) }));
      }
      if (exact.length) parts.push(t("exact {p}", { p: prob(exact[lo]) }));
      text = parts.join(" · ");
    } else {
      const range = (values) => {
        const [low, high] = extent(values, lo, hi).map(prob);
        return t("{low} to {high}", { low, high });
      };
      const parts = [t("ranks {low} to {high}", { low: whole(lo), high: whole(hi - 1) })];
      if (setting.samples) parts.push(t("sampled {p}", { p: range(hist.sampled) }));
      if (exact.length) parts.push(t("exact {p}", { p: range(exact) }));
      text = parts.join(" · ");
    }
    histTip.textContent = text;
    histTip.style.display = "block";
    histTip.style.left = `${Math.min(event.clientX - box.left + 12, HIST.width - 150)}px`;
    histTip.style.top = `${event.clientY - box.top + 28}px`;
  }

  function drawMatrix() {
    const n = setting.n;
    const sampling = setting.samples > 0;
    const exactMatrix = setting.exact_matrix ? setting.exact_matrix.flat() : null;
    const shown = sampling ? proportions(totals.matrix, totals.drawn) : Float64Array.from(exactMatrix);
    const spread = matrixSpread(exactMatrix || shown, n);
    const pad = 44;
    const sizePx = pad + n * CELL + 4;
    matrixSvg.setAttribute("width", String(sizePx));
    matrixSvg.setAttribute("height", String(sizePx));
    matrixSvg.setAttribute("viewBox", `0 0 ${sizePx} ${sizePx}`);
    const nodes = [];
    const label = (x, y, text, extra = {}) => {
      const node = svg("text", { x, y, "font-size": "11", "text-anchor": "middle", "dominant-baseline": "central", ...extra });
      node.textContent = text;
      return node;
    };
    nodes.push(label(pad + (n * CELL) / 2, 8, t("cell")));
    nodes.push(label(8, pad + (n * CELL) / 2, t("item"), { transform: `rotate(-90 8 ${pad + (n * CELL) / 2})` }));
    for (let i = 0; i < n; i++) {
      nodes.push(label(pad + (i + 0.5) * CELL, 24, String(i)));
      nodes.push(label(30, pad + (i + 0.5) * CELL, String(i)));
    }
    for (let item = 0; item < n; item++) {
      for (let cell = 0; cell < n; cell++) {
        const k = item * n + cell;
        const noData = sampling && totals.drawn === 0;
        const p = shown[k];
        const rgb = noData ? [245, 245, 245] : biasColor(p, n, spread);
        const x = pad + cell * CELL;
        const y = pad + item * CELL;
        const rect = svg("rect", { x, y, width: CELL - 1, height: CELL - 1, fill: cssColor(rgb), class: "pl-cell",
          "data-item": item, "data-cell": cell });
        const tip = svg("title");
        const parts = [t("item {item} in cell {cell}", { item, cell })];
        if (sampling) {
          parts.push(t("sampled {p} ({count} of {drawn})",
            { p: noData ? "-" : p.toFixed(4), count: whole(totals.matrix[k]), drawn: whole(totals.drawn) }));
        }
        if (exactMatrix) parts.push(t("exact {p}", { p: exactMatrix[k].toFixed(4) }));
        parts.push(t("fair {p}", { p: (1 / n).toFixed(4) }));
        tip.textContent = parts.join(" · ");
        rect.append(tip);
        nodes.push(rect);
        if (!noData) {
          const text = label(x + (CELL - 1) / 2, y + (CELL - 1) / 2, p.toFixed(2).replace(/^0\./, "."),
            { fill: textOn(rgb), "font-size": n > 7 ? "9" : "10", "pointer-events": "none" });
          nodes.push(text);
        }
      }
    }
    matrixSvg.replaceChildren(...nodes);
    const kind = sampling ? t("sampled") : t("exact");
    matrixSvg.setAttribute("aria-label", t("bias matrix: probability that item i ends in cell j, {kind}", { kind }));
    matrixTitle.textContent = t("P[item, cell], {kind}", { kind });
    const gradient = `linear-gradient(to right, ${cssColor(UNDER)}, white, ${cssColor(OVER)})`;
    matrixLegend.replaceChildren(
      element("span", { text: t("{p} less often", { p: (1 / n - spread).toFixed(3) }) }),
      element("span", { class: "pl-swatch", style: `width:90px;background:${gradient}` }),
      element("span", { text: t("{p} more often; white: fair 1/{n}", { p: (1 / n + spread).toFixed(3), n }) }),
    );
  }

  // -- wiring ------------------------------------------------------------------------------------
  const onControls = () => syncControls();
  const onSetting = () => {
    startRun();
    requestNext();
  };
  const onError = () => (error.textContent = model.get("error"));
  const controlEvents = ["algorithm", "n", "samples", "mode", "steps", "steps_enabled", "exact_pending"];
  controlEvents.forEach((name) => model.on(`change:${name}`, onControls));
  model.on("change:_setting", onSetting);
  model.on("change:error", onError);
  model.on("msg:custom", onMessage);
  canvas.addEventListener("mousemove", histogramTip);
  canvas.addEventListener("mouseleave", () => (histTip.style.display = "none"));
  syncControls();
  onError();
  startRun();
  if (setting && setting.ok && setting.batches) model.send({ kind: "sync", run: setting.run });

  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    controlEvents.forEach((name) => model.off(`change:${name}`, onControls));
    model.off("change:_setting", onSetting);
    model.off("change:error", onError);
    model.off("msg:custom", onMessage);
  };
}

export default { render };
