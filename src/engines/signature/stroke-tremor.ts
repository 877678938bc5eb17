// Tremor: the small, quick wobble of a slow copy's line. A forger drawing the shape carefully corrects
// the pen all the time, so the stroke's direction swings a little from pixel to pixel around its
// smooth course; a fluent writer's line bends only as much as the letter does. Measured along the
// analysis-resolution skeleton, stroke by stroke: how much the direction turns when the path is
// smoothed lightly (FINE_SIGMA, the wobble survives) beyond how much it turns when smoothed heavily
// (COARSE_SIGMA, only the letter's curve is left), per skeleton pixel. The letter's own curvature is
// in both and cancels, so a curly signature is not mistaken for a shaky one. Both smoothings scale
// with the ink's height and the value is per REFERENCE_HEIGHT pixels, so a small image of the same
// signature reads about the same (with fixed smoothing, 50–70-px-high genuine signatures of the older
// clean test generator read twice as shaky as the scans).
import type { InkMask } from "./ink-mask.js";

/** Ink height (analysis pixels; a signature on a 1,000-px scan is about this high) the sigmas are for. */
const REFERENCE_HEIGHT = 150;
/** Gaussian smoothing (pixels along the stroke, at REFERENCE_HEIGHT) that keeps the wobble, and that removes it. */
const FINE_SIGMA = 1.5;
const COARSE_SIGMA = 5;
/**
 * Under this ink height (analysis pixels) the wobble is a fraction of a pixel and the skeleton's
 * staircase drowns it: one writer's own signatures 46–65 px high read 0.007 to 0.017, where a writer's
 * own scans usually differ by about 0.003. Such a signature, or one without a stroke long enough to
 * measure, reads as TYPICAL_TREMOR (the median of calibration writers' own signatures), so a pair with
 * one is judged without the tremor cue, neither for nor against it.
 */
const MIN_HEIGHT = 60;
const TYPICAL_TREMOR = 0.019;
/** Direction of the smoothed path over ±DIRECTION_SPAN pixels. */
const DIRECTION_SPAN = 2;
/** Strokes shorter than this are too short to tell wobble from shape; their ends are left out too. */
const MIN_STROKE = 24;
const END_MARGIN = 8;

/** The 8 neighbours of a pixel in turn around it (so k and k + 1 are adjacent), starting east. */
export const NEIGHBOURS: ReadonlyArray<readonly [number, number]> = [
  [1, 0],
  [1, 1],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [-1, -1],
  [0, -1],
  [1, -1],
];

/**
 * Excess turning (radians) per skeleton pixel at REFERENCE_HEIGHT: about 0.02 for a writer's own line,
 * 0.035 for a copy. `skeleton` is the ink box's skeleton, so its height is the ink's.
 */
export function measureTremor(skeleton: InkMask): number {
  if (skeleton.height < MIN_HEIGHT) return TYPICAL_TREMOR;
  const scale = skeleton.height / REFERENCE_HEIGHT;
  let excess = 0;
  let count = 0;
  for (const stroke of traceStrokes(skeleton)) {
    const n = stroke.length;
    if (n < MIN_STROKE) continue;
    const xs = stroke.map((i) => i % skeleton.width);
    const ys = stroke.map((i) => Math.floor(i / skeleton.width));
    const fine = turning(smoothPath(xs, FINE_SIGMA * scale), smoothPath(ys, FINE_SIGMA * scale));
    const coarse = turning(smoothPath(xs, COARSE_SIGMA * scale), smoothPath(ys, COARSE_SIGMA * scale));
    for (let i = END_MARGIN; i < n - END_MARGIN; i++) {
      excess += fine[i]! - coarse[i]!;
      count++;
    }
  }
  return count > 0 ? (excess / count) * scale : TYPICAL_TREMOR;
}

/** |change of direction| at each point of a path (radians). */
function turning(xs: Float64Array, ys: Float64Array): Float64Array {
  const n = xs.length;
  const direction = (i: number): number => {
    const a = Math.max(0, i - DIRECTION_SPAN);
    const b = Math.min(n - 1, i + DIRECTION_SPAN);
    return Math.atan2(ys[b]! - ys[a]!, xs[b]! - xs[a]!);
  };
  const out = new Float64Array(n);
  for (let i = 1; i < n - 1; i++) {
    let change = direction(i + 1) - direction(i - 1);
    if (change > Math.PI) change -= 2 * Math.PI;
    if (change < -Math.PI) change += 2 * Math.PI;
    out[i] = Math.abs(change);
  }
  return out;
}

function smoothPath(values: number[], sigma: number): Float64Array {
  const radius = Math.ceil(3 * sigma);
  const kernel = Array.from({ length: 2 * radius + 1 }, (_, k) =>
    Math.exp(-((k - radius) ** 2) / (2 * sigma * sigma)),
  );
  const n = values.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let sum = 0;
    let total = 0;
    for (let k = -radius; k <= radius; k++) {
      const weight = kernel[k + radius]!;
      sum += weight * values[Math.min(n - 1, Math.max(0, i + k))]!;
      total += weight;
    }
    out[i] = sum / total;
  }
  return out;
}

/**
 * The skeleton as ordered strokes (pixel indices) from stroke end or junction to stroke end or
 * junction, then closed loops. A pixel's kind is its crossing number (0→1 changes around it), so a
 * staircase step is not taken for a junction.
 */
export function traceStrokes(skeleton: InkMask): number[][] {
  const { width, height, data } = skeleton;
  const at = (x: number, y: number): number =>
    x < 0 || y < 0 || x >= width || y >= height ? 0 : data[y * width + x]!;
  // 1 stroke end, 2 along a stroke, 3+ junction.
  const kind = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[y * width + x] !== 1) continue;
      let crossings = 0;
      let neighbours = 0;
      for (let k = 0; k < 8; k++) {
        const [dx, dy] = NEIGHBOURS[k]!;
        const [ex, ey] = NEIGHBOURS[(k + 1) % 8]!;
        const here = at(x + dx, y + dy);
        neighbours += here;
        if (here === 0 && at(x + ex, y + ey) === 1) crossings++;
      }
      kind[y * width + x] = neighbours === 0 ? 0 : Math.max(1, crossings);
    }
  }
  const visited = new Uint8Array(width * height);
  /** The next unvisited skeleton neighbour, a side neighbour before a diagonal one; -1 if none. */
  const next = (i: number): number => {
    const x = i % width;
    const y = (i - x) / width;
    let diagonal = -1;
    for (const [dx, dy] of NEIGHBOURS) {
      if (at(x + dx, y + dy) !== 1) continue;
      const j = (y + dy) * width + x + dx;
      if (visited[j]) continue;
      if (dx === 0 || dy === 0) return j;
      if (diagonal < 0) diagonal = j;
    }
    return diagonal;
  };
  const strokes: number[][] = [];
  const follow = (stroke: number[]): void => {
    for (let cur = next(stroke.at(-1)!); cur >= 0; cur = next(cur)) {
      stroke.push(cur);
      if (kind[cur] !== 2) {
        if (kind[cur] === 1) visited[cur] = 1;
        break;
      }
      visited[cur] = 1;
    }
    strokes.push(stroke);
  };
  for (let i = 0; i < kind.length; i++) {
    if (kind[i] !== 1 || visited[i]) continue;
    visited[i] = 1;
    follow([i]);
  }
  for (let i = 0; i < kind.length; i++) {
    if (kind[i]! < 3) continue;
    // The junction is shared by its strokes: held visited only while one of them is followed.
    for (let j = next(i); j >= 0 && kind[j] === 2; j = next(i)) {
      visited[i] = 1;
      visited[j] = 1;
      follow([i, j]);
      visited[i] = 0;
    }
  }
  for (let i = 0; i < kind.length; i++) {
    if (kind[i] !== 2 || visited[i]) continue;
    visited[i] = 1;
    follow([i]);
  }
  return strokes;
}
