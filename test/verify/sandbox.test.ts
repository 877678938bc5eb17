// design: Sandbox — test keys, test sessions isolated from live data and never charged, and deterministic
// completion through POST /v3/sandbox/session/{id}/complete/ with the same state moves and signed webhooks.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import pg from "pg";
import { balanceOf } from "../../src/platform/credits/ledger.js";
import { createApiKey, listApiKeys } from "../../src/platform/tenants/api-keys.js";
import { setWebhookUrl } from "../../src/platform/tenants/tenants.js";
import { createWorkflow } from "../../src/verify/workflows/workflows.js";
import { deliverWebhookEvent } from "../../src/webhooks/deliver-event.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import {
  startWebhookReceiver,
  verifyStripeStyle,
  type WebhookReceiver,
} from "../support/webhook-receiver.js";
import { completeQuestionnaire, createSessionOver, questionnaireWorkflow } from "./session-fixtures.js";

describe("sandbox", () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let live: TestTenant;
  let sandbox: TestTenant;

  before(async () => {
    t = await createTestApp({ ALLOW_PRIVATE_TARGETS: "true" });
    receiver = await startWebhookReceiver();
    live = await t.tenant({ credits: "100" });
    const issued = await createApiKey(t.services.db, live.tenant_id, "tests", { test: true });
    sandbox = { ...live, api_key: issued.api_key, headers: { "x-api-key": issued.api_key } };
    await setWebhookUrl(t.services.db, live.tenant_id, receiver.url);
  });
  after(async () => {
    await receiver.close();
    await t.close();
  });

  const get = (url: string, tenant: TestTenant) => t.app.inject({ url, headers: tenant.headers });
  const complete = (id: string, payload: Record<string, unknown>, tenant = sandbox) =>
    t.app.inject({
      method: "POST",
      url: `/v3/sandbox/session/${id}/complete/`,
      headers: tenant.headers,
      payload,
    });

  /** Delivers every pending webhook event of the session now and returns what the receiver got for it. */
  async function deliveredFor(sessionId: string) {
    const events = await t.services.db
      .selectFrom("webhook_events")
      .select(["id", "status"])
      .where("session_id", "=", sessionId)
      .orderBy("created_at")
      .execute();
    for (const event of events)
      if (event.status === "pending") await deliverWebhookEvent(t.services, event.id);
    return receiver.received.filter((hook) => JSON.parse(hook.body).session_id === sessionId);
  }

  test("test keys start with kyc_test_ and are listed with test: true", async () => {
    assert.match(sandbox.api_key, /^kyc_test_/);
    assert.match(live.api_key, /^kyc_live_/);
    const keys = await listApiKeys(t.services.db, live.tenant_id);
    assert.deepEqual(
      keys.map((key) => [key.prefix.slice(0, 9), key.test]),
      [
        ["kyc_live_", false],
        ["kyc_test_", true],
      ],
    );
  });

  test("a test session is marked test, never charged and never linked to an identity", async () => {
    const balance = await balanceOf(t.services.db, live.tenant_id);
    const created = await createSessionOver(t, sandbox, { vendor_data: "user-sbx-1" });
    assert.equal(created.test, true);
    assert.equal(await balanceOf(t.services.db, live.tenant_id), balance);
    const ledger = await t.services.db
      .selectFrom("credit_ledger")
      .select("id")
      .where("session_id", "=", created.id)
      .execute();
    assert.equal(ledger.length, 0);
    const individuals = await t.services.db
      .selectFrom("individuals")
      .select("id")
      .where("tenant_id", "=", live.tenant_id)
      .where("external_user_id", "=", "user-sbx-1")
      .execute();
    assert.equal(individuals.length, 0);
    const read = await get(`/v3/session/${created.id}/`, sandbox);
    assert.equal(read.statusCode, 200);
    assert.equal(read.json().test, true);
    assert.equal(read.json().credits_charged, 0);
  });

  test("test and live sessions are invisible to the other kind of key (reads, lists, sub-resources)", async () => {
    const testSession = await createSessionOver(t, sandbox);
    const liveSession = await createSessionOver(t, live);
    assert.equal(liveSession.test, undefined);
    for (const suffix of ["", "decision/", "logs/", "checklist/"]) {
      assert.equal((await get(`/v3/session/${testSession.id}/${suffix}`, live)).statusCode, 404, suffix);
      assert.equal((await get(`/v3/session/${liveSession.id}/${suffix}`, sandbox)).statusCode, 404, suffix);
    }
    const missing = await get("/v3/session/00000000-0000-4000-8000-000000000000/", live);
    assert.deepEqual((await get(`/v3/session/${testSession.id}/`, live)).json(), missing.json());
    const liveList = (await get("/v3/session/?page_size=200", live)).json() as {
      id: string;
      test: boolean;
    }[];
    const testList = (await get("/v3/session/?page_size=200", sandbox)).json() as {
      id: string;
      test: boolean;
    }[];
    assert.ok(liveList.every((session) => !session.test));
    assert.ok(testList.every((session) => session.test));
    assert.ok(testList.some((session) => session.id === testSession.id));
    assert.ok(!liveList.some((session) => session.id === testSession.id));
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/v3/session/${testSession.id}/delete/`,
      headers: live.headers,
    });
    assert.equal(deleted.statusCode, 404);
  });

  test("a session's mode is read once per process: repeated reads refuse the other kind of key the same way", async () => {
    const testSession = await createSessionOver(t, sandbox);
    const liveSession = await createSessionOver(t, live);
    let modeReads = 0;
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: string } | undefined)?.text;
      if (text?.startsWith('select "test" from "sessions"')) modeReads += 1;
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      for (let round = 0; round < 3; round++) {
        assert.equal((await get(`/v3/session/${testSession.id}/decision/`, live)).statusCode, 404);
        assert.equal((await get(`/v3/session/${liveSession.id}/decision/`, sandbox)).statusCode, 404);
        assert.equal((await get(`/v3/session/${testSession.id}/decision/`, sandbox)).statusCode, 200);
        assert.equal((await get(`/v3/session/${liveSession.id}/decision/`, live)).statusCode, 200);
      }
    } finally {
      pg.Client.prototype.query = original;
    }
    assert.equal(modeReads, 2);
  });

  test("a test key is refused outside the session, workflow, media and sandbox routes", async () => {
    assert.equal((await get("/v3/workflows/", sandbox)).statusCode, 200);
    const ledger = await get("/v3/credits/ledger/", sandbox);
    assert.equal(ledger.statusCode, 403, ledger.body);
    const partner = await t.app.inject({
      method: "POST",
      url: "/api/v1/lists/check",
      headers: { authorization: `Bearer ${sandbox.api_key}` },
      payload: {},
    });
    assert.equal(partner.statusCode, 403, partner.body);
  });

  test("complete approved: decision_v3 like a real run, evidence that resolves, signed webhook with test: true", async () => {
    const created = await createSessionOver(t, sandbox, { vendor_data: "integrator-42" });
    const response = await complete(created.id, { outcome: "approved" });
    assert.equal(response.statusCode, 200, response.body);
    const session = response.json();
    assert.equal(session.status, "approved");
    assert.equal(session.decision, "approved");
    assert.equal(session.test, true);
    const decision = session.decision_v3 as Record<
      string,
      { status: string; data: Record<string, unknown> }[]
    >;
    for (const array of ["id_verifications", "liveness_checks", "face_matches", "aml_screenings"]) {
      assert.equal(decision[array]?.length, 1, array);
      assert.equal(decision[array]![0]!.status, "approved");
    }
    const front = String(decision.id_verifications![0]!.data.front_image_url);
    const path = new URL(front).pathname;
    const image = await get(path, sandbox);
    assert.equal(image.statusCode, 200);
    assert.equal(image.headers["content-type"], "image/jpeg");
    assert.ok(image.rawPayload.length > 1000);
    assert.equal((await get(path, live)).statusCode, 404);

    const logs = (await get(`/v3/session/${created.id}/logs/`, sandbox)).json() as { type: string }[];
    const types = (Array.isArray(logs) ? logs : (logs as { events: { type: string }[] }).events).map(
      (e) => e.type,
    );
    assert.ok(types.includes("status.in_progress") && types.includes("status.approved"), types.join());

    const hooks = await deliveredFor(created.id);
    assert.equal(hooks.length, 1);
    const payload = JSON.parse(hooks[0]!.body);
    assert.equal(payload.event_type, "identity.kyc.session.approved");
    assert.equal(payload.test, true);
    assert.equal(payload.vendor_data, "integrator-42");
    assert.ok(
      verifyStripeStyle(
        live.webhook_signing_secret,
        String(hooks[0]!.headers["x-webhook-signature"]),
        hooks[0]!.body,
      ),
    );
  });

  test("complete declined names the node and its warnings; contradicting statuses are a 400", async () => {
    const created = await createSessionOver(t, sandbox);
    const nodeIds = (
      await t.services.db
        .selectFrom("session_nodes")
        .select("node_id")
        .where("session_id", "=", created.id)
        .orderBy("position")
        .execute()
    ).map((row) => row.node_id);
    const target = nodeIds[1]!;
    const unknown = await complete(created.id, {
      outcome: "declined",
      nodes: { nope: { status: "declined" } },
    });
    assert.equal(unknown.statusCode, 400, unknown.body);
    const wrong = await complete(created.id, {
      outcome: "approved",
      nodes: { [target]: { status: "declined" } },
    });
    assert.equal(wrong.statusCode, 400, wrong.body);
    const response = await complete(created.id, {
      outcome: "declined",
      nodes: { [target]: { status: "declined", warnings: ["spoof_detected"] } },
    });
    assert.equal(response.statusCode, 200, response.body);
    const session = response.json();
    assert.equal(session.status, "declined");
    const all = Object.values(
      session.decision_v3 as Record<string, { node_id: string; status: string; warnings: string[] }[]>,
    ).flat();
    const declined = all.filter((node) => node.status === "declined");
    assert.deepEqual(
      declined.map((node) => [node.node_id, node.warnings]),
      [[target, ["spoof_detected"]]],
    );
    const hooks = await deliveredFor(created.id);
    assert.equal(JSON.parse(hooks.at(-1)!.body).event_type, "identity.kyc.session.declined");
    assert.equal(JSON.parse(hooks.at(-1)!.body).decision_reason, "spoof_detected");
    const again = await complete(created.id, { outcome: "approved" });
    assert.equal(again.statusCode, 409, again.body);
  });

  test("complete fills the contact, IP and confirm-details entries in their real shapes", async () => {
    const workflow = await createWorkflow(t.services.db, live.tenant_id, {
      name: "contact and network",
      nodes: [
        { id: "id", feature: "ID_VERIFICATION", config: {} },
        { id: "confirm", feature: "CONFIRM_DETAILS", config: {} },
        { id: "email", feature: "EMAIL_VERIFICATION", config: {} },
        { id: "phone", feature: "PHONE_VERIFICATION", config: {} },
        { id: "ip", feature: "IP_ANALYSIS", config: {} },
      ],
    });
    const created = await createSessionOver(t, sandbox, { workflow_id: workflow.id });
    const response = await complete(created.id, { outcome: "approved" });
    assert.equal(response.statusCode, 200, response.body);
    const decision = response.json().decision_v3;
    const email = decision.email_verifications[0];
    assert.equal(email.verified, true);
    assert.match(email.email, /@/);
    assert.equal(email.data.verified, true);
    assert.match(decision.phone_verifications[0].phone, /^\+977/);
    assert.equal(decision.ip_analyses[0].data.country_mismatch, false);
    assert.deepEqual(decision.confirm_details[0].data.changed, []);
    const declined = await createSessionOver(t, sandbox, { workflow_id: workflow.id });
    const refused = await complete(declined.id, {
      outcome: "declined",
      nodes: { email: { status: "declined" } },
    });
    assert.equal(refused.statusCode, 200, refused.body);
    const entry = refused.json().decision_v3.email_verifications[0];
    assert.equal(entry.verified, false);
    assert.deepEqual(entry.warnings, ["email_not_verified"]);
  });

  test("complete in_review leaves the session for a person, like a real review", async () => {
    const created = await createSessionOver(t, sandbox);
    const response = await complete(created.id, { outcome: "in_review" });
    assert.equal(response.json().status, "in_review");
    const hooks = await deliveredFor(created.id);
    assert.equal(JSON.parse(hooks.at(-1)!.body).event_type, "identity.kyc.session.review");
  });

  test("a live key gets 403 and a live session is not found for a test key", async () => {
    const liveSession = await createSessionOver(t, live);
    assert.equal((await complete(liveSession.id, { outcome: "approved" }, live)).statusCode, 403);
    assert.equal((await complete(liveSession.id, { outcome: "approved" })).statusCode, 404);
    const read = await get(`/v3/session/${liveSession.id}/`, live);
    assert.equal(read.json().status, "not_started");
  });

  test("magic vendor_data sandbox:declined fixes the outcome of a session driven through the hosted flow", async () => {
    const workflowId = await questionnaireWorkflow(t, live, "Sandbox questions");
    const forced = await createSessionOver(t, sandbox, {
      workflow_id: workflowId,
      vendor_data: "sandbox:declined:u1",
    });
    assert.equal(await completeQuestionnaire(t, forced.token), "declined");
    const plain = await createSessionOver(t, sandbox, { workflow_id: workflowId, vendor_data: "u2" });
    assert.equal(await completeQuestionnaire(t, plain.token), "approved");
    // The prefix means nothing on a live session.
    const liveForced = await createSessionOver(t, live, {
      workflow_id: workflowId,
      vendor_data: "sandbox:declined",
    });
    assert.equal(await completeQuestionnaire(t, liveForced.token), "approved");
  });
});
