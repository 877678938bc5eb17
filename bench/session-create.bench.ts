// POST /v3/session/ through the whole HTTP stack (app.inject: auth, rate bucket, zod, one read of the workflow,
// rate and entitlements, then one statement writing the identity link, the session, its nodes, the log
// entry and the SESSION_CREATE debit — shared by the tenant's concurrent creates, session-write-batch.ts)
// vs a bare Fastify route answering the same body in the same run (baseline). Rounds are interleaved so
// machine load hits both alike. PGlite always; PostgreSQL too when DATABASE_URL is set.
// Run: node --import tsx bench/session-create.bench.ts   (under a minute; SESSION_CREATE_ROUNDS=N for more)
import Fastify from "fastify";
import { createTestApp } from "../test/support/test-app.js";

const ROUNDS = Number(process.env.SESSION_CREATE_ROUNDS ?? 4);
const PER_ROUND = 25;
const CONCURRENCY = 8;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function summarize(latencies: number[], wallMs: number) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    perSecond: (sorted.length / wallMs) * 1000,
  };
}

async function bareApp() {
  const app = Fastify({ logger: false });
  app.post("/v3/session/", async (_request, reply) =>
    reply.status(201).send({
      id: "00000000-0000-4000-8000-000000000000",
      session_kind: "user",
      status: "not_started",
      url: "http://flow.local/verify/token",
      vendor_data: "bench",
      decision: "in_progress",
      expires_at: new Date().toISOString(),
      created_at: new Date().toISOString(),
    }),
  );
  await app.ready();
  return app;
}

type Inject = () => Promise<number>;

/** Runs `count` requests, `concurrency` at a time; returns each latency and the wall time. */
async function burst(inject: Inject, count: number, concurrency: number) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        const start = performance.now();
        const status = await inject();
        latencies.push(performance.now() - start);
        if (status !== 201) throw new Error(`unexpected status ${status}`);
      }
    }),
  );
  return { latencies, wallMs: performance.now() - started };
}

async function measure(label: string) {
  const t = await createTestApp({ RATE_LIMIT_KYC_V3_SESSION_CREATE: "1000000" });
  const bare = await bareApp();
  try {
    const tenant = await t.tenant({ credits: "1000000" });
    // Each session for another end user (vendor_data), as in real traffic: one user's sessions would
    // queue on that identity's row lock.
    let user = 0;
    const payload = () => ({
      vendor_data: `bench-user-${++user}`,
      metadata: { source: "bench" },
      prefill: { full_name: "Bench User" },
    });
    const create: Inject = async () =>
      (
        await t.app.inject({
          method: "POST",
          url: "/v3/session/",
          headers: tenant.headers,
          payload: payload(),
        })
      ).statusCode;
    const baseline: Inject = async () =>
      (
        await bare.inject({
          method: "POST",
          url: "/v3/session/",
          headers: tenant.headers,
          payload: payload(),
        })
      ).statusCode;
    // Warm-up: JIT, prepared plans, first-use caches.
    await burst(create, 30, 1);
    await burst(baseline, 30, 1);

    const results: Record<string, { latencies: number[]; wallMs: number }> = {};
    const add = (key: string, run: { latencies: number[]; wallMs: number }) => {
      const slot = results[key] ?? { latencies: [], wallMs: 0 };
      results[key] = slot;
      slot.latencies.push(...run.latencies);
      slot.wallMs += run.wallMs;
    };
    for (let round = 0; round < ROUNDS; round++) {
      add("create c=1", await burst(create, PER_ROUND, 1));
      add("bare c=1", await burst(baseline, PER_ROUND, 1));
      add(`create c=${CONCURRENCY}`, await burst(create, PER_ROUND, CONCURRENCY));
      add(`bare c=${CONCURRENCY}`, await burst(baseline, PER_ROUND, CONCURRENCY));
    }
    const fmt = (value: number) => value.toFixed(3);
    console.log(`\n== session create on ${label} (${ROUNDS} interleaved rounds × ${PER_ROUND} requests) ==`);
    for (const concurrency of [1, CONCURRENCY]) {
      const real = summarize(
        results[`create c=${concurrency}`]!.latencies,
        results[`create c=${concurrency}`]!.wallMs,
      );
      const base = summarize(
        results[`bare c=${concurrency}`]!.latencies,
        results[`bare c=${concurrency}`]!.wallMs,
      );
      console.log(
        `concurrency ${concurrency}: create ${fmt(real.perSecond)} req/s p50 ${fmt(real.p50)} ms p99 ${fmt(real.p99)} ms (n=${real.n}) | ` +
          `bare ${fmt(base.perSecond)} req/s p50 ${fmt(base.p50)} ms p99 ${fmt(base.p99)} ms | ` +
          `ratio throughput ×${(real.perSecond / base.perSecond).toFixed(3)} of bare, p50 ${(real.p50 / base.p50).toFixed(1)}x, p99 ${(real.p99 / base.p99).toFixed(1)}x`,
      );
      if (concurrency === CONCURRENCY && label.includes("PostgreSQL")) {
        console.log(
          `  target ≥ 500 sessions/s at concurrency ${CONCURRENCY} on PostgreSQL: ${fmt(real.perSecond)} (×${(real.perSecond / 500).toFixed(2)} of it)`,
        );
      }
    }
    const sessions = await t.services.db
      .selectFrom("sessions")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("tenant_id", "=", tenant.tenant_id)
      .executeTakeFirstOrThrow();
    console.log(`sessions written: ${sessions.n}`);
  } finally {
    await bare.close();
    await t.close();
  }
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  await measure("PGlite (in memory)");
  if (databaseUrl) {
    process.env.DATABASE_URL = databaseUrl;
    await measure("PostgreSQL (DATABASE_URL)");
  } else {
    console.log("\nDATABASE_URL not set: PostgreSQL run skipped.");
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
