// POST /console/api/tenants/:tenant_id/keys/:key_id/revoke (design: `kyc key revoke KEY_ID`). The key must
// be this tenant's: another tenant's key answers 404 like a missing one.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import { revokeApiKey } from "../../platform/tenants/api-keys.js";
import type { Services } from "../../services.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, okSchema, tenantParams } from "../console-schemas.js";

export function registerConsoleRevokeKeyRoute(app: App, services: Services): void {
  app.post(
    "/keys/:key_id/revoke",
    {
      schema: {
        summary: "Revoke an API key",
        tags: CONSOLE_TAGS,
        params: tenantParams.extend({ key_id: z.string().describe("The key id from the key list.") }),
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const { tenant_id: tenantId, key_id: keyId } = request.params;
      // revokeApiKey audits in its transaction, with the operator as actor.
      await revokeApiKey(services.db, keyId, { actor: operatorOf(request).actor, tenantId });
      return { ok: true as const };
    },
  );
}
