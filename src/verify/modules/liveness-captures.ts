// What a LIVENESS step accepts, per method. The node's method decides which captures are valid; a body
// shaped for another method is refused, never judged (spec: rule 4 — the configured liveness method
// cannot be downgraded by the client). Challenge captures must answer a challenge minted for this session.
import { fileTypeFromBuffer } from "file-type";
import { decodeBase64Field } from "../../engines/image/decode-image-field.js";
import { consumeChallenge } from "../../engines/liveness/challenges.js";
import { MAX_FRAMES } from "../../engines/liveness/liveness-engine.js";
import type { CapturedFrame, Challenge, LivenessMethod } from "../../engines/liveness/liveness-types.js";
import { AppError, isAppError } from "../../platform/errors.js";
import { isUuid } from "../../platform/ids.js";
import type { ModuleContext } from "./module.js";
import { decodeStepImage } from "./session-evidence.js";

export interface LivenessCaptureInput {
  still?: Buffer;
  clip?: Buffer;
  clipType?: string;
  /** PASSIVE where the browser has no recorder: a short burst of frames stands in for the clip. */
  burst?: CapturedFrame[];
  frames?: CapturedFrame[];
  challenge?: Challenge;
}

const CHALLENGE_METHODS: readonly LivenessMethod[] = ["FLASHING", "3D_ACTION", "GESTURE"];
const VIDEO_TYPES = new Set(["video/webm", "video/mp4", "video/quicktime", "video/x-matroska"]);

function methodMismatch(method: LivenessMethod): AppError {
  return new AppError("validation_failed", {
    field: "method",
    detail: "liveness_method_mismatch",
    message: `This step requires ${method} liveness captures.`,
  });
}

/** The shape of each method's body; any other shape is a downgrade attempt. */
function assertShape(method: LivenessMethod, body: Record<string, unknown>): void {
  const has = (key: string) => body[key] !== undefined && body[key] !== null;
  if (has("method") && body.method !== method) throw methodMismatch(method);
  const challengeShaped = has("challenge_id") || has("frames");
  if (CHALLENGE_METHODS.includes(method)) {
    if (!challengeShaped) throw methodMismatch(method);
  } else if (challengeShaped) throw methodMismatch(method);
  if (method === "PASSIVE_VIDEO" && !has("video")) throw methodMismatch(method);
}

async function decodeVideo(value: unknown): Promise<{ bytes: Buffer; type: string }> {
  let bytes: Buffer;
  try {
    bytes = decodeBase64Field(value, "video");
  } catch (error) {
    const required = isAppError(error) && error.code === "video_required";
    throw new AppError("validation_failed", {
      field: "video",
      detail: required ? "video_required" : "invalid_video",
    });
  }
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !VIDEO_TYPES.has(type.mime)) {
    throw new AppError("validation_failed", {
      field: "video",
      detail: "invalid_video",
      message: "Send a WebM or MP4 clip.",
    });
  }
  return { bytes, type: type.mime };
}

async function decodeFrames(value: unknown, field = "frames"): Promise<CapturedFrame[]> {
  if (!Array.isArray(value) || value.length === 0) {
    throw new AppError("validation_failed", { field, detail: `${field}_required` });
  }
  if (value.length > MAX_FRAMES) {
    throw new AppError("validation_failed", {
      field,
      detail: `invalid_${field}`,
      message: `at most ${MAX_FRAMES} frames`,
    });
  }
  const frames: CapturedFrame[] = [];
  for (const item of value as unknown[]) {
    const frame = (item ?? {}) as { image?: unknown; t_ms?: unknown };
    if (typeof frame.t_ms !== "number" || !Number.isFinite(frame.t_ms) || frame.t_ms < 0) {
      throw new AppError("validation_failed", {
        field,
        detail: `invalid_${field}`,
        message: "each frame needs t_ms ≥ 0",
      });
    }
    const image = await decodeStepImage(frame.image, field).catch((error: unknown) => {
      if (isAppError(error) && error.code === "unsupported_image_type") throw error;
      throw new AppError("validation_failed", { field, detail: `invalid_${field}`, cause: error });
    });
    frames.push({ bytes: image.bytes, t_ms: frame.t_ms });
  }
  return frames;
}

/** A challenge of this node's method, minted for this session, consumed once (single use). */
async function consumeSessionChallenge(
  context: ModuleContext,
  method: LivenessMethod,
  challengeId: unknown,
): Promise<Challenge> {
  if (typeof challengeId !== "string" || challengeId === "") {
    throw new AppError("validation_failed", { field: "challenge_id", detail: "challenge_id_required" });
  }
  const owned =
    isUuid(challengeId) &&
    (await context.db
      .selectFrom("liveness_challenges")
      .select("id")
      .where("tenant_id", "=", context.session.tenant_id)
      .where("session_id", "=", context.session.id)
      .where("id", "=", challengeId)
      .executeTakeFirst());
  if (!owned) throw new AppError("challenge_not_found", { message: "Challenge not found." });
  return consumeChallenge(context.db, {
    tenantId: context.session.tenant_id,
    challengeId,
    method: method as Challenge["method"],
  });
}

/** Fewest frames a burst needs to show motion (the page sends ~8 over 2 s). */
const MIN_BURST_FRAMES = 4;

export async function readLivenessCaptures(
  context: ModuleContext,
  method: LivenessMethod,
  raw: unknown,
  options: { requireClip?: boolean } = {},
): Promise<LivenessCaptureInput> {
  const body = (raw ?? {}) as Record<string, unknown>;
  assertShape(method, body);
  if (method === "PASSIVE") {
    const still = await decodeStepImage(body.image, "image");
    const clip = body.video !== undefined && body.video !== null ? await decodeVideo(body.video) : undefined;
    const burst =
      !clip && body.burst !== undefined && body.burst !== null
        ? await decodeFrames(body.burst, "burst")
        : undefined;
    if (burst && burst.length < MIN_BURST_FRAMES) {
      throw new AppError("validation_failed", {
        field: "burst",
        detail: "invalid_burst",
        message: `a burst needs at least ${MIN_BURST_FRAMES} frames`,
      });
    }
    // spec rule 4: the node's requirement, never the client's, decides whether a still alone will do.
    if (options.requireClip && !clip && !burst) {
      throw new AppError("validation_failed", {
        field: "video",
        detail: "video_required",
        message: "This step needs the short clip (or a frame burst) recorded with the selfie.",
      });
    }
    return { still: still.bytes, clip: clip?.bytes, clipType: clip?.type, burst };
  }
  if (method === "PASSIVE_VIDEO") {
    const clip = await decodeVideo(body.video);
    return { clip: clip.bytes, clipType: clip.type };
  }
  // Decode first so an input error does not burn the challenge; any judged attempt does.
  const frames = await decodeFrames(body.frames);
  const challenge = await consumeSessionChallenge(context, method, body.challenge_id);
  return { frames, challenge };
}
