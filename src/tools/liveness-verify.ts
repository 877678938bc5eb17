// POST /v3/tools/liveness/verify/ (spec: liveness tools — challenge_id, frames or frames_base64,
// per-method metadata; charged on a verdict). The method is the challenge's own: it cannot be chosen
// or downgraded here. The challenge is consumed once the frames have decoded, so an input error does
// not burn it, but any judged attempt does (single use).
import { z } from "zod";
import { decodeImageField } from "../engines/image/decode-image-field.js";
import { consumeChallenge, peekChallenge } from "../engines/liveness/challenges.js";
import { MAX_FRAMES } from "../engines/liveness/liveness-engine.js";
import type { CapturedFrame } from "../engines/liveness/liveness-types.js";
import { AppError } from "../platform/errors.js";
import { type App, tenantOf } from "../platform/http/app.js";
import type { Services } from "../services.js";
import { runLivenessTool, verdictSchema } from "./liveness-shared.js";

const frameImage = z.string({ error: "invalid_frames" });

const body = z.object({
  challenge_id: z
    .string({
      error: (issue) => (issue.input === undefined ? "challenge_id_required" : "invalid_challenge_id"),
    })
    .describe("From /v3/tools/liveness/challenge/; single use, 120 s."),
  frames: z
    .array(
      z.object({
        image_base64: frameImage.describe("JPEG or PNG, base64 (raw or data: URI), at most 8 MB decoded."),
        t_ms: z
          .number({ error: "invalid_frames" })
          .min(0, { error: "invalid_frames" })
          .describe(
            "Milliseconds since the sequence started (FLASHING: since the first colour was shown). Must increase.",
          ),
      }),
      { error: "invalid_frames" },
    )
    .max(MAX_FRAMES, { error: "invalid_frames" })
    .optional()
    .describe(
      `Captured frames in order, 1..${MAX_FRAMES}, each with its timestamp. Preferred over frames_base64.`,
    ),
  frames_base64: z
    .array(frameImage, { error: "invalid_frames" })
    .max(MAX_FRAMES, { error: "invalid_frames" })
    .optional()
    .describe(
      "Plain array of frames when no timestamps are available: frame i is taken at i × frame_interval_ms.",
    ),
  frame_interval_ms: z
    .number({ error: "invalid_frame_interval_ms" })
    .int({ error: "invalid_frame_interval_ms" })
    .min(20, { error: "invalid_frame_interval_ms" })
    .max(5000, { error: "invalid_frame_interval_ms" })
    .default(250)
    .describe("Per-method metadata for frames_base64: spacing of the frames in ms (default 250)."),
});

export function registerLivenessVerifyRoute(app: App, services: Services): void {
  app.post(
    "/tools/liveness/verify/",
    {
      config: { rateBucket: "kyc_v3_tools" },
      schema: {
        summary: "Judge the frames captured for a liveness challenge",
        description:
          "404 challenge_not_found (also another tenant's challenge), 422 challenge_used / challenge_expired. " +
          "Needs LIVENESS and the challenge's method key. Billed under the method key when it has its own " +
          "rate, else LIVENESS, only when a verdict is returned.",
        tags: ["tools"],
        body,
        response: { 200: verdictSchema },
      },
    },
    async (request) => {
      const { tenantId } = tenantOf(request);
      const input = request.body;
      const challenge = await peekChallenge(services.db, { tenantId, challengeId: input.challenge_id });
      return runLivenessTool(services, tenantId, challenge.method, async () => {
        const frames = await decodeFrames(input);
        const consumed = await consumeChallenge(services.db, {
          tenantId,
          challengeId: challenge.id,
          method: challenge.method,
        });
        return { frames, challenge: consumed };
      });
    },
  );
}

async function decodeFrames(input: z.infer<typeof body>): Promise<CapturedFrame[]> {
  const listed = input.frames
    ? input.frames.map((frame) => ({ value: frame.image_base64, t_ms: frame.t_ms }))
    : (input.frames_base64 ?? []).map((value, i) => ({ value, t_ms: i * input.frame_interval_ms }));
  if (listed.length === 0) {
    throw new AppError("validation_failed", {
      detail: "frames_required",
      field: "frames",
      message: "frames are required",
    });
  }
  const frames: CapturedFrame[] = [];
  for (const [index, frame] of listed.entries()) {
    try {
      frames.push({ bytes: (await decodeImageField(frame.value, "frames")).bytes, t_ms: frame.t_ms });
    } catch (error) {
      if (error instanceof AppError && error.code === "unsupported_image_type") throw error;
      throw new AppError("validation_failed", {
        detail: "invalid_frames",
        field: "frames",
        message: `frame ${index} is not a decodable JPEG or PNG`,
        cause: error,
      });
    }
  }
  return frames;
}
