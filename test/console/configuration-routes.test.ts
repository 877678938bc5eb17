// The console's configuration routes (issue 19): workflow edits validated by the CLI's validator, workflow
// branding, risk lists and entries, the credit ledger and usage charts, identity imports with their
// console-only notification, and the webhook secret. Every route: admins only (reviewers 403), another
// tenant's ids 404 like missing ones, and cookie sessions need the CSRF header on changes.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { runImportBatch } from "../../src/identities/import/run-import-batch.js";
import { setFeatures } from "../../src/platform/tenants/entitlements.js";
import { listWorkflows } from "../../src/verify/workflows/workflows.js";
import { assertCrossTenantNotFound } from "../support/cross-tenant.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import { auditRows, operator, PASSWORD, type TestOperator } from "./console-support.js";

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
const MISSING = "00000000-0000-4000-8000-000000000000";

describe("console configuration routes", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  let admin: TestOperator;
  let reviewer: TestOperator;
  let base: string;

  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant();
    other = await t.tenant();
    admin = await operator(t);
    reviewer = await operator(t, "reviewer");
    base = `/console/api/tenants/${tenant.tenant_id}`;
  });
  after(() => t.close());

  const call = (method: Method, url: string, payload?: unknown, headers = admin.headers) =>
    t.app.inject({
      method,
      url: url.startsWith("/console/") ? url : `${base}${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function defaultWorkflow(tenantId = tenant.tenant_id) {
    return (await listWorkflows(t.services.db, tenantId)).find((row) => row.is_default)!;
  }

  async function newList(name: string, type = "phone") {
    const created = await call("POST", "/risk-lists", { name, type });
    assert.equal(created.statusCode, 201, created.body);
    return created.json() as { id: string };
  }

  test("a workflow edit with a bad node config is refused with the validator's message, naming the node", async () => {
    const workflow = await defaultWorkflow();
    const nodes = workflow.nodes.map((node) =>
      node.feature === "LIVENESS" ? { ...node, config: { method: "TELEKINESIS" } } : node,
    );
    const refused = await call("PUT", `/workflows/${workflow.id}`, { name: workflow.name, nodes });
    assert.equal(refused.statusCode, 400);
    const index = nodes.findIndex((node) => node.feature === "LIVENESS");
    assert.match(refused.json().detail, new RegExp(`^nodes\\.${index}`));
    assert.deepEqual((await defaultWorkflow()).nodes, workflow.nodes, "a refusal changes nothing");
    assert.equal((await auditRows(t, "workflow.update", workflow.id)).length, 0);
  });

  test("a valid workflow edit is stored with module defaults filled in and audited", async () => {
    const workflow = await defaultWorkflow();
    const nodes = workflow.nodes.filter((node) => node.feature !== "AML_SCREENING");
    const saved = await call("PUT", `/workflows/${workflow.id}`, { name: "Without AML", nodes });
    assert.equal(saved.statusCode, 200, saved.body);
    const stored = await defaultWorkflow();
    assert.equal(stored.name, "Without AML");
    assert.deepEqual(
      stored.nodes.map((node) => node.feature),
      nodes.map((node) => node.feature),
    );
    assert.deepEqual(saved.json().nodes, stored.nodes);
    assert.equal((await auditRows(t, "workflow.update", workflow.id))[0]!.actor, `operator:${admin.email}`);
  });

  test("an archived workflow cannot be edited", async () => {
    const created = await call("POST", "/workflows", {
      definition: { name: "Old", nodes: [{ feature: "ID_VERIFICATION" }] },
    });
    const id = created.json().id;
    await call("POST", `/workflows/${id}/status`, { status: "archived" });
    const refused = await call("PUT", `/workflows/${id}`, {
      name: "Old",
      nodes: [{ feature: "ID_VERIFICATION" }],
    });
    assert.equal(refused.statusCode, 400);
    assert.match(refused.json().detail, /archived/);
  });

  test("workflow branding is validated by the hosted flow's schema and stored on the workflow", async () => {
    const workflow = await defaultWorkflow();
    const bad = await call("PUT", `/workflows/${workflow.id}/branding`, { color: "red" });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().detail, /color/);
    const branding = { color: "#aa3300", default_language: "ne", intro: { ne: "स्वागत छ" } };
    const saved = await call("PUT", `/workflows/${workflow.id}/branding`, branding);
    assert.equal(saved.statusCode, 200, saved.body);
    assert.deepEqual((await defaultWorkflow()).branding, branding);
    assert.equal((await auditRows(t, "workflow.branding", workflow.id)).length, 1);
  });

  test("risk lists: create (409 on a taken name), rename, deactivate, delete", async () => {
    const list = await newList("Blocked phones");
    const taken = await call("POST", "/risk-lists", { name: "Blocked phones", type: "email" });
    assert.equal(taken.statusCode, 409);
    const updated = await call("PATCH", `/risk-lists/${list.id}`, { name: "Fraud phones", is_active: false });
    assert.equal(updated.statusCode, 200, updated.body);
    assert.deepEqual([updated.json().name, updated.json().is_active], ["Fraud phones", false]);
    const listed = (await call("GET", "/risk-lists")).json();
    assert.ok(listed.some((row: { id: string }) => row.id === list.id));
    assert.equal((await call("DELETE", `/risk-lists/${list.id}`)).statusCode, 200);
    assert.equal((await call("GET", `/risk-lists/${list.id}/entries`)).statusCode, 404);
    assert.equal((await auditRows(t, "risk_list.delete", list.id)).length, 1);
  });

  test("risk-list entries: normalized single add, bulk with diagnostics, search, edit, delete", async () => {
    const list = await newList("Emails", "email");
    const added = await call("POST", `/risk-lists/${list.id}/entries`, {
      value: "  Bad@Example.COM ",
      comment: "chargeback",
    });
    assert.equal(added.statusCode, 201, added.body);
    assert.equal(added.json().value, "bad@example.com");
    const again = await call("POST", `/risk-lists/${list.id}/entries`, { value: "bad@example.com" });
    assert.equal(again.statusCode, 200, "an existing value is an upsert");
    const bulk = await call("POST", `/risk-lists/${list.id}/entries`, {
      entries: [{ value: "x@example.com" }, { value: "  " }, { value: "BAD@example.com" }],
    });
    assert.deepEqual(
      { created: bulk.json().created, skipped: bulk.json().skipped, invalid: bulk.json().invalid },
      { created: 1, skipped: 1, invalid: 1 },
    );
    const found = (await call("GET", `/risk-lists/${list.id}/entries?q=charge`)).json();
    assert.equal(found.total, 1);
    const entryId = found.entries[0].id;
    const clash = await call("PATCH", `/risk-lists/${list.id}/entries/${entryId}`, {
      value: "x@example.com",
    });
    assert.equal(clash.statusCode, 409);
    const edited = await call("PATCH", `/risk-lists/${list.id}/entries/${entryId}`, {
      comment: "fraud ring",
    });
    assert.equal(edited.json().comment, "fraud ring");
    assert.equal((await call("DELETE", `/risk-lists/${list.id}/entries/${entryId}`)).statusCode, 200);
    const rest = (await call("GET", `/risk-lists/${list.id}/entries`)).json();
    assert.deepEqual(
      rest.entries.map((entry: { value: string }) => entry.value),
      ["x@example.com"],
    );
    assert.equal(
      (await call("GET", "/risk-lists")).json().find((row: { id: string }) => row.id === list.id).entry_count,
      1,
    );
  });

  test("the ledger and the usage charts show a session's debit today, by day and by feature", async () => {
    const session = await t.app.inject({
      method: "POST",
      url: "/v3/session/",
      headers: tenant.headers,
      payload: {},
    });
    assert.equal(session.statusCode, 201, session.body);
    const ledger = (await call("GET", "/credits/ledger")).json();
    assert.ok(ledger.results.some((row: { session_id: string }) => row.session_id === session.json().id));
    const badDay = await call("GET", "/credits/ledger?since=2024-13-01");
    assert.equal(badDay.statusCode, 400);
    const usage = (await call("GET", "/credits/usage?days=7")).json();
    assert.equal(usage.by_day.length, 7, "every day of the window, zero days included");
    const today = new Date().toISOString().slice(0, 10);
    const todayRow = usage.by_day.at(-1);
    assert.equal(todayRow.day, today);
    assert.ok(todayRow.credits > 0 && todayRow.entries >= 1);
    const spent = usage.by_feature.reduce((sum: number, row: { credits: number }) => sum + row.credits, 0);
    assert.ok(Math.abs(spent - todayRow.credits) < 1e-9, "features add up to the day");
    assert.ok(usage.by_feature.length >= 1);
    assert.match(usage.balance, /^\d+(\.\d+)?$/);
  });

  test("an import is started, lists its progress and row errors, and notifies each admin once when it finishes", async () => {
    await setFeatures(t.services.db, tenant.tenant_id, ["IDENTITY_IMPORT"], true);
    const started = await call("POST", "/imports", {
      source_system: "core-banking",
      consent_reference: "onboarding-2026",
      identities: [{ external_user_id: "c-1" }, { photo_url: "https://example.com/a.jpg" }],
    });
    assert.equal(started.statusCode, 202, started.body);
    const batchId = started.json().batch_id;
    const listed = (await call("GET", "/imports")).json();
    assert.equal(listed[0].batch_id, batchId);
    assert.equal(listed[0].total, 2);
    const errors = (await call("GET", `/imports/${batchId}?status=error`)).json();
    assert.deepEqual(
      errors.rows.map((row: { detail: string }) => row.detail),
      ["photo_url_required", "external_user_id_required"],
    );
    const before = (await call("GET", "/console/api/notifications")).json();
    assert.ok(!before.imports.some((notice: { batch_id: string }) => notice.batch_id === batchId));
    await runImportBatch(t.services, tenant.tenant_id, batchId);
    const notices = (await call("GET", "/console/api/notifications")).json().imports;
    const notice = notices.find((row: { batch_id: string }) => row.batch_id === batchId);
    assert.deepEqual(
      { status: notice.status, total: notice.total, failed: notice.failed, tenant: notice.tenant_id },
      { status: "completed", total: 2, failed: 2, tenant: tenant.tenant_id },
    );
    const dismiss = `/console/api/notifications/imports/${batchId}/dismiss`;
    assert.equal((await call("POST", dismiss)).statusCode, 200);
    assert.equal((await call("POST", dismiss)).statusCode, 200, "dismissing twice is fine");
    const after = (await call("GET", "/console/api/notifications")).json().imports;
    assert.ok(!after.some((row: { batch_id: string }) => row.batch_id === batchId));
    const secondAdmin = await operator(t);
    const theirs = (await call("GET", "/console/api/notifications", undefined, secondAdmin.headers)).json();
    assert.ok(
      theirs.imports.some((row: { batch_id: string }) => row.batch_id === batchId),
      "per operator",
    );
    assert.equal(
      (await call("POST", `/console/api/notifications/imports/${MISSING}/dismiss`)).statusCode,
      404,
    );
  });

  test("an import without the IDENTITY_IMPORT entitlement is refused", async () => {
    const response = await call("POST", `/console/api/tenants/${other.tenant_id}/imports`, {
      source_system: "s",
      consent_reference: "c",
      identities: [{ external_user_id: "x", photo_url: "https://example.com/x.jpg" }],
    });
    assert.equal(response.statusCode, 403);
  });

  test("the webhook signing secret is rotated and shown once; deliveries use the new one", async () => {
    const response = await call("POST", "/webhook/secret");
    assert.equal(response.statusCode, 200, response.body);
    const secret = response.json().webhook_signing_secret;
    assert.match(secret, /^whsec_/);
    const stored = await t.services.db
      .selectFrom("tenants")
      .select("webhook_signing_secret")
      .where("id", "=", tenant.tenant_id)
      .executeTakeFirstOrThrow();
    assert.equal(stored.webhook_signing_secret, secret);
    const audit = await auditRows(t, "webhook.rotate_secret");
    assert.ok(!JSON.stringify(audit).includes(secret), "the secret is never audited");
  });

  /** Every new route with a body that passes its schema. */
  function newRoutes(prefix: string, ids: { workflow: string; list: string; entry: string; batch: string }) {
    const routes: { method: Method; url: string; body?: unknown }[] = [
      {
        method: "PUT",
        url: `${prefix}/workflows/${ids.workflow}`,
        body: { name: "x", nodes: [{ feature: "ID_VERIFICATION" }] },
      },
      { method: "PUT", url: `${prefix}/workflows/${ids.workflow}/branding`, body: {} },
      { method: "PATCH", url: `${prefix}/risk-lists/${ids.list}`, body: { is_active: true } },
      { method: "GET", url: `${prefix}/risk-lists/${ids.list}/entries` },
      { method: "POST", url: `${prefix}/risk-lists/${ids.list}/entries`, body: { value: "9800000000" } },
      {
        method: "PATCH",
        url: `${prefix}/risk-lists/${ids.list}/entries/${ids.entry}`,
        body: { comment: "c" },
      },
      { method: "DELETE", url: `${prefix}/risk-lists/${ids.list}/entries/${ids.entry}` },
      { method: "DELETE", url: `${prefix}/risk-lists/${ids.list}` },
      { method: "GET", url: `${prefix}/imports/${ids.batch}` },
    ];
    return routes;
  }

  async function fixtureIds() {
    const workflow = (await defaultWorkflow()).id;
    const list = (await newList(`Scoped ${Date.now()}`)).id;
    const entry = (await call("POST", `/risk-lists/${list}/entries`, { value: "9811111111" })).json().id;
    await setFeatures(t.services.db, tenant.tenant_id, ["IDENTITY_IMPORT"], true);
    const batch = (
      await call("POST", "/imports", {
        source_system: "s",
        consent_reference: "c",
        identities: [{ external_user_id: "z" }],
      })
    ).json().batch_id;
    return { workflow, list, entry, batch };
  }

  test("another tenant's workflow, list, entry and batch answer 404 under this tenant, like missing ids", async () => {
    const ids = await fixtureIds();
    const foreign = `/console/api/tenants/${other.tenant_id}`;
    const missing = newRoutes(foreign, { workflow: MISSING, list: MISSING, entry: MISSING, batch: MISSING });
    await assertCrossTenantNotFound(
      t.app,
      newRoutes(foreign, ids).map((route, index) => ({ ...route, missingUrl: missing[index]!.url })),
      admin.headers,
    );
  });

  test("reviewers are refused every configuration route (403), admins only", async () => {
    const ids = await fixtureIds();
    const routes = [
      ...newRoutes(base, ids),
      { method: "GET" as const, url: `${base}/risk-lists` },
      { method: "POST" as const, url: `${base}/risk-lists`, body: { name: "r", type: "phone" } },
      { method: "GET" as const, url: `${base}/credits/ledger` },
      { method: "GET" as const, url: `${base}/credits/usage` },
      { method: "GET" as const, url: `${base}/imports` },
      { method: "POST" as const, url: `${base}/imports`, body: { identities: [] } },
      { method: "POST" as const, url: `${base}/webhook/secret` },
      { method: "GET" as const, url: "/console/api/notifications" },
      { method: "POST" as const, url: `/console/api/notifications/imports/${ids.batch}/dismiss` },
    ];
    for (const route of routes) {
      const response = await call(route.method, route.url, route.body, reviewer.headers);
      assert.equal(response.statusCode, 403, `${route.method} ${route.url}: ${response.body}`);
      assert.deepEqual(response.json(), { detail: "forbidden" });
    }
  });

  test("with the session cookie, every configuration change needs the CSRF header", async () => {
    const ids = await fixtureIds();
    const signIn = await t.app.inject({
      method: "POST",
      url: "/console/api/sign-in",
      payload: { email: admin.email, password: PASSWORD },
    });
    const cookie = String(signIn.headers["set-cookie"]).split(";")[0]!;
    const csrf = signIn.json().csrf_token;
    const changes = newRoutes(base, ids).filter((route) => route.method !== "GET");
    changes.push({ method: "POST", url: `${base}/webhook/secret` });
    changes.push({ method: "POST", url: `${base}/risk-lists`, body: { name: "csrf", type: "email" } });
    for (const route of changes) {
      const refused = await call(route.method, route.url, route.body, { cookie });
      assert.equal(refused.statusCode, 403, `${route.method} ${route.url}`);
      assert.deepEqual(refused.json(), { detail: "csrf_token_invalid" });
    }
    const allowed = await call(
      "PUT",
      `${base}/workflows/${ids.workflow}/branding`,
      {},
      { cookie, "x-csrf-token": csrf },
    );
    assert.equal(allowed.statusCode, 200, allowed.body);
  });
});
