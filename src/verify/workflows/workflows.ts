// Workflows per tenant: an ordered graph of module nodes; one tenant default; only `live` ones start sessions.
import { sql } from "kysely";
import { recordAudit } from "../../platform/audit.js";
import { type Queryable, withTransaction } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import { isUuid } from "../../platform/ids.js";
import type { WorkflowNode } from "../modules/module.js";
import { parseWorkflowDefinition, type WorkflowDefinition } from "./parse-workflow.js";

export interface StoredWorkflow {
  id: string;
  name: string;
  status: "draft" | "live" | "archived";
  is_default: boolean;
  nodes: WorkflowNode[];
  branding: Record<string, unknown>;
}

/** A new tenant's live default (design: ID_VERIFICATION, LIVENESS with PASSIVE, FACE_MATCH, AML_SCREENING). */
export const STANDARD_KYC_NODES: WorkflowNode[] = [
  { id: "document", feature: "ID_VERIFICATION", enabled: true, config: {} },
  { id: "liveness", feature: "LIVENESS", enabled: true, config: { method: "PASSIVE" } },
  { id: "face_match", feature: "FACE_MATCH", enabled: true, config: {} },
  { id: "aml", feature: "AML_SCREENING", enabled: true, config: {} },
];

export async function createWorkflow(
  db: Queryable,
  tenantId: string,
  input: unknown,
  options: { makeDefault?: boolean; actor?: string } = {},
): Promise<{ id: string }> {
  const definition = parseWorkflowDefinition(input);
  return insertWorkflow(db, tenantId, definition, options);
}

async function insertWorkflow(
  db: Queryable,
  tenantId: string,
  definition: WorkflowDefinition,
  options: { makeDefault?: boolean; actor?: string } = {},
): Promise<{ id: string }> {
  if (options.makeDefault && definition.status !== "live") {
    throw new AppError("invalid_workflow", { message: "the default workflow must be live" });
  }
  return withTransaction(db, async (tx) => {
    if (options.makeDefault) {
      await tx
        .updateTable("workflows")
        .set({ is_default: false })
        .where("tenant_id", "=", tenantId)
        .execute();
    }
    const row = await tx
      .insertInto("workflows")
      .values({
        tenant_id: tenantId,
        name: definition.name,
        status: definition.status,
        is_default: options.makeDefault ?? false,
        nodes: JSON.stringify(definition.nodes),
        branding: JSON.stringify(definition.branding),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(tx, {
      tenantId,
      actor: options.actor ?? "operator",
      action: "workflow.create",
      target: row.id,
      data: { name: definition.name, default: options.makeDefault ?? false },
    });
    return { id: row.id };
  });
}

export async function listWorkflows(db: Queryable, tenantId: string): Promise<StoredWorkflow[]> {
  return db
    .selectFrom("workflows")
    .select(["id", "name", "status", "is_default", "nodes", "branding"])
    .where("tenant_id", "=", tenantId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** The workflow a new session runs: the named one (404 when unknown, another tenant's, or not live) or the default. */
export async function workflowForSession(
  db: Queryable,
  tenantId: string,
  workflowId?: string,
): Promise<StoredWorkflow> {
  return liveWorkflow(await workflowForSessionQuery(db, tenantId, workflowId).executeTakeFirst());
}

/** workflowForSession's read, for a caller that adds columns to the same round trip; check with liveWorkflow. */
export function workflowForSessionQuery(db: Queryable, tenantId: string, workflowId?: string) {
  const query = db
    .selectFrom("workflows")
    .select(["id", "name", "status", "is_default", "nodes", "branding"])
    .where("tenant_id", "=", tenantId);
  if (workflowId === undefined) return query.where("is_default", "=", true);
  if (!isUuid(workflowId)) throw workflowNotFound();
  return query.where("id", "=", workflowId);
}

/** The row of workflowForSessionQuery, or 404 when there is none or it is not live. */
export function liveWorkflow<T extends { status: string }>(workflow: T | undefined): T {
  if (workflow?.status !== "live") throw workflowNotFound();
  return workflow;
}

function workflowNotFound(): AppError {
  return new AppError("workflow_not_found", { detail: "Workflow not found." });
}

export async function setWorkflowStatus(
  db: Queryable,
  tenantId: string,
  workflowId: string,
  status: "draft" | "live" | "archived",
): Promise<void> {
  if (!isUuid(workflowId)) throw workflowNotFound();
  const row = await db
    .updateTable("workflows")
    .set({ status, updated_at: sql`now()` })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", workflowId)
    .where((eb) => (status === "live" ? eb.val(true) : eb("is_default", "=", false)))
    .returning("id")
    .executeTakeFirst();
  if (!row) {
    throw new AppError("invalid_workflow", {
      message: "No such workflow, or it is the default (which must stay live).",
    });
  }
}

export async function setDefaultWorkflow(db: Queryable, tenantId: string, workflowId: string): Promise<void> {
  const workflow = await workflowForSession(db, tenantId, workflowId);
  await withTransaction(db, async (tx) => {
    await tx.updateTable("workflows").set({ is_default: false }).where("tenant_id", "=", tenantId).execute();
    await tx.updateTable("workflows").set({ is_default: true }).where("id", "=", workflow.id).execute();
  });
}
