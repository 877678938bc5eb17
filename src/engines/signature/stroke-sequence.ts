// The signature read left to right as a sequence of local stroke-direction histograms (one per column
// band, in three height zones), compared by dynamic time warping. A writer's own signatures differ
// mostly in where the words sit (a gap that opens, closes or is bridged by a joining stroke, a word
// written a little wider); the strokes inside each band stay the same. Aligning the bands elastically
// keeps that variation cheap, while another writer's letters cost at every band.
import { bandedAlignment } from "./banded-alignment.js";

/** Column bands across the canvas. */
export const STROKE_SEQUENCE_COLUMNS = 32;
const ZONES = 3;
const BINS = 8;
/** Floats per band: the normalised zone × direction histogram, then the band's share of ink (0..1). */
export const STROKE_SEQUENCE_FEATURES = ZONES * BINS + 1;
export const STROKE_SEQUENCE_LENGTH = STROKE_SEQUENCE_COLUMNS * STROKE_SEQUENCE_FEATURES;

/** Bands may drift this far against each other (a quarter of the signature). */
const BAND = 8;
/** Cost of aligning a band without ink against one with ink. */
const GAP_COST = 0.6;
/** A band with less than this share of the fullest band's ink counts as empty. */
const EMPTY = 0.04;

/**
 * Writes the sequence from the canvas gradients (gx, gy of the blurred skeleton, canvas width × height)
 * into `out` at `offset`.
 */
export function writeStrokeSequence(
  gx: Float32Array,
  gy: Float32Array,
  width: number,
  height: number,
  out: Float32Array,
  offset: number,
): void {
  const raw = new Float64Array(STROKE_SEQUENCE_COLUMNS * ZONES * BINS);
  const bandWidth = width / STROKE_SEQUENCE_COLUMNS;
  const zoneHeight = height / ZONES;
  for (let y = 1; y < height - 1; y++) {
    const zy = (y + 0.5) / zoneHeight - 0.5;
    const z0 = Math.floor(zy);
    const zw = zy - z0;
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const magnitude = Math.hypot(gx[i]!, gy[i]!);
      if (magnitude < 1e-4) continue;
      let theta = Math.atan2(gy[i]!, gx[i]!);
      if (theta < 0) theta += Math.PI;
      const binPos = (theta / Math.PI) * BINS - 0.5;
      const b0 = Math.floor(binPos);
      const bw = binPos - b0;
      const bin0 = (b0 + BINS) % BINS;
      const bin1 = (b0 + 1) % BINS;
      const cx = (x + 0.5) / bandWidth - 0.5;
      const c0 = Math.floor(cx);
      const cw = cx - c0;
      for (let dc = 0; dc <= 1; dc++) {
        const column = c0 + dc;
        if (column < 0 || column >= STROKE_SEQUENCE_COLUMNS) continue;
        const wc = dc === 0 ? 1 - cw : cw;
        for (let dz = 0; dz <= 1; dz++) {
          const zone = Math.min(ZONES - 1, Math.max(0, z0 + dz));
          const wz = dz === 0 ? 1 - zw : zw;
          const base = (column * ZONES + zone) * BINS;
          raw[base + bin0]! += magnitude * wc * wz * (1 - bw);
          raw[base + bin1]! += magnitude * wc * wz * bw;
        }
      }
    }
  }
  const size = ZONES * BINS;
  const norms = new Float64Array(STROKE_SEQUENCE_COLUMNS);
  for (let c = 0; c < STROKE_SEQUENCE_COLUMNS; c++) {
    let sum = 0;
    for (let k = 0; k < size; k++) sum += raw[c * size + k]! ** 2;
    norms[c] = Math.sqrt(sum);
  }
  const fullest = Math.max(1e-9, ...norms);
  for (let c = 0; c < STROKE_SEQUENCE_COLUMNS; c++) {
    const base = offset + c * STROKE_SEQUENCE_FEATURES;
    const norm = norms[c]!;
    for (let k = 0; k < size; k++) out[base + k] = norm > 0 ? raw[c * size + k]! / norm : 0;
    out[base + size] = norm / fullest;
  }
}

function bandCost(a: ArrayLike<number>, pa: number, b: ArrayLike<number>, pb: number): number {
  const size = STROKE_SEQUENCE_FEATURES - 1;
  const massA = a[pa + size]!;
  const massB = b[pb + size]!;
  const emptyA = massA < EMPTY;
  const emptyB = massB < EMPTY;
  if (emptyA && emptyB) return 0;
  if (emptyA || emptyB) return GAP_COST;
  let dot = 0;
  for (let k = 0; k < size; k++) dot += a[pa + k]! * b[pb + k]!;
  return 1 - dot + 0.3 * Math.abs(massA - massB);
}

/** Mean per-step cost of the best monotone alignment of two stroke sequences (0 = identical). */
export function strokeSequenceDistance(a: ArrayLike<number>, b: ArrayLike<number>, offset: number): number {
  return bandedAlignment(STROKE_SEQUENCE_COLUMNS, BAND, (i, j) =>
    bandCost(a, offset + i * STROKE_SEQUENCE_FEATURES, b, offset + j * STROKE_SEQUENCE_FEATURES),
  );
}
