// Evidence files: stored through the media store, recorded per tenant, served as absolute URLs on this API
// (spec: Evidence rules — no bytes or base64 in decisions; GET /v3/media/<path> with the same key).

import type { Queryable } from "../db/transaction.js";
import { newToken } from "../ids.js";
import type { MediaFile, MediaStore } from "./media-store.js";

export interface SaveEvidenceInput {
  tenantId: string;
  bytes: Buffer;
  contentType: string;
  /** What it is: selfie, document_front, portrait, thumb, questionnaire_file, liveness_still, video… */
  kind: string;
  sessionId?: string | null;
  individualId?: string | null;
}

export interface SavedEvidence {
  id: string;
  path: string;
}

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "video/webm": "webm",
  "application/pdf": "pdf",
};

/** Writes the bytes, then the row (in `db`, usually the caller's transaction). */
export async function saveEvidence(
  db: Queryable,
  store: MediaStore,
  input: SaveEvidenceInput,
): Promise<SavedEvidence> {
  const extension = EXTENSIONS[input.contentType] ?? "bin";
  const path = `${input.tenantId.slice(0, 8)}/${input.kind}/${newToken(18)}.${extension}`;
  await store.put(path, input.bytes);
  const row = await db
    .insertInto("media_objects")
    .values({
      tenant_id: input.tenantId,
      path,
      content_type: input.contentType,
      size_bytes: input.bytes.length,
      kind: input.kind,
      session_id: input.sessionId ?? null,
      individual_id: input.individualId ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, path };
}

export function mediaUrl(publicUrl: string, path: string): string {
  return `${publicUrl}/v3/media/${path}`;
}

/** Deletes the files of these rows and marks them purged; URLs stop resolving. */
export async function purgeEvidence(
  db: Queryable,
  store: MediaStore,
  rows: { id: string; path: string }[],
): Promise<number> {
  for (const row of rows) await store.delete(row.path);
  if (rows.length === 0) return 0;
  await db
    .updateTable("media_objects")
    .set({ purged_at: new Date() })
    .where(
      "id",
      "in",
      rows.map((row) => row.id),
    )
    .execute();
  return rows.length;
}

/** A stored evidence file of the tenant, or null when unknown, another tenant's, purged or missing. */
export async function readTenantEvidence(
  db: Queryable,
  media: MediaStore,
  tenantId: string,
  path: string,
): Promise<{ contentType: string; bytes: Buffer } | null> {
  const row = await findTenantEvidence(db, tenantId, path);
  const bytes = row ? await media.get(row.path) : null;
  return row && bytes ? { contentType: row.content_type, bytes } : null;
}

/** The same file opened as a stream (HTTP responses pipe it; nothing is held whole in memory). */
export async function openTenantEvidence(
  db: Queryable,
  media: MediaStore,
  tenantId: string,
  path: string,
): Promise<(MediaFile & { contentType: string }) | null> {
  const row = await findTenantEvidence(db, tenantId, path);
  const file = row ? await media.open(row.path) : null;
  return row && file ? { ...file, contentType: row.content_type } : null;
}

function findTenantEvidence(db: Queryable, tenantId: string, path: string) {
  return db
    .selectFrom("media_objects")
    .select(["path", "content_type"])
    .where("path", "=", path)
    .where("tenant_id", "=", tenantId)
    .where("purged_at", "is", null)
    .executeTakeFirst();
}
