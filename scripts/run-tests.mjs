// Runs every *.test.ts below the given folders with node's test runner (through tsx).
// Usage: node scripts/run-tests.mjs [--except DIR …] test [more folders or files…]
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

// `--except DIR` leaves a folder out (the PostgreSQL pass skips engine tests that never touch the database).
const args = process.argv.slice(2);
const excluded = [];
const roots = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--except") excluded.push(args[++i]);
  else roots.push(args[i]);
}
const files = roots
  .flatMap((root) => collect(root, []))
  .filter((file) => !excluded.some((dir) => file === dir || file.startsWith(`${dir}/`)));
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
