// Services on a real database for benches: an in-memory PGlite, or a fresh schema on the DATABASE_URL
// server (dropped on close). Logs are silent so figures are not interleaved with them.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { pino } from "pino";
import { closeServices, createServices } from "../../src/composition/create-services.js";
import { loadConfig } from "../../src/config.js";
import type { App } from "../../src/platform/http/app.js";
import { createTenant } from "../../src/platform/tenants/tenants.js";
import type { Services } from "../../src/services.js";

export type BenchDatabase = "pglite" | "postgres";

export interface BenchServices {
  services: Services;
  close(): Promise<void>;
}

/** The databases this run can measure: PGlite always, PostgreSQL when DATABASE_URL is set. */
export function benchDatabases(): BenchDatabase[] {
  return process.env.DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

export async function openBenchServices(
  database: BenchDatabase,
  env: Record<string, string> = {},
): Promise<BenchServices> {
  const url = database === "postgres" ? process.env.DATABASE_URL : undefined;
  if (database === "postgres" && !url) throw new Error("DATABASE_URL is not set");
  const schema = url ? `bench_${randomBytes(6).toString("hex")}` : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), "kyc-bench-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    ...(url && schema ? { DATABASE_URL: url, DATABASE_SCHEMA: schema } : {}),
    ...env,
  });
  const services = await createServices(config, { inMemory: true, log: pino({ level: "silent" }) });
  return {
    services,
    async close() {
      await closeServices(services);
      if (url && schema) {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        } finally {
          await client.end();
        }
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A tenant with credits and one session created through the API: the headers that read it, and its id. */
export async function benchTenantWithSession(
  services: Services,
  app: Pick<App, "inject">,
  name: string,
  credits: string,
): Promise<{ headers: Record<string, string>; sessionId: string }> {
  const tenant = await createTenant(services.db, { name, credits }, { hooks: services.hooks.tenantCreated });
  const headers = { "x-api-key": tenant.api_key };
  const created = await app.inject({
    method: "POST",
    url: "/v3/session/",
    headers,
    payload: { vendor_data: `${name.toLowerCase().replace(/\W+/g, "-")}-0` },
  });
  return { headers, sessionId: (created.json() as { id: string }).id };
}
