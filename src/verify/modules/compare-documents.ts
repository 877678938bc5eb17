// ID_VERIFICATION against the tenant's reference document (spec: session `reference.document_image`):
// the reference is read with the same engine and its number and holder name compared with the capture.
import type { DocumentExtractResult } from "../../engines/document/document-engine.js";
import { isAppError } from "../../platform/errors.js";
import type { Services } from "../../services.js";

const NUMBER_KEYS = [
  "document_number",
  "license_number",
  "pan_number",
  "citizenship_number",
  "aadhaar_number",
] as const;

/** The document's own number, whatever the reader calls it; null when none was read. */
export function documentNumberOf(fields: Record<string, string>): string | null {
  for (const key of NUMBER_KEYS) if (fields[key]) return fields[key] as string;
  return null;
}

const normalizeNumber = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]/g, "");

function nameTokens(fields: Record<string, string>): string[] | null {
  const name = fields.full_name ?? [fields.given_names, fields.surname].filter(Boolean).join(" ");
  const tokens = name
    .toUpperCase()
    .split(/[^\p{L}\p{M}]+/u)
    .filter(Boolean)
    .sort();
  return tokens.length > 0 ? tokens : null;
}

export interface DocumentComparison {
  /** true: every compared value agrees; false: one differs; null: nothing could be compared. */
  matched: boolean | null;
  document_id_matched: boolean | null;
  name_matched: boolean | null;
}

export async function compareDocuments(
  services: Services,
  referencePath: string,
  captured: DocumentExtractResult,
): Promise<DocumentComparison> {
  const unreadable: DocumentComparison = { matched: null, document_id_matched: null, name_matched: null };
  const bytes = await services.media.get(referencePath);
  if (!bytes) return unreadable;
  let reference: DocumentExtractResult;
  try {
    const engine = await services.engines.document();
    reference = (await engine.extract(bytes, { documentType: captured.detected_type })).result;
  } catch (error) {
    if (isAppError(error) && error.status < 500) return unreadable;
    throw error;
  }
  const numberA = documentNumberOf(reference.fields);
  const numberB = documentNumberOf(captured.fields);
  const document_id_matched =
    numberA && numberB ? normalizeNumber(numberA) === normalizeNumber(numberB) : null;
  const namesA = nameTokens(reference.fields);
  const namesB = nameTokens(captured.fields);
  const name_matched = namesA && namesB ? namesA.join(" ") === namesB.join(" ") : null;
  const compared = [document_id_matched, name_matched].filter((v): v is boolean => v !== null);
  return {
    matched: compared.length === 0 ? null : compared.every(Boolean),
    document_id_matched,
    name_matched,
  };
}
