// What the capture modules share: step image intake with per-field codes, and reading back the evidence
// another node of the same session stored (FACE_MATCH and AGE_ESTIMATION read the live selfie LIVENESS
// captured and the portrait ID_VERIFICATION cut from the document).

import type { DocumentExtractResult } from "../../engines/document/document-engine.js";
import { type DecodedImage, decodeImageField } from "../../engines/image/decode-image-field.js";
import { AppError, isAppError } from "../../platform/errors.js";
import type { ModuleContext, NodeState, WorkflowNode } from "./module.js";

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

/** An enabled ID_VERIFICATION node comes before this one in the workflow (placement checks). */
export function documentBefore(node: WorkflowNode, nodes: readonly WorkflowNode[]): boolean {
  const index = nodes.findIndex((candidate) => candidate.id === node.id);
  return nodes
    .slice(0, index)
    .some((candidate) => candidate.enabled && candidate.feature === "ID_VERIFICATION");
}

/** The reading of the latest document node before this one (null when the engine could not read it then). */
export function documentReading(context: ModuleContext): DocumentExtractResult | null {
  const index = context.nodes.findIndex((state) => state.node.id === context.node.id);
  const document = context.nodes
    .slice(0, index)
    .filter((state) => state.node.feature === "ID_VERIFICATION")
    .at(-1);
  return (document?.captures.extraction as DocumentExtractResult | null | undefined) ?? null;
}
