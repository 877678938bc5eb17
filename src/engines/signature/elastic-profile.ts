// Elastic comparison of two column sequences (descriptor.ts): dynamic time warping lets one
// signature's columns stretch or squeeze against the other's, so a gap between words that opens,
// closes or is bridged by a joining stroke costs a little locally instead of shifting everything after it.
import { SEQUENCE_COLUMNS, SEQUENCE_FEATURES, SEQUENCE_OFFSET } from "./descriptor.js";

/** Columns may drift this far (a quarter of the signature) against each other. */
const BAND = 12;
/** Cost of aligning an empty column (a gap) with one that holds ink. */
const GAP_COST = 0.35;

function columnCost(a: ArrayLike<number>, i: number, b: ArrayLike<number>, j: number): number {
  const pa = SEQUENCE_OFFSET + i * SEQUENCE_FEATURES;
  const pb = SEQUENCE_OFFSET + j * SEQUENCE_FEATURES;
  const emptyA = a[pa]! < 0;
  const emptyB = b[pb]! < 0;
  if (emptyA && emptyB) return 0;
  if (emptyA || emptyB) return GAP_COST;
  return (
    (Math.abs(a[pa]! - b[pb]!) +
      Math.abs(a[pa + 1]! - b[pb + 1]!) +
      Math.abs(a[pa + 2]! - b[pb + 2]!) +
      0.5 * Math.abs(a[pa + 3]! - b[pb + 3]!)) /
    3.5
  );
}

/** Mean per-step cost of the best monotone alignment of the two column sequences (0 = identical). */
export function elasticDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = SEQUENCE_COLUMNS;
  const inf = Number.POSITIVE_INFINITY;
  let previous = new Float64Array(n + 1).fill(inf);
  let current = new Float64Array(n + 1).fill(inf);
  let prevSteps = new Float64Array(n + 1);
  let currSteps = new Float64Array(n + 1);
  previous[0] = 0;
  for (let i = 1; i <= n; i++) {
    current.fill(inf);
    for (let j = Math.max(1, i - BAND); j <= Math.min(n, i + BAND); j++) {
      const cost = columnCost(a, i - 1, b, j - 1);
      // Diagonal steps count once, stretching steps count too: the path length normalises the sum.
      let best = previous[j - 1]!;
      let steps = prevSteps[j - 1]!;
      if (previous[j]! < best) {
        best = previous[j]!;
        steps = prevSteps[j]!;
      }
      if (current[j - 1]! < best) {
        best = current[j - 1]!;
        steps = currSteps[j - 1]!;
      }
      current[j] = best + cost;
      currSteps[j] = steps + 1;
    }
    [previous, current] = [current, previous];
    [prevSteps, currSteps] = [currSteps, prevSteps];
  }
  return previous[n]! / Math.max(1, prevSteps[n]!);
}
