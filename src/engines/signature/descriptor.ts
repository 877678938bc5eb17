// The signature descriptor: a fixed-length Float32Array the service stores (as real[]) per sample
// and compares without the image. Layout, version 4 (SIGNATURE_DESCRIPTOR_LENGTH floats):
//   [0] version, [1] log aspect ratio of the deskewed ink box, [2] skeleton density, [3] reserved
//   [4 …] direction histograms: GRID_ROWS × GRID_COLS cells × DIRECTION_BINS, L2-normalised
//   then column profile (PROFILE_COLS) and row profile (PROFILE_ROWS) of the skeleton, each summing to 1
//   then the skeleton occupancy grid OCCUPANCY_WIDTH × OCCUPANCY_HEIGHT (0/1), for chamfer matching
//   then the column sequence: SEQUENCE_COLUMNS × SEQUENCE_FEATURES (top, bottom, centre of the ink in
//     the column band, 0..1, and its amount relative to the fullest band; -1 for an empty band), for
//     elastic (DTW) alignment that tolerates word gaps opening or closing
//   then the stroke dynamics (stroke-dynamics.ts, DYNAMICS_LENGTH floats)
//   then the stroke sequence (stroke-sequence.ts): per column band, direction histograms in three
//     height zones, for an elastic alignment of the strokes themselves
// Version 1 had no sequence and no dynamics, version 2 fewer dynamics and no stroke sequence, version 3
// no tremor (one dynamics value fewer): stored samples of an older version are re-prepared from their
// crop.
import { CANVAS_HEIGHT, CANVAS_WIDTH, type NormalizedShape } from "./normalize-shape.js";
import { DYNAMICS_LENGTH } from "./stroke-dynamics.js";
import { STROKE_SEQUENCE_LENGTH, writeStrokeSequence } from "./stroke-sequence.js";

export const SIGNATURE_DESCRIPTOR_VERSION = 4;
export const GRID_ROWS = 4;
export const GRID_COLS = 12;
export const DIRECTION_BINS = 8;
export const PROFILE_COLS = 48;
export const PROFILE_ROWS = 24;
export const OCCUPANCY_WIDTH = 64;
export const OCCUPANCY_HEIGHT = 24;

const HEADER = 4;
export const DIRECTIONS_OFFSET = HEADER;
export const PROFILE_OFFSET = DIRECTIONS_OFFSET + GRID_ROWS * GRID_COLS * DIRECTION_BINS;
export const OCCUPANCY_OFFSET = PROFILE_OFFSET + PROFILE_COLS + PROFILE_ROWS;
export const SEQUENCE_COLUMNS = 48;
export const SEQUENCE_FEATURES = 4;
export const SEQUENCE_OFFSET = OCCUPANCY_OFFSET + OCCUPANCY_WIDTH * OCCUPANCY_HEIGHT;
export const DYNAMICS_OFFSET = SEQUENCE_OFFSET + SEQUENCE_COLUMNS * SEQUENCE_FEATURES;
export const STROKE_SEQUENCE_OFFSET = DYNAMICS_OFFSET + DYNAMICS_LENGTH;
export const SIGNATURE_DESCRIPTOR_LENGTH = STROKE_SEQUENCE_OFFSET + STROKE_SEQUENCE_LENGTH;

/** Blur sigma (canvas pixels) that turns the 1-pixel skeleton into a smooth ridge with stable gradients. */
const RIDGE_SIGMA = 1.5;

export function describeShape(shape: NormalizedShape, dynamics: Float32Array): Float32Array {
  const out = new Float32Array(SIGNATURE_DESCRIPTOR_LENGTH);
  const { skeleton } = shape;
  let count = 0;
  for (const v of skeleton) count += v;
  out[0] = SIGNATURE_DESCRIPTOR_VERSION;
  out[1] = shape.logAspect;
  out[2] = count / (CANVAS_WIDTH * CANVAS_HEIGHT);
  const { gx, gy } = ridgeGradients(skeleton);
  writeDirections(gx, gy, out);
  writeStrokeSequence(gx, gy, CANVAS_WIDTH, CANVAS_HEIGHT, out, STROKE_SEQUENCE_OFFSET);
  writeProfiles(skeleton, count, out);
  writeOccupancy(skeleton, out);
  writeSequence(skeleton, out);
  out.set(dynamics.subarray(0, DYNAMICS_LENGTH), DYNAMICS_OFFSET);
  return out;
}

function blur(image: Uint8Array, width: number, height: number, sigma: number): Float32Array {
  const radius = Math.ceil(sigma * 3);
  const kernel = new Float32Array(radius * 2 + 1);
  let total = 0;
  for (let k = -radius; k <= radius; k++) {
    kernel[k + radius] = Math.exp(-(k * k) / (2 * sigma * sigma));
    total += kernel[k + radius]!;
  }
  for (let k = 0; k < kernel.length; k++) kernel[k]! /= total;
  const tmp = new Float32Array(width * height);
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let k = -radius; k <= radius; k++) {
        const xx = Math.min(width - 1, Math.max(0, x + k));
        sum += image[y * width + xx]! * kernel[k + radius]!;
      }
      tmp[y * width + x] = sum;
    }
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let k = -radius; k <= radius; k++) {
        const yy = Math.min(height - 1, Math.max(0, y + k));
        sum += tmp[yy * width + x]! * kernel[k + radius]!;
      }
      out[y * width + x] = sum;
    }
  }
  return out;
}

/** Central-difference gradients of the blurred skeleton (0 on the canvas border). */
function ridgeGradients(skeleton: Uint8Array): { gx: Float32Array; gy: Float32Array } {
  const w = CANVAS_WIDTH;
  const h = CANVAS_HEIGHT;
  const ridge = blur(skeleton, w, h, RIDGE_SIGMA);
  const gx = new Float32Array(w * h);
  const gy = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      gx[y * w + x] = ridge[y * w + x + 1]! - ridge[y * w + x - 1]!;
      gy[y * w + x] = ridge[(y + 1) * w + x]! - ridge[(y - 1) * w + x]!;
    }
  }
  return { gx, gy };
}

/** Gradient-orientation histograms (unsigned, soft-binned in angle and bilinear across cells), like HOG. */
function writeDirections(gxs: Float32Array, gys: Float32Array, out: Float32Array): void {
  const w = CANVAS_WIDTH;
  const h = CANVAS_HEIGHT;
  const cellW = w / GRID_COLS;
  const cellH = h / GRID_ROWS;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const gx = gxs[y * w + x]!;
      const gy = gys[y * w + x]!;
      const magnitude = Math.hypot(gx, gy);
      if (magnitude < 1e-4) continue;
      let theta = Math.atan2(gy, gx);
      if (theta < 0) theta += Math.PI;
      const binPos = (theta / Math.PI) * DIRECTION_BINS - 0.5;
      const b0 = Math.floor(binPos);
      const bw = binPos - b0;
      const bins = [((b0 % DIRECTION_BINS) + DIRECTION_BINS) % DIRECTION_BINS, (b0 + 1) % DIRECTION_BINS];
      const cx = (x + 0.5) / cellW - 0.5;
      const cy = (y + 0.5) / cellH - 0.5;
      const c0 = Math.floor(cx);
      const r0 = Math.floor(cy);
      for (let dr = 0; dr <= 1; dr++) {
        const row = r0 + dr;
        if (row < 0 || row >= GRID_ROWS) continue;
        const wr = dr === 0 ? 1 - (cy - r0) : cy - r0;
        for (let dc = 0; dc <= 1; dc++) {
          const col = c0 + dc;
          if (col < 0 || col >= GRID_COLS) continue;
          const wc = dc === 0 ? 1 - (cx - c0) : cx - c0;
          const base = DIRECTIONS_OFFSET + (row * GRID_COLS + col) * DIRECTION_BINS;
          out[base + bins[0]!]! += magnitude * wr * wc * (1 - bw);
          out[base + bins[1]!]! += magnitude * wr * wc * bw;
        }
      }
    }
  }
  let norm = 0;
  for (let i = DIRECTIONS_OFFSET; i < PROFILE_OFFSET; i++) norm += out[i]! * out[i]!;
  norm = Math.sqrt(norm) || 1;
  for (let i = DIRECTIONS_OFFSET; i < PROFILE_OFFSET; i++) out[i]! /= norm;
}

function writeProfiles(skeleton: Uint8Array, count: number, out: Float32Array): void {
  const total = count || 1;
  for (let y = 0; y < CANVAS_HEIGHT; y++) {
    const row = Math.floor((y * PROFILE_ROWS) / CANVAS_HEIGHT);
    for (let x = 0; x < CANVAS_WIDTH; x++) {
      if (skeleton[y * CANVAS_WIDTH + x] !== 1) continue;
      out[PROFILE_OFFSET + Math.floor((x * PROFILE_COLS) / CANVAS_WIDTH)]! += 1 / total;
      out[PROFILE_OFFSET + PROFILE_COLS + row]! += 1 / total;
    }
  }
}

function writeOccupancy(skeleton: Uint8Array, out: Float32Array): void {
  for (let y = 0; y < CANVAS_HEIGHT; y++) {
    const oy = Math.floor((y * OCCUPANCY_HEIGHT) / CANVAS_HEIGHT);
    for (let x = 0; x < CANVAS_WIDTH; x++) {
      if (skeleton[y * CANVAS_WIDTH + x] !== 1) continue;
      out[OCCUPANCY_OFFSET + oy * OCCUPANCY_WIDTH + Math.floor((x * OCCUPANCY_WIDTH) / CANVAS_WIDTH)] = 1;
    }
  }
}

function writeSequence(skeleton: Uint8Array, out: Float32Array): void {
  const band = CANVAS_WIDTH / SEQUENCE_COLUMNS;
  const counts = new Float64Array(SEQUENCE_COLUMNS);
  for (let c = 0; c < SEQUENCE_COLUMNS; c++) {
    let top = -1;
    let bottom = -1;
    let sum = 0;
    let count = 0;
    for (let x = Math.floor(c * band); x < Math.floor((c + 1) * band); x++) {
      for (let y = 0; y < CANVAS_HEIGHT; y++) {
        if (skeleton[y * CANVAS_WIDTH + x] !== 1) continue;
        if (top < 0 || y < top) top = y;
        if (y > bottom) bottom = y;
        sum += y;
        count++;
      }
    }
    const base = SEQUENCE_OFFSET + c * SEQUENCE_FEATURES;
    counts[c] = count;
    if (count === 0) {
      out.fill(-1, base, base + SEQUENCE_FEATURES);
      continue;
    }
    out[base] = top / (CANVAS_HEIGHT - 1);
    out[base + 1] = bottom / (CANVAS_HEIGHT - 1);
    out[base + 2] = sum / count / (CANVAS_HEIGHT - 1);
  }
  const fullest = Math.max(1, ...counts);
  for (let c = 0; c < SEQUENCE_COLUMNS; c++) {
    if (counts[c]! > 0) out[SEQUENCE_OFFSET + c * SEQUENCE_FEATURES + 3] = counts[c]! / fullest;
  }
}
