// spec: Verify surface: identity import — the whole-request rules of POST /v3/identities/import/ (each
// refusal is a 400 `{detail, error: <sentence>}`), the column aliases and the field truncations.
import isoCountries from "i18n-iso-countries";
import { AppError, type ErrorCode } from "../../platform/errors.js";
import type { OnDuplicate } from "./import-tables.js";

/** spec: Limits — Import rows per batch. */
export const MAX_IMPORT_ROWS = 5000;
/** spec: Limits — Import row field sizes. */
export const MAX_EXTERNAL_USER_ID = 255;
export const MAX_PHOTO_URL = 1000;
export const MAX_SOURCE_SYSTEM = 120;
export const MAX_CONSENT_REFERENCE = 200;

const ON_DUPLICATE: readonly OnDuplicate[] = ["report", "skip", "none"];

/** Canonical column first, then its accepted aliases in the spec's order (the first present wins). */
const COLUMNS = {
  external_user_id: ["external_user_id", "id", "unique_id", "uniqueid", "customer_id", "user_id"],
  full_name: ["full_name", "name", "fullname", "customer_name"],
  photo_url: ["photo_url", "photo", "image", "image_url", "photo_link", "picture"],
  email: ["email", "email_address"],
  phone: ["phone", "mobile", "phone_number"],
  country: ["country"],
} as const;

export interface ParsedImportRow {
  row: number;
  externalUserId: string;
  photoUrl: string;
  fullName: string | null;
  email: string | null;
  phone: string | null;
  country: string | null;
  /** A row refused before any fetch: missing or oversized required field (reported as a failed row). */
  refusal: { detail: string; message: string } | null;
}

export interface ParsedImportRequest {
  sourceSystem: string;
  consentReference: string;
  onDuplicate: OnDuplicate;
  rows: ParsedImportRow[];
}

export function parseImportRequest(body: unknown): ParsedImportRequest {
  const input = isPlainObject(body) ? body : {};
  const identities = input.identities;
  if (!Array.isArray(identities) || identities.length === 0) {
    throw refusal("no_rows", "identities must be a non-empty array of rows.");
  }
  if (identities.length > MAX_IMPORT_ROWS) {
    throw refusal("too_many_rows", `A batch holds at most ${MAX_IMPORT_ROWS} rows; split the import.`);
  }
  const badIndex = identities.findIndex((entry) => !isPlainObject(entry));
  if (badIndex >= 0) {
    throw refusal("invalid_row", `identities[${badIndex}] is not an object.`);
  }
  const sourceSystem = requiredText(input.source_system);
  if (!sourceSystem) throw refusal("source_system_required", "source_system is required.");
  const consentReference = requiredText(input.consent_reference);
  if (!consentReference) throw refusal("consent_reference_required", "consent_reference is required.");
  const onDuplicate = input.on_duplicate ?? "report";
  if (!ON_DUPLICATE.includes(onDuplicate as OnDuplicate)) {
    throw refusal("invalid_on_duplicate", "on_duplicate must be one of report, skip, none.");
  }
  return {
    sourceSystem: sourceSystem.slice(0, MAX_SOURCE_SYSTEM),
    consentReference: consentReference.slice(0, MAX_CONSENT_REFERENCE),
    onDuplicate: onDuplicate as OnDuplicate,
    rows: identities.map((entry, index) => parseRow(entry as Record<string, unknown>, index + 1)),
  };
}

function parseRow(entry: Record<string, unknown>, row: number): ParsedImportRow {
  const externalUserId = column(entry, "external_user_id") ?? "";
  const photoUrl = column(entry, "photo_url") ?? "";
  const country = column(entry, "country")?.toUpperCase() ?? null;
  return {
    row,
    externalUserId: externalUserId.slice(0, MAX_EXTERNAL_USER_ID),
    // spec: Limits — photo_url 1000 (stored truncated).
    photoUrl: photoUrl.slice(0, MAX_PHOTO_URL),
    fullName: column(entry, "full_name"),
    email: column(entry, "email"),
    phone: column(entry, "phone"),
    // spec: country is ISO 3166-1 alpha-2; anything else is silently dropped.
    country: country && /^[A-Z]{2}$/.test(country) && isoCountries.isValid(country) ? country : null,
    refusal: rowRefusal(externalUserId, photoUrl),
  };
}

function rowRefusal(externalUserId: string, photoUrl: string): ParsedImportRow["refusal"] {
  if (!externalUserId) {
    return { detail: "external_user_id_required", message: "external_user_id is required." };
  }
  // An id cut at 255 characters could silently merge two people: refuse the row instead.
  if (externalUserId.length > MAX_EXTERNAL_USER_ID) {
    return {
      detail: "external_user_id_too_long",
      message: `external_user_id is longer than ${MAX_EXTERNAL_USER_ID} characters.`,
    };
  }
  if (!photoUrl) return { detail: "photo_url_required", message: "photo_url is required." };
  // The stored value is truncated; a truncated URL would fetch something else, so it is not fetched.
  if (photoUrl.length > MAX_PHOTO_URL) {
    return { detail: "bad_url", message: `photo_url is longer than ${MAX_PHOTO_URL} characters.` };
  }
  return null;
}

/** The first non-empty value among a column's names; numbers count as text (CSV ids), other types as absent. */
function column(entry: Record<string, unknown>, name: keyof typeof COLUMNS): string | null {
  for (const key of COLUMNS[name]) {
    const value = entry[key];
    const text = typeof value === "number" && Number.isFinite(value) ? String(value) : value;
    if (typeof text === "string" && text.trim() !== "") return text.trim();
  }
  return null;
}

function requiredText(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function refusal(code: ErrorCode, sentence: string): AppError {
  return new AppError(code, { message: sentence, extra: { error: sentence } });
}
