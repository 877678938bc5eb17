// spec: PATCH /v3/session/{id}/update-status/ is an authoritative override: any valid status, logged, with
// the webhook; resolving a held session records the review too. One transaction.
import { withTransaction } from "../../platform/db/transaction.js";
import type { Services } from "../../services.js";
import { findSession } from "./find-session.js";
import { recordReview } from "./record-review.js";
import type { SessionStatus } from "./session-states.js";
import { transitionSession } from "./transition-session.js";

export async function overrideSessionStatus(
  { db, hooks }: Pick<Services, "db" | "hooks">,
  input: { tenantId: string; sessionId: string; status: SessionStatus; reason?: string },
) {
  const { tenantId, status, reason } = input;
  const session = await findSession(db, tenantId, input.sessionId);
  await withTransaction(db, async (tx) => {
    if (session.status === "in_review" && (status === "approved" || status === "declined")) {
      await recordReview(tx, {
        tenantId,
        sessionId: session.id,
        reviewer: "api",
        decision: status,
        reason: reason ?? "",
      });
    }
    await transitionSession(
      tx,
      { tenantId, sessionId: session.id, to: status, listeners: hooks.sessionStatusChanged },
      { actor: "api", reason, override: true },
    );
  });
  return findSession(db, tenantId, session.id);
}
