// Hand-off functions (issue 8): the applicant's form, the redirect to verification and the session outcome,
// with raw statuses, the decision map and the identity.application.* events (design: Application events).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  applySessionOutcome,
  markApplicationRedirected,
} from "../../src/partner/applications/session-outcome.js";
import { submitApplicationForm } from "../../src/partner/applications/submit-application-form.js";
import { withTransaction } from "../../src/platform/db/transaction.js";
import { isAppError } from "../../src/platform/errors.js";
import { setWebhookUrl } from "../../src/platform/tenants/tenants.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import { bearer, createSession, defaultWorkflowId, flowFor, tokenOf } from "./partner-support.js";

const SESSION_ID = "11111111-2222-4333-8444-555555555555";

describe("application lifecycle", () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  interface Started {
    tenant: TestTenant;
    id: string;
    token: string;
  }

  async function start(
    options: Parameters<typeof flowFor>[2] = {},
    claims: Record<string, unknown> = {},
  ): Promise<Started> {
    const tenant = await t.tenant();
    await setWebhookUrl(t.services.db, tenant.tenant_id, "https://hooks.example.com/kyc");
    const { body } = await createSession(t, tenant, await flowFor(t, tenant, options), { claims });
    return { tenant, id: String(body.session_id), token: tokenOf(body.url) };
  }

  async function blockedList(tenant: TestTenant, type: string, value: string): Promise<string> {
    const list = await t.app.inject({
      method: "POST",
      url: "/api/v1/lists/",
      headers: bearer(tenant),
      payload: { name: `blocked ${type}`, type },
    });
    const id = list.json().list.id;
    await t.app.inject({
      method: "POST",
      url: `/api/v1/lists/${id}/entries/`,
      headers: bearer(tenant),
      payload: { value },
    });
    return id;
  }

  async function read(started: Started) {
    const response = await t.app.inject({
      url: `/api/v1/applications/${started.id}/`,
      headers: bearer(started.tenant),
    });
    return response.json().application;
  }

  async function events(started: Started) {
    return t.services.db
      .selectFrom("webhook_events")
      .select(["event_type", "payload", "application_id"])
      .where("tenant_id", "=", started.tenant.tenant_id)
      .orderBy("created_at")
      .execute();
  }

  const form = { full_name: "Sita Sharma", phone: "+977 9812345678", email: "sita@example.com" };

  test("creation emits identity.application.created with the versioned envelope", async () => {
    const started = await start();
    const [event] = await events(started);
    assert.equal(event?.event_type, "identity.application.created");
    assert.equal(event?.application_id, started.id);
    const payload = event?.payload as Record<string, unknown>;
    assert.deepEqual(Object.keys(payload).sort(), [
      "application",
      "blocklist_match",
      "created_at",
      "event",
      "event_type",
      "form_data",
      "payload_version",
      "sdk_response",
    ]);
    assert.equal(payload.payload_version, "1");
    assert.equal((payload.application as { id: string }).id, started.id);
  });

  test("a submitted form moves the application to form_filled, stores the answers and emits submitted", async () => {
    const started = await start();
    const result = await submitApplicationForm(t.services, started.token, form);
    assert.equal(result.status, "form_filled");
    assert.equal(result.workflowId, await defaultWorkflowId(t, started.tenant));
    const application = await read(started);
    assert.equal(application.status, "form_filled");
    assert.equal(application.decision, "in_progress");
    assert.equal(application.phone, "+977 9812345678");
    assert.equal(application.full_name, "Sita Sharma");
    const types = (await events(started)).map((event) => event.event_type).sort();
    assert.deepEqual(types, ["identity.application.created", "identity.application.submitted"]);
  });

  test("a form missing a field the flow collects is refused, naming the field", async () => {
    const started = await start({ formFields: ["phone", "identifier"] });
    await assert.rejects(
      submitApplicationForm(t.services, started.token, { phone: "9812345678" }),
      (error) => isAppError(error) && error.field === "identifier",
    );
  });

  test("the partner's JWT payload prefills fields the form leaves out", async () => {
    const started = await start({ formFields: ["phone", "email"] }, { payload: { email: "pre@fill.io" } });
    await submitApplicationForm(t.services, started.token, { phone: "9812345678" });
    assert.equal((await read(started)).email, "pre@fill.io");
  });

  test("a match on a reject list moves to kyc_failed (rejected) and records blocklist_match", async () => {
    const tenant = await t.tenant();
    const listId = await blockedList(tenant, "email", "SITA@example.com");
    const { body } = await createSession(
      t,
      tenant,
      await flowFor(t, tenant, { riskLists: [{ list_id: listId, action: "reject" }] }),
    );
    const started = { tenant, id: String(body.session_id), token: tokenOf(body.url) };
    const result = await submitApplicationForm(t.services, started.token, form);
    assert.equal(result.status, "kyc_failed");
    assert.deepEqual(result.blocklistMatch, {
      blocklist_id: listId,
      blocklist_name: "blocked email",
      block_type: "email",
      value: "sita@example.com",
      action: "reject",
    });
    assert.equal((await read(started)).decision, "rejected");
  });

  test("a match on a manual_review list moves to manual_review and the event carries blocklist_match", async () => {
    const tenant = await t.tenant();
    await setWebhookUrl(t.services.db, tenant.tenant_id, "https://hooks.example.com/kyc");
    const listId = await blockedList(tenant, "phone", "9779812345678");
    const { body } = await createSession(
      t,
      tenant,
      await flowFor(t, tenant, { riskLists: [{ list_id: listId, action: "manual_review" }] }),
    );
    const started = { tenant, id: String(body.session_id), token: tokenOf(body.url) };
    await submitApplicationForm(t.services, started.token, form);
    assert.equal((await read(started)).decision, "manual_review");
    // Events written in one transaction share created_at: find by type rather than by position.
    const review = (await events(started)).find(
      (event) => event.event_type === "identity.application.manual_review",
    );
    assert.equal(
      (review!.payload as { blocklist_match: { action: string } }).blocklist_match.action,
      "manual_review",
    );
  });

  test("a list the flow does not evaluate, or an inactive one, does not stop the form", async () => {
    const tenant = await t.tenant();
    await blockedList(tenant, "email", "sita@example.com");
    const { body } = await createSession(t, tenant, await flowFor(t, tenant));
    const result = await submitApplicationForm(t.services, tokenOf(body.url), form);
    assert.equal(result.status, "form_filled");
  });

  test("an expired hosted URL refuses the form (stored expiry passed or expire_now)", async () => {
    const started = await start();
    await t.app.inject({
      method: "PATCH",
      url: `/api/v1/applications/${started.id}/`,
      headers: bearer(started.tenant),
      payload: { expire_now: true },
    });
    await assert.rejects(
      submitApplicationForm(t.services, started.token, form),
      (error) => isAppError(error) && error.code === "link_expired",
    );
    assert.equal((await read(started)).status, "created");
  });

  test("a URL re-minted by a jti replay opens the same application", async () => {
    const tenant = await t.tenant();
    const flowId = await flowFor(t, tenant);
    await createSession(t, tenant, flowId, { claims: { jti: "again" } });
    const replay = await createSession(t, tenant, flowId, { claims: { jti: "again" } });
    const result = await submitApplicationForm(t.services, tokenOf(replay.body.url), form);
    assert.equal(result.applicationId, replay.body.session_id);
  });

  test("an unknown token is not found", async () => {
    await assert.rejects(
      submitApplicationForm(t.services, "x".repeat(32), form),
      (error) => isAppError(error) && error.status === 404,
    );
  });

  test("the redirect to verification moves to sdk_redirected and stores the verification session id", async () => {
    const started = await start();
    await submitApplicationForm(t.services, started.token, form);
    await withTransaction(t.services.db, (tx) =>
      markApplicationRedirected(tx, {
        tenantId: started.tenant.tenant_id,
        applicationId: started.id,
        sessionId: SESSION_ID,
      }),
    );
    const application = await read(started);
    assert.equal(application.status, "sdk_redirected");
    assert.equal(application.verification_session_id, SESSION_ID);
    await assert.rejects(
      submitApplicationForm(t.services, started.token, form),
      (error) => isAppError(error) && error.code === "session_closed",
    );
  });

  for (const [sessionStatus, status, decision, event] of [
    ["approved", "completed", "approved", "identity.application.approved"],
    ["declined", "kyc_failed", "rejected", "identity.application.rejected"],
    ["in_review", "manual_review", "manual_review", "identity.application.manual_review"],
    ["expired", "expired", "abandoned", "identity.application.abandoned"],
    ["abandoned", "abandoned", "abandoned", "identity.application.abandoned"],
  ]) {
    test(`a session ${sessionStatus} moves the application to ${status} (${decision}) and emits ${event}`, async () => {
      const started = await start();
      await submitApplicationForm(t.services, started.token, form);
      const tenantId = started.tenant.tenant_id;
      await withTransaction(t.services.db, async (tx) => {
        await markApplicationRedirected(tx, { tenantId, applicationId: started.id, sessionId: SESSION_ID });
        await applySessionOutcome(tx, { tenantId, applicationId: started.id, sessionStatus: sessionStatus! });
      });
      const application = await read(started);
      assert.equal(application.status, status);
      assert.equal(application.decision, decision);
      const emitted = (await events(started)).find((row) => row.event_type === event);
      assert.equal(
        (emitted!.payload as { application: { decision: string } }).application.decision,
        decision,
      );
    });
  }

  test("a repeated outcome emits no second event; an in-progress session status moves nothing", async () => {
    const started = await start();
    const input = {
      tenantId: started.tenant.tenant_id,
      applicationId: started.id,
      sessionStatus: "approved",
    };
    await withTransaction(t.services.db, (tx) => applySessionOutcome(tx, input));
    await withTransaction(t.services.db, (tx) => applySessionOutcome(tx, input));
    const unchanged = await withTransaction(t.services.db, (tx) =>
      applySessionOutcome(tx, { ...input, sessionStatus: "in_progress" }),
    );
    assert.equal(unchanged, null);
    const approvals = (await events(started)).filter(
      (event) => event.event_type === "identity.application.approved",
    );
    assert.equal(approvals.length, 1);
  });

  test("an outcome for another tenant's application is not found", async () => {
    const started = await start();
    const other = await t.tenant();
    await assert.rejects(
      withTransaction(t.services.db, (tx) =>
        applySessionOutcome(tx, {
          tenantId: other.tenant_id,
          applicationId: started.id,
          sessionStatus: "approved",
        }),
      ),
      (error) => isAppError(error) && error.status === 404,
    );
  });
});
