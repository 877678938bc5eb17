// The applicant API is authorised by the session token in its URL, never by an API key.
import { sql } from "kysely";
import { withTransaction } from "../../platform/db/transaction.js";
import type { Services } from "../../services.js";
import { type SessionRow, sessionNotFound } from "../sessions/find-session.js";
import { logSessionEvent } from "../sessions/session-log.js";
import { transitionSession } from "../sessions/transition-session.js";

export async function sessionByToken(services: Services, token: string): Promise<SessionRow> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) throw sessionNotFound();
  const row = await services.db
    .selectFrom("sessions")
    .selectAll()
    .where("token", "=", token)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!row) throw sessionNotFound();
  return row;
}

/**
 * Opening the link: a lapsed `not_started` session expires now (the sweep may not have run yet);
 * otherwise `not_started` → `in_progress` (spec: the applicant enters the hosted flow).
 */
export async function openSession(services: Services, session: SessionRow): Promise<SessionRow> {
  if (session.status !== "not_started") return session;
  const lapsed = await sql<{ lapsed: boolean }>`SELECT ${session.expires_at} <= now() AS lapsed`.execute(
    services.db,
  );
  await withTransaction(services.db, async (tx) => {
    if (lapsed.rows[0]?.lapsed) {
      await transitionSession(
        tx,
        {
          tenantId: session.tenant_id,
          sessionId: session.id,
          to: "expired",
          listeners: services.hooks.sessionStatusChanged,
        },
        {
          actor: "system",
          reason: "link_expired",
        },
      );
    } else {
      await transitionSession(
        tx,
        {
          tenantId: session.tenant_id,
          sessionId: session.id,
          to: "in_progress",
          listeners: services.hooks.sessionStatusChanged,
        },
        { actor: "applicant" },
      );
      await logSessionEvent(tx, {
        tenantId: session.tenant_id,
        sessionId: session.id,
        type: "applicant.opened",
        actor: "applicant",
      });
    }
  });
  return sessionByToken(services, session.token);
}
