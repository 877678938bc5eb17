// One OCR pass over a tight MRZ crop at one character size, snapped to the fixed-pitch column grid
// (research/ocr.md): every MRZ character sits in one cell of a `lines × columns` grid, so tesseract's
// character boxes are mapped to columns, and cells can be re-read from their pixels.
import sharp from "sharp";
import type { OcrEngine, OcrLine } from "../ocr/ocr-engine.js";

export const MRZ_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<";
/** Each format's line length; the grid snaps to the nearest. */
const LINE_LENGTHS = [30, 36, 44];

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Cell {
  char: string;
  confidence: number;
}

export interface GreyCrop {
  data: Buffer;
  width: number;
  height: number;
}

export interface SizedReading {
  rows: Cell[][];
  columns: number;
  grey: GreyCrop;
  grid: { left: number; pitch: number; rows: { top: number; bottom: number }[] };
}

const centre = (s: { box: Box }) => s.box.x + s.box.width / 2;
const symbolsOf = (l: OcrLine) => l.words.flatMap((w) => w.symbols ?? []);

/** Median spacing of neighbouring characters: the span of the last glyph would skew a span-based pitch. */
function medianPitch(lines: OcrLine[], rough: number): number {
  const gaps: number[] = [];
  for (const line of lines) {
    const cs = symbolsOf(line)
      .map(centre)
      .sort((a, b) => a - b);
    for (let i = 1; i < cs.length; i++) {
      const g = cs[i]! - cs[i - 1]!;
      if (g > rough * 0.7 && g < rough * 1.4) gaps.push(g);
    }
  }
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)] ?? rough;
}

/**
 * Reads the crop scaled by `scale`. `expectRows` (2 or 3) when known; otherwise three rows are taken
 * when the grid is 30 columns wide (TD1), two otherwise.
 */
export async function readAtSize(
  ocr: OcrEngine,
  png: Buffer,
  region: Box,
  scale: number,
): Promise<SizedReading | null> {
  const scaled = await sharp(png)
    .extract({ left: region.x, top: region.y, width: region.width, height: region.height })
    .resize({ width: Math.round(region.width * scale) })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grey = { data: scaled.data, width: scaled.info.width, height: scaled.info.height };
  const image = await sharp(scaled.data, { raw: { width: grey.width, height: grey.height, channels: 1 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const result = await ocr.recognize(image, { psm: "block", whitelist: MRZ_CHARS, symbols: true });
  const candidates = result.lines.filter((l) => l.text.replace(/\s/g, "").length >= 18);
  if (candidates.length < 2) return null;
  const tail = candidates.slice(-3);
  const all = tail.flatMap(symbolsOf);
  if (all.length === 0) return null;
  const first = Math.min(...all.map(centre));
  const last = Math.max(...all.map(centre));
  const longest = Math.max(...tail.map((l) => l.text.replace(/\s/g, "").length));
  const pitch = medianPitch(tail, (last - first) / Math.max(1, longest - 1));
  const span = Math.round((last - first) / pitch) + 1;
  const columns = LINE_LENGTHS.reduce((best, n) => (Math.abs(n - span) < Math.abs(best - span) ? n : best));
  if (Math.abs(columns - span) > 4) return null;
  const lines = columns === 30 && candidates.length >= 3 ? tail : candidates.slice(-2);
  const left = first - pitch / 2;
  const rows = lines.map((line) => {
    const cells: Cell[] = Array.from({ length: columns }, () => ({ char: "?", confidence: 0 }));
    for (const s of symbolsOf(line)) {
      const col = Math.min(columns - 1, Math.max(0, Math.floor((centre(s) - left) / pitch)));
      if (s.confidence > cells[col]!.confidence || cells[col]!.char === "?") {
        cells[col] = { char: s.text, confidence: s.confidence };
      }
    }
    return cells;
  });
  const rowBounds = lines.map((l) => ({ top: l.box.y, bottom: l.box.y + l.box.height }));
  return { rows, columns, grey, grid: { left, pitch, rows: rowBounds } };
}

/** The pixels of one cell, resampled to `w × h`, in the cell's own coordinates. */
export function cellPixels(r: SizedReading, row: number, col: number, w: number, h: number): Float64Array {
  const { grey, grid } = r;
  const x0 = grid.left + col * grid.pitch;
  const { top, bottom } = grid.rows[row]!;
  const out = new Float64Array(w * h);
  for (let py = 0; py < h; py++) {
    const y = Math.min(grey.height - 1, Math.max(0, Math.round(top + ((py + 0.5) / h) * (bottom - top))));
    for (let px = 0; px < w; px++) {
      const x = Math.min(grey.width - 1, Math.max(0, Math.round(x0 + ((px + 0.5) / w) * grid.pitch)));
      out[py * w + px] = grey.data[y * grey.width + x]!;
    }
  }
  return out;
}

/** Zero-mean, unit-norm copy, for correlation. */
export function normalise(values: Float64Array): Float64Array {
  const out = Float64Array.from(values);
  const mean = out.reduce((a, b) => a + b, 0) / out.length;
  let norm = 0;
  for (let i = 0; i < out.length; i++) {
    out[i]! -= mean;
    norm += out[i]! ** 2;
  }
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < out.length; i++) out[i]! /= norm;
  return out;
}

const PATCH_W = 10;
const PATCH_H = 14;
/** Misread fillers matched the `<` template at 0.87–0.97, real letters at ≤ 0.63 (research/ocr.md). */
const FILLER_MATCH = 0.8;

function correlate(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/** Replaces cells that look like the `<` glyph learned from confidently read fillers of the same image. */
export function restoreFillers(r: SizedReading): void {
  const patch = (row: number, col: number) => normalise(cellPixels(r, row, col, PATCH_W, PATCH_H));
  const samples: Float64Array[] = [];
  r.rows.forEach((cells, row) => {
    cells.forEach((cell, col) => {
      if (cell.char === "<" && cell.confidence >= 60) samples.push(patch(row, col));
    });
  });
  if (samples.length < 3) return;
  const template = new Float64Array(PATCH_W * PATCH_H);
  for (const s of samples) for (let i = 0; i < s.length; i++) template[i]! += s[i]! / samples.length;
  const norm = Math.sqrt(template.reduce((a, b) => a + b * b, 0)) || 1;
  for (let i = 0; i < template.length; i++) template[i]! /= norm;
  r.rows.forEach((cells, row) => {
    cells.forEach((cell, col) => {
      if (cell.char === "<") return;
      if (correlate(patch(row, col), template) >= FILLER_MATCH) cells[col] = { char: "<", confidence: 90 };
    });
  });
}
