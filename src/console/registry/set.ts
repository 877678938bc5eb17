// PUT /console/api/tenants/:tenant_id/registry-connectors/:name {url, timeout_ms?, retries?, enabled?}
// (design: `kyc registry set`). The answer carries the signing secret only when the connector is new.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { setRegistryConnector } from "../../verify/registry/registry-connectors.js";
import { auditedChange } from "../audited-change.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";
import { registryConnectorSchema } from "./list.js";

const body = z.object({
  url: z.string().max(2000).describe("The registry endpoint (https); private addresses are refused."),
  timeout_ms: z.number().int().optional().describe("Per attempt, 100..60000; default 10000."),
  retries: z
    .number()
    .int()
    .optional()
    .describe("Further attempts after a network error, 429 or 5xx; 0..5, default 2."),
  enabled: z.boolean().optional().describe("Default true."),
});

export function registerConsoleSetRegistryConnectorRoute(app: App, services: Services): void {
  app.put(
    "/registry-connectors/:name",
    {
      schema: {
        summary: "Register or change a registry connector",
        tags: CONSOLE_TAGS,
        params: tenantParams.extend({ name: z.string().max(100) }),
        body,
        response: { 200: registryConnectorSchema },
      },
    },
    async (request) => {
      const tenantId = request.params.tenant_id;
      const name = request.params.name;
      return auditedChange(
        services,
        operatorOf(request),
        { tenantId, action: "registry_connector.set", data: { name, url: request.body.url } },
        (tx) =>
          setRegistryConnector(tx, tenantId, { name, ...request.body }, services.config.allowPrivateTargets),
      );
    },
  );
}
