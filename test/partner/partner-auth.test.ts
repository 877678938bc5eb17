// spec: Authentication 2 — the partner surface takes `Authorization: Bearer <key>` or `X-API-Key`; a missing,
// wrong or revoked key or a suspended tenant is 401 invalid_token ({error} on /api/v1/lists).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { listApiKeys, revokeApiKey } from "../../src/platform/tenants/api-keys.js";
import { setTenantStatus } from "../../src/platform/tenants/tenants.js";
import { createTestApp, type TestApp } from "../support/test-app.js";

const APPLICATION = "/api/v1/applications/6f1c0f7e-8d7a-4c55-9a55-3a5b0c1d2e3f/";
const LISTS = "/api/v1/lists/";

describe("partner surface authentication", () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  test("Authorization: Bearer authenticates", async () => {
    const tenant = await t.tenant();
    const response = await t.app.inject({
      url: LISTS,
      headers: { authorization: `Bearer ${tenant.api_key}` },
    });
    assert.equal(response.statusCode, 200);
  });

  test("X-API-Key authenticates", async () => {
    const tenant = await t.tenant();
    const response = await t.app.inject({ url: LISTS, headers: { "X-API-Key": tenant.api_key } });
    assert.equal(response.statusCode, 200);
  });

  const failures: [string, () => Promise<Record<string, string>>][] = [
    ["a missing key", async () => ({})],
    ["a wrong key", async () => ({ authorization: "Bearer kyc_live_wrong" })],
    [
      "a revoked key",
      async () => {
        const tenant = await t.tenant();
        const [key] = await listApiKeys(t.services.db, tenant.tenant_id);
        await revokeApiKey(t.services.db, key!.key_id);
        return { authorization: `Bearer ${tenant.api_key}` };
      },
    ],
    [
      "a suspended tenant",
      async () => {
        const tenant = await t.tenant();
        await setTenantStatus(t.services.db, tenant.tenant_id, "suspended");
        return { "x-api-key": tenant.api_key };
      },
    ],
  ];

  for (const [name, headersFor] of failures) {
    test(`${name} is 401 {ok:false, error:"invalid_token"} on sessions and applications`, async () => {
      const headers = await headersFor();
      const read = await t.app.inject({ url: APPLICATION, headers });
      assert.equal(read.statusCode, 401);
      assert.equal(read.json().ok, false);
      assert.equal(read.json().error, "invalid_token");
      const create = await t.app.inject({
        method: "POST",
        url: "/api/v1/sessions/",
        headers,
        payload: { jwt: "x" },
      });
      assert.equal(create.statusCode, 401);
      assert.equal(create.json().error, "invalid_token");
    });

    test(`${name} is 401 {error} on lists`, async () => {
      const headers = await headersFor();
      for (const [method, url] of [
        ["GET", LISTS],
        ["POST", "/api/v1/lists/check"],
      ] as const) {
        const response = await t.app.inject({
          method,
          url,
          headers,
          ...(method === "POST" ? { payload: { phone: "1" } } : {}),
        });
        assert.equal(response.statusCode, 401);
        assert.deepEqual(Object.keys(response.json()), ["error"]);
      }
    });
  }
});
