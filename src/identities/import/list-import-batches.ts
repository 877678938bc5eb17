// The tenant's import batches, newest first, each with the counters the batch object carries (the console's
// imports page; the /v3 surface reads one batch at a time).
import type { Queryable } from "../../platform/db/transaction.js";
import { type ImportBatchSummary, rowCounters, toBatchSummary } from "./import-batch-summary.js";

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
      ...rowCounters("r.status"),
    ])
    .where("b.tenant_id", "=", tenantId)
    .groupBy("b.id")
    .orderBy("b.created_at", "desc")
    .orderBy("b.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => toBatchSummary(row, row));
}
