// POST /console/api/tenants (design: `kyc tenant create`): the API key and both signing secrets are shown
// in this answer only.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import { createTenant } from "../../platform/tenants/tenants.js";
import type { Services } from "../../services.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS } from "../console-schemas.js";

const body = z.object({
  name: z.string().max(200).describe("The tenant's display name."),
  credits: z.string().optional().describe("Opening credit balance, a non-negative decimal; default 0."),
  features: z
    .union([z.literal("all"), z.array(z.string())])
    .optional()
    .describe("`all`, or feature keys; default: every feature except those off until granted."),
});

export function registerConsoleCreateTenantRoute(app: App, services: Services): void {
  app.post(
    "/tenants",
    {
      schema: {
        summary: "Create a tenant",
        tags: CONSOLE_TAGS,
        body,
        response: {
          201: z
            .object({
              tenant_id: z.string(),
              api_key: z.string(),
              jwt_signing_secret: z.string(),
              webhook_signing_secret: z.string(),
            })
            .describe("The secrets are shown once."),
        },
      },
    },
    async (request, reply) => {
      // createTenant writes its audit row in its transaction, with the operator as actor.
      const created = await createTenant(services.db, request.body, {
        hooks: services.hooks.tenantCreated,
        actor: operatorOf(request).actor,
      });
      return reply.status(201).send(created);
    },
  );
}
