// Issue 22 findings 8 and 9: a suspended tenant's hosted flow and a lapsed session refuse applicant calls
// with stable codes; the expiry sweep abandons lapsed in-progress sessions (spec: States); captures are
// rate-limited per session token; tokens are stored only as their SHA-256.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { sql } from "kysely";
import { setTenantStatus } from "../../src/platform/tenants/tenants.js";
import { expireLapsedSessions } from "../../src/verify/sessions/session-jobs.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import { createSessionOver } from "../verify/session-fixtures.js";
import { assertErrorShape } from "./surface-shape.js";

describe("applicant guards", () => {
  let t: TestApp;
  let tenant: TestTenant;
  before(async () => {
    t = await createTestApp({ RATE_LIMIT_APPLICANT_STEPS: "5" });
    tenant = await t.tenant({ credits: "1000" });
  });
  after(() => t.close());

  const lapse = (id: string) =>
    sql`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE id = ${id}`.execute(t.services.db);
  const post = (token: string, path: string, payload: Record<string, unknown> = {}) =>
    t.app.inject({ method: "POST", url: `/flow-api/${token}/${path}`, payload });

  test("a suspended tenant's hosted flow answers 403 tenant_suspended to every applicant call", async () => {
    const suspended = await t.tenant();
    const session = await createSessionOver(t, suspended);
    assert.equal((await t.app.inject({ url: `/flow-api/${session.token}/state` })).statusCode, 200);
    await setTenantStatus(t.services.db, suspended.tenant_id, "suspended");
    for (const response of [
      await t.app.inject({ url: `/flow-api/${session.token}/state` }),
      await post(session.token, "steps/document", { front_image: "x" }),
      await post(session.token, "consent", { terms_version: "1" }),
      await post(session.token, "finish"),
    ]) {
      assert.equal(response.statusCode, 403, response.body);
      assert.equal(response.json().detail, "tenant_suspended");
      assertErrorShape("/flow-api/", response);
    }
    const row = await t.services.db
      .selectFrom("sessions")
      .select("status")
      .where("id", "=", session.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.status, "in_progress", "nothing was captured or decided");
  });

  test("an in-progress session past expires_at refuses captures with 410 link_expired and is abandoned", async () => {
    const session = await createSessionOver(t, tenant);
    await t.app.inject({ url: `/flow-api/${session.token}/state` });
    await lapse(session.id);
    for (const response of [
      await post(session.token, "steps/document", { front_image: "x" }),
      await post(session.token, "finish"),
    ]) {
      assert.equal(response.statusCode, 410, response.body);
      assert.equal(response.json().detail, "link_expired");
    }
    const read = (await t.app.inject({ url: `/v3/session/${session.id}/`, headers: tenant.headers })).json();
    assert.equal(read.status, "abandoned");
    assert.equal(read.decision, "abandoned");
    const state = (await t.app.inject({ url: `/flow-api/${session.token}/state` })).json();
    assert.equal(state.finished, true);
  });

  test("the expiry sweep moves lapsed in-progress sessions to abandoned and not_started ones to expired", async () => {
    const started = await createSessionOver(t, tenant);
    const unopened = await createSessionOver(t, tenant);
    await t.app.inject({ url: `/flow-api/${started.token}/state` });
    await lapse(started.id);
    await lapse(unopened.id);
    await expireLapsedSessions(t.services);
    const status = async (id: string) =>
      (await t.app.inject({ url: `/v3/session/${id}/`, headers: tenant.headers })).json().status;
    assert.equal(await status(started.id), "abandoned");
    assert.equal(await status(unopened.id), "expired");
    const refused = await post(unopened.token, "finish");
    assert.equal(refused.statusCode, 410);
  });

  test("captures are rate-limited per session token (429 with Retry-After); other sessions are unaffected", async () => {
    const busy = await createSessionOver(t, tenant);
    const other = await createSessionOver(t, tenant);
    await t.app.inject({ url: `/flow-api/${busy.token}/state` });
    await t.app.inject({ url: `/flow-api/${other.token}/state` });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await post(busy.token, "finish")).statusCode);
    assert.deepEqual(statuses.slice(0, 5), [409, 409, 409, 409, 409]);
    const limited = await post(busy.token, "finish");
    assert.equal(limited.statusCode, 429);
    assert.equal(limited.json().detail, "rate_limited");
    assert.ok(Number(limited.headers["retry-after"]) >= 1);
    assert.equal((await post(other.token, "finish")).statusCode, 409);
  });

  test("tokens are stored only as their SHA-256; the URL on reads still opens the session", async () => {
    const session = await createSessionOver(t, tenant);
    const row = await t.services.db
      .selectFrom("sessions")
      .selectAll()
      .where("id", "=", session.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.token_hash, createHash("sha256").update(session.token).digest("hex"));
    assert.ok(!JSON.stringify(row).includes(session.token), "the raw token is stored");
    const keys = await sql<{ response: unknown }>`SELECT response FROM idempotency_keys`.execute(
      t.services.db,
    );
    assert.ok(!JSON.stringify(keys.rows).includes(session.token), "the raw token is stored with a replay");
    const read = (await t.app.inject({ url: `/v3/session/${session.id}/`, headers: tenant.headers })).json();
    assert.equal(read.url, session.url);
    const forged = `${session.token.slice(0, -2)}${session.token.endsWith("AA") ? "AB" : "AA"}`;
    assert.equal((await t.app.inject({ url: `/flow-api/${forged}/state` })).statusCode, 404);
  });

  test("a session created before migration 0011 (hash of a random token) opens by both URLs", async () => {
    const session = await createSessionOver(t, tenant);
    const legacy = "L".repeat(32);
    await t.services.db
      .updateTable("sessions")
      .set({ token_hash: createHash("sha256").update(legacy).digest("hex") })
      .where("id", "=", session.id)
      .execute();
    assert.equal((await t.app.inject({ url: `/flow-api/${legacy}/state` })).statusCode, 200);
    assert.equal((await t.app.inject({ url: `/flow-api/${session.token}/state` })).statusCode, 200);
  });
});
