// The liveness engine's vocabulary: methods, challenges, per-node configuration and the verdict.
// spec: liveness tools — verdict fields and the closed reason list; model names, raw anti-spoof
// probabilities and thresholds never leave the server (they live only in LivenessEvidence).

export const LIVENESS_METHODS = ["PASSIVE", "PASSIVE_VIDEO", "FLASHING", "3D_ACTION", "GESTURE"] as const;
export type LivenessMethod = (typeof LIVENESS_METHODS)[number];

export const CHALLENGE_METHODS = ["FLASHING", "3D_ACTION", "GESTURE"] as const;
export type ChallengeMethod = (typeof CHALLENGE_METHODS)[number];

export const LIVENESS_REASONS = [
  "liveness_below_threshold",
  "video_liveness_failed",
  "still_clip_mismatch",
  "spoof_detected",
  "sequence_altered",
  "timing_anomaly",
  "weak_color_response",
  "screen_replay_suspected",
  "flash_liveness_low",
  "action_not_completed",
  "insufficient_motion",
  "planar_motion_detected",
  "action_liveness_failed",
  "gesture_not_performed",
  "no_face_detected",
  "antispoof_unavailable",
  "gesture_liveness_failed",
] as const;
export type LivenessReason = (typeof LIVENESS_REASONS)[number];

export const HEAD_ACTIONS = ["turn_left", "turn_right", "look_up", "look_down"] as const;
export type HeadAction = (typeof HEAD_ACTIONS)[number];

/** Hand gestures Human's hand models recognise reliably, and the gesture string each maps to. */
export const HAND_GESTURES = { thumbs_up: "thumbs up", victory: "victory", point_up: "index up" } as const;
export type HandGesture = keyof typeof HAND_GESTURES;

export interface FlashStep {
  /** Colour shown full-screen, `#RRGGBB`. */
  color: string;
  duration_ms: number;
}

/** What a challenge asks the applicant to do (stored with the challenge, returned once when minted). */
export type ChallengeSequence =
  | { method: "FLASHING"; colors: FlashStep[] }
  | { method: "3D_ACTION"; actions: HeadAction[] }
  | { method: "GESTURE"; gestures: HandGesture[] };

export interface Challenge {
  id: string;
  method: ChallengeMethod;
  sequence: ChallengeSequence;
  expiresAt: Date;
}

/** One captured frame; `t_ms` is milliseconds since the capture (or the flash sequence) started. */
export interface CapturedFrame {
  bytes: Buffer;
  t_ms: number;
}

/**
 * Per-node strictness. The tools use DEFAULT_LIVENESS_CONFIG; a workflow node may tighten or relax
 * the floors but the method itself is fixed by the node (spec rule 4: no downgrade).
 */
export interface LivenessConfig {
  /** Score (0..100) at or above which the verdict is approved when no attack signal fired. */
  passScore: number;
  /** Below this the verdict is declined; between the two it is review. */
  reviewScore: number;
  /** Degrees of head rotation an action must reach from the first frame (3D_ACTION). */
  actionDegrees: number;
  /** PASSIVE: refer sunglasses (eyes hidden) to review. */
  checkSunglasses: boolean;
  /** Frames taken from a clip (PASSIVE with a clip, PASSIVE_VIDEO). */
  clipFrames: number;
}

export const DEFAULT_LIVENESS_CONFIG: LivenessConfig = {
  passScore: 50,
  reviewScore: 30,
  actionDegrees: 15,
  checkSunglasses: false,
  clipFrames: 6,
};

export type LivenessStatus = "approved" | "declined" | "review";

/** Exactly the spec's verdict fields. */
export interface LivenessVerdict {
  method: LivenessMethod;
  status: LivenessStatus;
  passed: boolean;
  score: number;
  reason: LivenessReason | null;
  video_verified: boolean;
  per_action_pass?: Record<string, boolean>;
  per_gesture_pass?: Record<string, boolean>;
}

export interface EvidenceStill {
  /** e.g. `still`, `clip_frame_2`, `flash_#FF0000`, `turn_left`, `thumbs_up`. */
  label: string;
  bytes: Buffer;
  contentType: "image/jpeg" | "image/png";
}

/** Server-side only: what the workflow module stores as evidence; never serialized to a client. */
export interface LivenessEvidence {
  /** The best frontal frame, for the selfie (and face match). */
  selfie: EvidenceStill | null;
  /** Stills at the moments that proved the challenge. */
  eventStills: EvidenceStill[];
  /** Raw signals, for logs and benchmarks only. */
  signals: Record<string, number | string | boolean | null>;
}

export interface LivenessOutcome {
  verdict: LivenessVerdict;
  evidence: LivenessEvidence;
  /**
   * The capture could not be judged (no face, engine down): the tools answer 422 / 503 instead of a
   * billed verdict; a workflow module records the verdict with its reason.
   */
  failure: "capture" | "unavailable" | null;
}
