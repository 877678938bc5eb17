// POST /console/api/tenants/:tenant_id/sessions/:session_id/review {decision, reason}: resolves a session held
// in review (spec: in_review → approved or declined), with its review row, log, audit and webhook in one
// transaction.
import { z } from "zod";
import { withTransaction } from "../../platform/db/transaction.js";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { resolveReview } from "../../verify/sessions/record-review.js";
import { sessionIdParams } from "../../verify/sessions/session-schemas.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

const body = z.object({
  decision: z.enum(["approved", "declined"]).describe("The review's outcome."),
  reason: z.string().max(2000).default("").describe("Why; stored with the review and sent in the webhook."),
});

export function registerConsoleReviewSessionRoute(app: App, services: Services): void {
  app.post(
    "/sessions/:session_id/review",
    {
      config: { consoleRole: "reviewer" },
      schema: {
        summary: "Resolve a session in review",
        tags: CONSOLE_TAGS,
        params: tenantParams.extend(sessionIdParams.shape),
        body,
        response: {
          200: z.object({ session_id: z.string(), status: z.enum(["approved", "declined"]) }),
        },
      },
    },
    async (request) => {
      const { tenant_id: tenantId, session_id: sessionId } = request.params;
      const { decision, reason } = request.body;
      // resolveReview writes the audit row itself, with the reviewer as actor.
      await withTransaction(services.db, (tx) =>
        resolveReview(
          tx,
          { tenantId, sessionId, reviewer: operatorOf(request).actor, decision, reason },
          services.hooks.sessionStatusChanged,
        ),
      );
      return { session_id: sessionId, status: decision };
    },
  );
}
