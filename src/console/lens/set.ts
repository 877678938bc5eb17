// PUT /console/api/tenants/:tenant_id/lens/:service {url, headers?, enabled?} (design: `kyc lens set`).
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { setLensService } from "../../tools/lens/lens-services.js";
import { auditedChange } from "../audited-change.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";
import { lensServiceSchema } from "./list.js";

const body = z.object({
  url: z
    .string()
    .max(2000)
    .describe("Where the image is POSTed; loopback and private addresses are refused."),
  headers: z
    .record(z.string(), z.string())
    .optional()
    .describe("Extra request headers (the upstream's credentials)."),
  enabled: z.boolean().optional().describe("Default true."),
});

export function registerConsoleSetLensRoute(app: App, services: Services): void {
  app.put(
    "/lens/:service",
    {
      schema: {
        summary: "Register or change a lens upstream",
        tags: CONSOLE_TAGS,
        params: tenantParams.extend({ service: z.string().max(100) }),
        body,
        response: { 200: lensServiceSchema },
      },
    },
    async (request) => {
      const tenantId = request.params.tenant_id;
      const service = request.params.service;
      return auditedChange(
        services,
        operatorOf(request),
        { tenantId, action: "lens.set", data: { service, url: request.body.url } },
        (tx) =>
          setLensService(tx, tenantId, { service, ...request.body }, services.config.allowPrivateTargets),
      );
    },
  );
}
