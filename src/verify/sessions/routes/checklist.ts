// GET /v3/session/{session_id}/checklist/ — what each step has collected so far, with the session's stage.
import { z } from "zod";
import { type App, tenantOf } from "../../../platform/http/app.js";
import type { Services } from "../../../services.js";
import { getSessionChecklist } from "../session-checks.js";
import { sessionIdParams } from "../session-schemas.js";

export function registerSessionChecklistRoute(app: App, services: Services): void {
  app.get(
    "/session/:session_id/checklist/",
    {
      config: { rateBucket: "kyc_v3_read" },
      schema: {
        summary: "Evidence checklist",
        tags: ["sessions"],
        params: sessionIdParams,
        response: {
          200: z.object({
            session_id: z.string(),
            stage: z.string(),
            status: z.string(),
            items: z.array(
              z.object({
                node_id: z.string(),
                feature: z.string(),
                state: z.enum(["pending", "captured", "evaluated"]),
                status: z.string().nullable(),
                evidence_count: z.number().int(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const tenantId = tenantOf(request).tenantId;
      return getSessionChecklist(services.db, tenantId, request.params.session_id);
    },
  );
}
