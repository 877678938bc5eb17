// The pixels a glyph classifier sees for one MRZ cell: the cell and a margin around it (the grid is
// estimated, so a glyph may sit a little off its cell), resampled to a fixed size, inverted so ink is
// high, and stretched to the cell's own contrast. Shared by training and reading so both see the same.
import type { SizedReading } from "../mrz-grid.js";

export const GLYPH_W = 14;
export const GLYPH_H = 20;
const MARGIN_X = 0.15;
const MARGIN_Y = 0.12;
/** Below this grey range a cell is treated as flat (no ink) rather than stretched into noise. */
const MIN_RANGE = 40;

export function glyphFeatures(r: SizedReading, row: number, col: number): Float32Array {
  const { grey, grid } = r;
  const { top, bottom, left, pitch } = grid.rows[row]!;
  const h = bottom - top;
  const x0 = left + (col - MARGIN_X) * pitch;
  const y0 = top - MARGIN_Y * h;
  const spanX = pitch * (1 + 2 * MARGIN_X);
  const spanY = h * (1 + 2 * MARGIN_Y);
  const out = new Float32Array(GLYPH_W * GLYPH_H);
  let min = 255;
  let max = 0;
  for (let py = 0; py < GLYPH_H; py++) {
    const fy = y0 + ((py + 0.5) / GLYPH_H) * spanY;
    const y = Math.min(grey.height - 1, Math.max(0, Math.round(fy)));
    for (let px = 0; px < GLYPH_W; px++) {
      const fx = x0 + ((px + 0.5) / GLYPH_W) * spanX;
      const x = Math.min(grey.width - 1, Math.max(0, Math.round(fx)));
      const v = grey.data[y * grey.width + x]!;
      out[py * GLYPH_W + px] = v;
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  const range = Math.max(MIN_RANGE, max - min);
  for (let i = 0; i < out.length; i++) out[i] = (max - out[i]!) / range;
  return out;
}
