// Audit rows are written in the same transaction as the change they describe (style habit 5).
import type { Queryable } from "./db/transaction.js";

export interface AuditEntry {
  tenantId: string | null;
  actor: string;
  action: string;
  target?: string;
  data?: Record<string, unknown>;
}

export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      tenant_id: entry.tenantId,
      actor: entry.actor,
      action: entry.action,
      target: entry.target ?? "",
      data: JSON.stringify(entry.data ?? {}),
    })
    .execute();
}
