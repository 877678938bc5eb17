// Adds a face to the tenant's gallery (spec: face-search — the gallery holds selfies captured live in
// sessions plus imported photos; document portraits, vendor reference faces and liveness stills are
// excluded). Callers pass the face the engine already analysed; no model runs here.
import type { AnalyzedFace } from "../../engines/face/face-engine.js";
import type { RgbImage } from "../../engines/image/decode-image-field.js";
import type { Tx } from "../../platform/db/transaction.js";
import { saveEvidence } from "../../platform/media/evidence.js";
import type { Services } from "../../services.js";
import { cropFaceThumb } from "./face-thumb.js";

/** The only two ways into the gallery; the type makes a portrait or liveness still unrepresentable. */
export type FaceEnrollmentSource =
  | { source: "session_selfie"; sessionId: string }
  | { source: "import"; importBatchId: string };

export type EnrollFaceInput = FaceEnrollmentSource & {
  tenantId: string;
  individualId: string;
  /** The analysed image (DecodedImage.rgb): the thumbnail is cropped from it. */
  image: RgbImage;
  /** The subject, from requireOneFace on `image`. */
  face: Pick<AnalyzedFace, "box" | "embedding" | "embeddingModel" | "embeddingWidth">;
};

export interface EnrolledFace {
  faceId: string;
  thumbPath: string;
}

/** Inserts the face and its thumbnail evidence in the caller's transaction. */
export async function enrollFace(
  tx: Tx,
  services: Pick<Services, "media">,
  input: EnrollFaceInput,
): Promise<EnrolledFace> {
  const sessionId = input.source === "session_selfie" ? input.sessionId : null;
  const importBatchId = input.source === "import" ? input.importBatchId : null;
  if (input.source !== "session_selfie" && input.source !== "import") {
    throw new Error(
      `faces are enrolled only from session selfies and imports, not ${String((input as { source: unknown }).source)}`,
    );
  }
  if (input.face.embedding.length !== input.face.embeddingWidth) {
    throw new Error("embedding length differs from its declared width");
  }
  const thumb = await saveEvidence(tx, services.media, {
    tenantId: input.tenantId,
    bytes: await cropFaceThumb(input.image, input.face.box),
    contentType: "image/jpeg",
    kind: "face_thumb",
    sessionId,
    individualId: input.individualId,
  });
  const row = await tx
    .insertInto("faces")
    .values({
      tenant_id: input.tenantId,
      individual_id: input.individualId,
      session_id: sessionId,
      import_batch_id: importBatchId,
      source: input.source,
      embedding: Array.from(input.face.embedding),
      embedding_model: input.face.embeddingModel,
      embedding_width: input.face.embeddingWidth,
      thumb_path: thumb.path,
      thumb_media_id: thumb.id,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { faceId: row.id, thumbPath: thumb.path };
}
