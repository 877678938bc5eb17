// Tenant flows (issue 8): what a hosted application collects, which workflow it hands the applicant to, and
// which risk lists it evaluates with which action. Operators manage them (CLI, console); partners name one
// in the JWT's flow_id.
import { sql } from "kysely";
import type { Queryable } from "../../platform/db/transaction.js";
import { withTransaction } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import { isUuid } from "../../platform/ids.js";
import type { FormField, RiskListAction } from "../partner-tables.js";

export const FORM_FIELDS: readonly FormField[] = ["full_name", "phone", "email", "identifier"];

export interface FlowListLink {
  list_id: string;
  action: RiskListAction;
}

export interface Flow {
  id: string;
  name: string;
  is_active: boolean;
  workflow_id: string;
  form_fields: FormField[];
  risk_lists: FlowListLink[];
  created_at: string;
  updated_at: string;
}

export interface FlowInput {
  name?: string;
  workflowId?: string;
  isActive?: boolean;
  formFields?: string[];
  riskLists?: FlowListLink[];
}

export function flowNotFound(): AppError {
  return new AppError("flow_not_found", { message: "No such flow for this tenant." });
}

export async function createFlow(db: Queryable, tenantId: string, input: FlowInput): Promise<Flow> {
  const name = input.name?.trim();
  if (!name) throw new AppError("validation_failed", { field: "name", message: "A flow needs a name." });
  return withTransaction(db, async (tx) => {
    const workflowId = await requireTenantWorkflow(tx, tenantId, input.workflowId);
    const row = await tx
      .insertInto("partner_flows")
      .values({
        tenant_id: tenantId,
        name,
        workflow_id: workflowId,
        is_active: input.isActive ?? true,
        ...(input.formFields ? { form_fields: requireFormFields(input.formFields) } : {}),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (input.riskLists) await setFlowRiskLists(tx, tenantId, row.id, input.riskLists);
    return getFlow(tx, tenantId, row.id);
  });
}

export async function updateFlow(
  db: Queryable,
  tenantId: string,
  flowId: string,
  input: FlowInput,
): Promise<Flow> {
  return withTransaction(db, async (tx) => {
    await getFlow(tx, tenantId, flowId);
    const name = input.name === undefined ? undefined : input.name.trim();
    if (name === "")
      throw new AppError("validation_failed", { field: "name", message: "A flow needs a name." });
    await tx
      .updateTable("partner_flows")
      .set({
        ...(name === undefined ? {} : { name }),
        ...(input.workflowId === undefined
          ? {}
          : { workflow_id: await requireTenantWorkflow(tx, tenantId, input.workflowId) }),
        ...(input.isActive === undefined ? {} : { is_active: input.isActive }),
        ...(input.formFields === undefined ? {} : { form_fields: requireFormFields(input.formFields) }),
        updated_at: sql`now()`,
      })
      .where("tenant_id", "=", tenantId)
      .where("id", "=", flowId)
      .execute();
    if (input.riskLists) await setFlowRiskLists(tx, tenantId, flowId, input.riskLists);
    return getFlow(tx, tenantId, flowId);
  });
}

/** Replaces the flow's risk lists; every list must be the tenant's own. */
export async function setFlowRiskLists(
  db: Queryable,
  tenantId: string,
  flowId: string,
  links: FlowListLink[],
): Promise<void> {
  for (const link of links) {
    if (link.action !== "reject" && link.action !== "manual_review") {
      throw new AppError("validation_failed", {
        field: "action",
        message: "action must be reject or manual_review.",
      });
    }
  }
  const ids = [...new Set(links.map((link) => link.list_id))];
  if (ids.some((id) => !isUuid(id))) throw new AppError("not_found", { message: "List not found." });
  const owned =
    ids.length === 0
      ? []
      : await db
          .selectFrom("risk_lists")
          .select("id")
          .where("tenant_id", "=", tenantId)
          .where("id", "in", ids)
          .execute();
  if (owned.length !== ids.length) throw new AppError("not_found", { message: "List not found." });
  await withTransaction(db, async (tx) => {
    await tx
      .deleteFrom("partner_flow_lists")
      .where("tenant_id", "=", tenantId)
      .where("flow_id", "=", flowId)
      .execute();
    if (links.length > 0) {
      await tx
        .insertInto("partner_flow_lists")
        .values(
          links.map((link) => ({
            flow_id: flowId,
            list_id: link.list_id,
            tenant_id: tenantId,
            action: link.action,
          })),
        )
        .onConflict((oc) =>
          oc.columns(["flow_id", "list_id"]).doUpdateSet((eb) => ({ action: eb.ref("excluded.action") })),
        )
        .execute();
    }
  });
}

export async function getFlow(db: Queryable, tenantId: string, flowId: string): Promise<Flow> {
  if (!isUuid(flowId)) throw flowNotFound();
  const row = await db
    .selectFrom("partner_flows")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("id", "=", flowId)
    .executeTakeFirst();
  if (!row) throw flowNotFound();
  const links = await db
    .selectFrom("partner_flow_lists")
    .select(["list_id", "action"])
    .where("tenant_id", "=", tenantId)
    .where("flow_id", "=", flowId)
    .orderBy("list_id")
    .execute();
  return {
    id: row.id,
    name: row.name,
    is_active: row.is_active,
    workflow_id: row.workflow_id,
    form_fields: row.form_fields,
    risk_lists: links,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function listFlows(db: Queryable, tenantId: string): Promise<Flow[]> {
  const rows = await db
    .selectFrom("partner_flows")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .orderBy("created_at")
    .execute();
  return Promise.all(rows.map((row) => getFlow(db, tenantId, row.id)));
}

/** spec: POST /api/v1/sessions/ — flow_id must exist and be active for the tenant, else 404 flow_not_found. */
export async function requireActiveFlow(
  db: Queryable,
  tenantId: string,
  flowId: string,
): Promise<{ id: string; workflow_id: string }> {
  if (!isUuid(flowId)) throw flowNotFound();
  const row = await db
    .selectFrom("partner_flows")
    .select(["id", "workflow_id"])
    .where("tenant_id", "=", tenantId)
    .where("id", "=", flowId)
    .where("is_active", "=", true)
    .executeTakeFirst();
  if (!row) throw flowNotFound();
  return row;
}

// The workflows table arrives in another migration: the id is checked for shape here, existence later.
function requireWorkflowId(value: string | undefined): string {
  if (!isUuid(value))
    throw new AppError("validation_failed", { field: "workflow", message: "workflow must be a uuid." });
  return value;
}

/** A flow hands applicants to one of the tenant's own workflows that has not been archived. */
async function requireTenantWorkflow(
  db: Queryable,
  tenantId: string,
  value: string | undefined,
): Promise<string> {
  const workflowId = requireWorkflowId(value);
  const row = await db
    .selectFrom("workflows")
    .select("status")
    .where("tenant_id", "=", tenantId)
    .where("id", "=", workflowId)
    .executeTakeFirst();
  if (!row || row.status === "archived") {
    throw new AppError("workflow_not_found", {
      detail: "Workflow not found.",
      message: "No such workflow for this tenant.",
    });
  }
  return workflowId;
}

function requireFormFields(fields: string[]): FormField[] {
  const unknown = fields.filter((field) => !(FORM_FIELDS as readonly string[]).includes(field));
  if (unknown.length > 0 || fields.length === 0) {
    throw new AppError("validation_failed", {
      field: "form_fields",
      message: `form fields must be some of ${FORM_FIELDS.join(", ")}.`,
    });
  }
  return [...new Set(fields)] as FormField[];
}
