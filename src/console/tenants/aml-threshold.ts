// GET/PUT /console/api/tenants/:tenant_id/aml-threshold {aml_threshold}: the tenant's default AML
// threshold (0.5..1; null on PUT returns to the default 0.7). aml-check uses it when a request names none.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { amlThresholdOf, setAmlThreshold } from "../../tools/tenant-aml-threshold.js";
import { auditedChange } from "../audited-change.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

const thresholdSchema = z.object({
  aml_threshold: z.number().describe("Score from which an aml-check hit is confirmed; default 0.7."),
});

export function registerConsoleAmlThresholdRoutes(app: App, services: Services): void {
  app.get(
    "/aml-threshold",
    {
      schema: {
        summary: "Default AML threshold",
        tags: CONSOLE_TAGS,
        params: tenantParams,
        response: { 200: thresholdSchema },
      },
    },
    async (request) => ({ aml_threshold: await amlThresholdOf(services.db, request.params.tenant_id) }),
  );
  app.put(
    "/aml-threshold",
    {
      schema: {
        summary: "Set the default AML threshold",
        tags: CONSOLE_TAGS,
        params: tenantParams,
        body: z.object({
          aml_threshold: z
            .number()
            .min(0.5)
            .max(1)
            .nullable()
            .describe("0.5..1, or null for the default 0.7."),
        }),
        response: { 200: thresholdSchema },
      },
    },
    async (request) => {
      const tenantId = request.params.tenant_id;
      const threshold = request.body.aml_threshold;
      return auditedChange(
        services,
        operatorOf(request),
        { tenantId, action: "tenant.aml_threshold", data: { aml_threshold: threshold } },
        async (tx) => ({ aml_threshold: await setAmlThreshold(tx, tenantId, threshold) }),
      );
    },
  );
}
