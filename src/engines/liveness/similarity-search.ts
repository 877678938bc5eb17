// The similarity transform (scale, rotation, shift) that best maps one grey frame's points onto the
// next, by the mean grey error of the mapped points: what rigid-frame-fit.ts fits per frame pair, once for
// the whole frame and once for the points that fit leaves unexplained.
import { bilinear, type Grey } from "./grey-blocks.js";

export interface Similarity {
  scale: number;
  angle: number;
  dx: number;
  dy: number;
}

export const IDENTITY: Similarity = { scale: 1, angle: 0, dx: 0, dy: 0 };

/**
 * The points turned and scaled by `t` about the frame's centre, before its shift: `t`'s map of a point is
 * this plus (dx, dy), so a search over shifts computes it once per scale and angle (issue 18: the search's
 * CPU was mostly this mapping).
 */
interface TurnedPoints {
  x: Float64Array;
  y: Float64Array;
  /** The first frame's grey value at each point (what the mapped point is compared with). */
  value: Float64Array;
}

function turnPoints(
  a: Grey,
  points: number[],
  t: Pick<Similarity, "scale" | "angle">,
  into?: TurnedPoints,
): TurnedPoints {
  const cx = a.width / 2;
  const cy = a.height / 2;
  const c = Math.cos(t.angle) * t.scale;
  const s = Math.sin(t.angle) * t.scale;
  const n = points.length / 2;
  const x = into?.x ?? new Float64Array(n);
  const y = into?.y ?? new Float64Array(n);
  const value = into?.value ?? new Float64Array(n);
  for (let p = 0; p < n; p++) {
    const px = points[2 * p] as number;
    const py = points[2 * p + 1] as number;
    const u = px - cx;
    const v = py - cy;
    x[p] = cx + c * u - s * v;
    y[p] = cy + s * u + c * v;
    value[p] = a.data[py * a.width + px] as number;
  }
  return { x, y, value };
}

/**
 * Mean grey error of the points mapped by `t` (infinite when too many leave the view). With `bound`, a
 * transform whose mean cannot beat it stops early and answers Infinity: the sum so far over every point
 * is already a floor of the mean (the mean divides by at most that many points), so a search keeping the
 * strictly smaller error picks exactly what it would have picked without the bound.
 */
export function errorOf(
  a: Grey,
  b: Grey,
  points: number[],
  t: Similarity,
  bound = Number.POSITIVE_INFINITY,
): number {
  return shiftedError(b, turnPoints(a, points, t), t.dx, t.dy, bound);
}

/** errorOf for the points already turned and scaled (turnPoints), shifted by (dx, dy). */
function shiftedError(
  b: Grey,
  turned: TurnedPoints,
  dx: number,
  dy: number,
  bound = Number.POSITIVE_INFINITY,
): number {
  const count = turned.x.length;
  const limit = bound * count * (1 + 1e-9);
  const bData = b.data;
  const bWidth = b.width;
  const maxX = b.width - 1;
  const maxY = b.height - 1;
  const tx = turned.x;
  const ty = turned.y;
  const values = turned.value;
  let error = 0;
  let n = 0;
  for (let p = 0; p < count; p++) {
    const fx = (tx[p] as number) + dx;
    const fy = (ty[p] as number) + dy;
    if (fx < 0 || fy < 0 || fx >= maxX || fy >= maxY) continue;
    // bilinear(), inlined.
    const x0 = Math.floor(fx);
    const y0 = Math.floor(fy);
    const wx = fx - x0;
    const wy = fy - y0;
    const i = y0 * bWidth + x0;
    const top = (bData[i] as number) * (1 - wx) + (bData[i + 1] as number) * wx;
    const bottom = (bData[i + bWidth] as number) * (1 - wx) + (bData[i + bWidth + 1] as number) * wx;
    error += Math.abs((values[p] as number) - (top * (1 - wy) + bottom * wy));
    n++;
    if (error >= limit) return Number.POSITIVE_INFINITY;
  }
  // Most of the points must stay in view, or a transform pushing them out would look perfect.
  return n >= count * 0.6 ? error / n : Number.POSITIVE_INFINITY;
}

export function residuals(a: Grey, b: Grey, points: number[], t: Similarity): Float32Array {
  const turned = turnPoints(a, points, t);
  const out = new Float32Array(points.length / 2);
  for (let p = 0; p < out.length; p++) {
    const fx = (turned.x[p] as number) + t.dx;
    const fy = (turned.y[p] as number) + t.dy;
    out[p] =
      fx < 0 || fy < 0 || fx >= b.width - 1 || fy >= b.height - 1
        ? Number.POSITIVE_INFINITY
        : Math.abs((turned.value[p] as number) - bilinear(b, fx, fy));
  }
  return out;
}

/**
 * Coarse grid over scale and shift on the half-resolution frames (every other point), then a finer
 * grid with rotation at full resolution around the best, minimising the mean grey error.
 *
 * Neither grid is searched whole (issue 18: that was most of the fit's CPU, about a quarter of the
 * liveness step's). The coarse one takes the best shift at scale 1, then every scale with the shifts
 * next to it; the fine one is searched by coordinate descent (the best shift at the current scale and
 * rotation, then the best scale and rotation at that shift, until neither moves). Over so fine a grid
 * the error is smooth; on the attack set's clips the decisions are those of the whole grids (README).
 */
export function searchSimilarity(
  a: Grey,
  b: Grey,
  points: number[],
  small: { a: Grey; b: Grey },
): { transform: Similarity; error: number } {
  const coarsePoints: number[] = [];
  for (let p = 0; p < points.length; p += 4) {
    coarsePoints.push(Math.min(small.a.width - 2, Math.round((points[p] as number) / 2)));
    coarsePoints.push(Math.min(small.a.height - 2, Math.round((points[p + 1] as number) / 2)));
  }
  let coarse = { transform: IDENTITY, error: errorOf(small.a, small.b, coarsePoints, IDENTITY) };
  const unscaled = turnPoints(small.a, coarsePoints, IDENTITY);
  for (let dy = -COARSE_REACH; dy <= COARSE_REACH; dy++) {
    for (let dx = -COARSE_REACH; dx <= COARSE_REACH; dx++) {
      const error = shiftedError(small.b, unscaled, dx, dy, coarse.error);
      if (error < coarse.error) coarse = { transform: { scale: 1, angle: 0, dx, dy }, error };
    }
  }
  const shift = coarse.transform;
  for (const s of COARSE_SCALES) {
    const turned = turnPoints(small.a, coarsePoints, { scale: 1 + s, angle: 0 }, unscaled);
    for (let dy = Math.max(-COARSE_REACH, shift.dy - 1); dy <= Math.min(COARSE_REACH, shift.dy + 1); dy++) {
      for (let dx = Math.max(-COARSE_REACH, shift.dx - 1); dx <= Math.min(COARSE_REACH, shift.dx + 1); dx++) {
        const error = shiftedError(small.b, turned, dx, dy, coarse.error);
        if (error < coarse.error) coarse = { transform: { scale: 1 + s, angle: 0, dx, dy }, error };
      }
    }
  }
  const mid = { ...coarse.transform, dx: coarse.transform.dx * 2, dy: coarse.transform.dy * 2 };
  let best = { transform: mid, error: errorOf(a, b, points, mid) };
  const transformAt = (k: FineStep): Similarity => ({
    scale: mid.scale * (1 + (FINE_SCALES[k.scale] as number)),
    angle: mid.angle + (FINE_ANGLES[k.angle] as number),
    dx: mid.dx + (FINE_SHIFTS[k.dx] as number),
    dy: mid.dy + (FINE_SHIFTS[k.dy] as number),
  });
  let at: FineStep = { scale: NO_SCALE, angle: NO_ANGLE, dx: NO_SHIFT, dy: NO_SHIFT };
  // One buffer for every turn of the points (a fresh one per scale and angle was most of the fit's garbage).
  let turned: TurnedPoints | undefined;
  for (let round = 0; round < 4; round++) {
    const start = at;
    turned = turnPoints(a, points, transformAt(start), turned);
    for (let dy = 0; dy < FINE_SHIFTS.length; dy++) {
      for (let dx = 0; dx < FINE_SHIFTS.length; dx++) {
        const step = { ...start, dx, dy };
        const t = transformAt(step);
        const error = shiftedError(b, turned, t.dx, t.dy, best.error);
        if (error < best.error) {
          best = { transform: t, error };
          at = step;
        }
      }
    }
    const shifted = at;
    for (let scale = 0; scale < FINE_SCALES.length; scale++) {
      for (let angle = 0; angle < FINE_ANGLES.length; angle++) {
        if (scale === shifted.scale && angle === shifted.angle) continue;
        const step = { ...shifted, scale, angle };
        const t = transformAt(step);
        turned = turnPoints(a, points, t, turned);
        const error = shiftedError(b, turned, t.dx, t.dy, best.error);
        if (error < best.error) {
          best = { transform: t, error };
          at = step;
        }
      }
    }
    // `at` is replaced only by a better step: still `start`, neither coordinate moved.
    if (at === start) break;
  }
  return best;
}

/** Indices into the fine grid's steps. */
interface FineStep {
  scale: number;
  angle: number;
  dx: number;
  dy: number;
}

/** A grid's steps, made by the same float arithmetic as the whole-grid loops they replaced. */
function steps(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let v = from; v <= to; v += step) out.push(v);
  return out;
}
/** Where a grid holds (about) zero. */
function nearestZero(values: number[]): number {
  return values.reduce((best, v, i) => (Math.abs(v) < Math.abs(values[best] as number) ? i : best), 0);
}
const COARSE_REACH = 4;
/** Scale 1 is searched first, over every shift: the grid's (about) zero step is left out here. */
const COARSE_SCALES = steps(-0.1, 0.1001, 0.02).filter((s) => 1 + s !== 1);
const FINE_SCALES = steps(-0.015, 0.0151, 0.005);
const FINE_ANGLES = steps(-0.03, 0.0301, 0.03);
const FINE_SHIFTS = steps(-1, 1.01, 0.5);
const NO_SCALE = nearestZero(FINE_SCALES);
const NO_ANGLE = nearestZero(FINE_ANGLES);
const NO_SHIFT = nearestZero(FINE_SHIFTS);
