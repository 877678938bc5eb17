// POST /v3/tools/face-verify/ (spec: Verify surface: standalone tools — body reference_base64,
// probe_base64; chargeable as FACE_VERIFY; request and response beyond those fields are ours to define).
// A lookup, not a verification: nothing is stored, no session changes.
import { z } from "zod";
import type { AnalyzedFace } from "../engines/face/face-engine.js";
import { DEFAULT_FACE_VERIFY_THRESHOLD } from "../engines/face/similarity.js";
import { type DecodedImage, decodeImageField } from "../engines/image/decode-image-field.js";
import { type App, tenantOf } from "../platform/http/app.js";
import type { Services } from "../services.js";
import { runChargeableTool } from "./run-chargeable-tool.js";
import { imageField, scoreSchema, thresholdField } from "./tool-schemas.js";

const faceSummary = z
  .object({
    box: z
      .object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() })
      .describe("The compared face, in pixels of the image as sent (after EXIF orientation)."),
    detection_score: z.number().describe("Face detector confidence 0..1."),
    size: z.number().describe("Shorter side of the face box in pixels; below ~80 px scores drop."),
    sharpness: z
      .number()
      .describe("Laplacian variance of the face crop; below ~50 the face is visibly soft."),
    pose: z
      .object({ yaw: z.number(), pitch: z.number(), roll: z.number() })
      .nullable()
      .describe("Head pose in degrees; null when it could not be estimated."),
  })
  .describe("Quality of the one face found in this image, to explain a low score.");

const body = z.object({
  reference_base64: imageField("reference", "Image of the known person"),
  probe_base64: imageField("probe", "Image to compare with the reference"),
  threshold: thresholdField(
    DEFAULT_FACE_VERIFY_THRESHOLD,
    "Similarity at or above which `match` is true (engine default chosen so no measured different-person pair reaches it).",
  ),
});

const response = z.object({
  score: scoreSchema,
  match: z.boolean().describe("score >= threshold."),
  threshold: z.number(),
  reference_face: faceSummary,
  probe_face: faceSummary,
});

export function registerFaceVerifyRoute(app: App, services: Services): void {
  app.post(
    "/tools/face-verify/",
    {
      config: { rateBucket: "kyc_v3_tools" },
      schema: {
        summary: "Compare the faces in two images",
        description:
          "Exactly one face must be found in each image: 422 no_face_detected or multiple_faces otherwise " +
          "(a much smaller face in the background does not count). Billed as FACE_VERIFY on success only.",
        tags: ["tools"],
        body,
        response: { 200: response },
      },
    },
    async (request) => {
      const { tenantId } = tenantOf(request);
      return runChargeableTool(services, {
        tenantId,
        features: ["FACE_VERIFY"],
        billedFeature: "FACE_VERIFY",
        work: async () => {
          const reference = await decodeImageField(request.body.reference_base64, "reference");
          const probe = await decodeImageField(request.body.probe_base64, "probe");
          const engine = await services.engines.face();
          const referenceFace = await engine.requireOneFace(reference.rgb);
          const probeFace = await engine.requireOneFace(probe.rgb);
          const score = engine.compare(referenceFace.embedding, probeFace.embedding);
          const { threshold } = request.body;
          return {
            score,
            match: score >= threshold,
            threshold,
            reference_face: summarizeFace(referenceFace, reference),
            probe_face: summarizeFace(probeFace, probe),
          };
        },
      });
    },
  );
}

/** Engine boxes are in the downscaled RGB copy: report them in the caller's pixels. */
export function summarizeFace(face: AnalyzedFace, image: DecodedImage): z.infer<typeof faceSummary> {
  const toOriginal = (value: number) => Math.round(value / image.scale);
  return {
    box: {
      x: toOriginal(face.box.x),
      y: toOriginal(face.box.y),
      width: toOriginal(face.box.width),
      height: toOriginal(face.box.height),
    },
    detection_score: round(face.score, 4),
    size: toOriginal(face.quality.size),
    sharpness: round(face.quality.blur, 1),
    pose: face.quality.pose
      ? {
          yaw: round(face.quality.pose.yaw, 1),
          pitch: round(face.quality.pose.pitch, 1),
          roll: round(face.quality.pose.roll, 1),
        }
      : null,
  };
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
