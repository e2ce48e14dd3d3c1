// The menus of the search player, the weight explorer and the shuffle lab: their values are the
// library's identifiers (what a lesson sets in code), what they show is shownName(identifier, t):
// the translation of the identifier written with spaces, or the identifier itself (English).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { fixtureDir } from "./fixtures.mjs";

const JS = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "puzzlelab", "widgets", "js");
const FIXTURE = JSON.parse(readFileSync(join(fixtureDir("labels"), "labels.json"), "utf8"));
const MENUS = {
  search_player: ["astar", "weighted_astar", "greedy", "bfs", "article", "manhattan", "linear_conflict", "misplaced", "zero"],
  weight_explorer: ["manhattan", "linear_conflict", "misplaced"],
  shuffle_lab: ["fisher_yates", "random_walk", "naive_swap", "tutorial_fisher_yates", "sort_shuffle"],
};
const CHINESE = {
  astar: "A*", weighted_astar: "加权 A*", greedy: "贪心搜索", bfs: "广度优先搜索", article: "文章的求解器",
  manhattan: "曼哈顿距离", linear_conflict: "线性冲突", misplaced: "错位数码数", zero: "零（h = 0）",
  fisher_yates: "Fisher–Yates 洗牌", random_walk: "随机滑动", naive_swap: "朴素交换",
};

for (const [name, identifiers] of Object.entries(MENUS)) {
  test(`${name}: an English menu shows the identifiers, a Chinese one their Chinese names`, async () => {
    const { shownName, translator } = await import(join(JS, `${name}.js`));
    const english = translator(Object.fromEntries(FIXTURE[name].labels.map((label) => [label, label])));
    const chinese = translator(FIXTURE[name].sent);
    for (const id of identifiers) {
      assert.equal(shownName(id, english), id, `${name}: English shows ${id} as it is`);
      assert.equal(shownName(id), id, `${name}: no labels at all`);
      const shown = shownName(id, chinese);
      assert.notEqual(shown, id, `${name}: ${id} is shown untranslated in Chinese`);
      if (CHINESE[id]) assert.equal(shown, CHINESE[id], `${name}: ${id}`);
    }
    // an identifier the catalogue does not know (a heuristic a teacher registered) stays as it is
    assert.equal(shownName("my_heuristic", chinese), "my_heuristic");
  });
}
