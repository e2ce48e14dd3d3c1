// The parity lab, live in the browser. Python (puzzlelab/widgets/parity_lab.py) is the model.
//
// What Python sends (traits):
//   tiles      the board, row by row (0 is the blank)
//   explained  the numbers of puzzlelab.parity.explain: inversions, blank rows, blank-row term,
//              invariant, verdict; the reading order (tiles without the blank) and which cells
//              hold a tile at home
//   pairs      the inverted pairs as bytes: reading-order positions i0 j0 i1 j1 ... (i < j)
//   selected   the cell picked by a first click in swap mode (or null)
//   size, sizes, mode, goal_choice, proof, proof_max_cells, palette, error, handled
// What the browser sends back:
//   messages {action: "click", cell}, {action: "reset"}, {action: "prove"}; and the settings
//   size, mode and goal_choice as trait changes. Python checks each one and answers with the new
//   board and its explanation in one update, which this module draws in the next frame; the arcs
//   then glide to their new places (arcs of pairs still inverted), fade in (new pairs) or out.
//
// Pure functions (decodePairs, readout, arcLayout, tweenArcs, ...) are exported for the Node
// tests (tests/js/parity_lab.test.mjs), which run them on what the Python side writes.

const SVG = "http://www.w3.org/2000/svg";
const MODES = ["swap two tiles", "slide the blank"];
const GOALS = [["last", "goal: blank last"], ["first", "goal: blank first"]];
// above this many arcs, one path draws them all (no per-arc animation: 5x5 has at most 276)
export const MAX_ANIMATED_ARCS = 600;
export const TWEEN_MS = 320;

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

// -- what Python sent, decoded ------------------------------------------------------------------
/** The bytes of a binary trait (a DataView in Jupyter, an ArrayBuffer or typed array elsewhere). */
export function bytesOf(value) {
  if (value == null) return new Uint8Array(0);
  if (value instanceof Uint8Array) return value;
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (Array.isArray(value)) return Uint8Array.from(value);
  throw new TypeError("pairs: expected bytes");
}

/** The inverted pairs [i, j] (reading-order positions, i < j) from the bytes i0 j0 i1 j1 ... */
export function decodePairs(value) {
  const bytes = bytesOf(value);
  if (bytes.length % 2) throw new RangeError(`pairs: an odd number of bytes (${bytes.length})`);
  const pairs = [];
  for (let k = 0; k < bytes.length; k += 2) pairs.push([bytes[k], bytes[k + 1]]);
  return pairs;
}

/** The four lines of text the lab shows (Python's parity_lab.readout writes the same lines). */
export function readout(e, t = english) {
  const values = { cols: e.cols, apart: e.row_distance, term: e.row_term };
  const rowTerm = e.row_distance === 1
    ? t("blank-row term: ({cols} - 1) x {apart} row = {term}", values)
    : t("blank-row term: ({cols} - 1) x {apart} rows = {term}", values);
  const verdict = e.solvable ? t("solvable") : t("NOT solvable");
  return {
    inversions: t("inversions: {n}", { n: e.inversions }),
    blank_rows: t("blank on row {row}, the goal's blank on row {goal_row} (0 = top)",
      { row: e.blank_row, goal_row: e.goal_blank_row }),
    row_term: rowTerm,
    verdict: t("{verdict}: invariant ({inversions} + {term}) mod 2 = {invariant}",
      { verdict, inversions: e.inversions, term: e.row_term, invariant: e.invariant }),
  };
}

/** What a click does now, in words (shown under the board). */
export function hint(mode, selected, t = english) {
  if (mode === "slide the blank") return t("Click a tile next to the blank to slide it.");
  if (selected == null) return t("Click a tile (or the blank), then a second one: they swap.");
  return t("Cell {cell} is picked: click another cell to swap them, or the same one to drop it.", { cell: selected });
}

// -- the arcs ---------------------------------------------------------------------------------------
/**
 * Where the reading order and its arcs go: tile k's centre at x = pad + (k + 0.5) * step, on a
 * baseline; an arc over the pair (i, j) is half an ellipse from tile i's centre to tile j's, its
 * height proportional to its span, the longest possible arc (first to last tile) reaching the top.
 */
export function arcLayout(pairs, n, { maxWidth = 560, maxStep = 40, arcHeight } = {}) {
  const step = Math.max(4, Math.min(maxStep, Math.floor(maxWidth / Math.max(n, 1))));
  const pad = 8;
  const half = ((n - 1) * step) / 2; // half the span of the longest possible arc
  const height = arcHeight ?? Math.min(120, Math.max(24, 0.6 * half)); // flat ellipses, not too tall
  const baseline = height + 6;
  const centre = (k) => pad + (k + 0.5) * step;
  const scale = n > 1 ? height / half : 0; // height per unit of half-span
  const arcs = pairs.map(([i, j]) => arcGeometry(centre(i), centre(j), scale, baseline, i, j));
  return { n, step, pad, baseline, scale, width: 2 * pad + n * step, height: baseline + step + 4,
           tileX: Array.from({ length: n }, (_, k) => centre(k)), arcs };
}

function arcGeometry(x1, x2, scale, baseline, i, j) {
  const rx = (x2 - x1) / 2;
  const ry = rx * scale;
  return { i, j, x1, x2, rx, ry, d: arcPath(x1, x2, ry, baseline) };
}

/** An SVG path: half an ellipse over the baseline from x1 to x2 with height ry. */
export function arcPath(x1, x2, ry, baseline) {
  const rx = Math.max((x2 - x1) / 2, 0.01);
  const r = (v) => Math.round(v * 100) / 100;
  return `M${r(x1)} ${r(baseline)}A${r(rx)} ${r(Math.max(ry, 0.01))} 0 0 1 ${r(x2)} ${r(baseline)}`;
}

/** A name for each arc that follows the two tiles (not their places): "a-b", a < b. */
export function arcKeys(pairs, reading) {
  return pairs.map(([i, j]) => {
    const a = reading[i], b = reading[j];
    return a < b ? `${a}-${b}` : `${b}-${a}`;
  });
}

/** Which arcs stay (the same two tiles still inverted), which appear, which go. */
export function diffArcs(beforeKeys, afterKeys) {
  const before = new Set(beforeKeys), after = new Set(afterKeys);
  return {
    kept: afterKeys.filter((k) => before.has(k)),
    added: afterKeys.filter((k) => !before.has(k)),
    removed: beforeKeys.filter((k) => !after.has(k)),
  };
}

const ease = (t) => (t < 0.5 ? 2 * t * t : 1 - 2 * (1 - t) * (1 - t));

/**
 * The arcs at time t (0..1) of the change from `before` to `after` (Maps key -> {x1, x2}):
 * kept arcs glide between their ends, new ones grow and fade in, old ones shrink and fade out.
 * Returns [{key, x1, x2, ry, opacity, state}] with ry = scale * half the span.
 */
export function tweenArcs(before, after, t, scale) {
  const s = ease(Math.min(Math.max(t, 0), 1));
  const out = [];
  const at = (key, x1, x2, grow, opacity, state) =>
    out.push({ key, x1, x2, ry: ((x2 - x1) / 2) * scale * grow, opacity, state });
  for (const [key, end] of after) {
    const start = before.get(key);
    if (start) at(key, start.x1 + (end.x1 - start.x1) * s, start.x2 + (end.x2 - start.x2) * s, 1, 1, "kept");
    else at(key, end.x1, end.x2, s, s, "added");
  }
  for (const [key, start] of before) {
    if (!after.has(key)) at(key, start.x1, start.x2, 1 - s, 1 - s, "removed");
  }
  return out;
}

/** The reading-order positions inverted with position k, and the pairs touching it. */
export function partnersOf(pairs, k) {
  return pairs.filter(([i, j]) => i === k || j === k).map(([i, j]) => (i === k ? j : i));
}

// -- the board ------------------------------------------------------------------------------------
/** The side of a cell in pixels for a rows x cols board (the board stays about 240 px wide). */
export function cellSize(rows, cols) {
  return Math.max(22, Math.min(56, Math.floor(240 / Math.max(rows, cols))));
}

/** The cell an arrow key moves the keyboard focus to (it stays put at an edge). */
export function moveFocus(cell, key, rows, cols) {
  const [r, c] = [Math.floor(cell / cols), cell % cols];
  const step = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[key];
  if (!step) return cell;
  const [r2, c2] = [r + step[0], c + step[1]];
  return r2 >= 0 && r2 < rows && c2 >= 0 && c2 < cols ? r2 * cols + c2 : cell;
}

/** The cell's name for a screen reader. */
export function cellLabel(cell, tile, { home = false, picked = false } = {}, t = english) {
  const what = tile === 0 ? t("the blank") : home ? t("tile {n}, at home", { n: tile }) : t("tile {n}", { n: tile });
  return picked ? t("cell {cell}: {what}, picked", { cell, what }) : t("cell {cell}: {what}", { cell, what });
}

function svgEl(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function htmlEl(name, attrs = {}, parent = null, text = "") {
  const node = document.createElement(name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

function styles(p) {
  return `
.puzzlelab-parity-lab { font: 13px/1.4 var(--jp-ui-font-family, system-ui, sans-serif);
  color: var(--jp-ui-font-color1, #222); padding: 6px; max-width: 760px; }
.puzzlelab-parity-lab:focus-visible, .puzzlelab-parity-lab button:focus-visible,
.puzzlelab-parity-lab select:focus-visible { outline: 3px solid #0072B2; outline-offset: 2px; }
.puzzlelab-parity-lab .pl-controls { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin-bottom: 8px; }
.puzzlelab-parity-lab .pl-controls > span { display: inline-flex; gap: 2px; }
.puzzlelab-parity-lab button, .puzzlelab-parity-lab select { font: inherit; padding: 3px 8px;
  border: 1px solid #888; border-radius: 3px; background: var(--jp-layout-color1, #fff); color: inherit; }
.puzzlelab-parity-lab button[aria-pressed="true"] { background: #0072B2; color: #fff; border-color: #0072B2; font-weight: 600; }
.puzzlelab-parity-lab button[aria-pressed="true"]::before { content: "\\2713  "; }
.puzzlelab-parity-lab button:disabled { opacity: .5; }
.puzzlelab-parity-lab .pl-main { display: flex; flex-wrap: wrap; gap: 18px; align-items: flex-start; }
.puzzlelab-parity-lab .pl-numbers > div { margin: 2px 0; }
.puzzlelab-parity-lab .puzzlelab-verdict { font-weight: 700; margin-top: 6px !important; }
.puzzlelab-parity-lab .puzzlelab-verdict.solvable { color: #006b4f; }
.puzzlelab-parity-lab .puzzlelab-verdict.unsolvable { color: #b00020; }
.puzzlelab-parity-lab .puzzlelab-verdict::before { content: attr(data-icon) " "; }
.puzzlelab-parity-lab .puzzlelab-proof { max-width: 330px; margin-top: 4px; }
.puzzlelab-parity-lab .pl-hint, .puzzlelab-parity-lab .pl-caption { color: var(--jp-ui-font-color2, #555); }
.puzzlelab-parity-lab .puzzlelab-error { color: #b00020; font-weight: 600; min-height: 1em; }
.puzzlelab-parity-lab .pl-tile { transition: transform 200ms ease-in-out; }
.puzzlelab-parity-lab .pl-tile rect { fill: ${p.away}; stroke: #333; stroke-width: 1; }
.puzzlelab-parity-lab .pl-tile.home rect { fill: ${p.home}; }
.puzzlelab-parity-lab .pl-tile.picked rect { fill: ${p.selected}; stroke: #000; stroke-width: 3; stroke-dasharray: 6 3; }
.puzzlelab-parity-lab .pl-tile .pl-mark { fill: ${p.mark}; display: none; }
.puzzlelab-parity-lab .pl-tile.home .pl-mark { display: inline; }
.puzzlelab-parity-lab .pl-tile text, .puzzlelab-parity-lab .pl-reading text { fill: #1b1b1b; font-weight: 600;
  text-anchor: middle; dominant-baseline: central; pointer-events: none; }
.puzzlelab-parity-lab .pl-blank rect { fill: none; stroke: #999; stroke-dasharray: 3 3; }
.puzzlelab-parity-lab .pl-cell { fill: transparent; cursor: pointer; outline: none; }
.puzzlelab-parity-lab .pl-cell:focus-visible, .puzzlelab-parity-lab .pl-cell:focus { stroke: #0072B2; stroke-width: 4; }
.puzzlelab-parity-lab .pl-cell.pending { stroke: #555; stroke-width: 2; stroke-dasharray: 2 3; }
.puzzlelab-parity-lab .pl-arc { fill: none; stroke: ${p.arc}; stroke-width: 1.3; }
.puzzlelab-parity-lab .pl-arcs.focused .pl-arc { stroke-opacity: .12; }
.puzzlelab-parity-lab .pl-arcs.focused .pl-arc.touching { stroke-opacity: 1; stroke-width: 2.6; }
.puzzlelab-parity-lab .pl-reading rect { stroke: #333; stroke-width: .8; }
@media (prefers-reduced-motion: reduce) { .puzzlelab-parity-lab .pl-tile { transition: none; } }
`;
}

// -- the view -------------------------------------------------------------------------------------
function buildDom(el, model, t) {
  const root = htmlEl("div", { class: "puzzlelab-parity-lab", tabindex: "0", role: "group",
                               "aria-label": t("parity lab") }, el);
  const style = htmlEl("style", {}, root);
  const controls = htmlEl("div", { class: "pl-controls" }, root);
  const size = htmlEl("select", { class: "pl-size", "aria-label": t("board size") }, controls);
  const goal = htmlEl("select", { class: "pl-goal", "aria-label": t("goal") }, controls);
  for (const [value, label] of GOALS) htmlEl("option", { value }, goal, t(label));
  const modeGroup = htmlEl("span", { role: "group", "aria-label": t("what a click does") }, controls);
  const modes = MODES.map((m) => htmlEl("button", { type: "button", class: "pl-mode", "data-mode": m }, modeGroup, t(m)));
  const reset = htmlEl("button", { type: "button", class: "pl-reset" }, controls, t("reset to goal"));
  const main = htmlEl("div", { class: "pl-main" }, root);
  const board = svgEl("svg", { class: "puzzlelab-board", role: "grid", "aria-label": t("the board") }, main);
  const numbers = htmlEl("div", { class: "pl-numbers" }, main);
  const out = {};
  for (const name of ["inversions", "blank-rows", "row-term", "verdict"]) {
    out[name] = htmlEl("div", { class: `puzzlelab-${name}` }, numbers);
  }
  out.verdict.setAttribute("aria-live", "polite");
  const prove = htmlEl("button", { type: "button", class: "pl-prove" }, numbers, t("prove it by search"));
  const proof = htmlEl("div", { class: "puzzlelab-proof", "aria-live": "polite" }, numbers);
  const hintLine = htmlEl("div", { class: "pl-hint" }, root);
  const caption = htmlEl("div", { class: "pl-caption" }, root);
  const picture = svgEl("svg", { class: "puzzlelab-inversion-picture", role: "img" }, root);
  const arcs = svgEl("g", { class: "pl-arcs" }, picture);
  const reading = svgEl("g", { class: "pl-reading" }, picture);
  const error = htmlEl("div", { class: "puzzlelab-error", role: "alert" }, root);
  return { root, style, size, goal, modes, reset, board, out, prove, proof, hint: hintLine, caption,
           picture, arcs, reading, error };
}

class ParityView {
  constructor(model, el) {
    this.model = model;
    this.t = translator(model.get("_labels"));
    this.dom = buildDom(el, model, this.t);
    this.tiles = new Map(); // tile number -> its <g> on the board
    this.cells = []; // cell number -> its focusable hit area
    this.shape = null; // [rows, cols] drawn
    this.arcNodes = new Map(); // arc key -> <path>
    this.shownArcs = new Map(); // arc key -> {x1, x2} where it is drawn now
    this.layout = null;
    this.pending = new Set();
    this.frame = 0;
    this.tween = 0;
    this.focusTile = null;
    this.searching = false;
    this.drawnArcs = "";
    this.handled = model.get("handled");
    this.listen();
  }

  // the student's actions ------------------------------------------------------------------------
  send(content, pendingCell = null) {
    if (pendingCell != null) this.pending.add(pendingCell);
    this.model.send(content);
    this.draw();
  }

  setTrait(name, value) {
    this.model.set(name, value);
    this.model.save_changes();
  }

  listen() {
    const d = this.dom;
    d.size.addEventListener("change", () => this.setTrait("size", d.size.value.split("x").map(Number)));
    d.goal.addEventListener("change", () => this.setTrait("goal_choice", d.goal.value));
    d.modes.forEach((b) => b.addEventListener("click", () => this.setTrait("mode", b.dataset.mode)));
    d.reset.addEventListener("click", () => this.send({ action: "reset" }));
    d.prove.addEventListener("click", () => {
      this.searching = true;
      this.send({ action: "prove" });
    });
    d.board.addEventListener("click", (event) => this.onCell(event));
    d.board.addEventListener("keydown", (event) => this.onKey(event));
    d.board.addEventListener("focusin", (event) => this.onFocusCell(event));
    d.board.addEventListener("pointerover", (event) => this.onFocusCell(event));
    d.board.addEventListener("focusout", () => this.focusArcs(null));
    d.board.addEventListener("pointerleave", () => this.focusArcs(null));
    this.onChange = (event) => this.changed(event);
    for (const name of ["tiles", "explained", "pairs", "selected", "mode", "goal_choice", "size",
                        "sizes", "proof", "error", "handled", "palette", "proof_max_cells"]) {
      this.model.on(`change:${name}`, this.onChange);
    }
  }

  cellOf(event) {
    const cell = event.target.closest ? event.target.closest("[data-cell]") : null;
    return cell ? Number(cell.dataset.cell) : null;
  }

  onCell(event) {
    const cell = this.cellOf(event);
    if (cell == null) return;
    this.send({ action: "click", cell }, cell);
  }

  onKey(event) {
    const cell = this.cellOf(event);
    if (cell == null) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      this.send({ action: "click", cell }, cell);
      return;
    }
    const [rows, cols] = this.shape;
    const next = moveFocus(cell, event.key, rows, cols);
    if (next !== cell) {
      event.preventDefault();
      this.cells[cell].setAttribute("tabindex", "-1");
      this.cells[next].setAttribute("tabindex", "0");
      this.cells[next].focus();
    }
  }

  onFocusCell(event) {
    const cell = this.cellOf(event);
    if (cell == null) return;
    const tile = this.model.get("tiles")[cell];
    this.focusArcs(tile === 0 ? null : tile);
  }

  /** Emphasise the arcs of one tile and say which tiles it is inverted with. */
  focusArcs(tile) {
    this.focusTile = tile;
    const e = this.model.get("explained");
    const t = this.t;
    const pairs = this.pairs || [];
    const k = tile == null ? -1 : e.reading.indexOf(tile);
    this.dom.arcs.classList.toggle("focused", k >= 0);
    const keys = new Set(k >= 0 ? arcKeys(pairs.filter(([i, j]) => i === k || j === k), e.reading) : []);
    for (const [key, node] of this.arcNodes) node.classList.toggle("touching", keys.has(key));
    if (k < 0) {
      this.dom.caption.textContent = t("The tiles in reading order (blank left out): an arc joins each inverted pair.");
    } else {
      const partners = partnersOf(pairs, k).map((p) => e.reading[p]);
      const values = { tile, partners: partners.join(", "), n: partners.length };
      this.dom.caption.textContent = partners.length === 0
        ? t("Tile {tile} is in no inverted pair.", values)
        : partners.length === 1
          ? t("Tile {tile} is inverted with {partners} ({n} pair).", values)
          : t("Tile {tile} is inverted with {partners} ({n} pairs).", values);
    }
  }

  // what Python sent ----------------------------------------------------------------------------
  changed() {
    const handled = this.model.get("handled");
    if (handled !== this.handled) {  // Python answered: nothing is pending any more
      this.handled = handled;
      this.pending.clear();
      this.searching = false;
    }
    this.receivedAt = performance.now();
    if (!this.frame) this.frame = requestAnimationFrame((time) => this.drawFrame(time));
  }

  drawFrame(time) {
    this.frame = 0;
    this.draw();
    // when Python's answer arrived, and the frame that drew it (for the browser tests)
    this.dom.root.dataset.receivedAt = String(this.receivedAt);
    this.dom.root.dataset.drawnFrame = String(time);
    this.dom.root.dataset.drawnAt = String(performance.now());
  }

  draw() {
    const m = this.model;
    const e = m.get("explained");
    this.dom.style.textContent = styles(m.get("palette"));
    this.drawControls();
    this.drawBoard(m.get("tiles"), e);
    this.drawNumbers(e);
    this.drawArcs(e, decodePairs(m.get("pairs")));
    this.dom.error.textContent = m.get("error");
  }

  drawControls() {
    const m = this.model, d = this.dom;
    const sizes = m.get("sizes").map(([r, c]) => `${r}x${c}`);
    if ([...d.size.options].map((o) => o.value).join() !== sizes.join()) {
      d.size.replaceChildren(...sizes.map((s) => htmlEl("option", { value: s }, null, s)));
    }
    const [rows, cols] = m.get("size");
    d.size.value = `${rows}x${cols}`;
    d.goal.value = m.get("goal_choice");
    for (const b of d.modes) b.setAttribute("aria-pressed", String(b.dataset.mode === m.get("mode")));
    const tooBig = rows * cols > m.get("proof_max_cells");
    d.prove.disabled = tooBig;
    d.prove.title = tooBig ? this.t("search covers boards of at most {n} cells", { n: m.get("proof_max_cells") }) : "";
    d.hint.textContent = hint(m.get("mode"), m.get("selected"), this.t);
  }

  drawBoard(tiles, e) {
    const [rows, cols] = [e.rows, e.cols];
    if (!this.shape || this.shape[0] !== rows || this.shape[1] !== cols || this.tiles.size !== tiles.length) {
      this.buildBoard(rows, cols);
    }
    const side = cellSize(rows, cols);
    const selected = this.model.get("selected");
    tiles.forEach((tile, cell) => {
      const g = this.tiles.get(tile);
      const [x, y] = [(cell % cols) * side, Math.floor(cell / cols) * side];
      g.style.transform = `translate(${x}px, ${y}px)`;
      g.classList.toggle("home", Boolean(e.home[cell]));
      g.classList.toggle("picked", selected === cell);
      const hit = this.cells[cell];
      hit.setAttribute("aria-label", cellLabel(cell, tile, { home: e.home[cell], picked: selected === cell }, this.t));
      hit.setAttribute("aria-pressed", String(selected === cell));
      hit.classList.toggle("pending", this.pending.has(cell));
    });
  }

  buildBoard(rows, cols) {
    const board = this.dom.board;
    board.replaceChildren();
    this.tiles.clear();
    this.cells = [];
    this.shape = [rows, cols];
    const side = cellSize(rows, cols), gap = 3, n = rows * cols;
    board.setAttribute("width", cols * side);
    board.setAttribute("height", rows * side);
    board.setAttribute("viewBox", `0 0 ${cols * side} ${rows * side}`);
    for (let tile = 0; tile < n; tile++) {
      const g = svgEl("g", { class: tile === 0 ? "pl-tile pl-blank" : "pl-tile" }, board);
      svgEl("rect", { x: gap / 2, y: gap / 2, width: side - gap, height: side - gap, rx: 4 }, g);
      if (tile !== 0) {
        const m = side * 0.3, far = side - gap / 2 - 1;
        svgEl("path", { class: "pl-mark", d: `M${far} ${far - m}L${far} ${far}L${far - m} ${far}Z` }, g);
        svgEl("text", { x: side / 2, y: side / 2, "font-size": Math.round(side * 0.42) }, g).textContent = String(tile);
      }
      this.tiles.set(tile, g);
    }
    for (let cell = 0; cell < n; cell++) {
      const x = (cell % cols) * side, y = Math.floor(cell / cols) * side;
      this.cells.push(svgEl("rect", { class: "pl-cell", x, y, width: side, height: side, rx: 4,
                                      "data-cell": cell, role: "button", tabindex: cell === 0 ? "0" : "-1" }, board));
    }
  }

  drawNumbers(e) {
    const lines = readout(e, this.t), out = this.dom.out;
    out.inversions.textContent = lines.inversions;
    out["blank-rows"].textContent = lines.blank_rows;
    out["row-term"].textContent = lines.row_term;
    out.verdict.textContent = lines.verdict;
    out.verdict.dataset.icon = e.solvable ? "\u2713" : "\u2717"; // a tick or a cross, not colour alone
    out.verdict.className = `puzzlelab-verdict ${e.solvable ? "solvable" : "unsolvable"}`;
    this.dom.proof.textContent = this.searching ? this.t("searching every arrangement...") : this.model.get("proof");
  }

  drawArcs(e, pairs) {
    const d = this.dom, n = e.reading.length;
    const drawn = `${e.reading.join(" ")}|${pairs.join(" ")}`;
    if (drawn === this.drawnArcs) return; // nothing new: let a running animation finish
    this.drawnArcs = drawn;
    const layout = arcLayout(pairs, n);
    const sameRow = this.layout && this.layout.n === n;
    this.layout = layout;
    this.pairs = pairs;
    d.picture.setAttribute("viewBox", `0 0 ${layout.width} ${layout.height}`);
    d.picture.setAttribute("width", layout.width);
    d.picture.setAttribute("height", layout.height);
    d.picture.dataset.inversions = String(pairs.length);
    const described = { n: pairs.length, reading: e.reading.join(" ") };
    d.picture.setAttribute("aria-label", pairs.length === 1
      ? this.t("{n} inverted pair over the reading order {reading}", described)
      : this.t("{n} inverted pairs over the reading order {reading}", described));
    this.drawReading(e, pairs, layout);
    const keys = arcKeys(pairs, e.reading);
    const target = new Map(keys.map((key, k) => [key, { x1: layout.arcs[k].x1, x2: layout.arcs[k].x2 }]));
    cancelAnimationFrame(this.tween);
    const reduced = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (!sameRow || reduced || pairs.length > MAX_ANIMATED_ARCS || this.shownArcs.size > MAX_ANIMATED_ARCS) {
      this.placeArcs(tweenArcs(new Map(), target, 1, layout.scale), layout);
    } else {
      const before = this.shownArcs, start = performance.now();
      const step = (now) => {
        const t = (now - start) / TWEEN_MS;
        this.placeArcs(tweenArcs(before, target, t, layout.scale), layout);
        if (t < 1) this.tween = requestAnimationFrame(step);
      };
      step(start);
    }
    this.shownArcs = target;
    this.focusArcs(this.focusTile);
  }

  /** Put the arcs where `arcs` says (one <path> each, or one path for them all when there are many). */
  placeArcs(arcs, layout) {
    const group = this.dom.arcs;
    if (arcs.length > MAX_ANIMATED_ARCS) {
      group.replaceChildren(svgEl("path", { class: "pl-arc", "stroke-opacity": 0.25,
        d: arcs.map((a) => arcPath(a.x1, a.x2, a.ry, layout.baseline)).join("") }));
      this.arcNodes.clear();
      return;
    }
    const seen = new Set();
    for (const a of arcs) {
      let node = this.arcNodes.get(a.key);
      if (!node || !node.isConnected) {
        node = svgEl("path", { class: "pl-arc", "data-key": a.key }, group);
        this.arcNodes.set(a.key, node);
      }
      node.setAttribute("d", arcPath(a.x1, a.x2, a.ry, layout.baseline));
      node.setAttribute("opacity", a.opacity.toFixed(3));
      node.dataset.state = a.state;
      seen.add(a.key);
    }
    for (const [key, node] of this.arcNodes) {
      if (!seen.has(key) || node.getAttribute("opacity") === "0.000") {
        node.remove();
        this.arcNodes.delete(key);
      }
    }
  }

  drawReading(e, pairs, layout) {
    const involved = new Set(pairs.flat());
    const g = this.dom.reading, s = layout.step;
    g.replaceChildren();
    e.reading.forEach((tile, k) => {
      const x = layout.tileX[k] - s / 2 + 1, y = layout.baseline + 2;
      svgEl("rect", { x, y, width: s - 2, height: s - 2, rx: 3,
                      fill: involved.has(k) ? this.model.get("palette").away : this.model.get("palette").home }, g);
      if (s >= 14) {
        svgEl("text", { x: layout.tileX[k], y: y + (s - 2) / 2, "font-size": Math.round(s * 0.45) }, g).textContent = String(tile);
      }
    });
  }

  destroy() {
    for (const name of ["tiles", "explained", "pairs", "selected", "mode", "goal_choice", "size",
                        "sizes", "proof", "error", "handled", "palette", "proof_max_cells"]) {
      this.model.off(`change:${name}`, this.onChange);
    }
    cancelAnimationFrame(this.frame);
    cancelAnimationFrame(this.tween);
    this.dom.root.remove();
  }
}

export default {
  render({ model, el }) {
    const view = new ParityView(model, el);
    view.draw();
    view.focusArcs(null);
    return () => view.destroy();
  },
};
