// The liveness engine: one entry point for the five methods, called identically by the tools (default
// configuration) and by the LIVENESS workflow module (per-node configuration). A method is never
// substituted for another (spec: liveness tools; rule 4, no downgrade). See README.md.
import { AppError, isAppError } from "../../platform/errors.js";
import type { FaceEngine } from "../face/face-engine.js";
import { evaluateFlashing } from "./flashing.js";
import { evaluateGestures } from "./hand-gestures.js";
import { evaluateHeadActions } from "./head-actions.js";
import {
  type CapturedFrame,
  type Challenge,
  DEFAULT_LIVENESS_CONFIG,
  type LivenessConfig,
  type LivenessMethod,
  type LivenessOutcome,
} from "./liveness-types.js";
import { evaluatePassive, evaluatePassiveVideo } from "./passive.js";

/** Frames per challenge submission: enough for a 3 s sequence at ~4 fps, bounded for latency. */
export const MAX_FRAMES = 24;

export interface EvaluateInput {
  method: LivenessMethod;
  /** Overrides of the default floors (a workflow node's configuration). */
  config?: Partial<LivenessConfig>;
  /** PASSIVE: the still (JPEG/PNG bytes). */
  still?: Buffer;
  /** PASSIVE (optional) and PASSIVE_VIDEO (required): WebM or MP4 bytes. */
  clip?: Buffer;
  /** PASSIVE without a recorder: a frame burst judged as the clip would be. */
  burst?: CapturedFrame[];
  /**
   * PASSIVE in a session: the still is analysed again at finish (FACE_MATCH, AGE_ESTIMATION, the
   * portrait-reuse check), so the face engine keeps its inference for them (frame-analysis.ts).
   */
  matchedLater?: boolean;
  /** FLASHING, 3D_ACTION, GESTURE: captured frames with their timestamps, in capture order. */
  frames?: CapturedFrame[];
  /** FLASHING, 3D_ACTION, GESTURE: the consumed challenge (consumeChallenge) of the same method. */
  challenge?: Challenge;
}

export interface LivenessEngine {
  evaluate(input: EvaluateInput): Promise<LivenessOutcome>;
}

export function createLivenessEngine(face: FaceEngine): LivenessEngine {
  return {
    async evaluate(input) {
      const config = { ...DEFAULT_LIVENESS_CONFIG, ...input.config };
      try {
        return await dispatch(face, input, config);
      } catch (error) {
        // The face worker crashed or timed out: no anti-spoof answer, so no verdict can be given.
        if (isAppError(error) && error.code === "engine_unavailable" && !/ffmpeg/.test(error.message)) {
          return {
            verdict: {
              method: input.method,
              status: "review",
              passed: false,
              score: 0,
              reason: "antispoof_unavailable",
              video_verified: false,
            },
            evidence: { selfie: null, eventStills: [], signals: {} },
            failure: "unavailable",
          };
        }
        throw error;
      }
    },
  };
}

function dispatch(face: FaceEngine, input: EvaluateInput, config: LivenessConfig): Promise<LivenessOutcome> {
  switch (input.method) {
    case "PASSIVE":
      if (!input.still)
        throw new AppError("image_required", { field: "image", message: "image is required" });
      return evaluatePassive(
        face,
        { still: input.still, clip: input.clip, burst: input.burst, matchedLater: input.matchedLater },
        config,
      );
    case "PASSIVE_VIDEO":
      if (!input.clip) throw new AppError("video_required", { field: "video", message: "video is required" });
      return evaluatePassiveVideo(face, { clip: input.clip }, config);
    default: {
      const challenge = input.challenge;
      if (!challenge || challenge.method !== input.method) {
        throw new AppError("challenge_not_found", { message: `A ${input.method} challenge is required.` });
      }
      const frames = requireFrames(input.frames);
      const sequence = challenge.sequence;
      if (sequence.method === "FLASHING")
        return evaluateFlashing(face, { frames, colors: sequence.colors }, config);
      if (sequence.method === "3D_ACTION")
        return evaluateHeadActions(face, { frames, actions: sequence.actions }, config);
      return evaluateGestures(face, { frames, gestures: sequence.gestures }, config);
    }
  }
}

function requireFrames(frames: CapturedFrame[] | undefined): CapturedFrame[] {
  if (!frames || frames.length === 0) {
    throw new AppError("validation_failed", {
      detail: "frames_required",
      field: "frames",
      message: "frames are required",
    });
  }
  if (frames.length > MAX_FRAMES) {
    throw new AppError("validation_failed", {
      detail: "invalid_frames",
      field: "frames",
      message: `at most ${MAX_FRAMES} frames`,
    });
  }
  return frames;
}
