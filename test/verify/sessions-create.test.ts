// POST /v3/session/ (spec: Verification session create fields; Verify surface: sessions; Limits).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { balanceOf } from "../../src/platform/credits/ledger.js";
import { setFeatures } from "../../src/platform/tenants/entitlements.js";
import { setWorkflowStatus } from "../../src/verify/workflows/workflows.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import { createSessionOver, questionnaireWorkflow } from "./session-fixtures.js";

describe("session create", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let workflowId: string;

  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant({ credits: "1000" });
    workflowId = await questionnaireWorkflow(t, tenant);
  });
  after(() => t.close());

  const post = (payload: Record<string, unknown>, headers: Record<string, string> = tenant.headers) =>
    t.app.inject({ method: "POST", url: "/v3/session/", headers, payload });

  async function storedSession(id: string) {
    return t.services.db.selectFrom("sessions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  }

  async function debitsFor(tenantId: string) {
    return t.services.db
      .selectFrom("credit_ledger")
      .select(["session_id", "delta", "feature"])
      .where("tenant_id", "=", tenantId)
      .where("reason", "=", "session_create")
      .execute();
  }

  test("session_kind other than user is 400 invalid_session_kind", async () => {
    const response = await post({ session_kind: "business" });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), { detail: "invalid_session_kind" });
    assert.equal((await post({ session_kind: "user", workflow_id: workflowId })).statusCode, 201);
  });

  for (const url of [
    "javascript:alert(1)",
    "data:text/html,hi",
    "//evil.example/",
    "https://bank.example@evil.example/done",
    "https://user:secret@shop.example/done",
    `https://shop.example/${"a".repeat(2048)}`,
  ]) {
    test(`callback_url ${JSON.stringify(url.slice(0, 48))} is 400 invalid_callback_url`, async () => {
      const response = await post({ workflow_id: workflowId, callback_url: url });
      assert.equal(response.statusCode, 400, response.body);
      assert.deepEqual(response.json(), { detail: "invalid_callback_url" });
    });
  }

  test("an http(s) callback_url with a path and query is kept", async () => {
    const url = "https://shop.example/kyc/done?order=42";
    const response = await post({ workflow_id: workflowId, callback_url: url });
    assert.equal(response.statusCode, 201, response.body);
    assert.equal((await storedSession(response.json().id)).callback_url, url);
  });

  for (const hours of [0, 721, 1.5, "12"]) {
    test(`expires_in_hours ${JSON.stringify(hours)} is a 400`, async () => {
      const response = await post({ workflow_id: workflowId, expires_in_hours: hours });
      assert.equal(response.statusCode, 400, response.body);
    });
  }

  test("expires_in_hours 1 and 720 are accepted and set expires_at; the default is 48", async () => {
    for (const [hours, expected] of [
      [1, 1],
      [720, 720],
      [undefined, 48],
    ] as const) {
      const session = await createSessionOver(t, tenant, {
        workflow_id: workflowId,
        expires_in_hours: hours,
      });
      const lifetime =
        (Date.parse(String(session.expires_at)) - Date.parse(String(session.created_at))) / 3_600_000;
      assert.ok(Math.abs(lifetime - expected) < 0.01, `${hours}: ${lifetime}`);
    }
  });

  test("a malformed contact_email is a 400 naming the field", async () => {
    const response = await post({ workflow_id: workflowId, contact_email: "not-an-email" });
    assert.equal(response.statusCode, 400);
    assert.match(response.json().detail, /contact_email/);
    assert.equal((await post({ workflow_id: workflowId, contact_email: "a@example.com" })).statusCode, 201);
  });

  test("an unsupported locale falls back to en; ne is kept", async () => {
    const fallback = await createSessionOver(t, tenant, { workflow_id: workflowId, locale: "fr" });
    assert.equal((await storedSession(fallback.id)).locale, "en");
    const nepali = await createSessionOver(t, tenant, { workflow_id: workflowId, locale: "ne" });
    assert.equal((await storedSession(nepali.id)).locale, "ne");
  });

  test("prefill keeps only the whitelisted keys", async () => {
    const session = await createSessionOver(t, tenant, {
      workflow_id: workflowId,
      prefill: {
        full_name: "Sita Sharma",
        date_of_birth: "1990-02-03",
        country: "NP",
        password: "x",
        score: 99,
      },
    });
    assert.deepEqual((await storedSession(session.id)).prefill, {
      full_name: "Sita Sharma",
      date_of_birth: "1990-02-03",
      country: "NP",
    });
  });

  test("reference keys are stored and mark the linked identity vendor-authenticated", async () => {
    const session = await createSessionOver(t, tenant, {
      workflow_id: workflowId,
      vendor_data: "ref-user",
      reference: { authenticated: true, vendor_identity: { bank_id: "B-1" } },
    });
    const row = await storedSession(session.id);
    assert.equal(row.reference.authenticated, true);
    assert.deepEqual(row.reference.vendor_identity, { bank_id: "B-1" });
    const individual = await t.services.db
      .selectFrom("individuals")
      .select(["external_user_id", "vendor_authenticated"])
      .where("id", "=", row.individual_id!)
      .executeTakeFirstOrThrow();
    assert.deepEqual(individual, { external_user_id: "ref-user", vendor_authenticated: true });
    const badImage = await post({ workflow_id: workflowId, reference: { face_image: "bm90IGFuIGltYWdl" } });
    assert.ok([400, 415].includes(badImage.statusCode), badImage.body);
  });

  test("metadata is echoed on reads", async () => {
    const session = await createSessionOver(t, tenant, {
      workflow_id: workflowId,
      metadata: { plan: "gold", n: 2 },
    });
    const detail = (
      await t.app.inject({ url: `/v3/session/${session.id}/`, headers: tenant.headers })
    ).json();
    assert.deepEqual(detail.metadata, { plan: "gold", n: 2 });
  });

  test("unknown, malformed, other tenant's and non-live workflow ids are 404", async () => {
    const other = await t.tenant();
    const foreign = await questionnaireWorkflow(t, other);
    const draft = await questionnaireWorkflow(t, tenant, "Draft");
    await setWorkflowStatus(t.services.db, tenant.tenant_id, draft, "draft");
    for (const id of ["8d1b6c52-3c4e-4b5e-9a77-1f2e3d4c5b6a", "nope", foreign, draft]) {
      const response = await post({ workflow_id: id });
      assert.equal(response.statusCode, 404, id);
      assert.deepEqual(response.json(), { detail: "Workflow not found." });
    }
  });

  test("omitting workflow_id uses the tenant's live default", async () => {
    const session = await createSessionOver(t, tenant, {});
    const row = await storedSession(session.id);
    const fallback = await t.services.db
      .selectFrom("workflows")
      .select("id")
      .where("tenant_id", "=", tenant.tenant_id)
      .where("is_default", "=", true)
      .executeTakeFirstOrThrow();
    assert.equal(row.workflow_id, fallback.id);
  });

  test("each create debits SESSION_CREATE once, linked to the session", async () => {
    const payer = await t.tenant({ credits: "5" });
    const wf = await questionnaireWorkflow(t, payer);
    const session = await createSessionOver(t, payer, { workflow_id: wf });
    assert.equal(await balanceOf(t.services.db, payer.tenant_id), "4");
    const debits = await debitsFor(payer.tenant_id);
    assert.deepEqual(debits, [
      { session_id: session.id, delta: debits[0]!.delta, feature: "SESSION_CREATE" },
    ]);
    assert.equal(Number(debits[0]!.delta), -1);
    const detail = (await t.app.inject({ url: `/v3/session/${session.id}/`, headers: payer.headers })).json();
    assert.equal(detail.credits_charged, 1);
  });

  test("a balance that cannot cover the create is 402 insufficient_credits and writes nothing", async () => {
    const poor = await t.tenant({ credits: "0.5" });
    const wf = await questionnaireWorkflow(t, poor);
    const response = await post({ workflow_id: wf }, poor.headers);
    assert.equal(response.statusCode, 402);
    assert.deepEqual(response.json(), { detail: "insufficient_credits" });
    const count = await t.services.db
      .selectFrom("sessions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("tenant_id", "=", poor.tenant_id)
      .executeTakeFirstOrThrow();
    assert.equal(Number(count.n), 0);
    assert.equal(await balanceOf(t.services.db, poor.tenant_id), "0.5");
  });

  test("a workflow whose module feature is disabled for the tenant is 403 feature_not_enabled", async () => {
    const gated = await t.tenant();
    const wf = await questionnaireWorkflow(t, gated);
    await setFeatures(t.services.db, gated.tenant_id, ["QUESTIONNAIRE"], false);
    const response = await post({ workflow_id: wf }, gated.headers);
    assert.equal(response.statusCode, 403);
    assert.equal(response.json().detail, "feature_not_enabled");
    assert.deepEqual(response.json().features, ["QUESTIONNAIRE"]);
  });

  describe("Idempotency-Key", () => {
    test("a repeat returns the original 201 body and is charged once", async () => {
      const payer = await t.tenant({ credits: "10" });
      const wf = await questionnaireWorkflow(t, payer);
      const headers = { ...payer.headers, "idempotency-key": "order-1" };
      const first = await post({ workflow_id: wf, vendor_data: "u1" }, headers);
      const second = await post({ workflow_id: wf, vendor_data: "u1" }, headers);
      assert.equal(first.statusCode, 201);
      assert.equal(second.statusCode, 201);
      assert.deepEqual(second.json(), first.json());
      assert.equal((await debitsFor(payer.tenant_id)).length, 1);
      assert.equal(await balanceOf(t.services.db, payer.tenant_id), "9");
    });

    test("129 characters is a 400; 128 is accepted", async () => {
      const tooLong = await post(
        { workflow_id: workflowId },
        { ...tenant.headers, "idempotency-key": "k".repeat(129) },
      );
      assert.equal(tooLong.statusCode, 400);
      const longest = await post(
        { workflow_id: workflowId },
        { ...tenant.headers, "idempotency-key": "k".repeat(128) },
      );
      assert.equal(longest.statusCode, 201);
    });

    test("the same key with a different body is a 422", async () => {
      const headers = { ...tenant.headers, "idempotency-key": "order-diff" };
      assert.equal((await post({ workflow_id: workflowId, vendor_data: "a" }, headers)).statusCode, 201);
      const changed = await post({ workflow_id: workflowId, vendor_data: "b" }, headers);
      assert.equal(changed.statusCode, 422);
      assert.deepEqual(changed.json(), { detail: "idempotency_key_reused" });
    });

    test("keys are per tenant", async () => {
      const other = await t.tenant();
      const wf = await questionnaireWorkflow(t, other);
      const mine = await post(
        { workflow_id: workflowId },
        { ...tenant.headers, "idempotency-key": "shared" },
      );
      const theirs = await post({ workflow_id: wf }, { ...other.headers, "idempotency-key": "shared" });
      assert.equal(theirs.statusCode, 201);
      assert.notEqual(theirs.json().id, mine.json().id);
    });

    test("two repeats racing create one session and one debit", async () => {
      const payer = await t.tenant({ credits: "10" });
      const wf = await questionnaireWorkflow(t, payer);
      const headers = { ...payer.headers, "idempotency-key": "race-1" };
      const responses = await Promise.all([
        post({ workflow_id: wf, vendor_data: "racer" }, headers),
        post({ workflow_id: wf, vendor_data: "racer" }, headers),
        post({ workflow_id: wf, vendor_data: "racer" }, headers),
      ]);
      for (const response of responses) assert.equal(response.statusCode, 201, response.body);
      assert.equal(new Set(responses.map((response) => response.json().id)).size, 1);
      const sessions = await t.services.db
        .selectFrom("sessions")
        .select("id")
        .where("tenant_id", "=", payer.tenant_id)
        .execute();
      assert.equal(sessions.length, 1);
      assert.equal((await debitsFor(payer.tenant_id)).length, 1);
      assert.equal(await balanceOf(t.services.db, payer.tenant_id), "9");
    });
  });
});
