// spec: signature-enroll — stores a prepared signature (descriptor + ink crop) against an identity.
import type { PreparedSignature } from "../../engines/signature/signature-engine.js";
import { SIGNATURE_DESCRIPTOR_VERSION } from "../../engines/signature/signature-engine.js";
import type { Tx } from "../../platform/db/transaction.js";
import { saveEvidence } from "../../platform/media/evidence.js";
import type { Services } from "../../services.js";

/** spec: Limits — signature label 120 characters (longer labels are truncated, not refused). */
export const SIGNATURE_LABEL_MAX = 120;

export interface EnrollSignatureInput {
  tenantId: string;
  individualId: string;
  label?: string;
  prepared: Pick<PreparedSignature, "descriptor" | "cropPng">;
}

export async function enrollSignature(
  tx: Tx,
  services: Pick<Services, "media">,
  input: EnrollSignatureInput,
): Promise<{ sampleId: string; cropPath: string }> {
  const crop = await saveEvidence(tx, services.media, {
    tenantId: input.tenantId,
    bytes: input.prepared.cropPng,
    contentType: "image/png",
    kind: "signature_crop",
    individualId: input.individualId,
  });
  const row = await tx
    .insertInto("signature_samples")
    .values({
      tenant_id: input.tenantId,
      individual_id: input.individualId,
      // Array.from on a string splits by code point, so a truncated label never ends in half a surrogate.
      label: Array.from(input.label ?? "")
        .slice(0, SIGNATURE_LABEL_MAX)
        .join(""),
      descriptor: Array.from(input.prepared.descriptor),
      descriptor_version: SIGNATURE_DESCRIPTOR_VERSION,
      crop_path: crop.path,
      crop_media_id: crop.id,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { sampleId: row.id, cropPath: crop.path };
}
