// spec: States and transitions — PATCH update-status (authoritative override with its webhook), the expiry
// sweep, and the operator's review resolution from the CLI.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { sql } from "kysely";
import { runOperatorCommand } from "../../src/composition/operator-commands.js";
import { setWebhookUrl } from "../../src/platform/tenants/tenants.js";
import { expireLapsedSessions } from "../../src/verify/sessions/session-jobs.js";
import { SESSION_STATUSES, TERMINAL_STATUSES } from "../../src/verify/sessions/session-states.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import { createSessionOver, questionnaireWorkflow } from "./session-fixtures.js";

const EVENT_FOR: Record<string, string | undefined> = {
  approved: "identity.kyc.session.approved",
  declined: "identity.kyc.session.declined",
  in_review: "identity.kyc.session.review",
  expired: "identity.kyc.session.expired",
};

describe("session states", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let workflowId: string;

  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant({ credits: "1000" });
    workflowId = await questionnaireWorkflow(t, tenant);
    // Events are recorded as pending only when a destination is configured; nothing is delivered here.
    await setWebhookUrl(t.services.db, tenant.tenant_id, "https://hooks.example.com/kyc");
  });
  after(() => t.close());

  const patch = (id: string, payload: Record<string, unknown>, headers = tenant.headers) =>
    t.app.inject({ method: "PATCH", url: `/v3/session/${id}/update-status/`, headers, payload });

  async function eventsOf(sessionId: string) {
    return t.services.db
      .selectFrom("webhook_events")
      .select(["event_type", "payload", "status"])
      .where("session_id", "=", sessionId)
      .orderBy("created_at")
      .execute();
  }

  for (const status of SESSION_STATUSES) {
    test(`update-status accepts ${status} and fires its webhook when it has one`, async () => {
      const session = await createSessionOver(t, tenant, {
        workflow_id: workflowId,
        vendor_data: "u-states",
      });
      const response = await patch(session.id, { status, reason: "operator override" });
      assert.equal(response.statusCode, 200, response.body);
      const body = response.json();
      assert.equal(body.status, status);
      const terminal = TERMINAL_STATUSES.includes(status);
      assert.equal(body.completed_at !== null, terminal, `completed_at on ${status}`);
      const detail = (
        await t.app.inject({ url: `/v3/session/${session.id}/`, headers: tenant.headers })
      ).json();
      assert.equal(detail.status, status);
      assert.equal(detail.stage, body.stage);
      const events = await eventsOf(session.id);
      const expected = EVENT_FOR[status];
      assert.deepEqual(
        events.map((event) => event.event_type),
        expected ? [expected] : [],
      );
      if (expected) {
        const payload = events[0]!.payload;
        assert.equal(payload.session_id, session.id);
        assert.equal(payload.status, status);
        assert.equal(payload.decision_reason, "operator override");
        assert.equal(payload.vendor_data, "u-states");
        assert.equal(events[0]!.status, "pending");
      }
    });
  }

  test("decision values follow the design's mapping", async () => {
    const expected: Record<string, string> = {
      not_started: "in_progress",
      in_progress: "in_progress",
      awaiting_user: "in_progress",
      resubmitted: "in_progress",
      in_review: "in_review",
      approved: "approved",
      declined: "declined",
      abandoned: "abandoned",
      expired: "expired",
      kyc_expired: "expired",
    };
    for (const [status, decision] of Object.entries(expected)) {
      const session = await createSessionOver(t, tenant, { workflow_id: workflowId });
      assert.equal((await patch(session.id, { status })).json().decision, decision, status);
    }
  });

  test("an invalid status is 400 and changes nothing", async () => {
    const session = await createSessionOver(t, tenant, { workflow_id: workflowId });
    for (const status of ["done", "", "APPROVED"]) {
      const response = await patch(session.id, { status });
      assert.equal(response.statusCode, 400, status);
    }
    assert.equal((await patch(session.id, {})).statusCode, 400);
    const detail = (
      await t.app.inject({ url: `/v3/session/${session.id}/`, headers: tenant.headers })
    ).json();
    assert.equal(detail.status, "not_started");
    assert.deepEqual(await eventsOf(session.id), []);
  });

  test("resolving an in_review session through update-status records a review", async () => {
    const session = await createSessionOver(t, tenant, { workflow_id: workflowId });
    await patch(session.id, { status: "in_review" });
    await patch(session.id, { status: "declined", reason: "document mismatch" });
    const detail = (
      await t.app.inject({ url: `/v3/session/${session.id}/`, headers: tenant.headers })
    ).json();
    assert.equal(detail.decision_v3.reviews.length, 1);
    assert.equal(detail.decision_v3.reviews[0].decision, "declined");
    assert.equal(detail.decision_v3.reviews[0].reason, "document mismatch");
  });

  describe("operator review from the CLI", () => {
    test("kyc review resolve moves in_review to the decision, records the review and fires the webhook", async () => {
      const session = await createSessionOver(t, tenant, { workflow_id: workflowId });
      await patch(session.id, { status: "in_review" });
      const result = await runOperatorCommand(t.services, [
        "review",
        "resolve",
        tenant.tenant_id,
        session.id,
        "approved",
        "--reason",
        "looks fine",
      ]);
      assert.deepEqual(result, { session_id: session.id, status: "approved" });
      const detail = (
        await t.app.inject({ url: `/v3/session/${session.id}/`, headers: tenant.headers })
      ).json();
      assert.equal(detail.status, "approved");
      assert.ok(detail.completed_at);
      assert.equal(detail.decision_v3.reviews[0].reviewer, "operator");
      assert.equal(detail.decision_v3.reviews[0].reason, "looks fine");
      assert.deepEqual(
        (await eventsOf(session.id)).map((event) => event.event_type),
        ["identity.kyc.session.review", "identity.kyc.session.approved"],
      );
    });

    test("only a session in review can be resolved; bad arguments and other tenants are refused", async () => {
      const session = await createSessionOver(t, tenant, { workflow_id: workflowId });
      await assert.rejects(
        runOperatorCommand(t.services, ["review", "resolve", tenant.tenant_id, session.id, "approved"]),
        (error: Error & { code?: string }) => error.code === "session_closed",
      );
      await assert.rejects(
        runOperatorCommand(t.services, ["review", "resolve", tenant.tenant_id, session.id, "maybe"]),
        (error: Error & { code?: string }) => error.code === "validation_failed",
      );
      const other = await t.tenant();
      await patch(session.id, { status: "in_review" });
      await assert.rejects(
        runOperatorCommand(t.services, ["review", "resolve", other.tenant_id, session.id, "declined"]),
        (error: Error & { code?: string }) => error.code === "session_not_found",
      );
    });

    test("kyc session list shows the tenant's sessions, filtered by status", async () => {
      const lister = await t.tenant();
      const wf = await questionnaireWorkflow(t, lister);
      const held = await createSessionOver(t, lister, { workflow_id: wf });
      await createSessionOver(t, lister, { workflow_id: wf });
      await patch(held.id, { status: "in_review" }, lister.headers);
      const all = (await runOperatorCommand(t.services, ["session", "list", lister.tenant_id])) as {
        id: string;
      }[];
      assert.equal(all.length, 2);
      const waiting = (await runOperatorCommand(t.services, [
        "session",
        "list",
        lister.tenant_id,
        "in_review",
      ])) as {
        id: string;
      }[];
      assert.deepEqual(
        waiting.map((row) => row.id),
        [held.id],
      );
      await assert.rejects(runOperatorCommand(t.services, ["session", "list", lister.tenant_id, "bogus"]));
    });
  });

  describe("expiry sweep", () => {
    test("a lapsed not_started session expires with identity.kyc.session.expired; a lapsed started one is abandoned", async () => {
      const lapsed = await createSessionOver(t, tenant, { workflow_id: workflowId });
      const current = await createSessionOver(t, tenant, { workflow_id: workflowId });
      const started = await createSessionOver(t, tenant, { workflow_id: workflowId });
      await t.app.inject({ url: `/flow-api/${started.token}/state` });
      for (const id of [lapsed.id, started.id]) {
        await sql`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE id = ${id}`.execute(
          t.services.db,
        );
      }
      assert.ok((await expireLapsedSessions(t.services)) >= 1);
      const read = async (id: string) =>
        (await t.app.inject({ url: `/v3/session/${id}/`, headers: tenant.headers })).json();
      const expired = await read(lapsed.id);
      assert.equal(expired.status, "expired");
      assert.equal(expired.decision, "expired");
      assert.ok(expired.completed_at);
      const [event] = await eventsOf(lapsed.id);
      assert.equal(event?.event_type, "identity.kyc.session.expired");
      assert.equal(event?.payload.decision_reason, "link_expired");
      assert.equal((await read(current.id)).status, "not_started");
      // spec: States — a started session that did not complete before expires_at is abandoned.
      assert.equal((await read(started.id)).status, "abandoned");
      assert.equal(await expireLapsedSessions(t.services), 0);
    });

    test("an expired link cannot be resumed", async () => {
      const session = await createSessionOver(t, tenant, { workflow_id: workflowId });
      await sql`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE id = ${session.id}`.execute(
        t.services.db,
      );
      await expireLapsedSessions(t.services);
      const state = await t.app.inject({ url: `/flow-api/${session.token}/state` });
      const body = state.json();
      assert.ok(state.statusCode >= 400 || body.finished === true, state.body);
      const submit = await t.app.inject({
        method: "POST",
        url: `/flow-api/${session.token}/steps/questions`,
        payload: { answers: { occupation: "x", funds: "salary" } },
      });
      assert.ok(submit.statusCode >= 400, submit.body);
    });
  });
});
