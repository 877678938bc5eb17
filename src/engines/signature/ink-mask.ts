// Finds signature ink in a grey image: a local (Bradley) threshold, then ruled lines are removed
// (ink-components.ts then keeps the signature's own components). Works on paper scans and photos alike because the threshold follows the local light.
import { localMean } from "../image/local-mean.js";

/** A binary image, row-major, 1 = ink. */
export interface InkMask {
  width: number;
  height: number;
  data: Uint8Array;
}

/** A ruled line darkens its row's median grey by at least this much against the rows around it. */
const LINE_DARKENING = 6;
/** Ink is darker than its neighbourhood mean by this fraction (Bradley–Roth; low enough for a faint pen) … */
const LOCAL_DARKNESS = 0.1;
/** … and by at least this many grey levels, or 3.5 × the image's noise, so grain never counts. */
const MIN_CONTRAST = 14;
const NOISE_FACTOR = 3.5;

/** Marks pixels clearly darker than the mean of a window around them (integral image, O(1) per pixel). */
export function thresholdInk(grey: Uint8Array, width: number, height: number): InkMask {
  const half = Math.max(7, Math.round(Math.min(width, height) / 12));
  const mean = localMean(grey, width, height, half, new Float64Array(width * height));
  const minContrast = Math.max(MIN_CONTRAST, NOISE_FACTOR * estimateNoise(grey, width, height));
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) {
    const value = grey[i]!;
    if (value < mean[i]! * (1 - LOCAL_DARKNESS) && mean[i]! - value >= minContrast) data[i] = 1;
  }
  return { width, height, data };
}

/**
 * Standard deviation of the sensor grain: the median absolute difference of horizontal neighbours
 * (robust to the few ink edges), on a sample of rows.
 */
function estimateNoise(grey: Uint8Array, width: number, height: number): number {
  const histogram = new Uint32Array(256);
  let total = 0;
  const step = Math.max(1, Math.floor(height / 64));
  for (let y = 0; y < height; y += step) {
    for (let x = 1; x < width; x++) {
      histogram[Math.abs(grey[y * width + x]! - grey[y * width + x - 1]!)]!++;
      total++;
    }
  }
  let seen = 0;
  let median = 0;
  while (median < 255 && seen + histogram[median]! < total / 2) seen += histogram[median++]!;
  // For Gaussian noise the neighbour difference has sd σ√2, and its median absolute value is 0.674 × that.
  return median / (0.674 * Math.SQRT2);
}

/**
 * Removes ruled lines and returns the rows where it found them (1 = line row). A ruled line crosses
 * the page, so it darkens the median grey of its row (signature ink covers far less than half a row):
 * a row whose median is clearly darker than the rows around it is a line row, and so are its
 * immediate neighbours (an anti-aliased line spreads over two or three rows). Ink in those rows is
 * erased, except where a pen stroke crosses the line (ink directly above and below the band), so
 * strokes are not cut in two.
 */
export function removeRuledLines(mask: InkMask, grey: Uint8Array): Uint8Array {
  const { width, height, data } = mask;
  const medians = rowMedians(grey, width, height);
  const lineRows = new Uint8Array(height);
  const line = new Uint8Array(width * height);
  const reach = 8;
  let found = false;
  for (let y = 0; y < height; y++) {
    const around: number[] = [];
    for (let k = Math.max(0, y - reach); k <= Math.min(height - 1, y + reach); k++) around.push(medians[k]!);
    around.sort((a, b) => a - b);
    const background = around[Math.floor(around.length / 2)]!;
    if (background - medians[y]! < LINE_DARKENING) continue;
    for (let k = Math.max(0, y - 1); k <= Math.min(height - 1, y + 1); k++) {
      lineRows[k] = 1;
      for (let x = 0; x < width; x++) if (data[k * width + x] === 1) line[k * width + x] = 1;
    }
    found = true;
  }
  if (!found) return lineRows;
  const maxThickness = lineThickness(height);
  for (let x = 0; x < width; x++) {
    let y = 0;
    while (y < height) {
      if (line[y * width + x] !== 1) {
        y++;
        continue;
      }
      let end = y;
      while (end + 1 < height && line[(end + 1) * width + x] === 1) end++;
      const above = y > 0 && data[(y - 1) * width + x] === 1;
      const below = end + 1 < height && data[(end + 1) * width + x] === 1;
      if (end - y + 1 <= maxThickness && !(above && below)) {
        for (let k = y; k <= end; k++) data[k * width + x] = 0;
      }
      y = end + 1;
    }
  }
  return lineRows;
}

/** The thickest band still taken for a ruled line rather than a pen stroke. */
export function lineThickness(height: number): number {
  return Math.max(6, Math.round(height / 50));
}

function rowMedians(grey: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(height);
  const histogram = new Uint32Array(256);
  for (let y = 0; y < height; y++) {
    histogram.fill(0);
    for (let x = 0; x < width; x++) histogram[grey[y * width + x]!]!++;
    let seen = 0;
    let value = 0;
    while (value < 255 && seen + histogram[value]! <= width / 2) seen += histogram[value++]!;
    out[y] = value;
  }
  return out;
}
