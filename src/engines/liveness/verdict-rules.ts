// The verdict rules every method shares (spec: liveness tools — "the same engine, verdict rules and
// pass floors as the liveness module"): a fired attack signal declines with its reason; otherwise the
// score decides: ≥ passScore approved, ≥ reviewScore review, below declined.
import type {
  EvidenceStill,
  LivenessConfig,
  LivenessEvidence,
  LivenessMethod,
  LivenessOutcome,
  LivenessReason,
  LivenessVerdict,
} from "./liveness-types.js";

export interface VerdictInput {
  method: LivenessMethod;
  score: number;
  /** An attack signal that declines regardless of the score. */
  attack?: LivenessReason | null;
  /** A reason that refers to review regardless of the score (e.g. sunglasses, poor capture). */
  refer?: LivenessReason | null;
  /** The reason used when the score alone is too low. */
  lowScoreReason: LivenessReason;
  videoVerified?: boolean;
  perActionPass?: Record<string, boolean>;
  perGesturePass?: Record<string, boolean>;
}

export function decideVerdict(input: VerdictInput, config: LivenessConfig): LivenessVerdict {
  const score = Math.max(0, Math.min(100, Math.round(input.score)));
  let status: LivenessVerdict["status"];
  let reason: LivenessReason | null = null;
  if (input.attack) {
    status = "declined";
    reason = input.attack;
  } else if (score < config.reviewScore) {
    status = "declined";
    reason = input.lowScoreReason;
  } else if (input.refer) {
    status = "review";
    reason = input.refer;
  } else if (score < config.passScore) {
    status = "review";
    reason = input.lowScoreReason;
  } else {
    status = "approved";
  }
  const verdict: LivenessVerdict = {
    method: input.method,
    status,
    passed: status === "approved",
    score,
    reason,
    video_verified: input.videoVerified ?? false,
  };
  if (input.perActionPass) verdict.per_action_pass = input.perActionPass;
  if (input.perGesturePass) verdict.per_gesture_pass = input.perGesturePass;
  return verdict;
}

/** The verdict for a capture that cannot be judged: no face in anything submitted. */
export function noFaceOutcome(method: LivenessMethod, evidence?: Partial<LivenessEvidence>): LivenessOutcome {
  return {
    verdict: {
      method,
      status: "declined",
      passed: false,
      score: 0,
      reason: "no_face_detected",
      video_verified: false,
    },
    evidence: { selfie: null, eventStills: [], signals: {}, ...evidence },
    failure: "capture",
  };
}

export function still(
  label: string,
  frame: { bytes: Buffer; contentType: EvidenceStill["contentType"] },
): EvidenceStill {
  return { label, bytes: frame.bytes, contentType: frame.contentType };
}

export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
