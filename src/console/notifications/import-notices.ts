// Finished identity imports as console notifications (spec: Events — "operator notifications for a finished
// import are console-only"; no webhook or event is sent for imports). Every finished batch of the last 14 days
// is a notice for each admin until that operator dismisses it.
import { sql } from "kysely";
import type { Queryable } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import { isUuid } from "../../platform/ids.js";

const NOTICE_DAYS = 14;

export interface ImportNotice {
  batch_id: string;
  tenant_id: string;
  tenant_name: string;
  status: "completed" | "failed";
  source_system: string;
  total: number;
  failed: number;
  error: string;
  finished_at: string;
}

export async function listImportNotices(db: Queryable, operatorId: string): Promise<ImportNotice[]> {
  const rows = await db
    .selectFrom("import_batches as b")
    .innerJoin("tenants as t", "t.id", "b.tenant_id")
    .select([
      "b.id",
      "b.tenant_id",
      "t.name",
      "b.status",
      "b.source_system",
      "b.total",
      "b.error",
      "b.finished_at",
      (eb) =>
        eb
          .selectFrom("import_rows as r")
          .select(sql<number>`count(*)::int`.as("n"))
          .whereRef("r.batch_id", "=", "b.id")
          .where("r.status", "=", "error")
          .as("failed"),
    ])
    .where("b.finished_at", "is not", null)
    .where("b.finished_at", ">", sql<Date>`now() - make_interval(days => ${NOTICE_DAYS})`)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("import_notice_dismissals as d")
            .select("d.batch_id")
            .whereRef("d.batch_id", "=", "b.id")
            .where("d.operator_id", "=", operatorId),
        ),
      ),
    )
    .orderBy("b.finished_at", "desc")
    .limit(50)
    .execute();
  return rows.map((row) => ({
    batch_id: row.id,
    tenant_id: row.tenant_id,
    tenant_name: row.name,
    status: row.status === "failed" ? "failed" : "completed",
    source_system: row.source_system,
    total: row.total,
    failed: Number(row.failed ?? 0),
    error: row.error,
    finished_at: row.finished_at!.toISOString(),
  }));
}

/** Hides one finished batch's notice for this operator; idempotent. Unknown or unfinished batches: 404. */
export async function dismissImportNotice(db: Queryable, operatorId: string, batchId: string): Promise<void> {
  const batch = isUuid(batchId)
    ? await db
        .selectFrom("import_batches")
        .select("id")
        .where("id", "=", batchId)
        .where("finished_at", "is not", null)
        .executeTakeFirst()
    : undefined;
  if (!batch) throw new AppError("batch_not_found", { message: "Import batch not found." });
  await db
    .insertInto("import_notice_dismissals")
    .values({ operator_id: operatorId, batch_id: batch.id })
    .onConflict((oc) => oc.columns(["operator_id", "batch_id"]).doNothing())
    .execute();
}
