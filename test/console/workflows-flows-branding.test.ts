// Console workflows (validated create, status, default), partner flows (create, update, hosted-URL TTL) and
// tenant branding, through the real domain functions, each change with its audit row.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createRiskList } from "../../src/partner/lists/risk-lists.js";
import { listWorkflows } from "../../src/verify/workflows/workflows.js";
import { assertCrossTenantNotFound } from "../support/cross-tenant.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import { QUESTIONNAIRE_WORKFLOW } from "../verify/session-fixtures.js";
import { auditRows, operator, type TestOperator } from "./console-support.js";

describe("console workflows, flows and branding", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  let admin: TestOperator;
  let base: string;

  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant();
    other = await t.tenant();
    admin = await operator(t);
    base = `/console/api/tenants/${tenant.tenant_id}`;
  });
  after(() => t.close());

  const call = (method: "GET" | "POST" | "PATCH" | "PUT", url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `${base}${url}`,
      headers: admin.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function createdWorkflow(name: string): Promise<string> {
    const response = await call("POST", "/workflows", { definition: { ...QUESTIONNAIRE_WORKFLOW, name } });
    assert.equal(response.statusCode, 201, response.body);
    return response.json().id;
  }

  test("a workflow is created through createWorkflow, listed, made default and its audit row names the operator", async () => {
    const id = await createdWorkflow("Console questions");
    const listed = (await call("GET", "/workflows")).json();
    const workflow = listed.find((row: { id: string }) => row.id === id);
    assert.equal(workflow.status, "live");
    assert.equal(workflow.nodes[0].feature, "QUESTIONNAIRE");
    assert.equal((await call("POST", `/workflows/${id}/default`)).statusCode, 200);
    const stored = await listWorkflows(t.services.db, tenant.tenant_id);
    assert.equal(stored.find((row) => row.is_default)?.id, id);
    assert.equal((await auditRows(t, "workflow.create", id))[0]!.actor, `operator:${admin.email}`);
    assert.equal((await auditRows(t, "workflow.default", id)).length, 1);
  });

  test("an invalid workflow is refused with the validator's message", async () => {
    const response = await call("POST", "/workflows", {
      definition: { name: "Broken", nodes: [{ feature: "TELEPATHY" }] },
    });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), { detail: "nodes.0: unknown feature TELEPATHY" });
  });

  test("workflow status changes; the default must stay live", async () => {
    const id = await createdWorkflow("Draftable");
    assert.equal((await call("POST", `/workflows/${id}/status`, { status: "draft" })).statusCode, 200);
    const stored = await listWorkflows(t.services.db, tenant.tenant_id);
    assert.equal(stored.find((row) => row.id === id)?.status, "draft");
    assert.equal((await auditRows(t, "workflow.status", id)).length, 1);
    const defaultId = stored.find((row) => row.is_default)!.id;
    const refused = await call("POST", `/workflows/${defaultId}/status`, { status: "archived" });
    assert.equal(refused.statusCode, 400);
    assert.equal((await auditRows(t, "workflow.status", defaultId)).length, 0, "no audit for a refusal");
  });

  test("a flow is created, then updated (inactive, form fields, risk lists) and listed", async () => {
    const workflowId = await createdWorkflow("Flow target");
    const created = await call("POST", "/flows", { name: "Loan onboarding", workflow_id: workflowId });
    assert.equal(created.statusCode, 201, created.body);
    const flow = created.json();
    assert.equal(flow.is_active, true);
    const list = await createRiskList(t.services.db, tenant.tenant_id, { name: "Blocked phones" });
    const updated = await call("PATCH", `/flows/${flow.id}`, {
      is_active: false,
      form_fields: ["full_name", "phone"],
      risk_lists: [{ list_id: list.id, action: "manual_review" }],
    });
    assert.equal(updated.statusCode, 200, updated.body);
    assert.equal(updated.json().is_active, false);
    assert.deepEqual(updated.json().form_fields, ["full_name", "phone"]);
    assert.deepEqual(updated.json().risk_lists, [{ list_id: list.id, action: "manual_review" }]);
    const listed = (await call("GET", "/flows")).json();
    assert.equal(listed.find((row: { id: string }) => row.id === flow.id).is_active, false);
    assert.equal((await auditRows(t, "flow.create", flow.id)).length, 1);
    assert.equal((await auditRows(t, "flow.update", flow.id)).length, 1);
    const badFields = await call("PATCH", `/flows/${flow.id}`, { form_fields: ["shoe_size"] });
    assert.equal(badFields.statusCode, 400);
  });

  test("a flow cannot point at another tenant's workflow", async () => {
    const foreign = (await listWorkflows(t.services.db, other.tenant_id))[0]!.id;
    const response = await call("POST", "/flows", { name: "Sneaky", workflow_id: foreign });
    assert.equal(response.statusCode, 404);
  });

  test("the hosted-URL TTL defaults to 30 minutes, can be changed and switched off", async () => {
    assert.deepEqual((await call("GET", "/hosted-url-ttl")).json(), { hosted_url_ttl_minutes: 30 });
    assert.deepEqual((await call("PUT", "/hosted-url-ttl", { hosted_url_ttl_minutes: 45 })).json(), {
      hosted_url_ttl_minutes: 45,
    });
    assert.deepEqual((await call("PUT", "/hosted-url-ttl", { hosted_url_ttl_minutes: null })).json(), {
      hosted_url_ttl_minutes: null,
    });
    assert.equal((await call("PUT", "/hosted-url-ttl", { hosted_url_ttl_minutes: 0 })).statusCode, 400);
  });

  test("branding is set (validated by the hosted flow's schema) and read back", async () => {
    const branding = { color: "#123456", company_name: "Sahakari", terms: { version: "v2", text: "Terms." } };
    const set = await call("PUT", "/branding", branding);
    assert.equal(set.statusCode, 200, set.body);
    assert.deepEqual((await call("GET", "/branding")).json(), branding);
    const bad = await call("PUT", "/branding", { color: "blue" });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().detail, /color/);
    assert.deepEqual((await call("GET", "/branding")).json(), branding, "a refusal changes nothing");
    assert.equal((await auditRows(t, "branding.set")).length, 1);
  });

  test("another tenant's workflow and flow answer 404 under this tenant, like missing ids", async () => {
    const workflowId = await createdWorkflow("Mine");
    const flow = (await call("POST", "/flows", { name: "Mine", workflow_id: workflowId })).json();
    const missing = "00000000-0000-4000-8000-000000000000";
    const foreign = `/console/api/tenants/${other.tenant_id}`;
    await assertCrossTenantNotFound(
      t.app,
      [
        {
          method: "POST",
          url: `${foreign}/workflows/${workflowId}/status`,
          body: { status: "draft" },
          missingUrl: `${foreign}/workflows/${missing}/status`,
        },
        {
          method: "POST",
          url: `${foreign}/workflows/${workflowId}/default`,
          missingUrl: `${foreign}/workflows/${missing}/default`,
        },
        {
          method: "PATCH",
          url: `${foreign}/flows/${flow.id}`,
          body: { is_active: false },
          missingUrl: `${foreign}/flows/${missing}`,
        },
      ],
      admin.headers,
    );
  });
});
