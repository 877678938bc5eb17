// Elastic comparison of two column sequences (descriptor.ts): dynamic time warping lets one
// signature's columns stretch or squeeze against the other's, so a gap between words that opens,
// closes or is bridged by a joining stroke costs a little locally instead of shifting everything after it.

import { bandedAlignment } from "./banded-alignment.js";
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
  return bandedAlignment(SEQUENCE_COLUMNS, BAND, (i, j) => columnCost(a, i, b, j));
}
