// Session sweeps on the database clock: lapsed links expire or are abandoned (see below), and
// idempotency records older than 24 hours are dropped (design: idempotency keys live 24 h).
import { sql } from "kysely";
import { z } from "zod";
import { withTransaction } from "../../platform/db/transaction.js";
import { defineJob } from "../../platform/jobs/catalog.js";
import type { Services } from "../../services.js";
import type { SessionStatus } from "./session-states.js";
import { transitionSession } from "./transition-session.js";

/**
 * spec: States — a lapsed `not_started` link expires (signed `expired` event); a session the applicant
 * started but did not complete before `expires_at` is `abandoned` ("in_progress — applicant leaves or session
 * closed — incomplete"), as are sessions waiting on the applicant (awaiting_user, resubmitted).
 */
export const LAPSE_TO: Partial<Record<SessionStatus, SessionStatus>> = {
  not_started: "expired",
  in_progress: "abandoned",
  awaiting_user: "abandoned",
  resubmitted: "abandoned",
};
const LAPSING = Object.keys(LAPSE_TO) as SessionStatus[];

/**
 * Moves one session whose `expires_at` passed to its lapsed status, re-read under the row lock so an
 * applicant who finished meanwhile wins. Used by the sweep and by applicant calls that arrive first.
 */
export async function lapseSession(
  services: Services,
  session: { id: string; tenant_id: string },
): Promise<void> {
  await withTransaction(services.db, async (tx) => {
    const still = await tx
      .selectFrom("sessions")
      .select("status")
      .where("id", "=", session.id)
      .where("status", "in", LAPSING)
      .forUpdate()
      .executeTakeFirst();
    const to = still ? LAPSE_TO[still.status as SessionStatus] : undefined;
    if (!to) return;
    await transitionSession(
      tx,
      {
        tenantId: session.tenant_id,
        sessionId: session.id,
        to,
        listeners: services.hooks.sessionStatusChanged,
      },
      { actor: "system", reason: to === "expired" ? "link_expired" : "session_lapsed" },
    );
  });
}

export async function expireLapsedSessions(services: Services, batch = 500): Promise<number> {
  const due = await services.db
    .selectFrom("sessions")
    .select(["id", "tenant_id"])
    .where("status", "in", LAPSING)
    .where("deleted_at", "is", null)
    .where("expires_at", "<=", sql<Date>`now()`)
    .orderBy("expires_at")
    .limit(batch)
    .execute();
  for (const session of due) await lapseSession(services, session);
  return due.length;
}

export const expireSessionsJob = defineJob({
  name: "sessions.expire",
  payload: z.object({}).passthrough(),
  timeoutMs: 5 * 60_000,
  maxAttempts: 3,
  cron: { everyMs: 60_000 },
  async run(_payload, services: Services) {
    while ((await expireLapsedSessions(services)) === 500) {
      // keep going until the backlog is gone
    }
  },
});

export const pruneIdempotencyKeysJob = defineJob({
  name: "sessions.prune-idempotency-keys",
  payload: z.object({}).passthrough(),
  timeoutMs: 60_000,
  maxAttempts: 3,
  cron: { everyMs: 3_600_000 },
  async run(_payload, services: Services) {
    await services.db
      .deleteFrom("idempotency_keys")
      .where("created_at", "<", sql<Date>`now() - interval '24 hours'`)
      .execute();
  },
});

/**
 * design: `kyc_expired` — an approved session whose identity document has passed its expiry date
 * (the ID_VERIFICATION result's `fields.expiry_date`, ISO) moves there in a daily sweep.
 */
export async function expireLapsedDocuments(services: Services, batch = 500): Promise<number> {
  const due = await sql<{ id: string; tenant_id: string }>`
    SELECT DISTINCT s.id, s.tenant_id
    FROM sessions s JOIN session_nodes n ON n.session_id = s.id AND n.tenant_id = s.tenant_id
    WHERE s.status = 'approved' AND s.deleted_at IS NULL AND n.feature = 'ID_VERIFICATION'
      AND (n.result -> 'data' -> 'fields' ->> 'expiry_date') ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
      AND (n.result -> 'data' -> 'fields' ->> 'expiry_date')::date < (now() AT TIME ZONE 'UTC')::date
    LIMIT ${batch}`.execute(services.db);
  for (const session of due.rows) {
    await withTransaction(services.db, (tx) =>
      transitionSession(
        tx,
        {
          tenantId: session.tenant_id,
          sessionId: session.id,
          to: "kyc_expired",
          listeners: services.hooks.sessionStatusChanged,
        },
        { reason: "document_expired" },
      ),
    );
  }
  return due.rows.length;
}

export const expireDocumentsJob = defineJob({
  name: "sessions.kyc-expire",
  payload: z.object({}).passthrough(),
  timeoutMs: 10 * 60_000,
  maxAttempts: 3,
  cron: { everyMs: 24 * 3_600_000 },
  async run(_payload, services: Services) {
    while ((await expireLapsedDocuments(services)) === 500) {
      // keep going until the backlog is gone
    }
  },
});

export const sessionJobs = [expireSessionsJob, pruneIdempotencyKeysJob, expireDocumentsJob];
