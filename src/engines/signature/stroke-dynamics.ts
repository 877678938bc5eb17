// What the ink says about how the pen moved, measured along the skeleton: a writer signing their own
// name writes fast (stroke width and ink density vary, stroke ends taper, curves are smooth), a forger
// copying the shape writes slowly (even width and ink, blunt ends, pen lifts, small kinks of tremor).
// The values are relative (ratios, coefficients of variation), so pen, scanner and size cancel out.
import type { InkMask } from "./ink-mask.js";
import { measureTremor, NEIGHBOURS } from "./stroke-tremor.js";

export const DYNAMICS_LENGTH = 15;

/** Radius (pixels) of the skeleton window whose spread gives the local curvature. */
const CURVE_RADIUS = 4;

/**
 * [0] width variation (CV of stroke width along the skeleton), [1] share of thin (tapered) skeleton,
 * [2] width at stroke ends over the median width, [3] ink darkness variation (CV),
 * [4] stroke ends per 100 skeleton pixels, [5] junctions per 100, [6] share of kinked skeleton
 * pixels (neighbours not opposite), [7] share of sharp turns (90° or less),
 * [8] ink darkness 10th over 90th percentile, [9] stroke width 25th over 75th percentile,
 * [10] darkness at stroke ends over the median darkness (a tapered end is lighter),
 * [11] correlation of darkness with local curvature (a fluent pen slows and presses in curves),
 * [12] correlation of stroke width with local curvature, [13] darkness change between neighbouring
 * skeleton pixels over the mean darkness (pressure that swells and eases vs even ink),
 * [14] minus the tremor, the stroke direction's quick wobble beyond the letter's curve (stroke-tremor.ts):
 * negated so that a pair's larger value is the steadier line and a signature that wobbles in itself
 * does not count against the pair, only a wobble its partner lacks.
 */
export function measureDynamics(mask: InkMask, skeleton: InkMask, grey: Uint8Array): Float32Array {
  const { width, height } = mask;
  const depth = insideDistance(mask);
  const widths: number[] = [];
  const darkness: number[] = [];
  const endWidths: number[] = [];
  const endDarkness: number[] = [];
  const curvatures: number[] = [];
  let steps = 0;
  let stepChange = 0;
  let paper = 0;
  let paperCount = 0;
  for (let i = 0; i < mask.data.length; i += 7) {
    if (mask.data[i] === 0) {
      paper += grey[i]!;
      paperCount++;
    }
  }
  paper = paperCount > 0 ? paper / paperCount : 255;
  let ends = 0;
  let junctions = 0;
  let kinked = 0;
  let sharp = 0;
  let twoNeighbour = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      if (skeleton.data[i] !== 1) continue;
      widths.push(depth[i]!);
      const dark = Math.max(0, paper - grey[i]!);
      darkness.push(dark);
      curvatures.push(localCurvature(skeleton, x, y));
      // Forward neighbours only, so each skeleton step counts once.
      for (const [dx, dy] of FORWARD) {
        if (skeleton.data[(y + dy) * width + x + dx] !== 1) continue;
        stepChange += Math.abs(dark - Math.max(0, paper - grey[(y + dy) * width + x + dx]!));
        steps++;
      }
      const around: number[] = [];
      for (let k = 0; k < 8; k++) {
        const [dx, dy] = NEIGHBOURS[k]!;
        if (skeleton.data[(y + dy) * width + x + dx] === 1) around.push(k);
      }
      if (around.length === 1) {
        ends++;
        endDarkness.push(dark);
        let widest = 0;
        for (let dy = -3; dy <= 3; dy++)
          for (let dx = -3; dx <= 3; dx++) {
            const yy = y + dy;
            const xx = x + dx;
            if (yy >= 0 && yy < height && xx >= 0 && xx < width)
              widest = Math.max(widest, depth[yy * width + xx]!);
          }
        endWidths.push(widest);
      } else if (around.length >= 3) {
        junctions++;
      } else if (around.length === 2) {
        twoNeighbour++;
        const turn = Math.abs(around[0]! - around[1]!);
        const steps = Math.min(turn, 8 - turn);
        if (steps !== 4) kinked++;
        if (steps <= 2) sharp++;
      }
    }
  }
  const out = new Float32Array(DYNAMICS_LENGTH);
  const n = widths.length;
  if (n < 10) return out;
  const sortedWidths = [...widths].sort((a, b) => a - b);
  const median = sortedWidths[Math.floor(n / 2)]! || 1;
  out[0] = coefficientOfVariation(widths);
  out[1] = widths.filter((w) => w < median * 0.6).length / n;
  out[2] = endWidths.length > 0 ? endWidths.reduce((s, w) => s + w, 0) / endWidths.length / median : 1;
  out[3] = coefficientOfVariation(darkness);
  out[4] = (100 * ends) / n;
  out[5] = (100 * junctions) / n;
  out[6] = twoNeighbour > 0 ? kinked / twoNeighbour : 0;
  out[7] = twoNeighbour > 0 ? sharp / twoNeighbour : 0;
  const sortedDarkness = [...darkness].sort((a, b) => a - b);
  const darkAt = (q: number): number => sortedDarkness[Math.floor(q * (n - 1))]!;
  const medianDark = darkAt(0.5) || 1;
  out[8] = darkAt(0.1) / (darkAt(0.9) || 1);
  out[9] = sortedWidths[Math.floor(0.25 * (n - 1))]! / (sortedWidths[Math.floor(0.75 * (n - 1))]! || 1);
  out[10] =
    endDarkness.length > 0 ? endDarkness.reduce((s, d) => s + d, 0) / endDarkness.length / medianDark : 1;
  out[11] = correlation(darkness, curvatures);
  out[12] = correlation(widths, curvatures);
  const meanDark = darkness.reduce((s, d) => s + d, 0) / n || 1;
  out[13] = steps > 0 ? stepChange / steps / meanDark : 0;
  out[14] = -measureTremor(skeleton);
  return out;
}

const FORWARD: Array<[number, number]> = [
  [1, 0],
  [1, 1],
  [0, 1],
  [-1, 1],
];

/**
 * How far the skeleton bends around (x, y): the smaller over the larger spread of the skeleton
 * pixels within CURVE_RADIUS (0 on a straight run, up to 1 in a tight curve or a junction).
 */
function localCurvature(skeleton: InkMask, x: number, y: number): number {
  const { width, height, data } = skeleton;
  let count = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let dy = -CURVE_RADIUS; dy <= CURVE_RADIUS; dy++) {
    const yy = y + dy;
    if (yy < 0 || yy >= height) continue;
    for (let dx = -CURVE_RADIUS; dx <= CURVE_RADIUS; dx++) {
      const xx = x + dx;
      if (xx < 0 || xx >= width || data[yy * width + xx] !== 1) continue;
      count++;
      sx += dx;
      sy += dy;
      sxx += dx * dx;
      syy += dy * dy;
      sxy += dx * dy;
    }
  }
  if (count < 3) return 0;
  const cxx = sxx / count - (sx / count) ** 2;
  const cyy = syy / count - (sy / count) ** 2;
  const cxy = sxy / count - (sx / count) * (sy / count);
  const mean = (cxx + cyy) / 2;
  const spread = Math.sqrt(((cxx - cyy) / 2) ** 2 + cxy * cxy);
  const major = mean + spread;
  return major > 0 ? Math.max(0, mean - spread) / major : 0;
}

function correlation(a: number[], b: number[]): number {
  const n = a.length;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i]!;
    mb += b[i]!;
  }
  ma /= n;
  mb /= n;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    ab += (a[i]! - ma) * (b[i]! - mb);
    aa += (a[i]! - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  }
  return aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
}

function coefficientOfVariation(values: number[]): number {
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  if (mean <= 0) return 0;
  const variance = values.reduce((s, v) => s + (v - mean) * (v - mean), 0) / values.length;
  return Math.sqrt(variance) / mean;
}

/** 3-4 chamfer distance (pixels) from each ink pixel to the nearest paper pixel: half the stroke width. */
function insideDistance(mask: InkMask): Float32Array {
  const { width: w, height: h, data } = mask;
  const d = new Float32Array(w * h);
  const far = 3 * (w + h);
  for (let i = 0; i < d.length; i++) d[i] = data[i] === 1 ? far : 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (d[i] === 0) continue;
      let best = d[i]!;
      best = Math.min(best, x > 0 ? d[i - 1]! + 3 : 3);
      best = Math.min(best, y > 0 ? d[i - w]! + 3 : 3);
      best = Math.min(best, x > 0 && y > 0 ? d[i - w - 1]! + 4 : 4);
      best = Math.min(best, x < w - 1 && y > 0 ? d[i - w + 1]! + 4 : 4);
      d[i] = best;
    }
  }
  for (let y = h - 1; y >= 0; y--) {
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      if (d[i] === 0) continue;
      let best = d[i]!;
      best = Math.min(best, x < w - 1 ? d[i + 1]! + 3 : 3);
      best = Math.min(best, y < h - 1 ? d[i + w]! + 3 : 3);
      best = Math.min(best, x < w - 1 && y < h - 1 ? d[i + w + 1]! + 4 : 4);
      best = Math.min(best, x > 0 && y < h - 1 ? d[i + w - 1]! + 4 : 4);
      d[i] = best;
    }
  }
  for (let i = 0; i < d.length; i++) d[i]! /= 3;
  return d;
}
