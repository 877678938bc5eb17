// spec: Risk list — normalization on write; duplicate detection and matching use the normalized value.
import type { RiskListType } from "../partner-tables.js";

/** Documented limits (README: Limits): an entry value and its comment, in characters. */
export const MAX_ENTRY_VALUE_LENGTH = 255;
export const MAX_ENTRY_COMMENT_LENGTH = 1000;

export const RISK_LIST_TYPES: readonly RiskListType[] = ["phone", "email", "identifier"];

export function isRiskListType(value: unknown): value is RiskListType {
  return typeof value === "string" && (RISK_LIST_TYPES as readonly string[]).includes(value);
}

/**
 * phone: digits only (a country code is kept as given); email: trimmed and lowercased; identifier: trimmed,
 * case preserved. Returns "" when nothing is left, which callers refuse as a blank value.
 */
export function normalizeEntryValue(type: RiskListType, raw: string): string {
  switch (type) {
    case "phone":
      return raw.replace(/\D+/g, "");
    case "email":
      return raw.trim().toLowerCase();
    case "identifier":
      return raw.trim();
  }
}
