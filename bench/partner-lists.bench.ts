// Risk lists: POST /api/v1/lists/check latency (p50/p99) with many entries across a tenant's lists (default
// 100,000; BENCH_FULL=1 for 1,000,000), and bulk-add throughput. Baselines in the same run: a bare
// primary-key lookup on the entries table (for check) and a bare unnest() INSERT of the same rows (for bulk).
// Runs on an in-memory PGlite, or on PostgreSQL when DATABASE_URL is set (in a throwaway schema).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { closeServices, createServices } from "../src/composition/create-services.js";
import { createHttpApp } from "../src/composition/http-app.js";
import { loadConfig } from "../src/config.js";
import { addEntriesInBulk } from "../src/partner/lists/bulk-entries.js";
import { checkRiskLists, explainCheck } from "../src/partner/lists/check-risk-lists.js";
import { createRiskList } from "../src/partner/lists/risk-lists.js";
import { createTenant } from "../src/platform/tenants/tenants.js";

const TOTAL = process.env.BENCH_FULL === "1" ? 1_000_000 : Number(process.env.LISTS_BENCH_SIZE ?? 100_000);
const QUERIES = 2000;
const HTTP_QUERIES = 500;
const BULK_ROWS = 10_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function timeEach(
  count: number,
  run: (i: number) => Promise<unknown>,
): Promise<{ p50: number; p99: number }> {
  const samples: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const start = process.hrtime.bigint();
    await run(i);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

const ms = (value: number) => `${value.toFixed(3)} ms`;

const databaseUrl = process.env.DATABASE_URL;
const schema = databaseUrl ? `bench_${randomBytes(5).toString("hex")}` : undefined;
const dataDir = mkdtempSync(join(tmpdir(), "kyc-bench-"));
const config = loadConfig({
  NODE_ENV: "bench",
  DATA_DIR: dataDir,
  LOG_LEVEL: "silent",
  RATE_LIMIT_PARTNER_READ: "1000000",
  ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
});
const services = await createServices(config, { inMemory: true });
const db = services.db;
try {
  const tenant = await createTenant(
    db,
    { name: "bench", credits: "0" },
    { hooks: services.hooks.tenantCreated },
  );
  await createTenant(db, { name: "neighbour", credits: "0" }, { hooks: services.hooks.tenantCreated });
  const tenantId = tenant.tenant_id;
  console.log(`database: ${services.database.kind}; ${TOTAL.toLocaleString()} entries across 6 lists`);

  // Fast path for the corpus: one INSERT … SELECT over generate_series per list.
  const types = ["phone", "phone", "email", "email", "identifier", "identifier"] as const;
  const perList = Math.floor(TOTAL / types.length);
  const loadStart = Date.now();
  const listIds: string[] = [];
  for (const [index, type] of types.entries()) {
    const list = await createRiskList(db, tenantId, { name: `bench ${index}`, type });
    listIds.push(list.id);
    const value =
      type === "phone"
        ? sql`(9800000000 + ${index * perList} + n)::text`
        : type === "email"
          ? sql`'user' || (${index * perList} + n) || '@example.com'`
          : sql`'ID-' || (${index * perList} + n)`;
    await sql`
      INSERT INTO risk_list_entries (tenant_id, list_id, type, value, comment)
      SELECT ${tenantId}::uuid, ${list.id}::uuid, ${type}, ${value}, 'bench'
      FROM generate_series(1, ${perList}::int) AS n`.execute(db);
    await sql`UPDATE risk_lists SET entry_count = ${perList} WHERE id = ${list.id}`.execute(db);
  }
  await sql`ANALYZE risk_list_entries`.execute(db);
  await sql`ANALYZE risk_lists`.execute(db);
  console.log(`load: ${((Date.now() - loadStart) / 1000).toFixed(1)} s`);

  // Probes: half hit (a value from the corpus), half miss; all three fields per check.
  const probe = (i: number) => {
    const n = ((i * 7919) % perList) + 1;
    const hit = i % 2 === 0;
    return {
      phone: hit ? String(9800000000 + n) : `+1 555 ${String(n).padStart(7, "0")}`,
      email: `nobody${n}@example.org`,
      identifier: hit ? `ID-${4 * perList + n}` : `ZZ-${n}`,
    };
  };
  const sampleIds = (
    await sql<{
      id: string;
    }>`SELECT id FROM risk_list_entries TABLESAMPLE SYSTEM (1) LIMIT ${QUERIES}`.execute(db)
  ).rows.map((row) => row.id);

  for (let i = 0; i < 200; i += 1) await checkRiskLists(db, tenantId, probe(i)); // warm-up

  const baseline = await timeEach(QUERIES, (i) =>
    sql`SELECT id, value FROM risk_list_entries WHERE id = ${sampleIds[i % sampleIds.length]}::uuid`.execute(
      db,
    ),
  );
  const check = await timeEach(QUERIES, (i) => checkRiskLists(db, tenantId, probe(i)));
  const app = await createHttpApp(services, { logger: false });
  await app.ready();
  const http = await timeEach(HTTP_QUERIES, (i) =>
    app.inject({
      method: "POST",
      url: "/api/v1/lists/check",
      headers: { authorization: `Bearer ${tenant.api_key}` },
      payload: probe(i),
    }),
  );
  await app.close();
  console.log("\nlists/check (3 values per check, half hitting)");
  console.log(`  baseline PK lookup     p50 ${ms(baseline.p50)}  p99 ${ms(baseline.p99)}`);
  console.log(
    `  checkRiskLists()       p50 ${ms(check.p50)}  p99 ${ms(check.p99)}  (×${(check.p50 / baseline.p50).toFixed(1)} / ×${(check.p99 / baseline.p99).toFixed(1)} baseline)`,
  );
  console.log(
    `  HTTP via inject        p50 ${ms(http.p50)}  p99 ${ms(http.p99)}  (×${(http.p50 / baseline.p50).toFixed(1)} / ×${(http.p99 / baseline.p99).toFixed(1)} baseline; auth + rate limit + JSON)`,
  );
  const plan = await explainCheck(db, tenantId, "phone", "9800000001");
  console.log(
    `  plan: ${plan
      .split("\n")
      .map((line) => line.trim())
      .join(" | ")}`,
  );

  // Bulk add: validation + normalization + de-duplication + unnest INSERT, against a bare INSERT of the same rows.
  const rows = Array.from({ length: BULK_ROWS }, (_, i) => ({
    value: `+977 98${String(i).padStart(8, "0")}`,
    comment: "b",
  }));
  const bare = await createRiskList(db, tenantId, { name: "bulk baseline", type: "phone" });
  const values = rows.map((row) => row.value.replace(/\D+/g, ""));
  const bareStart = process.hrtime.bigint();
  await sql`
    INSERT INTO risk_list_entries (tenant_id, list_id, type, value, comment)
    SELECT ${tenantId}::uuid, ${bare.id}::uuid, 'phone', v, 'b' FROM unnest(${values}::text[]) AS v`.execute(
    db,
  );
  const bareMs = Number(process.hrtime.bigint() - bareStart) / 1e6;
  const target = await createRiskList(db, tenantId, { name: "bulk target", type: "phone" });
  const bulkStart = process.hrtime.bigint();
  const added = await addEntriesInBulk(db, tenantId, target.id, rows);
  const bulkMs = Number(process.hrtime.bigint() - bulkStart) / 1e6;
  const repeatStart = process.hrtime.bigint();
  const repeated = await addEntriesInBulk(db, tenantId, target.id, rows);
  const repeatMs = Number(process.hrtime.bigint() - repeatStart) / 1e6;
  const rate = (count: number, elapsed: number) =>
    `${Math.round(count / (elapsed / 1000)).toLocaleString()} rows/s`;
  console.log(`\nbulk add (${BULK_ROWS.toLocaleString()} rows)`);
  console.log(`  baseline bare INSERT   ${ms(bareMs)}  ${rate(BULK_ROWS, bareMs)}`);
  console.log(
    `  addEntriesInBulk()     ${ms(bulkMs)}  ${rate(BULK_ROWS, bulkMs)}  (×${(bulkMs / bareMs).toFixed(2)} baseline; created ${added.created})`,
  );
  console.log(
    `  idempotent repeat      ${ms(repeatMs)}  ${rate(BULK_ROWS, repeatMs)}  (×${(repeatMs / bareMs).toFixed(2)} baseline; skipped ${repeated.skipped})`,
  );
} finally {
  await closeServices(services);
  if (databaseUrl && schema) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
}
