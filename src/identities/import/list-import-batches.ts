// The tenant's import batches, newest first, each with the counters the batch object carries (the console's
// imports page; the /v3 surface reads one batch at a time).
import { sql } from "kysely";
import type { Queryable } from "../../platform/db/transaction.js";
import type { ImportBatchStatus } from "./import-tables.js";

export interface ImportBatchSummary {
  batch_id: string;
  status: ImportBatchStatus;
  source_system: string;
  total: number;
  processed: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  error: string;
  created_at: string;
  finished_at: string | null;
}

export async function listImportBatches(
  db: Queryable,
  tenantId: string,
  limit: number,
): Promise<ImportBatchSummary[]> {
  const rows = await db
    .selectFrom("import_batches as b")
    .leftJoin("import_rows as r", (join) =>
      join.onRef("r.batch_id", "=", "b.id").onRef("r.tenant_id", "=", "b.tenant_id"),
    )
    .select([
      "b.id",
      "b.status",
      "b.source_system",
      "b.total",
      "b.error",
      "b.created_at",
      "b.finished_at",
      sql<number>`count(r.row_number) FILTER (WHERE r.status <> 'pending')::int`.as("processed"),
      sql<number>`count(r.row_number) FILTER (WHERE r.status = 'created')::int`.as("created"),
      sql<number>`count(r.row_number) FILTER (WHERE r.status = 'updated')::int`.as("updated"),
      sql<number>`count(r.row_number) FILTER (WHERE r.status = 'skipped')::int`.as("skipped"),
      sql<number>`count(r.row_number) FILTER (WHERE r.status = 'error')::int`.as("failed"),
    ])
    .where("b.tenant_id", "=", tenantId)
    .groupBy("b.id")
    .orderBy("b.created_at", "desc")
    .orderBy("b.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    batch_id: row.id,
    status: row.status,
    source_system: row.source_system,
    total: row.total,
    processed: Number(row.processed),
    created: Number(row.created),
    updated: Number(row.updated),
    skipped: Number(row.skipped),
    failed: Number(row.failed),
    error: row.error,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at ? row.finished_at.toISOString() : null,
  }));
}
