// The console's review queue and session page routes: held sessions across tenants oldest first with their
// reasons, search and filters; a session's evidence (served through the console's media route), activity
// (checks, log, webhook deliveries) and notes; another tenant's ids answer 404 like missing ones.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { saveEvidence } from "../../src/platform/media/evidence.js";
import { setWebhookUrl } from "../../src/platform/tenants/tenants.js";
import { assertCrossTenantNotFound } from "../support/cross-tenant.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import { createSessionOver, questionnaireWorkflow } from "../verify/session-fixtures.js";
import { auditRows, operator, type TestOperator } from "./console-support.js";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

describe("console review queue and session page routes", () => {
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
    workflowId = await questionnaireWorkflow(t, tenant);
    await setWebhookUrl(t.services.db, tenant.tenant_id, "https://hooks.example.com/kyc");
    reviewer = await operator(t, "reviewer");
    base = `/console/api/tenants/${tenant.tenant_id}`;
  });
  after(() => t.close());

  async function heldSession(vendorData: string, reason = "aml_screening_unavailable"): Promise<string> {
    const session = await createSessionOver(t, tenant, { workflow_id: workflowId, vendor_data: vendorData });
    await t.services.db
      .updateTable("sessions")
      .set({ status: "in_review", decision: "in_review", decision_reason: reason })
      .where("id", "=", session.id)
      .execute();
    return session.id;
  }

  function queue(query: string, headers = reviewer.headers) {
    return t.app.inject({ url: `/console/api/review-queue${query}`, headers });
  }

  test("the queue lists held sessions of every tenant, oldest first, with reasons and tenant name", async () => {
    const first = await heldSession("queue-order-a");
    const second = await heldSession("queue-order-b", "face_mismatch,aml_screening_unavailable");
    await createSessionOver(t, tenant, { workflow_id: workflowId, vendor_data: "queue-order-open" });
    const response = await queue("?search=queue-order");
    assert.equal(response.statusCode, 200, response.body);
    const rows = response.json();
    assert.deepEqual(
      rows.map((row: { session_id: string }) => row.session_id),
      [first, second],
    );
    assert.equal(rows[0].tenant_id, tenant.tenant_id);
    assert.equal(typeof rows[0].tenant_name, "string");
    assert.deepEqual(rows[1].reasons, ["face_mismatch", "aml_screening_unavailable"]);
    assert.equal(rows[1].status, "in_review");
  });

  test("search matches vendor_data in any case, or a whole session id; status and day filters apply", async () => {
    const held = await heldSession("Customer-XY-7781");
    const byVendor = (await queue("?search=xy-778")).json();
    assert.deepEqual(
      byVendor.map((row: { session_id: string }) => row.session_id),
      [held],
    );
    const byId = (await queue(`?search=${held}`)).json();
    assert.equal(byId[0].session_id, held);
    assert.deepEqual((await queue("?search=xy-778&status=approved")).json(), []);
    assert.equal((await queue("?search=xy-778&status=any")).json().length, 1);
    const today = new Date().toISOString().slice(0, 10);
    assert.equal((await queue(`?search=xy-778&created_from=${today}&created_to=${today}`)).json().length, 1);
    assert.deepEqual((await queue("?search=xy-778&created_to=2020-01-01")).json(), []);
    assert.equal((await queue("?created_from=yesterday")).statusCode, 400);
    assert.equal((await queue("?status=done")).statusCode, 400);
    // A LIKE wildcard in the search is a literal character.
    assert.deepEqual((await queue("?search=%25")).json(), []);
  });

  test("search also finds the applicant's name: prefilled, read from the document, or typed", async () => {
    const prefilled = await heldSession("name-prefill");
    const read = await heldSession("name-document");
    await t.services.db
      .updateTable("sessions")
      .set({ prefill: JSON.stringify({ full_name: "Sita Kumari Shrestha" }) })
      .where("id", "=", prefilled)
      .execute();
    const node = await t.services.db
      .selectFrom("session_nodes")
      .select("node_id")
      .where("session_id", "=", read)
      .executeTakeFirstOrThrow();
    await t.services.db
      .updateTable("session_nodes")
      .set({
        result: JSON.stringify({
          node_id: node.node_id,
          status: "approved",
          score: null,
          warnings: [],
          data: { fields: { given_names: "ANNA MARIA", surname: "ERIKSSON" } },
        }),
        captures: JSON.stringify({ full_name: "Anna Maria Eriksson" }),
      })
      .where("session_id", "=", read)
      .where("node_id", "=", node.node_id)
      .execute();
    const ids = async (search: string) =>
      (await queue(`?search=${encodeURIComponent(search)}`))
        .json()
        .map((row: { session_id: string }) => row.session_id);
    assert.deepEqual(await ids("kumari shres"), [prefilled]);
    assert.deepEqual(await ids("anna maria erik"), [read]);
    assert.deepEqual(await ids("Nobody Like This"), []);
  });

  test("the queue needs a signed-in operator", async () => {
    assert.equal((await queue("", {})).statusCode, 401);
  });

  test("evidence lists the session's files with console URLs that serve the bytes", async () => {
    const held = await heldSession("evidence-case");
    const saved = await saveEvidence(t.services.db, t.services.media, {
      tenantId: tenant.tenant_id,
      bytes: PNG,
      contentType: "image/png",
      kind: "selfie",
      sessionId: held,
    });
    const response = await t.app.inject({
      url: `${base}/sessions/${held}/evidence`,
      headers: reviewer.headers,
    });
    assert.equal(response.statusCode, 200, response.body);
    const [item] = response.json();
    assert.equal(item.kind, "selfie");
    assert.equal(item.url, `${base}/media/${saved.path}`);
    const bytes = await t.app.inject({ url: item.url, headers: reviewer.headers });
    assert.equal(bytes.statusCode, 200);
    assert.equal(bytes.headers["content-type"], "image/png");
    assert.deepEqual(bytes.rawPayload, PNG);
    const foreign = `/console/api/tenants/${other.tenant_id}`;
    assert.equal(
      (await t.app.inject({ url: `${foreign}/media/${saved.path}`, headers: reviewer.headers })).statusCode,
      404,
    );
  });

  test("activity shows checks, the review with its reason in the log, and the webhook's decision_reason", async () => {
    const held = await heldSession("activity-case");
    const review = await t.app.inject({
      method: "POST",
      url: `${base}/sessions/${held}/review`,
      headers: reviewer.headers,
      payload: { decision: "declined", reason: "document expired, name mismatch" },
    });
    assert.equal(review.statusCode, 200, review.body);
    const response = await t.app.inject({
      url: `${base}/sessions/${held}/activity`,
      headers: reviewer.headers,
    });
    assert.equal(response.statusCode, 200, response.body);
    const activity = response.json();
    assert.equal(activity.decision_reason, "document expired, name mismatch");
    assert.ok(activity.checks.length > 0);
    assert.ok(activity.checks.every((check: { status: string }) => check.status === "pending"));
    const resolved = activity.log.find((entry: { type: string }) => entry.type === "review.resolved");
    assert.equal(resolved.actor, `operator:${reviewer.email}`);
    assert.equal(resolved.data.reason, "document expired, name mismatch");
    assert.equal(activity.webhooks[0].event_type, "identity.kyc.session.declined");
    assert.equal(activity.webhooks[0].decision_reason, "document expired, name mismatch");
  });

  test("a reviewer adds a note: it shows in the log and is audited with the operator", async () => {
    const held = await heldSession("note-case");
    const added = await t.app.inject({
      method: "POST",
      url: `${base}/sessions/${held}/notes`,
      headers: reviewer.headers,
      payload: { text: "Called the applicant; passport renewal pending." },
    });
    assert.equal(added.statusCode, 200, added.body);
    const activity = (
      await t.app.inject({ url: `${base}/sessions/${held}/activity`, headers: reviewer.headers })
    ).json();
    assert.equal(activity.log[0].type, "note");
    assert.equal(activity.log[0].data.text, "Called the applicant; passport renewal pending.");
    const [audit] = await auditRows(t, "session.note", held);
    assert.equal(audit?.actor, `operator:${reviewer.email}`);
    const empty = await t.app.inject({
      method: "POST",
      url: `${base}/sessions/${held}/notes`,
      headers: reviewer.headers,
      payload: { text: "   " },
    });
    assert.equal(empty.statusCode, 400);
  });

  test("another tenant's session answers 404 on every session page route, like a missing one", async () => {
    const held = await heldSession("cross-tenant-case");
    const foreign = `/console/api/tenants/${other.tenant_id}`;
    const missing = "00000000-0000-4000-8000-000000000000";
    await assertCrossTenantNotFound(
      t.app,
      [
        {
          method: "GET",
          url: `${foreign}/sessions/${held}/evidence`,
          missingUrl: `${foreign}/sessions/${missing}/evidence`,
        },
        {
          method: "GET",
          url: `${foreign}/sessions/${held}/activity`,
          missingUrl: `${foreign}/sessions/${missing}/activity`,
        },
        {
          method: "POST",
          url: `${foreign}/sessions/${held}/notes`,
          body: { text: "x" },
          missingUrl: `${foreign}/sessions/${missing}/notes`,
        },
      ],
      reviewer.headers,
    );
  });
});
