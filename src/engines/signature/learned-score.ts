// The learned score: a linear model over the pair features (pair-features.ts) whose weights
// scripts/fit-signature-score.ts fits on the calibration writers and writes to score-model.ts, then a
// monotone piecewise-linear map onto 0..1 that puts the spec's bands where they mean what they say.
import { PAIR_FEATURE_COUNT, shapeFeatureIndex } from "./pair-features.js";
import { BIAS, CALIBRATION, CLIP, MEAN, SCALE, WEIGHTS } from "./score-model.js";

function term(k: number, value: number): number {
  return WEIGHTS[k]! * Math.max(-CLIP, Math.min(CLIP, (value - MEAN[k]!) / SCALE[k]!));
}

export function pairLogit(features: Float64Array): number {
  // Checked here, not on import, so the fitting script can load the engine while the model is stale.
  if (WEIGHTS.length !== PAIR_FEATURE_COUNT) {
    throw new Error("score-model.ts does not fit the pair features: rerun scripts/fit-signature-score.ts");
  }
  let logit = BIAS;
  for (let k = 0; k < PAIR_FEATURE_COUNT; k++) logit += term(k, features[k]!);
  return logit;
}

/** The costly features (two DTW alignments and the overlay), each within a known range. */
export type CostlyFeature = "elastic" | "strokes" | "overlay";
const COSTLY_RANGES: Record<CostlyFeature, [number, number, number]> = {
  elastic: [shapeFeatureIndex("elastic"), 0, 1],
  strokes: [shapeFeatureIndex("strokes"), 0, 2],
  overlay: [shapeFeatureIndex("overlay"), 0, 1],
};

/**
 * An upper bound on pairLogit while the `unknown` features are not computed yet: each taken at the
 * end of its range the model prefers (for search pruning).
 */
export function pairLogitBound(features: Float64Array, unknown: readonly CostlyFeature[]): number {
  let logit = pairLogit(features);
  for (const name of unknown) {
    const [k, low, high] = COSTLY_RANGES[name];
    logit += Math.max(term(k, low), term(k, high)) - term(k, features[k]!);
  }
  return logit;
}

export function calibrate(logit: number): number {
  const first = CALIBRATION[0]!;
  if (logit <= first[0]) return first[1];
  for (let i = 1; i < CALIBRATION.length; i++) {
    const [x0, y0] = CALIBRATION[i - 1]!;
    const [x1, y1] = CALIBRATION[i]!;
    if (logit <= x1) return y0 + ((logit - x0) * (y1 - y0)) / (x1 - x0);
  }
  return CALIBRATION[CALIBRATION.length - 1]![1];
}
