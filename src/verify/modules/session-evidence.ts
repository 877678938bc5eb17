// What the capture modules share: step image intake with per-field codes, and reading back the evidence
// another node of the same session stored (FACE_MATCH and AGE_ESTIMATION read the live selfie LIVENESS
// captured and the portrait ID_VERIFICATION cut from the document).
import { type DecodedImage, decodeImageField } from "../../engines/image/decode-image-field.js";
import { AppError, isAppError } from "../../platform/errors.js";
import type { NodeState } from "./module.js";

/** Catalog keys the LIVENESS module answers to (spec: Workflow — method keys are node features too). */
export const LIVENESS_FEATURES = ["LIVENESS", "PASSIVE", "PASSIVE_VIDEO", "FLASHING", "3D_ACTION", "GESTURE"];

/**
 * A base64 image of an applicant step. Same decode table as the tools, but the code names the step's
 * field: 400 `<field>_required` / `invalid_<field>` (as validation_failed), 415 unsupported_image_type.
 */
export async function decodeStepImage(value: unknown, field: string): Promise<DecodedImage> {
  if (value === undefined || value === null || value === "") {
    throw new AppError("validation_failed", { field, detail: `${field}_required` });
  }
  try {
    return await decodeImageField(value, field);
  } catch (error) {
    if (isAppError(error) && error.code === "unsupported_image_type") throw error;
    throw new AppError("validation_failed", {
      field,
      detail: `invalid_${field}`,
      message: error instanceof Error ? error.message : String(error),
      cause: error,
    });
  }
}

/** The selfie the session's liveness step kept (best frontal still), as a media path. */
export function liveSelfiePath(nodes: NodeState[]): string | null {
  for (const state of nodes) {
    if (!LIVENESS_FEATURES.includes(state.node.feature)) continue;
    const path = state.captures.selfie_path;
    if (typeof path === "string") return path;
  }
  return null;
}

/** The holder's portrait cut from the document by ID_VERIFICATION, as a media path. */
export function documentPortraitPath(nodes: NodeState[]): string | null {
  for (const state of nodes) {
    if (state.node.feature !== "ID_VERIFICATION") continue;
    const path = state.captures.portrait_path;
    if (typeof path === "string") return path;
  }
  return null;
}
