// PATCH /v3/session/{session_id}/update-status/ — the operator's authoritative override; fires the matching
// webhook. Resolving an in_review session to approved/declined is also recorded as a review.
import { z } from "zod";
import { type App, tenantOf } from "../../../platform/http/app.js";
import type { Services } from "../../../services.js";
import { overrideSessionStatus } from "../override-status.js";
import { sessionIdParams } from "../session-schemas.js";
import { SESSION_STATUSES } from "../session-states.js";

export function registerUpdateStatusRoute(app: App, services: Services): void {
  app.patch(
    "/session/:session_id/update-status/",
    {
      config: { rateBucket: "kyc_v3_read" },
      schema: {
        summary: "Override a session's status",
        tags: ["sessions"],
        params: sessionIdParams,
        body: z.object({
          status: z.enum(SESSION_STATUSES, { error: "invalid_status" }),
          reason: z.string().max(1000).optional(),
        }),
        response: {
          200: z.object({
            id: z.string(),
            status: z.string(),
            decision: z.string(),
            stage: z.string(),
            completed_at: z.string().nullable(),
          }),
        },
      },
    },
    async (request) => {
      const tenantId = tenantOf(request).tenantId;
      const { status, reason } = request.body;
      const updated = await overrideSessionStatus(services, {
        tenantId,
        sessionId: request.params.session_id,
        status,
        reason,
      });
      return {
        id: updated.id,
        status: updated.status,
        decision: updated.decision,
        stage: updated.stage,
        completed_at: updated.completed_at?.toISOString() ?? null,
      };
    },
  );
}
