// Console tenant administration: create (secrets once), list with balance, suspend/resume, keys
// (list, create, revoke, rotate-all), credit top-up, features, webhook URL and AML status, each with its audit
// row; reviewers may do none of it.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { assertCrossTenantNotFound } from "../support/cross-tenant.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import { auditRows, operator, type TestOperator } from "./console-support.js";

describe("console tenants and keys", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  let admin: TestOperator;
  let reviewer: TestOperator;

  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant({ credits: "10" });
    other = await t.tenant();
    admin = await operator(t);
    reviewer = await operator(t, "reviewer");
  });
  after(() => t.close());

  const call = (method: "GET" | "POST" | "PUT", url: string, payload?: unknown, who = admin) =>
    t.app.inject({
      method,
      url: `/console/api${url}`,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const ledgerRead = (headers: Record<string, string>) => t.app.inject({ url: "/v3/workflows/", headers });

  test("a tenant created in the console works with its key at once and is listed with its balance", async () => {
    const created = await call("POST", "/tenants", { name: "Console Co-op", credits: "25.5" });
    assert.equal(created.statusCode, 201, created.body);
    const secrets = created.json();
    assert.match(secrets.api_key, /^kyc_live_/);
    assert.match(secrets.webhook_signing_secret, /^whsec_/);
    assert.equal((await ledgerRead({ "x-api-key": secrets.api_key })).statusCode, 200);
    const listed = (await call("GET", "/tenants")).json();
    const row = listed.find((entry: { id: string }) => entry.id === secrets.tenant_id);
    assert.deepEqual(
      { name: row.name, status: row.status, balance: row.balance },
      { name: "Console Co-op", status: "active", balance: "25.5" },
    );
    assert.ok(!JSON.stringify(listed).includes(secrets.api_key), "secrets are shown once only");
    const audit = await auditRows(t, "tenant.create", secrets.tenant_id);
    assert.equal(audit[0]!.actor, `operator:${admin.email}`);
  });

  test("suspend locks the tenant's keys out; resume lets them back in", async () => {
    const victim = await t.tenant();
    assert.equal((await call("POST", `/tenants/${victim.tenant_id}/suspend`)).statusCode, 200);
    assert.equal((await ledgerRead(victim.headers)).statusCode, 401);
    assert.equal((await call("POST", `/tenants/${victim.tenant_id}/resume`)).statusCode, 200);
    assert.equal((await ledgerRead(victim.headers)).statusCode, 200);
    const actions = (await auditRows(t, "tenant.suspend")).concat(await auditRows(t, "tenant.resume"));
    assert.ok(actions.every((row) => row.actor === `operator:${admin.email}`));
    assert.equal(actions.filter((row) => row.tenant_id === victim.tenant_id).length, 2);
  });

  test("keys: create shows the key once, the list shows prefixes, revoke and rotate-all lock old keys out", async () => {
    const owner = await t.tenant();
    const base = `/tenants/${owner.tenant_id}/keys`;
    const issued = await call("POST", base, { label: "backend" });
    assert.equal(issued.statusCode, 201, issued.body);
    const { key_id: keyId, api_key: apiKey } = issued.json();
    assert.equal((await ledgerRead({ "x-api-key": apiKey })).statusCode, 200);
    const listed = (await call("GET", base)).json();
    const entry = listed.find((key: { key_id: string }) => key.key_id === keyId);
    assert.equal(entry.label, "backend");
    assert.ok(apiKey.startsWith(entry.prefix.replace("…", "")));
    assert.ok(!JSON.stringify(listed).includes(apiKey));
    assert.equal((await auditRows(t, "api_key.create", keyId)).length, 1);

    assert.equal((await call("POST", `${base}/${keyId}/revoke`)).statusCode, 200);
    assert.equal((await ledgerRead({ "x-api-key": apiKey })).statusCode, 401);
    assert.equal((await auditRows(t, "api_key.revoke", keyId))[0]!.actor, `operator:${admin.email}`);

    const rotated = await call("POST", `${base}/rotate-all`);
    assert.equal(rotated.statusCode, 200, rotated.body);
    assert.equal((await ledgerRead(owner.headers)).statusCode, 401, "the old default key is revoked");
    assert.equal((await ledgerRead({ "x-api-key": rotated.json().api_key })).statusCode, 200);
    assert.equal((await auditRows(t, "api_key.rotate_all", rotated.json().key_id)).length, 1);
  });

  test("credits top-up adds to the balance with a ledger row; a bad amount names the field", async () => {
    const response = await call("POST", `/tenants/${tenant.tenant_id}/credits/top-up`, { amount: "2.25" });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), { tenant_id: tenant.tenant_id, balance: "12.25" });
    const audit = await auditRows(t, "credits.topup");
    assert.equal(audit.filter((row) => row.tenant_id === tenant.tenant_id).length, 1);
    const bad = await call("POST", `/tenants/${tenant.tenant_id}/credits/top-up`, { amount: "-1" });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().detail, /positive decimal/);
  });

  test("features enable and disable answer the enabled set; unknown keys are refused", async () => {
    const base = `/tenants/${tenant.tenant_id}/features`;
    const disabled = await call("POST", `${base}/disable`, { features: ["LIVENESS"] });
    assert.equal(disabled.statusCode, 200, disabled.body);
    assert.ok(!disabled.json().features.includes("LIVENESS"));
    const enabled = await call("POST", `${base}/enable`, { features: ["LIVENESS"] });
    assert.ok(enabled.json().features.includes("LIVENESS"));
    assert.equal((await auditRows(t, "features.enable")).length, 1);
    const unknown = await call("POST", `${base}/enable`, { features: ["MIND_READING"] });
    assert.equal(unknown.statusCode, 400);
    assert.match(unknown.json().detail, /MIND_READING/);
  });

  test("the webhook URL is set, private targets are refused, null removes it", async () => {
    const url = `/tenants/${tenant.tenant_id}/webhook`;
    const set = await call("PUT", url, { url: "https://93.184.215.14/hooks" });
    assert.equal(set.statusCode, 200, set.body);
    const stored = () =>
      t.services.db
        .selectFrom("tenants")
        .select("webhook_url")
        .where("id", "=", tenant.tenant_id)
        .executeTakeFirstOrThrow();
    assert.equal((await stored()).webhook_url, "https://93.184.215.14/hooks");
    const refused = await call("PUT", url, { url: "http://127.0.0.1:9/x" });
    assert.equal(refused.statusCode, 400);
    assert.match(refused.json().detail, /refused/);
    assert.equal((await call("PUT", url, { url: null })).statusCode, 200);
    assert.equal((await stored()).webhook_url, null);
    assert.equal((await auditRows(t, "webhook.set_url")).length, 2);
  });

  test("AML status reports the stored lists", async () => {
    const response = await call("GET", "/aml/status");
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(typeof response.json().entities, "number");
  });

  test("reviewers may not administer tenants", async () => {
    for (const [method, url] of [
      ["GET", "/tenants"],
      ["POST", "/tenants"],
      ["POST", `/tenants/${tenant.tenant_id}/suspend`],
      ["POST", `/tenants/${tenant.tenant_id}/keys/rotate-all`],
      ["POST", `/tenants/${tenant.tenant_id}/credits/top-up`],
      ["PUT", `/tenants/${tenant.tenant_id}/branding`],
      ["POST", `/tenants/${tenant.tenant_id}/workflows`],
    ] as const) {
      const response = await call(method, url, {}, reviewer);
      assert.equal(response.statusCode, 403, `${method} ${url}`);
    }
    assert.equal((await ledgerRead(tenant.headers)).statusCode, 200, "nothing was rotated");
  });

  test("another tenant's key answers 404 under this tenant, like a missing one", async () => {
    const foreignKey = (await call("POST", `/tenants/${tenant.tenant_id}/keys`, { label: "x" })).json();
    const base = `/console/api/tenants/${other.tenant_id}`;
    await assertCrossTenantNotFound(
      t.app,
      [
        {
          method: "POST",
          url: `${base}/keys/${foreignKey.key_id}/revoke`,
          missingUrl: `${base}/keys/00000000-0000-4000-8000-000000000000/revoke`,
        },
      ],
      admin.headers,
    );
    assert.equal((await ledgerRead({ "x-api-key": foreignKey.api_key })).statusCode, 200, "still valid");
  });
});
