// POST /console/api/tenants/:tenant_id/keys/rotate-all (spec: Authentication 4): every key revoked at once,
// one new key issued and shown once.
import type { App } from "../../platform/http/app.js";
import { rotateAllApiKeys } from "../../platform/tenants/api-keys.js";
import type { Services } from "../../services.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";
import { issuedKeySchema } from "./issued-key-schema.js";

export function registerConsoleRotateKeysRoute(app: App, services: Services): void {
  app.post(
    "/keys/rotate-all",
    {
      schema: {
        summary: "Rotate all API keys",
        tags: CONSOLE_TAGS,
        params: tenantParams,
        response: { 200: issuedKeySchema },
      },
    },
    // rotateAllApiKeys audits in its own transaction, with the operator as actor.
    async (request) => rotateAllApiKeys(services.db, request.params.tenant_id, operatorOf(request).actor),
  );
}
