// `npm start` until /healthz answers (issue 18: no rebuild when the build is up to date), in three cases
// measured in the same run: a full build (no recorded build inputs: the baseline, what every start used
// to cost), starts with an up-to-date build, and a start after a server source changed (only the
// server's tsc runs), plus the bare server (`node bin/kyc.js start`, no check) alternating with the
// up-to-date starts. Each start is stopped with SIGTERM before the next; one DATA_DIR serves them all, so
// only the first start creates the embedded database.
// Run: node --import tsx bench/npm-start.bench.ts   (START_BENCH_RUNS=N up-to-date starts, default 5; ~2 min)
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { freePort } from "../test/support/kyc-process.js";
import { percentile } from "./support/latency-stats.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const STATE = join(ROOT, "dist/.build-inputs.json");
const RUNS = Number(process.env.START_BENCH_RUNS ?? 5);
const dataDir = mkdtempSync(join(tmpdir(), "kyc-start-bench-"));

/** Seconds until /healthz answers: `npm start` (build check, then the server), or the bare server. */
async function timedStart(command: "npm start" | "kyc start" = "npm start"): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const [program, args] =
    command === "npm start" ? ["npm", ["start", "--silent"]] : [process.execPath, ["bin/kyc.js", "start"]];
  const child: ChildProcess = spawn(program as string, args as string[], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", AML_SYNC_DAILY: "off" },
  });
  let stderr = "";
  child.stderr!.on("data", (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${stderr}`);
      const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (up) return (performance.now() - started) / 1000;
      if (performance.now() - started > 300_000) throw new Error(`no answer after 300 s:\n${stderr}`);
      await sleep(50);
    }
  } finally {
    // npm can exit before the server it started has closed the embedded database: wait for the whole
    // process group, or the next start finds the database still open.
    signalGroup(child.pid!, "SIGTERM");
    const deadline = performance.now() + 15_000;
    while (groupAlive(child.pid!) && performance.now() < deadline) await sleep(50);
    if (groupAlive(child.pid!)) signalGroup(child.pid!, "SIGKILL");
    while (groupAlive(child.pid!)) await sleep(50);
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Signals the start's process group; a group already gone (it exited before we looked) is no error. */
function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
  }
}

const forget = (names: string[] | "all") => {
  if (names === "all") return rmSync(STATE, { force: true });
  const state = JSON.parse(readFileSync(STATE, "utf8")) as Record<string, string>;
  for (const name of names) delete state[name];
  writeFileSync(STATE, JSON.stringify(state));
};

try {
  forget("all");
  const full = await timedStart();
  console.log(`full build + start: ${full.toFixed(1)} s`);
  // Alternating with the bare server (node bin/kyc.js start, no build check) in the same run: the
  // difference is what the check costs, whatever the machine's load does to the server's own start.
  const upToDate: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    upToDate.push(await timedStart("npm start"));
    bare.push(await timedStart("kyc start"));
    console.log(
      `run ${i + 1}: npm start ${upToDate.at(-1)!.toFixed(2)} s, bare kyc start ${bare.at(-1)!.toFixed(2)} s`,
    );
  }
  forget(["server"]);
  const serverOnly = await timedStart();
  console.log(`server sources changed (tsc only) + start: ${serverOnly.toFixed(1)} s`);
  const median = percentile(
    [...upToDate].sort((a, b) => a - b),
    50,
  );
  const bareMedian = percentile(
    [...bare].sort((a, b) => a - b),
    50,
  );
  console.log(
    `npm start, build up to date: median ${median.toFixed(2)} s (min ${Math.min(...upToDate).toFixed(2)}, ` +
      `max ${Math.max(...upToDate).toFixed(2)}, n=${RUNS}); bare kyc start median ${bareMedian.toFixed(2)} s ` +
      `(npm start ×${(median / bareMedian).toFixed(2)} of it, +${(median - bareMedian).toFixed(2)} s); ` +
      `full build + start ${full.toFixed(1)} s (up to date ×${(median / full).toFixed(3)} of it); ` +
      `server rebuild + start ${serverOnly.toFixed(1)} s`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
