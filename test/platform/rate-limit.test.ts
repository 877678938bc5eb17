// design: rate limits per tenant per minute, configurable; 429 carries Retry-After. spec: Limits — separate
// per-tenant buckets. Counters live in the database, or in Redis when REDIS_URL is set.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import { sql } from "kysely";
import { pruneRateLimitWindows } from "../../src/platform/rate-limit/rate-limiter.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";

const LEDGER = "/v3/credits/ledger/";
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

/** Windows are fixed minutes: start a burst early in one so it cannot straddle two. */
async function awaitFreshWindow(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 55_000) await sleep(60_000 - intoMinute + 100);
}

async function assertLimitedOnFourthRead(t: TestApp, tenant: TestTenant): Promise<void> {
  await awaitFreshWindow();
  for (let i = 1; i <= 3; i++) {
    const response = await t.app.inject({ url: LEDGER, headers: tenant.headers });
    assert.equal(response.statusCode, 200, `read ${i}: ${response.body}`);
    assert.equal(response.headers["x-ratelimit-remaining"], String(3 - i));
  }
  const limited = await t.app.inject({ url: LEDGER, headers: tenant.headers });
  assert.equal(limited.statusCode, 429);
  const body = limited.json();
  assert.deepEqual(Object.keys(body), ["detail"]);
  assert.equal(typeof body.detail, "string");
  const retryAfter = String(limited.headers["retry-after"]);
  assert.match(retryAfter, /^\d+$/);
  assert.ok(Number(retryAfter) >= 1 && Number(retryAfter) <= 60, `Retry-After ${retryAfter}`);
}

async function redisReachable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000 });
  probe.on("error", () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

describe("rate limits in the database", () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ RATE_LIMIT_KYC_V3_READ: "3" });
  });
  after(() => t.close());

  test("the 4th read in a minute is 429 {detail} with Retry-After in whole seconds", async () => {
    await assertLimitedOnFourthRead(t, await t.tenant());
  });

  test("buckets are per tenant: another tenant is unaffected", async () => {
    const busy = await t.tenant();
    const quiet = await t.tenant();
    await assertLimitedOnFourthRead(t, busy);
    const response = await t.app.inject({ url: LEDGER, headers: quiet.headers });
    assert.equal(response.statusCode, 200);
  });

  test("an unauthenticated request does not draw from any bucket", async () => {
    const tenant = await t.tenant();
    await awaitFreshWindow();
    for (let i = 0; i < 5; i++) {
      const response = await t.app.inject({ url: LEDGER, headers: { "x-api-key": "kyc_live_wrong" } });
      assert.equal(response.statusCode, 401);
    }
    const response = await t.app.inject({ url: LEDGER, headers: tenant.headers });
    assert.equal(response.statusCode, 200);
  });

  test("pruneRateLimitWindows deletes finished windows and keeps the current one", async () => {
    const tenant = await t.tenant();
    await t.services.db
      .insertInto("rate_limit_windows")
      .values([
        {
          tenant_id: tenant.tenant_id,
          bucket: "kyc_v3_read",
          window_start: sql`date_trunc('minute', now()) - interval '10 minutes'` as never,
          hits: 9,
        },
        {
          tenant_id: tenant.tenant_id,
          bucket: "kyc_v3_tools",
          window_start: sql`date_trunc('minute', now()) - interval '1 hour'` as never,
          hits: 9,
        },
        {
          tenant_id: tenant.tenant_id,
          bucket: "kyc_v3_read",
          window_start: sql`date_trunc('minute', now())` as never,
          hits: 1,
        },
      ])
      .execute();
    const deleted = await pruneRateLimitWindows(t.services.db);
    assert.ok(deleted >= 2, `deleted ${deleted}`);
    const left = await t.services.db
      .selectFrom("rate_limit_windows")
      .select(["bucket", "hits"])
      .where("tenant_id", "=", tenant.tenant_id)
      .execute();
    assert.deepEqual(left, [{ bucket: "kyc_v3_read", hits: 1 }]);
  });
});

describe("rate limits in Redis", () => {
  let t: TestApp | null = null;
  let reachable = false;
  before(async () => {
    reachable = await redisReachable();
    if (reachable) t = await createTestApp({ USE_REDIS: "1", REDIS_URL, RATE_LIMIT_KYC_V3_READ: "3" });
  });
  after(() => t?.close());

  test("the 4th read in a minute is 429 with Retry-After, counted in Redis per tenant", async (ctx) => {
    if (!reachable || !t) return ctx.skip("no Redis");
    const busy = await t.tenant();
    const quiet = await t.tenant();
    await assertLimitedOnFourthRead(t, busy);
    const response = await t.app.inject({ url: LEDGER, headers: quiet.headers });
    assert.equal(response.statusCode, 200);
    // The counters are in Redis, not in the database.
    const rows = await t.services.db
      .selectFrom("rate_limit_windows")
      .select("tenant_id")
      .where("tenant_id", "=", busy.tenant_id)
      .execute();
    assert.deepEqual(rows, []);
    const redis = new Redis(REDIS_URL);
    try {
      const keys = await redis.keys(`rl:${busy.tenant_id}:kyc_v3_read:*`);
      assert.equal(keys.length, 1);
      assert.equal(await redis.get(keys[0]!), "4");
      const ttl = await redis.ttl(keys[0]!);
      assert.ok(ttl > 0 && ttl <= 120, `ttl ${ttl}`);
    } finally {
      redis.disconnect();
    }
  });
});
