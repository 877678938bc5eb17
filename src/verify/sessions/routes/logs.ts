// GET /v3/session/{session_id}/logs/ — the chronological event list.
import { z } from "zod";
import { type App, tenantOf } from "../../../platform/http/app.js";
import type { Services } from "../../../services.js";
import { listSessionEvents } from "../session-log.js";
import { sessionIdParams } from "../session-schemas.js";

export function registerSessionLogsRoute(app: App, services: Services): void {
  app.get(
    "/session/:session_id/logs/",
    {
      config: { rateBucket: "kyc_v3_read" },
      schema: {
        summary: "Session event log, oldest first",
        tags: ["sessions"],
        params: sessionIdParams,
        response: {
          200: z.array(
            z.object({
              id: z.string(),
              type: z
                .string()
                .describe("session.created, status.<status>, step.<node_id>.submitted, review.resolved…"),
              actor: z.string().describe("api, applicant, system, operator"),
              data: z.record(z.string(), z.unknown()),
              created_at: z.string(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const tenantId = tenantOf(request).tenantId;
      return listSessionEvents(services.db, tenantId, request.params.session_id);
    },
  );
}
