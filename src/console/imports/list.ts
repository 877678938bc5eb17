// GET /console/api/tenants/:tenant_id/imports: the tenant's identity import batches, newest first, with progress.
import { z } from "zod";
import { listImportBatches } from "../../identities/import/list-import-batches.js";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

const batchSummary = z.object({
  batch_id: z.string(),
  status: z.enum(["pending", "running", "completed", "failed"]),
  source_system: z.string(),
  total: z.number().int(),
  processed: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  error: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});

export function registerConsoleListImportsRoute(app: App, services: Services): void {
  app.get(
    "/imports",
    {
      schema: {
        summary: "List identity import batches",
        tags: CONSOLE_TAGS,
        params: tenantParams,
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(200).default(50).describe("Default 50, max 200."),
        }),
        response: { 200: z.array(batchSummary) },
      },
    },
    async (request) => listImportBatches(services.db, request.params.tenant_id, request.query.limit),
  );
}
