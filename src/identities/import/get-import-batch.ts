// GET /v3/identities/import/{batch_id}/'s domain: the batch object (spec: Resources — Identity import batch
// and rows) with its counters derived from the rows and one page of rows, optionally filtered by status.
import { sql } from "kysely";
import type { Queryable } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import { isUuid } from "../../platform/ids.js";
import { type ImportBatchSummary, rowCounters, toBatchSummary } from "./import-batch-summary.js";
import type { ImportRowStatus } from "./import-tables.js";

export interface ImportRowView {
  row: number;
  external_user_id: string;
  status: ImportRowStatus;
  detail: string;
  message: string;
  individual_id: string | null;
  matches: unknown[];
}

export interface ImportBatchView extends ImportBatchSummary {
  rows: ImportRowView[];
  row_count: number;
  page: number;
  page_size: number;
}

export interface GetImportBatchOptions {
  statuses: ImportRowStatus[];
  page: number;
  pageSize: number;
}

/** The tenant's batch, or 404 batch_not_found — the same answer for another tenant's id. */
export async function findImportBatch(db: Queryable, tenantId: string, batchId: string) {
  const batch = isUuid(batchId)
    ? await db
        .selectFrom("import_batches")
        .selectAll()
        .where("tenant_id", "=", tenantId)
        .where("id", "=", batchId)
        .executeTakeFirst()
    : undefined;
  if (!batch) throw new AppError("batch_not_found", { message: "Import batch not found." });
  return batch;
}

export async function getImportBatch(
  db: Queryable,
  tenantId: string,
  batchId: string,
  options: GetImportBatchOptions,
): Promise<ImportBatchView> {
  const batch = await findImportBatch(db, tenantId, batchId);
  const counts = await db
    .selectFrom("import_rows")
    .select(rowCounters("status"))
    .where("tenant_id", "=", tenantId)
    .where("batch_id", "=", batch.id)
    .executeTakeFirstOrThrow();
  let filtered = db
    .selectFrom("import_rows")
    .where("tenant_id", "=", tenantId)
    .where("batch_id", "=", batch.id);
  if (options.statuses.length > 0) filtered = filtered.where("status", "in", options.statuses);
  const { row_count } = await filtered
    .select(sql<number>`count(*)::int`.as("row_count"))
    .executeTakeFirstOrThrow();
  const rows = await filtered
    .select(["row_number", "external_user_id", "status", "detail", "message", "individual_id", "matches"])
    .orderBy("row_number")
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize)
    .execute();
  return {
    ...toBatchSummary(batch, counts),
    rows: rows.map((row) => ({
      row: row.row_number,
      external_user_id: row.external_user_id,
      status: row.status,
      detail: row.detail,
      message: row.message,
      individual_id: row.individual_id,
      matches: row.matches,
    })),
    row_count: Number(row_count),
    page: options.page,
    page_size: options.pageSize,
  };
}
