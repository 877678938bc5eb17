// The platform's cost on a /v3 read: GET /v3/credits/ledger/ (API-key lookup, per-tenant rate-limit hit,
// count + one page of 100 rows from a tenant with ~200, zod serialization) against a bare Fastify route in
// the same app. Both through app.inject, the same number of requests, in interleaved rounds (alternating
// which goes first) so they share the machine's noise. PGlite always; PostgreSQL too when DATABASE_URL is set.
// Run: node --import tsx bench/platform-ledger.bench.ts   (LEDGER_BENCH_ROUNDS, LEDGER_BENCH_PER_ROUND)
import { sql } from "kysely";
import { createHttpApp } from "../src/composition/http-app.js";
import type { App } from "../src/platform/http/app.js";
import { createTenant } from "../src/platform/tenants/tenants.js";
import { type BenchDatabase, benchDatabases, openBenchServices } from "./support/bench-services.js";
import { type LatencySummary, latencyRow, summarize } from "./support/latency-stats.js";

const ROUNDS = Number(process.env.LEDGER_BENCH_ROUNDS ?? 10);
const PER_ROUND = Number(process.env.LEDGER_BENCH_PER_ROUND ?? 60);
const WARMUP = 50;
const LEDGER_ROWS = 200;

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  samples: number[];
}

async function timeRequests(app: App, target: Target, count: number, record: boolean): Promise<void> {
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await app.inject({ url: target.url, headers: target.headers });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 200)
      throw new Error(`${target.name}: ${response.statusCode} ${response.body}`);
    if (record) target.samples.push(elapsed);
  }
}

async function measure(database: BenchDatabase): Promise<{ ledger: LatencySummary; bare: LatencySummary }> {
  // The read bucket must not throttle the bench; the limiter still runs its per-request counter update.
  const bench = await openBenchServices(database, { RATE_LIMIT_KYC_V3_READ: "1000000" });
  try {
    const { services } = bench;
    const app = await createHttpApp(services, { logger: false });
    app.get("/bench/bare", async () => ({ ok: true }));
    await app.ready();

    const tenant = await createTenant(
      services.db,
      { name: "Bench", credits: "1000" },
      { hooks: services.hooks.tenantCreated },
    );
    await services.db
      .insertInto("credit_ledger")
      .values(
        Array.from({ length: LEDGER_ROWS - 1 }, (_, i) => ({
          tenant_id: tenant.tenant_id,
          delta: "-0.1",
          reason: "tool_usage" as const,
          feature: "FACE_VERIFY",
          created_at: sql`now() - ${`${i} minutes`}::interval` as never,
        })),
      )
      .execute();

    const ledger: Target = {
      name: "ledger",
      url: "/v3/credits/ledger/",
      headers: { "x-api-key": tenant.api_key },
      samples: [],
    };
    const bare: Target = { name: "bare", url: "/bench/bare", headers: {}, samples: [] };
    const first = await app.inject({ url: ledger.url, headers: ledger.headers });
    const body = first.json() as { count: number; results: unknown[] };
    console.log(`  ${database}: ledger has ${body.count} rows, a page returns ${body.results.length}`);

    await timeRequests(app, ledger, WARMUP, false);
    await timeRequests(app, bare, WARMUP, false);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [ledger, bare] : [bare, ledger];
      for (const target of order) await timeRequests(app, target, PER_ROUND, true);
    }
    await app.close();
    return { ledger: summarize(ledger.samples), bare: summarize(bare.samples) };
  } finally {
    await bench.close();
  }
}

const row = (label: string, summary: LatencySummary) => latencyRow(label, summary, 34);

console.log(
  `platform-ledger: ${ROUNDS} interleaved rounds × ${PER_ROUND} requests per target (+${WARMUP} warm-up), app.inject`,
);
const results: Array<[BenchDatabase, { ledger: LatencySummary; bare: LatencySummary }]> = [];
for (const database of benchDatabases()) results.push([database, await measure(database)]);

console.log(
  `\n${"target".padEnd(34)}${"requests".padStart(8)}${"req/s".padStart(10)}${"p50 ms".padStart(10)}${"p99 ms".padStart(10)}`,
);
for (const [database, { ledger, bare }] of results) {
  console.log(row(`bare Fastify route (${database} run)`, bare));
  console.log(row(`GET /v3/credits/ledger/ (${database})`, ledger));
  console.log(
    `  ratio ledger/bare (${database}): p50 ×${(ledger.p50Ms / bare.p50Ms).toFixed(1)}, ` +
      `p99 ×${(ledger.p99Ms / bare.p99Ms).toFixed(1)}, throughput ×${(ledger.perSecond / bare.perSecond).toFixed(3)}`,
  );
}
const pglite = results.find(([database]) => database === "pglite")?.[1];
const postgres = results.find(([database]) => database === "postgres")?.[1];
if (pglite && postgres) {
  console.log(
    `  ledger PostgreSQL/PGlite: p50 ×${(postgres.ledger.p50Ms / pglite.ledger.p50Ms).toFixed(2)}, ` +
      `throughput ×${(postgres.ledger.perSecond / pglite.ledger.perSecond).toFixed(2)}`,
  );
}
