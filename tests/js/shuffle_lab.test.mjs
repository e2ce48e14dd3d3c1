// The shuffle lab's module under Node, on what the Python side sent (tests/js_fixtures/shuffle_lab.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";

import {
  COUNTS16,
  COUNTS8,
  GAPS16,
  OVER,
  SPARSE,
  UNDER,
  accumulate,
  axisTop,
  barHeight,
  biasColor,
  biasPosition,
  columnRange,
  decodeBatch,
  decodeExact,
  extent,
  factorial,
  histogramColumns,
  matrixSpread,
  newTotals,
  niceCeil,
  permutationLabel,
  proportions,
  textOn,
} from "../../puzzlelab/widgets/js/shuffle_lab.js";
import { fixtureDir } from "./fixtures.mjs";

const DIR = fixtureDir("shuffle_lab");
const CASES = JSON.parse(readFileSync(join(DIR, "cases.json"), "utf8"));
const bytes = (name) => readFileSync(join(DIR, name));
const SAMPLED = CASES.filter((c) => c.batches.length);
const EDGES = JSON.parse(readFileSync(join(DIR, "edges.json"), "utf8"));

function runTotals(c) {
  const totals = newTotals(c.n);
  for (const name of c.batches) accumulate(totals, decodeBatch(bytes(name)));
  return totals;
}

test("the fixtures cover dense and sparse batches, narrow counts, exact marks or none, an exact-only run", () => {
  const files = [...SAMPLED.flatMap((c) => [...c.batches, c.total]), ...EDGES.map((e) => e.file)];
  const flags = files.map((name) => bytes(name).readUInt32LE(4));
  assert.ok(flags.some((f) => f & SPARSE) && flags.some((f) => !(f & SPARSE)), "dense and sparse batches");
  assert.ok(flags.some((f) => f & GAPS16), "sparse ranks as 2-byte gaps");
  assert.ok(flags.some((f) => f & COUNTS8) && flags.some((f) => f & COUNTS16), "1- and 2-byte counts");
  assert.ok(flags.some((f) => !(f & (COUNTS8 | COUNTS16))), "4-byte counts");
  assert.ok(CASES.some((c) => c.exact_probabilities.length && c.batches.length));
  assert.ok(CASES.some((c) => !c.exact_probabilities.length && c.batches.length));
  assert.ok(CASES.some((c) => c.exact_probabilities.length && !c.batches.length));
});

test("each batch decodes, as a Buffer or a DataView, with its index and size from the plan", () => {
  for (const c of SAMPLED) {
    c.batches.forEach((name, k) => {
      const raw = bytes(name);
      const batch = decodeBatch(raw);
      assert.equal(batch.n, c.n);
      assert.equal(batch.batch, k);
      assert.equal(batch.samples, c.plan[k]);
      assert.equal(batch.runningTotal, false);
      const counted = batch.values.reduce((a, b) => a + b, 0);
      assert.equal(counted, c.plan[k], "the counts add up to the batch's size");
      assert.equal(batch.matrix.reduce((a, b) => a + b, 0), c.n * c.plan[k]);
      const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
      assert.deepEqual(decodeBatch(view), batch);
    });
  }
});

test("adding up the batches gives the library's counts and matrix; the batches add up to samples", () => {
  for (const c of SAMPLED) {
    const totals = runTotals(c);
    assert.equal(totals.drawn, c.samples);
    assert.equal(totals.batches, c.plan.length);
    assert.deepEqual(Array.from(totals.counts), c.counts, c.case);
    assert.deepEqual(Array.from(totals.matrix), c.matrix, c.case);
  }
});

test("a running total replaces what a view had, so a late view starts where the run is", () => {
  for (const c of SAMPLED) {
    const late = newTotals(c.n);
    accumulate(late, decodeBatch(bytes(c.batches[0])));
    accumulate(late, decodeBatch(bytes(c.total)));
    assert.equal(late.batches, c.plan.length);
    assert.deepEqual(Array.from(late.counts), c.counts);
    assert.deepEqual(Array.from(late.matrix), c.matrix);
  }
});

test("a batch for another size of run, or a broken one, is refused", () => {
  const c = SAMPLED[0];
  assert.throws(() => accumulate(newTotals(c.n + 1), decodeBatch(bytes(c.batches[0]))), /items/);
  const raw = Buffer.from(bytes(c.batches[0]));
  assert.throws(() => decodeBatch(raw.subarray(0, raw.length - 4)), /length/);
  raw.writeUInt32LE(9, 0);
  assert.throws(() => decodeBatch(raw), /format/);
});

test("the Python side's odd batches decode: 4-byte counts, ranks beyond 2-byte gaps", () => {
  for (const c of EDGES) {
    const batch = decodeBatch(bytes(c.file));
    const totals = accumulate(newTotals(c.n), batch);
    c.entries.forEach(([rank, count]) => assert.equal(totals.counts[rank], count));
    assert.equal(totals.counts.reduce((a, b) => a + b, 0), c.entries.reduce((a, [, k]) => a + k, 0));
    assert.deepEqual(Array.from(batch.matrix), c.matrix);
  }
});

test("the exact probabilities decode from float32 and are there before any batch", () => {
  for (const c of CASES) {
    const exact = decodeExact(bytes(c.exact));
    assert.equal(exact.length, c.exact_probabilities.length);
    exact.forEach((p, i) => assert.ok(Math.abs(p - c.exact_probabilities[i]) < 1e-7));
    assert.equal(c.setting.exact, exact.length > 0);
    if (exact.length) assert.ok(Math.abs(exact.reduce((a, b) => a + b, 0) - 1) < 1e-5);
  }
});

test("ranks name the same permutations as Python's table", () => {
  for (const c of CASES.filter((x) => x.permutations.length)) {
    assert.equal(c.permutations.length, factorial(c.n));
    c.permutations.forEach((label, rank) => assert.equal(permutationLabel(rank, c.n), label));
  }
});

test("bars scale to the axis: the fair level and the exact maximum fit, with room above", () => {
  for (const c of CASES) {
    const fair = 1 / factorial(c.n);
    const exactMax = c.exact_probabilities.length ? Math.max(...c.exact_probabilities) : 0;
    const sampledMax = c.counts.length ? Math.max(...proportions(c.counts, c.samples)) : 0;
    const top = axisTop(fair, exactMax, sampledMax);
    assert.ok(top >= 1.15 * Math.max(2 * fair, exactMax, sampledMax) * (1 - 1e-12));
    assert.equal(niceCeil(top), top, "a nice number");
    assert.equal(barHeight(top, top, 200), 200);
    assert.equal(barHeight(0, top, 200), 0);
    assert.equal(barHeight(2 * top, top, 200), 200, "clipped at the top");
    assert.ok(Math.abs(barHeight(fair, top, 200) - (200 * fair) / top) < 1e-9);
  }
  assert.deepEqual([0.031, 0.2, 0.21, 0.26, 0.6, 7].map(niceCeil), [0.05, 0.2, 0.25, 0.5, 1, 10]);
});

test("many permutations share pixel columns; each column stands for its ranks, none lost", () => {
  assert.deepEqual(histogramColumns(24, 500), { bars: true, columns: 24, slot: 500 / 24 });
  for (const count of [720, 5040, 362880]) {
    const layout = histogramColumns(count, 500);
    assert.equal(layout.bars, false);
    let next = 0;
    for (let c = 0; c < layout.columns; c++) {
      const [lo, hi] = columnRange(c, count, layout.columns);
      assert.equal(lo, next);
      assert.ok(hi > lo);
      next = hi;
    }
    assert.equal(next, count);
  }
  assert.deepEqual(extent([3, 1, 4, 1, 5], 1, 4), [1, 4]);
});

test("matrix colours: white at 1/n, blue below, vermillion above, stronger further away", () => {
  for (const c of CASES.filter((x) => x.exact_matrix.length)) {
    const n = c.n;
    const spread = matrixSpread(c.exact_matrix, n);
    assert.ok(spread >= 0.1 / n);
    for (const p of c.exact_matrix) assert.ok(Math.abs(biasPosition(p, n, spread)) <= 1 + 1e-12);
    assert.deepEqual(biasColor(1 / n, n, spread), [255, 255, 255]);
    assert.deepEqual(biasColor(1 / n + spread, n, spread), OVER);
    assert.deepEqual(biasColor(1 / n - spread, n, spread), UNDER);
    assert.deepEqual(biasColor(1 / n + 5 * spread, n, spread), OVER, "clamped");
    const half = biasColor(1 / n - spread / 2, n, spread);
    assert.ok(half[0] < 255 && half[0] > UNDER[0], "halfway is between white and blue");
    assert.ok(biasColor(1 / n - spread / 4, n, spread)[0] > half[0], "nearer fair is lighter");
  }
  const fair = newTotals(3);
  assert.equal(matrixSpread(new Float64Array(9).fill(1 / 3), 3), 0.1 / 3, "an exactly fair matrix still gets a scale");
  assert.equal(fair.matrix.length, 9);
  assert.equal(textOn(OVER), "white");
  assert.equal(textOn([255, 255, 255]), "black");
});

test("sampled proportions converge on the exact marks: the finished run is close to exact", () => {
  for (const c of SAMPLED.filter((x) => x.exact_matrix.length)) {
    const totals = runTotals(c);
    const matrix = proportions(totals.matrix, totals.drawn);
    matrix.forEach((p, i) => assert.ok(Math.abs(p - c.exact_matrix[i]) < 0.05, `${c.case} cell ${i}`));
  }
  assert.deepEqual(Array.from(proportions([1, 3], 0)), [0, 0], "nothing drawn yet: no bars");
});
