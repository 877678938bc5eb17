// Real databases for tests: an in-memory PGlite by default, or — when DATABASE_URL is set — a fresh schema
// on that PostgreSQL server, dropped afterwards.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { pino } from "pino";
import { closeServices, createServices } from "../../src/composition/create-services.js";
import { type Config, loadConfig } from "../../src/config.js";
import type { Services } from "../../src/services.js";

export interface TestServices extends Services {
  close(): Promise<void>;
}

export async function createTestServices(env: Record<string, string> = {}): Promise<TestServices> {
  const databaseUrl = process.env.DATABASE_URL;
  const schema = databaseUrl ? `test_${randomBytes(6).toString("hex")}` : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), "kyc-test-"));
  const config: Config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://api.test.local",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema! } : {}),
    ...(process.env.REDIS_URL && env.USE_REDIS ? { REDIS_URL: process.env.REDIS_URL } : {}),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    ...env,
  });
  const services = await createServices(config, { inMemory: true, log: pino({ level: config.logLevel }) });
  return {
    ...services,
    async close() {
      await closeServices(services);
      if (databaseUrl && schema) await dropSchema(databaseUrl, schema);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}
