// VIDEO_CALL state machine (issue 17). Every move re-reads the call under its row lock and commits with its
// session log entry and, when the session moves between awaiting_user and in_progress, the session's own
// transition (webhook outbox included). waiting → ringing (an agent takes it) → active (the applicant's page
// answers) → completed (the agent's verdict); any open state → abandoned (the applicant left or was lost).
import { sql } from "kysely";
import type { Queryable, Tx } from "../../platform/db/transaction.js";
import { withTransaction } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import { isUuid } from "../../platform/ids.js";
import { logSessionEvent } from "../sessions/session-log.js";
import type { SessionStatusListener } from "../sessions/transition-session.js";
import { transitionSession } from "../sessions/transition-session.js";
import { type CallStatus, OPEN_CALL_STATUSES, type Verdict } from "./video-tables.js";

/** The reasons an agent may give with a verdict; `completed` is the ordinary end of a call. */
export const VERDICT_REASONS = [
  "completed",
  "document_mismatch",
  "face_mismatch",
  "suspected_fraud",
  "applicant_unresponsive",
  "technical_problem",
] as const;
export type VerdictReason = (typeof VERDICT_REASONS)[number];
export type AbandonReason = "applicant_left" | "applicant_lost" | "session_closed";

export interface CallScope {
  tenantId: string;
  callId: string;
}

export type CallRow = Awaited<ReturnType<typeof lockCall>>;

function notFound(): AppError {
  return new AppError("not_found", { detail: "not_found", message: "No such video call." });
}

function wrongState(status: CallStatus, action: string): AppError {
  return new AppError("conflict", {
    detail: "call_state_conflict",
    message: `The call is ${status}; it cannot be ${action}.`,
  });
}

async function lockCall(tx: Tx, { tenantId, callId }: CallScope) {
  if (!isUuid(callId) || !isUuid(tenantId)) throw notFound();
  const row = await tx
    .selectFrom("video_calls")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("id", "=", callId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Only the agent who took a call acts on it (screenshots, recording, verdict). */
export function assertAgent(call: { operator_id: string | null }, operatorId: string): void {
  if (call.operator_id !== operatorId) {
    throw new AppError("forbidden", { detail: "not_your_call", message: "Another agent took this call." });
  }
}

/** The session's open call at this node, if any (the applicant's page and socket find theirs this way). */
export function findOpenCall(db: Queryable, sessionId: string, nodeId?: string) {
  let query = db
    .selectFrom("video_calls")
    .selectAll()
    .where("session_id", "=", sessionId)
    .where("status", "in", OPEN_CALL_STATUSES);
  if (nodeId) query = query.where("node_id", "=", nodeId);
  return query.executeTakeFirst();
}

export async function findCall(db: Queryable, { tenantId, callId }: CallScope) {
  if (!isUuid(callId) || !isUuid(tenantId)) return undefined;
  return db
    .selectFrom("video_calls")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("id", "=", callId)
    .executeTakeFirst();
}

/** Moves the session between in_progress and awaiting_user when it is not there already. */
export async function moveSession(
  tx: Tx,
  session: { tenantId: string; sessionId: string },
  to: "awaiting_user" | "in_progress",
  listeners: readonly SessionStatusListener[],
  actor: string,
): Promise<void> {
  const row = await tx
    .selectFrom("sessions")
    .select("status")
    .where("id", "=", session.sessionId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const from = to === "awaiting_user" ? "in_progress" : "awaiting_user";
  if (row.status !== from) return;
  await transitionSession(tx, { ...session, to, listeners }, { actor });
}

async function logCall(tx: Tx, call: { tenant_id: string; session_id: string; id: string }, status: string) {
  // The session log is readable through /v3 (logs): it names the role, never the operator.
  await logSessionEvent(tx, {
    tenantId: call.tenant_id,
    sessionId: call.session_id,
    type: `video_call.${status}`,
    actor: status === "ringing" || status === "completed" ? "agent" : "applicant",
    data: { call_id: call.id },
  });
}

/** The applicant joins the queue: the open call at this node, or a new one (the session awaits the agent). */
export async function joinQueue(
  tx: Tx,
  input: { tenantId: string; sessionId: string; nodeId: string },
  listeners: readonly SessionStatusListener[],
): Promise<{ id: string }> {
  const open = await findOpenCall(tx, input.sessionId, input.nodeId);
  if (open) {
    await touchApplicant(tx, open.id);
    return { id: open.id };
  }
  const call = await tx
    .insertInto("video_calls")
    .values({ tenant_id: input.tenantId, session_id: input.sessionId, node_id: input.nodeId })
    .returning(["id", "tenant_id", "session_id"])
    .executeTakeFirstOrThrow();
  await logCall(tx, call, "waiting");
  await moveSession(tx, input, "awaiting_user", listeners, "applicant");
  return { id: call.id };
}

/** An agent takes a waiting call: it rings on the applicant's page. */
export function takeCall(db: Queryable, scope: CallScope, operatorId: string) {
  return withTransaction(db, async (tx) => {
    const call = await lockCall(tx, scope);
    if (call.status !== "waiting") throw wrongState(call.status, "taken");
    const session = await tx
      .selectFrom("sessions")
      .select(["status", "deleted_at"])
      .where("id", "=", call.session_id)
      .executeTakeFirstOrThrow();
    if (session.status !== "awaiting_user" || session.deleted_at !== null) {
      // The link lapsed, an operator closed the session or it was deleted while the applicant waited.
      await tx
        .updateTable("video_calls")
        .set({ status: "abandoned", verdict_reason: "session_closed", ended_at: sql`now()` })
        .where("id", "=", call.id)
        .execute();
      await logCall(tx, call, "abandoned");
      return { ...call, status: "abandoned" as const };
    }
    await tx
      .updateTable("video_calls")
      .set({ status: "ringing", operator_id: operatorId, ringing_at: sql`now()` })
      .where("id", "=", call.id)
      .execute();
    await logCall(tx, call, "ringing");
    return { ...call, status: "ringing" as const };
  });
}

/** The applicant's page answers a ringing call; the agent's browser starts recording from here. */
export function answerCall(db: Queryable, scope: CallScope) {
  return withTransaction(db, async (tx) => {
    const call = await lockCall(tx, scope);
    if (call.status === "active") return call;
    if (call.status !== "ringing") throw wrongState(call.status, "answered");
    await tx
      .updateTable("video_calls")
      .set({
        status: "active",
        started_at: sql`now()`,
        applicant_seen_at: sql`now()`,
        recording_status: "pending",
      })
      .where("id", "=", call.id)
      .execute();
    await logCall(tx, call, "active");
    return { ...call, status: "active" as const };
  });
}

/**
 * The agent ends an active call with a verdict: the node's step is done (captures name the call) and the
 * session goes back to in_progress, so the applicant's page moves on. Notes stay in this row only.
 */
export function endCall(
  db: Queryable,
  scope: CallScope,
  input: { operatorId: string; verdict: Verdict; reason: VerdictReason; notes?: string | null },
  listeners: readonly SessionStatusListener[],
) {
  return withTransaction(db, async (tx) => {
    const call = await lockCall(tx, scope);
    assertAgent(call, input.operatorId);
    if (call.status !== "active") throw wrongState(call.status, "ended with a verdict");
    await tx
      .updateTable("video_calls")
      .set({
        status: "completed",
        verdict: input.verdict,
        verdict_reason: input.reason,
        notes: input.notes ?? null,
        ended_at: sql`now()`,
      })
      .where("id", "=", call.id)
      .execute();
    await tx
      .updateTable("session_nodes")
      .set({ state: "captured", captures: JSON.stringify({ call_id: call.id }), updated_at: sql`now()` })
      .where("session_id", "=", call.session_id)
      .where("node_id", "=", call.node_id)
      .where("state", "=", "pending")
      .execute();
    await logCall(tx, call, "completed");
    await moveSession(
      tx,
      { tenantId: call.tenant_id, sessionId: call.session_id },
      "in_progress",
      listeners,
      "agent",
    );
    return { ...call, status: "completed" as const };
  });
}

/**
 * The applicant left (their page said so) or was lost (the sweep): the call is abandoned and the session is
 * the applicant's again — the step stays current, so they may join the queue anew while the link lives.
 * No-op on a call already closed, so the page and the sweep may race.
 */
export async function abandonCall(
  tx: Tx,
  scope: CallScope,
  reason: AbandonReason,
  listeners: readonly SessionStatusListener[],
): Promise<boolean> {
  const call = await lockCall(tx, scope);
  if (!OPEN_CALL_STATUSES.includes(call.status)) return false;
  await tx
    .updateTable("video_calls")
    .set({ status: "abandoned", verdict_reason: reason, ended_at: sql`now()` })
    .where("id", "=", call.id)
    .execute();
  await logCall(tx, call, "abandoned");
  await moveSession(
    tx,
    { tenantId: call.tenant_id, sessionId: call.session_id },
    "in_progress",
    listeners,
    "system",
  );
  return true;
}

/** The applicant's socket is alive: keeps the sweep from abandoning the call. */
export async function touchApplicant(db: Queryable, callId: string): Promise<void> {
  await db
    .updateTable("video_calls")
    .set({ applicant_seen_at: sql`now()` })
    .where("id", "=", callId)
    .where("status", "in", OPEN_CALL_STATUSES)
    .execute();
}
