// Reads a TD3 machine-readable zone following research/ocr.md: locate the two MRZ lines in a
// whole-page pass, crop tightly, OCR at three character sizes keeping each character's box, snap
// characters to the 44-column grid, turn K/L/C misreads of the `<` filler back into `<` by matching a
// filler template learned from the same image, vote per column across sizes, repair letter/digit
// confusions by field position, then parse with `mrz` (check digits verified there).
import { type ParseResult, parse } from "mrz";
import sharp from "sharp";
import type { OcrEngine, OcrLine, OcrResult } from "../ocr/ocr-engine.js";
import { computeCheckDigit, repairByPosition, TO_DIGIT } from "./mrz-repair.js";

export { computeCheckDigit, repairByPosition } from "./mrz-repair.js";

const COLUMNS = 44;
const MRZ_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<";
/** Line heights (px) to read at; research/ocr.md: 24–36 px per character reads best. */
const LINE_HEIGHTS = [26, 31, 36];
/** Misread fillers matched the `<` template at 0.87–0.97, real letters at ≤ 0.63 (research/ocr.md). */
const FILLER_MATCH = 0.8;

export interface MrzReading {
  lines: [string, string];
  parsed: ParseResult;
  /** Share of columns whose vote was unanimous across the three sizes, 0..1. */
  agreement: number;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A line of the whole-page pass that looks like an MRZ line (fillers possibly read as K/L/C). */
function looksLikeMrz(line: OcrLine): boolean {
  const text = line.text.replace(/\s+/g, "");
  if (text.length < 28) return false;
  const mrzish = [...text].filter((c) => MRZ_CHARS.includes(c)).length;
  return mrzish / text.length > 0.85 && /<|[KLC<]{6,}/.test(text);
}

export function findMrzLines(page: OcrResult): OcrLine[] {
  return page.lines.filter(looksLikeMrz).slice(-2);
}

function unionBox(boxes: Box[]): Box {
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.width));
  const y1 = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

interface Cell {
  char: string;
  confidence: number;
}

interface SizedReading {
  rows: Cell[][];
  /** Grey pixels of the scaled crop, for filler template matching. */
  grey: { data: Buffer; width: number; height: number };
  grid: { left: number; pitch: number; rows: { top: number; bottom: number }[] };
}

async function readAtSize(
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
    .png()
    .toBuffer();
  const result = await ocr.recognize(image, { psm: "block", whitelist: MRZ_CHARS, symbols: true });
  const lines = result.lines.filter((l) => l.text.replace(/\s/g, "").length >= 20).slice(-2);
  if (lines.length !== 2) return null;
  const symbolsOf = (l: OcrLine) => l.words.flatMap((w) => w.symbols ?? []);
  const all = lines.flatMap(symbolsOf);
  if (all.length === 0) return null;
  // Both printed lines start at column 0. The pitch is the median spacing of neighbouring characters:
  // the extent of the last glyph would skew a span-based pitch by half a cell at the far end.
  const centre = (s: { box: Box }) => s.box.x + s.box.width / 2;
  const first = Math.min(...all.map(centre));
  const rough = (Math.max(...all.map(centre)) - first) / (COLUMNS - 1);
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
  const pitch = gaps[Math.floor(gaps.length / 2)] ?? rough;
  const left = first - pitch / 2;
  const rows = lines.map((line) => {
    const cells: Cell[] = Array.from({ length: COLUMNS }, () => ({ char: "?", confidence: 0 }));
    for (const s of symbolsOf(line)) {
      const col = Math.min(COLUMNS - 1, Math.max(0, Math.floor((centre(s) - left) / pitch)));
      if (s.confidence > cells[col]!.confidence || cells[col]!.char === "?") {
        cells[col] = { char: s.text, confidence: s.confidence };
      }
    }
    return cells;
  });
  const rowBounds = lines.map((l) => ({ top: l.box.y, bottom: l.box.y + l.box.height }));
  return { rows, grey, grid: { left, pitch, rows: rowBounds } };
}

const PATCH_W = 10;
const PATCH_H = 14;

/** Cell pixels resampled to a small patch, zero-mean and unit-norm, for correlation. */
function cellPatch(r: SizedReading, row: number, col: number): Float64Array {
  const { grey, grid } = r;
  const x0 = grid.left + col * grid.pitch;
  const { top, bottom } = grid.rows[row]!;
  const out = new Float64Array(PATCH_W * PATCH_H);
  for (let py = 0; py < PATCH_H; py++) {
    for (let px = 0; px < PATCH_W; px++) {
      const x = Math.min(grey.width - 1, Math.max(0, Math.round(x0 + ((px + 0.5) / PATCH_W) * grid.pitch)));
      const y = Math.min(
        grey.height - 1,
        Math.max(0, Math.round(top + ((py + 0.5) / PATCH_H) * (bottom - top))),
      );
      out[py * PATCH_W + px] = grey.data[y * grey.width + x]!;
    }
  }
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

function correlate(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/** Replaces cells that look like the `<` glyph learned from confidently read fillers. */
function restoreFillers(r: SizedReading): void {
  const samples: Float64Array[] = [];
  r.rows.forEach((cells, row) => {
    cells.forEach((cell, col) => {
      if (cell.char === "<" && cell.confidence >= 60) samples.push(cellPatch(r, row, col));
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
      if (correlate(cellPatch(r, row, col), template) >= FILLER_MATCH)
        cells[col] = { char: "<", confidence: 90 };
    });
  });
}

function vote(readings: SizedReading[]): { lines: [string, string]; agreement: number } {
  let unanimous = 0;
  const lines = [0, 1].map((row) => {
    let text = "";
    for (let col = 0; col < COLUMNS; col++) {
      const tally = new Map<string, number>();
      for (const r of readings) {
        const cell = r.rows[row]![col]!;
        if (cell.char === "?") continue;
        tally.set(cell.char, (tally.get(cell.char) ?? 0) + 1 + cell.confidence / 1000);
      }
      const ranked = [...tally.entries()].sort((a, b) => b[1] - a[1]);
      if (ranked.length === 1 && Math.floor(ranked[0]![1]) === readings.length) unanimous++;
      text += ranked[0]?.[0] ?? "<";
    }
    return text;
  }) as [string, string];
  return { lines, agreement: unanimous / (2 * COLUMNS) };
}

/** TD3 line 2: [field start, field end (exclusive), check digit column]; the composite comes last. */
const CHECKED_FIELDS: [number, number, number][] = [
  [0, 9, 9],
  [13, 19, 19],
  [21, 27, 27],
  [28, 42, 42],
];

function compositeField(line2: string): string {
  return line2.slice(0, 10) + line2.slice(13, 20) + line2.slice(21, 43);
}

/**
 * Where the vote's check digit disagrees with its field but another size read a digit that agrees,
 * take that one: a tie-break among what was actually seen, never an invented digit.
 */
function settleCheckDigits(line2: string, readings: SizedReading[]): string {
  const seen = (col: number) =>
    new Set(readings.map((r) => TO_DIGIT[r.rows[1]![col]!.char] ?? r.rows[1]![col]!.char));
  const chars = [...line2];
  for (const [from, to, check] of CHECKED_FIELDS) {
    const field = chars.slice(from, to).join("");
    if (check === 42 && /^<+$/.test(field)) continue;
    const expected = computeCheckDigit(field);
    if (chars[check] !== expected && seen(check).has(expected)) chars[check] = expected;
  }
  const expected = computeCheckDigit(compositeField(chars.join("")));
  if (chars[43] !== expected && seen(43).has(expected)) chars[43] = expected;
  return chars.join("");
}

/**
 * Reads the MRZ from a prepared page and its whole-page OCR pass. Returns null when the page has no
 * MRZ-like lines or the zone cannot be read as two 44-column lines.
 */
export async function readMrz(ocr: OcrEngine, png: Buffer, page: OcrResult): Promise<MrzReading | null> {
  const found = findMrzLines(page);
  if (found.length === 0) return null;
  const meta = await sharp(png).metadata();
  const imgW = meta.width ?? 0;
  const imgH = meta.height ?? 0;
  const lineHeight = Math.max(...found.map((l) => l.box.height));
  const box = unionBox(found.map((l) => l.box));
  // One found line: the other is above it (line 1 carries the name) or below; take a band for both.
  const extraAbove = found.length === 1 ? lineHeight * 2.2 : 0;
  const x = Math.max(0, Math.round(box.x - lineHeight));
  const y = Math.max(0, Math.round(box.y - lineHeight * 0.7 - extraAbove));
  const region: Box = {
    x,
    y,
    width: Math.min(imgW - x, Math.round(box.width + lineHeight * 2)),
    height: Math.min(imgH - y, Math.round(box.height + lineHeight * 1.4 + extraAbove)),
  };
  const readings: SizedReading[] = [];
  for (const target of LINE_HEIGHTS) {
    const reading = await readAtSize(ocr, png, region, target / lineHeight);
    if (reading) {
      restoreFillers(reading);
      readings.push(reading);
    }
  }
  if (readings.length === 0) return null;
  const voted = vote(readings);
  const repaired = repairByPosition(voted.lines);
  const lines: [string, string] = [repaired[0], settleCheckDigits(repaired[1], readings)];
  const parsed = parse(lines, { autocorrect: true });
  return { lines, parsed, agreement: voted.agreement };
}
