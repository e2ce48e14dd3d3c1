// The weight explorer, drawn in the browser: f = g + w*h live.
//
// Python (puzzlelab/widgets/weight_explorer.py) runs weighted A* once for every weight of a
// grid and sends the runs once, as bytes (the trait `runs`, format below). Moving the slider
// only picks another run among them and redraws: no kernel work, no waiting. The kernel is
// told the chosen weight a moment after the slider stops (so `explorer.weight` in Python is
// right); a weight typed in the box that is not in the grid is run by the kernel and joins it.
//
// Two pictures:
//  - the (g, h) plane (a <canvas>: there can be thousands of expanded nodes): one square per
//    (g, h) cell, darker when more expanded nodes share it, and the dashed line f = g + w*h at
//    the largest f expanded (the bound);
//  - the trade-off (SVG): nodes expanded and solution length against w (log scale), the optimum
//    as a dashed line, the chosen weight ringed on both panels and marked by a vertical line.
//
// The named exports are pure functions, tested under Node (tests/js/weight_explorer.test.mjs).

// Okabe-Ito colours (as puzzlelab/colors.py); shapes and words carry the meaning too.
export const COLORS = {
  main: "#0072B2", // blue: expanded nodes, the runs
  mark: "#D55E00", // vermillion: the line f = g + w h, the chosen weight's ring
  good: "#009E73", // bluish green: the optimum
  ink: "#222222",
  muted: "#666666",
  rule: "#cccccc",
};
const SYNC_DELAY_MS = 400; // tell the kernel the weight once the slider has rested this long

// -- the runs' bytes ---------------------------------------------------------------------------
// Little-endian: "PLWE", u16 version (1), u16 number of runs, then per run a 32-byte record
// (weight f64, bound f64, expanded u32, cost i32 (-1: unsolved), points u32, bytes per g u8,
// bytes per h u8, 2 spare bytes), then per run its g array and its h array, each padded to a
// multiple of 4 bytes. (Typed arrays use the machine's byte order: little-endian everywhere
// a browser runs today.)
const HEADER_BYTES = 8;
const RECORD_BYTES = 32;

/** Bytes (DataView, ArrayBuffer, Uint8Array, Node Buffer) as a Uint8Array over its own buffer. */
export function ownBytes(data) {
  if (data == null) return new Uint8Array(0);
  if (data instanceof ArrayBuffer) return new Uint8Array(data.slice(0));
  if (ArrayBuffer.isView(data)) {
    return new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice(); // aligned copy
  }
  throw new TypeError("runs must be bytes");
}

function typedArray(buffer, offset, count, size) {
  if (size === 1) return new Uint8Array(buffer, offset, count);
  if (size === 2) return new Uint16Array(buffer, offset, count);
  if (size === 4) return new Uint32Array(buffer, offset, count);
  throw new Error(`unknown array item size ${size}`);
}

/** The runs sent by Python, sorted by weight: [{weight, bound, expanded, cost, solved, g, h}]. */
export function decodeRuns(data) {
  const bytes = ownBytes(data);
  if (bytes.length === 0) return [];
  const view = new DataView(bytes.buffer);
  const magic = String.fromCharCode(...bytes.subarray(0, 4));
  const version = view.getUint16(4, true);
  if (magic !== "PLWE" || version !== 1) throw new Error(`not weight-explorer runs (${magic} v${version})`);
  const count = view.getUint16(6, true);
  let offset = HEADER_BYTES + count * RECORD_BYTES;
  const runs = [];
  for (let k = 0; k < count; k++) {
    const at = HEADER_BYTES + k * RECORD_BYTES;
    const points = view.getUint32(at + 24, true);
    const sizes = [view.getUint8(at + 28), view.getUint8(at + 29)];
    const [g, h] = sizes.map((size) => {
      const array = typedArray(bytes.buffer, offset, points, size);
      offset += Math.ceil((points * size) / 4) * 4;
      return array;
    });
    const cost = view.getInt32(at + 20, true);
    runs.push({
      weight: view.getFloat64(at, true),
      bound: view.getFloat64(at + 8, true),
      expanded: view.getUint32(at + 16, true),
      cost,
      solved: cost >= 0,
      g,
      h,
    });
  }
  return runs;
}

/** The distinct (g, h) cells of a run's expanded nodes and how many nodes share each. */
export function cellsOf(run) {
  if (run.cells) return run.cells;
  const counts = new Map();
  for (let i = 0; i < run.g.length; i++) {
    const key = run.g[i] * 65536 + run.h[i];
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  const cells = { g: [], h: [], count: [] };
  for (const [key, count] of counts) {
    cells.g.push(Math.floor(key / 65536));
    cells.h.push(key % 65536);
    cells.count.push(count);
  }
  run.cells = cells;
  return cells;
}

// -- picking a run ------------------------------------------------------------------------------
/** The slider's position for `weight`: {index, exact} (the nearest weight on a log scale). */
export function indexFor(runs, weight) {
  let best = -1;
  let distance = Infinity;
  runs.forEach((run, index) => {
    const d = Math.abs(Math.log(run.weight) - Math.log(weight));
    if (d < distance) [best, distance] = [index, d];
  });
  return { index: best, exact: best >= 0 && runs[best].weight === weight };
}

/** The run the slider at `index` shows (clamped to the runs there are), or null if none. */
export function runAt(runs, index) {
  if (!runs.length) return null;
  const i = Math.min(runs.length - 1, Math.max(0, Math.round(Number(index) || 0)));
  return runs[i];
}

/** The slider's index after `key` (arrows, Home/End, PageUp/PageDown), or null for other keys. */
export function keyStep(key, index, count) {
  const page = Math.max(1, Math.round(count / 5));
  const moves = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: page, PageDown: -page };
  let next;
  if (key === "Home") next = 0;
  else if (key === "End") next = count - 1;
  else if (key in moves) next = index + moves[key];
  else return null;
  return Math.min(count - 1, Math.max(0, next));
}

// -- texts (the same as the Python side's) ----------------------------------------------------------
/** A whole number with thousands separators, as Python's f"{n:,}". */
export function formatInt(n) {
  const sign = n < 0 ? "-" : "";
  return sign + String(Math.abs(Math.round(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** A number as Python's f"{x:g}" (6 significant digits, no trailing zeros). */
export function formatG(x) {
  if (x === 0) return "0";
  const exponent = Math.floor(Math.log10(Math.abs(Number(x.toPrecision(6)))));
  if (exponent < -4 || exponent >= 6) {
    const [mantissa, power] = x.toExponential(5).split("e");
    const digits = mantissa.replace(/\.?0+$/, "");
    const p = Number(power);
    return `${digits}e${p < 0 ? "-" : "+"}${String(Math.abs(p)).padStart(2, "0")}`;
  }
  return String(Number(x.toPrecision(6)));
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

export function expandedText(run, t = english) {
  return run ? t("nodes expanded: {n}", { n: formatInt(run.expanded) }) : "";
}

export function lengthText(run, optimum, budget, t = english) {
  if (!run) return "";
  if (!run.solved) return t("no solution within {budget} expansions", { budget: formatInt(budget) });
  if (optimum < 0) return t("solution: {cost} moves, optimum unknown (A* ran out of budget)", run);
  return t("solution: {cost} moves, optimum {optimum} (+{extra})", { cost: run.cost, optimum, extra: run.cost - optimum });
}

export function planeTitle(run, t = english) {
  if (!run) return "";
  const w = formatG(run.weight);
  return t("w = {w}: {n} expanded; dashed line f = g + {w}h = {bound}",
    { w, n: formatInt(run.g.length), bound: formatG(run.bound) });
}

// -- layouts (pure: sizes in CSS pixels) ---------------------------------------------------------------
/** Axis limits for the (g, h) plane that fit every run's points (so the scale stays put as w
 * changes) and where the line f = g + w*h meets the h axis; the line is clipped to the box. */
export function planeLimits(runs) {
  let gmax = 1;
  let hmax = 1;
  for (const run of runs) {
    for (const g of run.g) gmax = Math.max(gmax, g);
    for (const h of run.h) hmax = Math.max(hmax, h);
    hmax = Math.max(hmax, run.bound / run.weight);
  }
  return { gmax: Math.ceil(gmax * 1.05), hmax: Math.ceil(hmax * 1.05) };
}

/** A tick step of 1, 2 or 5 times a power of ten giving about `count` ticks up to `top`. */
export function tickStep(top, count = 5) {
  const raw = Math.max(top, 1) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw);
  return Math.max(1, step);
}

/** Where the (g, h) plane's points go in a `width` x `height` canvas. */
export function planeLayout(width, height, limits) {
  const box = { left: 42, top: 8, right: width - 10, bottom: height - 36 };
  const sx = (box.right - box.left) / limits.gmax;
  const sy = (box.bottom - box.top) / limits.hmax;
  return {
    box,
    x: (g) => box.left + g * sx,
    y: (h) => box.bottom - h * sy,
    cell: Math.max(2, Math.min(sx, sy, 10)), // a (g, h) cell's square, in pixels
  };
}

/** Where the trade-off chart's marks go: w on a log axis, two panels (work above, price below). */
export function chartLayout(width, height, runs, optimum) {
  const box = { left: 56, right: width - 14 };
  const wmax = Math.max(10, ...runs.map((r) => r.weight));
  const span = Math.log(wmax);
  const gap = 34;
  const panel = (height - 30 - gap - 8) / 2;
  const work = { top: 8, bottom: 8 + panel };
  const price = { top: work.bottom + gap, bottom: work.bottom + gap + panel };
  const topWork = Math.max(1, ...runs.map((r) => r.expanded)) * 1.1;
  const topPrice = Math.max(1, optimum, ...runs.filter((r) => r.solved).map((r) => r.cost)) * 1.1;
  return {
    box,
    work,
    price,
    topWork,
    topPrice,
    x: (w) => box.left + (Math.log(w) / span) * (box.right - box.left),
    yWork: (n) => work.bottom - (n / topWork) * (work.bottom - work.top),
    yPrice: (c) => price.bottom - (c / topPrice) * (price.bottom - price.top),
    ticks: [1, 1.5, 2, 3, 5, 10, 20, 50, 100].filter((w) => w <= wmax),
  };
}

// -- drawing -----------------------------------------------------------------------------------------
function drawPlane(canvas, runs, run, limits, t = english) {
  const width = canvas.clientWidth || 340;
  const height = canvas.clientHeight || 300;
  const ratio = (typeof window !== "undefined" && window.devicePixelRatio) || 1;
  if (canvas.width !== Math.round(width * ratio)) canvas.width = Math.round(width * ratio);
  if (canvas.height !== Math.round(height * ratio)) canvas.height = Math.round(height * ratio);
  const ctx = canvas.getContext("2d");
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, width, height);
  const layout = planeLayout(width, height, limits);
  drawPlaneAxes(ctx, layout, limits, t);
  if (!run) return;
  const cells = cellsOf(run);
  const s = layout.cell;
  ctx.fillStyle = COLORS.main;
  for (let i = 0; i < cells.g.length; i++) {
    ctx.globalAlpha = 1 - 0.7 ** cells.count[i]; // more nodes in one cell: darker
    ctx.fillRect(layout.x(cells.g[i]) - s / 2, layout.y(cells.h[i]) - s / 2, s, s);
  }
  ctx.globalAlpha = 1;
  ctx.save();
  const { box } = layout;
  ctx.beginPath();
  ctx.rect(box.left, box.top, box.right - box.left, box.bottom - box.top);
  ctx.clip(); // a large w puts the line's end far right of the points
  ctx.strokeStyle = COLORS.mark;
  ctx.lineWidth = 1.5;
  ctx.setLineDash([6, 4]);
  ctx.beginPath();
  ctx.moveTo(layout.x(0), layout.y(run.bound / run.weight));
  ctx.lineTo(layout.x(run.bound), layout.y(0));
  ctx.stroke();
  ctx.restore();
}

function drawPlaneAxes(ctx, layout, limits, t = english) {
  const { box } = layout;
  ctx.strokeStyle = COLORS.muted;
  ctx.fillStyle = COLORS.ink;
  ctx.lineWidth = 1;
  ctx.font = "11px sans-serif";
  ctx.strokeRect(box.left, box.top, box.right - box.left, box.bottom - box.top);
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  const gs = tickStep(limits.gmax);
  for (let g = 0; g <= limits.gmax; g += gs) ctx.fillText(String(g), layout.x(g), box.bottom + 3);
  ctx.fillText(t("g (moves so far)"), (box.left + box.right) / 2, box.bottom + 18);
  ctx.textAlign = "right";
  ctx.textBaseline = "middle";
  const hs = tickStep(limits.hmax);
  for (let h = 0; h <= limits.hmax; h += hs) ctx.fillText(String(h), box.left - 4, layout.y(h));
  ctx.save();
  ctx.translate(11, (box.top + box.bottom) / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.textAlign = "center";
  ctx.fillText(t("h (estimated moves left)"), 0, 0);
  ctx.restore();
}

const SVG = "http://www.w3.org/2000/svg";

function svgEl(name, attributes, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

function drawChart(svg, runs, run, optimum, t = english) {
  const width = svg.clientWidth || 340;
  const height = svg.clientHeight || 300;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.replaceChildren();
  if (!runs.length) return;
  const L = chartLayout(width, height, runs, optimum);
  const panels = [
    [t("work: nodes expanded"), L.work, L.yWork, runs, (r) => r.expanded, L.topWork],
    [t("price: solution length"), L.price, L.yPrice, runs.filter((r) => r.solved), (r) => r.cost, L.topPrice],
  ];
  for (const [title, box, y, shown, value, top] of panels) {
    svg.append(svgEl("rect", { x: L.box.left, y: box.top, width: L.box.right - L.box.left,
      height: box.bottom - box.top, fill: "none", stroke: COLORS.muted }));
    svg.append(svgEl("text", { x: L.box.left + 4, y: box.top + 12, "font-size": 11, fill: COLORS.ink }, title));
    svg.append(svgEl("text", { x: L.box.left - 4, y: box.bottom, "font-size": 10, "text-anchor": "end",
      fill: COLORS.ink }, "0"));
    svg.append(svgEl("text", { x: L.box.left - 4, y: box.top + 8, "font-size": 10, "text-anchor": "end",
      fill: COLORS.ink }, formatInt(top / 1.1)));
    const points = shown.map((r) => `${L.x(r.weight)},${y(value(r))}`).join(" ");
    svg.append(svgEl("polyline", { points, fill: "none", stroke: COLORS.main, "stroke-width": 1 }));
    for (const r of shown) {
      svg.append(svgEl("circle", { cx: L.x(r.weight), cy: y(value(r)), r: 2.5, fill: COLORS.main }));
    }
  }
  if (optimum >= 0) {
    const yo = L.yPrice(optimum);
    svg.append(svgEl("line", { x1: L.box.left, x2: L.box.right, y1: yo, y2: yo, stroke: COLORS.good,
      "stroke-dasharray": "5 3", "stroke-width": 1.5, class: "puzzlelab-optimum" }));
    svg.append(svgEl("text", { x: L.box.right - 4, y: yo + 13, "font-size": 10, "text-anchor": "end",
      fill: COLORS.good }, t("optimum {optimum}", { optimum })));
  }
  for (const w of L.ticks) {
    svg.append(svgEl("text", { x: L.x(w), y: L.price.bottom + 13, "font-size": 10, "text-anchor": "middle",
      fill: COLORS.ink }, formatG(w)));
  }
  svg.append(svgEl("text", { x: (L.box.left + L.box.right) / 2, y: L.price.bottom + 27, "font-size": 11,
    "text-anchor": "middle", fill: COLORS.ink }, t("weight w (log scale)")));
  if (run) drawChosen(svg, L, run, t);
}

function drawChosen(svg, L, run, t = english) {
  const x = L.x(run.weight);
  svg.append(svgEl("line", { x1: x, x2: x, y1: L.work.top, y2: L.price.bottom, stroke: COLORS.mark,
    "stroke-dasharray": "2 3", class: "puzzlelab-chosen-weight" }));
  const marks = [[L.yWork(run.expanded), formatInt(run.expanded)]];
  if (run.solved) marks.push([L.yPrice(run.cost), t("{n} moves", { n: run.cost })]);
  for (const [y, label] of marks) {
    svg.append(svgEl("circle", { cx: x, cy: y, r: 7, fill: "none", stroke: COLORS.mark, "stroke-width": 2 }));
    const right = x < (L.box.left + L.box.right) / 2;
    svg.append(svgEl("text", { x: right ? x + 10 : x - 10, y: y - 8, "font-size": 11,
      "text-anchor": right ? "start" : "end", fill: COLORS.ink, class: "puzzlelab-chosen-label" }, label));
  }
}

// -- the widget -------------------------------------------------------------------------------------------
const STYLE = `
.puzzlelab-weight-explorer { font: 13px sans-serif; color: ${COLORS.ink}; display: flex;
  flex-direction: column; gap: 6px; max-width: 760px; }
.puzzlelab-weight-explorer .pl-row { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; }
.puzzlelab-weight-explorer .pl-pictures { display: flex; flex-wrap: wrap; gap: 12px; }
.puzzlelab-weight-explorer figure { margin: 0; flex: 1 1 300px; max-width: 380px; }
.puzzlelab-weight-explorer canvas, .puzzlelab-weight-explorer svg { width: 100%; height: 300px; display: block; }
.puzzlelab-weight-explorer .puzzlelab-weight-slider { width: 220px; }
.puzzlelab-weight-explorer .puzzlelab-weight-input { width: 5em; }
.puzzlelab-weight-explorer input { padding: 2px 4px; line-height: 1.5; }
.puzzlelab-weight-explorer .puzzlelab-instance { width: 12em; font-family: monospace; }
.puzzlelab-weight-explorer .pl-numbers { display: flex; gap: 20px; font-weight: 600; }
.puzzlelab-weight-explorer .pl-caption { font-size: 12px; min-height: 1.3em; }
.puzzlelab-weight-explorer .puzzlelab-progress { display: flex; align-items: center; gap: 8px; }
.puzzlelab-weight-explorer .pl-bar { width: 220px; height: 8px; border: 1px solid ${COLORS.muted}; }
.puzzlelab-weight-explorer .pl-bar > div { height: 100%; background: ${COLORS.main}; width: 0; }
.puzzlelab-weight-explorer .puzzlelab-error { color: ${COLORS.mark}; white-space: pre-wrap; }
.puzzlelab-weight-explorer :focus-visible { outline: 2px solid ${COLORS.main}; outline-offset: 2px; }
`;

function element(tag, attributes = {}, text) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

function buildDom(el, t = english) {
  // data-lm-suppress-shortcuts: JupyterLab's own keys (arrows, digits in command mode) stay out,
  // so the slider moves with the arrow keys and the boxes take what is typed
  const root = element("div", { class: "puzzlelab-weight-explorer", tabindex: 0, "data-lm-suppress-shortcuts": "true" });
  const dom = {
    root,
    slider: element("input", { type: "range", min: 0, max: 0, step: 1, value: 0,
      class: "puzzlelab-weight-slider", "aria-label": t("weight w (the grid of weights run)") }),
    value: element("output", { class: "puzzlelab-weight-value" }),
    typed: element("input", { type: "number", min: 1, max: 10, step: 0.05, class: "puzzlelab-weight-input",
      "aria-label": t("type any weight from 1 to 10") }),
    heuristic: element("select", { class: "puzzlelab-heuristic", "aria-label": t("heuristic h") }),
    instance: element("input", { type: "text", class: "puzzlelab-instance", "aria-label": t("start board") }),
    random: element("button", { type: "button", class: "puzzlelab-random" }, t("random instance")),
    sweep: element("button", { type: "button", class: "puzzlelab-sweep" }, t("run all weights")),
    progress: element("div", { class: "puzzlelab-progress", role: "progressbar", "aria-valuemin": 0 }),
    bar: element("div", { class: "pl-bar" }),
    progressText: element("span"),
    expanded: element("span", { class: "puzzlelab-expanded" }),
    length: element("span", { class: "puzzlelab-solution-length" }),
    caption: element("div", { class: "pl-caption puzzlelab-gh-title", "aria-live": "polite" }),
    canvas: element("canvas", { class: "puzzlelab-gh-plane", role: "img",
      "aria-label": t("expanded nodes in the (g, h) plane and the line f = g + w h") }),
    chart: document.createElementNS(SVG, "svg"),
    pending: element("span", { class: "puzzlelab-pending" }),
    error: element("div", { class: "puzzlelab-error", role: "alert" }),
  };
  dom.chart.setAttribute("class", "puzzlelab-weight-tradeoff");
  dom.chart.setAttribute("role", "img");
  dom.chart.setAttribute("aria-label", t("nodes expanded and solution length against the weight"));
  dom.bar.append(element("div"));
  dom.progress.append(dom.bar, dom.progressText);
  const label = element("label", {}, `${t("weight w")} `);
  const planeFigure = element("figure");
  planeFigure.append(dom.caption, dom.canvas);
  const chartFigure = element("figure");
  chartFigure.append(element("div", { class: "pl-caption" }, t("the trade-off (chosen w ringed)")), dom.chart);
  const row = (...children) => {
    const div = element("div", { class: "pl-row" });
    div.append(...children);
    return div;
  };
  const numbers = element("div", { class: "pl-numbers" });
  numbers.append(dom.expanded, dom.length);
  const pictures = element("div", { class: "pl-pictures" });
  pictures.append(planeFigure, chartFigure);
  root.append(
    element("style", {}, STYLE),
    row(label, dom.slider, dom.value, element("span", {}, t("or type w:")), dom.typed, dom.pending),
    row(element("span", {}, "h:"), dom.heuristic, element("span", {}, t("start:")), dom.instance, dom.random, dom.sweep),
    dom.progress,
    numbers,
    pictures,
    dom.error,
  );
  el.append(root);
  return dom;
}

function render({ model, el }) {
  const t = translator(model.get("_labels"));
  const dom = buildDom(el, t);
  const state = { runs: [], index: 0, limits: { gmax: 1, hmax: 1 }, requested: new Set(), timer: null };
  const listeners = [];
  const listen = (target, name, handler, options = false) => {
    target.addEventListener(name, handler, options);
    listeners.push(() => target.removeEventListener(name, handler, options));
  };

  function draw() {
    const run = runAt(state.runs, state.index);
    const optimum = model.get("optimal_length");
    dom.slider.max = String(Math.max(0, state.runs.length - 1));
    dom.slider.value = String(state.index);
    dom.slider.disabled = state.runs.length < 2;
    dom.value.textContent = run ? `w = ${formatG(run.weight)}` : "";
    if (run) dom.slider.setAttribute("aria-valuetext", `w = ${formatG(run.weight)}`);
    dom.expanded.textContent = expandedText(run, t);
    dom.length.textContent = lengthText(run, optimum, model.get("budget"), t);
    dom.caption.textContent = planeTitle(run, t);
    drawPlane(dom.canvas, state.runs, run, state.limits, t);
    drawChart(dom.chart, state.runs, run, optimum, t);
  }

  function showProgress() {
    const total = model.get("grid").length;
    const done = model.get("grid_done");
    const computing = model.get("computing");
    dom.progress.style.display = computing ? "flex" : "none";
    dom.progress.setAttribute("aria-valuemax", total);
    dom.progress.setAttribute("aria-valuenow", done);
    dom.bar.firstChild.style.width = `${(100 * done) / Math.max(total, 1)}%`;
    dom.progressText.textContent = t("running the weights: {done} of {total}", { done, total });
    dom.sweep.style.display = done < total && !computing ? "" : "none";
  }

  function requestGrid() {
    // once per instance and heuristic: run the whole grid in the kernel (progress shown)
    const key = `${model.get("instance")}|${model.get("heuristic")}`;
    const missing = model.get("grid_done") < model.get("grid").length;
    if (state.runs.length && missing && !model.get("computing") && !state.requested.has(key)) {
      state.requested.add(key);
      model.send({ type: "grid" });
    }
  }

  function select(weight) {
    const { index, exact } = indexFor(state.runs, weight);
    if (index >= 0) state.index = index;
    dom.pending.textContent = exact || !state.runs.length ? "" : t("running w = {w} in the kernel…", { w: formatG(weight) });
  }

  function loadRuns() {
    state.runs = decodeRuns(model.get("runs"));
    state.limits = planeLimits(state.runs);
    select(model.get("weight"));
    draw();
    showProgress();
    requestGrid();
  }

  function tellKernel(weight) {
    clearTimeout(state.timer);
    state.timer = setTimeout(() => {
      if (model.get("weight") !== weight) {
        model.set("weight", weight);
        model.save_changes();
      }
    }, SYNC_DELAY_MS);
  }

  function choose(index) {
    state.index = index;
    const run = runAt(state.runs, state.index);
    if (!run) return;
    dom.pending.textContent = "";
    draw(); // at once, in this frame: no kernel round trip
    tellKernel(run.weight);
  }
  listen(dom.slider, "input", () => choose(Number(dom.slider.value)));
  // The keys are handled here (JupyterLab's notebook cancels a range input's own arrow keys), on
  // the window in the capture phase while the slider has the focus: Notebook 7 handles keys on
  // the document in the capture phase, before they would reach the slider (arrows change cells).
  listen(
    window,
    "keydown",
    (event) => {
      if (event.target !== dom.slider) return;
      const next = keyStep(event.key, state.index, state.runs.length);
      if (next === null) return;
      event.preventDefault();
      event.stopPropagation();
      if (next !== state.index) choose(next);
    },
    true,
  );
  // what is typed into the widget's controls is not a notebook shortcut
  listen(dom.root, "keydown", (event) => {
    if (event.target !== dom.root) event.stopPropagation();
  });
  listen(dom.typed, "change", () => {
    const weight = Number(dom.typed.value);
    if (!(weight >= 1 && weight <= 10)) {
      dom.pending.textContent = t("type a weight from 1 to 10");
      return;
    }
    clearTimeout(state.timer);
    select(weight);
    draw();
    model.set("weight", weight);
    model.save_changes();
  });
  listen(dom.heuristic, "change", () => {
    model.set("heuristic", dom.heuristic.value);
    model.save_changes();
  });
  listen(dom.instance, "change", () => {
    model.set("instance", dom.instance.value);
    model.save_changes();
  });
  listen(dom.random, "click", () => model.send({ type: "random" }));
  listen(dom.sweep, "click", () => model.send({ type: "grid" }));

  const onWeight = () => {
    select(model.get("weight"));
    dom.typed.value = formatG(model.get("weight"));
    draw();
  };
  const onHeuristic = () => {
    dom.heuristic.replaceChildren(...model.get("heuristics").map((name) => element("option", { value: name }, shownName(name, t))));
    dom.heuristic.value = model.get("heuristic");
  };
  const onInstance = () => {
    dom.instance.value = model.get("instance");
  };
  const onError = () => {
    dom.error.textContent = model.get("error");
  };
  const handlers = [
    ["change:runs", loadRuns],
    ["change:weight", onWeight],
    ["change:optimal_length", draw],
    ["change:heuristic change:heuristics", onHeuristic],
    ["change:instance", onInstance],
    ["change:error", onError],
    ["change:grid_done change:computing", showProgress],
  ];
  for (const [name, handler] of handlers) model.on(name, handler);
  const resize = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => draw());
  if (resize) resize.observe(dom.root);

  onHeuristic();
  onInstance();
  onError();
  dom.typed.value = formatG(model.get("weight"));
  loadRuns();

  return () => {
    clearTimeout(state.timer);
    for (const remove of listeners) remove();
    for (const [name, handler] of handlers) model.off(name, handler);
    if (resize) resize.disconnect();
    dom.root.remove();
  };
}

export default { render };
