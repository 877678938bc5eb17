// Create a verification link from the console: admins only, the link expires after 24 hours (spec: Limits),
// the session is made and charged like POST /v3/session/, and the audit row names the operator.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import { questionnaireWorkflow } from "../verify/session-fixtures.js";
import { auditRows, operator, type TestOperator } from "./console-support.js";

describe("console create verification link", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let workflowId: string;
  let admin: TestOperator;

  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant({ credits: "1000" });
    workflowId = await questionnaireWorkflow(t, tenant);
    admin = await operator(t);
  });
  after(() => t.close());

  function create(headers: Record<string, string>, tenantId = tenant.tenant_id) {
    return t.app.inject({
      method: "POST",
      url: `/console/api/tenants/${tenantId}/sessions`,
      headers,
      payload: { workflow_id: workflowId, vendor_data: "walk-in-042" },
    });
  }

  test("an admin's link expires after 24 hours and is readable through /v3 like any session", async () => {
    const response = await create(admin.headers);
    assert.equal(response.statusCode, 201, response.body);
    const link = response.json();
    const hours = (Date.parse(link.expires_at) - Date.parse(link.created_at)) / 3_600_000;
    assert.ok(Math.abs(hours - 24) < 0.01, `expires after ${hours} h`);
    assert.match(link.url, /\/verify\/[A-Za-z0-9_-]+$/);
    const v3 = await t.app.inject({ url: `/v3/session/${link.id}/`, headers: tenant.headers });
    assert.equal(v3.json().vendor_data, "walk-in-042");
    const [audit] = await auditRows(t, "session.create_link", link.id);
    assert.equal(audit?.actor, `operator:${admin.email}`);
  });

  test("reviewers may not create links; an unknown tenant answers 404", async () => {
    const reviewer = await operator(t, "reviewer");
    assert.equal((await create(reviewer.headers)).statusCode, 403);
    assert.equal((await create(admin.headers, "00000000-0000-4000-8000-000000000000")).statusCode, 404);
  });
});
