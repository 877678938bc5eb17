// POST /console/api/tenants/:tenant_id/imports: starts an identity import (the body and rules of
// POST /v3/identities/import/: IDENTITY_IMPORT entitlement, at most 5000 rows, processed in the background).
// The console uploads a CSV or JSON file, parsed in the page into `identities` rows.
import { z } from "zod";
import { type CreatedImportBatch, createImportBatch } from "../../identities/import/create-import-batch.js";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { auditedChange } from "../audited-change.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

export function registerConsoleCreateImportRoute(app: App, services: Services): void {
  app.post(
    "/imports",
    {
      schema: {
        summary: "Start an identity import",
        description:
          "Whole-request refusals answer 400 with the /v3 import's codes (no_rows, too_many_rows, " +
          "source_system_required…); 403 feature_not_enabled without IDENTITY_IMPORT.",
        tags: CONSOLE_TAGS,
        params: tenantParams,
        body: z.looseObject({
          identities: z.unknown().optional().describe("Rows, as POST /v3/identities/import/ takes them."),
          source_system: z.unknown().optional(),
          consent_reference: z.unknown().optional(),
          on_duplicate: z.unknown().optional().describe("report (default), skip or none."),
        }),
        response: {
          202: z.object({ batch_id: z.string(), status: z.literal("pending"), total: z.number().int() }),
        },
      },
    },
    async (request, reply) => {
      const tenantId = request.params.tenant_id;
      const created = await auditedChange<CreatedImportBatch>(
        services,
        operatorOf(request),
        (batch) => ({
          tenantId,
          action: "import.create",
          target: batch.batch_id,
          data: { total: batch.total },
        }),
        (tx) => createImportBatch({ db: tx }, tenantId, request.body),
      );
      return reply.status(202).send(created);
    },
  );
}
