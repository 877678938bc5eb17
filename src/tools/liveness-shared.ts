// Shared by the three /v3/tools/liveness* routes (spec: liveness tools): the verdict schema, the
// billing key, and the rule that only a returned verdict is billed (422, 503 and input errors are free).
import { fileTypeFromBuffer } from "file-type";
import { z } from "zod";
import { decodeBase64Field } from "../engines/image/decode-image-field.js";
import type { EvaluateInput } from "../engines/liveness/liveness-engine.js";
import {
  LIVENESS_METHODS,
  LIVENESS_REASONS,
  type LivenessMethod,
  type LivenessVerdict,
} from "../engines/liveness/liveness-types.js";
import { explicitRateFor } from "../platform/credits/rates.js";
import { AppError } from "../platform/errors.js";
import type { Services } from "../services.js";
import { runChargeableTool } from "./run-chargeable-tool.js";

export const verdictSchema = z
  .object({
    method: z.enum(LIVENESS_METHODS),
    status: z.enum(["approved", "declined", "review"]),
    passed: z.boolean().describe("True only when status is approved."),
    score: z.number().int().min(0).max(100),
    reason: z.enum(LIVENESS_REASONS).nullable().describe("Why it was not approved; null when approved."),
    video_verified: z
      .boolean()
      .describe(
        "PASSIVE with a clip: true when the clip was decoded and judged; false when no clip was sent, the " +
          "video engine is not installed, or the clip could not be decoded and the still was scored instead.",
      ),
    per_action_pass: z
      .record(z.string(), z.boolean())
      .optional()
      .describe("3D_ACTION only: action → passed."),
    per_gesture_pass: z
      .record(z.string(), z.boolean())
      .optional()
      .describe("GESTURE only: gesture → passed."),
  })
  .describe("Liveness verdict. Model names, raw probabilities and thresholds are never returned.");

/** spec: billed under the method key when it has its own explicit rate, otherwise under LIVENESS. */
export async function billedLivenessFeature(
  { db }: Pick<Services, "db">,
  tenantId: string,
  method: LivenessMethod,
): Promise<string> {
  return (await explicitRateFor(db, tenantId, method)) !== null ? method : "LIVENESS";
}

/**
 * Entitlement (LIVENESS and the method key, 403 listing each disabled one), early 402, the engine
 * work, and the debit only when a verdict came back. A capture that cannot be judged answers 422
 * no_face_detected and an unavailable face engine 503 antispoof_unavailable, both unbilled.
 */
export async function runLivenessTool(
  services: Services,
  tenantId: string,
  method: LivenessMethod,
  prepare: () => Promise<Omit<EvaluateInput, "method">>,
): Promise<LivenessVerdict> {
  const billed = await billedLivenessFeature(services, tenantId, method);
  return runChargeableTool(services, {
    tenantId,
    features: ["LIVENESS", method],
    billedFeature: billed,
    async work() {
      const input = await prepare();
      const engine = await services.engines.liveness();
      const outcome = await engine.evaluate({ ...input, method });
      if (outcome.failure === "capture") {
        throw new AppError("no_face_detected", { message: "No face was found in what was submitted." });
      }
      if (outcome.failure === "unavailable") {
        throw new AppError("antispoof_unavailable", {
          message: "The anti-spoof engine did not answer; retry later.",
        });
      }
      return outcome.verdict;
    },
  });
}

const VIDEO_TYPES = new Set(["video/webm", "video/mp4", "video/quicktime", "video/x-matroska"]);

/** A base64 WebM/MP4 clip (8 MB decoded, like images): 400 video_required / invalid_video. */
export async function decodeVideoField(value: unknown): Promise<Buffer> {
  const bytes = decodeBase64Field(value, "video");
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !VIDEO_TYPES.has(type.mime)) {
    throw new AppError("invalid_video", { field: "video", message: "Send a WebM or MP4 clip." });
  }
  return bytes;
}
