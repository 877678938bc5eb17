// PATCH /api/v1/lists/{list_id}/ (spec: name, description, is_active are mutable; `type` is silently ignored).
import { z } from "zod";
import { type App, tenantOf } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { listParams, riskListResponse } from "../partner-schemas.js";
import { updateRiskList } from "./risk-lists.js";

export function registerUpdateListRoute(app: App, services: Services): void {
  app.patch(
    "/lists/:list_id/",
    {
      schema: {
        summary: "Rename, describe, activate or deactivate a risk list",
        tags: ["partner lists"],
        params: listParams,
        body: z.object({
          name: z.string().optional(),
          description: z.string().optional(),
          is_active: z.boolean().optional(),
        }),
        response: { 200: riskListResponse },
      },
    },
    async (request) => ({
      ok: true as const,
      list: await updateRiskList(
        services.db,
        tenantOf(request).tenantId,
        request.params.list_id,
        request.body,
      ),
    }),
  );
}
