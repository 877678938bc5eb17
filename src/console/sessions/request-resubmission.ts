// POST /console/api/tenants/:tenant_id/sessions/:session_id/request-resubmission {steps, reason}: sends a held
// session back to the applicant for the named steps (in_review → resubmitted); audited with the operator.
import { z } from "zod";
import { withTransaction } from "../../platform/db/transaction.js";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { requestResubmission } from "../../verify/sessions/request-resubmission.js";
import { sessionIdParams } from "../../verify/sessions/session-schemas.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

const body = z.object({
  steps: z.array(z.string().max(100)).min(1).max(20).describe("Node ids of the applicant steps to redo."),
  reason: z.string().max(2000).default("").describe("Why; kept in the session log and as decision_reason."),
});

export function registerConsoleRequestResubmissionRoute(app: App, services: Services): void {
  app.post(
    "/sessions/:session_id/request-resubmission",
    {
      config: { consoleRole: "reviewer" },
      schema: {
        summary: "Request resubmission of named steps",
        description:
          "Only for a session in review. The named steps reopen on the applicant's same link (kept valid at " +
          "least 24 hours); their return moves the session to in_progress and finishing decides it again.",
        tags: CONSOLE_TAGS,
        params: tenantParams.extend(sessionIdParams.shape),
        body,
        response: {
          200: z.object({
            session_id: z.string(),
            status: z.literal("resubmitted"),
            steps: z.array(z.string()),
            expires_at: z.string(),
          }),
        },
      },
    },
    async (request) => {
      const { tenant_id: tenantId, session_id: sessionId } = request.params;
      const done = await withTransaction(services.db, (tx) =>
        requestResubmission(
          tx,
          {
            tenantId,
            sessionId,
            nodeIds: request.body.steps,
            reason: request.body.reason,
            actor: operatorOf(request).actor,
          },
          services.hooks.sessionStatusChanged,
        ),
      );
      return {
        session_id: sessionId,
        status: "resubmitted" as const,
        steps: done.node_ids,
        expires_at: done.expires_at,
      };
    },
  );
}
