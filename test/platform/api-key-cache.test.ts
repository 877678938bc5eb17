// API-key lookups are cached (platform/auth/api-key-cache.ts), yet a revoked key or a suspended tenant fails
// on the very next request: on the node that made the change (it forgets at once), on any node through the
// database's NOTIFY (migration 0027's triggers), and for a change made by hand in SQL. PGlite always;
// PostgreSQL too when DATABASE_URL is set, where a second set of services on the same schema plays the
// other API node.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import pg from "pg";
import { pino } from "pino";
import { closeServices, createServices } from "../../src/composition/create-services.js";
import { createHttpApp } from "../../src/composition/http-app.js";
import { loadConfig } from "../../src/config.js";
import { hashApiKey, revokeApiKey } from "../../src/platform/tenants/api-keys.js";
import { setTenantStatus } from "../../src/platform/tenants/tenants.js";
import type { Services } from "../../src/services.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";

const READ = "/v3/credits/ledger/";

async function keyIdOf(t: TestApp, tenant: TestTenant): Promise<string> {
  const row = await t.services.db
    .selectFrom("api_keys")
    .select("id")
    .where("key_hash", "=", hashApiKey(tenant.api_key))
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("API-key cache invalidation", () => {
  let t: TestApp;

  before(async () => {
    t = await createTestApp();
  });
  after(() => t?.close());

  const read = (tenant: TestTenant) => t.app.inject({ url: READ, headers: tenant.headers });

  test("a read caches the key; revoking it fails the very next request with 401", async () => {
    const tenant = await t.tenant();
    assert.equal((await read(tenant)).statusCode, 200);
    assert.ok(t.services.apiKeys.get(hashApiKey(tenant.api_key)), "the lookup is cached");
    assert.equal((await read(tenant)).statusCode, 200);
    await revokeApiKey(t.services.db, await keyIdOf(t, tenant));
    const refused = await read(tenant);
    assert.equal(refused.statusCode, 401, refused.body);
    assert.equal(t.services.apiKeys.get(hashApiKey(tenant.api_key)), undefined);
  });

  test("suspending the tenant fails its cached keys at once; resuming lets them in again", async () => {
    const tenant = await t.tenant();
    assert.equal((await read(tenant)).statusCode, 200);
    await setTenantStatus(t.services.db, tenant.tenant_id, "suspended");
    assert.equal((await read(tenant)).statusCode, 401);
    await setTenantStatus(t.services.db, tenant.tenant_id, "active");
    assert.equal((await read(tenant)).statusCode, 200);
  });

  test("a revocation written by hand in SQL reaches the cache through the database's notification", async () => {
    const tenant = await t.tenant();
    assert.equal((await read(tenant)).statusCode, 200);
    assert.ok(t.services.apiKeys.get(hashApiKey(tenant.api_key)));
    await sql`UPDATE api_keys SET revoked_at = now() WHERE key_hash = ${hashApiKey(tenant.api_key)}`.execute(
      t.services.db,
    );
    // PGlite delivers NOTIFY in-process at commit; a server delivers it on the LISTEN connection.
    await waitUntil(() => t.services.apiKeys.get(hashApiKey(tenant.api_key)) === undefined);
    assert.equal((await read(tenant)).statusCode, 401);
  });

  test("last_used_at flushes do not invalidate the cache (the triggers watch only what authenticates)", async () => {
    const tenant = await t.tenant();
    assert.equal((await read(tenant)).statusCode, 200);
    await t.services.keyUsage.flush();
    // A marker: another tenant's revocation, notified after the flush. Once it has reached the cache, any
    // notification the flush could have caused has too (one channel, delivered in commit order).
    const marker = await t.tenant();
    assert.equal((await read(marker)).statusCode, 200);
    await sql`UPDATE api_keys SET revoked_at = now() WHERE key_hash = ${hashApiKey(marker.api_key)}`.execute(
      t.services.db,
    );
    await waitUntil(() => t.services.apiKeys.get(hashApiKey(marker.api_key)) === undefined);
    assert.ok(t.services.apiKeys.get(hashApiKey(tenant.api_key)), "still cached after the usage flush");
  });

  test("a cache whose LISTEN connection is lost caches nothing until it listens again", async () => {
    const { createApiKeyCache } = await import("../../src/platform/auth/api-key-cache.js");
    let lose: () => void = () => {};
    let listens = 0;
    const cache = await createApiKeyCache(
      {
        async listen(_channel, _onNotify, onLost) {
          listens += 1;
          lose = onLost;
          return async () => {};
        },
      },
      { relistenMs: 20 },
    );
    try {
      const context = { tenantId: "t", keyId: "k", test: false };
      cache.set("h", context, cache.generation());
      assert.deepEqual(cache.get("h"), context);
      lose();
      assert.equal(cache.get("h"), undefined, "dropped when the connection is lost");
      cache.set("h", context, cache.generation());
      assert.equal(cache.get("h"), undefined, "nothing is cached while not listening");
      await waitUntil(() => listens === 2);
      cache.set("h", context, cache.generation());
      assert.deepEqual(cache.get("h"), context, "caching again once listening");
      const stale = cache.generation();
      cache.set("other", context, stale - 1);
      assert.equal(cache.get("other"), undefined, "a lookup that raced an invalidation is not stored");
    } finally {
      await cache.close();
    }
  });
});

describe("API-key cache across two API nodes (PostgreSQL)", { skip: !process.env.DATABASE_URL }, () => {
  const url = process.env.DATABASE_URL ?? "";
  const schema = `test_${randomBytes(6).toString("hex")}`;
  const dirs: string[] = [];
  const nodes: Services[] = [];

  async function node(): Promise<Services> {
    const dataDir = mkdtempSync(join(tmpdir(), "kyc-node-"));
    dirs.push(dataDir);
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      PUBLIC_URL: "http://api.test.local",
      DATABASE_URL: url,
      DATABASE_SCHEMA: schema,
      LOG_LEVEL: "silent",
    });
    const services = await createServices(config, { inMemory: true, log: pino({ level: "silent" }) });
    nodes.push(services);
    return services;
  }

  after(async () => {
    for (const services of nodes) await closeServices(services);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test("a key revoked on node A fails on node B, which had it cached", async () => {
    const a = await node();
    const b = await node();
    const appB = await createHttpApp(b, { logger: false });
    await appB.ready();
    try {
      const { createTenant } = await import("../../src/platform/tenants/tenants.js");
      const tenant = await createTenant(
        a.db,
        { name: "Two nodes", credits: "10" },
        { hooks: a.hooks.tenantCreated },
      );
      const headers = { "x-api-key": tenant.api_key };
      assert.equal((await appB.inject({ url: READ, headers })).statusCode, 200);
      assert.ok(b.apiKeys.get(hashApiKey(tenant.api_key)), "node B cached the key");
      const { key_id } = await a.db
        .selectFrom("api_keys")
        .select("id as key_id")
        .where("tenant_id", "=", tenant.tenant_id)
        .executeTakeFirstOrThrow();
      await revokeApiKey(a.db, key_id);
      // Node B hears the commit's NOTIFY on its LISTEN connection.
      await waitUntil(() => b.apiKeys.get(hashApiKey(tenant.api_key)) === undefined);
      assert.equal((await appB.inject({ url: READ, headers })).statusCode, 401);
    } finally {
      await appB.close();
    }
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await sleep(2);
  }
}
