// A partner integration from the spec alone: mint a JWT, create the hosted session, fill the application's
// form, go through the verification session's applicant API, and read the application's decision and events.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createFlow } from "../../src/partner/flows/flows.js";
import { setWebhookUrl } from "../../src/platform/tenants/tenants.js";
import { sessionTokenHash } from "../../src/verify/applicant/session-token.js";
import { createWorkflow } from "../../src/verify/workflows/workflows.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { bearer, partnerJwt, tokenOf } from "./partner-support.js";

describe("partner application hand-off to verification", () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  async function startApplication() {
    const tenant = await t.tenant();
    await setWebhookUrl(t.services.db, tenant.tenant_id, "https://hooks.example.com/kyc");
    const workflow = await createWorkflow(t.services.db, tenant.tenant_id, {
      name: "Declaration",
      nodes: [
        {
          id: "declaration",
          feature: "QUESTIONNAIRE",
          config: {
            questions: [
              { id: "purpose", label: "Purpose of account", type: "choice", options: ["savings", "salary"] },
            ],
          },
        },
      ],
    });
    const flow = await createFlow(t.services.db, tenant.tenant_id, {
      name: "Mobile onboarding",
      workflowId: workflow.id,
      formFields: ["full_name", "phone"],
    });
    const jwt = await partnerJwt(tenant, {
      claims: { flow_id: flow.id, payload: { full_name: "Sita Sharma" } },
    });
    const created = await t.app.inject({
      method: "POST",
      url: "/api/v1/sessions/",
      headers: bearer(tenant),
      payload: { jwt },
    });
    assert.equal(created.statusCode, 201, created.body);
    return { tenant, applicationId: created.json().session_id as string, token: tokenOf(created.json().url) };
  }

  test("the form hands the applicant to a verification session whose outcome becomes the application's decision", async () => {
    const { tenant, applicationId, token } = await startApplication();

    const form = await t.app.inject({ url: `/flow-api/s/${token}/state` });
    assert.equal(form.statusCode, 200, form.body);
    assert.deepEqual(form.json().fields, ["full_name", "phone"]);
    assert.equal(form.json().prefill.full_name, "Sita Sharma");

    const submitted = await t.app.inject({
      method: "POST",
      url: `/flow-api/s/${token}/form`,
      payload: { full_name: "Sita Sharma", phone: "+977 9800000001" },
    });
    assert.equal(submitted.statusCode, 200, submitted.body);
    assert.equal(submitted.json().status, "sdk_redirected");
    const sessionToken = submitted.json().verification.token;

    const state = (await t.app.inject({ url: `/flow-api/${sessionToken}/state` })).json();
    assert.equal(state.current_step.node_id, "declaration");
    await t.app.inject({
      method: "POST",
      url: `/flow-api/${sessionToken}/steps/declaration`,
      payload: { answers: { purpose: "savings" } },
    });
    const finished = await t.app.inject({ method: "POST", url: `/flow-api/${sessionToken}/finish` });
    assert.equal(finished.json().status, "approved", finished.body);

    const application = await t.app.inject({
      url: `/api/v1/applications/${applicationId}/`,
      headers: bearer(tenant),
    });
    assert.equal(application.json().application.decision, "approved");
    assert.equal(application.json().application.status, "completed");

    const events = await t.services.db
      .selectFrom("webhook_events")
      .select(["event_type", "payload"])
      .where("tenant_id", "=", tenant.tenant_id)
      .orderBy("created_at")
      .execute();
    const types = events.map((event) => event.event_type);
    assert.ok(types.includes("identity.application.approved"), types.join(","));
    assert.ok(types.includes("identity.kyc.session.approved"), types.join(","));
    const approved = events.find((event) => event.event_type === "identity.application.approved")!;
    assert.equal(approved.payload.payload_version, "1");

    // The verification session was not charged: the application paid its PARTNER_SESSION debit once.
    const debits = await t.services.db
      .selectFrom("credit_ledger")
      .select(["feature"])
      .where("tenant_id", "=", tenant.tenant_id)
      .where("delta", "<", "0")
      .execute();
    assert.deepEqual(
      debits.map((row) => row.feature),
      ["PARTNER_SESSION"],
    );
  });

  test("an operator's decision on the held session moves the application too", async () => {
    const { tenant, applicationId, token } = await startApplication();
    const submitted = await t.app.inject({
      method: "POST",
      url: `/flow-api/s/${token}/form`,
      payload: { full_name: "Ram Thapa", phone: "9800000002" },
    });
    const sessionToken = submitted.json().verification.token;
    await t.app.inject({ url: `/flow-api/${sessionToken}/state` });
    const session = await t.services.db
      .selectFrom("sessions")
      .select("id")
      .where("token_hash", "=", sessionTokenHash(sessionToken))
      .executeTakeFirstOrThrow();
    const declined = await t.app.inject({
      method: "PATCH",
      url: `/v3/session/${session.id}/update-status/`,
      headers: { "x-api-key": tenant.api_key },
      payload: { status: "declined", reason: "document forged" },
    });
    assert.equal(declined.statusCode, 200, declined.body);
    const application = await t.app.inject({
      url: `/api/v1/applications/${applicationId}/`,
      headers: bearer(tenant),
    });
    assert.equal(application.json().application.decision, "rejected");
  });
});
