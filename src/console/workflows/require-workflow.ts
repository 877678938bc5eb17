// Another tenant's workflow id answers 404 like a missing one before a change is attempted (setWorkflowStatus
// itself cannot tell "missing" from "the default").
import type { Queryable } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import { isUuid } from "../../platform/ids.js";

export async function requireWorkflowOf(db: Queryable, tenantId: string, workflowId: string): Promise<void> {
  const row = isUuid(workflowId)
    ? await db
        .selectFrom("workflows")
        .select("id")
        .where("tenant_id", "=", tenantId)
        .where("id", "=", workflowId)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new AppError("workflow_not_found", { detail: "Workflow not found." });
}
