// spec: POST /api/v1/lists/check — {ok, matched, action} over active lists only, never naming the list,
// answered from an index.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { sql } from "kysely";
import { explainCheck } from "../../src/partner/lists/check-risk-lists.js";
import { withTransaction } from "../../src/platform/db/transaction.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import { bearer, flowFor } from "./partner-support.js";

describe("POST /api/v1/lists/check", () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  async function listWith(
    tenant: TestTenant,
    type: string,
    values: string[],
    isActive = true,
  ): Promise<string> {
    const list = await t.app.inject({
      method: "POST",
      url: "/api/v1/lists/",
      headers: bearer(tenant),
      payload: { name: `${type}-${Math.random()}`, type, is_active: isActive },
    });
    const id = list.json().list.id;
    await t.app.inject({
      method: "POST",
      url: `/api/v1/lists/${id}/entries/`,
      headers: bearer(tenant),
      payload: { entries: values.map((value) => ({ value })) },
    });
    return id;
  }

  function check(tenant: TestTenant, payload: object) {
    return t.app.inject({ method: "POST", url: "/api/v1/lists/check", headers: bearer(tenant), payload });
  }

  test("a value on an active list matches, compared in normalized form, without naming the list", async () => {
    const tenant = await t.tenant();
    await listWith(tenant, "email", ["fraud@example.com"]);
    const response = await check(tenant, { email: "  FRAUD@example.com" });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { ok: true, matched: true, action: "reject" });
  });

  test("no match answers matched false and action null", async () => {
    const tenant = await t.tenant();
    await listWith(tenant, "phone", ["9800000000"]);
    const response = await check(tenant, { phone: "9811111111", email: "x@y.io", identifier: "Z" });
    assert.deepEqual(response.json(), { ok: true, matched: false, action: null });
  });

  test("inactive lists are not evaluated", async () => {
    const tenant = await t.tenant();
    await listWith(tenant, "identifier", ["P-1"], false);
    const response = await check(tenant, { identifier: "P-1" });
    assert.equal(response.json().matched, false);
  });

  test("a phone value matches only phone lists", async () => {
    const tenant = await t.tenant();
    await listWith(tenant, "identifier", ["9800000000"]);
    const response = await check(tenant, { phone: "9800000000" });
    assert.equal(response.json().matched, false);
  });

  test("another tenant's lists never match", async () => {
    await listWith(await t.tenant(), "phone", ["9800000123"]);
    const response = await check(await t.tenant(), { phone: "9800000123" });
    assert.equal(response.json().matched, false);
  });

  test("the action is manual_review when every active flow using the matched list says so", async () => {
    const tenant = await t.tenant();
    const listId = await listWith(tenant, "phone", ["9800000456"]);
    await flowFor(t, tenant, { riskLists: [{ list_id: listId, action: "manual_review" }] });
    const response = await check(tenant, { phone: "+9800000456" });
    assert.deepEqual(response.json(), { ok: true, matched: true, action: "manual_review" });
  });

  test("reject wins when any active flow rejects on a matched list", async () => {
    const tenant = await t.tenant();
    const listId = await listWith(tenant, "phone", ["9800000789"]);
    await flowFor(t, tenant, { riskLists: [{ list_id: listId, action: "manual_review" }] });
    await flowFor(t, tenant, { riskLists: [{ list_id: listId, action: "reject" }] });
    const response = await check(tenant, { phone: "9800000789" });
    assert.equal(response.json().action, "reject");
  });

  test("a body with none of phone, email, identifier is 400 {error}", async () => {
    const response = await check(await t.tenant(), {});
    assert.equal(response.statusCode, 400);
    assert.deepEqual(Object.keys(response.json()), ["error"]);
  });

  test("the lookup is served by the (tenant_id, type, value) index, not a scan of the entries", async () => {
    const tenant = await t.tenant();
    await listWith(tenant, "phone", ["9800000000"]);
    // A tiny table may be cheaper to scan; with scans priced out the plan shows whether an index serves it.
    const plan = await withTransaction(t.services.db, async (tx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(tx);
      return explainCheck(tx, tenant.tenant_id, "phone", "9800000000");
    });
    assert.match(plan, /risk_list_entries_match_idx/);
    assert.doesNotMatch(plan, /Seq Scan on risk_list_entries/);
  });
});
