// An operator asks the applicant to redo named steps of a held session (issue 19): in_review → resubmitted.
// The named applicant steps go back to pending (their captures and results cleared), so the same link reopens
// exactly those steps; the applicant's return moves the session to in_progress (applicant-session.ts) and
// finishing runs the whole decision again. The link stays usable for at least 24 hours (spec: Limits — links
// made from the console expire after 24 hours).
import { sql } from "kysely";
import { recordAudit } from "../../platform/audit.js";
import type { Tx } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import { moduleFor } from "../modules/registry.js";
import { findSession } from "./find-session.js";
import { logSessionEvent } from "./session-log.js";
import { type SessionStatusListener, transitionSession } from "./transition-session.js";

export const RESUBMISSION_LINK_HOURS = 24;

export interface ResubmissionInput {
  tenantId: string;
  sessionId: string;
  /** Node ids of applicant steps in the session's workflow. */
  nodeIds: string[];
  reason: string;
  actor: string;
}

export async function requestResubmission(
  tx: Tx,
  input: ResubmissionInput,
  listeners: readonly SessionStatusListener[],
): Promise<{ node_ids: string[]; expires_at: string }> {
  const session = await findSession(tx, input.tenantId, input.sessionId);
  if (session.status !== "in_review") {
    throw new AppError("session_closed", {
      detail: "Only a session in review can be sent back to the applicant.",
      message: "Only a session in review can be sent back to the applicant.",
    });
  }
  const steps = session.workflow_snapshot.nodes.filter(
    (node) => node.enabled !== false && moduleFor(node.feature)?.step !== undefined,
  );
  const unknown = input.nodeIds.filter((id) => !steps.some((node) => node.id === id));
  if (input.nodeIds.length === 0 || unknown.length > 0) {
    throw new AppError("invalid_step", {
      detail: "invalid_step",
      message: `Name one or more applicant steps of this session (${steps.map((node) => node.id).join(", ")}).`,
    });
  }
  const nodeIds = [...new Set(input.nodeIds)];
  await tx
    .updateTable("session_nodes")
    .set({ state: "pending", captures: "{}", result: null, updated_at: sql`now()` })
    .where("tenant_id", "=", input.tenantId)
    .where("session_id", "=", input.sessionId)
    .where("node_id", "in", nodeIds)
    .execute();
  const extended = await tx
    .updateTable("sessions")
    .set({
      expires_at: sql`greatest(expires_at, now() + make_interval(hours => ${RESUBMISSION_LINK_HOURS}))`,
    })
    .where("id", "=", input.sessionId)
    .returning("expires_at")
    .executeTakeFirstOrThrow();
  await logSessionEvent(tx, {
    tenantId: input.tenantId,
    sessionId: input.sessionId,
    type: "review.resubmission_requested",
    actor: input.actor,
    data: { node_ids: nodeIds, reason: input.reason },
  });
  await recordAudit(tx, {
    tenantId: input.tenantId,
    actor: input.actor,
    action: "session.request_resubmission",
    target: input.sessionId,
    data: { node_ids: nodeIds },
  });
  await transitionSession(
    tx,
    { tenantId: input.tenantId, sessionId: input.sessionId, to: "resubmitted", listeners },
    { actor: input.actor, reason: input.reason || null },
  );
  return { node_ids: nodeIds, expires_at: extended.expires_at.toISOString() };
}
