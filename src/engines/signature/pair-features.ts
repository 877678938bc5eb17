// The numbers the learned score (score-model.ts) reads from a pair of descriptors: how alike the
// shapes are (direction histograms, profiles, the two elastic alignments, the overlay, proportions),
// and for each pen-dynamics value how far apart the two signatures are and the larger (more fluent)
// of the two. The line-quality cue is relative: a copy is slower than the writer's own hand, so one
// signature far more even than the other counts against the pair, while two equally even signatures
// (a writer who signs on a tablet or at steady pressure) do not. The smaller value is left out on
// purpose: it would make an even line suspect in itself.
// Symmetric in the two descriptors, so verify(a, b) and verify(b, a) agree.
import { DYNAMICS_OFFSET } from "./descriptor.js";
import { DYNAMICS_LENGTH } from "./stroke-dynamics.js";

/** Raw comparisons of two descriptors (similarity.ts measures them). */
export interface SignatureParts {
  /** Cosine of the direction histograms. */
  directions: number;
  /** Correlation of the column and row profiles. */
  columns: number;
  rows: number;
  /** Elastic (DTW) distance of the column sequences, 0 = identical. */
  elastic: number;
  /** Elastic distance of the stroke sequences (stroke-sequence.ts), 0 = identical. */
  strokes: number;
  /** Difference of the log aspect ratios, and of the log skeleton densities. */
  aspect: number;
  density: number;
  /** Symmetric chamfer overlay of the occupancy grids, 0..1 (1 = same). */
  overlay: number;
}

/**
 * Typical size of each dynamics value's difference between two genuine signatures: differences are
 * counted in these units and capped at 3, so one odd value cannot decide the score alone.
 */
const DYNAMICS_UNIT = [0.03, 0.09, 0.24, 0.05, 0.35, 5.5, 0.035, 0.006, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.005];
const DIFFERENCE_CAP = 3;

export const SHAPE_FEATURES = [
  "directions",
  "columns",
  "rows",
  "elastic",
  "strokes",
  "aspect",
  "density",
  "overlay",
] as const;
export const PAIR_FEATURE_COUNT = SHAPE_FEATURES.length + 2 * DYNAMICS_LENGTH;

/** Index of a shape feature in the vector (the search bound needs the elastic ones). */
export function shapeFeatureIndex(name: (typeof SHAPE_FEATURES)[number]): number {
  return SHAPE_FEATURES.indexOf(name);
}

export function pairFeatures(
  parts: SignatureParts,
  a: ArrayLike<number>,
  b: ArrayLike<number>,
): Float64Array {
  const out = new Float64Array(PAIR_FEATURE_COUNT);
  SHAPE_FEATURES.forEach((name, k) => {
    out[k] = parts[name];
  });
  const base = SHAPE_FEATURES.length;
  for (let k = 0; k < DYNAMICS_LENGTH; k++) {
    const va = a[DYNAMICS_OFFSET + k]! / DYNAMICS_UNIT[k]!;
    const vb = b[DYNAMICS_OFFSET + k]! / DYNAMICS_UNIT[k]!;
    out[base + k] = Math.min(DIFFERENCE_CAP, Math.abs(va - vb));
    out[base + DYNAMICS_LENGTH + k] = Math.max(va, vb);
  }
  return out;
}
