// The session's chronological event log (GET /v3/session/{id}/logs/), written in the transaction of the change.
import type { Queryable } from "../../platform/db/transaction.js";
import { findSession } from "./find-session.js";

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

/** The session's events, oldest first (404 for another tenant's or a deleted session). */
export async function listSessionEvents(db: Queryable, tenantId: string, sessionId: string) {
  const session = await findSession(db, tenantId, sessionId);
  const rows = await db
    .selectFrom("session_events")
    .select(["id", "type", "actor", "data", "created_at"])
    .where("tenant_id", "=", tenantId)
    .where("session_id", "=", session.id)
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ ...row, id: String(row.id), created_at: row.created_at.toISOString() }));
}
