// GET /console/api/tenants/:tenant_id/risk-lists: the tenant's risk lists with their entry counts.
import { z } from "zod";
import { listRiskLists } from "../../partner/lists/risk-lists.js";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";
import { riskListSchema } from "./risk-list-schemas.js";

export function registerConsoleListRiskListsRoute(app: App, services: Services): void {
  app.get(
    "/risk-lists",
    {
      schema: {
        summary: "List a tenant's risk lists",
        tags: CONSOLE_TAGS,
        params: tenantParams,
        response: { 200: z.array(riskListSchema) },
      },
    },
    async (request) => listRiskLists(services.db, request.params.tenant_id, {}),
  );
}
