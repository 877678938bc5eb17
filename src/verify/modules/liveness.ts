// LIVENESS (also the method keys PASSIVE, PASSIVE_VIDEO, FLASHING, 3D_ACTION, GESTURE as node features):
// the node's method is fixed by the workflow; describe hands the client the method and, for challenge
// methods, a fresh single-use challenge bound to the session; submit judges only that method's captures.
// spec: decision_v3 liveness_checks data keys method, selfie_url, event_stills[] (label, url), video_url,
// video_status (omitted when no clip). Node score = the engine's verdict score, 0..100 (higher = more
// certainly live); status approved/declined/review → approved/declined/in_review; the reason is the warning.
import { z } from "zod";
import type { AnalyzedFace } from "../../engines/face/face-engine.js";
import { challengeBody, mintChallenge } from "../../engines/liveness/challenges.js";
import {
  CHALLENGE_METHODS,
  type ChallengeMethod,
  LIVENESS_METHODS,
  type LivenessConfig,
  type LivenessMethod,
  type LivenessVerdict,
} from "../../engines/liveness/liveness-types.js";
import { ClipDecodeError, findFfmpeg, transcodeToWebm } from "../../engines/liveness/video-frames.js";
import { enrollFace } from "../../identities/face-gallery/enroll-face.js";
import { AppError, isAppError } from "../../platform/errors.js";
import { mediaUrl, saveEvidence } from "../../platform/media/evidence.js";
import type { StepConfigs } from "../applicant/step-contract.js";
import { readLivenessCaptures } from "./liveness-captures.js";
import type { ModuleContext, NodeStatus, WorkflowModule } from "./module.js";
import { checkPortraitReuse } from "./portrait-reuse-check.js";
import { LIVENESS_FEATURES } from "./session-evidence.js";

const configSchema = z
  .strictObject({
    method: z.enum(LIVENESS_METHODS).default("PASSIVE"),
    /** Verdict score (0..100) at or above which a capture with no attack signal is approved. */
    pass_score: z.number().int().min(1).max(100).optional(),
    /** Below this the verdict is declined; between the two, review. */
    review_score: z.number().int().min(0).max(100).optional(),
    /** 3D_ACTION: degrees of head rotation an action must reach. */
    action_degrees: z.number().min(5).max(45).optional(),
    /** PASSIVE: refer hidden eyes (sunglasses) to review. */
    check_sunglasses: z.boolean().optional(),
    /** Frames judged from a clip (PASSIVE with a clip, PASSIVE_VIDEO). */
    clip_frames: z.number().int().min(2).max(24).optional(),
    /**
     * PASSIVE: the selfie must come with the short clip the hosted page records (or, without a
     * recorder, a frame burst). On by default (design: liveness in sessions); the client cannot lift it.
     */
    require_clip: z.boolean().default(true),
  })
  .refine(
    (c) => c.pass_score === undefined || c.review_score === undefined || c.review_score <= c.pass_score,
    {
      message: "review_score must not exceed pass_score",
      path: ["review_score"],
    },
  );
type NodeConfig = z.infer<typeof configSchema>;

interface StoredStill {
  label: string;
  path: string;
}

interface LivenessCaptures {
  method: LivenessMethod;
  verdict: LivenessVerdict;
  selfie_path: string | null;
  event_stills: StoredStill[];
  video_path: string | null;
  /** Absent when no clip was captured (spec: video_status omitted). */
  video_status?: "pending" | "ready" | "failed";
}

function parseConfig(config: unknown, feature: string): Record<string, unknown> {
  const given = (config ?? {}) as Record<string, unknown>;
  // A method-keyed node (e.g. FLASHING) is that method; a contradicting `method` is a workflow error.
  const withMethod = feature === "LIVENESS" ? given : { ...given, method: given.method ?? feature };
  const parsed = configSchema.safeParse(withMethod);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError("invalid_workflow", {
      message: `${feature}: ${issue.path.join(".")} ${issue.message}`.trim(),
    });
  }
  if (feature !== "LIVENESS" && parsed.data.method !== feature) {
    throw new AppError("invalid_workflow", { message: `${feature}: method must be ${feature}` });
  }
  return parsed.data;
}

const configOf = (context: ModuleContext): NodeConfig =>
  configSchema.parse(parseConfig(context.node.config, context.node.feature));

function engineConfig(config: NodeConfig): Partial<LivenessConfig> {
  const out: Partial<LivenessConfig> = {};
  if (config.pass_score !== undefined) out.passScore = config.pass_score;
  if (config.review_score !== undefined) out.reviewScore = config.review_score;
  if (config.action_degrees !== undefined) out.actionDegrees = config.action_degrees;
  if (config.check_sunglasses !== undefined) out.checkSunglasses = config.check_sunglasses;
  if (config.clip_frames !== undefined) out.clipFrames = config.clip_frames;
  return out;
}

async function webmCopy(clip: Buffer): Promise<Buffer | null> {
  const ffmpeg = await findFfmpeg();
  if (!ffmpeg) return null;
  try {
    return await transcodeToWebm(ffmpeg, clip);
  } catch (error) {
    if (error instanceof ClipDecodeError) return null;
    throw error;
  }
}

const STATUS: Record<LivenessVerdict["status"], NodeStatus> = {
  approved: "approved",
  declined: "declined",
  review: "in_review",
};

export const livenessModule: WorkflowModule = {
  features: LIVENESS_FEATURES,
  decisionArray: "liveness_checks",
  parseConfig,
  entitlements: (node) => [...new Set(["LIVENESS", configOf({ node } as ModuleContext).method])],
  step: {
    async describe(context): Promise<StepConfigs["liveness"]> {
      const { method, require_clip } = configOf(context);
      if (method === "PASSIVE") return { method, require_clip };
      if (!(CHALLENGE_METHODS as readonly string[]).includes(method)) return { method };
      const challenge = await mintChallenge(context.db, {
        tenantId: context.session.tenant_id,
        method: method as ChallengeMethod,
        sessionId: context.session.id,
      });
      // The tool's challenge body (design: liveness challenge response) is the contract's shape.
      const body = challengeBody(challenge) as NonNullable<StepConfigs["liveness"]["challenge"]>;
      return { method, challenge: body };
    },
    async submit(context, body) {
      const config = configOf(context);
      const input = await readLivenessCaptures(context, config.method, body, {
        requireClip: config.method === "PASSIVE" && config.require_clip,
      });
      const engine = await context.services.engines.liveness();
      const outcome = await engine.evaluate({
        ...input,
        method: config.method,
        config: engineConfig(config),
        // Finish analyses the same selfie again: its inference is kept for that (PASSIVE only).
        matchedLater: true,
      });
      if (outcome.failure === "capture") {
        // Nothing to judge (no face): the applicant retakes; a challenge method asks for a new challenge.
        throw new AppError("no_face_detected", { message: "No face was found; retake the capture." });
      }
      const { services, session } = context;
      const save = (kind: string, bytes: Buffer, contentType: string) =>
        saveEvidence(services.db, services.media, {
          tenantId: session.tenant_id,
          sessionId: session.id,
          individualId: session.individual_id,
          kind,
          bytes,
          contentType,
        });
      const selfie =
        outcome.evidence.selfie ??
        (input.still ? { bytes: input.still, contentType: "image/jpeg" as const } : null);
      const selfieType = selfie && selfie.bytes[0] === 0x89 ? "image/png" : "image/jpeg";
      const selfiePath = selfie ? (await save("selfie", selfie.bytes, selfieType)).path : null;
      const stills: StoredStill[] = [];
      for (const still of outcome.evidence.eventStills) {
        stills.push({
          label: still.label,
          path: (await save("liveness_still", still.bytes, still.contentType)).path,
        });
      }
      const captures: LivenessCaptures = {
        method: config.method,
        verdict: outcome.verdict,
        selfie_path: selfiePath,
        event_stills: stills,
        video_path: null,
      };
      if (input.clip) {
        // Chrome and Firefox record WebM; iOS Safari records MP4 (H.264), judged as it is and kept as
        // a WebM copy (spec: videos are WebM; `failed` when none can be made, outcome unaffected).
        const webm = input.clipType === "video/webm" ? input.clip : await webmCopy(input.clip);
        if (webm) {
          captures.video_path = (await save("video", webm, "video/webm")).path;
          captures.video_status = "ready";
        } else captures.video_status = "failed";
      }
      return { ...captures };
    },
  },
  async evaluate(context) {
    const captures = context.captures as unknown as LivenessCaptures;
    const { services, session } = context;
    const url = (path: string | null) => (path ? mediaUrl(services.config.publicUrl, path) : null);
    let verdict = captures.verdict;
    // A selfie that is a copy of the document's own portrait is a presentation attack whatever the
    // anti-spoof models said of it (issue: document-portrait reuse).
    const reuse = await checkPortraitReuse(context.evidence, context.nodes);
    if (reuse?.reused) {
      verdict = { ...verdict, status: "declined", passed: false, reason: "spoof_detected" };
      services.log.info(
        { session: session.id, similarity: reuse.embeddingSimilarity, correlation: reuse.imageCorrelation },
        "liveness: selfie is a copy of the document portrait",
      );
    }
    const status = STATUS[verdict.status];
    const data: Record<string, unknown> = {
      method: captures.method,
      selfie_url: url(captures.selfie_path),
      event_stills: captures.event_stills.map((still) => ({ label: still.label, url: url(still.path) })),
      video_url: captures.video_status === "ready" ? url(captures.video_path) : null,
    };
    if (captures.video_status) data.video_status = captures.video_status;
    const result = { status, score: verdict.score, warnings: verdict.reason ? [verdict.reason] : [], data };

    // spec: face-search — the gallery holds selfies captured live in sessions. A declined capture (a
    // spoof shows someone else's face) is not enrolled under this identity.
    const individualId = session.individual_id;
    if (!individualId || !captures.selfie_path || status === "declined") return { result };
    const image = await context.evidence.image(captures.selfie_path);
    if (!image) return { result };
    let face: AnalyzedFace | null;
    try {
      face = await context.evidence.oneFace(captures.selfie_path);
    } catch (error) {
      if (isAppError(error) && error.status === 422) return { result };
      throw error;
    }
    if (!face) return { result };
    return {
      result,
      commit: async (tx) => {
        await enrollFace(tx, services, {
          source: "session_selfie",
          sessionId: session.id,
          tenantId: session.tenant_id,
          individualId,
          image: image.rgb,
          face,
        });
      },
    };
  },
};
