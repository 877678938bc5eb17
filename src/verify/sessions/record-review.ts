// An operator's resolution of a held session (spec: in_review → approved or declined; recorded in `reviews`).
import { recordAudit } from "../../platform/audit.js";
import type { Tx } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import { findSession } from "./find-session.js";
import { logSessionEvent } from "./session-log.js";
import { type SessionStatusListener, transitionSession } from "./transition-session.js";

export interface ReviewInput {
  tenantId: string;
  sessionId: string;
  reviewer: string;
  decision: "approved" | "declined";
  reason: string;
}

export async function recordReview(tx: Tx, input: ReviewInput): Promise<void> {
  await tx
    .insertInto("session_reviews")
    .values({
      tenant_id: input.tenantId,
      session_id: input.sessionId,
      reviewer: input.reviewer,
      decision: input.decision,
      reason: input.reason,
    })
    .execute();
  await logSessionEvent(tx, {
    tenantId: input.tenantId,
    sessionId: input.sessionId,
    type: "review.resolved",
    actor: input.reviewer,
    data: { decision: input.decision, reason: input.reason },
  });
  await recordAudit(tx, {
    tenantId: input.tenantId,
    actor: input.reviewer,
    action: "session.review",
    target: input.sessionId,
    data: { decision: input.decision },
  });
}

/** Resolves an in_review session; anything else is refused (use update-status for an override). */
export async function resolveReview(
  tx: Tx,
  input: ReviewInput,
  listeners: readonly SessionStatusListener[],
): Promise<void> {
  const session = await findSession(tx, input.tenantId, input.sessionId);
  if (session.status !== "in_review") {
    throw new AppError("session_closed", {
      detail: "Only a session in review can be resolved.",
      message: "Only a session in review can be resolved.",
    });
  }
  await recordReview(tx, input);
  await transitionSession(
    tx,
    { tenantId: input.tenantId, sessionId: input.sessionId, to: input.decision, listeners },
    {
      actor: input.reviewer,
      reason: input.reason || null,
    },
  );
}
