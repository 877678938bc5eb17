// GET /console/api/tenants/:tenant_id/branding: the tenant-level hosted-flow branding (`kyc branding show`).
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { getTenantBranding } from "../../verify/applicant/branding.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

export function registerConsoleGetBrandingRoute(app: App, services: Services): void {
  app.get(
    "/branding",
    {
      schema: {
        summary: "Tenant branding",
        description: "A workflow's own branding overrides these keys for that workflow.",
        tags: CONSOLE_TAGS,
        params: tenantParams,
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    async (request) => getTenantBranding(services.db, request.params.tenant_id),
  );
}
