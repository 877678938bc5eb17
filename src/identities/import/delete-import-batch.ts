// DELETE /v3/identities/import/{batch_id}/'s domain (spec: "removes the faces the batch enrolled", the only
// disposal route for imported faces). The batch record and the identities stay, so the batch can still be
// read; a batch still pending or running is stopped first (failed, error `deleted`), under the batch row lock
// that every landing row takes, so no face lands after the removal.
import { sql } from "kysely";
import { withTransaction } from "../../platform/db/transaction.js";
import { purgeEvidence } from "../../platform/media/evidence.js";
import type { Services } from "../../services.js";
import { removeFacesOfImportBatch } from "../face-gallery/remove-faces.js";
import { findImportBatch } from "./get-import-batch.js";

export interface DeletedImportBatch {
  batch_id: string;
  /** The batch's status after the call (an unfinished batch is stopped: failed). */
  status: string;
  faces_removed: number;
}

export async function deleteImportBatch(
  services: Pick<Services, "db" | "media">,
  tenantId: string,
  batchId: string,
): Promise<DeletedImportBatch> {
  const batch = await findImportBatch(services.db, tenantId, batchId);
  const result = await withTransaction(services.db, async (tx) => {
    const stopped = await tx
      .updateTable("import_batches")
      .set({ status: "failed", error: "deleted", finished_at: sql`now()` })
      .where("tenant_id", "=", tenantId)
      .where("id", "=", batch.id)
      .where("status", "in", ["pending", "running"])
      .returning("status")
      .executeTakeFirst();
    const faces = await removeFacesOfImportBatch(tx, tenantId, batch.id);
    return { status: stopped?.status ?? batch.status, faces };
  });
  // Files cannot be rolled back: purge the thumbnails only after the commit.
  await purgeEvidence(services.db, services.media, result.faces.thumbs);
  return { batch_id: batch.id, status: result.status, faces_removed: result.faces.removed };
}
