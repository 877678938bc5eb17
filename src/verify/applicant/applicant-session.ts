// The applicant API is authorised by the session token in its URL, never by an API key. Guards every call
// passes (issue 22): the token is looked up by its hash, a suspended tenant's sessions answer nothing, a
// session past `expires_at` lapses on the spot (spec: States — not_started → expired; a started session that
// did not complete → abandoned), and calls that change a session are rate-limited per session.
import { sql } from "kysely";
import { withTransaction } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import type { Services } from "../../services.js";
import { type SessionRow, sessionNotFound } from "../sessions/find-session.js";
import { LAPSE_TO, lapseSession } from "../sessions/session-jobs.js";
import { logSessionEvent } from "../sessions/session-log.js";
import type { SessionStatus } from "../sessions/session-states.js";
import { transitionSession } from "../sessions/transition-session.js";
import { sessionIdFromToken, sessionTokenHash } from "./session-token.js";

/** The session a token opens, after the suspended-tenant and expiry guards (read calls: GET state). */
export async function sessionByToken(services: Services, token: string): Promise<SessionRow> {
  const session = await findByToken(services, token);
  await refuseSuspendedTenant(services, session);
  return lapseIfDue(services, session);
}

/**
 * The session a token opens for a call that changes it (steps, consent, finish): the read guards, then
 * 410 `link_expired` once its time is up and 429 over the per-session rate.
 */
export async function sessionForCapture(services: Services, token: string): Promise<SessionRow> {
  const session = await sessionByToken(services, token);
  if (session.status === "expired" || session.decision_reason === "session_lapsed") {
    throw new AppError("link_expired", {
      detail: "link_expired",
      message: "This link has expired; ask for a new one.",
    });
  }
  const decision = await services.rateLimiter.hit(
    session.id,
    "applicant_steps",
    services.config.applicantStepsPerMinute,
  );
  if (!decision.allowed) {
    throw new AppError("rate_limited", {
      detail: "rate_limited",
      message: "Too many requests; retry after the Retry-After delay.",
      headers: { "Retry-After": String(decision.retryAfterSeconds) },
    });
  }
  return session;
}

async function findByToken(services: Services, token: string): Promise<SessionRow> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) throw sessionNotFound();
  const byHash = await services.db
    .selectFrom("sessions")
    .selectAll()
    .where("token_hash", "=", sessionTokenHash(token))
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (byHash) return byHash;
  // A session created before migration 0011 stores the hash of its original random token; the URL its reads
  // now show is derived from its id, and verifies by MAC.
  const id = sessionIdFromToken(services.config, token);
  const byId = id
    ? await services.db
        .selectFrom("sessions")
        .selectAll()
        .where("id", "=", id)
        .where("deleted_at", "is", null)
        .executeTakeFirst()
    : undefined;
  if (!byId) throw sessionNotFound();
  return byId;
}

async function refuseSuspendedTenant(services: Services, session: SessionRow): Promise<void> {
  const tenant = await services.db
    .selectFrom("tenants")
    .select("status")
    .where("id", "=", session.tenant_id)
    .executeTakeFirst();
  if (tenant?.status !== "active") {
    throw new AppError("tenant_suspended", {
      detail: "tenant_suspended",
      message: "This verification is not available at the moment.",
    });
  }
}

/** Applies the sweep's move now when the session's time is up (the sweep may not have run yet). */
async function lapseIfDue(services: Services, session: SessionRow): Promise<SessionRow> {
  if (!LAPSE_TO[session.status as SessionStatus]) return session;
  const lapsed = await sql<{ lapsed: boolean }>`SELECT ${session.expires_at} <= now() AS lapsed`.execute(
    services.db,
  );
  if (!lapsed.rows[0]?.lapsed) return session;
  await lapseSession(services, session);
  return reread(services, session.id);
}

async function reread(services: Services, id: string): Promise<SessionRow> {
  return services.db.selectFrom("sessions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/**
 * Opening the link: `not_started` → `in_progress` (spec: the applicant enters the hosted flow); a session an
 * operator sent back (`resubmitted`) moves to `in_progress` the same way when the applicant returns.
 */
export async function openSession(services: Services, session: SessionRow): Promise<SessionRow> {
  if (session.status !== "not_started" && session.status !== "resubmitted") return session;
  const returning = session.status === "resubmitted";
  await withTransaction(services.db, async (tx) => {
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
      type: returning ? "applicant.returned" : "applicant.opened",
      actor: "applicant",
    });
  });
  return reread(services, session.id);
}
