// Every status change goes through here: the row, its log entry, the signed webhook (outbox) and, for a
// partner application's session, the application's outcome commit together.
import { sql } from "kysely";
import type { Tx } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import { newId } from "../../platform/ids.js";
import { enqueueWebhookEvent } from "../../webhooks/enqueue-event.js";
import { logSessionEvent } from "./session-log.js";
import {
  ALLOWED_MOVES,
  decisionFor,
  eventTypeFor,
  type SessionStatus,
  stageFor,
  TERMINAL_STATUSES,
} from "./session-states.js";

export interface TransitionOptions {
  actor?: string;
  reason?: string | null;
  /** Operators may set any valid status (spec: update-status is an authoritative override). */
  override?: boolean;
}

/** Runs in the transaction of a move of a session that belongs to a partner application. */
export type SessionStatusListener = (
  tx: Tx,
  session: { tenantId: string; sessionId: string; applicationId: string; status: SessionStatus },
) => Promise<void>;

export interface SessionMove {
  tenantId: string;
  sessionId: string;
  to: SessionStatus;
  /** The composition root's list (`services.hooks.sessionStatusChanged`). */
  listeners: readonly SessionStatusListener[];
}

export async function transitionSession(
  tx: Tx,
  { tenantId, sessionId, to, listeners }: SessionMove,
  options: TransitionOptions = {},
): Promise<void> {
  const session = await tx
    .selectFrom("sessions")
    .select(["status", "vendor_data", "workflow_id", "application_id", "created_at", "test"])
    .where("tenant_id", "=", tenantId)
    .where("id", "=", sessionId)
    .where("deleted_at", "is", null)
    .forUpdate()
    .executeTakeFirst();
  if (!session) throw new AppError("session_not_found", { detail: "Session not found." });
  const from = session.status as SessionStatus;
  if (!options.override && !ALLOWED_MOVES[from].includes(to)) {
    throw new AppError("session_closed", { detail: `Session cannot move from ${from} to ${to}.` });
  }
  const terminal = TERMINAL_STATUSES.includes(to);
  const updated = await tx
    .updateTable("sessions")
    .set({
      status: to,
      decision: decisionFor(to),
      stage: stageFor(to),
      decision_reason: options.reason ?? null,
      completed_at: terminal ? sql`coalesce(completed_at, now())` : null,
      started_at: to === "in_progress" ? sql`coalesce(started_at, now())` : sql`started_at`,
      updated_at: sql`now()`,
    })
    .where("id", "=", sessionId)
    .returning(["completed_at"])
    .executeTakeFirstOrThrow();
  await logSessionEvent(tx, {
    tenantId,
    sessionId,
    type: `status.${to}`,
    actor: options.actor,
    data: { from, to, ...(options.reason ? { reason: options.reason } : {}) },
  });
  const eventType = eventTypeFor(to);
  if (eventType) {
    const eventId = newId();
    // spec: Events — the session payload is flat.
    await enqueueWebhookEvent(tx, {
      id: eventId,
      tenantId,
      eventType,
      sessionId,
      applicationId: session.application_id,
      payload: {
        session_id: sessionId,
        status: to,
        decision: decisionFor(to),
        decision_reason: options.reason ?? null,
        vendor_data: session.vendor_data,
        workflow_id: session.workflow_id,
        application_id: session.application_id,
        created_at: session.created_at.toISOString(),
        completed_at: updated.completed_at?.toISOString() ?? null,
        event_type: eventType,
        idempotency_key: eventId,
        // design: Sandbox — a test session's events say so; live payloads keep exactly the spec's fields.
        ...(session.test ? { test: true } : {}),
      },
    });
  }
  if (session.application_id) {
    for (const listener of listeners) {
      await listener(tx, { tenantId, sessionId, applicationId: session.application_id, status: to });
    }
  }
}
