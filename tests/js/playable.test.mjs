// The playable board's module under Node, on what Python wrote (tests/js_fixtures/playable.py).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import {
  applyMove,
  cellOrigin,
  GAP,
  homeCells,
  keyToMove,
  layout,
  moveForCell,
  pieceBox,
  pngSize,
  replay,
  stepDuration,
  tilePositions,
} from "../../puzzlelab/widgets/js/playable.js";
import { fixtureDir } from "./fixtures.mjs";

const DIR = fixtureDir("playable");
const read = (name) => JSON.parse(readFileSync(join(DIR, name), "utf8"));
const { cases, keys } = read("boards.json");

test("each tile is drawn on the cell where the library says it stands", () => {
  for (const c of cases) {
    const geometry = layout(c.rows, c.cols);
    const where = tilePositions(c.tiles, geometry);
    for (const [tile, [row, col]] of Object.entries(c.positions)) {
      const { x, y } = where[tile];
      assert.equal((x - GAP) / geometry.pitch, col, `tile ${tile} of ${c.tiles}`);
      assert.equal((y - GAP) / geometry.pitch, row, `tile ${tile} of ${c.tiles}`);
    }
    assert.equal(geometry.width, c.cols * geometry.pitch + GAP);
    // tiles never overlap and stay inside the picture
    const corners = new Set(Object.values(where).map(({ x, y }) => `${x},${y}`));
    assert.equal(corners.size, c.rows * c.cols);
    for (const { x, y } of Object.values(where)) {
      assert.ok(x + geometry.cell <= geometry.width && y + geometry.cell <= geometry.height);
    }
  }
});

test("a move gives the library's board, and a move off the edge gives null", () => {
  for (const c of cases) {
    for (const [move, after] of Object.entries(c.moves)) {
      assert.deepEqual(applyMove(c.tiles, c.rows, c.cols, move), after, `${move} on ${c.tiles}`);
    }
    assert.equal(applyMove(c.tiles, c.rows, c.cols, "X"), null);
  }
});

test("a click on a cell names the move the library makes for that tile (null away from the blank)", () => {
  for (const c of cases) {
    c.tiles.forEach((tile, cell) => {
      assert.equal(moveForCell(c.tiles, c.cols, cell), c.clicks[cell], `cell ${cell} of ${c.tiles}`);
    });
  }
});

test("an arrow key moves the BLANK that way, as the widget's Python model does", () => {
  for (const [key, { before, after }] of Object.entries(keys)) {
    const move = keyToMove(key);
    assert.ok(move, key);
    assert.deepEqual(applyMove(before, 3, 3, move), after, key);
    const blankBefore = before.indexOf(0);
    const blankAfter = after.indexOf(0);
    const way = { ArrowUp: -3, ArrowDown: 3, ArrowLeft: -1, ArrowRight: 1 }[key];
    assert.equal(blankAfter - blankBefore, way, `${key}: the blank travels the arrow's way`);
  }
  assert.equal(keyToMove("a"), null);
  assert.equal(keyToMove(" "), null);
});

test("home marks follow the goal", () => {
  for (const c of cases) assert.deepEqual(homeCells(c.tiles, c.goal), c.home);
});

test("the solution Python sent replays through the library's boards to the widget's final board", () => {
  const s = read("solution.json");
  const frames = replay(s.animation.start, s.rows, s.cols, s.animation.moves);
  assert.deepEqual(frames, s.boards);
  assert.deepEqual(frames.at(-1), s.tiles);
  assert.equal(s.animation.moves.length, frames.length - 1);
  assert.ok(s.move_count >= s.animation.moves.length);
  assert.throws(() => replay(s.animation.start, s.rows, s.cols, "DDDD"), /illegal move/);
  // the whole solution plays in a few seconds, each move long enough to be seen
  const ms = stepDuration(s.animation.moves.length);
  assert.ok(ms >= 40 && ms <= 220);
  assert.ok(ms * s.animation.moves.length <= 7000);
  assert.equal(stepDuration(5000), 40);
});

test("each picture tile shows the piece tile_pieces cuts for its goal cell", () => {
  const p = read("picture.json");
  const size = pngSize(new Uint8Array(readFileSync(join(DIR, "picture.png"))));
  assert.deepEqual([size.width, size.height], p.size);
  const cell = 40;
  for (const piece of p.pieces) {
    const box = pieceBox(piece.tile, p.goal, p.rows, p.cols, size, cell);
    assert.deepEqual(box.source, { x: piece.x, y: piece.y, width: piece.width, height: piece.height });
    // the piece's corner lands on the tile's corner, the piece fills the tile exactly
    const scaleX = box.width / size.width;
    const scaleY = box.height / size.height;
    assert.ok(Math.abs(box.x + piece.x * scaleX) < 1e-9);
    assert.ok(Math.abs(box.y + piece.y * scaleY) < 1e-9);
    assert.ok(Math.abs(piece.width * scaleX - cell) < 1e-9);
    assert.ok(Math.abs(piece.height * scaleY - cell) < 1e-9);
  }
  const sample = pngSize(new Uint8Array(readFileSync(join(DIR, "sample.png"))));
  assert.deepEqual([sample.width, sample.height], p.sample_size);
  assert.equal(pngSize(new Uint8Array([1, 2, 3])), null);
});

test("cells are laid out row by row", () => {
  const geometry = layout(2, 3, 50);
  assert.deepEqual(cellOrigin(0, geometry), { x: GAP, y: GAP });
  assert.deepEqual(cellOrigin(4, geometry), { x: GAP + 53, y: GAP + 53 });
});
