// GET /v3/identities/import/{batch_id}/ (spec: identity import): the batch object; no entitlement needed.
import { z } from "zod";
import { AppError } from "../../platform/errors.js";
import { type App, tenantOf } from "../../platform/http/app.js";
import { pageParam, pageSizeParam } from "../../platform/http/paging.js";
import type { Services } from "../../services.js";
import { getImportBatch } from "./get-import-batch.js";
import { IMPORT_ROW_STATUSES, type ImportRowStatus } from "./import-tables.js";

const params = z.object({ batch_id: z.string() });
const query = z.object({
  status: z
    .string()
    .optional()
    .describe("Comma-separated row statuses: pending, created, updated, skipped, error."),
  page: z.string().optional().describe("Default 1."),
  page_size: z.string().optional().describe("Default 50, max 200."),
});

const row = z.object({
  row: z.number().int(),
  external_user_id: z.string(),
  status: z.enum(["pending", "created", "updated", "skipped", "error"]),
  detail: z.string(),
  message: z.string(),
  individual_id: z.string().nullable(),
  matches: z.array(z.unknown()).describe("Duplicate-check matches: face-search match objects."),
});

export const importBatchResponse = z.object({
  batch_id: z.string().uuid(),
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
  rows: z.array(row),
  row_count: z.number().int().describe("Rows matching the status filter."),
  page: z.number().int(),
  page_size: z.number().int(),
});

export function registerGetImportRoute(app: App, services: Services): void {
  app.get(
    "/identities/import/:batch_id/",
    {
      config: { rateBucket: "kyc_v3_read" },
      schema: {
        summary: "Read an import batch and a page of its rows",
        tags: ["identities"],
        params,
        querystring: query,
        response: { 200: importBatchResponse },
      },
    },
    async (request) => {
      const statuses = parseRowStatuses(request.query.status);
      const page = pageParam(request.query.page);
      const pageSize = pageSizeParam(request.query.page_size, { fallback: 50, max: 200 });
      return getImportBatch(services.db, tenantOf(request).tenantId, request.params.batch_id, {
        statuses,
        page,
        pageSize,
      });
    },
  );
}

export function parseRowStatuses(value: string | undefined): ImportRowStatus[] {
  const wanted = (value ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  const unknown = wanted.filter((part) => !IMPORT_ROW_STATUSES.includes(part as ImportRowStatus));
  if (unknown.length > 0) {
    throw new AppError("invalid_status", {
      field: "status",
      message: `Unknown row status: ${unknown.join(", ")}`,
    });
  }
  return wanted as ImportRowStatus[];
}
