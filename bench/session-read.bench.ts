// Authenticated /v3 reads over real HTTP, the way an integrator's backend sends them: GET /v3/session/{id}/
// (the session object with decision_v3), GET …/decision/ (the summary integrators poll) and a one-row
// ledger page, each against a bare Fastify route answering a session-sized body on the same machine in the
// same run (baseline). The server is this process (listening on 127.0.0.1); the load comes from a separate
// process (bench/support/http-load.mjs: keep-alive connections, CONCURRENCY requests in flight), so the
// server's CPU per request is this process's alone. Rounds are interleaved, each target's order rotating,
// so load on the shared machine hits every target alike; the best round of each is reported, and the
// ratio is best against best. PGlite always; PostgreSQL too when DATABASE_URL is set.
// Run: node --import tsx bench/session-read.bench.ts   (SESSION_READ_ROUNDS=N, default 4;
// SESSION_READ_REQUESTS=N per round, default 2000)
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import Fastify from "fastify";
import { createHttpApp } from "../src/composition/http-app.js";
import { benchDatabases, benchTenantWithSession, openBenchServices } from "./support/bench-services.js";

const ROUNDS = Number(process.env.SESSION_READ_ROUNDS ?? 4);
const REQUESTS = Number(process.env.SESSION_READ_REQUESTS ?? 2000);
const CONCURRENCY = 8;
const LOAD = fileURLToPath(new URL("./support/http-load.mjs", import.meta.url));
const run = promisify(execFile);

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  perSecond: number[];
  cpuMs: number[];
}

async function load(target: Target, requests: number): Promise<{ perSecond: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const { stdout } = await run(process.execPath, [
    LOAD,
    target.url,
    String(requests),
    String(CONCURRENCY),
    JSON.stringify(target.headers),
  ]);
  const used = process.cpuUsage(cpu);
  const result = JSON.parse(stdout) as { perSecond: number; failed: number };
  if (result.failed > 0) throw new Error(`${target.name}: ${result.failed} requests failed`);
  return { perSecond: result.perSecond, cpuMs: (used.user + used.system) / 1000 / requests };
}

async function bareServer() {
  const bare = Fastify({ logger: false });
  bare.get("/v3/session/:id/", async (request) => ({
    id: (request.params as { id: string }).id,
    session_kind: "user",
    status: "not_started",
    url: "http://flow.local/verify/token",
    vendor_data: "bench",
    decision: "in_progress",
    decision_v3: { id_verifications: [], liveness_checks: [], face_matches: [], aml_screenings: [] },
    expires_at: new Date().toISOString(),
    created_at: new Date().toISOString(),
  }));
  await bare.listen({ port: 0, host: "127.0.0.1" });
  return bare;
}

const portOf = (server: { server: { address(): unknown } }) =>
  (server.server.address() as { port: number }).port;

for (const database of benchDatabases()) {
  // The read bucket must not throttle the bench; the limiter still counts every request.
  const bench = await openBenchServices(database, { RATE_LIMIT_KYC_V3_READ: "1000000" });
  const { services } = bench;
  const app = await createHttpApp(services, { logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const bare = await bareServer();
  try {
    const { headers, sessionId: id } = await benchTenantWithSession(services, app, "Read bench", "1000");
    const api = `http://127.0.0.1:${portOf(app)}/v3`;
    const targets: Target[] = [
      { name: "bare route", url: `http://127.0.0.1:${portOf(bare)}/v3/session/${id}/`, headers: {} },
      { name: "GET /v3/session/{id}/", url: `${api}/session/${id}/`, headers },
      { name: "GET …/decision/", url: `${api}/session/${id}/decision/`, headers },
      { name: "ledger, one-row page", url: `${api}/credits/ledger/?page_size=1`, headers },
    ].map((target) => ({ ...target, perSecond: [], cpuMs: [] }));
    for (const target of targets) await load(target, 200); // warm-up: connections, JIT, plans
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < targets.length; i++) {
        const target = targets[(i + round) % targets.length]!;
        const measured = await load(target, REQUESTS);
        target.perSecond.push(measured.perSecond);
        target.cpuMs.push(measured.cpuMs);
      }
    }
    const best = (values: number[]) => Math.max(...values);
    const bareBest = best(targets[0]!.perSecond);
    console.log(
      `\nsession-read on ${database}: ${ROUNDS} rounds × ${REQUESTS} requests, concurrency ${CONCURRENCY}, over HTTP`,
    );
    console.log(
      "target                   best req/s  ratio to bare  rounds (req/s)            server CPU ms/request",
    );
    for (const target of targets) {
      console.log(
        `${target.name.padEnd(24)} ${best(target.perSecond).toFixed(0).padStart(10)}  ` +
          `${`×${(best(target.perSecond) / bareBest).toFixed(3)}`.padStart(13)}  ` +
          `${target.perSecond
            .map((value) => value.toFixed(0))
            .join(" ")
            .padEnd(24)}  ` +
          `${Math.min(...target.cpuMs).toFixed(3)}`,
      );
    }
  } finally {
    await app.close();
    await bare.close();
    await bench.close();
  }
}
