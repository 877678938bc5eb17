// A batch object's counters (spec: Resources — Identity import batch), derived from its rows' statuses: one
// definition for GET /v3/identities/import/{batch_id}/ and the console's list of batches.
import { type AliasedRawBuilder, sql } from "kysely";
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

type Counter = "processed" | "created" | "updated" | "skipped" | "failed";

const CONDITIONS: Record<Counter, string> = {
  processed: "<> 'pending'",
  created: "= 'created'",
  updated: "= 'updated'",
  skipped: "= 'skipped'",
  failed: "= 'error'",
};

/** The counters as aggregate columns over import rows; `status` names the rows' status column. */
export function rowCounters(status: string): AliasedRawBuilder<number, Counter>[] {
  return (Object.keys(CONDITIONS) as Counter[]).map((counter) =>
    sql<number>`count(${sql.ref(status)}) FILTER (WHERE ${sql.ref(status)} ${sql.raw(CONDITIONS[counter])})::int`.as(
      counter,
    ),
  );
}

interface BatchRow {
  id: string;
  status: ImportBatchStatus;
  source_system: string;
  total: number;
  error: string;
  created_at: Date;
  finished_at: Date | null;
}

export function toBatchSummary(
  batch: BatchRow,
  counts: Record<Counter, number | string>,
): ImportBatchSummary {
  return {
    batch_id: batch.id,
    status: batch.status,
    source_system: batch.source_system,
    total: batch.total,
    processed: Number(counts.processed),
    created: Number(counts.created),
    updated: Number(counts.updated),
    skipped: Number(counts.skipped),
    failed: Number(counts.failed),
    error: batch.error,
    created_at: batch.created_at.toISOString(),
    finished_at: batch.finished_at ? batch.finished_at.toISOString() : null,
  };
}
