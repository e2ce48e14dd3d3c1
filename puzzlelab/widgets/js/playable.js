// The playable board of puzzlelab, drawn in the browser (anywidget ES module, no build step).
//
// Python is the model (puzzlelab/widgets/playable.py): it sends the tiles, the goal, the move
// count and the status, and checks every move. This module only draws and animates:
//   - the board is an SVG; each tile is a <g> moved by a CSS transform, so when Python sends
//     the new tiles the tile that moved slides with a CSS transition;
//   - a click on a tile sends {do: "click", cell}; an arrow key sends {do: "move", move};
//     the buttons send {do: "shuffle"}, {do: "undo"}, ... Python answers with the new state
//     (or a message on the error line if the move is refused);
//   - picture mode: Python sends ONE picture (PNG bytes); each tile is a square filled with an
//     SVG <pattern> holding the whole picture, shifted so that the square shows the tile's piece
//     (the square clips it; the tile's box stays the square, so clicks land where they look);
//   - "solve it": Python sends the solution once (its first board and its moves) and is already
//     at the goal; the browser plays the moves one by one.
//
// Moves are named by the direction the BLANK travels, as everywhere in puzzlelab: U, D, L, R.
// The arrow keys move the BLANK: ArrowUp is the move U, so the tile above the blank slides down.

export const MOVES = { U: [-1, 0], D: [1, 0], L: [0, -1], R: [0, 1] };
export const KEY_MOVES = { ArrowUp: "U", ArrowDown: "D", ArrowLeft: "L", ArrowRight: "R" };
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

// Okabe-Ito based colours, as in puzzlelab/plots/boards.py (never the only cue: home tiles also
// carry a dark corner triangle, the hinted tile a thick dashed outline and a nudge).
export const COLORS = {
  home: "#80ceb9",
  away: "#f0c566",
  blank: "#555555",
  mark: "#1b1b1b",
  hint: "#D55E00",
  focus: "#0072B2",
  text: "#1b1b1b",
};
export const GAP = 3; // pixels between tiles
export const HOME_MARK = 0.3; // the corner triangle's side, as a fraction of a tile

// -- pure functions (tested under Node on fixtures Python wrote) ------------------------------

/** The side of a tile in pixels: 64 on small boards, smaller on large ones (at least 20). */
export function cellSize(rows, cols) {
  return Math.max(20, Math.min(64, Math.floor(380 / Math.max(rows, cols))));
}

/** The board's geometry: tile side, pitch (tile + gap) and the SVG's width and height. */
export function layout(rows, cols, cell = cellSize(rows, cols)) {
  const pitch = cell + GAP;
  return { rows, cols, cell, pitch, width: cols * pitch + GAP, height: rows * pitch + GAP };
}

/** The top-left corner, in pixels, of cell `index` (row-major). */
export function cellOrigin(index, geometry) {
  const row = Math.floor(index / geometry.cols);
  const col = index % geometry.cols;
  return { x: GAP + col * geometry.pitch, y: GAP + row * geometry.pitch };
}

/** For each tile number, the corner of the cell it stands on: {tile: {x, y}}. */
export function tilePositions(tiles, geometry) {
  const where = {};
  tiles.forEach((tile, index) => {
    where[tile] = cellOrigin(index, geometry);
  });
  return where;
}

/** The move an arrow key makes (the direction the blank travels), or null for another key. */
export function keyToMove(key) {
  return KEY_MOVES[key] ?? null;
}

/** The tiles after the blank travels `move`, or null if the move would leave the board. */
export function applyMove(tiles, rows, cols, move) {
  const step = MOVES[move];
  if (!step) return null;
  const blank = tiles.indexOf(0);
  const row = Math.floor(blank / cols) + step[0];
  const col = (blank % cols) + step[1];
  if (row < 0 || row >= rows || col < 0 || col >= cols) return null;
  const next = tiles.slice();
  const target = row * cols + col;
  next[blank] = next[target];
  next[target] = 0;
  return next;
}

/** The move that slides the tile in `cell` into the blank, or null if it is not next to it. */
export function moveForCell(tiles, cols, cell) {
  const blank = tiles.indexOf(0);
  const dr = Math.floor(cell / cols) - Math.floor(blank / cols);
  const dc = (cell % cols) - (blank % cols);
  for (const [move, [r, c]] of Object.entries(MOVES)) {
    if (r === dr && c === dc) return move;
  }
  return null;
}

/** Every board of a solution: [start, after move 1, ..., after the last move]. Throws on an illegal move. */
export function replay(start, rows, cols, moves) {
  const frames = [start.slice()];
  for (const move of moves) {
    const next = applyMove(frames[frames.length - 1], rows, cols, move);
    if (next === null) throw new Error(`illegal move ${move} after ${frames.length - 1} moves`);
    frames.push(next);
  }
  return frames;
}

/** For each cell, true if it holds a tile (not the blank) on its goal cell. */
export function homeCells(tiles, goal) {
  return tiles.map((tile, index) => tile !== 0 && goal[index] === tile);
}

/** Width and height of PNG bytes (from the IHDR chunk), or null if they are not a PNG. */
export function pngSize(bytes) {
  const b = bytes instanceof Uint8Array ? bytes : asBytes(bytes);
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (b.length < 24 || signature.some((v, i) => b[i] !== v)) return null;
  const word = (at) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
  return { width: word(16), height: word(20) };
}

/**
 * Where to put the whole picture so that `tile` shows its piece in a tile box of side `cell`.
 * The pieces are cut as puzzlelab.plots.boards.tile_pieces cuts them: piece k (the piece of goal
 * cell k) is the block floor(H / rows) high and floor(W / cols) wide at row k // cols, column
 * k % cols; it is stretched to the square tile. `source` is that block in picture pixels.
 */
export function pieceBox(tile, goal, rows, cols, picture, cell) {
  const k = goal.indexOf(tile);
  const pieceHeight = Math.floor(picture.height / rows);
  const pieceWidth = Math.floor(picture.width / cols);
  const row = Math.floor(k / cols);
  const col = k % cols;
  const sx = cell / pieceWidth;
  const sy = cell / pieceHeight;
  return {
    x: -col * pieceWidth * sx,
    y: -row * pieceHeight * sy,
    width: picture.width * sx,
    height: picture.height * sy,
    source: { x: col * pieceWidth, y: row * pieceHeight, width: pieceWidth, height: pieceHeight },
  };
}

/** Milliseconds per move when a solution of `count` moves is played (about 6 s in all, 40-220 ms a move). */
export function stepDuration(count) {
  return Math.max(40, Math.min(220, Math.round(6000 / Math.max(1, count))));
}

function asBytes(value) {
  if (!value) return new Uint8Array(0);
  if (value instanceof Uint8Array) return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  return new Uint8Array(0);
}

// -- drawing -------------------------------------------------------------------------------------
const SVG = "http://www.w3.org/2000/svg";
const CSS = `
.puzzlelab-playable-board { font-family: sans-serif; font-size: 13px; color: ${COLORS.text}; }
.puzzlelab-playable-board .pzl-row { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 4px 0; }
.puzzlelab-playable-board button { font: inherit; padding: 3px 10px; cursor: pointer; }
.puzzlelab-playable-board button[aria-pressed="true"] { background: #dde9f3; border-color: ${COLORS.focus}; }
.puzzlelab-playable-board svg.puzzlelab-board { display: block; background: #2b2b2b; border-radius: 6px; outline: none; }
.puzzlelab-playable-board svg.puzzlelab-board:focus-visible,
.puzzlelab-playable-board svg.puzzlelab-board:focus { box-shadow: 0 0 0 3px ${COLORS.focus}; }
.puzzlelab-playable-board .pzl-tile { transition: transform var(--pzl-slide, 160ms) ease-out; cursor: pointer; }
.puzzlelab-playable-board .pzl-still .pzl-tile { transition: none; }
.puzzlelab-playable-board .pzl-tile text { pointer-events: none; user-select: none; }
.puzzlelab-playable-board .pzl-hint > .pzl-body { animation: pzl-nudge 700ms ease-in-out 2; }
@keyframes pzl-nudge { 50% { transform: translate(var(--pzl-nx), var(--pzl-ny)); } }
.puzzlelab-playable-board .puzzlelab-error { color: #b00020; white-space: pre-line; min-height: 1em; }
.puzzlelab-playable-board .pzl-help { color: #444; font-size: 12px; max-width: 520px; }
`;

function svg(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  if (parent) parent.appendChild(node);
  return node;
}

function html(tag, attrs = {}, parent = null, text = null) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  if (text !== null) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

/** Build one tile: a <g> (moved by its transform) holding a body (nudged by a hint). */
function buildTile(tile, geometry, picture, t = english) {
  const { cell } = geometry;
  const g = svg("g", { class: "pzl-tile", "data-tile": tile });
  const body = svg("g", { class: "pzl-body" }, g);
  svg("rect", { class: "pzl-face", width: cell, height: cell, rx: 5 }, body);
  if (picture) {
    // the pattern is in the tile's own coordinates, so it travels with the tile
    svg("rect", { class: "pzl-picture", width: cell, height: cell, rx: 5, fill: `url(#${picture.pattern})` }, body);
  }
  const fontSize = picture ? Math.max(9, cell * 0.22) : Math.max(10, cell * 0.42);
  const label = svg("text", {
    class: "pzl-number",
    x: picture ? 4 : cell / 2,
    y: picture ? fontSize + 2 : cell / 2,
    "text-anchor": picture ? "start" : "middle",
    "dominant-baseline": picture ? "auto" : "central",
    "font-size": fontSize,
    "font-weight": "bold",
  }, body);
  if (picture) {
    label.setAttribute("fill", "white");
    label.setAttribute("stroke", "black");
    label.setAttribute("stroke-width", 2.5);
    label.setAttribute("paint-order", "stroke");
  }
  label.textContent = tile === 0 ? "" : String(tile);
  const side = cell * HOME_MARK;
  svg("path", {
    class: "pzl-home",
    d: `M ${cell} ${cell - side} L ${cell} ${cell} L ${cell - side} ${cell} Z`,
    fill: COLORS.mark,
    stroke: picture ? "white" : "none",
    "stroke-width": 1,
  }, body);
  svg("rect", { class: "pzl-outline", x: 1.5, y: 1.5, width: cell - 3, height: cell - 3, rx: 5, fill: "none" }, body);
  svg("title", {}, g).textContent = tile === 0 ? t("the blank") : t("tile {n}", { n: tile });
  return g;
}

/** Paint a tile for the board's state: colour, home mark, hint outline, picture piece. */
function paintTile(g, state, index) {
  const tile = state.tiles[index];
  const home = tile !== 0 && state.goal[index] === tile;
  const face = g.querySelector(".pzl-face");
  const piece = g.querySelector(".pzl-picture");
  const blankShown = tile === 0 && !state.solved;
  g.dataset.cell = String(index);
  g.dataset.home = home ? "true" : "false";
  face.setAttribute("fill", tile === 0 ? COLORS.blank : piece ? "#222222" : home ? COLORS.home : COLORS.away);
  if (piece) piece.style.display = blankShown ? "none" : "";
  g.querySelector(".pzl-home").style.display = home ? "" : "none";
  const outline = g.querySelector(".pzl-outline");
  const hinted = index === state.hinted && tile !== 0;
  outline.setAttribute("stroke", hinted ? COLORS.hint : "none");
  outline.setAttribute("stroke-width", hinted ? 4 : 0);
  outline.setAttribute("stroke-dasharray", hinted ? "7 4" : "");
  g.classList.toggle("pzl-hint", hinted);
  g.style.cursor = tile === 0 ? "default" : "pointer";
}

function render({ model, el }) {
  const uid = Math.random().toString(36).slice(2);
  const t = translator(model.get("_labels"));
  const root = html("div", { class: "puzzlelab-playable-board", "data-lm-suppress-shortcuts": "true" }, el);
  html("style", {}, root, CSS);

  // -- controls -----------------------------------------------------------------------------------
  const top = html("div", { class: "pzl-row" }, root);
  const sizeLabel = html("label", {}, top, `${t("size")} `);
  const sizeMenu = html("select", { "aria-label": t("board size") }, sizeLabel);
  const algoLabel = html("label", {}, top, `${t("shuffle with")} `);
  const algoMenu = html("select", { "aria-label": t("shuffle algorithm") }, algoLabel);
  const buttons = {};
  const row2 = html("div", { class: "pzl-row" }, root);
  for (const [name, text, where] of [
    ["shuffle", t("shuffle"), top],
    ["undo", t("undo"), row2],
    ["hint", t("hint"), row2],
    ["solve", t("solve it"), row2],
    ["step", t("next move"), row2],
  ]) {
    buttons[name] = html("button", { type: "button", class: `puzzlelab-${name}` }, where, text);
    buttons[name].addEventListener("click", () => act({ do: name }));
  }
  const pictureButton = html("button", { type: "button", class: "puzzlelab-picture", "aria-pressed": "false" }, row2, t("picture"));

  const frame = html("div", { class: "pzl-row" }, root);
  const board = svg("svg", { class: "puzzlelab-board", tabindex: 0, role: "application" }, frame);
  const defs = svg("defs", {}, board); // the picture's patterns, one per tile
  const tileLayer = svg("g", {}, board);

  const readout = html("div", { class: "pzl-row" }, root);
  const counter = html("span", { class: "puzzlelab-move-counter" }, readout);
  const status = html("span", { class: "puzzlelab-status", role: "status" }, readout);
  const error = html("div", { class: "puzzlelab-error", role: "alert" }, root);
  html("div", { class: "pzl-help" }, root, t(
    "Click a tile next to the blank, or use the arrow keys: they move the BLANK " +
    "(\u2191 is the move U: the tile above the blank slides down).",
  ));

  // -- state drawn ---------------------------------------------------------------------------------
  let built = null; // {rows, cols, picture, imageUrl, geometry, nodes: Map tile -> g}
  let imageUrl = null;
  let imageBytes = null;
  let picture = null; // {width, height} of the picture, once it has arrived
  let shownSeq = (model.get("animation") || {}).seq ?? 0; // an old solution is not replayed
  let playing = null; // {frames, index, timer, state}
  let pending = false;

  function state() {
    const [rows, cols] = model.get("size");
    return {
      rows,
      cols,
      tiles: model.get("tiles"),
      goal: model.get("goal_tiles"),
      solved: model.get("solved"),
      hinted: model.get("hinted"),
      picture: model.get("picture"),
      moveCount: model.get("move_count"),
    };
  }

  function refreshPicture() {
    const value = model.get("image");
    if (value === imageBytes) return;
    imageBytes = value;
    if (imageUrl) URL.revokeObjectURL(imageUrl);
    imageUrl = null;
    picture = null;
    const bytes = asBytes(value);
    const size = bytes.length ? pngSize(bytes) : null;
    if (size) {
      imageUrl = URL.createObjectURL(new Blob([bytes], { type: "image/png" }));
      picture = size;
    }
    built = null; // rebuild the tiles with (or without) the picture
  }

  function build(s) {
    const geometry = layout(s.rows, s.cols);
    const withPicture = s.picture && picture !== null;
    board.setAttribute("width", geometry.width);
    board.setAttribute("height", geometry.height);
    board.setAttribute("viewBox", `0 0 ${geometry.width} ${geometry.height}`);
    board.setAttribute(
      "aria-label",
      t("sliding puzzle, {rows} by {cols}: arrow keys move the blank, a click slides a tile", s),
    );
    board.dataset.rows = String(s.rows);
    board.dataset.cols = String(s.cols);
    tileLayer.replaceChildren();
    defs.replaceChildren();
    const nodes = new Map();
    for (const tile of s.goal) {
      const pattern = `pzl-piece-${uid}-${tile}`;
      const g = buildTile(tile, geometry, withPicture ? { pattern } : null, t);
      if (withPicture) {
        const box = pieceBox(tile, s.goal, s.rows, s.cols, picture, geometry.cell);
        const fill = svg("pattern", { id: pattern, patternUnits: "userSpaceOnUse", x: box.x, y: box.y,
          width: box.width, height: box.height }, defs);
        svg("image", { class: "pzl-piece", href: imageUrl, width: box.width, height: box.height,
          preserveAspectRatio: "none" }, fill);
      }
      g.addEventListener("click", () => clickTile(tile));
      tileLayer.appendChild(g);
      nodes.set(tile, g);
    }
    built = { rows: s.rows, cols: s.cols, picture: withPicture, goal: s.goal.join(" "), geometry, nodes };
  }

  /** Put every tile where `tiles` says; `still` skips the transition (a new board, not a move). */
  function place(s, tiles, still) {
    const { geometry, nodes } = built;
    const where = tilePositions(tiles, geometry);
    const drawn = { ...s, tiles };
    if (still) board.classList.add("pzl-still");
    tiles.forEach((tile, index) => {
      const g = nodes.get(tile);
      if (!g) return;
      const { x, y } = where[tile];
      g.style.transform = `translate(${x}px, ${y}px)`;
      paintTile(g, drawn, index);
      if (index === s.hinted) {
        // the nudge points from the hinted tile toward the blank
        const blank = where[0];
        g.style.setProperty("--pzl-nx", `${(blank.x - x) * 0.25}px`);
        g.style.setProperty("--pzl-ny", `${(blank.y - y) * 0.25}px`);
      }
    });
    if (still) {
      board.getBoundingClientRect(); // apply the positions before transitions come back
      board.classList.remove("pzl-still");
    }
  }

  function showReadouts(s) {
    counter.textContent = t("moves: {n}", { n: s.moveCount });
    status.textContent = model.get("status");
    error.textContent = model.get("error") ? `\u26a0 ${model.get("error")}` : "";
    buttons.undo.disabled = !model.get("can_undo");
    pictureButton.setAttribute("aria-pressed", s.picture ? "true" : "false");
    root.dataset.solved = s.solved ? "true" : "false";
  }

  function fillMenus() {
    const [rows, cols] = model.get("size");
    const sizes = model.get("size_options");
    sizeMenu.replaceChildren(
      ...sizes.map(([r, c]) => {
        const option = html("option", { value: `${r}x${c}` }, null, `${r}x${c}`);
        option.selected = r === rows && c === cols;
        return option;
      }),
    );
    const algorithm = model.get("algorithm");
    algoMenu.replaceChildren(
      ...model.get("algorithm_options").map((name) => {
        const option = html("option", { value: name }, null, t(name.replaceAll("_", " ")));
        option.selected = name === algorithm;
        return option;
      }),
    );
  }

  /** Draw the model's state; play a solution the model just sent. */
  function draw() {
    pending = false;
    refreshPicture();
    fillMenus();
    const s = state();
    if (s.tiles.length !== s.rows * s.cols || s.goal.length !== s.tiles.length) return;
    const fresh =
      !built || built.rows !== s.rows || built.cols !== s.cols || built.goal !== s.goal.join(" ") ||
      built.picture !== (s.picture && picture !== null);
    if (fresh) build(s);
    const animation = model.get("animation") || {};
    if ((animation.seq ?? 0) > shownSeq && !fresh) {
      shownSeq = animation.seq;
      if (startPlaying(s, animation)) return;
    }
    shownSeq = Math.max(shownSeq, animation.seq ?? 0);
    stopPlaying();
    place(s, s.tiles, fresh);
    showReadouts(s);
  }

  function schedule() {
    if (!pending) {
      pending = true;
      queueMicrotask(draw); // all traits of one message have arrived: draw once
    }
  }

  // -- playing a solution --------------------------------------------------------------------------
  function startPlaying(s, animation) {
    stopPlaying();
    let frames;
    try {
      frames = replay(animation.start, s.rows, s.cols, animation.moves);
    } catch {
      return false;
    }
    if (frames[frames.length - 1].join(" ") !== s.tiles.join(" ")) return false; // not this board's
    const ms = stepDuration(animation.moves.length);
    board.style.setProperty("--pzl-slide", `${Math.round(ms * 0.85)}ms`);
    playing = { frames, index: 0, timer: null, state: s, total: animation.moves.length };
    place(s, frames[0], true);
    showReadouts(s);
    const tick = () => {
      playing.index += 1;
      const done = playing.index >= playing.frames.length - 1;
      place({ ...s, hinted: -1, solved: done && s.solved }, playing.frames[playing.index], false);
      counter.textContent = t("moves: {n}", { n: s.moveCount - playing.total + playing.index });
      status.textContent = t("playing the solution: move {k} of {total} (a key or a click skips to the end)", {
        k: playing.index,
        total: playing.total,
      });
      if (done) finishPlaying();
      else playing.timer = setTimeout(tick, ms);
    };
    counter.textContent = t("moves: {n}", { n: s.moveCount - playing.total });
    playing.timer = setTimeout(tick, ms);
    return true;
  }

  function stopPlaying() {
    if (playing) clearTimeout(playing.timer);
    playing = null;
    board.style.removeProperty("--pzl-slide");
  }

  function finishPlaying() {
    stopPlaying();
    const s = state();
    place(s, s.tiles, false);
    showReadouts(s);
  }

  // -- what the student does -----------------------------------------------------------------------
  function act(message) {
    if (playing) finishPlaying();
    model.send(message);
  }

  function clickTile(tile) {
    board.focus();
    if (playing) {
      finishPlaying();
      return;
    }
    const cell = model.get("tiles").indexOf(tile);
    if (cell >= 0) model.send({ do: "click", cell });
  }

  // Listened for on the window in the capture phase, before the page's own shortcuts see the key
  // (Notebook 7 handles keys on the document in the capture phase: arrows would change cells).
  function onKey(event) {
    if (event.target !== board) return; // only when the board has the focus
    const move = keyToMove(event.key);
    if (move === null || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    event.stopPropagation();
    if (playing) {
      finishPlaying();
      return;
    }
    model.send({ do: "move", move });
  }

  function onSize() {
    const [rows, cols] = sizeMenu.value.split("x").map(Number);
    model.set("size", [rows, cols]);
    model.save_changes();
  }

  function onAlgorithm() {
    model.set("algorithm", algoMenu.value);
    model.save_changes();
  }

  function onPicture() {
    model.set("picture", !model.get("picture"));
    model.save_changes();
  }

  window.addEventListener("keydown", onKey, true);
  sizeMenu.addEventListener("change", onSize);
  algoMenu.addEventListener("change", onAlgorithm);
  pictureButton.addEventListener("click", onPicture);
  const traits = [
    "size", "size_options", "algorithm", "picture", "image", "tiles", "goal_tiles", "move_count",
    "solved", "can_undo", "status", "hinted", "animation", "error",
  ];
  for (const name of traits) model.on(`change:${name}`, schedule);
  draw();

  return () => {
    stopPlaying();
    for (const name of traits) model.off(`change:${name}`, schedule);
    window.removeEventListener("keydown", onKey, true);
    if (imageUrl) URL.revokeObjectURL(imageUrl);
    root.remove();
  };
}

export default { render };
