// One flat picture moved in front of the camera moves as ONE rigid layer: between two frames, a single
// similarity transform (scale, rotation, shift), estimated from the images themselves, explains every
// textured point of the frame — face, hair, the picture's background alike. A live scene has depth: the
// head moves against a room that stays put (or shifts by a different amount with the hand-held camera),
// so one transform explains one layer and leaves a second, coherent layer that another transform
// explains better. This cue needs no background ring around the face (a face that fills the frame
// still has a head layer and a room layer, or one rigid picture) and no face boxes (which can disagree
// with the true zoom).
//
// A camera turned by the hand also moves everything alike, but without changing scale; so a one-layer
// fit counts as a flat picture only when the frames' net scale change is beyond breathing and jitter.
import type { FaceImage } from "./frame-types.js";
import { type Grey, greyBlocks } from "./grey-blocks.js";

export interface RigidFrameFit {
  /** Net log scale of the one-layer fits chained over the clip. */
  netLogScale: number;
  /** Median over moving pairs of the share of textured points a second motion layer explains better. */
  secondLayerShare: number;
  /** Median over moving pairs of the share of textured points that stayed put while the fit moved. */
  stayShare: number;
  /** Median over moving pairs of the one-layer fit's error over the error of no motion. */
  fitRatio: number;
  /** Frame pairs in which the best one-layer fit was a real motion. */
  movingPairs: number;
}

const WIDTH = 96;
/** A pair "moved" when its one-layer fit beats no motion by this factor. */
const MOVED_RATIO = 0.8;
/** A point belongs to another layer when the other transform beats the one-layer fit by this many grey levels. */
const LAYER_MARGIN = 8;
/** Net |log scale| from which a one-layer clip is a picture brought closer or zoomed (±8 %). */
export const RIGID_MIN_LOG_SCALE = 0.08;
/**
 * Shares of textured points below which no second layer exists: the clip is one rigid picture. Tune
 * split (test/specimens/liveness/manifest.ts, 15 genuine head-motion clips, 15 pan/zoomed pictures):
 * points that stayed put — pictures ≤ 0.049, genuine ≥ 0.092; points another motion explains —
 * pictures ≤ 0.103 (genuine 0.014–0.162, so this one only guards the real case where the camera moved
 * too and nothing stayed put, yet the room moved unlike the head).
 */
export const RIGID_MAX_STAY = 0.07;
export const RIGID_MAX_SECOND_LAYER = 0.12;

interface Similarity {
  scale: number;
  angle: number;
  dx: number;
  dy: number;
}

const IDENTITY: Similarity = { scale: 1, angle: 0, dx: 0, dy: 0 };

export function measureRigidFrameFit(images: FaceImage[]): RigidFrameFit {
  const greys = images.map((image) => greyBlocks(image, WIDTH));
  const smalls = images.map((image) => greyBlocks(image, WIDTH / 2));
  let netLogScale = 0;
  const shares: number[] = [];
  const ratios: number[] = [];
  const stays: number[] = [];
  for (let i = 1; i < greys.length; i++) {
    const a = greys[i - 1] as Grey;
    const b = greys[i] as Grey;
    const small = { a: smalls[i - 1] as Grey, b: smalls[i] as Grey };
    if (a.width !== b.width || a.height !== b.height) continue;
    const points = texturedPoints(a);
    if (points.length < 60) continue;
    const still = errorOf(a, b, points, IDENTITY);
    const fit = searchSimilarity(a, b, points, small);
    const ratio = fit.error / Math.max(still, 1e-6);
    if (ratio > MOVED_RATIO) continue;
    netLogScale += Math.log(fit.transform.scale);
    ratios.push(ratio);
    // Points the one-layer fit leaves unexplained: does another motion explain them as a layer?
    const residual = residuals(a, b, points, fit.transform);
    const outliers: number[] = [];
    for (let p = 0; p < points.length / 2; p++) {
      if ((residual[p] as number) > LAYER_MARGIN)
        outliers.push(points[2 * p] as number, points[2 * p + 1] as number);
    }
    let share = 0;
    const stillResidual = residuals(a, b, points, IDENTITY);
    let stay = 0;
    for (let p = 0; p < points.length / 2; p++) {
      if ((stillResidual[p] as number) + LAYER_MARGIN < (residual[p] as number)) stay++;
    }
    stays.push(stay / (points.length / 2));
    if (outliers.length >= 20) {
      const other = searchSimilarity(a, b, outliers, small);
      const otherResidual = residuals(a, b, points, other.transform);
      let better = 0;
      for (let p = 0; p < points.length / 2; p++) {
        if ((otherResidual[p] as number) + LAYER_MARGIN < (residual[p] as number)) better++;
      }
      share = better / (points.length / 2);
    }
    shares.push(share);
  }
  return {
    netLogScale,
    secondLayerShare: median(shares),
    stayShare: median(stays),
    fitRatio: median(ratios),
    movingPairs: ratios.length,
  };
}

export function movedAsOneLayer(fit: RigidFrameFit): boolean {
  return (
    fit.movingPairs >= 2 &&
    Math.abs(fit.netLogScale) >= RIGID_MIN_LOG_SCALE &&
    fit.stayShare < RIGID_MAX_STAY &&
    fit.secondLayerShare < RIGID_MAX_SECOND_LAYER
  );
}

function median(values: number[]): number {
  if (values.length === 0) return 1;
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** Points with enough local gradient to say where they moved (flat areas match any motion). */
function texturedPoints(grey: Grey): number[] {
  const out: number[] = [];
  const margin = 3;
  for (let y = margin; y < grey.height - margin; y++) {
    for (let x = margin; x < grey.width - margin; x++) {
      const i = y * grey.width + x;
      const gx = (grey.data[i + 1] as number) - (grey.data[i - 1] as number);
      const gy = (grey.data[i + grey.width] as number) - (grey.data[i - grey.width] as number);
      if (Math.abs(gx) + Math.abs(gy) >= 6) out.push(x, y);
    }
  }
  return out;
}

function mapPoint(t: Similarity, x: number, y: number, cx: number, cy: number): [number, number] {
  const c = Math.cos(t.angle) * t.scale;
  const s = Math.sin(t.angle) * t.scale;
  const u = x - cx;
  const v = y - cy;
  return [cx + c * u - s * v + t.dx, cy + s * u + c * v + t.dy];
}

/**
 * The points turned and scaled by `t` about the frame's centre, before its shift: `t`'s map of a point is
 * this plus (dx, dy), the same arithmetic in the same order as mapPoint (left to right), so a search over
 * shifts computes it once per scale and angle (issue 18: the search's CPU was mostly this mapping).
 */
interface TurnedPoints {
  x: Float64Array;
  y: Float64Array;
  /** The first frame's grey value at each point (what the mapped point is compared with). */
  value: Float64Array;
}

function turnPoints(a: Grey, points: number[], t: Pick<Similarity, "scale" | "angle">): TurnedPoints {
  const cx = a.width / 2;
  const cy = a.height / 2;
  const c = Math.cos(t.angle) * t.scale;
  const s = Math.sin(t.angle) * t.scale;
  const n = points.length / 2;
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const value = new Float64Array(n);
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
function errorOf(
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

function residuals(a: Grey, b: Grey, points: number[], t: Similarity): Float32Array {
  const cx = a.width / 2;
  const cy = a.height / 2;
  const out = new Float32Array(points.length / 2);
  for (let p = 0; p < points.length; p += 2) {
    const x = points[p] as number;
    const y = points[p + 1] as number;
    const [fx, fy] = mapPoint(t, x, y, cx, cy);
    out[p / 2] =
      fx < 0 || fy < 0 || fx >= b.width - 1 || fy >= b.height - 1
        ? Number.POSITIVE_INFINITY
        : Math.abs((a.data[y * a.width + x] as number) - bilinear(b, fx, fy));
  }
  return out;
}

/**
 * Coarse grid over scale and shift on the half-resolution frames (every other point), then a finer
 * grid with rotation at full resolution around the best, minimising the mean grey error.
 */
function searchSimilarity(
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
  for (let s = -0.1; s <= 0.1001; s += 0.02) {
    const turned = turnPoints(small.a, coarsePoints, { scale: 1 + s, angle: 0 });
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const error = shiftedError(small.b, turned, dx, dy, coarse.error);
        if (error < coarse.error) coarse = { transform: { scale: 1 + s, angle: 0, dx, dy }, error };
      }
    }
  }
  const mid = { ...coarse.transform, dx: coarse.transform.dx * 2, dy: coarse.transform.dy * 2 };
  let best = { transform: mid, error: errorOf(a, b, points, mid) };
  for (let s = -0.015; s <= 0.0151; s += 0.005) {
    for (let r = -0.03; r <= 0.0301; r += 0.03) {
      const scale = mid.scale * (1 + s);
      const angle = mid.angle + r;
      const turned = turnPoints(a, points, { scale, angle });
      for (let dy = -1; dy <= 1.01; dy += 0.5) {
        for (let dx = -1; dx <= 1.01; dx += 0.5) {
          const shiftX = mid.dx + dx;
          const shiftY = mid.dy + dy;
          const error = shiftedError(b, turned, shiftX, shiftY, best.error);
          if (error < best.error) best = { transform: { scale, angle, dx: shiftX, dy: shiftY }, error };
        }
      }
    }
  }
  return best;
}

function bilinear(grey: Grey, x: number, y: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const i = y0 * grey.width + x0;
  const top = (grey.data[i] as number) * (1 - fx) + (grey.data[i + 1] as number) * fx;
  const bottom =
    (grey.data[i + grey.width] as number) * (1 - fx) + (grey.data[i + grey.width + 1] as number) * fx;
  return top * (1 - fy) + bottom * fy;
}
