// spec: identity import — per-row processing: fetch the photo, JPEG/PNG by content, exactly one face, the
// tenant's embedding width, the duplicate check (on_duplicate), then the identity (created or updated by
// external_user_id, provenance under metadata.import), the gallery face and the row's debit in one transaction.
import { fileTypeFromBuffer } from "file-type";
import { sql } from "kysely";
import type { FaceEngine } from "../../engines/face/face-engine.js";
import { DEFAULT_FACE_SEARCH_THRESHOLD } from "../../engines/face/similarity.js";
import { type DecodedImage, decodeImageField } from "../../engines/image/decode-image-field.js";
import { debit, requireCreditFor } from "../../platform/credits/ledger.js";
import { type Tx, withTransaction } from "../../platform/db/transaction.js";
import { isAppError } from "../../platform/errors.js";
import type { Services } from "../../services.js";
import { enrollFace } from "../face-gallery/enroll-face.js";
import {
  type FaceSearchMatch,
  galleryEmbeddingWidths,
  searchGallery,
} from "../face-gallery/search-gallery.js";
import { fetchImportPhoto } from "./fetch-photo.js";
import { ImportRowFailure } from "./import-row-failure.js";
import type { ImportBatchesTable, ImportRowStatus } from "./import-tables.js";

/** The feature each imported row is billed as (platform rate card). */
export const IMPORT_FEATURE = "IDENTITY_IMPORT";
/** Matches kept per row: enough to review, small enough for a page of 200 rows. */
const DUPLICATE_TOP_K = 5;

export interface ImportBatchContext {
  id: string;
  tenantId: string;
  sourceSystem: string;
  consentReference: string;
  onDuplicate: ImportBatchesTable["on_duplicate"];
}

export interface PendingImportRow {
  row_number: number;
  external_user_id: string;
  photo_url: string;
  full_name: string | null;
  email: string | null;
  phone: string | null;
  country: string | null;
}

/** Thrown when the batch stopped (DELETE) while a row was in flight: nothing of that row lands. */
export class ImportBatchStopped extends Error {}

interface RowOutcome {
  status: Exclude<ImportRowStatus, "pending">;
  detail: string;
  message: string;
  individualId: string | null;
  matches: FaceSearchMatch[];
}

export async function processImportRow(
  services: Services,
  engine: FaceEngine,
  batch: ImportBatchContext,
  row: PendingImportRow,
): Promise<void> {
  let outcome: RowOutcome | null;
  try {
    outcome = await importRow(services, engine, batch, row);
  } catch (error) {
    if (error instanceof ImportBatchStopped) throw error;
    outcome = failureOutcome(error);
  }
  if (outcome) await saveOutcome(services.db, batch, row.row_number, outcome);
}

/** The row's outcome; null when it already landed together with its identity and face. */
async function importRow(
  services: Services,
  engine: FaceEngine,
  batch: ImportBatchContext,
  row: PendingImportRow,
): Promise<RowOutcome | null> {
  // spec: no 402 at creation — the balance is checked per row, before the fetch and the model run.
  await requireCreditFor(services.db, batch.tenantId, IMPORT_FEATURE);
  const bytes = await fetchImportPhoto(row.photo_url, {
    allowPrivate: services.config.allowPrivateTargets,
    allowHttp: services.config.importAllowHttp,
  });
  const image = await decodePhoto(bytes);
  const face = await engine.requireOneFace(image.rgb);
  const widths = await galleryEmbeddingWidths(services.db, batch.tenantId);
  if (widths.some((width) => width !== face.embeddingWidth)) {
    throw new ImportRowFailure(
      "embedding_mismatch",
      `The gallery holds ${widths.join(", ")}-d embeddings; this face has ${face.embeddingWidth}.`,
    );
  }
  const existing = await findIdentity(services.db, batch.tenantId, row.external_user_id);
  // spec: searched against the gallery including earlier rows of this batch (they committed already),
  // never reported against the identity the row belongs to.
  const matches =
    batch.onDuplicate === "none"
      ? []
      : (
          await searchGallery(services.db, services, {
            tenantId: batch.tenantId,
            embedding: face.embedding,
            embeddingModel: face.embeddingModel,
            threshold: DEFAULT_FACE_SEARCH_THRESHOLD,
            topK: DUPLICATE_TOP_K,
            ...(existing ? { excludeIndividualId: existing } : {}),
          })
        ).matches;
  if (matches.length > 0 && batch.onDuplicate === "skip") {
    return {
      status: "skipped",
      detail: "duplicate",
      message: "The face matches another identity in the gallery; the row was left out.",
      individualId: existing,
      matches,
    };
  }
  await withTransaction(services.db, async (tx) => {
    await lockRunningBatch(tx, batch);
    const { individualId, created } = await upsertIdentity(tx, batch, row);
    await enrollFace(tx, services, {
      tenantId: batch.tenantId,
      individualId,
      source: "import",
      importBatchId: batch.id,
      image: image.rgb,
      face,
    });
    // Reason tool_usage: import is a platform tool, not a workflow module (src/identities/import/README.md).
    await debit(tx, { tenantId: batch.tenantId, feature: IMPORT_FEATURE, reason: "tool_usage" });
    await saveOutcome(tx, batch, row.row_number, {
      status: created ? "created" : "updated",
      detail: matches.length > 0 ? "duplicate" : "",
      message:
        matches.length > 0
          ? "Imported; the face also matches another identity in the gallery."
          : created
            ? "Identity created."
            : "Identity updated.",
      individualId,
      matches,
    });
  });
  return null;
}

async function decodePhoto(bytes: Buffer): Promise<DecodedImage> {
  // spec: JPEG or PNG by content, not by declared type.
  const type = await fileTypeFromBuffer(bytes);
  if (!type || (type.mime !== "image/jpeg" && type.mime !== "image/png")) {
    throw new ImportRowFailure(
      "unsupported_image_type",
      `The photo is ${type ? type.mime : "not an image"}; JPEG or PNG is required.`,
    );
  }
  try {
    return await decodeImageField(bytes.toString("base64"), "image");
  } catch (error) {
    if (isAppError(error) && error.code === "unsupported_image_type") {
      throw new ImportRowFailure("unsupported_image_type", error.message);
    }
    if (isAppError(error)) throw new ImportRowFailure("invalid_image", "The photo could not be decoded.");
    throw error;
  }
}

async function findIdentity(db: Services["db"], tenantId: string, externalUserId: string) {
  const row = await db
    .selectFrom("individuals")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .where("external_user_id", "=", externalUserId)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The batch row lock serializes a row's landing with DELETE stopping the batch. */
async function lockRunningBatch(tx: Tx, batch: ImportBatchContext): Promise<void> {
  const locked = await tx
    .selectFrom("import_batches")
    .select("id")
    .where("id", "=", batch.id)
    .where("status", "=", "running")
    .forUpdate()
    .executeTakeFirst();
  if (!locked) throw new ImportBatchStopped("the batch is no longer running");
}

async function upsertIdentity(
  tx: Tx,
  batch: ImportBatchContext,
  row: PendingImportRow,
): Promise<{ individualId: string; created: boolean }> {
  // spec: provenance under metadata.import (source_system, consent_reference, batch id, row number).
  const provenance = {
    source_system: batch.sourceSystem,
    consent_reference: batch.consentReference,
    batch_id: batch.id,
    row: row.row_number,
  };
  const inserted = await tx
    .insertInto("individuals")
    .values({
      tenant_id: batch.tenantId,
      external_user_id: row.external_user_id,
      full_name: row.full_name,
      email: row.email,
      phone: row.phone,
      country: row.country,
      kyc_status: "unknown",
      metadata: JSON.stringify({ import: provenance }),
    })
    .onConflict((oc) =>
      oc.columns(["tenant_id", "external_user_id"]).where("external_user_id", "is not", null).doNothing(),
    )
    .returning("id")
    .executeTakeFirst();
  if (inserted) return { individualId: inserted.id, created: true };
  // An existing identity keeps its own values where the row leaves a field empty, and its kyc_status.
  const updated = await tx
    .updateTable("individuals")
    .set((eb) => ({
      full_name: eb.fn.coalesce(eb.val(row.full_name), eb.ref("full_name")),
      email: eb.fn.coalesce(eb.val(row.email), eb.ref("email")),
      phone: eb.fn.coalesce(eb.val(row.phone), eb.ref("phone")),
      country: eb.fn.coalesce(eb.val(row.country), eb.ref("country")),
      metadata: sql`metadata || jsonb_build_object('import', ${JSON.stringify(provenance)}::jsonb)`,
      updated_at: sql`now()`,
    }))
    .where("tenant_id", "=", batch.tenantId)
    .where("external_user_id", "=", row.external_user_id)
    .returning("id")
    .executeTakeFirstOrThrow();
  return { individualId: updated.id, created: false };
}

function failureOutcome(error: unknown): RowOutcome {
  const failed = (detail: string, message: string): RowOutcome => ({
    status: "error",
    detail,
    message,
    individualId: null,
    matches: [],
  });
  if (error instanceof ImportRowFailure) return failed(error.detail, error.message);
  if (isAppError(error)) {
    // no_face_detected, multiple_faces, insufficient_credits, … keep the engine's or ledger's code.
    return failed(error.code, error.code === "insufficient_credits" ? "Not enough credits." : error.message);
  }
  return failed("processing_failed", error instanceof Error ? error.message : String(error));
}

async function saveOutcome(
  db: Services["db"] | Tx,
  batch: ImportBatchContext,
  rowNumber: number,
  outcome: RowOutcome,
): Promise<void> {
  await db
    .updateTable("import_rows")
    .set({
      status: outcome.status,
      detail: outcome.detail,
      message: outcome.message.slice(0, 500),
      individual_id: outcome.individualId,
      matches: JSON.stringify(outcome.matches),
    })
    .where("tenant_id", "=", batch.tenantId)
    .where("batch_id", "=", batch.id)
    .where("row_number", "=", rowNumber)
    .execute();
}
