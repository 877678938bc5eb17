// GET /api/v1/lists/ (spec: Partner surface — risk lists, filtered by type and active).
import { z } from "zod";
import { type App, tenantOf } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { riskListSchema } from "../partner-schemas.js";
import { listRiskLists } from "./risk-lists.js";

export function registerGetListsRoute(app: App, services: Services): void {
  app.get(
    "/lists/",
    {
      config: { rateBucket: "partner_read" },
      schema: {
        summary: "The tenant's risk lists",
        tags: ["partner lists"],
        querystring: z.object({
          type: z.string().optional().describe("phone, email or identifier; anything else is a 400."),
          active: z
            .string()
            .optional()
            .describe("1, true, yes: active lists only; other values: inactive only."),
        }),
        response: { 200: z.object({ ok: z.literal(true), lists: z.array(riskListSchema) }) },
      },
    },
    async (request) => ({
      ok: true as const,
      lists: await listRiskLists(services.db, tenantOf(request).tenantId, request.query),
    }),
  );
}
