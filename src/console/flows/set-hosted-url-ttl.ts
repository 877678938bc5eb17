// PUT /console/api/tenants/:tenant_id/hosted-url-ttl {hosted_url_ttl_minutes}: 1..525600, or null for off.

import { hostedUrlTtlOf, setHostedUrlTtl } from "../../partner/flows/hosted-url-ttl.js";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { auditedChange } from "../audited-change.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";
import { hostedUrlTtlSchema } from "./get-hosted-url-ttl.js";

export function registerConsoleSetHostedUrlTtlRoute(app: App, services: Services): void {
  app.put(
    "/hosted-url-ttl",
    {
      schema: {
        summary: "Set the default hosted-URL TTL",
        tags: CONSOLE_TAGS,
        params: tenantParams,
        body: hostedUrlTtlSchema,
        response: { 200: hostedUrlTtlSchema },
      },
    },
    async (request) => {
      const tenantId = request.params.tenant_id;
      const minutes = request.body.hosted_url_ttl_minutes;
      return auditedChange(
        services,
        operatorOf(request),
        { tenantId, action: "flow.hosted_url_ttl", data: { minutes } },
        async (tx) => {
          await setHostedUrlTtl(tx, tenantId, minutes);
          return { hosted_url_ttl_minutes: await hostedUrlTtlOf(tx, tenantId) };
        },
      );
    },
  );
}
