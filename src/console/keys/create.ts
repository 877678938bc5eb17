// POST /console/api/tenants/:tenant_id/keys {label, test} (design: `kyc key create T [--label L] [--test]`).
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import { createApiKey, type IssuedKey } from "../../platform/tenants/api-keys.js";
import type { Services } from "../../services.js";
import { auditedChange } from "../audited-change.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";
import { issuedKeySchema } from "./issued-key-schema.js";

export function registerConsoleCreateKeyRoute(app: App, services: Services): void {
  app.post(
    "/keys",
    {
      schema: {
        summary: "Create an API key",
        tags: CONSOLE_TAGS,
        params: tenantParams,
        body: z.object({
          label: z.string().max(200).default("").describe("Shown in the key list."),
          test: z
            .boolean()
            .default(false)
            .describe("A sandbox key (`kyc_test_…`): its sessions are free and isolated from live data."),
        }),
        response: { 201: issuedKeySchema },
      },
    },
    async (request, reply) => {
      const tenantId = request.params.tenant_id;
      const issued = await auditedChange<IssuedKey>(
        services,
        operatorOf(request),
        (key) => ({ tenantId, action: "api_key.create", target: key.key_id }),
        (tx) => createApiKey(tx, tenantId, request.body.label, { test: request.body.test }),
      );
      return reply.status(201).send(issued);
    },
  );
}
