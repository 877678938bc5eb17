// spec: Verification session — create request fields and their rules.
import { z } from "zod";

/** spec: only these prefill keys are read; others are ignored. */
export const PREFILL_KEYS = [
  "full_name",
  "first_name",
  "last_name",
  "display_name",
  "date_of_birth",
  "email",
  "phone",
  "nationality",
  "address_line1",
  "address_line2",
  "city",
  "state",
  "country",
  "zip_code",
] as const;

export const SUPPORTED_LOCALES = ["en", "ne"] as const;

/** Documented limits (README: Limits) on the free-form objects, as serialized JSON bytes. */
export const MAX_METADATA_BYTES = 16 * 1024;
export const MAX_PREFILL_BYTES = 8 * 1024;
export const MAX_VENDOR_IDENTITY_BYTES = 8 * 1024;

/** A free-form JSON object of at most `maxBytes` serialized; larger ones are a 400 `invalid_<field>`. */
function boundedObject(maxBytes: number, code: string) {
  return z
    .record(z.string(), z.unknown())
    .refine((value) => Buffer.byteLength(JSON.stringify(value)) <= maxBytes, { error: code });
}

const base64Image = z
  .string()
  .max(12_000_000)
  .describe("Base64 or data: URI; JPEG or PNG, 8 MB decoded at most.");

/**
 * Where an applicant may be sent: http(s) only, and no user-info, which would let
 * `https://bank.example@evil.example/` read as the bank's address while going elsewhere.
 */
function isRedirectTarget(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  const url = new URL(value);
  return url.username === "" && url.password === "";
}

export const createSessionBody = z.object({
  workflow_id: z.string().optional().describe("Workflow uuid; the tenant default when omitted."),
  session_kind: z.literal("user", { error: "invalid_session_kind" }).optional().describe("Only `user`."),
  vendor_data: z
    .string()
    .max(255)
    .optional()
    .describe("Your user reference; becomes the identity's external_user_id."),
  callback_url: z
    .string()
    .max(2048, { error: "invalid_callback_url" })
    .url({ error: "invalid_callback_url" })
    .refine(isRedirectTarget, { error: "invalid_callback_url" })
    .optional()
    .describe(
      "Absolute http(s) URL the applicant is sent to after completion (advisory only); at most 2048 characters, no user name or password in it.",
    ),
  contact_email: z.string().email({ error: "invalid_contact_email" }).max(254).optional(),
  contact_phone: z.string().max(40).optional(),
  expires_in_hours: z
    .number({ error: "invalid_expires_in_hours" })
    .int({ error: "invalid_expires_in_hours" })
    .min(1, { error: "invalid_expires_in_hours" })
    .max(720, { error: "invalid_expires_in_hours" })
    .optional()
    .describe("1..720, default 48."),
  locale: z.string().max(16).optional().describe("`en` or `ne`; anything else falls back to `en`."),
  metadata: boundedObject(MAX_METADATA_BYTES, "invalid_metadata")
    .optional()
    .describe("Echoed on reads; never shown to the applicant. At most 16 KB as JSON."),
  prefill: boundedObject(MAX_PREFILL_BYTES, "invalid_prefill")
    .optional()
    .describe(`Only ${PREFILL_KEYS.join(", ")} are read. At most 8 KB as JSON.`),
  reference: z
    .object({
      face_image: base64Image.optional(),
      document_image: base64Image.optional(),
      signature_image: base64Image.optional(),
      authenticated: z.boolean().optional(),
      vendor_identity: boundedObject(MAX_VENDOR_IDENTITY_BYTES, "invalid_vendor_identity")
        .optional()
        .describe("At most 8 KB as JSON."),
    })
    .optional()
    .describe(
      "Reference data matched against what the applicant captures; marks the identity vendor-authenticated.",
    ),
});
export type CreateSessionBody = z.infer<typeof createSessionBody>;

export const createSessionResponse = z.object({
  id: z.string().uuid(),
  session_kind: z.string(),
  status: z.string(),
  url: z.string(),
  vendor_data: z.string().nullable(),
  decision: z.string(),
  expires_at: z.string(),
  created_at: z.string(),
  test: z
    .literal(true)
    .optional()
    .describe(
      "Present (true) only on a session created with a test key (sandbox): free, isolated from live data.",
    ),
});
export type CreateSessionResponse = z.infer<typeof createSessionResponse>;

export function pickPrefill(prefill: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!prefill) return {};
  const picked: Record<string, unknown> = {};
  for (const key of PREFILL_KEYS) {
    const value = prefill[key];
    if (typeof value === "string" && value.length <= 500) picked[key] = value;
  }
  return picked;
}
