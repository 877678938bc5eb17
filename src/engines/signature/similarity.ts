// Compares two signature descriptors (descriptor.ts): the raw comparisons (parts), the wire signals
// (each a 0..1 sub-score with a plain meaning) and the score, which the learned model
// (learned-score.ts) computes from the parts and both signatures' pen dynamics.
import {
  DIRECTIONS_OFFSET,
  DYNAMICS_OFFSET,
  OCCUPANCY_HEIGHT,
  OCCUPANCY_OFFSET,
  OCCUPANCY_WIDTH,
  PROFILE_COLS,
  PROFILE_OFFSET,
  PROFILE_ROWS,
  SIGNATURE_DESCRIPTOR_LENGTH,
  SIGNATURE_DESCRIPTOR_VERSION,
  STROKE_SEQUENCE_OFFSET,
} from "./descriptor.js";
import { elasticDistance } from "./elastic-profile.js";
import { type CostlyFeature, calibrate, pairLogit, pairLogitBound } from "./learned-score.js";
import { pairFeatures, type SignatureParts } from "./pair-features.js";
import { strokeSequenceDistance } from "./stroke-sequence.js";

export type { SignatureParts } from "./pair-features.js";

/** Named sub-scores, each 0..1 (1 = identical). These are what `signals` carries on the wire. */
export interface SignatureSignals {
  /** Stroke directions per region of the signature (HOG-like histograms, cosine). */
  stroke_direction: number;
  /**
   * Where the ink sits along the signature: column profile correlation and an elastic (DTW)
   * alignment of the column sequence, which tolerates word gaps that open, close or get joined.
   */
  ink_distribution: number;
  /** How closely the two skeletons overlay (symmetric chamfer distance). */
  shape_overlay: number;
  /**
   * Width-to-height ratio and stroke length agree, and so does the pen's movement (stroke-dynamics.ts:
   * width and ink variation, junctions, kinks): the cue that separates a slow copy from the writer.
   */
  proportions: number;
}

/** Inside `proportions`: the share of the shape proportions (aspect, stroke length) vs pen dynamics. */
const SHAPE_PROPORTION_SHARE = 0.3;

/**
 * For the `proportions` signal only: typical differences of the first stroke-dynamics values between
 * two genuine signatures, and how much each counts (the score itself reads every value through the
 * learned model, score-model.ts).
 */
const DYNAMICS_SCALE = [0.03, 0.09, 0.24, 0.05, 0.35, 5.5, 0.035, 0.006];
const DYNAMICS_WEIGHT = [1, 0, 0, 1, 0.5, 1, 0.5, 0.5];

/** Chamfer distances are capped here (occupancy cells) so one stray stroke cannot dominate. */
const CHAMFER_CAP = 5;

export function isSignatureDescriptor(value: ArrayLike<number>): boolean {
  return value.length === SIGNATURE_DESCRIPTOR_LENGTH && value[0] === SIGNATURE_DESCRIPTOR_VERSION;
}

/**
 * The raw comparisons of two descriptors. `elastic: false` leaves both DTW distances at 0 and the
 * overlay at 1 (their best cases), for search pruning.
 */
export function measureParts(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  options: { elastic: boolean } = { elastic: true },
): SignatureParts {
  let dot = 0;
  for (let i = DIRECTIONS_OFFSET; i < PROFILE_OFFSET; i++) dot += a[i]! * b[i]!;
  return {
    directions: dot,
    columns: correlate(a, b, PROFILE_OFFSET, PROFILE_COLS),
    rows: correlate(a, b, PROFILE_OFFSET + PROFILE_COLS, PROFILE_ROWS),
    elastic: options.elastic ? elasticDistance(a, b) : 0,
    strokes: options.elastic ? strokeSequenceDistance(a, b, STROKE_SEQUENCE_OFFSET) : 0,
    aspect: Math.abs(a[1]! - b[1]!),
    density: Math.abs(Math.log((a[2]! + 1e-6) / (b[2]! + 1e-6))),
    overlay: options.elastic ? chamferOverlay(a, b) : 1,
  };
}

export function chamferOverlay(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return overlayScore(a, distanceTransform(a), b);
}

/** The wire signals (each 0..1, 1 = identical) from the parts and the two descriptors' dynamics. */
export function signalsFromParts(
  parts: SignatureParts,
  a: ArrayLike<number>,
  b: ArrayLike<number>,
): SignatureSignals {
  let dynamics = 0;
  let weights = 0;
  for (let k = 0; k < DYNAMICS_SCALE.length; k++) {
    const difference = Math.abs(a[DYNAMICS_OFFSET + k]! - b[DYNAMICS_OFFSET + k]!);
    dynamics += DYNAMICS_WEIGHT[k]! * Math.min(3, difference / DYNAMICS_SCALE[k]!);
    weights += DYNAMICS_WEIGHT[k]!;
  }
  const shape = Math.exp(-(parts.aspect + parts.density) / 0.5);
  const pen = Math.exp(-dynamics / weights / 1.5);
  return {
    stroke_direction: clamp01(parts.directions),
    ink_distribution: clamp01(
      (Math.max(0, parts.columns) + Math.exp(-parts.elastic / 0.08) + Math.exp(-parts.strokes / 0.3)) / 3,
    ),
    shape_overlay: clamp01(parts.overlay),
    proportions: clamp01(SHAPE_PROPORTION_SHARE * shape + (1 - SHAPE_PROPORTION_SHARE) * pen),
  };
}

/** The 0..1 score of two descriptors from their parts (the learned model, calibrated). */
export function scoreParts(parts: SignatureParts, a: ArrayLike<number>, b: ArrayLike<number>): number {
  return calibrate(pairLogit(pairFeatures(parts, a, b)));
}

function overlayScore(a: ArrayLike<number>, toA: Float32Array, b: ArrayLike<number>): number {
  const chamfer = (meanDistance(a, distanceTransform(b)) + meanDistance(b, toA)) / 2;
  return clamp01(1 - chamfer / CHAMFER_CAP);
}

/**
 * Scores one query against many samples (signature search). The costly features are computed one
 * at a time, the most telling first (the stroke sequence), and a sample whose score could not reach
 * `threshold` even with the best values of those still missing is dropped there.
 */
export function createSearchScorer(query: ArrayLike<number>, threshold: number) {
  const toQuery = distanceTransform(query);
  return (sample: ArrayLike<number>): number | null => {
    const parts = measureParts(query, sample, { elastic: false });
    const reachable = (unknown: readonly CostlyFeature[]): boolean =>
      calibrate(pairLogitBound(pairFeatures(parts, query, sample), unknown)) >= threshold;
    if (!reachable(["strokes", "elastic", "overlay"])) return null;
    parts.strokes = strokeSequenceDistance(query, sample, STROKE_SEQUENCE_OFFSET);
    if (!reachable(["elastic", "overlay"])) return null;
    parts.elastic = elasticDistance(query, sample);
    if (!reachable(["overlay"])) return null;
    parts.overlay = overlayScore(query, toQuery, sample);
    const score = scoreParts(parts, query, sample);
    return score >= threshold ? score : null;
  };
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
