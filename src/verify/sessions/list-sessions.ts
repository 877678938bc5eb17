// One page of a tenant's sessions, newest first, with the total (GET /v3/session/ and the console share it).
import { sql } from "kysely";
import type { Queryable } from "../../platform/db/transaction.js";
import { type SessionUrlConfig, serializeSessions } from "./serialize-session.js";
import { sessionPartColumns, sessionViewColumns } from "./session-parts.js";

export interface ListSessionsQuery {
  status?: string;
  sessionKind?: string;
  page: number;
  pageSize: number;
  /** Only test (true) or only live (false) sessions; the console leaves it out and sees both. */
  test?: boolean;
}

export async function listSessions(
  db: Queryable,
  urls: SessionUrlConfig,
  tenantId: string,
  query: ListSessionsQuery,
) {
  let scoped = db.selectFrom("sessions").where("tenant_id", "=", tenantId).where("deleted_at", "is", null);
  if (query.status) scoped = scoped.where("status", "=", query.status);
  if (query.sessionKind) scoped = scoped.where("session_kind", "=", query.sessionKind);
  if (query.test !== undefined) scoped = scoped.where("test", "=", query.test);
  const [{ total }, rows] = await Promise.all([
    scoped.select(sql<number>`count(*)::int`.as("total")).executeTakeFirstOrThrow(),
    scoped
      .select(sessionViewColumns)
      .select(sessionPartColumns)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);
  return { total, sessions: await serializeSessions(db, urls, rows) };
}
