// GET /v3/session/{session_id}/logs/ — the chronological event list.
import { z } from "zod";
import { type App, tenantOf } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { findSession } from "./find-session.js";
import { sessionIdParams } from "./session-schemas.js";

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
      const session = await findSession(services.db, tenantId, request.params.session_id);
      const rows = await services.db
        .selectFrom("session_events")
        .select(["id", "type", "actor", "data", "created_at"])
        .where("tenant_id", "=", tenantId)
        .where("session_id", "=", session.id)
        .orderBy("id")
        .execute();
      return rows.map((row) => ({ ...row, id: String(row.id), created_at: row.created_at.toISOString() }));
    },
  );
}
