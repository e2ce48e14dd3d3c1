// The parity lab's module under Node, on what the Python side sent (tests/js_fixtures/parity_lab.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";

import {
  MAX_ANIMATED_ARCS,
  arcKeys,
  arcLayout,
  bytesOf,
  cellLabel,
  decodePairs,
  diffArcs,
  hint,
  moveFocus,
  partnersOf,
  readout,
  tweenArcs,
} from "../../puzzlelab/widgets/js/parity_lab.js";
import { fixtureDir } from "./fixtures.mjs";

const DIR = fixtureDir("parity_lab");
const CASES = JSON.parse(readFileSync(join(DIR, "cases.json"), "utf8"));
const STEPS = CASES.flatMap((c) => c.steps.map((s, k) => ({ ...s, lab: c, k, previous: c.steps[k - 1] })));
const bytes = (step) => readFileSync(join(DIR, step.bin));
const close = (a, b) => Math.abs(a - b) < 1e-9;

test("the fixtures cover small and large boards, both goals, swaps and slides", () => {
  assert.ok(CASES.some((c) => c.goal === "first") && CASES.some((c) => c.goal === "last"));
  assert.ok(STEPS.some((s) => s.explained.solvable) && STEPS.some((s) => !s.explained.solvable));
  assert.ok(STEPS.some((s) => s.pairs.length > MAX_ANIMATED_ARCS));
  assert.ok(STEPS.some((s) => s.diff && s.diff.kept.length && s.diff.added.length && s.diff.removed.length));
});

test("the pairs decode from Python's bytes, as a Buffer or a DataView, one per inversion", () => {
  for (const step of STEPS) {
    const raw = bytes(step);
    assert.deepEqual(decodePairs(raw), step.pairs, step.board);
    const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
    assert.deepEqual(decodePairs(view), step.pairs);
    assert.equal(step.pairs.length, step.explained.inversions, step.board);
  }
  assert.throws(() => decodePairs(new Uint8Array([1, 2, 3])), /odd number of bytes/);
  assert.deepEqual(decodePairs(null), []);
  assert.deepEqual([...bytesOf(new ArrayBuffer(2))], [0, 0]);
});

test("the text of the invariant is Python's, line for line", () => {
  for (const step of STEPS) assert.deepEqual(readout(step.explained), step.readout, step.board);
});

test("each arc joins the centres of its two tiles, fits the picture and grows with its span", () => {
  for (const step of STEPS) {
    const n = step.explained.reading.length;
    const layout = arcLayout(step.pairs, n);
    assert.equal(layout.arcs.length, step.pairs.length);
    for (const [k, arc] of layout.arcs.entries()) {
      const [i, j] = step.pairs[k];
      assert.ok(i < j && j < n);
      assert.ok(close(arc.x1, layout.tileX[i]) && close(arc.x2, layout.tileX[j]));
      assert.ok(arc.x1 >= 0 && arc.x2 <= layout.width);
      assert.ok(arc.ry > 0 && layout.baseline - arc.ry >= -1e-9, `arc ${i}-${j} leaves the picture`);
      assert.match(arc.d, /^M[\d.]+ [\d.]+A[\d.]+ [\d.]+ 0 0 1 [\d.]+ [\d.]+$/);
    }
    const spans = layout.arcs.map((a) => [a.j - a.i, a.ry]).sort((a, b) => a[0] - b[0]);
    for (const [[s1, h1], [s2, h2]] of spans.slice(1).map((x, k) => [spans[k], x])) {
      assert.ok(s1 === s2 ? close(h1, h2) : h1 < h2);
    }
  }
  const full = arcLayout([[0, 7]], 8, { arcHeight: 100 });
  assert.ok(close(full.baseline - full.arcs[0].ry, 6)); // the longest arc reaches the top margin
});

test("arcs are named by their two tiles, the pairs Python's inversion_pairs lists", () => {
  for (const step of STEPS) {
    assert.deepEqual([...arcKeys(step.pairs, step.explained.reading)].sort(), step.keys, step.board);
  }
});

test("after a swap or a slide the arcs of pairs still inverted stay, the others come and go", () => {
  for (const step of STEPS.filter((s) => s.diff)) {
    const before = arcKeys(step.previous.pairs, step.previous.explained.reading);
    const after = arcKeys(step.pairs, step.explained.reading);
    const diff = diffArcs(before, after);
    for (const part of ["kept", "added", "removed"]) assert.deepEqual([...diff[part]].sort(), step.diff[part]);
  }
});

test("the arcs glide from where they were to where they go", () => {
  for (const step of STEPS.filter((s) => s.diff && s.pairs.length <= MAX_ANIMATED_ARCS)) {
    const n = step.explained.reading.length;
    const place = (s) => {
      const layout = arcLayout(s.pairs, n);
      const keys = arcKeys(s.pairs, s.explained.reading);
      return [layout, new Map(keys.map((key, k) => [key, { x1: layout.arcs[k].x1, x2: layout.arcs[k].x2 }]))];
    };
    const [, before] = place(step.previous);
    const [layout, after] = place(step);
    const start = new Map(tweenArcs(before, after, 0, layout.scale).map((a) => [a.key, a]));
    const end = new Map(tweenArcs(before, after, 1, layout.scale).map((a) => [a.key, a]));
    const middle = tweenArcs(before, after, 0.5, layout.scale);
    assert.equal(start.size, new Set([...before.keys(), ...after.keys()]).size);
    for (const key of step.diff.kept) {
      assert.ok(close(start.get(key).x1, before.get(key).x1) && close(end.get(key).x2, after.get(key).x2));
      assert.equal(end.get(key).opacity, 1);
    }
    for (const key of step.diff.added) assert.ok(start.get(key).opacity === 0 && end.get(key).opacity === 1);
    for (const key of step.diff.removed) assert.ok(start.get(key).opacity === 1 && end.get(key).opacity === 0);
    for (const arc of middle) assert.ok(arc.opacity > 0 && arc.opacity < 1 || arc.state === "kept");
    for (const arc of end.values()) {
      if (arc.state !== "removed") assert.ok(close(arc.ry, ((arc.x2 - arc.x1) / 2) * layout.scale));
    }
  }
});

test("a tile's partners are the tiles it is inverted with", () => {
  const step = STEPS.find((s) => s.board === "7 4 3/_ 5 8/6 2 1") ?? STEPS.find((s) => s.pairs.length > 3);
  const reading = step.explained.reading;
  for (let k = 0; k < reading.length; k++) {
    const partners = partnersOf(step.pairs, k).map((p) => reading[p]).sort((a, b) => a - b);
    const expected = step.keys
      .map((key) => key.split("-").map(Number))
      .filter((pair) => pair.includes(reading[k]))
      .map(([a, b]) => (a === reading[k] ? b : a))
      .sort((a, b) => a - b);
    assert.deepEqual(partners, expected);
  }
});

test("arrow keys move the focus across the cells and stop at the edges", () => {
  assert.equal(moveFocus(4, "ArrowUp", 3, 3), 1);
  assert.equal(moveFocus(4, "ArrowLeft", 3, 3), 3);
  assert.equal(moveFocus(2, "ArrowRight", 3, 3), 2);
  assert.equal(moveFocus(6, "ArrowDown", 3, 3), 6);
  assert.equal(moveFocus(3, "ArrowDown", 2, 4), 7);
  assert.equal(moveFocus(3, "Enter", 2, 4), 3);
});

test("words for the student and for a screen reader", () => {
  assert.match(hint("slide the blank", null), /next to the blank/);
  assert.match(hint("swap two tiles", null), /then a second one/);
  assert.match(hint("swap two tiles", 4), /^Cell 4 is picked/);
  assert.equal(cellLabel(3, 0), "cell 3: the blank");
  assert.equal(cellLabel(0, 7, { home: true, picked: true }), "cell 0: tile 7, at home, picked");
});
