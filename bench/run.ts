// `npm run bench [filter…]`: runs every bench/*.bench.ts (or those whose file name contains one of the
// filters) one after another, each in its own process so one bench's memory and worker threads cannot
// colour the next; streams their output, then prints one summary line per bench.
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const BENCH_DIR = fileURLToPath(new URL("./", import.meta.url));

interface Outcome {
  name: string;
  ok: boolean;
  seconds: number;
  detail: string;
}

function runOne(file: string): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", `${BENCH_DIR}${file}`], {
      stdio: "inherit",
      env: process.env,
    });
    const finish = (ok: boolean, detail: string) =>
      resolve({ name: file, ok, seconds: (performance.now() - started) / 1000, detail });
    child.once("error", (error) => finish(false, error.message));
    child.once("exit", (code, signal) =>
      finish(code === 0, code === 0 ? "" : signal ? `killed by ${signal}` : `exit code ${code}`),
    );
  });
}

const filters = process.argv.slice(2);
const files = readdirSync(BENCH_DIR)
  .filter((name) => name.endsWith(".bench.ts"))
  .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
  .sort();

if (files.length === 0) {
  console.error(`No bench matches ${filters.join(", ") || "(none)"} in ${BENCH_DIR}`);
  process.exit(1);
}

const outcomes: Outcome[] = [];
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  outcomes.push(await runOne(file));
}

console.log("\n=== summary ===");
const width = Math.max(...outcomes.map((outcome) => outcome.name.length));
for (const outcome of outcomes) {
  const status = outcome.ok ? "ok    " : "FAILED";
  const detail = outcome.detail ? `  (${outcome.detail})` : "";
  console.log(`${status} ${outcome.name.padEnd(width)} ${outcome.seconds.toFixed(1).padStart(7)} s${detail}`);
}
process.exitCode = outcomes.every((outcome) => outcome.ok) ? 0 : 1;
