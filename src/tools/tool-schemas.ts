// Zod pieces shared by the /v3/tools/* routes (spec: Verify surface: standalone tools, Limits).
// A custom zod message that is itself a code becomes the error `detail` (platform/http/validation-errors.ts).
import { z } from "zod";

/**
 * A base64 image argument. Presence and decoding are checked by decodeImageField so every row of the
 * spec's decode table answers with the field's code stem (`reference_required`, `invalid_probe`, …);
 * here only a non-string is refused.
 */
export function imageField(stem: string, what: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${stem}_required` : `invalid_${stem}`) })
    .describe(
      `${what}: base64, raw or as a data: URI; JPEG or PNG, at most 8 MB decoded. ` +
        `Missing or empty → 400 ${stem}_required; undecodable or too large → 400 invalid_${stem}; ` +
        "another image type → 415 unsupported_image_type.",
    );
}

/** spec: Limits — thresholds 0.2..0.95; out of range or not a number → 400 invalid_threshold. */
export function thresholdField(defaultValue: number, meaning: string) {
  const error = "invalid_threshold";
  return z
    .number({ error })
    .min(0.2, { error })
    .max(0.95, { error })
    .default(defaultValue)
    .describe(`${meaning} Range 0.2..0.95, default ${defaultValue}.`);
}

/** spec: Limits — face-search / signature-search top_k 1..50, default 12; else 400 invalid_top_k. */
export function topKField() {
  const error = "invalid_top_k";
  return z
    .number({ error })
    .int({ error })
    .min(1, { error })
    .max(50, { error })
    .default(12)
    .describe("Most matches returned, best first. Integer 1..50, default 12.");
}

/** 0..1 similarity rounded to 4 decimals. */
export const scoreSchema = z.number().min(0).max(1).describe("Similarity 0..1, 4 decimals.");
