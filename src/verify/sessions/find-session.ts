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

export async function findSession(db: Queryable, tenantId: string, sessionId: string): Promise<SessionRow> {
  if (!isUuid(sessionId)) throw sessionNotFound();
  const row = await db
    .selectFrom("sessions")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("id", "=", sessionId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!row) throw sessionNotFound();
  return row;
}
