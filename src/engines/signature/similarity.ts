// Compares two signature descriptors (descriptor.ts). Each signal is a 0..1 sub-score with a plain
// meaning; the score is a calibrated blend of them (see SCORE_WEIGHTS).
import {
  DIRECTIONS_OFFSET,
  OCCUPANCY_HEIGHT,
  OCCUPANCY_OFFSET,
  OCCUPANCY_WIDTH,
  PROFILE_COLS,
  PROFILE_OFFSET,
  PROFILE_ROWS,
  SIGNATURE_DESCRIPTOR_LENGTH,
  SIGNATURE_DESCRIPTOR_VERSION,
} from "./descriptor.js";

/** Named sub-scores, each 0..1 (1 = identical). These are what `signals` carries on the wire. */
export interface SignatureSignals {
  /** Stroke directions per region of the signature (HOG-like histograms, cosine). */
  stroke_direction: number;
  /** Where the ink sits along and across the signature (projection profiles, correlation). */
  ink_distribution: number;
  /** How closely the two skeletons overlay (symmetric chamfer distance). */
  shape_overlay: number;
  /** Width-to-height ratio and stroke length agree. */
  proportions: number;
}

/**
 * Blend weights, chosen on generated writers (bench/signature-eer.bench.ts) by minimising the
 * genuine-vs-skilled EER plus twice the genuine-vs-random EER over two independent writer sets,
 * rounded towards equal weights so no single cue decides.
 */
const SCORE_WEIGHTS: SignatureSignals = {
  stroke_direction: 0.3,
  ink_distribution: 0.4,
  shape_overlay: 0.15,
  proportions: 0.15,
};

/**
 * Monotone piecewise-linear map from the blend to the score, so the spec's default operating point
 * means something: blend 0.83 (≈ the genuine-vs-skilled-forgery EER on the generated set) becomes
 * 0.62, the signature-verify default threshold; blend 0.70 (≈ the genuine-vs-random-forgery EER)
 * becomes 0.465, the bottom of the review band (0.75 × 0.62).
 */
const CALIBRATION: ReadonlyArray<readonly [number, number]> = [
  [0, 0],
  [0.7, 0.465],
  [0.83, 0.62],
  [1, 1],
];

/** Chamfer distances are capped here (occupancy cells) so one stray stroke cannot dominate. */
const CHAMFER_CAP = 5;

export function isSignatureDescriptor(value: ArrayLike<number>): boolean {
  return value.length === SIGNATURE_DESCRIPTOR_LENGTH && value[0] === SIGNATURE_DESCRIPTOR_VERSION;
}

export function measureSignals(a: ArrayLike<number>, b: ArrayLike<number>): SignatureSignals {
  return { ...measureCheapSignals(a, b), shape_overlay: overlayScore(a, distanceTransform(a), b) };
}

/** Every signal but the chamfer overlay, which costs two distance transforms. */
function measureCheapSignals(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
): Omit<SignatureSignals, "shape_overlay"> {
  let dot = 0;
  for (let i = DIRECTIONS_OFFSET; i < PROFILE_OFFSET; i++) dot += a[i]! * b[i]!;
  const columns = correlate(a, b, PROFILE_OFFSET, PROFILE_COLS);
  const rows = correlate(a, b, PROFILE_OFFSET + PROFILE_COLS, PROFILE_ROWS);
  const aspect = Math.exp(-Math.abs(a[1]! - b[1]!) / 0.4);
  const density = Math.exp(-Math.abs(Math.log((a[2]! + 1e-6) / (b[2]! + 1e-6))) / 0.4);
  return {
    stroke_direction: clamp01(dot),
    ink_distribution: clamp01((2 * columns + rows) / 3),
    proportions: clamp01(Math.sqrt(aspect * density)),
  };
}

function overlayScore(a: ArrayLike<number>, toA: Float32Array, b: ArrayLike<number>): number {
  const chamfer = (meanDistance(a, distanceTransform(b)) + meanDistance(b, toA)) / 2;
  return clamp01(1 - chamfer / CHAMFER_CAP);
}

/**
 * Scores one query against many samples (signature search). The query's distance transform is
 * computed once, and a sample whose score could not reach `threshold` even with a perfect overlay
 * is dropped before its own distance transform is computed (the score rises with every signal).
 */
export function createSearchScorer(query: ArrayLike<number>, threshold: number) {
  const toQuery = distanceTransform(query);
  return (sample: ArrayLike<number>): number | null => {
    const cheap = measureCheapSignals(query, sample);
    if (scoreSignals({ ...cheap, shape_overlay: 1 }) < threshold) return null;
    const score = scoreSignals({ ...cheap, shape_overlay: overlayScore(query, toQuery, sample) });
    return score >= threshold ? score : null;
  };
}

/** The 0..1 similarity of two descriptors: the weighted blend of the signals, calibrated. */
export function scoreSignals(signals: SignatureSignals): number {
  let blend = 0;
  for (const key of Object.keys(SCORE_WEIGHTS) as Array<keyof SignatureSignals>) {
    blend += SCORE_WEIGHTS[key] * signals[key];
  }
  for (let i = 1; i < CALIBRATION.length; i++) {
    const [x0, y0] = CALIBRATION[i - 1]!;
    const [x1, y1] = CALIBRATION[i]!;
    if (blend <= x1) return clamp01(y0 + ((blend - x0) * (y1 - y0)) / (x1 - x0));
  }
  return 1;
}

/** Pearson correlation of two lightly smoothed profiles; 0 when either is flat. */
function correlate(a: ArrayLike<number>, b: ArrayLike<number>, offset: number, length: number): number {
  const sa = smooth(a, offset, length);
  const sb = smooth(b, offset, length);
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < length; i++) {
    ma += sa[i]!;
    mb += sb[i]!;
  }
  ma /= length;
  mb /= length;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < length; i++) {
    const da = sa[i]! - ma;
    const db = sb[i]! - mb;
    ab += da * db;
    aa += da * da;
    bb += db * db;
  }
  return aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
}

function smooth(v: ArrayLike<number>, offset: number, length: number): Float64Array {
  const out = new Float64Array(length);
  for (let i = 0; i < length; i++) {
    const left = v[offset + Math.max(0, i - 1)]!;
    const right = v[offset + Math.min(length - 1, i + 1)]!;
    out[i] = (left + 2 * v[offset + i]! + right) / 4;
  }
  return out;
}

function meanDistance(from: ArrayLike<number>, to: Float32Array): number {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < to.length; i++) {
    if (from[OCCUPANCY_OFFSET + i] !== 1) continue;
    sum += Math.min(CHAMFER_CAP, to[i]!);
    count++;
  }
  return count > 0 ? sum / count : CHAMFER_CAP;
}

/** Two-pass 3-4 chamfer distance transform (≈ Euclidean, in cells) to the nearest occupied cell. */
function distanceTransform(v: ArrayLike<number>): Float32Array {
  const w = OCCUPANCY_WIDTH;
  const h = OCCUPANCY_HEIGHT;
  const far = 3 * (w + h);
  const d = new Float32Array(w * h);
  for (let i = 0; i < d.length; i++) d[i] = v[OCCUPANCY_OFFSET + i] === 1 ? 0 : far;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      let best = d[i]!;
      if (x > 0) best = Math.min(best, d[i - 1]! + 3);
      if (y > 0) {
        best = Math.min(best, d[i - w]! + 3);
        if (x > 0) best = Math.min(best, d[i - w - 1]! + 4);
        if (x < w - 1) best = Math.min(best, d[i - w + 1]! + 4);
      }
      d[i] = best;
    }
  }
  for (let y = h - 1; y >= 0; y--) {
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      let best = d[i]!;
      if (x < w - 1) best = Math.min(best, d[i + 1]! + 3);
      if (y < h - 1) {
        best = Math.min(best, d[i + w]! + 3);
        if (x < w - 1) best = Math.min(best, d[i + w + 1]! + 4);
        if (x > 0) best = Math.min(best, d[i + w - 1]! + 4);
      }
      d[i] = best;
    }
  }
  for (let i = 0; i < d.length; i++) d[i]! /= 3;
  return d;
}

function clamp01(value: number): number {
  return Math.max(0, Math.min(1, value));
}
