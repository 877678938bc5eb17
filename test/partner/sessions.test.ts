// spec: Partner surface — POST /api/v1/sessions/ (JWT claim rules, debit, jti replay, TTL, error bodies).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { SignJWT } from "jose";
import { setHostedUrlTtl } from "../../src/partner/flows/hosted-url-ttl.js";
import { setRate } from "../../src/platform/credits/rates.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { bearer, createSession, flowFor, partnerJwt } from "./partner-support.js";

const SESSIONS = "/api/v1/sessions/";

describe("POST /api/v1/sessions/", () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ FLOW_URL: "https://flow.test.local" });
  });
  after(() => t.close());

  test("a valid JWT creates an application: 201 with a hosted URL on flow_url and the 30-minute default expiry", async () => {
    const tenant = await t.tenant();
    const flowId = await flowFor(t, tenant);
    const { statusCode, body } = await createSession(t, tenant, flowId);
    assert.equal(statusCode, 201);
    assert.equal(body.ok, true);
    assert.match(String(body.url), /^https:\/\/flow\.test\.local\/s\/[A-Za-z0-9_-]{32}$/);
    assert.equal(body.expires, true);
    const minutes = (Date.parse(String(body.expires_at)) - Date.now()) / 60_000;
    assert.ok(minutes > 29 && minutes <= 30.1, `expires in ${minutes} minutes`);
    assert.equal(body.replay, undefined);
  });

  test("creation debits PARTNER_SESSION with reason session_create and the application id; credits_remaining is an integer", async () => {
    const tenant = await t.tenant({ credits: "10.5" });
    const flowId = await flowFor(t, tenant);
    const { body } = await createSession(t, tenant, flowId);
    assert.equal(body.credits_remaining, 9);
    const rows = await t.services.db
      .selectFrom("credit_ledger")
      .selectAll()
      .where("tenant_id", "=", tenant.tenant_id)
      .where("reason", "=", "session_create")
      .execute();
    assert.equal(rows.length, 1);
    assert.equal(rows[0]?.feature, "PARTNER_SESSION");
    assert.equal(rows[0]?.application_id, body.session_id);
  });

  test("a repeat of the same jti re-mints a fresh URL for the same application, uncharged, with replay: true", async () => {
    const tenant = await t.tenant({ credits: "5" });
    const flowId = await flowFor(t, tenant);
    const options = { claims: { jti: "order-42" } };
    const first = await createSession(t, tenant, flowId, options);
    const second = await createSession(t, tenant, flowId, options);
    assert.equal(second.statusCode, 201);
    assert.equal(second.body.replay, true);
    assert.equal(second.body.session_id, first.body.session_id);
    assert.notEqual(second.body.url, first.body.url);
    assert.equal(second.body.credits_remaining, 4);
  });

  test("two racing repeats of one jti create one application and one debit", async () => {
    const tenant = await t.tenant({ credits: "5" });
    const flowId = await flowFor(t, tenant);
    const jwt = await partnerJwt(tenant, { claims: { flow_id: flowId, jti: "race-1" } });
    const responses = await Promise.all(
      [1, 2, 3].map(() =>
        t.app.inject({ method: "POST", url: SESSIONS, headers: bearer(tenant), payload: { jwt } }),
      ),
    );
    const bodies = responses.map((response) => response.json());
    assert.deepEqual(
      responses.map((response) => response.statusCode),
      [201, 201, 201],
    );
    assert.equal(new Set(bodies.map((body) => body.session_id)).size, 1);
    assert.equal(bodies.filter((body) => body.replay === true).length, 2);
    const debits = await t.services.db
      .selectFrom("credit_ledger")
      .select("id")
      .where("tenant_id", "=", tenant.tenant_id)
      .where("reason", "=", "session_create")
      .execute();
    assert.equal(debits.length, 1);
  });

  test("the jti is stored as external_ref and the application starts in progress", async () => {
    const tenant = await t.tenant();
    const flowId = await flowFor(t, tenant);
    const { body } = await createSession(t, tenant, flowId, { claims: { jti: "ref-7" } });
    const read = await t.app.inject({
      url: `/api/v1/applications/${body.session_id}/`,
      headers: bearer(tenant),
    });
    assert.equal(read.json().application.external_ref, "ref-7");
    assert.equal(read.json().application.decision, "in_progress");
  });

  test("session_ttl_minutes 0 means no expiry", async () => {
    const tenant = await t.tenant();
    const { body } = await createSession(t, tenant, await flowFor(t, tenant), {
      claims: { session_ttl_minutes: 0 },
    });
    assert.equal(body.expires, false);
    assert.equal(body.expires_at, null);
  });

  test("a custom session_ttl_minutes sets the expiry", async () => {
    const tenant = await t.tenant();
    const { body } = await createSession(t, tenant, await flowFor(t, tenant), {
      claims: { session_ttl_minutes: 525600 },
    });
    const days = (Date.parse(String(body.expires_at)) - Date.now()) / 86_400_000;
    assert.ok(days > 364.9 && days <= 365.01);
  });

  test("the tenant default TTL is changeable and can be disabled", async () => {
    const tenant = await t.tenant();
    const flowId = await flowFor(t, tenant);
    await setHostedUrlTtl(t.services.db, tenant.tenant_id, 90);
    const ninety = await createSession(t, tenant, flowId);
    const minutes = (Date.parse(String(ninety.body.expires_at)) - Date.now()) / 60_000;
    assert.ok(minutes > 89 && minutes <= 90.1);
    await setHostedUrlTtl(t.services.db, tenant.tenant_id, null);
    const never = await createSession(t, tenant, flowId);
    assert.equal(never.body.expires, false);
  });

  for (const bad of [-1, 525601, 1.5, "30"]) {
    test(`session_ttl_minutes ${JSON.stringify(bad)} is 400 invalid_request`, async () => {
      const tenant = await t.tenant();
      const { statusCode, body } = await createSession(t, tenant, await flowFor(t, tenant), {
        claims: { session_ttl_minutes: bad },
      });
      assert.equal(statusCode, 400);
      assert.equal(body.ok, false);
      assert.equal(body.error, "invalid_request");
    });
  }

  test("a missing jwt is 400 invalid_request", async () => {
    const tenant = await t.tenant();
    const response = await t.app.inject({
      method: "POST",
      url: SESSIONS,
      headers: bearer(tenant),
      payload: {},
    });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().error, "invalid_request");
    assert.equal(response.json().ok, false);
  });

  test("a blank flow_id is 400 invalid_request", async () => {
    const tenant = await t.tenant();
    const { statusCode, body } = await createSession(t, tenant, "  ");
    assert.equal(statusCode, 400);
    assert.equal(body.error, "invalid_request");
  });

  test("an unknown flow is 404 flow_not_found", async () => {
    const tenant = await t.tenant();
    const { statusCode, body } = await createSession(t, tenant, "6f1c0f7e-8d7a-4c55-9a55-3a5b0c1d2e3f");
    assert.equal(statusCode, 404);
    assert.equal(body.error, "flow_not_found");
  });

  test("an inactive flow is 404 flow_not_found", async () => {
    const tenant = await t.tenant();
    const { statusCode, body } = await createSession(
      t,
      tenant,
      await flowFor(t, tenant, { isActive: false }),
    );
    assert.equal(statusCode, 404);
    assert.equal(body.error, "flow_not_found");
  });

  test("another tenant's flow is 404 flow_not_found, like a missing one", async () => {
    const owner = await t.tenant();
    const other = await t.tenant();
    const { statusCode, body } = await createSession(t, other, await flowFor(t, owner));
    assert.equal(statusCode, 404);
    assert.equal(body.error, "flow_not_found");
  });

  test("an exhausted balance is 402 insufficient_credits and creates nothing", async () => {
    const tenant = await t.tenant({ credits: "0" });
    const { statusCode, body } = await createSession(t, tenant, await flowFor(t, tenant), {
      claims: { jti: "broke" },
    });
    assert.equal(statusCode, 402);
    assert.equal(body.error, "insufficient_credits");
    const rows = await t.services.db
      .selectFrom("partner_applications")
      .select("id")
      .where("tenant_id", "=", tenant.tenant_id)
      .execute();
    assert.equal(rows.length, 0);
  });

  test("a free PARTNER_SESSION rate still answers the balance", async () => {
    const tenant = await t.tenant({ credits: "3" });
    await setRate(t.services.db, "PARTNER_SESSION", "0", tenant.tenant_id);
    const { statusCode, body } = await createSession(t, tenant, await flowFor(t, tenant));
    assert.equal(statusCode, 201);
    assert.equal(body.credits_remaining, 3);
  });
});

describe("POST /api/v1/sessions/ JWT rules (401 invalid_jwt)", () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const now = () => Math.floor(Date.now() / 1000);
  const cases: [string, (tenant: { api_key: string }) => Parameters<typeof createSession>[3]][] = [
    ["a missing jti", () => ({ omit: ["jti"] })],
    ["a missing iat", () => ({ omit: ["iat"] })],
    ["a missing exp", () => ({ omit: ["exp"] })],
    ["an iat in the future", () => ({ iat: now() + 120, exp: now() + 200 })],
    ["an expired token", () => ({ iat: now() - 200, exp: now() - 10 })],
    ["a lifetime over 300 seconds", () => ({ iat: now() - 10, exp: now() + 291 })],
    ["a bad signature", () => ({ secret: "not-the-tenant-secret-0123456789abcdef" })],
    [
      "a token signed with the API key instead of the JWT signing secret",
      (tenant) => ({ secret: tenant.api_key }),
    ],
  ];
  for (const [name, options] of cases) {
    test(`${name} is 401 invalid_jwt`, async () => {
      const tenant = await t.tenant();
      const { statusCode, body } = await createSession(t, tenant, await flowFor(t, tenant), options(tenant));
      assert.equal(statusCode, 401);
      assert.equal(body.ok, false);
      assert.equal(body.error, "invalid_jwt");
    });
  }

  test("a lifetime of exactly 300 seconds is accepted", async () => {
    const tenant = await t.tenant();
    const { statusCode } = await createSession(t, tenant, await flowFor(t, tenant), {
      iat: now() - 5,
      exp: now() + 295,
    });
    assert.equal(statusCode, 201);
  });

  test("an alg other than HS256 is 401 invalid_jwt", async () => {
    const tenant = await t.tenant();
    const flowId = await flowFor(t, tenant);
    const jwt = await new SignJWT({ jti: "x", flow_id: flowId, iat: now(), exp: now() + 60 })
      .setProtectedHeader({ alg: "HS512" })
      .sign(new TextEncoder().encode(tenant.jwt_signing_secret));
    const response = await t.app.inject({
      method: "POST",
      url: SESSIONS,
      headers: bearer(tenant),
      payload: { jwt },
    });
    assert.equal(response.statusCode, 401);
    assert.equal(response.json().error, "invalid_jwt");
  });

  test("an unsigned (alg none) token is 401 invalid_jwt", async () => {
    const tenant = await t.tenant();
    const flowId = await flowFor(t, tenant);
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const jwt = `${part({ alg: "none" })}.${part({ jti: "x", flow_id: flowId, iat: now(), exp: now() + 60 })}.`;
    const response = await t.app.inject({
      method: "POST",
      url: SESSIONS,
      headers: bearer(tenant),
      payload: { jwt },
    });
    assert.equal(response.statusCode, 401);
    assert.equal(response.json().error, "invalid_jwt");
  });

  test("a malformed token is 401 invalid_jwt", async () => {
    const tenant = await t.tenant();
    const response = await t.app.inject({
      method: "POST",
      url: SESSIONS,
      headers: bearer(tenant),
      payload: { jwt: "not-a-jwt" },
    });
    assert.equal(response.statusCode, 401);
    assert.equal(response.json().error, "invalid_jwt");
  });
});
