// GET/PUT /console/api/tenants/:tenant_id/evidence-retention (design: Evidence retention; `kyc retention set`):
// how many days the tenant's session evidence is kept before the daily sweep purges it (default 365, 1..3650).
import { z } from "zod";
import {
  DEFAULT_RETENTION_DAYS,
  getEvidenceRetentionDays,
  setEvidenceRetentionDays,
} from "../../identities/evidence-retention.js";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { auditedChange } from "../audited-change.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

const retention = z.object({
  evidence_retention_days: z
    .number()
    .int()
    .describe(`Days session evidence is kept (1..3650; default ${DEFAULT_RETENTION_DAYS}).`),
});

export function registerConsoleEvidenceRetentionRoutes(app: App, services: Services): void {
  app.get(
    "/evidence-retention",
    {
      schema: {
        summary: "Evidence retention of a tenant",
        tags: CONSOLE_TAGS,
        params: tenantParams,
        response: { 200: retention },
      },
    },
    async (request) => ({
      evidence_retention_days: await getEvidenceRetentionDays(services, request.params.tenant_id),
    }),
  );
  app.put(
    "/evidence-retention",
    {
      schema: {
        summary: "Set the evidence retention of a tenant",
        description: "Evidence older than this is purged by the next daily sweep.",
        tags: CONSOLE_TAGS,
        params: tenantParams,
        body: retention,
        response: { 200: retention },
      },
    },
    async (request) => {
      const tenantId = request.params.tenant_id;
      const days = request.body.evidence_retention_days;
      await auditedChange(
        services,
        operatorOf(request),
        { tenantId, action: "retention.set", data: { evidence_retention_days: days } },
        (tx) => setEvidenceRetentionDays({ db: tx }, tenantId, days),
      );
      return { evidence_retention_days: days };
    },
  );
}
