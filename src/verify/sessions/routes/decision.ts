// GET /v3/session/{session_id}/decision/ — the compact decision summary.
import { z } from "zod";
import { type App, tenantOf } from "../../../platform/http/app.js";
import type { Services } from "../../../services.js";
import { getDecisionSummary } from "../session-checks.js";
import { sessionIdParams } from "../session-schemas.js";

export function registerSessionDecisionRoute(app: App, services: Services): void {
  app.get(
    "/session/:session_id/decision/",
    {
      config: { rateBucket: "kyc_v3_read" },
      schema: {
        summary: "Compact decision summary",
        tags: ["sessions"],
        params: sessionIdParams,
        response: {
          200: z.object({
            session_id: z.string(),
            status: z.string(),
            decision: z.string(),
            decision_reason: z.string().nullable(),
            completed_at: z.string().nullable(),
            checks: z.array(
              z.object({
                node_id: z.string(),
                feature: z.string(),
                status: z.string().describe("pending until evaluated, then approved, declined or in_review"),
                score: z.number().nullable(),
                warnings: z.array(z.string()),
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const tenantId = tenantOf(request).tenantId;
      const sessionId = request.params.session_id;
      return services.sessionReads.read("decision", tenantId, sessionId, () =>
        getDecisionSummary(services.db, tenantId, sessionId),
      );
    },
  );
}
