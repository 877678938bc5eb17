// POST /v3/tools/face-search/ (spec: face-search): searches the tenant's enrolled gallery — live session
// selfies and imported photos only — and returns `{matches, threshold}` best first. Read-only.
import { z } from "zod";
import { DEFAULT_FACE_SEARCH_THRESHOLD } from "../engines/face/similarity.js";
import { decodeImageField } from "../engines/image/decode-image-field.js";
import { searchGallery } from "../identities/face-gallery/search-gallery.js";
import { AppError } from "../platform/errors.js";
import { type App, tenantOf } from "../platform/http/app.js";
import type { Services } from "../services.js";
import { runChargeableTool } from "./run-chargeable-tool.js";
import { imageField, scoreSchema, thresholdField, topKField } from "./tool-schemas.js";

const body = z.object({
  image_base64: imageField("image", "Image of the person to look for"),
  threshold: thresholdField(DEFAULT_FACE_SEARCH_THRESHOLD, "Minimum similarity of a match."),
  top_k: topKField(),
});

/** spec: Tool result shapes — Face search match (exactly these fields). */
const match = z.object({
  individual_id: z.string().uuid(),
  name: z.string().describe("Full name of the identity; empty when unknown."),
  external_user_id: z
    .string()
    .describe("The caller's reference (session vendor_data or import id); empty when none."),
  status: z.string().describe("Identity status: active, flagged, blocked."),
  kyc_status: z.string().describe("Latest KYC outcome of the identity; `unknown` for imported identities."),
  score: scoreSchema,
  thumb: z.string().describe("Absolute URL of the matched face's thumbnail, fetched with the same API key."),
});

const response = z.object({
  matches: z
    .array(match)
    .describe("One entry per identity (its best face), best score first, at most top_k."),
  threshold: z.number(),
});

export function registerFaceSearchRoute(app: App, services: Services): void {
  app.post(
    "/tools/face-search/",
    {
      config: { rateBucket: "kyc_v3_tools" },
      schema: {
        summary: "Search the tenant's face gallery",
        description:
          "The gallery holds selfies captured live in sessions and imported photos (never document " +
          "portraits, vendor reference faces or liveness stills). The largest face of the image is " +
          "searched; 422 no_face_detected when there is none. A result is a recall aid, not a verification. " +
          "Billed as FACE_SEARCH on success only.",
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
        features: ["FACE_SEARCH"],
        billedFeature: "FACE_SEARCH",
        work: async () => {
          const image = await decodeImageField(request.body.image_base64, "image");
          const engine = await services.engines.face();
          // spec lists only no_face_detected here: a group photo searches its main (largest) subject.
          const [subject] = (await engine.analyze(image.rgb)).faces;
          if (!subject)
            throw new AppError("no_face_detected", { message: "No face was found in the image." });
          const { matches } = await searchGallery(services.db, services, {
            tenantId,
            embedding: subject.embedding,
            embeddingModel: subject.embeddingModel,
            threshold,
            topK,
          });
          return { matches, threshold };
        },
      });
    },
  );
}
