// GET /console/api/tenants/:tenant_id/workflows: every workflow with its nodes and branding.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { listWorkflows } from "../../verify/workflows/workflows.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

export const consoleWorkflowSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(["draft", "live", "archived"]),
  is_default: z.boolean(),
  nodes: z
    .array(
      z.object({
        id: z.string(),
        feature: z.string(),
        enabled: z.boolean(),
        config: z.record(z.string(), z.unknown()),
      }),
    )
    .describe("Module nodes in graph order."),
  branding: z.record(z.string(), z.unknown()),
});

export function registerConsoleListWorkflowsRoute(app: App, services: Services): void {
  app.get(
    "/workflows",
    {
      schema: {
        summary: "List a tenant's workflows",
        tags: CONSOLE_TAGS,
        params: tenantParams,
        response: { 200: z.array(consoleWorkflowSchema) },
      },
    },
    async (request) => listWorkflows(services.db, request.params.tenant_id),
  );
}
