// The search player's module under Node: decoding the bytes Python sends gives, at every step,
// what the library's Trace says (tests/js_fixtures/search_player.py writes both).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  advance, cellOrigins, children, clampStep, decode, describe, formatG, frontier, node, path, unpack,
} from "../../puzzlelab/widgets/js/search_player.js";
import { fixtureDir } from "./fixtures.mjs";

const DIR = fixtureDir("search_player");
const RUNS = JSON.parse(readFileSync(join(DIR, "runs.json"), "utf8"));

function same(actual, wanted, where) {
  assert.deepEqual(Array.from(actual.tiles), wanted.tiles, `${where}: tiles`);
  assert.equal(actual.g, wanted.g, `${where}: g`);
  assert.equal(actual.move, wanted.move, `${where}: move`);
  for (const key of ["h", "f"]) {
    if (wanted[key] === null) assert.ok(Number.isNaN(actual[key]), `${where}: ${key} is nan`);
    else assert.equal(actual[key], wanted[key], `${where}: ${key}`);
  }
}

for (const name of RUNS) {
  test(`${name}: every step decodes to what Trace shows`, async () => {
    const { steps, expected } = JSON.parse(readFileSync(join(DIR, `${name}.json`), "utf8"));
    const run = decode(readFileSync(join(DIR, `${name}.bin`)));
    const inflated = await unpack(readFileSync(join(DIR, `${name}.binz`)));
    assert.equal(run.steps, steps);
    assert.equal(inflated.steps, steps);
    assert.deepEqual(Array.from(inflated.boards), Array.from(run.boards));
    expected.forEach((want, i) => {
      const k = i + 1;
      same(node(run, k), want.node, `${name} step ${k} node`);
      const kids = children(run, k);
      assert.equal(kids.generated.length, want.generated.length, `${name} step ${k}: generated`);
      kids.generated.forEach((kid, j) => same(kid, want.generated[j], `${name} step ${k} child ${j}`));
      assert.equal(kids.skipped.length, want.skipped.length, `${name} step ${k}: skipped`);
      kids.skipped.forEach((kid, j) => same(kid, want.skipped[j], `${name} step ${k} skipped ${j}`));
      const best = frontier(run, k);
      assert.equal(best.size, want.size, `${name} step ${k}: frontier size`);
      assert.equal(best.nodes.length, want.frontier.length, `${name} step ${k}: best entries`);
      best.nodes.forEach((entry, j) => same(entry, want.frontier[j], `${name} step ${k} frontier ${j}`));
      const route = path(run, k);
      assert.equal(route.slice(1).map((n) => n.move).join(""), want.path, `${name} step ${k}: path`);
      same(route[route.length - 1], want.node, `${name} step ${k}: path's end`);
      assert.equal(describe(run, k), want.describe);
      assert.equal(run.columns.step_frontier[k - 1], want.frontier_size);
    });
  });
}

test("refuses bytes that are not a packed run", () => {
  assert.throws(() => decode(new Uint8Array([1, 2, 3])), /not a packed search run/);
});

test("formatG writes numbers as Python's format(x, 'g')", () => {
  assert.equal(formatG(3), "3");
  assert.equal(formatG(12.25), "12.25");
  assert.equal(formatG(1 + 1.3 * 21), "28.3");
  assert.equal(formatG(NaN), "nan");
});

test("advance plays at the chosen speed and stops at the last step", () => {
  let state = { step: 1, carry: 0 };
  for (let frame = 0; frame < 60; frame++) state = advance(state.step, state.carry, 1000 / 60, 30, 100);
  assert.equal(state.step, 31);  // one second at 30 steps a second
  const end = advance(95, 0.5, 1000, 10, 100);
  assert.deepEqual([end.step, end.done, end.carry], [100, true, 0]);
  assert.equal(advance(5, 0, 0, 1000, 100).step, 5);  // the first frame moves nothing
});

test("clampStep keeps a step inside 1..steps", () => {
  assert.equal(clampStep(0, 10), 1);
  assert.equal(clampStep(11, 10), 10);
  assert.equal(clampStep("7", 10), 7);
  assert.equal(clampStep(NaN, 10), 1);
  assert.equal(clampStep(3, 0), 1);
});

test("cellOrigins lays a board out row by row", () => {
  assert.deepEqual(cellOrigins(2, 3, 10), [[0, 0], [10, 0], [20, 0], [0, 10], [10, 10], [20, 10]]);
});
