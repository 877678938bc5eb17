// A session from creation through the applicant API to a decision and a signed webhook (issue 3's "done means").
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { setWebhookUrl } from "../../src/platform/tenants/tenants.js";
import { expireLapsedDocuments } from "../../src/verify/sessions/session-jobs.js";
import { createWorkflow } from "../../src/verify/workflows/workflows.js";
import { deliverWebhookEvent } from "../../src/webhooks/deliver-event.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import {
  startWebhookReceiver,
  verifyStripeStyle,
  type WebhookReceiver,
} from "../support/webhook-receiver.js";

const QUESTIONNAIRE = {
  name: "Onboarding questions",
  nodes: [
    {
      id: "questions",
      feature: "QUESTIONNAIRE",
      config: {
        questions: [
          { id: "occupation", label: "Occupation", type: "text" },
          {
            id: "source_of_funds",
            label: "Source of funds",
            type: "choice",
            options: ["salary", "business", "other"],
          },
          { id: "start_date", label: "Start date", type: "date", required: false },
        ],
      },
    },
  ],
};

describe("session flow through the applicant API", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let workflowId: string;
  let receiver: WebhookReceiver;

  before(async () => {
    t = await createTestApp({ ALLOW_PRIVATE_TARGETS: "true" });
    tenant = await t.tenant();
    workflowId = (await createWorkflow(t.services.db, tenant.tenant_id, QUESTIONNAIRE)).id;
    receiver = await startWebhookReceiver();
    await setWebhookUrl(t.services.db, tenant.tenant_id, receiver.url);
  });
  after(async () => {
    await receiver.close();
    await t.close();
  });

  async function createSession(body: Record<string, unknown> = {}) {
    const response = await t.app.inject({
      method: "POST",
      url: "/v3/session/",
      headers: tenant.headers,
      payload: { workflow_id: workflowId, vendor_data: "user-42", ...body },
    });
    assert.equal(response.statusCode, 201, response.body);
    return response.json();
  }

  test("the create response has exactly the specified fields", async () => {
    const session = await createSession();
    assert.deepEqual(Object.keys(session).sort(), [
      "created_at",
      "decision",
      "expires_at",
      "id",
      "session_kind",
      "status",
      "url",
      "vendor_data",
    ]);
    assert.equal(session.status, "not_started");
    assert.equal(session.decision, "in_progress");
    assert.match(session.url, /\/verify\/[A-Za-z0-9_-]{46}$/); // session id and a 144-bit MAC (applicant/session-token.ts)
  });

  test("an applicant completes the questionnaire and the tenant receives a verifiable signed webhook", async () => {
    const session = await createSession();
    const token = session.url.split("/verify/")[1];

    const opened = await t.app.inject({ url: `/flow-api/${token}/state` });
    assert.equal(opened.statusCode, 200);
    assert.equal(opened.json().status, "in_progress");
    assert.equal(opened.json().current_step.node_id, "questions");
    assert.equal(opened.json().current_step.config.questions.length, 3);

    const answered = await t.app.inject({
      method: "POST",
      url: `/flow-api/${token}/steps/questions`,
      payload: { answers: { occupation: "Engineer", source_of_funds: "salary" } },
    });
    assert.equal(answered.statusCode, 200, answered.body);
    assert.equal(answered.json().ready_to_finish, true);

    const finished = await t.app.inject({ method: "POST", url: `/flow-api/${token}/finish` });
    assert.equal(finished.statusCode, 200, finished.body);
    assert.equal(finished.json().status, "approved");

    const detail = (
      await t.app.inject({ url: `/v3/session/${session.id}/`, headers: tenant.headers })
    ).json();
    assert.equal(detail.status, "approved");
    assert.ok(detail.completed_at);
    const [response] = detail.decision_v3.questionnaire_responses;
    assert.equal(response.data.answers.occupation, "Engineer");
    assert.equal(response.data.questions[1].answer, "salary");
    assert.equal(response.status, "approved");
    for (const array of [
      "id_verifications",
      "liveness_checks",
      "face_matches",
      "aml_screenings",
      "reviews",
      "video_calls",
    ]) {
      assert.ok(Array.isArray(detail.decision_v3[array]), array);
    }

    const event = await t.services.db
      .selectFrom("webhook_events")
      .select(["id", "event_type"])
      .where("session_id", "=", session.id)
      .executeTakeFirstOrThrow();
    assert.equal(event.event_type, "identity.kyc.session.approved");
    assert.equal(await deliverWebhookEvent(t.services, event.id), "delivered");
    const delivery = receiver.received.at(-1)!;
    assert.ok(
      verifyStripeStyle(
        tenant.webhook_signing_secret,
        String(delivery.headers["x-webhook-signature"]),
        delivery.body,
      ),
    );
    assert.equal(delivery.headers["x-webhook-id"], event.id);
    const payload = JSON.parse(delivery.body);
    assert.deepEqual(Object.keys(payload).sort(), [
      "application_id",
      "completed_at",
      "created_at",
      "decision",
      "decision_reason",
      "event_type",
      "idempotency_key",
      "session_id",
      "status",
      "vendor_data",
      "workflow_id",
    ]);
    assert.equal(payload.session_id, session.id);
    assert.equal(payload.status, "approved");
    assert.equal(payload.vendor_data, "user-42");
  });

  test("a step other than the current one is refused", async () => {
    const session = await createSession();
    const token = session.url.split("/verify/")[1];
    await t.app.inject({ url: `/flow-api/${token}/state` });
    const early = await t.app.inject({ method: "POST", url: `/flow-api/${token}/finish` });
    assert.equal(early.statusCode, 409);
    const wrong = await t.app.inject({ method: "POST", url: `/flow-api/${token}/steps/nope`, payload: {} });
    assert.equal(wrong.statusCode, 409);
  });

  test("questionnaire answers are validated on the server", async () => {
    const session = await createSession();
    const token = session.url.split("/verify/")[1];
    await t.app.inject({ url: `/flow-api/${token}/state` });
    const bad = await t.app.inject({
      method: "POST",
      url: `/flow-api/${token}/steps/questions`,
      payload: { answers: { occupation: "Engineer", source_of_funds: "lottery" } },
    });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().detail, "invalid_source_of_funds");
    const missing = await t.app.inject({
      method: "POST",
      url: `/flow-api/${token}/steps/questions`,
      payload: { answers: { source_of_funds: "salary" } },
    });
    assert.equal(missing.json().detail, "occupation_required");
  });

  test("a terminal session cannot be resumed", async () => {
    const session = await createSession();
    const token = session.url.split("/verify/")[1];
    await t.app.inject({ url: `/flow-api/${token}/state` });
    await t.app.inject({
      method: "PATCH",
      url: `/v3/session/${session.id}/update-status/`,
      headers: tenant.headers,
      payload: { status: "declined", reason: "manual" },
    });
    const state = (await t.app.inject({ url: `/flow-api/${token}/state` })).json();
    assert.equal(state.finished, true);
    assert.equal(state.current_step, null);
    const submit = await t.app.inject({
      method: "POST",
      url: `/flow-api/${token}/steps/questions`,
      payload: { answers: { occupation: "x", source_of_funds: "salary" } },
    });
    assert.equal(submit.statusCode, 409);
  });
});

describe("kyc_expired sweep", () => {
  test("an approved session whose document has expired moves to kyc_expired; a valid one stays approved", async () => {
    const t = await createTestApp();
    try {
      const tenant = await t.tenant();
      const workflowId = (await createWorkflow(t.services.db, tenant.tenant_id, QUESTIONNAIRE)).id;
      const make = async (expiry: string) => {
        const created = await t.app.inject({
          method: "POST",
          url: "/v3/session/",
          headers: tenant.headers,
          payload: { workflow_id: workflowId },
        });
        const id = created.json().id as string;
        await t.services.db
          .updateTable("sessions")
          .set({ status: "approved", decision: "approved" })
          .where("id", "=", id)
          .execute();
        // The shape the ID_VERIFICATION module stores (data.fields.expiry_date).
        await t.services.db
          .insertInto("session_nodes")
          .values({
            session_id: id,
            tenant_id: tenant.tenant_id,
            node_id: "document",
            feature: "ID_VERIFICATION",
            position: 9,
            state: "evaluated",
            result: JSON.stringify({
              node_id: "document",
              status: "approved",
              score: 90,
              warnings: [],
              data: { fields: { expiry_date: expiry } },
            }),
          })
          .execute();
        return id;
      };
      const lapsed = await make("2020-01-31");
      const valid = await make("2099-12-31");
      assert.equal(await expireLapsedDocuments(t.services), 1);
      const statuses = await t.services.db
        .selectFrom("sessions")
        .select(["id", "status", "decision"])
        .where("id", "in", [lapsed, valid])
        .execute();
      const byId = new Map(statuses.map((row) => [row.id, row]));
      assert.equal(byId.get(lapsed)!.status, "kyc_expired");
      assert.equal(byId.get(lapsed)!.decision, "expired");
      assert.equal(byId.get(valid)!.status, "approved");
    } finally {
      await t.close();
    }
  });
});
