// Document kinds, the hint rules of document-extract, and auto-detection from OCR text.
import { AppError } from "../../platform/errors.js";
import { verhoeffValid } from "./verhoeff.js";

/** spec: document-extract — hints accepted for `document_type`. */
export const DOCUMENT_TYPE_HINTS = [
  "passport",
  "drivers_license",
  "citizenship",
  "pan",
  "disability_id",
] as const;
export type DocumentTypeHint = (typeof DOCUMENT_TYPE_HINTS)[number];

/**
 * What `detected_type` can say. id_card, residence_permit and visa come from a machine-readable zone's
 * document code and shape (mrz-fields.ts), whatever the layout around it.
 */
export type DetectedType =
  | DocumentTypeHint
  | "id_card"
  | "residence_permit"
  | "visa"
  | "aadhaar"
  | "business_registration"
  | "unknown";

/**
 * spec: document-extract — a non-string hint is 400 invalid_document_type; an unrecognised string
 * falls back to auto-detect (undefined here); absent (undefined or null) also auto-detects.
 */
export function parseDocumentTypeHint(value: unknown): DocumentTypeHint | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") {
    throw new AppError("invalid_document_type", {
      field: "document_type",
      message: "document_type must be a string",
    });
  }
  const normalised = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  return (DOCUMENT_TYPE_HINTS as readonly string[]).includes(normalised)
    ? (normalised as DocumentTypeHint)
    : undefined;
}

/** Detection from an English OCR pass (Latin keywords) and, when run, a Nepali pass. */
export function detectDocumentType(englishText: string, nepaliText = ""): DetectedType {
  const t = englishText.toUpperCase().replace(/\s+/g, " ");
  // spec: document-extract — Aadhaar-type cards are relabelled by their OCR text.
  if (/AADHAAR|GOVERNMENT OF INDIA|UNIQUE IDENTIFICATION/.test(t) || /आधार|भारत सरकार/.test(nepaliText)) {
    return "aadhaar";
  }
  // A 4-4-4 digit number whose Verhoeff check digit holds is an Aadhaar number even when the header is lost.
  const twelve = t.match(/\b\d{4} \d{4} \d{4}\b/)?.[0]?.replace(/ /g, "");
  if (twelve && verhoeffValid(twelve)) return "aadhaar";
  if (/P[<KC][A-Z<]{3}[A-Z]/.test(t.replace(/ /g, "")) && /PASSPORT|<<|P<[A-Z]{3}/.test(t)) return "passport";
  if (/PASSPORT/.test(t)) return "passport";
  if (/DRIVING LICEN[CS]E|D\.?L\.? ?NO|TRANSPORT MANAGEMENT/.test(t)) return "drivers_license";
  if (/PERMANENT ACCOUNT NUMBER|INLAND REVENUE|\bPAN NO/.test(t)) return "pan";
  if (/DISABILITY/.test(t) || /अपाङ्ग/.test(nepaliText)) return "disability_id";
  if (/CERTIFICATE OF INCORPORATION|COMPANY REGISTRAR|REGISTRATION NO/.test(t))
    return "business_registration";
  if (/नागरिकता|ना\.?\s?प्र\.?\s?नं/.test(nepaliText)) return "citizenship";
  return "unknown";
}

/** Whether an English pass is too thin to classify and a Nepali pass is worth its time. */
export function looksDevanagariOnly(englishText: string, confidence: number): boolean {
  const latinWords = englishText.match(/\b[A-Za-z]{3,}\b/g)?.length ?? 0;
  return confidence < 60 || latinWords < 6;
}
