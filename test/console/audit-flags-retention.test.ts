// The console's audit log (filters, paging), the review queue's paging and its identities flagged by AML
// monitoring (list, clear, block), evidence retention and the AML list registry: role refusal, cross-tenant
// 404 and CSRF on each change.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { FLAGGED_EVENT } from "../../src/identities/aml-monitoring/flagged-event.js";
import { recordAudit } from "../../src/platform/audit.js";
import { assertCrossTenantNotFound } from "../support/cross-tenant.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import { assertCsrfRequired, auditRows, operator, type TestOperator } from "./console-support.js";

describe("console audit log, flags, retention", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  let admin: TestOperator;
  let reviewer: TestOperator;

  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant();
    other = await t.tenant();
    admin = await operator(t);
    reviewer = await operator(t, "reviewer");
  });
  after(() => t.close());

  const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object, who = admin) =>
    t.app.inject({
      method,
      url: `/console/api${url}`,
      headers: who.headers,
      ...(payload ? { payload } : {}),
    });

  async function session(owner: TestTenant, vendorData: string): Promise<string> {
    const response = await t.app.inject({
      method: "POST",
      url: "/v3/session/",
      headers: owner.headers,
      payload: { vendor_data: vendorData },
    });
    assert.equal(response.statusCode, 201, response.body);
    return response.json().session_id ?? response.json().id;
  }

  /** An identity the monitoring sweep flagged: its state and the audit row the sweep writes with the flag. */
  async function flaggedIdentity(owner: TestTenant, vendorData: string): Promise<string> {
    const sessionId = await session(owner, vendorData);
    const row = await t.services.db
      .selectFrom("sessions")
      .select("individual_id")
      .where("id", "=", sessionId)
      .executeTakeFirstOrThrow();
    const id = row.individual_id!;
    await t.services.db
      .updateTable("individuals")
      .set({ status: "flagged", aml_status: "high" })
      .where("id", "=", id)
      .execute();
    await recordAudit(t.services.db, {
      tenantId: owner.tenant_id,
      actor: "system",
      action: FLAGGED_EVENT,
      target: id,
      data: { matches: [{ entity_id: "Q1", name: "Ivan Petrov", score: 0.93, lists: ["sanctions"] }] },
    });
    return id;
  }

  test("the audit log filters by operator, action prefix, tenant and day, newest first, paged", async () => {
    for (const label of ["a", "b", "c"]) {
      const created = await call("POST", `/tenants/${tenant.tenant_id}/keys`, { label });
      assert.equal(created.statusCode, 201);
    }
    const page1 = await call("GET", `/audit-log?actor=operator:${admin.email}&action=api_key&limit=2`);
    assert.equal(page1.statusCode, 200, page1.body);
    const { entries, total } = page1.json();
    assert.equal(total, 3);
    assert.equal(entries.length, 2);
    assert.ok(entries.every((e: { action: string }) => e.action === "api_key.create"));
    assert.ok(entries[0].created_at >= entries[1].created_at, "newest first");
    assert.equal(entries[0].tenant_name, "Tenant 1");
    const page2 = (
      await call("GET", `/audit-log?actor=operator:${admin.email}&action=api_key&limit=2&offset=2`)
    ).json();
    assert.equal(page2.entries.length, 1);
    const ids = new Set([...entries, ...page2.entries].map((e: { id: string }) => e.id));
    assert.equal(ids.size, 3);
    const otherTenant = (await call("GET", `/audit-log?action=api_key&tenant_id=${other.tenant_id}`)).json();
    assert.equal(otherTenant.total, 0);
    const today = new Date().toISOString().slice(0, 10);
    assert.equal((await call("GET", `/audit-log?action=api_key&from=${today}&to=${today}`)).json().total, 3);
    assert.equal((await call("GET", "/audit-log?action=api_key&to=2000-01-01")).json().total, 0);
    assert.equal((await call("GET", "/audit-log?from=yesterday")).statusCode, 400);
  });

  test("the review queue pages with limit and offset and reports the total", async () => {
    for (const n of [1, 2, 3]) await session(tenant, `paged-${n}`);
    const first = await call("GET", "/review-queue?status=any&search=paged-&limit=2");
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.headers["x-total-count"], "3");
    assert.deepEqual(
      first.json().map((e: { vendor_data: string }) => e.vendor_data),
      ["paged-1", "paged-2"],
    );
    const rest = await call("GET", "/review-queue?status=any&search=paged-&limit=2&offset=2");
    assert.deepEqual(
      rest.json().map((e: { vendor_data: string }) => e.vendor_data),
      ["paged-3"],
    );
  });

  test("identities flagged by monitoring are listed with their new hits and cleared or blocked by a reviewer", async () => {
    const first = await flaggedIdentity(tenant, "flag-first");
    const second = await flaggedIdentity(tenant, "flag-second");
    const listed = await call("GET", "/monitoring-flags", undefined, reviewer);
    assert.equal(listed.statusCode, 200, listed.body);
    assert.equal(listed.headers["x-total-count"], "2");
    const [a, b] = listed.json();
    assert.deepEqual([a.individual_id, b.individual_id], [first, second], "oldest flag first");
    assert.equal(a.external_user_id, "flag-first");
    assert.deepEqual(a.new_matches, [
      { entity_id: "Q1", name: "Ivan Petrov", score: 0.93, lists: ["sanctions"] },
    ]);
    assert.ok(a.latest_session_id);
    const searched = await call("GET", "/monitoring-flags?search=FLAG-SEC", undefined, reviewer);
    assert.deepEqual(
      searched.json().map((f: { individual_id: string }) => f.individual_id),
      [second],
      "the queue's search finds a flagged identity by its vendor_data",
    );

    const base = `/tenants/${tenant.tenant_id}/identities`;
    const noNote = await call(
      "POST",
      `${base}/${first}/resolve-flag`,
      { outcome: "clear", note: " " },
      reviewer,
    );
    assert.equal(noNote.statusCode, 400);
    const cleared = await call(
      "POST",
      `${base}/${first}/resolve-flag`,
      { outcome: "clear", note: "Different person: date of birth differs" },
      reviewer,
    );
    assert.equal(cleared.statusCode, 200, cleared.body);
    assert.deepEqual(cleared.json(), { individual_id: first, status: "active" });
    const blocked = await call(
      "POST",
      `${base}/${second}/resolve-flag`,
      { outcome: "block", note: "Match" },
      reviewer,
    );
    assert.equal(blocked.json().status, "blocked");
    const again = await call(
      "POST",
      `${base}/${second}/resolve-flag`,
      { outcome: "clear", note: "x" },
      reviewer,
    );
    assert.equal(again.statusCode, 409);
    assert.equal((await call("GET", "/monitoring-flags", undefined, reviewer)).json().length, 0);
    const audit = await auditRows(t, "identity.aml_flag_resolved", first);
    assert.equal(audit[0]!.actor, `operator:${reviewer.email}`);
    assert.deepEqual(audit[0]!.data, { outcome: "clear", note: "Different person: date of birth differs" });
  });

  test("another tenant's flagged identity answers 404 like a missing one", async () => {
    const foreign = await flaggedIdentity(tenant, "flag-foreign");
    const base = `/console/api/tenants/${other.tenant_id}/identities`;
    await assertCrossTenantNotFound(
      t.app,
      [
        {
          method: "POST",
          url: `${base}/${foreign}/resolve-flag`,
          body: { outcome: "clear", note: "x" },
          missingUrl: `${base}/00000000-0000-4000-8000-000000000000/resolve-flag`,
        },
      ],
      admin.headers,
    );
    const still = await t.services.db
      .selectFrom("individuals")
      .select("status")
      .where("id", "=", foreign)
      .executeTakeFirstOrThrow();
    assert.equal(still.status, "flagged");
  });

  test("evidence retention reads the default, is set within 1..3650 days and audited", async () => {
    const url = `/tenants/${tenant.tenant_id}/evidence-retention`;
    assert.deepEqual((await call("GET", url)).json(), { evidence_retention_days: 365 });
    const set = await call("PUT", url, { evidence_retention_days: 90 });
    assert.equal(set.statusCode, 200, set.body);
    assert.deepEqual((await call("GET", url)).json(), { evidence_retention_days: 90 });
    assert.equal((await call("PUT", url, { evidence_retention_days: 0 })).statusCode, 400);
    const audit = await auditRows(t, "retention.set");
    assert.equal(audit.length, 1);
    assert.equal(audit[0]!.tenant_id, tenant.tenant_id);
    assert.deepEqual((await call("GET", `/tenants/${other.tenant_id}/evidence-retention`)).json(), {
      evidence_retention_days: 365,
    });
    const missing = await call("GET", "/tenants/00000000-0000-4000-8000-000000000000/evidence-retention");
    assert.equal(missing.statusCode, 404);
  });

  test("the AML list registry and status carry what the status page shows", async () => {
    const sources = await call("GET", "/aml/sources");
    assert.equal(sources.statusCode, 200, sources.body);
    assert.ok(sources.json().some((s: { key: string; parsed: boolean }) => s.parsed));
    const status = (await call("GET", "/aml/status")).json();
    assert.equal(typeof status.max_list_age_hours, "number");
  });

  test("reviewers may read flags but not the audit log, retention or the registry", async () => {
    for (const [method, url, payload] of [
      ["GET", "/audit-log", undefined],
      ["GET", "/aml/sources", undefined],
      ["GET", `/tenants/${tenant.tenant_id}/evidence-retention`, undefined],
      ["PUT", `/tenants/${tenant.tenant_id}/evidence-retention`, { evidence_retention_days: 30 }],
    ] as const) {
      assert.equal((await call(method, url, payload, reviewer)).statusCode, 403, `${method} ${url}`);
    }
  });

  test("changes made with the cookie need the CSRF token", async () => {
    const id = await flaggedIdentity(tenant, "flag-csrf");
    await assertCsrfRequired(t, reviewer.email, [
      {
        method: "POST",
        url: `/tenants/${tenant.tenant_id}/identities/${id}/resolve-flag`,
        payload: { outcome: "clear", note: "x" },
      },
    ]);
    await assertCsrfRequired(t, admin.email, [
      {
        method: "PUT",
        url: `/tenants/${tenant.tenant_id}/evidence-retention`,
        payload: { evidence_retention_days: 30 },
      },
    ]);
  });
});
