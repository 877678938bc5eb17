// A real `kyc` child process (src/cli/main.ts under tsx) on its own DATA_DIR (and, with DATABASE_URL, its own
// schema): for tests and fault runs that need a server they can signal or kill -9.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const MAIN = join(ROOT, "src/cli/main.ts");

/** The child's environment: this process's, minus anything that would point it at another database. */
export function kycEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    "DATABASE_URL",
    "DATABASE_SCHEMA",
    "REDIS_URL",
    "PORT",
    "HOST",
    "PUBLIC_URL",
    "DATA_DIR",
  ])
    delete env[name];
  return { ...env, NODE_ENV: "test", LOG_LEVEL: "warn", ...extra };
}

export function spawnKyc(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", MAIN, ...args], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export interface KycServer {
  child: ChildProcess;
  url: string;
  output(): string;
}

/** Starts `kyc start` (or `kyc serve`, an API-only node) on a free loopback port and waits until /healthz answers. */
export async function startKycServer(
  env: Record<string, string | undefined>,
  timeoutMs = Number(process.env.KYC_START_TIMEOUT_MS ?? 180_000),
  mode: "start" | "serve" = "start",
): Promise<KycServer> {
  const port = await freePort();
  const child = spawnKyc(
    [mode],
    kycEnv({ PUBLIC_URL: `http://127.0.0.1:${port}`, ...env, PORT: String(port), HOST: "127.0.0.1" }),
  );
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    const ready = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { child, url, output: () => output };
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not come up:\n${output}`);
    }
    await sleep(200);
  }
}

/** Starts `kyc worker` (job workers only, no HTTP); its output is kept for failure reports. */
export function startKycWorker(env: Record<string, string | undefined>): Omit<KycServer, "url"> {
  const child = spawnKyc(["worker"], kycEnv(env));
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  return { child, output: () => output };
}

/** Resolves with the exit code/signal, or null if the child is still running after `ms`. */
export function exitWithin(
  child: ChildProcess,
  ms: number,
): Promise<{ code: number | null; signal: string | null } | null> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
}

/** Runs one CLI command to completion. */
export function runKyc(
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return collectOutput(spawnKyc(args, kycEnv(env)));
}

/** Waits for a spawned command to close and returns its exit code and everything it printed. */
export function collectOutput(
  child: ChildProcess,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr!.on("data", (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr })));
}
