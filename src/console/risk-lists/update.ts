// PATCH /console/api/tenants/:tenant_id/risk-lists/:list_id {name?, description?, is_active?} (the type is fixed).
import { z } from "zod";
import { updateRiskList } from "../../partner/lists/risk-lists.js";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { auditedChange } from "../audited-change.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS } from "../console-schemas.js";
import { listParams, riskListSchema } from "./risk-list-schemas.js";

export function registerConsoleUpdateRiskListRoute(app: App, services: Services): void {
  app.patch(
    "/risk-lists/:list_id",
    {
      schema: {
        summary: "Update a risk list",
        tags: CONSOLE_TAGS,
        params: listParams,
        body: z.object({
          name: z.string().optional(),
          description: z.string().optional(),
          is_active: z.boolean().optional(),
        }),
        response: { 200: riskListSchema },
      },
    },
    async (request) => {
      const { tenant_id: tenantId, list_id: listId } = request.params;
      return auditedChange(
        services,
        operatorOf(request),
        { tenantId, action: "risk_list.update", target: listId, data: { fields: Object.keys(request.body) } },
        (tx) => updateRiskList(tx, tenantId, listId, request.body),
      );
    },
  );
}
