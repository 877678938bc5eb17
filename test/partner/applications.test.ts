// spec: Partner surface — GET and PATCH /api/v1/applications/{id}/ (Hosted URL expiry, read bucket, 404s).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { assertCrossTenantNotFound } from "../support/cross-tenant.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import { bearer, createSession, flowFor } from "./partner-support.js";

const MISSING = "6f1c0f7e-8d7a-4c55-9a55-3a5b0c1d2e3f";

describe("/api/v1/applications/{id}/", () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ RATE_LIMIT_PARTNER_READ: "3" });
  });
  after(() => t.close());

  async function application(tenant: TestTenant, claims: Record<string, unknown> = {}): Promise<string> {
    const { body } = await createSession(t, tenant, await flowFor(t, tenant), { claims });
    return String(body.session_id);
  }

  function patch(tenant: TestTenant, id: string, payload: object) {
    return t.app.inject({
      method: "PATCH",
      url: `/api/v1/applications/${id}/`,
      headers: bearer(tenant),
      payload,
    });
  }

  test("GET answers {ok, application} with the contract fields", async () => {
    const tenant = await t.tenant();
    const id = await application(tenant, {
      jti: "app-1",
      payload: { phone: "+977 981-234", email: "A@B.io" },
    });
    const response = await t.app.inject({ url: `/api/v1/applications/${id}/`, headers: bearer(tenant) });
    assert.equal(response.statusCode, 200);
    const { ok, application: app } = response.json();
    assert.equal(ok, true);
    assert.equal(app.id, id);
    assert.equal(app.external_ref, "app-1");
    assert.match(app.tracking_id, /^APP-[A-Z0-9]{10}$/);
    assert.equal(app.status, "created");
    assert.equal(app.decision, "in_progress");
    assert.equal(app.session_expiry_state, "active");
    assert.equal(app.phone, "+977 981-234");
    assert.equal(app.email, "A@B.io");
    for (const field of ["session_expires_at", "created_at", "updated_at"]) assert.ok(app[field]);
  });

  test("an unknown id is 404 not_found in the {ok:false, error} body", async () => {
    const tenant = await t.tenant();
    const response = await t.app.inject({ url: `/api/v1/applications/${MISSING}/`, headers: bearer(tenant) });
    assert.equal(response.statusCode, 404);
    assert.equal(response.json().ok, false);
    assert.equal(response.json().error, "not_found");
  });

  test("another tenant's application answers exactly like a missing one on every route", async () => {
    const owner = await t.tenant();
    const other = await t.tenant();
    const id = await application(owner);
    await assertCrossTenantNotFound(
      t.app,
      [
        { method: "GET", url: `/api/v1/applications/${id}/`, missingUrl: `/api/v1/applications/${MISSING}/` },
        {
          method: "PATCH",
          url: `/api/v1/applications/${id}/`,
          body: { expire_now: true },
          missingUrl: `/api/v1/applications/${MISSING}/`,
        },
      ],
      bearer(other),
    );
    const untouched = await t.app.inject({ url: `/api/v1/applications/${id}/`, headers: bearer(owner) });
    assert.equal(untouched.json().application.session_expiry_state, "active");
  });

  test("reads over the partner_read bucket are 429 with Retry-After", async () => {
    const tenant = await t.tenant();
    const id = await application(tenant);
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    for (let i = 0; i < 4; i += 1) {
      last = await t.app.inject({ url: `/api/v1/applications/${id}/`, headers: bearer(tenant) });
      statuses.push(last.statusCode);
    }
    assert.deepEqual(statuses, [200, 200, 200, 429]);
    assert.ok(last?.headers["retry-after"]);
    assert.equal(last?.json().ok, false);
  });

  test("PATCH expire_now expires the hosted URL immediately", async () => {
    const tenant = await t.tenant();
    const id = await application(tenant);
    const response = await patch(tenant, id, { expire_now: true });
    assert.equal(response.statusCode, 200);
    assert.equal(response.json().ok, true);
    assert.equal(response.json().application.session_expiry_state, "expired");
  });

  test("PATCH expire_now wins over session_expires_at (even an unparseable one)", async () => {
    const tenant = await t.tenant();
    const id = await application(tenant);
    const response = await patch(tenant, id, {
      expire_now: true,
      session_expires_at: "2999-01-01T00:00:00Z",
    });
    assert.equal(response.json().application.session_expiry_state, "expired");
    const garbage = await patch(tenant, await application(tenant), {
      expire_now: true,
      session_expires_at: "soon",
    });
    assert.equal(garbage.statusCode, 200);
  });

  test("PATCH session_expires_at sets a new expiry, reviving an expired URL", async () => {
    const tenant = await t.tenant();
    const id = await application(tenant);
    await patch(tenant, id, { expire_now: true });
    const response = await patch(tenant, id, { session_expires_at: "2999-06-01T12:00:00+02:00" });
    assert.equal(response.statusCode, 200);
    assert.equal(response.json().application.session_expires_at, "2999-06-01T10:00:00.000Z");
    assert.equal(response.json().application.session_expiry_state, "active");
  });

  test("PATCH session_expires_at in the past leaves the URL expired", async () => {
    const tenant = await t.tenant();
    const response = await patch(tenant, await application(tenant), {
      session_expires_at: "2020-01-01T00:00:00Z",
    });
    assert.equal(response.json().application.session_expiry_state, "expired");
  });

  for (const cleared of [null, ""]) {
    test(`PATCH session_expires_at ${JSON.stringify(cleared)} removes the expiry (state never)`, async () => {
      const tenant = await t.tenant();
      const response = await patch(tenant, await application(tenant), { session_expires_at: cleared });
      assert.equal(response.statusCode, 200);
      assert.equal(response.json().application.session_expires_at, null);
      assert.equal(response.json().application.session_expiry_state, "never");
    });
  }

  test("PATCH with neither field is 400 no_supported_fields", async () => {
    const tenant = await t.tenant();
    const response = await patch(tenant, await application(tenant), { status: "completed" });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().error, "no_supported_fields");
  });

  for (const bad of ["tomorrow", "2024-13-45T00:00:00Z", 1700000000]) {
    test(`PATCH session_expires_at ${JSON.stringify(bad)} is 400 invalid_session_expires_at`, async () => {
      const tenant = await t.tenant();
      const response = await patch(tenant, await application(tenant), { session_expires_at: bad });
      assert.equal(response.statusCode, 400);
      assert.equal(response.json().ok, false);
      assert.equal(response.json().error, "invalid_session_expires_at");
    });
  }
});
