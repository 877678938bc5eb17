// Request resubmission (issue 19): an operator sends a held session back for named steps (in_review →
// resubmitted); the applicant's same link reopens exactly those steps, their return moves the session to
// in_progress, and finishing decides it again with a new webhook. Re-running a held session's checks decides it
// again at once. Audited; other tenants get 404.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { setWebhookUrl } from "../../src/platform/tenants/tenants.js";
import { createWorkflow } from "../../src/verify/workflows/workflows.js";
import { assertCrossTenantNotFound } from "../support/cross-tenant.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import { type CreatedSession, createSessionOver, holdForReview } from "../verify/session-fixtures.js";
import { auditRows, operator, type TestOperator } from "./console-support.js";

const TWO_STEPS = {
  name: "Two questionnaires",
  nodes: [
    {
      id: "work",
      feature: "QUESTIONNAIRE",
      config: { questions: [{ id: "job", label: "Job", type: "text" }] },
    },
    {
      id: "home",
      feature: "QUESTIONNAIRE",
      config: { questions: [{ id: "city", label: "City", type: "text" }] },
    },
  ],
};

describe("console request resubmission", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  let workflowId: string;
  let reviewer: TestOperator;
  let base: string;

  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant({ credits: "1000" });
    other = await t.tenant();
    workflowId = (await createWorkflow(t.services.db, tenant.tenant_id, TWO_STEPS)).id;
    await setWebhookUrl(t.services.db, tenant.tenant_id, "https://hooks.example.com/kyc");
    reviewer = await operator(t, "reviewer");
    base = `/console/api/tenants/${tenant.tenant_id}`;
  });
  after(() => t.close());

  function flow(session: CreatedSession, path: string, payload?: object) {
    return t.app.inject({
      method: payload ? "POST" : "GET",
      url: `/flow-api/${session.token}/${path}`,
      ...(payload ? { payload } : {}),
    });
  }

  /** Both steps answered, then held for review by the tenant's status override. */
  async function heldSession(): Promise<CreatedSession> {
    const session = await createSessionOver(t, tenant, { workflow_id: workflowId });
    assert.equal((await flow(session, "state")).json().status, "in_progress");
    assert.equal((await flow(session, "steps/work", { answers: { job: "Teacher" } })).statusCode, 200);
    assert.equal((await flow(session, "steps/home", { answers: { city: "Pokhara" } })).statusCode, 200);
    await holdForReview(t, tenant, session.id);
    return session;
  }

  function resubmit(sessionId: string, payload: object, url = base) {
    return t.app.inject({
      method: "POST",
      url: `${url}/sessions/${sessionId}/request-resubmission`,
      headers: reviewer.headers,
      payload,
    });
  }

  test("the link reopens exactly the named step; the return moves to in_progress; finishing decides again", async () => {
    const session = await heldSession();
    const response = await resubmit(session.id, { steps: ["home"], reason: "Address proof unreadable" });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().status, "resubmitted");
    assert.ok(Date.parse(response.json().expires_at) > Date.now() + 23.9 * 3_600_000);
    const v3 = await t.app.inject({ url: `/v3/session/${session.id}/`, headers: tenant.headers });
    assert.equal(v3.json().status, "resubmitted");

    const state = (await flow(session, "state")).json();
    assert.equal(state.status, "in_progress");
    assert.deepEqual(
      state.steps.map((step: { node_id: string; state: string }) => [step.node_id, step.state]),
      [
        ["work", "done"],
        ["home", "current"],
      ],
    );
    assert.equal(state.current_step.node_id, "home");
    assert.equal((await flow(session, "steps/work", { answers: { job: "Nurse" } })).statusCode, 409);
    assert.equal((await flow(session, "steps/home", { answers: { city: "Butwal" } })).statusCode, 200);
    const finished = await flow(session, "finish", {});
    assert.equal(finished.statusCode, 200, finished.body);
    assert.equal(finished.json().status, "approved");

    const events = await t.services.db
      .selectFrom("webhook_events")
      .select(["event_type"])
      .where("session_id", "=", session.id)
      .orderBy("created_at")
      .execute();
    assert.deepEqual(
      events.map((event) => event.event_type),
      ["identity.kyc.session.review", "identity.kyc.session.approved"],
    );
    const [audit] = await auditRows(t, "session.request_resubmission", session.id);
    assert.equal(audit?.actor, `operator:${reviewer.email}`);
    const log = await t.services.db
      .selectFrom("session_events")
      .select(["type"])
      .where("session_id", "=", session.id)
      .orderBy("created_at")
      .execute();
    const types = log.map((row) => row.type);
    assert.ok(
      types.indexOf("review.resubmission_requested") < types.indexOf("applicant.returned"),
      types.join(" "),
    );
  });

  test("unknown steps and sessions not in review are refused", async () => {
    const session = await heldSession();
    const unknown = await resubmit(session.id, { steps: ["selfie"] });
    assert.equal(unknown.statusCode, 400);
    assert.equal((await resubmit(session.id, { steps: [] })).statusCode, 400);
    const open = await createSessionOver(t, tenant, { workflow_id: workflowId });
    assert.equal((await resubmit(open.id, { steps: ["home"] })).statusCode, 409);
  });

  test("re-running checks decides a held session again over its stored captures, audited", async () => {
    const session = await heldSession();
    const before = await t.app.inject({
      url: `${base}/sessions/${session.id}/activity`,
      headers: reviewer.headers,
    });
    assert.ok(before.json().checks.every((check: { status: string }) => check.status === "pending"));
    const rerun = await t.app.inject({
      method: "POST",
      url: `${base}/sessions/${session.id}/rerun-checks`,
      headers: reviewer.headers,
    });
    assert.equal(rerun.statusCode, 200, rerun.body);
    assert.deepEqual(rerun.json(), { session_id: session.id, status: "approved" });
    const after = await t.app.inject({
      url: `${base}/sessions/${session.id}/activity`,
      headers: reviewer.headers,
    });
    assert.ok(after.json().checks.every((check: { status: string }) => check.status === "approved"));
    assert.equal(after.json().webhooks[0].event_type, "identity.kyc.session.approved");
    const [audit] = await auditRows(t, "session.rerun_checks", session.id);
    assert.equal(audit?.actor, `operator:${reviewer.email}`);
    const again = await t.app.inject({
      method: "POST",
      url: `${base}/sessions/${session.id}/rerun-checks`,
      headers: reviewer.headers,
    });
    assert.equal(again.statusCode, 409);
  });

  test("another tenant's session answers 404 like a missing one", async () => {
    const session = await heldSession();
    const foreign = `/console/api/tenants/${other.tenant_id}`;
    await assertCrossTenantNotFound(
      t.app,
      [
        {
          method: "POST",
          url: `${foreign}/sessions/${session.id}/request-resubmission`,
          body: { steps: ["home"] },
          missingUrl: `${foreign}/sessions/00000000-0000-4000-8000-000000000000/request-resubmission`,
        },
        {
          method: "POST",
          url: `${foreign}/sessions/${session.id}/rerun-checks`,
          missingUrl: `${foreign}/sessions/00000000-0000-4000-8000-000000000000/rerun-checks`,
        },
      ],
      reviewer.headers,
    );
  });
});
