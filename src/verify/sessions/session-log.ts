// The session's chronological event log (GET /v3/session/{id}/logs/), written in the transaction of the change.
import type { Queryable } from "../../platform/db/transaction.js";

export async function logSessionEvent(
  db: Queryable,
  entry: {
    tenantId: string;
    sessionId: string;
    type: string;
    actor?: string;
    data?: Record<string, unknown>;
  },
): Promise<void> {
  await db
    .insertInto("session_events")
    .values({
      tenant_id: entry.tenantId,
      session_id: entry.sessionId,
      type: entry.type,
      actor: entry.actor ?? "system",
      data: JSON.stringify(entry.data ?? {}),
    })
    .execute();
}
