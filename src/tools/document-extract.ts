// POST /v3/tools/document-extract/ (spec: document-extract; Tool result shapes — Document extract result).
// Billed as DOCUMENT_OCR only when fields or generic text came back; 422 ocr_no_fields, 503
// ocr_not_configured and 400 invalid_document_type are free. `warnings` is kept as an extra key (spec:
// Versioning — clients ignore keys they do not know) because it says why is_document_valid is false.
import { z } from "zod";
import type { DocumentExtractResult } from "../engines/document/document-engine.js";
import { DOCUMENT_TYPE_HINTS } from "../engines/document/document-types.js";
import { decodeImageField } from "../engines/image/decode-image-field.js";
import { type App, tenantOf } from "../platform/http/app.js";
import type { Services } from "../services.js";
import { runChargeableTool } from "./run-chargeable-tool.js";
import { imageField } from "./tool-schemas.js";

/** The engines take the bytes; decoding here enforces the decode table without a full-size RGB copy. */
export const DOCUMENT_DECODE = { rgbMaxSide: 64 };

const body = z.object({
  image_base64: imageField("image", "Photo or scan of the document"),
  document_type: z
    .string({ error: "invalid_document_type" })
    .nullable()
    .optional()
    .describe(
      `Hint among ${DOCUMENT_TYPE_HINTS.join(", ")}; an unrecognised string falls back to auto-detection; ` +
        "a non-string value is 400 invalid_document_type (not charged). disability_id runs a best-effort " +
        "generic extraction. Aadhaar-type cards are relabelled by their text whatever the hint.",
    ),
});

const response = z.object({
  fields: z
    .record(z.string(), z.string())
    .describe(
      "Values as printed, dates as YYYY-MM-DD (e.g. document_number, surname, given_names, date_of_birth).",
    ),
  translated_fields: z
    .record(z.string(), z.string())
    .describe("Latin transliterations of fields printed in Devanagari (citizenship certificates)."),
  detected_type: z
    .string()
    .describe(
      "passport, id_card, residence_permit, visa, drivers_license, citizenship, pan, disability_id, aadhaar, " +
        "business_registration or unknown.",
    ),
  confidence: z.number().min(0).max(1).describe("How sure the reading is, 0..1."),
  is_document_valid: z
    .boolean()
    .describe("Check digits, dates and cross-checks passed; see warnings when false."),
  has_portrait: z.boolean().describe("A holder's face was found on the document."),
  generic_extraction: z
    .literal(true)
    .optional()
    .describe("Present for template-less documents read by the generic extractor."),
  full_text: z.string().optional().describe("Template-less documents: every line read."),
  extraction_note: z.string().optional().describe("Template-less documents: what the generic reading means."),
  mrz: z
    .object({
      format: z.string().describe("TD1, TD2, TD3, MRVA, MRVB or FRENCH_ID."),
      lines: z.array(z.string()).describe("The machine-readable zone as read, one string per line."),
      checks: z.record(z.string(), z.boolean()).describe("Per guarded field: whether its check digit holds."),
      field_rules: z
        .record(z.string(), z.boolean())
        .describe(
          "Per coded field (issuing_state, nationality, sex, names, document_number, date_of_birth, expiry_date): " +
            "whether it holds a value the field can — a country code somebody issues, M/F/X or filler, letters, " +
            "fillers only after the number, a day of the calendar.",
        ),
      valid: z.boolean().describe("Every check digit holds and every coded field is well formed."),
    })
    .optional()
    .describe("Extra key (not in the spec's shape): documents with a machine-readable zone."),
  warnings: z
    .array(z.string())
    .describe(
      "Extra key (not in the spec's shape), stable codes: mrz_checksum_failed, mrz_field_invalid, vz_mrz_mismatch, mrz_not_found, " +
        "document_expired, date_implausible, number_checksum_failed, under_minimum_age, portrait_not_checked.",
    ),
});

export function registerDocumentExtractRoute(app: App, services: Services): void {
  app.post(
    "/tools/document-extract/",
    {
      config: { rateBucket: "kyc_v3_tools" },
      schema: {
        summary: "Read an identity document",
        description:
          "A lookup, not a verification: nothing is stored. 422 ocr_no_fields when nothing could be read; " +
          "503 ocr_not_configured when OCR language data is missing. Billed as DOCUMENT_OCR only when " +
          "fields or generic text were returned.",
        tags: ["tools"],
        body,
        response: { 200: response },
      },
    },
    async (request) =>
      runChargeableTool(services, {
        tenantId: tenantOf(request).tenantId,
        features: ["DOCUMENT_OCR"],
        billedFeature: "DOCUMENT_OCR",
        billable: readSomething,
        work: async () => {
          const image = await decodeImageField(request.body.image_base64, "image", DOCUMENT_DECODE);
          const engine = await services.engines.document();
          // The portrait crop stays internal (FACE_MATCH only): only `result` is returned.
          const { result } = await engine.extract(image.bytes, { documentType: request.body.document_type });
          return result;
        },
      }),
  );
}

/** spec: document-extract — "Charged only when fields or generic text were returned". */
export function readSomething(result: DocumentExtractResult): boolean {
  return Object.keys(result.fields).length > 0 || Boolean(result.full_text?.trim());
}
