// POST /v3/identities/import/'s domain: checks the entitlement, stores the batch and its rows, and enqueues
// the job that processes them, in one transaction (the job runs only if the batch committed).
import { withTransaction } from "../../platform/db/transaction.js";
import { enqueueJob } from "../../platform/jobs/queue.js";
import { requireFeatures } from "../../platform/tenants/entitlements.js";
import type { Services } from "../../services.js";
import { IMPORT_JOB } from "./import-job-name.js";
import { parseImportRequest } from "./parse-import-request.js";

export interface CreatedImportBatch {
  batch_id: string;
  status: "pending";
  total: number;
}

/** Rows are inserted in chunks: one statement per row would make a 5000-row batch slow on PGlite. */
const INSERT_CHUNK = 500;

export async function createImportBatch(
  services: Pick<Services, "db">,
  tenantId: string,
  body: unknown,
): Promise<CreatedImportBatch> {
  // spec: the IDENTITY_IMPORT entitlement is checked before the body (403 beats 400).
  await requireFeatures(services.db, tenantId, ["IDENTITY_IMPORT"]);
  const request = parseImportRequest(body);
  return withTransaction(services.db, async (tx) => {
    const batch = await tx
      .insertInto("import_batches")
      .values({
        tenant_id: tenantId,
        source_system: request.sourceSystem,
        consent_reference: request.consentReference,
        on_duplicate: request.onDuplicate,
        total: request.rows.length,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (let start = 0; start < request.rows.length; start += INSERT_CHUNK) {
      await tx
        .insertInto("import_rows")
        .values(
          request.rows.slice(start, start + INSERT_CHUNK).map((row) => ({
            tenant_id: tenantId,
            batch_id: batch.id,
            row_number: row.row,
            external_user_id: row.externalUserId,
            photo_url: row.photoUrl,
            full_name: row.fullName,
            email: row.email,
            phone: row.phone,
            country: row.country,
            // spec: a row missing external_user_id or photo_url is accepted and reported as a failed row.
            ...(row.refusal
              ? { status: "error" as const, detail: row.refusal.detail, message: row.refusal.message }
              : {}),
          })),
        )
        .execute();
    }
    await enqueueJob(tx, IMPORT_JOB, { tenantId, batchId: batch.id }, { dedupeKey: batch.id });
    return { batch_id: batch.id, status: "pending" as const, total: request.rows.length };
  });
}
