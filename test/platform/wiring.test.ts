// ARCHITECTURE.md, "Wiring": nothing runs because a file was imported. Routes, jobs, commands and hooks are
// listed in src/composition/; a bare `import "./x.js"` (for its side effects) would hide what runs.
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { operatorCommandNames } from "../../src/composition/operator-commands.js";

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "dist" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.(ts|tsx|mjs|js)$/.test(name)) out.push(path);
  }
  return out;
}

test("no file imports another for its side effects (stylesheets aside)", () => {
  const offenders = ["src", "test", "bench", "e2e", "web/src"]
    .flatMap((root) => sourceFiles(root))
    .flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => /^\s*import\s+["'][^"']+["'];?\s*$/.test(line) && !/\.css["']/.test(line))
        .map((line) => `${file}: ${line.trim()}`),
    );
  assert.deepEqual(offenders, []);
});

test("the operator command list holds every documented command, each once", () => {
  const names = operatorCommandNames();
  for (const name of [
    "tenant create",
    "key rotate-all",
    "workflow create",
    "flow create",
    "aml load",
    "operator create",
  ]) {
    assert.ok(names.includes(name), `${name} is listed`);
  }
  assert.equal(new Set(names).size, names.length);
});
