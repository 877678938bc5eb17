// PUT /console/api/tenants/:tenant_id/branding: replaces the tenant-level branding (`kyc branding set`),
// validated by the hosted flow's own schema (logo_url, color, button_shape, theme, copy, terms…).
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { type Branding, setTenantBranding } from "../../verify/applicant/branding.js";
import { auditedChange } from "../audited-change.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

export function registerConsoleSetBrandingRoute(app: App, services: Services): void {
  app.put(
    "/branding",
    {
      schema: {
        summary: "Set tenant branding",
        description:
          "Keys: logo_url, color (#RRGGBB), button_shape, theme, default_language, company_name, intro, copy, terms {version, text}.",
        tags: CONSOLE_TAGS,
        params: tenantParams,
        body: z.record(z.string(), z.unknown()).describe("The whole tenant branding object."),
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    async (request) => {
      const tenantId = request.params.tenant_id;
      return auditedChange<Branding>(
        services,
        operatorOf(request),
        (branding) => ({ tenantId, action: "branding.set", data: { keys: Object.keys(branding) } }),
        (tx) => setTenantBranding(tx, tenantId, request.body),
      );
    },
  );
}
