// DELETE /console/api/tenants/:tenant_id/registry-connectors/:name (design: `kyc registry remove`), and
// POST …/:name/rotate-secret (`kyc registry rotate-secret`): another tenant's connector is a 404.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { removeRegistryConnector, rotateRegistrySecret } from "../../verify/registry/registry-connectors.js";
import { auditedChange } from "../audited-change.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";
import { registryConnectorSchema } from "./list.js";

const params = tenantParams.extend({ name: z.string().max(100) });

export function registerConsoleRemoveRegistryConnectorRoutes(app: App, services: Services): void {
  app.delete(
    "/registry-connectors/:name",
    {
      schema: {
        summary: "Remove a registry connector",
        tags: CONSOLE_TAGS,
        params,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      const { tenant_id: tenantId, name } = request.params;
      await auditedChange(
        services,
        operatorOf(request),
        { tenantId, action: "registry_connector.remove", data: { name } },
        (tx) => removeRegistryConnector(tx, tenantId, name),
      );
      return { ok: true as const };
    },
  );
  app.post(
    "/registry-connectors/:name/rotate-secret",
    {
      schema: {
        summary: "Give a registry connector a new signing secret (shown once)",
        tags: CONSOLE_TAGS,
        params,
        response: { 200: registryConnectorSchema },
      },
    },
    async (request) => {
      const { tenant_id: tenantId, name } = request.params;
      return auditedChange(
        services,
        operatorOf(request),
        { tenantId, action: "registry_connector.rotate_secret", data: { name } },
        (tx) => rotateRegistrySecret(tx, tenantId, name),
      );
    },
  );
}
