// Runs every *.test.ts below the given folders with node's test runner (through tsx).
// Usage: node scripts/run-tests.mjs [--except DIR …] test [more folders or files…]
import { spawn } from "node:child_process";
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
const first = await runFiles(files);
if (first.status === 0) process.exit(0);

// V8 in Node 22–24 can abort a test process as it frees WASM code after heavy PGlite churn ("Check failed:
// jit_page…" in ThreadIsolation; nodejs/node#64500). When that abort is the only kind of failure (every entry
// of the closing summary is a whole file, none a test inside one), those files run once more; any other
// failure stands.
const entries = failingEntries(first.output);
const wholeFiles = entries.filter(
  (entry) => entry.position === "1:1" && entry.text.includes("'test failed'"),
);
if (
  !first.output.includes("Check failed: jit_page") ||
  entries.length === 0 ||
  wholeFiles.length !== entries.length
)
  process.exit(first.status ?? 1);
const aborted = [...new Set(wholeFiles.map((entry) => entry.file))];
console.log(`\nre-running ${aborted.length} file(s) aborted by the V8 JIT-page check: ${aborted.join(", ")}`);
const second = await runFiles(aborted);
process.exit(second.status ?? 1);

/** Runs the files under node's test runner, passing its output through and keeping a copy. */
function runFiles(list) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "--test", `--test-concurrency=${concurrency}`, "--test-reporter=spec", ...list],
      { stdio: ["inherit", "pipe", "pipe"], env: { ...process.env, NODE_ENV: "test" } },
    );
    const chunks = [];
    child.stdout.on("data", (chunk) => {
      process.stdout.write(chunk);
      chunks.push(chunk);
    });
    child.stderr.on("data", (chunk) => {
      process.stderr.write(chunk);
      chunks.push(chunk);
    });
    child.on("close", (status) => resolve({ status, output: Buffer.concat(chunks).toString("utf8") }));
  });
}

/** The entries of the runner's closing summary: "test at <file>:<line>:<column>" and what follows it. */
function failingEntries(output) {
  const at = output.lastIndexOf("failing tests:");
  if (at < 0) return [];
  return output
    .slice(at)
    .split(/^test at /m)
    .slice(1)
    .map((block) => {
      const [, file, position] = /^(.+?):(\d+:\d+)$/m.exec(block.split("\n")[0]) ?? [];
      return { file, position, text: block };
    })
    .filter((entry) => entry.file);
}
