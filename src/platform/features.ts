// The feature catalog: workflow modules (spec: Workflow catalog keys), chargeable tools and platform features.
// Entitlements and rates are both keyed by these names.

export const WORKFLOW_FEATURES = [
  "ID_VERIFICATION",
  "NFC_VERIFICATION",
  "PASSIVE",
  "PASSIVE_VIDEO",
  "FLASHING",
  "3D_ACTION",
  "GESTURE",
  "LIVENESS",
  "FACE_MATCH",
  "AGE_ESTIMATION",
  "AML_SCREENING",
  "PROOF_OF_ADDRESS",
  "DATABASE_VALIDATION",
  "EMAIL_VERIFICATION",
  "PHONE_VERIFICATION",
  "IP_ANALYSIS",
  "QUESTIONNAIRE",
  "VIDEO_CALL",
  "CONFIRM_DETAILS",
] as const;

export const TOOL_FEATURES = [
  "AML_CHECK",
  "FACE_SEARCH",
  "FACE_VERIFY",
  "SIGNATURE_VERIFY",
  "SIGNATURE_SEARCH",
  "DOCUMENT_OCR",
  "BUSINESS_DOCUMENT",
  "IP_CHECK",
] as const;

export const PLATFORM_FEATURES = ["SESSION_CREATE", "PARTNER_SESSION", "IDENTITY_IMPORT"] as const;

export type Feature =
  | (typeof WORKFLOW_FEATURES)[number]
  | (typeof TOOL_FEATURES)[number]
  | (typeof PLATFORM_FEATURES)[number];

export const ALL_FEATURES: readonly string[] = [...WORKFLOW_FEATURES, ...TOOL_FEATURES, ...PLATFORM_FEATURES];

/** spec: identity import "is off until granted"; everything else is on for a new tenant unless told otherwise. */
export const OFF_BY_DEFAULT: readonly string[] = ["IDENTITY_IMPORT"];

/** Lens services are metered as `LENS_<SERVICE>` only when that key has an explicit rate (spec: tools table). */
export function isKnownFeature(key: string): boolean {
  return ALL_FEATURES.includes(key) || /^LENS_[A-Z0-9_]+$/.test(key);
}

/** Default rate card (credits per use). Operators change it with `kyc rates set`. */
export const DEFAULT_RATES: Readonly<Record<string, string>> = {
  SESSION_CREATE: "1",
  PARTNER_SESSION: "1",
  IDENTITY_IMPORT: "0.05",
  AML_CHECK: "0.1",
  FACE_SEARCH: "0.1",
  FACE_VERIFY: "0.1",
  SIGNATURE_VERIFY: "0.05",
  SIGNATURE_SEARCH: "0.05",
  DOCUMENT_OCR: "0.2",
  BUSINESS_DOCUMENT: "0.2",
  IP_CHECK: "0.02",
  LIVENESS: "0.2",
};
