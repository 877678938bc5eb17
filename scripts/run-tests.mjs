// Runs every *.test.ts below the given folders with node's test runner (through tsx).
// Usage: node scripts/run-tests.mjs test [more folders or files…]
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

function collect(path, out) {
  if (statSync(path).isFile()) {
    if (path.endsWith(".test.ts")) out.push(path);
    return out;
  }
  for (const name of readdirSync(path).sort()) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    collect(join(path, name), out);
  }
  return out;
}

const roots = process.argv.slice(2);
const files = roots.flatMap((root) => collect(root, []));
if (files.length === 0) {
  console.error(`no test files under ${roots.join(", ")}`);
  process.exit(1);
}
const concurrency = Number(process.env.TEST_CONCURRENCY ?? 2);
const result = spawnSync(
  process.execPath,
  ["--import", "tsx", "--test", `--test-concurrency=${concurrency}`, "--test-reporter=spec", ...files],
  { stdio: "inherit", env: { ...process.env, NODE_ENV: "test" } },
);
process.exit(result.status ?? 1);
