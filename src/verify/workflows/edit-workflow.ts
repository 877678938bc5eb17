// Editing a stored workflow (console): its name and nodes, validated by parseWorkflowDefinition (the same code
// `kyc workflow create --file` runs), and its own hosted-flow branding, validated by the hosted flow's schema.
// Sessions keep the snapshot of the nodes they started with, so an edit only changes sessions created after it.
import { sql } from "kysely";
import type { Queryable } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import { isUuid } from "../../platform/ids.js";
import { type Branding, parseBranding } from "../applicant/branding.js";
import { parseWorkflowDefinition } from "./parse-workflow.js";

export interface WorkflowEdit {
  name: string;
  nodes: unknown;
}

function workflowNotFound(): AppError {
  return new AppError("workflow_not_found", { detail: "Workflow not found." });
}

async function statusOf(db: Queryable, tenantId: string, workflowId: string) {
  const row = isUuid(workflowId)
    ? await db
        .selectFrom("workflows")
        .select(["status"])
        .where("tenant_id", "=", tenantId)
        .where("id", "=", workflowId)
        .forUpdate()
        .executeTakeFirst()
    : undefined;
  if (!row) throw workflowNotFound();
  return row.status;
}

/** Replaces the name and nodes; an archived workflow is refused (make it a draft first). */
export async function updateWorkflowNodes(
  db: Queryable,
  tenantId: string,
  workflowId: string,
  edit: WorkflowEdit,
): Promise<{ id: string; nodes: unknown[] }> {
  const status = await statusOf(db, tenantId, workflowId);
  if (status === "archived") {
    throw new AppError("invalid_workflow", {
      message: "an archived workflow cannot be edited; make it a draft first",
    });
  }
  // The status is not part of an edit: it moves through its own route.
  const definition = parseWorkflowDefinition({ name: edit.name, status, nodes: edit.nodes });
  await db
    .updateTable("workflows")
    .set({ name: definition.name, nodes: JSON.stringify(definition.nodes), updated_at: sql`now()` })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", workflowId)
    .execute();
  return { id: workflowId, nodes: definition.nodes };
}

/** Replaces the workflow's own branding (its keys win over the tenant's for this workflow). */
export async function setWorkflowBranding(
  db: Queryable,
  tenantId: string,
  workflowId: string,
  input: unknown,
): Promise<Branding> {
  await statusOf(db, tenantId, workflowId);
  const branding = parseBranding(input);
  await db
    .updateTable("workflows")
    .set({ branding: JSON.stringify(branding), updated_at: sql`now()` })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", workflowId)
    .execute();
  return branding;
}
