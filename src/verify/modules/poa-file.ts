// The proof-of-address upload: base64 (or a data: URI) of a JPEG, PNG or PDF, at most 8 MB, the type
// sniffed from the bytes (never the declared name). Images pass the same pixel guard as every image intake.
import { fileTypeFromBuffer } from "file-type";
import { decodeBase64Field, decodeImageField } from "../../engines/image/decode-image-field.js";
import type { PoaFileType } from "../../engines/proof-of-address/read-proof-of-address.js";
import { AppError, isAppError } from "../../platform/errors.js";

export interface PoaFile {
  bytes: Buffer;
  type: PoaFileType;
}

const ACCEPTED: readonly string[] = ["application/pdf", "image/jpeg", "image/png"];

export async function decodePoaFile(value: unknown): Promise<PoaFile> {
  let bytes: Buffer;
  try {
    bytes = decodeBase64Field(value, "file");
  } catch (error) {
    const missing = value === undefined || value === null || value === "";
    throw new AppError("validation_failed", {
      field: "file",
      detail: missing ? "file_required" : "invalid_file",
      message: missing ? "Send the document as `file` (base64)." : (error as Error).message,
      cause: error,
    });
  }
  const sniffed = await fileTypeFromBuffer(bytes);
  if (!sniffed || !ACCEPTED.includes(sniffed.mime)) {
    throw new AppError("unsupported_media_type", {
      field: "file",
      detail: "unsupported_file_type",
      message: `${sniffed?.mime ?? "This file"} is not accepted; send a PDF, JPEG or PNG.`,
    });
  }
  if (sniffed.mime !== "application/pdf") {
    try {
      await decodeImageField(bytes.toString("base64"), "file");
    } catch (error) {
      throw new AppError("validation_failed", {
        field: "file",
        detail: "invalid_file",
        message: isAppError(error) ? error.message : "The image could not be decoded.",
        cause: error,
      });
    }
  }
  return { bytes, type: sniffed.mime as PoaFileType };
}
