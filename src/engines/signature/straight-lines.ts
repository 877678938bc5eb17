// Erases long straight thin runs of ink (an underline, a ruled box, a form's field border) that do not
// cross the whole page, so the row-median test in ink-mask.ts misses them. A pen stroke crossing
// such a line keeps its pixels (ink right above and below the line band), so strokes are not cut.
import type { InkMask } from "./ink-mask.js";

/**
 * Marks runs of at least `minRun` ink pixels along rows (or columns), tolerating a one-pixel step
 * so a line tilted by a couple of degrees still reads as one run.
 */
function markRuns(mask: InkMask, minRun: number, vertical: boolean, anchors?: Uint8Array): Uint8Array {
  const { width, height, data } = mask;
  const lines = vertical ? width : height;
  const length = vertical ? height : width;
  // Index of (line, pos) is line * lineStep + pos * posStep; the next line is one lineStep away.
  const lineStep = vertical ? 1 : width;
  const posStep = vertical ? width : 1;
  const marked = new Uint8Array(data.length);
  for (let line = 0; line < lines - 1; line++) {
    const base = line * lineStep;
    let start = -1;
    for (let pos = 0; pos <= length; pos++) {
      const i = base + pos * posStep;
      const on = pos < length && (data[i] === 1 || data[i + lineStep] === 1);
      if (on && start < 0) start = pos;
      if (on || start < 0) continue;
      if (pos - start >= minRun && (!anchors || nearAnchor(mask, anchors, line, start, pos - 1))) {
        for (let p = start; p < pos; p++) {
          const k = base + p * posStep;
          if (data[k] === 1) marked[k] = 1;
          if (data[k + lineStep] === 1) marked[k + lineStep] = 1;
        }
      }
      start = -1;
    }
  }
  return marked;
}

/**
 * A vertical run counts as a line only when a horizontal line meets one of its ends (a ruled box):
 * near-vertical pen strokes (a capital's downstroke) are as straight over a short distance.
 */
function nearAnchor(mask: InkMask, anchors: Uint8Array, x: number, top: number, bottom: number): boolean {
  const { width, height } = mask;
  for (const y of [top, bottom]) {
    for (let yy = Math.max(0, y - 4); yy <= Math.min(height - 1, y + 4); yy++) {
      for (let xx = Math.max(0, x - 4); xx <= Math.min(width - 1, x + 5); xx++) {
        if (anchors[yy * width + xx] === 1) return true;
      }
    }
  }
  return false;
}

/** Erases marked bands no thicker than `maxThickness` across the line, unless a stroke crosses there. */
function eraseBands(mask: InkMask, marked: Uint8Array, maxThickness: number, vertical: boolean): void {
  const { width, height, data } = mask;
  const lines = vertical ? height : width;
  const length = vertical ? width : height;
  // Bands are measured across the line: down a column for a horizontal line, along a row for a vertical one.
  const lineStep = vertical ? width : 1;
  const posStep = vertical ? 1 : width;
  for (let line = 0; line < lines; line++) {
    const base = line * lineStep;
    let pos = 0;
    while (pos < length) {
      if (marked[base + pos * posStep] !== 1) {
        pos++;
        continue;
      }
      let end = pos;
      while (end + 1 < length && marked[base + (end + 1) * posStep] === 1) end++;
      const before = pos > 0 && data[base + (pos - 1) * posStep] === 1;
      const after = end + 1 < length && data[base + (end + 1) * posStep] === 1;
      if (end - pos + 1 <= maxThickness && !(before && after)) {
        for (let k = pos; k <= end; k++) data[base + k * posStep] = 0;
      }
      pos = end + 1;
    }
  }
}

/**
 * Unmarks straight runs that are part of a pen stroke: the headline of Devanagari or Bengali writing
 * (shirorekha), a flat underline flourish, a long straight connector. A pen stroke flows on past the
 * straight part at one of its ends (it curves away, but keeps going outward); a ruled line, a printed
 * underline or a scanner line ends in paper, and a box's line ends where the box's side turns straight
 * down (nothing further out).
 */
function keepPenRuns(mask: InkMask, marked: Uint8Array, reach: number): void {
  const { width, height, data } = mask;
  const seen = new Uint8Array(marked.length);
  const stack: number[] = [];
  for (let start = 0; start < marked.length; start++) {
    if (marked[start] !== 1 || seen[start] === 1) continue;
    const pixels: number[] = [];
    let left = { x: width, y: 0 };
    let right = { x: -1, y: 0 };
    seen[start] = 1;
    stack.push(start);
    while (stack.length > 0) {
      const i = stack.pop()!;
      pixels.push(i);
      const x = i % width;
      const y = (i - x) / width;
      if (x < left.x) left = { x, y };
      if (x > right.x) right = { x, y };
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
          const k = yy * width + xx;
          if (marked[k] === 1 && seen[k] === 0) {
            seen[k] = 1;
            stack.push(k);
          }
        }
      }
    }
    const flowsOn = (end: { x: number; y: number }, direction: 1 | -1): boolean => {
      let ink = 0;
      for (let step = 3; step <= 3 + reach; step++) {
        const x = end.x + direction * step;
        if (x < 0 || x >= width) return false;
        for (let y = Math.max(0, end.y - reach); y <= Math.min(height - 1, end.y + reach); y++) {
          if (data[y * width + x] === 1 && marked[y * width + x] !== 1) ink++;
        }
      }
      return ink >= reach;
    };
    if (flowsOn(left, -1) || flowsOn(right, 1)) for (const i of pixels) marked[i] = 0;
  }
}

/** Removes horizontal and vertical straight lines from the mask in place. */
export function removeStraightLines(mask: InkMask): void {
  const { width, height } = mask;
  const maxThickness = Math.max(4, Math.round(Math.max(width, height) / 250));
  const horizontal = markRuns(mask, Math.max(100, Math.round(width * 0.15)), false);
  keepPenRuns(mask, horizontal, 2 * maxThickness);
  eraseBands(mask, horizontal, maxThickness, false);
  const vertical = markRuns(mask, Math.max(50, Math.round(height * 0.2)), true, horizontal);
  eraseBands(mask, vertical, maxThickness, true);
}
