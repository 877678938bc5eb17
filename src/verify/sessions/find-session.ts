// Tenant-scoped session lookup: unknown, deleted and other tenants' ids all answer 404 "Session not found.".
import type { Selectable } from "kysely";
import type { Queryable } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import { isUuid } from "../../platform/ids.js";
import type { SessionsTable } from "../session-tables.js";

export type SessionRow = Selectable<SessionsTable>;

export function sessionNotFound(): AppError {
  return new AppError("session_not_found", { detail: "Session not found.", message: "Session not found." });
}

/**
 * A select from the tenant's live (not deleted) session with this id; 404 at once for an id that is no
 * UUID. Every session read starts here and adds its own columns.
 */
export function tenantSession(db: Queryable, tenantId: string, sessionId: string) {
  if (!isUuid(sessionId)) throw sessionNotFound();
  return db
    .selectFrom("sessions")
    .where("tenant_id", "=", tenantId)
    .where("id", "=", sessionId)
    .where("deleted_at", "is", null);
}

export async function findSession(db: Queryable, tenantId: string, sessionId: string): Promise<SessionRow> {
  const row = await tenantSession(db, tenantId, sessionId).selectAll().executeTakeFirst();
  if (!row) throw sessionNotFound();
  return row;
}
