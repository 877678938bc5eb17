// The platform's cost on a /v3 read: GET /v3/credits/ledger/ (API-key lookup — cached, invalidated by
// NOTIFY —, per-tenant rate-limit hit — leased in batches —, count + one page of 100 rows from a tenant
// with ~200, zod serialization), the same read of a one-row page (mostly platform), and an authenticated
// route on a /v3-like surface that reads nothing (the platform alone: key, rate bucket, hooks, zod
// serialization), against a bare Fastify route in the same app. Each target also reports the CPU milliseconds it cost this process. Both through app.inject, the same number of requests, in interleaved rounds (alternating
// which goes first) so they share the machine's noise. PGlite always; PostgreSQL too when DATABASE_URL is set.
// Run: node --import tsx bench/platform-ledger.bench.ts   (LEDGER_BENCH_ROUNDS, LEDGER_BENCH_PER_ROUND)
import { sql } from "kysely";
import { z } from "zod";
import { createHttpApp } from "../src/composition/http-app.js";
import { keyFromVerifyHeaders } from "../src/platform/auth/authenticate.js";
import { type App, buildApp } from "../src/platform/http/app.js";
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
  cpuMicros: number;
}

async function timeRequests(app: App, target: Target, count: number, record: boolean): Promise<void> {
  const cpu = process.cpuUsage();
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await app.inject({ url: target.url, headers: target.headers });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 200)
      throw new Error(`${target.name}: ${response.statusCode} ${response.body}`);
    if (record) target.samples.push(elapsed);
  }
  if (record) {
    const used = process.cpuUsage(cpu);
    target.cpuMicros += used.user + used.system;
  }
}

interface Measured {
  summary: LatencySummary;
  cpuMsPerRequest: number;
}

const measured = (target: Target): Measured => ({
  summary: summarize(target.samples),
  cpuMsPerRequest: target.cpuMicros / 1000 / target.samples.length,
});

async function measure(
  database: BenchDatabase,
): Promise<{ ledger: Measured; small: Measured; platform: Measured; bare: Measured }> {
  // The read bucket must not throttle the bench; the limiter still runs its per-request counter update.
  const bench = await openBenchServices(database, { RATE_LIMIT_KYC_V3_READ: "1000000" });
  try {
    const { services } = bench;
    const app = await createHttpApp(services, { logger: false });
    app.get("/bench/bare", async () => ({ ok: true }));
    await app.ready();
    // The same platform (buildApp: API key, rate bucket, hooks, zod response schema) around a handler
    // that reads nothing: what an authenticated request costs before its own queries.
    const platformApp = await buildApp(services, {
      logger: false,
      surfaces: [
        {
          prefix: "/bench-auth",
          keyFrom: keyFromVerifyHeaders,
          register(scoped) {
            scoped.get(
              "/ping/",
              {
                config: { rateBucket: "kyc_v3_read" },
                schema: { response: { 200: z.object({ ok: z.boolean(), tenant: z.string() }) } },
              },
              async (request) => ({ ok: true, tenant: request.tenant?.tenantId ?? "" }),
            );
          },
        },
      ],
    });
    await platformApp.ready();

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
      cpuMicros: 0,
    };
    const small: Target = {
      ...ledger,
      name: "ledger 1 row",
      url: "/v3/credits/ledger/?page_size=1",
      samples: [],
    };
    const bare: Target = { name: "bare", url: "/bench/bare", headers: {}, samples: [], cpuMicros: 0 };
    const platform: Target = {
      ...ledger,
      name: "platform",
      url: "/bench-auth/ping/",
      samples: [],
      cpuMicros: 0,
    };
    const appOf = (target: Target) => (target === platform ? platformApp : app);
    const first = await app.inject({ url: ledger.url, headers: ledger.headers });
    const body = first.json() as { count: number; results: unknown[] };
    console.log(`  ${database}: ledger has ${body.count} rows, a page returns ${body.results.length}`);

    for (const target of [ledger, small, platform, bare])
      await timeRequests(appOf(target), target, WARMUP, false);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [ledger, small, platform, bare] : [bare, platform, small, ledger];
      for (const target of order) await timeRequests(appOf(target), target, PER_ROUND, true);
    }
    await app.close();
    await platformApp.close();
    return {
      ledger: measured(ledger),
      small: measured(small),
      platform: measured(platform),
      bare: measured(bare),
    };
  } finally {
    await bench.close();
  }
}

const row = (label: string, m: Measured) =>
  `${latencyRow(label, m.summary, 40)}${m.cpuMsPerRequest.toFixed(3).padStart(10)}`;

console.log(
  `platform-ledger: ${ROUNDS} interleaved rounds × ${PER_ROUND} requests per target (+${WARMUP} warm-up), app.inject`,
);
const results: Array<
  [BenchDatabase, { ledger: Measured; small: Measured; platform: Measured; bare: Measured }]
> = [];
for (const database of benchDatabases()) results.push([database, await measure(database)]);

console.log(
  `\n${"target".padEnd(40)}${"requests".padStart(8)}${"req/s".padStart(10)}${"p50 ms".padStart(10)}${"p99 ms".padStart(10)}${"cpu ms".padStart(10)}`,
);
for (const [database, { ledger, small, platform, bare }] of results) {
  console.log(row(`bare Fastify route (${database} run)`, bare));
  console.log(row(`GET /v3/credits/ledger/ (${database})`, ledger));
  console.log(row(`GET /v3/credits/ledger/?page_size=1 (${database})`, small));
  console.log(row(`authenticated, no query (${database})`, platform));
  for (const [label, target] of [
    ["ledger", ledger],
    ["ledger 1 row", small],
    ["authenticated no query", platform],
  ] as const) {
    console.log(
      `  ratio ${label}/bare (${database}): throughput ×${(target.summary.perSecond / bare.summary.perSecond).toFixed(3)} ` +
        `(target ≥ ×0.2, goal ×0.5), p50 ×${(target.summary.p50Ms / bare.summary.p50Ms).toFixed(1)}, ` +
        `p99 ×${(target.summary.p99Ms / bare.summary.p99Ms).toFixed(1)}, CPU ×${(target.cpuMsPerRequest / bare.cpuMsPerRequest).toFixed(1)}`,
    );
  }
}
const pglite = results.find(([database]) => database === "pglite")?.[1];
const postgres = results.find(([database]) => database === "postgres")?.[1];
if (pglite && postgres) {
  console.log(
    `  ledger PostgreSQL/PGlite: p50 ×${(postgres.ledger.summary.p50Ms / pglite.ledger.summary.p50Ms).toFixed(2)}, ` +
      `throughput ×${(postgres.ledger.summary.perSecond / pglite.ledger.summary.perSecond).toFixed(2)}`,
  );
}
