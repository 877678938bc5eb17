// GET /console/api/tenants/:tenant_id/hosted-url-ttl: the default lifetime of hosted application URLs.
import { z } from "zod";
import { hostedUrlTtlOf } from "../../partner/flows/hosted-url-ttl.js";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

export const hostedUrlTtlSchema = z.object({
  hosted_url_ttl_minutes: z.number().int().nullable().describe("Minutes; null: hosted URLs do not expire."),
});

export function registerConsoleGetHostedUrlTtlRoute(app: App, services: Services): void {
  app.get(
    "/hosted-url-ttl",
    {
      schema: {
        summary: "Default hosted-URL TTL",
        tags: CONSOLE_TAGS,
        params: tenantParams,
        response: { 200: hostedUrlTtlSchema },
      },
    },
    async (request) => ({
      hosted_url_ttl_minutes: await hostedUrlTtlOf(services.db, request.params.tenant_id),
    }),
  );
}
