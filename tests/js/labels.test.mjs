// Every word a widget's ES module draws comes from the library's catalogue: each t("...") in a
// module is one of the labels its Python module sends (LABELS, written by tests/js_fixtures/labels.py),
// and t() falls back to the English and fills {name} placeholders.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { fixtureDir } from "./fixtures.mjs";

const JS = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "puzzlelab", "widgets", "js");
const DIR = fixtureDir("labels");
const FIXTURE = JSON.parse(readFileSync(join(DIR, "labels.json"), "utf8"));
const MODULES = Object.keys(FIXTURE);
const CJK = /[\u4e00-\u9fff]/;
// the solvers' own symbols, which a Chinese textbook writes as they are (the menu's "astar" is A*)
const SYMBOLS = new Set(["A*", "IDA*"]);
const chineseWord = (shown) => CJK.test(shown) || SYMBOLS.has(shown);

/** The labels a module's source looks up: the string literal(s) that open each t( call, joined
 * when they are concatenated with +. A t( whose first argument is not a literal is not counted
 * (its labels are listed in LABELS by hand, e.g. the menu values). */
export function labelsIn(text) {
  // comments are not code: drop /* ... */ blocks and lines that start with //
  const source = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const found = [];
  const call = /\bt\(\s*/g;
  const literal = /^"((?:[^"\\\n]|\\.)*)"\s*/;
  let match;
  while ((match = call.exec(source)) !== null) {
    let rest = source.slice(call.lastIndex);
    const parts = [];
    for (;;) {
      const piece = literal.exec(rest);
      if (!piece) break;
      parts.push(JSON.parse(`"${piece[1]}"`));
      rest = rest.slice(piece[0].length);
      const plus = /^\+\s*/.exec(rest);
      if (!plus) break;
      rest = rest.slice(plus[0].length);
    }
    if (parts.length) found.push(parts.join(""));
  }
  return found;
}

const placeholders = (text) => (text.match(/\{[^{}]*\}/g) || []).sort();

test("the fixture covers every widget module that looks words up", () => {
  for (const name of ["parity_lab", "playable", "search_player", "shuffle_lab", "weight_explorer"]) {
    assert.ok(MODULES.includes(name), name);
  }
});

for (const name of MODULES) {
  const source = readFileSync(join(JS, `${name}.js`), "utf8");
  const { labels, zh, sent } = FIXTURE[name];

  test(`${name}: every t("...") label is in the Python module's LABELS`, () => {
    const used = labelsIn(source);
    assert.ok(used.length >= 10, `only ${used.length} labels found in ${name}.js`);
    const missing = [...new Set(used)].filter((label) => !labels.includes(label));
    assert.deepEqual(missing, [], `${name}.js looks up labels its Python LABELS does not send`);
  });

  test(`${name}: a widget made in Chinese sends a Chinese word for every label its module looks up`, async () => {
    const { translator } = await import(join(JS, `${name}.js`));
    const t = translator(sent);
    for (const label of new Set([...labelsIn(source), ...labels])) {
      assert.ok(chineseWord(t(label)), `${name}: ${JSON.stringify(label)} is drawn in English: ${t(label)}`);
    }
    assert.deepEqual(Object.keys(sent).sort(), [...new Set(labels)].sort());
  });

  test(`${name}: no English word drawn outside t() in the obvious places`, () => {
    // button texts, aria-labels and titles given as bare literals would escape the catalogue
    const bare = [...source.matchAll(/"aria-label":\s*"([^"]*[a-z]{3}[^"]*)"/g)].map((m) => m[1]);
    assert.deepEqual(bare, [], `${name}.js has aria-labels outside t()`);
  });

  test(`${name}: t() falls back to the English, fills placeholders and reads the translations`, async () => {
    const module = await import(join(JS, `${name}.js`));
    const { translator, english } = module;
    assert.equal(typeof translator, "function");
    assert.equal(english("tile {n}", { n: 3 }), "tile 3");
    assert.equal(english("no placeholder"), "no placeholder");
    assert.equal(english("{a} and {b}", { a: 1 }), "1 and {b}"); // a value not given stays visible
    const t = translator({ "moves: {n}": "步数：{n}", hint: "", constructor: 5 });
    assert.equal(t("moves: {n}", { n: 12 }), "步数：12");
    assert.equal(t("hint"), "hint"); // an empty translation falls back to the English
    assert.equal(t("constructor"), "constructor"); // only the table's own string entries count
    assert.equal(translator(null)("undo"), "undo");
    assert.equal(translator(undefined)("x {y}", { y: "z" }), "x z");
    const chinese = translator(zh);
    for (const label of labels) {
      const shown = chinese(label);
      assert.ok(chineseWord(shown), `${name}: ${JSON.stringify(label)} has no Chinese translation: ${shown}`);
      assert.deepEqual(placeholders(zh[label]), placeholders(label), `${name}: placeholders of ${JSON.stringify(label)}`);
      for (const field of placeholders(label)) {
        assert.match(field, /^\{\w+\}$/, `${name}: the browser fills plain {name} placeholders only: ${label}`);
      }
    }
  });
}
