// Puts the ink on a fixed canvas so signatures of any size, pen width and small tilt compare:
// deskew by the principal axis, fit the ink's box to the canvas, then thin strokes to a 1-pixel
// skeleton (Zhang–Suen) so the pen's width no longer matters.
import type { InkMask } from "./ink-mask.js";

export const CANVAS_WIDTH = 192;
export const CANVAS_HEIGHT = 72;
const PADDING = 2;
/** A signature's baseline is near horizontal; a larger principal-axis angle is the shape, not tilt. */
const MAX_DESKEW = (15 * Math.PI) / 180;

export interface NormalizedShape {
  /** 1-pixel-wide strokes on the CANVAS_WIDTH × CANVAS_HEIGHT canvas, 1 = ink. */
  skeleton: Uint8Array;
  /** Natural log of the deskewed ink box's width over its height. */
  logAspect: number;
}

export function normalizeShape(mask: InkMask): NormalizedShape {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < mask.height; y++) {
    for (let x = 0; x < mask.width; x++) {
      if (mask.data[y * mask.width + x] === 1) {
        xs.push(x);
        ys.push(y);
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
  let mxx = 0;
  let myy = 0;
  let mxy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - cx;
    const dy = ys[i]! - cy;
    mxx += dx * dx;
    myy += dy * dy;
    mxy += dx * dy;
  }
  const angle = Math.max(-MAX_DESKEW, Math.min(MAX_DESKEW, 0.5 * Math.atan2(2 * mxy, mxx - myy)));
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
