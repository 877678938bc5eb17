// GET /v3/session/{session_id}/checklist/ — what each step has collected so far, with the session's stage.
import { z } from "zod";
import { type App, tenantOf } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { findSession } from "./find-session.js";
import { sessionIdParams } from "./session-schemas.js";

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
      const session = await findSession(services.db, tenantId, request.params.session_id);
      const nodes = await services.db
        .selectFrom("session_nodes")
        .select(["node_id", "feature", "state", "result", "captures"])
        .where("tenant_id", "=", tenantId)
        .where("session_id", "=", session.id)
        .orderBy("position")
        .execute();
      return {
        session_id: session.id,
        stage: session.stage,
        status: session.status,
        items: nodes.map((node) => ({
          node_id: node.node_id,
          feature: node.feature,
          state: node.state,
          status: node.result?.status ?? null,
          evidence_count: countEvidence(node.captures),
        })),
      };
    },
  );
}

/** Captured files are stored under keys ending in `_path` (see the modules' submit). */
function countEvidence(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + countEvidence(item), 0);
  if (!value || typeof value !== "object") return 0;
  return Object.entries(value).reduce(
    (sum, [key, item]) => sum + (key.endsWith("_path") && typeof item === "string" ? 1 : countEvidence(item)),
    0,
  );
}
