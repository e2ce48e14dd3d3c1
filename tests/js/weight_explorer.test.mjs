// The weight explorer's module under Node: it decodes the bytes Python wrote, picks the run the
// slider or a typed weight asks for, writes the same texts as Python, and lays its pictures out
// in proportion to their size. Fixtures: tests/js_fixtures/weight_explorer.py.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import {
  cellsOf,
  chartLayout,
  decodeRuns,
  expandedText,
  formatG,
  formatInt,
  indexFor,
  keyStep,
  lengthText,
  planeLayout,
  planeLimits,
  planeTitle,
  runAt,
  tickStep,
} from "../../puzzlelab/widgets/js/weight_explorer.js";
import { fixtureDir } from "./fixtures.mjs";

const DIR = fixtureDir("weight_explorer");
const bytes = (name) => readFileSync(join(DIR, name));
const json = (name) => JSON.parse(readFileSync(join(DIR, name), "utf8"));

function assertSameRuns(decoded, expected) {
  assert.equal(decoded.length, expected.length);
  decoded.forEach((run, k) => {
    const want = expected[k];
    for (const key of ["weight", "bound", "expanded", "cost", "solved"]) assert.equal(run[key], want[key], key);
    assert.deepEqual(Array.from(run.g), want.g);
    assert.deepEqual(Array.from(run.h), want.h);
    assert.equal(run.g.BYTES_PER_ELEMENT, want.gBytes);
    assert.equal(run.h.BYTES_PER_ELEMENT, want.hBytes);
  });
}

test("decodes every run of the grid exactly as Python made it", () => {
  const fixture = json("grid.json");
  const runs = decodeRuns(bytes("grid.bin"));
  assertSameRuns(runs, fixture.runs);
  assert.ok(runs.length === fixture.grid.length + 1, "the grid plus the weight that joined it");
  assert.ok(runs.some((run) => run.g.length > 1000), "a run with thousands of expanded nodes");
});

test("decodes uint16 and uint32 arrays, unsolved and empty runs, from any byte offset", () => {
  const fixture = json("wide.json");
  const data = bytes("wide.bin");
  assertSameRuns(decodeRuns(data), fixture.runs);
  const shifted = new Uint8Array(data.length + 3); // a view that starts at an odd offset
  shifted.set(data, 3);
  assertSameRuns(decodeRuns(new DataView(shifted.buffer, 3, data.length)), fixture.runs);
  assert.deepEqual(decodeRuns(new Uint8Array(0)), []);
  assert.throws(() => decodeRuns(new Uint8Array([1, 2, 3, 4, 1, 0, 0, 0])), /not weight-explorer runs/);
});

test("the slider and a typed weight pick the right run", () => {
  const fixture = json("grid.json");
  const runs = decodeRuns(bytes("grid.bin"));
  fixture.runs.forEach((want, index) => {
    assert.equal(runAt(runs, index).weight, want.weight);
    assert.deepEqual(indexFor(runs, want.weight), { index, exact: true });
  });
  for (const { weight, index, exact } of fixture.typed) assert.deepEqual(indexFor(runs, weight), { index, exact });
  assert.equal(runAt(runs, -4), runs[0]);
  assert.equal(runAt(runs, 999), runs[runs.length - 1]);
  assert.equal(runAt(runs, "3"), runs[3]);
  assert.equal(runAt([], 0), null);
  assert.deepEqual(indexFor([], 2), { index: -1, exact: false });
});

test("the read-outs are Python's texts, word for word", () => {
  const grid = json("grid.json");
  const runs = decodeRuns(bytes("grid.bin"));
  runs.forEach((run, k) => {
    assert.equal(expandedText(run), grid.texts[k].expanded);
    assert.equal(lengthText(run, grid.optimum, grid.budget), grid.texts[k].length);
  });
  const wide = json("wide.json");
  const odd = decodeRuns(bytes("wide.bin"));
  odd.forEach((run, k) => {
    assert.equal(expandedText(run), wide.expanded[k]);
    for (let j = 0; j < 3; j++) {
      const { optimum, length } = wide.lengths[3 * k + j];
      assert.equal(lengthText(run, optimum, grid.budget), length);
    }
  });
  assert.equal(expandedText(null), "");
  assert.equal(lengthText(null, 3, 10), "");
});

test("numbers are formatted as Python's :g and :, formats", () => {
  const { g, comma } = json("numbers.json");
  for (const [x, text] of g) assert.equal(formatG(x), text, `formatG(${x})`);
  for (const [n, text] of comma) assert.equal(formatInt(n), text);
  const run = decodeRuns(bytes("grid.bin"))[3];
  assert.equal(planeTitle(run), `w = ${formatG(run.weight)}: ${formatInt(run.g.length)} expanded; ` +
    `dashed line f = g + ${formatG(run.weight)}h = ${formatG(run.bound)}`);
});

test("the (g, h) cells count every expanded node once", () => {
  for (const run of decodeRuns(bytes("grid.bin"))) {
    const cells = cellsOf(run);
    assert.equal(cells.count.reduce((a, b) => a + b, 0), run.g.length);
    const brute = new Set(Array.from(run.g, (g, i) => `${g},${run.h[i]}`));
    assert.equal(cells.g.length, brute.size);
    assert.equal(cellsOf(run), cells, "computed once per run");
  }
});

test("the plane's limits fit every run's points; the layout scales with the canvas", () => {
  const runs = decodeRuns(bytes("grid.bin"));
  const limits = planeLimits(runs);
  for (const run of runs) {
    assert.ok(Math.max(...run.g) <= limits.gmax && Math.max(...run.h) <= limits.hmax);
    assert.ok(run.bound / run.weight <= limits.hmax, "where the line meets the h axis");
  }
  const everything = [...runs.flatMap((run) => Array.from(run.g))];
  assert.equal(limits.gmax, Math.ceil(Math.max(...everything) * 1.05), "the points set the g axis, not the line");
  const small = planeLayout(340, 300, limits);
  const big = planeLayout(680, 600, limits);
  assert.equal(small.x(0), small.box.left);
  assert.equal(small.y(0), small.box.bottom);
  assert.ok(Math.abs(small.x(limits.gmax) - small.box.right) < 1e-9);
  assert.ok(Math.abs(small.y(limits.hmax) - small.box.top) < 1e-9);
  for (const [g, h] of [[3, 4], [limits.gmax / 2, limits.hmax / 3]]) {
    const fraction = (L) => [(L.x(g) - L.box.left) / (L.box.right - L.box.left), (L.box.bottom - L.y(h)) / (L.box.bottom - L.box.top)];
    const [a, b] = [fraction(small), fraction(big)];
    assert.ok(Math.abs(a[0] - b[0]) < 1e-9 && Math.abs(a[1] - b[1]) < 1e-9);
  }
  assert.ok(big.cell >= small.cell);
});

test("the trade-off chart: w on a log axis, both panels from 0, room for the optimum", () => {
  const fixture = json("grid.json");
  const runs = decodeRuns(bytes("grid.bin"));
  for (const width of [300, 600]) {
    const L = chartLayout(width, 300, runs, fixture.optimum);
    assert.equal(L.x(1), L.box.left);
    assert.ok(Math.abs(L.x(10) - L.box.right) < 1e-9);
    const mid = (L.x(Math.sqrt(10)) - L.box.left) / (L.box.right - L.box.left);
    assert.ok(Math.abs(mid - 0.5) < 1e-9, "log scale: sqrt(10) halfway");
    assert.equal(L.yWork(0), L.work.bottom);
    assert.equal(L.yPrice(0), L.price.bottom);
    assert.ok(L.work.bottom < L.price.top, "the panels do not overlap");
    for (const run of runs) {
      assert.ok(L.yWork(run.expanded) >= L.work.top && L.yPrice(run.cost) >= L.price.top);
    }
    assert.ok(L.yPrice(fixture.optimum) > L.price.top);
    assert.deepEqual(L.ticks, [1, 1.5, 2, 3, 5, 10]);
  }
});

test("tick steps are 1, 2 or 5 times a power of ten, about five to an axis", () => {
  for (let top = 0; top <= 3000; top++) {
    const step = tickStep(top);
    const mantissa = step / 10 ** Math.floor(Math.log10(step) + 1e-9);
    assert.ok([1, 2, 5].some((m) => Math.abs(mantissa - m) < 1e-9), `${top}: ${step}`);
    assert.ok(top / step <= 5, `${top}: too many ticks with step ${step}`);
    if (top >= 5) assert.ok(top / step >= 2, `${top}: too few ticks with step ${step}`);
  }
});

test("keys move the slider one weight, a page, or to either end, never past them", () => {
  assert.equal(keyStep("ArrowRight", 3, 25), 4);
  assert.equal(keyStep("ArrowUp", 3, 25), 4);
  assert.equal(keyStep("ArrowLeft", 3, 25), 2);
  assert.equal(keyStep("ArrowDown", 0, 25), 0);
  assert.equal(keyStep("ArrowRight", 24, 25), 24);
  assert.equal(keyStep("Home", 17, 25), 0);
  assert.equal(keyStep("End", 2, 25), 24);
  assert.equal(keyStep("PageUp", 2, 25), 7);
  assert.equal(keyStep("PageDown", 2, 25), 0);
  assert.equal(keyStep("a", 2, 25), null);
  assert.equal(keyStep("Enter", 2, 25), null);
});
