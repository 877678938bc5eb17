// POST /v3/tools/signature-search/ (spec: signature-search, beta): the tenant's enrolled samples, best
// first. A hit is a recall aid; confirm it with signature-verify.
import { z } from "zod";
import { decodeImageField } from "../engines/image/decode-image-field.js";
import { SIGNATURE_SEARCH_THRESHOLD } from "../engines/signature/signature-verdict.js";
import { searchSignatures } from "../identities/signature-samples/search-signatures.js";
import { type App, tenantOf } from "../platform/http/app.js";
import type { Services } from "../services.js";
import { runChargeableTool } from "./run-chargeable-tool.js";
import { SIGNATURE_DECODE } from "./signature-verify.js";
import { imageField, scoreSchema, thresholdField, topKField } from "./tool-schemas.js";

const body = z.object({
  image_base64: imageField("image", "Image of the signature to look for"),
  threshold: thresholdField(SIGNATURE_SEARCH_THRESHOLD, "Minimum score of a match."),
  top_k: topKField(),
});

/** spec: Tool result shapes — Signature search match (the face search match without kyc_status). */
const match = z.object({
  individual_id: z.string().uuid(),
  name: z.string().describe("Full name of the identity; empty when unknown."),
  external_user_id: z.string().describe("The caller's reference for the identity; empty when none."),
  status: z.string().describe("Identity status: active, flagged, blocked."),
  score: scoreSchema,
  thumb: z.string().describe("Absolute URL of the matched sample's ink crop, fetched with the same API key."),
});

const response = z.object({
  matches: z
    .array(match)
    .describe("One entry per identity (its best sample), best score first, at most top_k."),
  threshold: z.number(),
  beta: z.literal(true),
});

export function registerSignatureSearchRoute(app: App, services: Services): void {
  app.post(
    "/tools/signature-search/",
    {
      config: { rateBucket: "kyc_v3_tools" },
      schema: {
        summary: "Search the tenant's enrolled signatures (beta)",
        description:
          "422 no_signature_detected when the image holds no ink; 422 not_a_signature when it shows a human " +
          "face (refused here too, so a face photo never pays for a scan). Billed as SIGNATURE_SEARCH on success.",
        tags: ["tools"],
        body,
        response: { 200: response },
      },
    },
    async (request) => {
      const { tenantId } = tenantOf(request);
      const { threshold, top_k: topK } = request.body;
      return runChargeableTool(services, {
        tenantId,
        features: ["SIGNATURE_SEARCH"],
        billedFeature: "SIGNATURE_SEARCH",
        work: async () => {
          const image = await decodeImageField(request.body.image_base64, "image", SIGNATURE_DECODE);
          const engine = await services.engines.signature();
          const prepared = await engine.prepare(image.bytes);
          const matches = await searchSignatures(services.db, services, engine, {
            tenantId,
            descriptor: prepared.descriptor,
            threshold,
            topK,
          });
          return { matches, threshold, beta: true as const };
        },
      });
    },
  );
}
