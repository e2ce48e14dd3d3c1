// Where a Node test finds the bytes the Python side wrote for its widget. tests/test_js.py writes
// them all and sets $PUZZLELAB_JS_FIXTURES; run alone (`node --test tests/js/*.test.mjs`), a test
// file asks Python to write its own widget's fixtures into a fresh temporary folder.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

function python() {
  if (process.env.PUZZLELAB_PYTHON) return process.env.PUZZLELAB_PYTHON;
  const venv = join(ROOT, ".venv", "bin", "python");
  return existsSync(venv) ? venv : "python3";
}

export function fixtureDir(name) {
  const base = process.env.PUZZLELAB_JS_FIXTURES;
  if (base) return join(base, name);
  const fresh = mkdtempSync(join(tmpdir(), "puzzlelab-js-"));
  execFileSync(python(), [join(ROOT, "tests", "js_fixtures", "_write.py"), fresh, name], { stdio: "inherit" });
  return join(fresh, name);
}
