// FLASHING: the screen shows the challenge's colours at its timings; skin reflects the light, so the
// face's chromaticity must follow the sequence. Physical tells of an attack:
// - a print or still replay does not respond at all (weak_color_response);
// - a glossy screen replay reflects the flash evenly over the whole frame, background included,
//   while a real face close to the phone takes far more light than the room (screen_replay_suspected);
// - frames whose colours follow another order (sequence_altered) or timestamps that do not fit the
//   schedule (timing_anomaly);
// - a face that follows the colours but looks re-captured or not live (flash_liveness_low).
import type { FaceEngine } from "../face/face-engine.js";
import { analyzeFrame, decodeFrame } from "./frame-analysis.js";
import type { FaceImage, PixelBox } from "./frame-types.js";
import type { CapturedFrame, FlashStep, LivenessConfig, LivenessOutcome } from "./liveness-types.js";
import { decideVerdict, noFaceOutcome, still } from "./verdict-rules.js";

/** RMS chromaticity change of the face below which the face did not respond to the flashes. */
const MIN_FACE_RESPONSE = 0.008;
/** Background response over face response at or above which the whole frame lit up like a screen. */
const SCREEN_RATIO = 0.6;
/** Correlation with the expected colour sequence below which the order is not the challenge's. */
const MIN_SEQUENCE_CORRELATION = 0.5;
/** Slack after the last step for the last frame to arrive (capture and encode latency). */
const TIMING_SLACK_MS = 1000;

export interface FlashMeasurement {
  t_ms: number;
  face: [number, number, number];
  background: [number, number, number];
}

export async function evaluateFlashing(
  face: FaceEngine,
  input: { frames: CapturedFrame[]; colors: FlashStep[] },
  config: LivenessConfig,
): Promise<LivenessOutcome> {
  const frames = [...input.frames];
  // The face barely moves in 2–3 s: detect and judge it on the first frame, then follow its box.
  const first = await analyzeFrame(face, frames[0] as CapturedFrame);
  if (!first.face) return noFaceOutcome("FLASHING");
  const box = first.face.box;
  const measurements: FlashMeasurement[] = [];
  for (const frame of frames) {
    const image = frame === frames[0] ? first.image : await decodeFrame(frame.bytes);
    measurements.push({ t_ms: frame.t_ms, ...measureColors(image, box) });
  }
  const judged = judgeFlashResponse(measurements, input.colors);
  const liveLow = first.spoofEvidence >= 0.5 || first.monochrome || first.score < config.reviewScore;
  const attack = judged.reason ?? (liveLow ? "flash_liveness_low" : null);
  const verdict = decideVerdict(
    {
      method: "FLASHING",
      score: 0.5 * first.score + 50 * Math.max(0, judged.correlation),
      attack,
      lowScoreReason: "flash_liveness_low",
    },
    config,
  );
  return {
    verdict,
    evidence: {
      selfie: still("selfie", first),
      eventStills: frames.slice(1, 4).map((frame, i) => ({
        label: `flash_${i + 1}`,
        bytes: frame.bytes,
        contentType: "image/jpeg",
      })),
      signals: {
        correlation: judged.correlation,
        face_response: judged.faceResponse,
        background_ratio: judged.backgroundRatio,
        frame_score: first.score,
      },
    },
    failure: null,
  };
}

export interface FlashJudgement {
  reason: "timing_anomaly" | "weak_color_response" | "screen_replay_suspected" | "sequence_altered" | null;
  correlation: number;
  faceResponse: number;
  backgroundRatio: number;
}

/** Pure: the colour response of measured frames against the challenge's schedule. */
export function judgeFlashResponse(frames: FlashMeasurement[], colors: FlashStep[]): FlashJudgement {
  const ends: number[] = [];
  let total = 0;
  for (const step of colors) {
    total += step.duration_ms;
    ends.push(total);
  }
  const stepAt = (t: number) => ends.findIndex((end) => t < end);
  const covered = new Set(frames.map((frame) => stepAt(frame.t_ms)).filter((i) => i >= 0));
  const increasing = frames.every(
    (frame, i) => i === 0 || frame.t_ms > (frames[i - 1] as FlashMeasurement).t_ms,
  );
  const inRange = frames.every((frame) => frame.t_ms >= 0 && frame.t_ms <= total + TIMING_SLACK_MS);
  const timingOk = increasing && inRange && covered.size === colors.length;

  const inSchedule = frames.filter((frame) => stepAt(frame.t_ms) >= 0);
  const observed = inSchedule.map((frame) => chromaticity(frame.face));
  const backdrop = inSchedule.map((frame) => chromaticity(frame.background));
  const expected = inSchedule.map((frame) =>
    chromaticity(hexToRgb((colors[stepAt(frame.t_ms)] as FlashStep).color)),
  );
  const faceDev = deviations(observed);
  const correlation = pearson(faceDev.flat(), deviations(expected).flat());
  const faceResponse = rms(faceDev.flat());
  const backgroundRatio = rms(deviations(backdrop).flat()) / Math.max(faceResponse, 1e-6);
  let reason: FlashJudgement["reason"] = null;
  if (!timingOk) reason = "timing_anomaly";
  else if (faceResponse < MIN_FACE_RESPONSE) reason = "weak_color_response";
  else if (backgroundRatio >= SCREEN_RATIO) reason = "screen_replay_suspected";
  else if (correlation < MIN_SEQUENCE_CORRELATION) reason = "sequence_altered";
  return {
    reason,
    correlation: round(correlation),
    faceResponse: round(faceResponse),
    backgroundRatio: round(backgroundRatio),
  };
}

/** Mean colour of the inner face and of the frame outside a generous margin around it. */
function measureColors(image: FaceImage, box: PixelBox): Omit<FlashMeasurement, "t_ms"> {
  const face = [0, 0, 0];
  const background = [0, 0, 0];
  let nf = 0;
  let nb = 0;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  for (let y = 0; y < image.height; y += 2) {
    for (let x = 0; x < image.width; x += 2) {
      const dx = Math.abs(x - cx) / box.width;
      const dy = Math.abs(y - cy) / box.height;
      const i = (y * image.width + x) * 3;
      const target = dx < 0.3 && dy < 0.3 ? face : dx > 0.9 || dy > 0.9 ? background : null;
      if (!target) continue;
      for (let c = 0; c < 3; c++) target[c] = (target[c] as number) + (image.data[i + c] as number);
      if (target === face) nf++;
      else nb++;
    }
  }
  const mean = (sum: number[], n: number) => sum.map((v) => v / Math.max(n, 1)) as [number, number, number];
  return { face: mean(face, nf), background: mean(background, nb) };
}

function chromaticity([r, g, b]: [number, number, number]): [number, number, number] {
  const sum = Math.max(r + g + b, 1e-6);
  return [r / sum, g / sum, b / sum];
}

function deviations(rows: [number, number, number][]): number[][] {
  const mean = [0, 1, 2].map(
    (c) => rows.reduce((a, row) => a + (row[c] as number), 0) / Math.max(rows.length, 1),
  );
  return rows.map((row) => row.map((v, c) => v - (mean[c] as number)));
}

function pearson(a: number[], b: number[]): number {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    ab += (a[i] as number) * (b[i] as number);
    aa += (a[i] as number) ** 2;
    bb += (b[i] as number) ** 2;
  }
  return aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
}

function rms(values: number[]): number {
  return values.length ? Math.sqrt(values.reduce((a, v) => a + v * v, 0) / values.length) : 0;
}

export function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace("#", ""), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
