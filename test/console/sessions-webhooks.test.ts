// Console sessions (list, detail, review resolution with its webhook) and the webhook delivery log and resend,
// through the real domain functions; another tenant's ids answer 404 like missing ones.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { setWebhookUrl } from "../../src/platform/tenants/tenants.js";
import { enqueueWebhookEvent } from "../../src/webhooks/enqueue-event.js";
import { assertCrossTenantNotFound } from "../support/cross-tenant.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import { createSessionOver, holdForReview, questionnaireWorkflow } from "../verify/session-fixtures.js";
import { auditRows, operator, type TestOperator } from "./console-support.js";

describe("console sessions and webhooks", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  let workflowId: string;
  let admin: TestOperator;
  let reviewer: TestOperator;
  let base: string;

  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant({ credits: "1000" });
    other = await t.tenant();
    workflowId = await questionnaireWorkflow(t, tenant);
    await setWebhookUrl(t.services.db, tenant.tenant_id, "https://hooks.example.com/kyc");
    admin = await operator(t);
    reviewer = await operator(t, "reviewer");
    base = `/console/api/tenants/${tenant.tenant_id}`;
  });
  after(() => t.close());

  async function heldSession(): Promise<string> {
    const session = await createSessionOver(t, tenant, { workflow_id: workflowId });
    await holdForReview(t, tenant, session.id);
    return session.id;
  }

  test("sessions list in the /v3 shape, filtered by status, with paging headers", async () => {
    const held = await heldSession();
    const response = await t.app.inject({
      url: `${base}/sessions?status=in_review&page_size=5`,
      headers: reviewer.headers,
    });
    assert.equal(response.statusCode, 200, response.body);
    const sessions = response.json();
    assert.ok(sessions.some((session: { id: string }) => session.id === held));
    assert.ok(sessions.every((session: { status: string }) => session.status === "in_review"));
    assert.ok(Array.isArray(sessions[0].decision_v3.reviews));
    assert.equal(response.headers["x-page-size"], "5");
    const detail = await t.app.inject({ url: `${base}/sessions/${held}`, headers: reviewer.headers });
    assert.equal(detail.statusCode, 200);
    assert.equal(detail.json().id, held);
    const bad = await t.app.inject({ url: `${base}/sessions?status=done`, headers: admin.headers });
    assert.equal(bad.statusCode, 400);
  });

  test("a reviewer resolves an in_review session: review row, audit row and the webhook outbox row", async () => {
    const held = await heldSession();
    const response = await t.app.inject({
      method: "POST",
      url: `${base}/sessions/${held}/review`,
      headers: reviewer.headers,
      payload: { decision: "declined", reason: "document mismatch" },
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), { session_id: held, status: "declined" });
    const detail = (
      await t.app.inject({ url: `${base}/sessions/${held}`, headers: reviewer.headers })
    ).json();
    assert.equal(detail.status, "declined");
    assert.equal(detail.decision_v3.reviews[0].reviewer, `operator:${reviewer.email}`);
    assert.equal(detail.decision_v3.reviews[0].reason, "document mismatch");
    // Read in the session's own statement (session-parts.ts): the same entry, time to the millisecond.
    const stored = await t.services.db
      .selectFrom("session_reviews")
      .selectAll()
      .where("session_id", "=", held)
      .executeTakeFirstOrThrow();
    assert.deepEqual(detail.decision_v3.reviews, [
      {
        id: stored.id,
        decision: "declined",
        reason: "document mismatch",
        reviewer: `operator:${reviewer.email}`,
        created_at: stored.created_at.toISOString(),
      },
    ]);
    const events = await t.services.db
      .selectFrom("webhook_events")
      .select(["event_type", "status"])
      .where("session_id", "=", held)
      .orderBy("created_at")
      .execute();
    assert.deepEqual(
      events.map((event) => event.event_type),
      ["identity.kyc.session.review", "identity.kyc.session.declined"],
    );
    assert.equal(events[1]!.status, "pending");
    const audit = await auditRows(t, "session.review", held);
    assert.equal(audit.length, 1);
    assert.equal(audit[0]!.actor, `operator:${reviewer.email}`);
  });

  test("a session not in review is refused; a bad decision names the field", async () => {
    const session = await createSessionOver(t, tenant, { workflow_id: workflowId });
    const closed = await t.app.inject({
      method: "POST",
      url: `${base}/sessions/${session.id}/review`,
      headers: admin.headers,
      payload: { decision: "approved" },
    });
    assert.equal(closed.statusCode, 409);
    const bad = await t.app.inject({
      method: "POST",
      url: `${base}/sessions/${session.id}/review`,
      headers: admin.headers,
      payload: { decision: "maybe" },
    });
    assert.equal(bad.statusCode, 400);
  });

  test("the delivery log lists events; resend puts a failed one back to pending with an audit row", async () => {
    const eventId = await enqueueWebhookEvent(t.services.db, {
      tenantId: tenant.tenant_id,
      eventType: "identity.kyc.session.approved",
      payload: { session_id: "s-1" },
    });
    await t.services.db
      .updateTable("webhook_events")
      .set({ status: "failed", attempts: 8, last_error: "HTTP 500" })
      .where("id", "=", eventId)
      .execute();
    const log = await t.app.inject({ url: `${base}/webhooks/events?limit=10`, headers: admin.headers });
    assert.equal(log.statusCode, 200, log.body);
    const listed = log.json().find((event: { id: string }) => event.id === eventId);
    assert.equal(listed.status, "failed");
    const resend = await t.app.inject({
      method: "POST",
      url: `${base}/webhooks/events/${eventId}/resend`,
      headers: admin.headers,
    });
    assert.equal(resend.statusCode, 200, resend.body);
    const row = await t.services.db
      .selectFrom("webhook_events")
      .select(["status", "attempts"])
      .where("id", "=", eventId)
      .executeTakeFirstOrThrow();
    assert.deepEqual(row, { status: "pending", attempts: 0 });
    const audit = await auditRows(t, "webhook.resend", eventId);
    assert.equal(audit[0]!.actor, `operator:${admin.email}`);
    assert.equal(audit[0]!.tenant_id, tenant.tenant_id);
  });

  test("another tenant's session and event answer 404 under this tenant, like missing ids", async () => {
    const held = await heldSession();
    const eventId = await enqueueWebhookEvent(t.services.db, {
      tenantId: tenant.tenant_id,
      eventType: "identity.kyc.session.approved",
      payload: {},
    });
    const missing = "00000000-0000-4000-8000-000000000000";
    const foreign = `/console/api/tenants/${other.tenant_id}`;
    await assertCrossTenantNotFound(
      t.app,
      [
        { method: "GET", url: `${foreign}/sessions/${held}`, missingUrl: `${foreign}/sessions/${missing}` },
        {
          method: "POST",
          url: `${foreign}/sessions/${held}/review`,
          body: { decision: "approved" },
          missingUrl: `${foreign}/sessions/${missing}/review`,
        },
        {
          method: "POST",
          url: `${foreign}/webhooks/events/${eventId}/resend`,
          missingUrl: `${foreign}/webhooks/events/${missing}/resend`,
        },
      ],
      admin.headers,
    );
  });
});
