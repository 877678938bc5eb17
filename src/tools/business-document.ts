// POST /v3/tools/business-document/ (spec: tools table — body image_base64, chargeable; the response
// shape is ours to define and is documented by the zod schema below, which feeds the OpenAPI document).
import { z } from "zod";
import { decodeImageField } from "../engines/image/decode-image-field.js";
import { type App, tenantOf } from "../platform/http/app.js";
import type { Services } from "../services.js";
import { DOCUMENT_DECODE } from "./document-extract.js";
import { runChargeableTool } from "./run-chargeable-tool.js";
import { imageField } from "./tool-schemas.js";

const body = z.object({
  image_base64: imageField("image", "Photo or scan of a company registration certificate"),
});

const response = z.object({
  detected_type: z
    .enum(["business_registration", "unknown"])
    .describe("business_registration when a company name or registration number was found."),
  fields: z
    .object({
      company_name: z.string().optional(),
      registration_number: z.string().optional().describe("Spaces removed."),
      registration_date: z.string().optional().describe("YYYY-MM-DD."),
      address: z.string().optional().describe("Registered office address."),
    })
    .describe("Only the fields that could be read."),
  full_text: z.string().describe("Every line OCR was reasonably sure of, newline-separated."),
  confidence: z.number().min(0).max(1).describe("How sure the reading is, 0..1."),
  warnings: z
    .array(z.string())
    .describe("Stable codes, e.g. date_implausible (a registration date in the future)."),
});

export function registerBusinessDocumentRoute(app: App, services: Services): void {
  app.post(
    "/tools/business-document/",
    {
      config: { rateBucket: "kyc_v3_tools" },
      schema: {
        summary: "Read a company registration certificate",
        description:
          "422 ocr_no_fields when no text could be read; 503 ocr_not_configured when OCR language data is " +
          "missing. Billed as BUSINESS_DOCUMENT on success only.",
        tags: ["tools"],
        body,
        response: { 200: response },
      },
    },
    async (request) =>
      runChargeableTool(services, {
        tenantId: tenantOf(request).tenantId,
        features: ["BUSINESS_DOCUMENT"],
        billedFeature: "BUSINESS_DOCUMENT",
        work: async () => {
          const image = await decodeImageField(request.body.image_base64, "image", DOCUMENT_DECODE);
          return (await services.engines.document()).extractBusinessDocument(image.bytes);
        },
      }),
  );
}
