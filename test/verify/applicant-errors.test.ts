// design: Wave 2 — applicant API errors carry a stable code in `detail` and the sentence in `message`, so the
// hosted page branches on codes; every code is documented in the OpenAPI document (route schemas).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import { createSessionOver, questionnaireWorkflow } from "./session-fixtures.js";

const ANSWERS = { answers: { occupation: "Engineer", funds: "salary" } };

describe("applicant API error codes", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let workflowId: string;

  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant();
    workflowId = await questionnaireWorkflow(t, tenant);
  });
  after(() => t.close());

  const post = (token: string, path: string, payload?: unknown) =>
    t.app.inject({ method: "POST", url: `/flow-api/${token}/${path}`, payload: payload as object });

  function assertRefusal(response: { statusCode: number; json(): unknown }, status: number, code: string) {
    assert.equal(response.statusCode, status);
    const body = response.json() as { detail: string; message: string };
    assert.equal(body.detail, code);
    assert.equal(typeof body.message, "string");
    assert.ok(body.message.length > 3 && body.message !== code, body.message);
  }

  test("a step, consent or finish before GET state opened the session is 409 session_not_started", async () => {
    const session = await createSessionOver(t, tenant, { workflow_id: workflowId });
    assertRefusal(await post(session.token, "steps/questions", ANSWERS), 409, "session_not_started");
    assertRefusal(await post(session.token, "finish"), 409, "session_not_started");
    assertRefusal(await post(session.token, "consent", { terms_version: "1" }), 409, "session_not_started");
    // Opening the link lets the same step through.
    assert.equal((await t.app.inject({ url: `/flow-api/${session.token}/state` })).statusCode, 200);
    assert.equal((await post(session.token, "steps/questions", ANSWERS)).statusCode, 200);
  });

  test("a capture posted to a closed session is 409 detail session_closed, the sentence in message", async () => {
    const session = await createSessionOver(t, tenant, { workflow_id: workflowId });
    await t.app.inject({ url: `/flow-api/${session.token}/state` });
    await post(session.token, "steps/questions", ANSWERS);
    assert.equal((await post(session.token, "finish")).statusCode, 200);
    assertRefusal(await post(session.token, "steps/questions", ANSWERS), 409, "session_closed");
    assertRefusal(await post(session.token, "finish"), 409, "session_closed");
  });

  test("an unknown link is 404 session_not_found on every route; /v3 keeps its spec sentence", async () => {
    const token = "x".repeat(32);
    assertRefusal(await t.app.inject({ url: `/flow-api/${token}/state` }), 404, "session_not_found");
    assertRefusal(await post(token, "steps/questions", ANSWERS), 404, "session_not_found");
    assertRefusal(await post("short", "finish"), 404, "session_not_found");
    const v3 = await t.app.inject({
      url: "/v3/session/00000000-0000-4000-8000-000000000000/",
      headers: tenant.headers,
    });
    assert.deepEqual(v3.json(), { detail: "Session not found." });
  });

  test("validation and ordering refusals keep their codes", async () => {
    const session = await createSessionOver(t, tenant, { workflow_id: workflowId });
    await t.app.inject({ url: `/flow-api/${session.token}/state` });
    assertRefusal(await post(session.token, "steps/elsewhere", ANSWERS), 409, "step_out_of_order");
    assertRefusal(await post(session.token, "finish"), 409, "steps_incomplete");
    assertRefusal(await post(session.token, "steps/questions", { answers: {} }), 400, "occupation_required");
    const malformed = await t.app.inject({
      method: "POST",
      url: `/flow-api/${session.token}/steps/questions`,
      headers: { "content-type": "application/json" },
      payload: "{oops",
    });
    assertRefusal(malformed, 400, "invalid_json");
  });

  test("the OpenAPI document lists the codes per status on the applicant routes", async () => {
    const spec = (await t.app.inject({ url: "/openapi.json" })).json();
    const step = spec.paths["/flow-api/{token}/steps/{node_id}"].post.responses;
    assert.match(step["409"].description, /session_not_started/);
    assert.match(step["409"].description, /session_closed/);
    assert.match(step["422"].description, /document_not_found/);
    assert.match(step["422"].description, /document_unreadable/);
    assert.match(step["400"].description, /invalid_nationality/);
    const finish = spec.paths["/flow-api/{token}/finish"].post.responses;
    assert.match(finish["409"].description, /steps_incomplete/);
    assert.match(spec.paths["/flow-api/{token}/state"].get.responses["404"].description, /session_not_found/);
  });
});
