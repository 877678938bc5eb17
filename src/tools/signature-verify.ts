// POST /v3/tools/signature-verify/ (spec: signature-verify): both inputs are cropped to ink, described and
// compared; verdict match (score >= threshold), review (>= 0.75 × threshold), else mismatch.
import { z } from "zod";
import { decodeImageField } from "../engines/image/decode-image-field.js";
import { SIGNATURE_VERIFY_THRESHOLD } from "../engines/signature/signature-verdict.js";
import { type App, tenantOf } from "../platform/http/app.js";
import type { Services } from "../services.js";
import { runChargeableTool } from "./run-chargeable-tool.js";
import { imageField, scoreSchema, thresholdField } from "./tool-schemas.js";

/** The engine only needs the bytes; decoding here enforces the spec's decode table cheaply. */
export const SIGNATURE_DECODE = { rgbMaxSide: 64 };

const body = z.object({
  reference_base64: imageField("reference", "Image of a known genuine signature"),
  probe_base64: imageField("probe", "Image of the signature to check"),
  threshold: thresholdField(SIGNATURE_VERIFY_THRESHOLD, "Score at or above which the verdict is `match`."),
});

const signal = z.number().min(0).max(1);
const response = z.object({
  score: scoreSchema,
  verdict: z
    .enum(["match", "review", "mismatch"])
    .describe("match: score >= threshold; review: score >= 0.75 × threshold; otherwise mismatch."),
  matched: z.boolean().describe("True only for verdict `match`."),
  threshold: z.number(),
  signals: z
    .object({
      stroke_direction: signal.describe("Agreement of stroke directions per region of the signature."),
      ink_distribution: signal.describe(
        "Agreement of where the ink sits and which way the strokes run along the signature, elastically aligned " +
          "(word gaps may open, close or be joined).",
      ),
      shape_overlay: signal.describe("How closely the two thinned strokes overlay."),
      proportions: signal.describe(
        "Agreement of aspect ratio and stroke length, and of pen dynamics (stroke width and ink variation, " +
          "junctions, kinks): a slow copy differs here.",
      ),
    })
    .describe(
      "Descriptive sub-scores, each 0..1; the score itself comes from a model over these measurements and the " +
        "pen dynamics of both signatures.",
    ),
});

export function registerSignatureVerifyRoute(app: App, services: Services): void {
  app.post(
    "/tools/signature-verify/",
    {
      config: { rateBucket: "kyc_v3_tools" },
      schema: {
        summary: "Compare two signatures",
        description:
          "422 no_signature_detected when an image holds no ink; 422 not_a_signature when it shows a human " +
          "face. Billed as SIGNATURE_VERIFY when a verdict is returned.",
        tags: ["tools"],
        body,
        response: { 200: response },
      },
    },
    async (request) =>
      runChargeableTool(services, {
        tenantId: tenantOf(request).tenantId,
        features: ["SIGNATURE_VERIFY"],
        billedFeature: "SIGNATURE_VERIFY",
        work: async () => {
          const reference = await decodeImageField(
            request.body.reference_base64,
            "reference",
            SIGNATURE_DECODE,
          );
          const probe = await decodeImageField(request.body.probe_base64, "probe", SIGNATURE_DECODE);
          const engine = await services.engines.signature();
          return engine.verify(reference.bytes, probe.bytes, request.body.threshold);
        },
      }),
  );
}
