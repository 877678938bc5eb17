// GET /console/api/tenants/:tenant_id/imports/:batch_id?status=&page=&page_size=: the batch object of
// GET /v3/identities/import/{batch_id}/ (progress counters and a page of rows with their errors).
import { z } from "zod";
import { importBatchResponse, parseRowStatuses } from "../../identities/import/get.js";
import { getImportBatch } from "../../identities/import/get-import-batch.js";
import type { App } from "../../platform/http/app.js";
import { pageParam, pageSizeParam } from "../../platform/http/paging.js";
import type { Services } from "../../services.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

export function registerConsoleGetImportRoute(app: App, services: Services): void {
  app.get(
    "/imports/:batch_id",
    {
      schema: {
        summary: "Read an import batch",
        tags: CONSOLE_TAGS,
        params: tenantParams.extend({ batch_id: z.string().describe("The batch id.") }),
        querystring: z.object({
          status: z.string().optional().describe("Comma-separated row statuses, e.g. error."),
          page: z.string().optional().describe("Default 1."),
          page_size: z.string().optional().describe("Default 50, max 200."),
        }),
        response: { 200: importBatchResponse },
      },
    },
    async (request) =>
      getImportBatch(services.db, request.params.tenant_id, request.params.batch_id, {
        statuses: parseRowStatuses(request.query.status),
        page: pageParam(request.query.page),
        pageSize: pageSizeParam(request.query.page_size, { fallback: 50, max: 200 }),
      }),
  );
}
