// GET /console/api/tenants/:tenant_id/lens (design: `kyc lens list T`): header values are never shown.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { listLensServices } from "../../tools/lens/lens-services.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

export const lensServiceSchema = z.object({
  service: z.string(),
  url: z.string(),
  headers: z.record(z.string(), z.string()).describe("Header names; values shown as ***."),
  enabled: z.boolean(),
});

export function registerConsoleListLensRoute(app: App, services: Services): void {
  app.get(
    "/lens",
    {
      schema: {
        summary: "List the tenant's lens upstreams",
        tags: CONSOLE_TAGS,
        params: tenantParams,
        response: { 200: z.object({ services: z.array(lensServiceSchema) }) },
      },
    },
    async (request) => ({ services: await listLensServices(services.db, request.params.tenant_id) }),
  );
}
