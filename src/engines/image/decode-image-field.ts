// Image intake shared by every tool and step that takes a base64 image.
// spec: Verify surface: standalone tools — base64 raw or data: URI, JPEG or PNG only, at most 8 MB
// after decoding; decode-failure table: missing → <field>_required (400), undecodable / empty /
// too big → invalid_<field> (400), another image type → unsupported_image_type (415).
import { fileTypeFromBuffer } from "file-type";
import sharp, { type Metadata } from "sharp";
import { AppError, ERROR_STATUS, type ErrorCode } from "../../platform/errors.js";
import { MAX_IMAGE_PIXELS, readCheckedHeader } from "./pixel-guard.js";

/** spec: Limits — Image size and type: 8 MB after decoding. */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
/** Decoding-bomb guard (pixel-guard.ts): a JPEG of a few KB can declare 60 000 × 60 000 pixels. */
export { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from "./pixel-guard.js";
/** The normalized RGB copy is downscaled to this side: face and OCR models work on far less. */
export const DEFAULT_RGB_MAX_SIDE = 2048;

export type AcceptedImageMime = "image/jpeg" | "image/png";

/** Interleaved 8-bit RGB pixels, row-major, 3 bytes per pixel. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface DecodedImage {
  /** The bytes exactly as received (after base64 decoding). */
  bytes: Buffer;
  mime: AcceptedImageMime;
  /** Dimensions after EXIF orientation, at full resolution. */
  width: number;
  height: number;
  /** Oriented RGB copy, downscaled to at most `rgbMaxSide` on its longer side. */
  rgb: RgbImage;
  /** `rgb.width / width`: multiply a full-resolution coordinate by it to land in `rgb`. */
  scale: number;
}

export interface DecodeImageOptions {
  rgbMaxSide?: number;
}

const DATA_URI_PREFIX = /^data:[^,]{0,200},/i;
const BASE64_BODY = /^[A-Za-z0-9+/_-]*={0,2}$/;
const ACCEPTED: ReadonlySet<string> = new Set(["image/jpeg", "image/png"]);

/**
 * Decodes a base64 image field (`field` is the code stem: image, reference, probe…) into its
 * bytes, sniffed type, oriented size and a normalized RGB buffer.
 */
export async function decodeImageField(
  value: unknown,
  field: string,
  options: DecodeImageOptions = {},
): Promise<DecodedImage> {
  const bytes = decodeBase64Field(value, field);
  const mime = await sniffImageType(bytes, field);
  return decodePixels(bytes, mime, field, options.rgbMaxSide ?? DEFAULT_RGB_MAX_SIDE);
}

/** Base64 (raw or data: URI) → bytes, enforcing presence and the 8 MB limit. */
export function decodeBase64Field(value: unknown, field: string): Buffer {
  if (value === undefined || value === null || value === "") {
    throw new AppError(fieldCode(`${field}_required`), { field, message: `${field} is required` });
  }
  if (typeof value !== "string") throw invalid(field, "must be a base64 string");
  const body = value.replace(DATA_URI_PREFIX, "").replace(/\s+/g, "");
  if (body === "")
    throw new AppError(fieldCode(`${field}_required`), { field, message: `${field} is required` });
  // Refuse on the encoded length first so an oversized body is never materialized.
  if (Math.floor((body.length * 3) / 4) - 2 > MAX_IMAGE_BYTES) throw invalid(field, "larger than 8 MB");
  if (!BASE64_BODY.test(body)) throw invalid(field, "not valid base64");
  const bytes = Buffer.from(body, "base64");
  if (bytes.length === 0) throw invalid(field, "empty image");
  if (bytes.length > MAX_IMAGE_BYTES) throw invalid(field, "larger than 8 MB");
  return bytes;
}

async function sniffImageType(bytes: Buffer, field: string): Promise<AcceptedImageMime> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type) throw invalid(field, "not a recognizable image");
  if (!ACCEPTED.has(type.mime)) {
    throw new AppError("unsupported_image_type", {
      field,
      message: `${type.mime} is not supported; send JPEG or PNG`,
    });
  }
  return type.mime as AcceptedImageMime;
}

async function decodePixels(
  bytes: Buffer,
  mime: AcceptedImageMime,
  field: string,
  rgbMaxSide: number,
): Promise<DecodedImage> {
  const open = () => sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" });
  let meta: Metadata;
  try {
    meta = await readCheckedHeader(bytes); // header only: dimensions before any pixel is decoded
  } catch (cause) {
    throw invalid(field, cause instanceof Error ? cause.message : "image header could not be read", cause);
  }
  const rawWidth = meta.width!;
  const rawHeight = meta.height!;
  const swapped = (meta.orientation ?? 1) >= 5; // EXIF 5–8 rotate by 90°
  const width = swapped ? rawHeight : rawWidth;
  const height = swapped ? rawWidth : rawHeight;
  try {
    const { data, info } = await open()
      .rotate()
      .resize({ width: rgbMaxSide, height: rgbMaxSide, fit: "inside", withoutEnlargement: true })
      .toColourspace("srgb")
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`expected 3 channels, got ${info.channels}`);
    const rgb = {
      data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
    };
    return { bytes, mime, width, height, rgb, scale: info.width / width };
  } catch (cause) {
    throw invalid(field, "image could not be decoded", cause);
  }
}

function invalid(field: string, message: string, cause?: unknown): AppError {
  return new AppError(fieldCode(`invalid_${field}`), { field, message: `${field}: ${message}`, cause });
}

/** `<field>_required` / `invalid_<field>` when the code exists; a generic validation code otherwise. */
function fieldCode(code: string): ErrorCode {
  return code in ERROR_STATUS ? (code as ErrorCode) : "validation_failed";
}
