// NFC_VERIFICATION's step body: the chip's files as base64 ({dg1, dg2, sod, dg14?, dg15?, aa_signature?,
// challenge?}), checked for shape at submit (each data group parses; the SOD is a CMS SignedData) so a broken
// upload is refused while the app can resend it, and stored as session evidence.
import { DataGroupError, readDg1Mrz, readDg2Face, readDg15PublicKey } from "../../engines/nfc/data-groups.js";
import { parseSecurityObject, SecurityObjectError } from "../../engines/nfc/security-object.js";
import { AppError } from "../../platform/errors.js";
import { saveEvidence } from "../../platform/media/evidence.js";
import type { ModuleContext } from "./module.js";

/** Chip files stay small: DG2 is the largest (a JPEG portrait of some tens of kilobytes). */
const MAX_FILE_BYTES = 1024 * 1024;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const NFC_FILES = ["dg1", "dg2", "sod", "dg14", "dg15"] as const;
export type NfcFile = (typeof NFC_FILES)[number];

export interface NfcCaptures {
  /** Media paths of the files received. */
  files: Partial<Record<NfcFile, string>>;
  /** DG2's portrait as an image (JPEG 2000 decoded to PNG). */
  portrait_path: string;
  active_authentication: { performed: boolean; valid: boolean | null; challenge_accepted: boolean | null };
}

export function decodeBase64Field(
  body: Record<string, unknown>,
  field: string,
  required: boolean,
): Buffer | null {
  const value = body[field];
  if (value === undefined || value === null || value === "") {
    if (!required) return null;
    throw new AppError("validation_failed", { field, detail: `${field}_required` });
  }
  const text = typeof value === "string" ? value.replace(/\s+/g, "") : "";
  const bytes = text && BASE64.test(text) ? Buffer.from(text, "base64") : Buffer.alloc(0);
  if (bytes.length === 0 || bytes.length > MAX_FILE_BYTES) {
    throw new AppError("validation_failed", {
      field,
      detail: `invalid_${field}`,
      message: `${field} is not base64 of at most ${MAX_FILE_BYTES} bytes.`,
    });
  }
  return bytes;
}

/** Refuses a file that is not what its name says (400 invalid_<field>). */
export function checkShape(field: NfcFile, bytes: Buffer): void {
  try {
    if (field === "dg1") readDg1Mrz(bytes);
    if (field === "dg2") readDg2Face(bytes);
    if (field === "dg15") readDg15PublicKey(bytes);
    if (field === "sod") parseSecurityObject(bytes);
  } catch (error) {
    if (error instanceof DataGroupError || error instanceof SecurityObjectError) {
      throw new AppError("validation_failed", { field, detail: `invalid_${field}`, message: error.message });
    }
    throw error;
  }
}

async function store(context: ModuleContext, kind: string, bytes: Buffer, contentType: string) {
  const saved = await saveEvidence(context.services.db, context.services.media, {
    tenantId: context.session.tenant_id,
    sessionId: context.session.id,
    individualId: context.session.individual_id,
    kind,
    bytes,
    contentType,
  });
  return saved.path;
}

export async function storeChipFiles(
  context: ModuleContext,
  files: Partial<Record<NfcFile, Buffer>>,
  portrait: { bytes: Buffer; mime: string },
): Promise<Pick<NfcCaptures, "files" | "portrait_path">> {
  const paths: Partial<Record<NfcFile, string>> = {};
  for (const [name, bytes] of Object.entries(files) as [NfcFile, Buffer][]) {
    paths[name] = await store(context, `nfc_${name}`, bytes, "application/octet-stream");
  }
  return { files: paths, portrait_path: await store(context, "nfc_portrait", portrait.bytes, portrait.mime) };
}
