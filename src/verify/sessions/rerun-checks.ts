// An operator re-runs a held session's checks (issue 19: a node that never ran, e.g. AML screening while its
// engine was down, can be run again before anyone approves): in_review → in_progress, then the same decision
// job the applicant's finish runs, over the captures already stored. The result lands as any decision does
// (status, decision_reason, webhook).
import { recordAudit } from "../../platform/audit.js";
import { withTransaction } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import type { Services } from "../../services.js";
import { decideSession } from "../decision/decide-session.js";
import { findSession } from "./find-session.js";
import { transitionSession } from "./transition-session.js";

export async function rerunChecks(
  services: Services,
  input: { tenantId: string; sessionId: string; actor: string },
): Promise<string> {
  await withTransaction(services.db, async (tx) => {
    const session = await findSession(tx, input.tenantId, input.sessionId);
    if (session.status !== "in_review") {
      throw new AppError("session_closed", {
        detail: "Only a session in review can have its checks run again.",
        message: "Only a session in review can have its checks run again.",
      });
    }
    await transitionSession(
      tx,
      {
        tenantId: input.tenantId,
        sessionId: input.sessionId,
        to: "in_progress",
        listeners: services.hooks.sessionStatusChanged,
      },
      { actor: input.actor, reason: "checks_rerun", override: true },
    );
    await recordAudit(tx, {
      tenantId: input.tenantId,
      actor: input.actor,
      action: "session.rerun_checks",
      target: input.sessionId,
    });
  });
  await decideSession(services, input.tenantId, input.sessionId);
  const after = await findSession(services.db, input.tenantId, input.sessionId);
  return after.status;
}
