// spec: Authentication — the verify surface's key headers, and every way a key can fail.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  createApiKey,
  listApiKeys,
  revokeApiKey,
  rotateAllApiKeys,
} from "../../src/platform/tenants/api-keys.js";
import { setTenantStatus } from "../../src/platform/tenants/tenants.js";
import { createTestApp, type TestApp } from "../support/test-app.js";

const LEDGER = "/v3/credits/ledger/";

describe("verify surface authentication", () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  test("x-api-key authenticates", async () => {
    const tenant = await t.tenant();
    const response = await t.app.inject({ url: LEDGER, headers: { "x-api-key": tenant.api_key } });
    assert.equal(response.statusCode, 200);
  });

  test("X-API-Key (any header case) authenticates", async () => {
    const tenant = await t.tenant();
    const response = await t.app.inject({ url: LEDGER, headers: { "X-API-Key": tenant.api_key } });
    assert.equal(response.statusCode, 200);
  });

  test("a missing key is 401 with the verify body", async () => {
    const response = await t.app.inject({ url: LEDGER });
    assert.equal(response.statusCode, 401);
    assert.deepEqual(response.json(), { detail: "invalid API key" });
  });

  test("a wrong key is 401", async () => {
    const response = await t.app.inject({ url: LEDGER, headers: { "x-api-key": "kyc_live_nope" } });
    assert.equal(response.statusCode, 401);
    assert.deepEqual(response.json(), { detail: "invalid API key" });
  });

  test("a Bearer header is not the verify surface's scheme", async () => {
    const tenant = await t.tenant();
    const response = await t.app.inject({
      url: LEDGER,
      headers: { authorization: `Bearer ${tenant.api_key}` },
    });
    assert.equal(response.statusCode, 401);
  });

  test("a revoked key fails immediately while the tenant's other keys keep working", async () => {
    const tenant = await t.tenant();
    const second = await createApiKey(t.services.db, tenant.tenant_id, "second");
    const [first] = await listApiKeys(t.services.db, tenant.tenant_id);
    await revokeApiKey(t.services.db, first!.key_id);
    const revoked = await t.app.inject({ url: LEDGER, headers: { "x-api-key": tenant.api_key } });
    assert.equal(revoked.statusCode, 401);
    const other = await t.app.inject({ url: LEDGER, headers: { "x-api-key": second.api_key } });
    assert.equal(other.statusCode, 200);
  });

  test("rotate-all revokes every key and issues one working key", async () => {
    const tenant = await t.tenant();
    const extra = await createApiKey(t.services.db, tenant.tenant_id, "ci");
    const issued = await rotateAllApiKeys(t.services.db, tenant.tenant_id);
    for (const key of [tenant.api_key, extra.api_key]) {
      const response = await t.app.inject({ url: LEDGER, headers: { "x-api-key": key } });
      assert.equal(response.statusCode, 401);
    }
    const fresh = await t.app.inject({ url: LEDGER, headers: { "x-api-key": issued.api_key } });
    assert.equal(fresh.statusCode, 200);
  });

  test("revoking one tenant's keys does not affect another tenant", async () => {
    const a = await t.tenant();
    const b = await t.tenant();
    await rotateAllApiKeys(t.services.db, a.tenant_id);
    const response = await t.app.inject({ url: LEDGER, headers: b.headers });
    assert.equal(response.statusCode, 200);
  });

  test("a suspended tenant gets 401 whatever the key, and works again after resume", async () => {
    const tenant = await t.tenant();
    await setTenantStatus(t.services.db, tenant.tenant_id, "suspended");
    const suspended = await t.app.inject({ url: LEDGER, headers: tenant.headers });
    assert.equal(suspended.statusCode, 401);
    assert.deepEqual(suspended.json(), { detail: "invalid API key" });
    await setTenantStatus(t.services.db, tenant.tenant_id, "active");
    const resumed = await t.app.inject({ url: LEDGER, headers: tenant.headers });
    assert.equal(resumed.statusCode, 200);
  });

  test("keys are stored as SHA-256 and a display prefix only", async () => {
    const tenant = await t.tenant();
    const rows = await t.services.db
      .selectFrom("api_keys")
      .select(["prefix", "key_hash"])
      .where("tenant_id", "=", tenant.tenant_id)
      .execute();
    assert.equal(rows.length, 1);
    assert.match(rows[0]!.key_hash, /^[0-9a-f]{64}$/);
    assert.ok(tenant.api_key.startsWith(rows[0]!.prefix));
    assert.ok(rows[0]!.prefix.length < 20);
    const stored = JSON.stringify(await t.services.db.selectFrom("api_keys").selectAll().execute());
    assert.ok(!stored.includes(tenant.api_key));
  });

  test("last_used_at is recorded for the key that was used", async () => {
    const tenant = await t.tenant();
    await t.app.inject({ url: LEDGER, headers: tenant.headers });
    await t.services.keyUsage.flush();
    const [key] = await listApiKeys(t.services.db, tenant.tenant_id);
    assert.ok(key!.last_used_at, "last_used_at set");
  });
});
