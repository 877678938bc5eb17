// GESTURE: the challenge's hand gestures in order, recognised by Human's hand models (handtrack,
// hand landmarks and its finger-pose rules), each seen in a frame that also shows the live face.
import type { FaceEngine } from "../face/face-engine.js";
import { analyzeFrame, type FrameAnalysis } from "./frame-analysis.js";
import {
  type CapturedFrame,
  HAND_GESTURES,
  type HandGesture,
  type LivenessConfig,
  type LivenessOutcome,
} from "./liveness-types.js";
import { decideVerdict, noFaceOutcome, still } from "./verdict-rules.js";

export interface GestureFrame {
  hasFace: boolean;
  /** Human's hand gesture strings seen in the frame. */
  gestures: string[];
}

export interface GestureJudgement {
  reason: "gesture_not_performed" | null;
  perGesture: Record<string, boolean>;
  completedAt: Record<string, number>;
}

export async function evaluateGestures(
  face: FaceEngine,
  input: { frames: CapturedFrame[]; gestures: HandGesture[] },
  config: LivenessConfig,
): Promise<LivenessOutcome> {
  const analyzed: FrameAnalysis[] = [];
  for (const [i, frame] of input.frames.entries()) {
    analyzed.push(
      await analyzeFrame(face, frame, { spoof: i === 0, hands: i > 0 || input.frames.length === 1 }),
    );
  }
  const withFace = analyzed.filter((frame) => frame.face);
  if (withFace.length === 0) return noFaceOutcome("GESTURE");
  const first = analyzed[0] as FrameAnalysis;
  const judged = judgeGestures(
    analyzed.map((frame) => ({
      hasFace: Boolean(frame.face),
      gestures: frame.hands.gestures.filter((g) => g.part === "hand").map((g) => g.gesture),
    })),
    input.gestures,
  );
  const liveLow =
    !first.face || first.spoofEvidence >= 0.5 || first.monochrome || first.score < config.reviewScore;
  const done = Object.values(judged.perGesture).filter(Boolean).length / Math.max(input.gestures.length, 1);
  const verdict = decideVerdict(
    {
      method: "GESTURE",
      score: 0.5 * first.score + 50 * done,
      attack: judged.reason ?? (liveLow ? "gesture_liveness_failed" : null),
      lowScoreReason: "gesture_liveness_failed",
      perGesturePass: judged.perGesture,
    },
    config,
  );
  return {
    verdict,
    evidence: {
      selfie: first.face ? still("selfie", first) : still("selfie", withFace[0] as FrameAnalysis),
      eventStills: Object.entries(judged.completedAt).map(([g, i]) => still(g, analyzed[i] as FrameAnalysis)),
      signals: {
        frame_score: first.score,
        hands_seen: analyzed.filter((f) => f.hands.hands.length > 0).length,
      },
    },
    failure: null,
  };
}

/** Pure: each requested gesture must appear, in order, in a frame that also shows the face. */
export function judgeGestures(frames: GestureFrame[], gestures: HandGesture[]): GestureJudgement {
  const perGesture: Record<string, boolean> = Object.fromEntries(gestures.map((g) => [g, false]));
  const completedAt: Record<string, number> = {};
  let cursor = 0;
  for (const gesture of gestures) {
    const wanted = HAND_GESTURES[gesture];
    for (let i = cursor; i < frames.length; i++) {
      const frame = frames[i] as GestureFrame;
      if (frame.hasFace && frame.gestures.includes(wanted)) {
        perGesture[gesture] = true;
        completedAt[gesture] = i;
        cursor = i + 1;
        break;
      }
    }
    if (!perGesture[gesture]) break;
  }
  const reason = Object.values(perGesture).every(Boolean) ? null : "gesture_not_performed";
  return { reason, perGesture, completedAt };
}
