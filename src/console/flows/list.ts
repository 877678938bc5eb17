// GET /console/api/tenants/:tenant_id/flows: the tenant's partner flows.
import { z } from "zod";
import { listFlows } from "../../partner/flows/flows.js";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";
import { flowSchema } from "./flow-schemas.js";

export function registerConsoleListFlowsRoute(app: App, services: Services): void {
  app.get(
    "/flows",
    {
      schema: {
        summary: "List a tenant's flows",
        tags: CONSOLE_TAGS,
        params: tenantParams,
        response: { 200: z.array(flowSchema) },
      },
    },
    async (request) => listFlows(services.db, request.params.tenant_id),
  );
}
