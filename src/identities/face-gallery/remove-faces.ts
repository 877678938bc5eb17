// Disposal of gallery faces: a session's selfie (retention, deletion) and an import batch's photos
// (spec: DELETE /v3/identities/import/{batch_id}/ — "removes the faces the batch enrolled").
import type { Tx } from "../../platform/db/transaction.js";

export interface RemovedFaces {
  removed: number;
  /**
   * The thumbnails' evidence rows. Files cannot be rolled back, so purge them after the transaction
   * commits: `purgeEvidence(services.db, services.media, thumbs)`.
   */
  thumbs: { id: string; path: string }[];
}

export async function removeFacesOfSession(
  tx: Tx,
  tenantId: string,
  sessionId: string,
): Promise<RemovedFaces> {
  const rows = await tx
    .deleteFrom("faces")
    .where("tenant_id", "=", tenantId)
    .where("session_id", "=", sessionId)
    .returning(["thumb_media_id", "thumb_path"])
    .execute();
  return removedOf(rows);
}

export async function removeFacesOfImportBatch(
  tx: Tx,
  tenantId: string,
  importBatchId: string,
): Promise<RemovedFaces> {
  const rows = await tx
    .deleteFrom("faces")
    .where("tenant_id", "=", tenantId)
    .where("import_batch_id", "=", importBatchId)
    .returning(["thumb_media_id", "thumb_path"])
    .execute();
  return removedOf(rows);
}

function removedOf(rows: { thumb_media_id: string | null; thumb_path: string | null }[]): RemovedFaces {
  const thumbs = rows.flatMap((row) =>
    row.thumb_media_id && row.thumb_path ? [{ id: row.thumb_media_id, path: row.thumb_path }] : [],
  );
  return { removed: rows.length, thumbs };
}
