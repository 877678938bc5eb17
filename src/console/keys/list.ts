// GET /console/api/tenants/:tenant_id/keys: labels, display prefixes, last use and revocation; never a key.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import { listApiKeys } from "../../platform/tenants/api-keys.js";
import type { Services } from "../../services.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

export function registerConsoleListKeysRoute(app: App, services: Services): void {
  app.get(
    "/keys",
    {
      schema: {
        summary: "List API keys",
        tags: CONSOLE_TAGS,
        params: tenantParams,
        response: {
          200: z.array(
            z.object({
              key_id: z.string(),
              label: z.string(),
              prefix: z
                .string()
                .describe("The key's visible start, e.g. kyc_live_ab12cd… or kyc_test_ab12cd…"),
              created_at: z.string(),
              last_used_at: z.string().nullable(),
              revoked_at: z.string().nullable(),
              test: z.boolean().describe("A sandbox key (`kyc_test_…`)."),
            }),
          ),
        },
      },
    },
    async (request) => listApiKeys(services.db, request.params.tenant_id),
  );
}
