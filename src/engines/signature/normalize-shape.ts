// Puts the ink on a fixed canvas so signatures of any size, pen width and small tilt compare:
// deskew by the baseline angle, fit the ink's box to the canvas, then thin strokes to a 1-pixel
// skeleton (Zhang–Suen) so the pen's width no longer matters.
import type { InkMask } from "./ink-mask.js";

export const CANVAS_WIDTH = 192;
export const CANVAS_HEIGHT = 72;
const PADDING = 2;
/** A signature's baseline is near horizontal; a larger principal-axis angle is the shape, not tilt. */
const MAX_DESKEW = (12 * Math.PI) / 180;
/** Angles tried on each side of zero (1° apart). */
const DESKEW_STEPS = 12;

export interface NormalizedShape {
  /** 1-pixel-wide strokes on the CANVAS_WIDTH × CANVAS_HEIGHT canvas, 1 = ink. */
  skeleton: Uint8Array;
  /** Natural log of the deskewed ink box's width over its height. */
  logAspect: number;
}

/** The ink thinned to 1-pixel strokes at the mask's own resolution (pen width gone). */
export function thinMask(mask: InkMask): InkMask {
  const pw = mask.width + 2;
  const ph = mask.height + 2;
  const padded = new Uint8Array(pw * ph);
  for (let y = 0; y < mask.height; y++) {
    padded.set(mask.data.subarray(y * mask.width, (y + 1) * mask.width), (y + 1) * pw + 1);
  }
  thin(padded, pw, ph);
  const data = new Uint8Array(mask.width * mask.height);
  for (let y = 0; y < mask.height; y++) {
    data.set(padded.subarray((y + 1) * pw + 1, (y + 1) * pw + 1 + mask.width), y * mask.width);
  }
  return { width: mask.width, height: mask.height, data };
}

/** Takes the skeleton from thinMask (thinning before scaling keeps close strokes apart). */
export function normalizeShape(skeleton: InkMask): NormalizedShape {
  const pw = skeleton.width + 2;
  const ph = skeleton.height + 2;
  const padded = new Uint8Array(pw * ph);
  for (let y = 0; y < skeleton.height; y++) {
    padded.set(skeleton.data.subarray(y * skeleton.width, (y + 1) * skeleton.width), (y + 1) * pw + 1);
  }
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 1; y < ph - 1; y++) {
    for (let x = 1; x < pw - 1; x++) {
      if (padded[y * pw + x] === 1) {
        xs.push(x - 1);
        ys.push(y - 1);
      }
    }
  }
  const n = xs.length;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < n; i++) {
    cx += xs[i]!;
    cy += ys[i]!;
  }
  cx /= n;
  cy /= n;
  const angle = findBaselineAngle(xs, ys, cx, cy);
  const cos = Math.cos(-angle);
  const sin = Math.sin(-angle);
  const rx = new Float64Array(n);
  const ry = new Float64Array(n);
  let minX = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - cx;
    const dy = ys[i]! - cy;
    const x = dx * cos - dy * sin;
    const y = dx * sin + dy * cos;
    rx[i] = x;
    ry[i] = y;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const boxWidth = Math.max(1, maxX - minX + 1);
  const boxHeight = Math.max(1, maxY - minY + 1);
  const sx = (CANVAS_WIDTH - 1 - 2 * PADDING) / boxWidth;
  const sy = (CANVAS_HEIGHT - 1 - 2 * PADDING) / boxHeight;
  // Enlarging a small signature would leave gaps between mapped pixels: splat a small box instead.
  const splatX = Math.max(1, Math.ceil(sx));
  const splatY = Math.max(1, Math.ceil(sy));
  const canvas = new Uint8Array(CANVAS_WIDTH * CANVAS_HEIGHT);
  for (let i = 0; i < n; i++) {
    const px = Math.floor(PADDING + (rx[i]! - minX) * sx);
    const py = Math.floor(PADDING + (ry[i]! - minY) * sy);
    for (let oy = 0; oy < splatY; oy++) {
      const y = Math.min(CANVAS_HEIGHT - 1, py + oy);
      for (let ox = 0; ox < splatX; ox++) canvas[y * CANVAS_WIDTH + Math.min(CANVAS_WIDTH - 1, px + ox)] = 1;
    }
  }
  thin(canvas, CANVAS_WIDTH, CANVAS_HEIGHT);
  return { skeleton: canvas, logAspect: Math.log(boxWidth / boxHeight) };
}

/**
 * The writing's baseline tilt: the rotation (within ±MAX_DESKEW) that makes the horizontal ink
 * profile most peaked (largest sum of squared bin counts), the classic skew estimate for text lines.
 * Unlike the principal axis it stays stable for compact signatures with a tall capital.
 */
function findBaselineAngle(xs: number[], ys: number[], cx: number, cy: number): number {
  let minY = Number.POSITIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const y of ys) {
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const bin = Math.max(1, (maxY - minY + 1) / 48);
  const reach = Math.hypot(Math.max(...xs.map((x) => Math.abs(x - cx))), maxY - minY) / bin + 2;
  const bins = new Float64Array(Math.ceil(2 * reach) + 1);
  let best = { angle: 0, peakedness: -1 };
  for (let step = -DESKEW_STEPS; step <= DESKEW_STEPS; step++) {
    const angle = (step / DESKEW_STEPS) * MAX_DESKEW;
    const sin = Math.sin(-angle);
    const cos = Math.cos(-angle);
    bins.fill(0);
    for (let i = 0; i < xs.length; i++) {
      const y = (xs[i]! - cx) * sin + (ys[i]! - cy) * cos;
      bins[Math.round(y / bin + reach)]! += 1;
    }
    let peakedness = 0;
    for (const count of bins) peakedness += count * count;
    // Ties and near-ties go to the smaller rotation: never tilt a signature without a reason.
    if (
      peakedness > best.peakedness * (1 + 1e-3) ||
      (peakedness >= best.peakedness && Math.abs(angle) < Math.abs(best.angle))
    ) {
      best = { angle, peakedness };
    }
  }
  return best.angle;
}

/** Zhang–Suen thinning, in place. */
function thin(image: Uint8Array, width: number, height: number): void {
  const remove: number[] = [];
  let changed = true;
  while (changed) {
    changed = false;
    for (let pass = 0; pass < 2; pass++) {
      remove.length = 0;
      for (let y = 1; y < height - 1; y++) {
        for (let x = 1; x < width - 1; x++) {
          const i = y * width + x;
          if (image[i] !== 1) continue;
          const p2 = image[i - width]!;
          const p3 = image[i - width + 1]!;
          const p4 = image[i + 1]!;
          const p5 = image[i + width + 1]!;
          const p6 = image[i + width]!;
          const p7 = image[i + width - 1]!;
          const p8 = image[i - 1]!;
          const p9 = image[i - width - 1]!;
          const neighbours = p2 + p3 + p4 + p5 + p6 + p7 + p8 + p9;
          if (neighbours < 2 || neighbours > 6) continue;
          const ring = [p2, p3, p4, p5, p6, p7, p8, p9, p2];
          let transitions = 0;
          for (let k = 0; k < 8; k++) if (ring[k] === 0 && ring[k + 1] === 1) transitions++;
          if (transitions !== 1) continue;
          if (
            pass === 0 ? p2 * p4 * p6 === 0 && p4 * p6 * p8 === 0 : p2 * p4 * p8 === 0 && p2 * p6 * p8 === 0
          ) {
            remove.push(i);
          }
        }
      }
      for (const i of remove) image[i] = 0;
      if (remove.length > 0) changed = true;
    }
  }
}
