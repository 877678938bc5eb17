// What NFC_VERIFICATION compares beyond passive authentication: DG1's MRZ against the MRZ the document step
// read from the page (document number, birth and expiry dates, the fields both carry), and DG2's portrait
// against the live selfie with the face engine.

import type { DocumentExtractResult } from "../../engines/document/document-engine.js";
import { readMrzFields } from "../../engines/document/mrz-fields.js";
import { decodeImageField } from "../../engines/image/decode-image-field.js";
import { DataGroupError, readDg1Mrz, readDg2Face } from "../../engines/nfc/data-groups.js";
import { jpeg2000ToPng } from "../../engines/nfc/decode-jpeg2000.js";
import { isAppError } from "../../platform/errors.js";
import type { ModuleContext } from "./module.js";
import { liveSelfiePath } from "./session-evidence.js";

const COMPARED = ["document_number", "date_of_birth", "expiry_date", "nationality", "sex"] as const;

export interface ChipMrz {
  lines: string[];
  fields: Record<string, string>;
  checks_valid: boolean;
}

export function chipMrz(dg1: Buffer): ChipMrz | null {
  const lines = readDg1Mrz(dg1);
  const read = readMrzFields(lines, new Date().toISOString().slice(0, 10));
  return read ? { lines, fields: read.fields, checks_valid: read.valid } : null;
}

/** The latest earlier document reading that has an MRZ, or null. */
export function documentMrzFields(context: ModuleContext): Record<string, string> | null {
  const index = context.nodes.findIndex((state) => state.node.id === context.node.id);
  for (const state of context.nodes.slice(0, index).reverse()) {
    if (state.node.feature !== "ID_VERIFICATION") continue;
    const reading = state.captures.extraction as DocumentExtractResult | null | undefined;
    if (reading?.fields.mrz_line1) return reading.fields;
  }
  return null;
}

/** null: nothing to compare (no document MRZ); else the fields that differ. */
export function compareMrz(chip: Record<string, string>, document: Record<string, string> | null) {
  if (!document) return null;
  const normal = (value: string) => value.toUpperCase().replace(/[^A-Z0-9-]/g, "");
  const compared: string[] = [];
  const differing: string[] = [];
  for (const field of COMPARED) {
    if (!chip[field] || !document[field]) continue;
    compared.push(field);
    if (normal(chip[field]) !== normal(document[field])) differing.push(field);
  }
  return { compared, differing };
}

export interface FaceComparison {
  chip_portrait_path: string | null;
  selfie_path: string | null;
  similarity: number | null;
  /** null when no comparison could be made. */
  matched: boolean | null;
  problem: "chip_face_unreadable" | "selfie_missing" | null;
}

/** DG2's portrait (JPEG as given, JPEG 2000 decoded to PNG); throws DataGroupError when it cannot be read. */
export async function chipPortrait(
  dg2: Buffer,
): Promise<{ bytes: Buffer; mime: "image/jpeg" | "image/png" }> {
  const face = readDg2Face(dg2);
  let portrait: { bytes: Buffer; mime: "image/jpeg" | "image/png" };
  try {
    portrait =
      face.format === "jpeg"
        ? { bytes: face.bytes, mime: "image/jpeg" }
        : { bytes: await jpeg2000ToPng(face.bytes), mime: "image/png" };
    await decodeImageField(portrait.bytes.toString("base64"), "image");
  } catch (error) {
    throw new DataGroupError(`DG2's ${face.format} image cannot be decoded: ${(error as Error).message}`);
  }
  return portrait;
}

/** The stored chip portrait against the session's live selfie. */
export async function compareChipFace(
  context: ModuleContext,
  portraitPath: string | null,
  threshold: number,
): Promise<FaceComparison> {
  const { services } = context;
  const selfiePath = liveSelfiePath(context.nodes);
  const result: FaceComparison = {
    chip_portrait_path: portraitPath,
    selfie_path: selfiePath,
    similarity: null,
    matched: null,
    problem: null,
  };
  // Through the decision's evidence cache: the selfie's face was already analysed by LIVENESS/FACE_MATCH.
  const chipFace = portraitPath ? (await context.evidence.faces(portraitPath))?.faces[0] : undefined;
  if (!chipFace) {
    result.problem = "chip_face_unreadable";
    return result;
  }
  if (!selfiePath) {
    result.problem = "selfie_missing";
    return result;
  }
  let selfieFace = null;
  try {
    selfieFace = await context.evidence.oneFace(selfiePath);
  } catch (error) {
    if (!isAppError(error) || error.status !== 422) throw error;
  }
  if (!selfieFace) {
    result.problem = "selfie_missing";
    return result;
  }
  const engine = await services.engines.face();
  result.similarity = engine.compare(selfieFace.embedding, chipFace.embedding);
  result.matched = result.similarity >= threshold;
  return result;
}
