// Flows (issue 8): operator-managed via `kyc flow …` and domain functions; what the JWT's flow_id names.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { runOperatorCommand } from "../../src/composition/operator-commands.js";
import { getFlow, updateFlow } from "../../src/partner/flows/flows.js";
import { isAppError } from "../../src/platform/errors.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { bearer, createSession, defaultWorkflowId } from "./partner-support.js";

describe("flows", () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  test("`kyc flow create T --name N --workflow W` answers {id} of an active flow with the default form", async () => {
    const tenant = await t.tenant();
    const created = (await runOperatorCommand(t.services, [
      "flow",
      "create",
      tenant.tenant_id,
      "--name",
      "Onboarding",
      "--workflow",
      await defaultWorkflowId(t, tenant),
    ])) as { id: string };
    const flow = await getFlow(t.services.db, tenant.tenant_id, created.id);
    assert.equal(flow.name, "Onboarding");
    assert.equal(flow.is_active, true);
    assert.equal(flow.workflow_id, await defaultWorkflowId(t, tenant));
    assert.deepEqual(flow.form_fields, ["full_name", "phone", "email"]);
  });

  test("a flow needs a workflow id", async () => {
    const tenant = await t.tenant();
    await assert.rejects(
      runOperatorCommand(t.services, ["flow", "create", tenant.tenant_id, "--name", "No workflow"]),
      (error) => isAppError(error) && error.field === "workflow",
    );
  });

  test("`kyc flow deactivate` makes the flow unusable for new sessions", async () => {
    const tenant = await t.tenant();
    const { id } = (await runOperatorCommand(t.services, [
      "flow",
      "create",
      tenant.tenant_id,
      "--name",
      "Soon off",
      "--workflow",
      await defaultWorkflowId(t, tenant),
    ])) as { id: string };
    await runOperatorCommand(t.services, ["flow", "deactivate", tenant.tenant_id, id]);
    const { statusCode, body } = await createSession(t, tenant, id);
    assert.equal(statusCode, 404);
    assert.equal(body.error, "flow_not_found");
  });

  test("`kyc flow ttl` shows 30 minutes at first, then sets and disables the default", async () => {
    const tenant = await t.tenant();
    const ttl = (value?: string) =>
      runOperatorCommand(t.services, [
        "flow",
        "ttl",
        tenant.tenant_id,
        ...(value ? [value] : []),
      ]) as Promise<{
        hosted_url_ttl_minutes: number | null;
      }>;
    assert.equal((await ttl()).hosted_url_ttl_minutes, 30);
    assert.equal((await ttl("120")).hosted_url_ttl_minutes, 120);
    assert.equal((await ttl("off")).hosted_url_ttl_minutes, null);
  });

  test("a flow's risk lists must be the tenant's own", async () => {
    const owner = await t.tenant();
    const list = await t.app.inject({
      method: "POST",
      url: "/api/v1/lists/",
      headers: bearer(owner),
      payload: { name: "l" },
    });
    const other = await t.tenant();
    const { id } = (await runOperatorCommand(t.services, [
      "flow",
      "create",
      other.tenant_id,
      "--name",
      "Borrower",
      "--workflow",
      await defaultWorkflowId(t, other),
    ])) as { id: string };
    await assert.rejects(
      updateFlow(t.services.db, other.tenant_id, id, {
        riskLists: [{ list_id: list.json().list.id, action: "reject" }],
      }),
      (error) => isAppError(error) && error.status === 404,
    );
  });

  test("`kyc flow lists` and `kyc flow form` set what the flow evaluates and collects", async () => {
    const tenant = await t.tenant();
    const list = await t.app.inject({
      method: "POST",
      url: "/api/v1/lists/",
      headers: bearer(tenant),
      payload: { name: "l" },
    });
    const listId = list.json().list.id;
    const { id } = (await runOperatorCommand(t.services, [
      "flow",
      "create",
      tenant.tenant_id,
      "--name",
      "Configured",
      "--workflow",
      await defaultWorkflowId(t, tenant),
    ])) as { id: string };
    await runOperatorCommand(t.services, ["flow", "lists", tenant.tenant_id, id, `${listId}:manual_review`]);
    await runOperatorCommand(t.services, ["flow", "form", tenant.tenant_id, id, "phone,identifier"]);
    const flow = await getFlow(t.services.db, tenant.tenant_id, id);
    assert.deepEqual(flow.risk_lists, [{ list_id: listId, action: "manual_review" }]);
    assert.deepEqual(flow.form_fields, ["phone", "identifier"]);
  });

  test("a flow must hand applicants to one of the tenant's own workflows", async () => {
    const tenant = await t.tenant();
    const other = await t.tenant();
    await assert.rejects(
      runOperatorCommand(t.services, [
        "flow",
        "create",
        tenant.tenant_id,
        "--name",
        "Borrowed workflow",
        "--workflow",
        await defaultWorkflowId(t, other),
      ]),
      (error) => isAppError(error) && error.code === "workflow_not_found",
    );
  });
});
