// The search player: replays a recorded best-first search (BFS, greedy, A*, weighted A*, the
// article's solver) in the browser, step by step, with no work for the kernel per frame.
//
// Python runs the search once and sends it packed (puzzlelab/search/encode.py explains the
// layout): a JSON header, then a few columns of numbers. This module decodes them, rebuilds the
// boards, and at every step draws
//   - the node being expanded and its children (skipped children dashed),
//   - the frontier's best entries (the one expanded next first) and the frontier's size,
//   - the path from the start to the node,
//   - f and the frontier's size against the step (the current step marked),
//   - every expanded node in the (g, h) plane, with the line of equal f through the current one.
// Keys: space plays or pauses, the arrows step, Home and End jump to the first and last step.
// The kernel learns the step only when the replay stops (pause, a step, the end of a scrub).
//
// The functions exported by name are pure (no DOM): the Node tests check them against the
// library's own Trace at every step of several runs (tests/js/search_player.test.mjs).

export const MAGIC = "PLRUN01\n";
export const MAGIC_ZLIB = "PLRUNZ1\n";
export const FORMAT_VERSION = 1;
const NO_MOVE = 255;
const TYPES = {
  "|u1": Uint8Array, "<u1": Uint8Array, "<u2": Uint16Array, "<u4": Uint32Array,
  "<f4": Float32Array, "<f8": Float64Array,
};
// Okabe-Ito colours (the same as puzzlelab/colors.py)
const BLUE = "#0072B2", ORANGE = "#E69F00", VERMILLION = "#D55E00", GREEN = "#009E73", GREY = "#bbbbbb";
export const SPEEDS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];  // steps per second

// -- decoding ----------------------------------------------------------------------------------
function asBytes(data) {
  if (data instanceof Uint8Array) return data;
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return new Uint8Array(data);  // an ArrayBuffer
}

function startsWith(bytes, text) {
  if (bytes.length < text.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[i] !== text.charCodeAt(i)) return false;
  return true;
}

/** Inflate zlib-compressed bytes with the browser's (or Node's) own DecompressionStream. */
export async function inflate(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A packed run (compressed or not), decoded: see decode. */
export async function unpack(data) {
  let bytes = asBytes(data);
  if (startsWith(bytes, MAGIC_ZLIB)) bytes = await inflate(bytes.subarray(MAGIC_ZLIB.length));
  return decode(bytes);
}

/** Read the header and the columns of an uncompressed packed run, and rebuild what they imply. */
export function decode(data) {
  const bytes = asBytes(data);
  if (!startsWith(bytes, MAGIC)) throw new Error("these bytes are not a packed search run");
  const length = new DataView(bytes.buffer, bytes.byteOffset + MAGIC.length, 4).getUint32(0, true);
  const body = MAGIC.length + 4;
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(body, body + length)));
  if (header.version !== FORMAT_VERSION) throw new Error(`a packed run of version ${header.version}`);
  const columns = {};
  for (const [name, dtype, offset, count] of header.layout) {
    const Type = TYPES[dtype];
    const start = body + length + offset;
    // a copy, so every column starts on its own aligned buffer (Uint8Array's slice: Node's
    // Buffer.slice would return a view into a shared pool)
    const copy = Uint8Array.prototype.slice.call(bytes, start, start + count * Type.BYTES_PER_ELEMENT);
    columns[name] = new Type(copy.buffer);
  }
  return rebuild(header, columns);
}

function rebuild(header, columns) {
  const run = {
    header, columns, steps: header.steps, nodes: header.nodes,
    rows: header.rows, cols: header.cols, cells: header.rows * header.cols,
  };
  // children made at step k are nodes firstChild[k-1] .. firstChild[k]-1; skipped ones likewise
  run.firstChild = new Uint32Array(run.steps + 1);
  run.firstSkip = new Uint32Array(run.steps + 1);
  run.firstChild[0] = 1;
  for (let k = 0; k < run.steps; k++) {
    run.firstChild[k + 1] = run.firstChild[k] + columns.step_generated[k];
    run.firstSkip[k + 1] = run.firstSkip[k] + columns.step_skipped[k];
  }
  run.born = new Uint32Array(run.nodes);
  run.parent = new Int32Array(run.nodes).fill(-1);
  for (let k = 1; k <= run.steps; k++) {
    for (let i = run.firstChild[k - 1]; i < run.firstChild[k]; i++) {
      run.born[i] = k;
      run.parent[i] = columns.step_node[k - 1];
    }
  }
  buildBoards(run);
  run.byKey = keyOrder(run);
  run.live = liveCounts(run);
  return run;
}

/** Every node's board (parents come before children: the parent's with the blank moved). */
function buildBoards(run) {
  const { cells, cols, nodes } = run;
  run.boards = new Uint8Array(nodes * cells);
  run.blank = new Int32Array(nodes);
  run.g = new Uint32Array(nodes);
  if (!nodes) return;
  run.boards.set(run.header.start, 0);
  run.blank[0] = run.header.start.indexOf(0);
  const deltas = moveDeltas(cols);
  const moves = run.columns.node_move;
  for (let i = 1; i < nodes; i++) {
    const p = run.parent[i], from = run.blank[p], to = from + deltas[moves[i]];
    run.boards.copyWithin(i * cells, p * cells, (p + 1) * cells);
    run.boards[i * cells + from] = run.boards[i * cells + to];
    run.boards[i * cells + to] = 0;
    run.blank[i] = to;
    run.g[i] = run.g[p] + 1;
  }
}

/** How far the blank moves in the row-major tile list for each move "U", "D", "L", "R". */
export function moveDeltas(cols) {
  return [-cols, cols, -1, 1];
}

/** The frontier entries (every node but the start) in the engine's order: smallest key first. */
function keyOrder(run) {
  const f = run.columns.node_f, g = run.g, deep = run.header.ties === "deep";
  const order = Array.from({ length: Math.max(0, run.nodes - 1) }, (_, i) => i + 1);
  // key (f, -g, i + 1) for "deep" ties, (f, 0, -(i + 1)) for the article's newest-first list
  order.sort((a, b) => (f[a] - f[b]) || (deep ? (g[b] - g[a]) || (a - b) : b - a));
  return Uint32Array.from(order);
}

/** live[k]: how many entries are on the frontier just after step k (made, not yet gone). */
function liveCounts(run) {
  const live = new Int32Array(run.steps + 2);
  const dies = run.columns.node_dies;
  for (let i = 1; i < run.nodes; i++) {
    live[run.born[i]] += 1;
    if (dies[i] <= run.steps) live[dies[i]] -= 1;
  }
  for (let k = 1; k <= run.steps + 1; k++) live[k] += live[k - 1];
  return live;
}

// -- what a step shows --------------------------------------------------------------------------
/** A node as the pictures use it: its tiles, g, h, f and the move that made it. */
export function nodeAt(run, i) {
  const move = run.columns.node_move[i];
  return {
    index: i, tiles: run.boards.subarray(i * run.cells, (i + 1) * run.cells), g: run.g[i],
    h: run.columns.node_h[i], f: run.columns.node_f[i], move: move === NO_MOVE ? null : run.header.moves[move],
  };
}

export function expandedIndex(run, step) {
  return run.columns.step_node[step - 1];
}

export function node(run, step) {
  return nodeAt(run, expandedIndex(run, step));
}

/** The children of the node expanded at step: those put on the frontier and those skipped. */
export function children(run, step) {
  const generated = [];
  for (let i = run.firstChild[step - 1]; i < run.firstChild[step]; i++) generated.push(nodeAt(run, i));
  const parent = expandedIndex(run, step), deltas = moveDeltas(run.cols), skipped = [];
  for (let j = run.firstSkip[step - 1]; j < run.firstSkip[step]; j++) {
    const code = run.columns.skip_move[j], tiles = run.boards.slice(parent * run.cells, (parent + 1) * run.cells);
    const from = run.blank[parent], to = from + deltas[code];
    tiles[from] = tiles[to];
    tiles[to] = 0;
    skipped.push({ index: -1, tiles, g: run.g[parent] + 1, h: NaN, f: NaN, move: run.header.moves[code] });
  }
  return { generated, skipped };
}

export function isAlive(run, i, step) {
  return i > 0 && run.born[i] <= step && run.columns.node_dies[i] > step;
}

/** The frontier just after step: its best entries (the next one expanded first) and its size. */
export function frontier(run, step, best = 5) {
  const nodes = [];
  for (let j = 0; j < run.byKey.length && nodes.length < best; j++) {
    if (isAlive(run, run.byKey[j], step)) nodes.push(nodeAt(run, run.byKey[j]));
  }
  return { nodes, size: run.live[step] };
}

/** The nodes from the start to the one expanded at step. */
export function path(run, step) {
  const chain = [];
  for (let i = expandedIndex(run, step); i >= 0; i = run.parent[i]) chain.push(nodeAt(run, i));
  return chain.reverse();
}

/** The engine's frontier count after the step's last event (what Trace.describe says). */
export function frontierAfter(run, step) {
  if (step === run.steps) return run.header.end_frontier;
  return run.columns.step_frontier[step - 1] + run.columns.step_generated[step - 1];
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

/** What a menu shows for an identifier such as "linear_conflict": t() of it written with spaces
 * where the labels translate that, else the identifier itself (so English shows it unchanged). */
export function shownName(name, t = english) {
  const key = String(name).replaceAll("_", " ");
  const shown = t(key);
  return shown === key ? String(name) : shown;
}

/** A number as Python's format(x, "g") writes it (6 significant digits, no trailing zeros). */
export function formatG(x) {
  if (Number.isNaN(x)) return "nan";
  if (Number.isInteger(x) && Math.abs(x) < 1e6) return String(x);
  return String(Number(x.toPrecision(6)));
}

/** One line about step: the same text as Trace.describe(step) in Python. */
export function describe(run, step, t = english) {
  const n = node(run, step), kids = children(run, step);
  return t("step {step} of {steps}: expand g={g} h={h} f={f}; {generated} new children, {skipped} skipped; frontier {frontier}", {
    step, steps: run.steps, g: n.g, h: formatG(n.h), f: formatG(n.f),
    generated: kids.generated.length, skipped: kids.skipped.length, frontier: frontierAfter(run, step),
  });
}

/** Playing: the step after `ms` milliseconds at `speed` steps a second (carry: the fraction left). */
export function advance(step, carry, ms, speed, steps) {
  const total = carry + (ms / 1000) * speed;
  const whole = Math.floor(total);
  const next = Math.min(steps, step + whole);
  return { step: next, carry: next === steps ? 0 : total - whole, done: next >= steps };
}

export function clampStep(step, steps) {
  const k = Math.round(Number(step));
  if (!Number.isFinite(k) || steps < 1) return 1;
  return Math.min(steps, Math.max(1, k));
}

/** The (x, y) of each cell's top-left corner on a board drawn with square cells of `size`. */
export function cellOrigins(rows, cols, size) {
  const origins = [];
  for (let i = 0; i < rows * cols; i++) origins.push([(i % cols) * size, Math.floor(i / cols) * size]);
  return origins;
}

// -- drawing -------------------------------------------------------------------------------------
const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, parent = null) {
  const element = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) element.setAttribute(k, v);
  if (parent) parent.appendChild(element);
  return element;
}

function html(tag, attrs = {}, parent = null, text = "") {
  const element = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) element.setAttribute(k, v);
  if (text) element.textContent = text;
  if (parent) parent.appendChild(element);
  return element;
}

/** A board drawn once as SVG cells, then updated in place (no elements made per frame). */
function boardView(parent, rows, cols, size, x, y) {
  const group = svg("g", { transform: `translate(${x},${y})` }, parent);
  const frame = svg("rect", { width: cols * size, height: rows * size, fill: "none", stroke: "#333", "stroke-width": 1.5 }, group);
  const cells = cellOrigins(rows, cols, size).map(([cx, cy]) => {
    const rect = svg("rect", { x: cx + 1, y: cy + 1, width: size - 2, height: size - 2, rx: 2 }, group);
    const home = svg("rect", { x: cx + 3, y: cy + size - 5, width: size - 6, height: 2 }, group);  // underline: tile at home
    const text = svg("text", { x: cx + size / 2, y: cy + size / 2, "text-anchor": "middle", "dominant-baseline": "central",
      "font-size": Math.max(7, size * 0.5), "font-family": "sans-serif" }, group);
    return { rect, home, text };
  });
  const label = svg("text", { x: (cols * size) / 2, y: rows * size + 12, "text-anchor": "middle", "font-size": 11,
    "font-family": "sans-serif" }, group);
  // what is drawn now: the DOM is touched only where a frame changes something (playing is fast)
  const shown = { tiles: new Int16Array(rows * cols).fill(-1), caption: null, look: null };
  return {
    group, label,
    show(tiles, goal, { caption = "", dashed = false, visible = true } = {}) {
      const look = visible ? (dashed ? "dashed" : "solid") : "hidden";
      if (look !== shown.look) {
        group.setAttribute("visibility", visible ? "visible" : "hidden");
        frame.setAttribute("stroke-dasharray", dashed ? "4 3" : "none");
        group.setAttribute("opacity", dashed ? 0.55 : 1);
        shown.look = look;
      }
      if (!visible) return;
      for (let i = 0; i < tiles.length; i++) {
        const tile = tiles[i];
        if (shown.tiles[i] === tile) continue;
        shown.tiles[i] = tile;
        const atHome = tile !== 0 && goal.length > 0 && goal[i] === tile;
        cells[i].rect.setAttribute("fill", tile === 0 ? "#f2f2f2" : atHome ? "#cde9df" : "#dbe9f6");
        cells[i].home.setAttribute("fill", atHome ? GREEN : "none");
        cells[i].text.textContent = tile === 0 ? "" : String(tile);
      }
      if (caption !== shown.caption) {
        label.textContent = caption;
        shown.caption = caption;
      }
    },
  };
}

function nodeCaption(n) {
  return `f=${formatG(n.f)} g=${n.g} h=${formatG(n.h)}`;
}

/** Canvases stacked at the screen's pixel density, under an SVG overlay: what never changes is
 * drawn once on the canvases, and a frame moves only a few overlay elements (no pixels copied). */
function stack(parent, width, height, label, count) {
  const box = html("div", { role: "img", "aria-label": label }, parent);
  box.style.cssText = `position: relative; width: ${width}px; height: ${height}px;`;
  const ratio = globalThis.devicePixelRatio || 1;
  const layers = Array.from({ length: count }, () => {
    const c = html("canvas", {}, box);
    c.width = width * ratio;
    c.height = height * ratio;
    c.style.cssText = `position: absolute; left: 0; top: 0; width: ${width}px; height: ${height}px;`;
    const context = c.getContext("2d");
    context.scale(ratio, ratio);
    return { canvas: c, context, width, height };
  });
  const overlay = svg("svg", { width, height, style: "position: absolute; left: 0; top: 0; overflow: hidden" }, box);
  const caption = svg("text", { x: width / 2, y: 12, "text-anchor": "middle", "font-size": 11, "font-family": "sans-serif" }, overlay);
  return { layers, overlay, caption };
}

function niceMax(x) {
  if (!(x > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(x)), m = x / p;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}

const PAD = { left: 40, right: 46, top: 34, bottom: 28 };  // the caption and axis names sit above

function axes(ctx, width, height, xMax, yMax, xLabel, yLabel, y2Max = null, y2Label = "") {
  const w = width - PAD.left - PAD.right, h = height - PAD.top - PAD.bottom;
  ctx.font = "10px sans-serif";
  ctx.strokeStyle = "#444";
  ctx.fillStyle = "#222";
  ctx.lineWidth = 1;
  ctx.strokeRect(PAD.left, PAD.top, w, h);
  ctx.textAlign = "center";
  for (let t = 0; t <= 4; t++) {
    ctx.fillText(formatG(Math.round((xMax * t) / 4)), PAD.left + (w * t) / 4, PAD.top + h + 12);
  }
  ctx.fillText(xLabel, PAD.left + w / 2, height - 3);
  ctx.textAlign = "right";
  for (let t = 0; t <= 4; t++) ctx.fillText(formatG(Math.round((yMax * t) / 4)), PAD.left - 3, PAD.top + h - (h * t) / 4 + 3);
  if (y2Max !== null) {
    ctx.textAlign = "left";
    for (let t = 0; t <= 4; t++) ctx.fillText(formatG(Math.round((y2Max * t) / 4)), PAD.left + w + 3, PAD.top + h - (h * t) / 4 + 3);
  }
  ctx.textAlign = "left";
  ctx.fillText(yLabel, 2, PAD.top - 6);
  if (y2Label) {
    ctx.textAlign = "right";
    ctx.fillText(y2Label, width - 2, PAD.top - 6);
  }
  return {
    x: (v) => PAD.left + (w * v) / xMax,
    y: (v) => PAD.top + h - (h * v) / yMax,
    y2: (v) => PAD.top + h - (h * v) / (y2Max || 1),
    top: PAD.top, bottom: PAD.top + h, left: PAD.left, right: PAD.left + w,
  };
}

/** f and the frontier size against the step: drawn once, then only the marker moves. */
function progressChart(parent, run, t = english) {
  const { layers: [back], overlay, caption } = stack(parent, 400, 220, t("f and frontier size against the step"), 1);
  const ctx = back.context;
  const f = [], size = [];
  for (let k = 1; k <= run.steps; k++) {
    f.push(node(run, k).f);
    size.push(run.columns.step_frontier[k - 1]);
  }
  const fMax = niceMax(Math.max(1, ...f)), sMax = niceMax(Math.max(1, ...size));
  const map = axes(ctx, back.width, back.height, Math.max(1, run.steps), fMax, t("step"), t("f (solid)"), sMax, t("frontier (dashed)"));
  const line = (values, y, colour, dash) => {
    ctx.strokeStyle = colour;
    ctx.setLineDash(dash);
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    const every = Math.max(1, Math.floor(values.length / 2000));  // at most ~2,000 vertices
    values.forEach((v, i) => { if (i % every === 0 || i === values.length - 1) ctx.lineTo(map.x(i + 1), y(v)); });
    ctx.stroke();
    ctx.setLineDash([]);
  };
  line(f, map.y, BLUE, []);
  line(size, map.y2, ORANGE, [5, 3]);
  const marker = svg("line", { y1: map.top, y2: map.bottom, stroke: VERMILLION, "stroke-width": 1.5 }, overlay);
  return {
    draw(step) {
      const x = map.x(step);
      marker.setAttribute("x1", x);
      marker.setAttribute("x2", x);
      caption.textContent = t("step {step}: f={f}, frontier size when expanded {size}", { step, f: formatG(f[step - 1]), size: size[step - 1] });
    },
  };
}

/** Every expanded node at (g, h): the whole run in grey, the nodes expanded so far in blue. */
function ghPlane(parent, run, t = english) {
  const { layers: [back, done], overlay, caption } = stack(parent, 300, 220, t("the expanded nodes in the (g, h) plane"), 2);
  const g = [], h = [];
  for (let k = 1; k <= run.steps; k++) {
    const i = expandedIndex(run, k);
    g.push(run.g[i]);
    h.push(run.columns.node_h[i]);
  }
  const map = axes(back.context, back.width, back.height, niceMax(Math.max(1, ...g)), niceMax(Math.max(1, ...h)), t("g (moves so far)"), t("h (estimate left)"));
  const dot = (ctx, k) => ctx.fillRect(map.x(g[k]) - 2, map.y(h[k]) - 2, 4, 4);
  back.context.fillStyle = GREY;
  for (let k = 0; k < run.steps; k++) dot(back.context, k);
  let drawn = 0;  // the done layer holds steps 1..drawn
  const weight = run.header.weight;
  const plot = svg("svg", { x: map.left, y: map.top, width: map.right - map.left, height: map.bottom - map.top,
    viewBox: `${map.left} ${map.top} ${map.right - map.left} ${map.bottom - map.top}` }, overlay);  // clips the line
  const fLine = svg("line", { stroke: VERMILLION, "stroke-dasharray": "4 3", "stroke-width": 1.2 }, plot);
  const current = svg("path", { d: "M0,-6 L6,0 L0,6 L-6,0 Z", fill: VERMILLION }, overlay);
  const equal = weight ? (weight === 1 ? t(", dashed: f = g + h") : t(", dashed: f = g + {w}h", { w: formatG(weight) })) : "";
  if (!weight) fLine.setAttribute("visibility", "hidden");
  return {
    draw(step) {
      if (step < drawn) {
        done.context.clearRect(0, 0, done.width, done.height);
        drawn = 0;
      }
      done.context.fillStyle = BLUE;
      for (; drawn < step; drawn++) dot(done.context, drawn);
      current.setAttribute("transform", `translate(${map.x(g[step - 1])},${map.y(h[step - 1])})`);
      if (weight) {  // the nodes with the current f: g + w*h = f
        const f = g[step - 1] + weight * h[step - 1];
        fLine.setAttribute("x1", map.x(0));
        fLine.setAttribute("y1", map.y(f / weight));
        fLine.setAttribute("x2", map.x(f));
        fLine.setAttribute("y2", map.y(0));
      }
      caption.textContent = t("expanded so far: {step} (blue){equal}", { step, equal });
    },
  };
}

/** The last boards of the path, tiny, on one canvas (cells tinted when their tile is home).
 * Each tile is drawn once into an atlas (away and home versions) and then copied: text is slow
 * to draw, and a playing replay redraws the trail every frame. */
function pathTrail(parent, rows, cols, size, count, t = english) {
  const width = cols * size + 6, { layers: [layer] } = stack(parent, count * width, rows * size + 2, t("the last boards on the path"), 1);
  const ratio = globalThis.devicePixelRatio || 1, cells = rows * cols, px = size * ratio;
  const atlas = document.createElement("canvas");
  atlas.width = cells * px;
  atlas.height = 2 * px;
  const a = atlas.getContext("2d");
  a.font = `${Math.max(7, size * 0.6) * ratio}px sans-serif`;
  a.textAlign = "center";
  a.textBaseline = "middle";
  for (let tile = 0; tile < cells; tile++) {
    for (const [row, fill] of [[0, "#dbe9f6"], [1, "#cde9df"]]) {
      a.fillStyle = tile === 0 ? "#f2f2f2" : fill;
      a.fillRect(tile * px, row * px, px - ratio, px - ratio);
      if (tile !== 0) {
        a.fillStyle = "#222";
        a.fillText(String(tile), tile * px + px / 2, row * px + px / 2);
      }
    }
  }
  const ctx = layer.context;
  return {
    draw(boards, goal) {
      ctx.clearRect(0, 0, layer.width, layer.height);
      ctx.strokeStyle = "#333";
      boards.forEach((board, j) => {
        board.tiles.forEach((tile, i) => {
          const x = j * width + 1 + (i % cols) * size, y = 1 + Math.floor(i / cols) * size;
          const home = tile !== 0 && goal.length > 0 && goal[i] === tile ? 1 : 0;
          ctx.drawImage(atlas, tile * px, home * px, px, px, x, y, size, size);
        });
        ctx.strokeRect(j * width + 0.5, 0.5, cols * size + 1, rows * size + 1);
      });
    },
  };
}

/** The three board pictures: the expansion, the frontier's best, the path. */
function boardPanels(parent, run, t = english) {
  const { rows, cols } = run, goal = run.header.goal;
  const big = Math.floor(96 / Math.max(rows, cols)), small = Math.floor(54 / Math.max(rows, cols));
  const kidWidth = cols * small + 26;
  const width = Math.max(cols * big + 20, 4 * kidWidth);
  const expansion = svg("svg", { width, height: rows * big + rows * small + 80, role: "img",
    "aria-label": t("the node being expanded and its children"), class: "puzzlelab-search-expansion" }, parent);
  const main = boardView(expansion, rows, cols, big, (width - cols * big) / 2, 4);
  const kids = [0, 1, 2, 3].map((j) => boardView(expansion, rows, cols, small, j * kidWidth + 13, rows * big + 46));
  const kidsTitle = svg("text", { x: width / 2, y: rows * big + 36, "text-anchor": "middle", "font-size": 11, "font-family": "sans-serif" }, expansion);
  const frontierBox = html("div", { class: "puzzlelab-search-frontier" }, parent);
  const frontierTitle = html("div", { class: "puzzlelab-search-caption" }, frontierBox);
  const fsvg = svg("svg", { width: 5 * kidWidth, height: rows * small + 30, role: "img", "aria-label": t("the frontier's best entries") }, frontierBox);
  const bestViews = [0, 1, 2, 3, 4].map((j) => boardView(fsvg, rows, cols, small, j * kidWidth + 13, 4));
  const pathBox = html("div", { class: "puzzlelab-search-path" }, parent);
  const pathTitle = html("div", { class: "puzzlelab-search-caption" }, pathBox);
  const tiny = Math.max(4, Math.floor(30 / Math.max(rows, cols))), shown = 12;
  const trail = pathTrail(pathBox, rows, cols, tiny, shown, t);
  return {
    draw(step) {
      const n = node(run, step), { generated, skipped } = children(run, step);
      main.show(n.tiles, goal, { caption: t("expanding: {node}", { node: nodeCaption(n) }) });
      const all = [...generated.map((k) => [k, false]), ...skipped.map((k) => [k, true])];
      kids.forEach((view, j) => {
        const [kid, dashed] = all[j] || [null, false];
        if (!kid) return view.show([], goal, { visible: false });
        view.show(kid.tiles, goal, { dashed, caption: dashed ? t("{move}: skipped", kid) : `${kid.move}: f=${formatG(kid.f)}` });
      });
      kidsTitle.textContent = t("{generated} new children, {skipped} skipped (dashed: reached before)",
        { generated: generated.length, skipped: skipped.length });
      const { nodes, size } = frontier(run, step);
      const best = { step, shown: nodes.length, size: size.toLocaleString("en") };
      frontierTitle.textContent = nodes.length
        ? t("frontier after step {step}: best {shown} of {size} (the first is expanded next)", best)
        : t("frontier after step {step}: best {shown} of {size}", best);
      bestViews.forEach((view, j) => nodes[j] ? view.show(nodes[j].tiles, goal, { caption: `f=${formatG(nodes[j].f)} g=${nodes[j].g}` })
        : view.show([], goal, { visible: false }));
      const route = path(run, step), moves = route.slice(1).map((p) => p.move).join(" ");
      pathTitle.textContent = t("path to this node ({n} moves): {moves}", { n: route.length - 1, moves: moves || t("the start itself") });
      trail.draw(route.slice(-shown), goal);
    },
  };
}

// -- the widget ------------------------------------------------------------------------------------
const STYLE = `
.puzzlelab-search-player { font-family: sans-serif; font-size: 13px; padding: 6px; outline: none; max-width: 100%;
  contain: content; }
.puzzlelab-search-player:focus-visible { box-shadow: 0 0 0 3px #56B4E9; border-radius: 4px; }
.puzzlelab-search-player .row { display: flex; flex-wrap: wrap; gap: 6px 10px; align-items: center; margin: 4px 0; }
.puzzlelab-search-player button { min-width: 2.2em; padding: 2px 8px; cursor: pointer; }
.puzzlelab-search-player button:focus-visible, .puzzlelab-search-player select:focus-visible,
.puzzlelab-search-player input:focus-visible { outline: 3px solid #56B4E9; outline-offset: 1px; }
.puzzlelab-search-player .puzzlelab-scrub { flex: 1 1 240px; min-width: 160px; }
.puzzlelab-search-player .puzzlelab-search-info { font-family: monospace; }
.puzzlelab-search-player .puzzlelab-search-caption { margin: 2px 0; }
.puzzlelab-search-player .puzzlelab-error { color: #D55E00; white-space: pre-wrap; }
.puzzlelab-search-player .panels { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: flex-start; }
.puzzlelab-search-player .panels > * { contain: content; will-change: transform; }
.puzzlelab-search-player .puzzlelab-scrub, .puzzlelab-search-player .puzzlelab-search-info { will-change: transform; }
.puzzlelab-search-player .puzzlelab-search-info, .puzzlelab-search-player .puzzlelab-search-caption { contain: content; }
`;

function select(parent, label, options, value, shown = String) {
  const wrap = html("label", {}, parent, `${label} `);
  const menu = html("select", { "aria-label": label }, wrap);
  for (const option of options) html("option", { value: option }, menu, shown(option));
  menu.value = value;
  return menu;
}

function controls(root, model, t = english) {
  const top = html("div", { class: "row" }, root);
  const name = (option) => shownName(option, t);
  const method = select(top, t("search"), model.get("methods"), model.get("method"), name);
  const heuristic = select(top, "h", model.get("heuristics"), model.get("heuristic"), name);
  const weightLabel = html("label", {}, top, `${t("weight w")} `);
  const weight = html("input", { type: "range", min: 1, max: 10, step: 0.25, "aria-label": t("weight w") }, weightLabel);
  const weightText = html("span", {}, weightLabel);
  const bar = html("div", { class: "row" }, root);
  const button = (text, label) => html("button", { type: "button", "aria-label": label, title: label }, bar, text);
  const first = button("|◀", t("first step (Home)"));
  const back = button("◀", t("step back (left arrow)"));
  const play = button(t("play"), t("play or pause (space)"));
  play.classList.add("puzzlelab-play");
  const forward = button("▶", t("step forward (right arrow)"));
  forward.classList.add("puzzlelab-step-forward");
  const end = button("▶|", t("last step (End)"));
  const scrub = html("input", { type: "range", min: 1, max: 1, step: 1, value: 1, class: "puzzlelab-scrub", "aria-label": t("step") }, bar);
  const speed = select(bar, t("steps/s"), SPEEDS.map(String), String(model.get("speed")));
  return { method, heuristic, weight, weightText, first, back, play, forward, end, scrub, speed };
}

function render({ model, el }) {
  const style = html("style", {}, el);
  style.textContent = STYLE;
  const root = html("div", { class: "puzzlelab-search-player", tabindex: 0 }, el);
  const t = translator(model.get("_labels"));
  const ui = controls(root, model, t);
  const info = html("div", { class: "puzzlelab-search-info", "aria-live": "off" }, root);
  const outcome = html("div", { class: "puzzlelab-search-outcome" }, root);
  const error = html("div", { class: "puzzlelab-error", role: "alert" }, root);
  const panels = html("div", { class: "panels" }, root);
  const state = { run: null, step: 1, playing: false, carry: 0, last: 0, raf: 0, frames: 0, views: null, token: 0 };
  // for tests and the curious: root.puzzlelab.step / .frames (properties, not attributes: an
  // attribute changed every frame would make the page restyle); data-step follows when it stops
  root.puzzlelab = state;
  root.dataset.step = "0";

  function commit() {  // tell the kernel where the replay stopped (never per frame)
    if (model.get("step") !== state.step) {
      model.set("step", state.step);
      model.save_changes();
    }
  }

  function draw() {
    const { run, step } = state;
    if (!state.playing) root.dataset.step = String(run ? step : 0);
    if (!run || run.steps === 0) return;
    ui.scrub.value = String(step);
    info.textContent = describe(run, step, t);
    for (const view of state.views) view.draw(step);
  }

  function show(step) {
    if (!state.run) return;
    const next = clampStep(step, state.run.steps);
    if (next !== state.drawn) {
      state.step = next;
      draw();
      state.drawn = next;
    }
  }

  function frame(time) {
    state.frames += 1;
    if (!state.playing) return;
    const moved = advance(state.step, state.carry, state.last ? time - state.last : 0, Number(ui.speed.value), state.run.steps);
    state.last = time;
    state.carry = moved.carry;
    show(moved.step);
    if (moved.done) pause();
    else state.raf = requestAnimationFrame(frame);
  }

  function playPause() {
    if (state.playing) return pause();
    if (!state.run || state.run.steps === 0) return;
    if (state.step >= state.run.steps) show(1);  // play again from the start
    state.playing = true;
    state.last = 0;
    state.carry = 0;
    ui.play.textContent = t("pause");
    state.raf = requestAnimationFrame(frame);
  }

  function stop() {
    if (state.playing) {
      state.playing = false;
      cancelAnimationFrame(state.raf);
    }
    ui.play.textContent = t("play");
  }

  function pause() {
    stop();
    root.dataset.step = String(state.run ? state.step : 0);
    commit();
  }

  function stepTo(step) {
    stop();
    show(step);
    root.dataset.step = String(state.run ? state.step : 0);
    commit();
  }

  function syncControls() {
    ui.method.value = model.get("method");
    ui.heuristic.value = model.get("heuristic");
    ui.heuristic.disabled = !model.get("uses_heuristic");
    ui.weight.value = String(model.get("weight"));
    ui.weight.disabled = !model.get("uses_weight");
    ui.weightText.textContent = formatG(model.get("weight"));
    outcome.textContent = model.get("outcome");
    error.textContent = model.get("error");
    const live = !model.get("static_copy");
    for (const menu of [ui.method, ui.heuristic, ui.weight]) menu.disabled ||= !live;
  }

  async function load() {
    const token = ++state.token;
    stop();  // a new run: stop playing, but the step to show is the model's (never write it back here)
    const bytes = model.get("recording");
    const run = bytes && bytes.byteLength ? await unpack(bytes) : null;
    if (token !== state.token) return;  // a newer run arrived meanwhile
    state.run = run;
    state.drawn = -1;
    panels.replaceChildren();
    if (!run || run.steps === 0) {
      state.views = [];
      info.textContent = model.get("message");
      ui.scrub.max = "1";
      root.dataset.step = "0";
      return;
    }
    ui.scrub.max = String(run.steps);
    state.views = [boardPanels(panels, run, t), progressChart(panels, run, t), ghPlane(panels, run, t)];
    state.step = clampStep(model.get("step"), run.steps);
    draw();
    state.drawn = state.step;
  }

  const on = (target, type, handler, capture = false) => {
    target.addEventListener(type, handler, capture);
    return () => target.removeEventListener(type, handler, capture);
  };
  const choose = (name, value) => {
    model.set(name, value);
    model.save_changes();
    info.textContent = t("running the search in the kernel ...");
  };
  const removers = [
    on(ui.play, "click", playPause),
    on(ui.first, "click", () => stepTo(1)),
    on(ui.end, "click", () => stepTo(state.run ? state.run.steps : 1)),
    on(ui.back, "click", () => stepTo(state.step - 1)),
    on(ui.forward, "click", () => stepTo(state.step + 1)),
    on(ui.scrub, "input", () => {
      stop();
      show(Number(ui.scrub.value));
      root.dataset.step = String(state.step);
    }),
    on(ui.scrub, "change", () => stepTo(Number(ui.scrub.value))),
    on(ui.speed, "change", () => { model.set("speed", Number(ui.speed.value)); model.save_changes(); }),
    on(ui.method, "change", () => choose("method", ui.method.value)),
    on(ui.heuristic, "change", () => choose("heuristic", ui.heuristic.value)),
    on(ui.weight, "input", () => { ui.weightText.textContent = formatG(Number(ui.weight.value)); }),
    on(ui.weight, "change", () => choose("weight", Number(ui.weight.value))),
    // keys: on the window in the capture phase while the focus is inside the player, because
    // Notebook 7 takes arrow keys on the document first and JupyterLab cancels a range input's own
    on(globalThis, "keydown", (event) => {
      const target = event.target;
      if (!(target instanceof Node) || !root.contains(target)) return;
      const tag = target.tagName;
      if (tag === "SELECT" || (tag === "INPUT" && target !== ui.scrub && event.key !== " ")) return;
      const keys = {
        " ": playPause, ArrowRight: () => stepTo(state.step + 1), ArrowLeft: () => stepTo(state.step - 1),
        ArrowUp: () => stepTo(state.step + 10), ArrowDown: () => stepTo(state.step - 10),
        Home: () => stepTo(1), End: () => stepTo(state.run ? state.run.steps : 1),
      };
      if (keys[event.key]) {
        event.preventDefault();
        event.stopPropagation();
        if (tag === "BUTTON" && event.key === " ") target.blur();
        keys[event.key]();
      }
    }, true),
  ];
  const onModel = [
    ["change:recording", load],
    ["change:step", () => { if (!state.playing) show(model.get("step")); }],
    ["change:method change:heuristic change:weight change:uses_heuristic change:uses_weight change:outcome change:error", syncControls],
    ["change:speed", () => { ui.speed.value = String(model.get("speed")); }],
  ];
  for (const [events, handler] of onModel) model.on(events, handler);
  syncControls();
  load();
  return () => {
    state.token += 1;
    state.playing = false;
    cancelAnimationFrame(state.raf);
    removers.forEach((remove) => remove());
    for (const [events, handler] of onModel) model.off(events, handler);
  };
}

const widget = { render };
export default widget;
