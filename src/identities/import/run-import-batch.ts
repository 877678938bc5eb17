// The import job (spec: States and transitions — Import batch): pending → running → completed, or failed
// on a batch-level stop (rows already landed stay; unreached rows stay pending). Rows run in order, one at
// a time, so each row's duplicate check sees every earlier row of the batch. A batch runs in slices of a
// few seconds, each handing the rest on to a fresh job at the back of the queue: a 5,000-row import then
// takes turns with other tenants' imports and with webhooks instead of holding a worker slot for an hour,
// and on the embedded database (one connection, queries on the main thread) every row yields to the event
// loop so HTTP requests are served between rows.
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { sql } from "kysely";
import { z } from "zod";
import type { FaceEngine } from "../../engines/face/face-engine.js";
import { defineJob } from "../../platform/jobs/catalog.js";
import { enqueueJob } from "../../platform/jobs/queue.js";
import type { Services } from "../../services.js";
import { IMPORT_JOB } from "./import-job-name.js";
import { type ImportBatchContext, ImportBatchStopped, processImportRow } from "./process-import-row.js";

/** One job's share of a batch before it hands the rest on (and the fairness granularity between tenants). */
const SLICE_MS = 5_000;
const ROWS_PER_READ = 25;

export const identityImportJob = defineJob({
  name: IMPORT_JOB,
  payload: z.object({ tenantId: z.string().uuid(), batchId: z.string().uuid() }),
  timeoutMs: 15 * 60_000,
  maxAttempts: 3,
  async run(payload, services: Services) {
    await runImportBatch(services, payload.tenantId, payload.batchId);
  },
});

export async function runImportBatch(services: Services, tenantId: string, batchId: string): Promise<void> {
  const started = Date.now();
  const batch = await startBatch(services, tenantId, batchId);
  if (!batch) return; // finished or stopped already
  let engine: FaceEngine;
  try {
    engine = await services.engines.face();
  } catch (error) {
    services.log.error({ err: error, batchId }, "import: face engine unavailable");
    await finishBatch(services, batch, "failed", "engine_unavailable");
    return;
  }
  for (;;) {
    const rows = await services.db
      .selectFrom("import_rows")
      .select(["row_number", "external_user_id", "photo_url", "full_name", "email", "phone", "country"])
      .where("tenant_id", "=", tenantId)
      .where("batch_id", "=", batchId)
      .where("status", "=", "pending")
      .orderBy("row_number")
      .limit(ROWS_PER_READ)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      if (Date.now() - started > SLICE_MS) {
        await enqueueJob(
          services.db,
          IMPORT_JOB,
          { tenantId, batchId },
          { dedupeKey: `${batchId}:${row.row_number}` },
        );
        return;
      }
      await yieldToEventLoop();
      try {
        await processImportRow(services, engine, batch, row);
      } catch (error) {
        if (error instanceof ImportBatchStopped) return;
        throw error;
      }
    }
  }
  await finishBatch(services, batch, "completed", "");
}

/** pending → running (a resumed job finds it running); null when the batch is finished or gone. */
async function startBatch(
  services: Services,
  tenantId: string,
  batchId: string,
): Promise<ImportBatchContext | null> {
  const row = await services.db
    .updateTable("import_batches")
    .set({ status: "running" })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", batchId)
    .where("status", "in", ["pending", "running"])
    .returning(["id", "tenant_id", "source_system", "consent_reference", "on_duplicate"])
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    tenantId: row.tenant_id,
    sourceSystem: row.source_system,
    consentReference: row.consent_reference,
    onDuplicate: row.on_duplicate,
  };
}

async function finishBatch(
  services: Services,
  batch: ImportBatchContext,
  status: "completed" | "failed",
  error: string,
): Promise<void> {
  await services.db
    .updateTable("import_batches")
    .set({ status, error, finished_at: sql`now()` })
    .where("tenant_id", "=", batch.tenantId)
    .where("id", "=", batch.id)
    .where("status", "=", "running")
    .execute();
}
