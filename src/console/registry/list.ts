// GET /console/api/tenants/:tenant_id/registry-connectors (design: `kyc registry list T`): secrets are never shown.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { listRegistryConnectors } from "../../verify/registry/registry-connectors.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

export const registryConnectorSchema = z.object({
  name: z.string(),
  url: z.string(),
  timeout_ms: z.number().int(),
  retries: z.number().int(),
  enabled: z.boolean(),
  signing_secret: z
    .string()
    .optional()
    .describe("Only in the answer that created the connector or rotated its secret; shown once."),
});

export function registerConsoleListRegistryConnectorsRoute(app: App, services: Services): void {
  app.get(
    "/registry-connectors",
    {
      schema: {
        summary: "List the tenant's DATABASE_VALIDATION registry connectors",
        tags: CONSOLE_TAGS,
        params: tenantParams,
        response: { 200: z.object({ connectors: z.array(registryConnectorSchema) }) },
      },
    },
    async (request) => ({
      connectors: await listRegistryConnectors(services.db, request.params.tenant_id),
    }),
  );
}
