// POST /v3/tools/liveness/ (spec: liveness tools — image_base64, video_base64 optional, check_sunglasses
// optional; charged on a verdict). `method` picks PASSIVE (default) or PASSIVE_VIDEO, the two methods
// without a challenge; each needs its own key enabled and neither stands in for the other.
import { z } from "zod";
import { decodeImageField } from "../engines/image/decode-image-field.js";
import { type App, tenantOf } from "../platform/http/app.js";
import type { Services } from "../services.js";
import { decodeVideoField, runLivenessTool, verdictSchema } from "./liveness-shared.js";
import { imageField } from "./tool-schemas.js";

const body = z.object({
  method: z
    .enum(["PASSIVE", "PASSIVE_VIDEO"], { error: "invalid_method" })
    .default("PASSIVE")
    .describe(
      "PASSIVE (default): the still is judged, and with video_base64 the clip too (video_verified). " +
        "PASSIVE_VIDEO: video_base64 is required and judged frame by frame; image_base64 is ignored; " +
        "503 engine_unavailable when this server has no video decoder.",
    ),
  image_base64: imageField("image", "The selfie (PASSIVE: required)").optional(),
  video_base64: z
    .string({ error: "invalid_video" })
    .optional()
    .describe("WebM or MP4 clip, base64, at most 8 MB decoded; 400 invalid_video when not a clip."),
  check_sunglasses: z
    .boolean({ error: "invalid_check_sunglasses" })
    .default(false)
    .describe("Refer a face whose eyes are hidden (sunglasses) to review."),
});

export function registerLivenessRoute(app: App, services: Services): void {
  app.post(
    "/tools/liveness/",
    {
      config: { rateBucket: "kyc_v3_tools" },
      schema: {
        summary: "Passive liveness of a selfie (optionally with a clip), or of a clip alone",
        description:
          "Needs LIVENESS and the method key enabled (403 feature_not_enabled lists each disabled one). " +
          "Billed under the method key when it has its own rate, else LIVENESS, only when a verdict is " +
          "returned; 422 no_face_detected and 503 are free.",
        tags: ["tools"],
        body,
        response: { 200: verdictSchema },
      },
    },
    async (request) => {
      const { tenantId } = tenantOf(request);
      const input = request.body;
      return runLivenessTool(services, tenantId, input.method, async () => {
        const config = { checkSunglasses: input.check_sunglasses };
        if (input.method === "PASSIVE_VIDEO")
          return { clip: await decodeVideoField(input.video_base64), config };
        const still = await decodeImageField(input.image_base64, "image");
        const clip = input.video_base64 ? await decodeVideoField(input.video_base64) : undefined;
        return { still: still.bytes, clip, config };
      });
    },
  );
}
