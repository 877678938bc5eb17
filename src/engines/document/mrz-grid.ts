// One OCR pass over a tight MRZ crop at one character size, snapped to the fixed-pitch column grid
// (research/ocr.md): every MRZ character sits in one cell of a `lines × columns` grid, so tesseract's
// character boxes are mapped to columns, and cells can be re-read from their pixels.
import sharp from "sharp";
import type { OcrEngine, OcrLine, OcrSymbol } from "../ocr/ocr-engine.js";

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
  /** The zone's grid; a row read end to end carries its own left edge and pitch. */
  grid: { left: number; pitch: number; rows: GridRow[] };
  /** Tesseract's symbols of each row (its cells are these snapped to the row's grid). */
  symbols: OcrSymbol[][];
}

export interface GridRow {
  top: number;
  bottom: number;
  left: number;
  pitch: number;
}

const centre = (s: { box: Box }) => s.box.x + s.box.width / 2;
const symbolsOf = (l: OcrLine) => l.words.flatMap((w) => w.symbols ?? []);

/** Median spacing of neighbouring characters: the span of the last glyph would skew a span-based pitch. */
function medianPitch(rows: ZoneRow[], rough: number): number {
  const gaps: number[] = [];
  for (const row of rows) {
    const cs = row.symbols.map(centre).sort((a, b) => a - b);
    for (let i = 1; i < cs.length; i++) {
      const g = cs[i]! - cs[i - 1]!;
      if (g > rough * 0.7 && g < rough * 1.4) gaps.push(g);
    }
  }
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)] ?? rough;
}

interface ZoneRow {
  symbols: OcrSymbol[];
  top: number;
  bottom: number;
}

const shift = (b: Box, d: number): Box => ({ ...b, x: b.x - d, y: b.y - d });

/** A line read on the padded strip, in the strip's own coordinates. */
function unpad(line: OcrLine, pad: number): OcrLine {
  return {
    ...line,
    box: shift(line.box, pad),
    words: line.words.map((w) => ({
      ...w,
      box: shift(w.box, pad),
      ...(w.symbols ? { symbols: w.symbols.map((sym) => ({ ...sym, box: shift(sym.box, pad) })) } : {}),
    })),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * A read line as a row of the zone: its band is where its letters and digits stand (fillers are
 * shorter; tesseract's line box may take in print just above the zone), and only the symbols centred
 * in that band belong to it.
 */
function zoneRow(line: OcrLine): ZoneRow | null {
  const symbols = symbolsOf(line);
  const tall = symbols.filter((s) => s.text !== "<");
  const basis = tall.length >= 3 ? tall : symbols;
  if (basis.length === 0) return null;
  const top = median(basis.map((s) => s.box.y));
  const bottom = median(basis.map((s) => s.box.y + s.box.height));
  const h = Math.max(1, bottom - top);
  const inBand = symbols.filter((s) => {
    const c = s.box.y + s.box.height / 2;
    return c > top - h * 0.25 && c < bottom + h * 0.25;
  });
  return { symbols: inBand, top, bottom };
}

/**
 * The zone's own rows among those read: MRZ lines are equally tall, so a line of smaller print just
 * above the zone (signature, address, remarks) or a streak at the crop's edge is not one of them, and
 * would otherwise pull the grid's first column and pitch off.
 */
function zoneRows(lines: OcrLine[]): ZoneRow[] {
  const rows = lines.map(zoneRow).filter((r): r is ZoneRow => r !== null && r.symbols.length >= 18);
  if (rows.length <= 2) return rows;
  const heights = rows.map((r) => r.bottom - r.top).sort((a, b) => a - b);
  // The tallest two agree on the zone's height: another row of the zone is at least 70 % of it.
  const typical = heights[heights.length - 2]!;
  const height = (r: ZoneRow) => r.bottom - r.top;
  const kept = rows.filter((r) => height(r) >= typical * 0.7 && height(r) <= typical * 1.6);
  if (kept.length < 2 || kept.length === rows.length) return kept;
  // A zone row whose letters took in print cut by the crop just above them (a remarks line touching the
  // zone's first row) is too tall only upwards: its bottom stands one row pitch above the next row's, as
  // the kept rows' bottoms do. It keeps its place, cut to the zone's height (development: the ICAO TD1
  // specimen's first row, 62 px tall beside rows of 33–37, lost and the card not read).
  const pitch = median(kept.slice(1).map((r, i) => r.bottom - kept[i]!.bottom));
  return rows.flatMap((r) => {
    if (kept.includes(r)) return [r];
    const below = kept.find((k) => k.bottom > r.bottom);
    const upward =
      height(r) > typical * 1.6 && below && Math.abs(below.bottom - r.bottom - pitch) <= pitch * 0.15;
    return upward ? [{ ...r, top: r.bottom - typical }] : [];
  });
}

/**
 * Reads the crop scaled by `scale`. `expectRows` (2 or 3, from the locator) when known; three rows are
 * taken when the grid is 30 columns wide (TD1), two otherwise.
 */
export async function readAtSize(
  ocr: OcrEngine,
  png: Buffer,
  region: Box,
  scale: number,
  expectRows?: number,
): Promise<SizedReading | null> {
  const scaled = await sharp(png)
    .extract({ left: region.x, top: region.y, width: region.width, height: region.height })
    .resize({ width: Math.round(region.width * scale) })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grey = { data: scaled.data, width: scaled.info.width, height: scaled.info.height };
  // White margins around the strip: tesseract garbles a character that touches the image's edge (the
  // final check digit of a zone cropped close to it read as Y or S).
  const pad = Math.round(grey.height * 0.25) + 8;
  const image = await sharp(scaled.data, { raw: { width: grey.width, height: grey.height, channels: 1 } })
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 255, g: 255, b: 255 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const result = await ocr.recognize(image, { psm: "block", whitelist: MRZ_CHARS, symbols: true });
  const lines = result.lines.map((l) => unpad(l, pad));
  const candidates = zoneRows(lines.filter((l) => l.text.replace(/\s/g, "").length >= 18));
  if (candidates.length < 2) return null;
  const tail = candidates.slice(-3);
  const all = tail.flatMap((r) => r.symbols);
  if (all.length === 0) return null;
  const first = Math.min(...all.map(centre));
  const last = Math.max(...all.map(centre));
  // Each possible line length gives a rough pitch; the neighbour spacing near it says which one the zone
  // has (counting symbols would not: tesseract splits a blurred glyph in two or drops one). Three rows
  // located: a TD1 card.
  const fit = (lengths: number[]) => {
    let best = { pitch: 0, columns: 0, miss: Infinity };
    for (const n of lengths) {
      const p = medianPitch(tail, (last - first) / (n - 1));
      const miss = Math.abs((last - first) / p + 1 - n);
      if (miss < best.miss) best = { pitch: p, columns: n, miss };
    }
    return best;
  };
  let grid = fit(expectRows === 3 ? [30] : expectRows === 2 ? [36, 44] : LINE_LENGTHS);
  // A line of other print located with the zone can make the row count wrong: then every length.
  if (grid.miss > 1.5 && expectRows) grid = fit(LINE_LENGTHS);
  const { pitch, columns, miss } = grid;
  if (miss > 4) return null;
  const zone = columns === 30 && candidates.length >= 3 ? tail : candidates.slice(-2);
  // Tesseract's boxes at a line's start are loose (the first glyph's box takes in the margin), so the
  // grid's phase comes from every symbol: the median offset from the cells the pitch puts them in.
  // Which cell is the first: a stray symbol beyond a line's end (a doubled first letter) would shift
  // every column; the grid, moved by a whole cell either way, that covers the most cells wins.
  const phased = rephase(all, first - pitch / 2, pitch);
  const covered = (l: number) =>
    tail.reduce((sum, row) => {
      const hit = new Set<number>();
      for (const sym of row.symbols) {
        const k = Math.floor((centre(sym) - l) / pitch);
        if (k >= 0 && k < columns) hit.add(k);
      }
      return sum + hit.size;
    }, 0);
  let left = phased;
  for (const shift of [1, -1])
    if (covered(phased + shift * pitch) > covered(left)) left = phased + shift * pitch;
  // Every line of a zone starts in the first column and ends in the last, but what straightening left
  // of perspective may shift and stretch rows a little: each row gets its own grid.
  const grids = zone.map((row) => fitRowGrid(row.symbols, left, pitch, columns));
  const rows = zone.map((line, i) => snapToGrid(line.symbols, grids[i]!, columns));
  const rowBounds = zone.map((l, i) => ({ top: l.top, bottom: l.bottom, ...grids[i]! }));
  return {
    rows,
    columns,
    grey,
    grid: { left, pitch, rows: rowBounds },
    symbols: zone.map((l) => l.symbols),
  };
}

/**
 * The reading with row `row`'s grid moved by `shift` whole cells (positive: the grid starts `shift` cells
 * further left, so what was read in column k moves to column k + shift), its symbols snapped again and
 * its fillers restored: what tesseract and the glyph classifier see when a row's first column was off.
 */
export function shiftRowGrid(r: SizedReading, row: number, shift: number): SizedReading {
  const g = r.grid.rows[row]!;
  const moved = { ...g, left: g.left - shift * g.pitch };
  const rows = r.rows.map((cells) => cells.map((c) => ({ ...c })));
  rows[row] = snapToGrid(r.symbols[row] ?? [], moved, r.columns);
  const gridRows = r.grid.rows.map((gr, i) => (i === row ? moved : gr));
  const out: SizedReading = { ...r, rows, grid: { ...r.grid, rows: gridRows } };
  restoreFillers(out);
  return out;
}

/**
 * Whether tesseract read a glyph of row `row` beyond its grid's last cell (`snapToGrid` puts it in the
 * last cell): with the first cell empty, the row's grid is a cell short of where the row stands.
 */
export function runsPastRowEnd(r: SizedReading, row: number): boolean {
  const g = r.grid.rows[row];
  if (!g) return false;
  const end = g.left + r.columns * g.pitch;
  return (r.symbols[row] ?? []).some((s) => centre(s) >= end);
}

/** The grid's left edge moved by the median offset of the symbols from the centres of their cells. */
function rephase(symbols: OcrSymbol[], l: number, p: number): number {
  const offsets = symbols.map((sym) => {
    const t = (centre(sym) - l) / p - 0.5;
    return t - Math.round(t);
  });
  return l + median(offsets) * p;
}

/** Symbols whose centres fall within `tolerance` cells of a cell centre, as [cell, centre]. */
function onGrid(symbols: OcrSymbol[], l: number, p: number, columns: number, tolerance: number) {
  const pairs: [number, number][] = [];
  for (const sym of symbols) {
    const t = (centre(sym) - l) / p - 0.5;
    const k = Math.round(t);
    if (k >= 0 && k < columns && Math.abs(t - k) < tolerance) pairs.push([k + 0.5, centre(sym)]);
  }
  return pairs;
}

/** A row's pitch may differ from the zone's by this share (straightening leaves a little perspective). */
const ROW_STRETCH = 0.04;

/**
 * A row's own grid near the zone's (`left`, `pitch`): what straightening left of perspective may shift and
 * stretch a row a little. The row's pitch is searched first: a row whose pitch is off by 2–3 % drifts a
 * whole cell over 44 columns, so from the zone's pitch only its near half sits on the grid and a fit
 * to those symbols alone keeps the drift; the pitch that puts most symbols near their cells' centres
 * wins, then a least-squares fit of the symbols' centres to their cells, kept when it stays near the
 * zone's.
 */
export function fitRowGrid(
  symbols: OcrSymbol[],
  left: number,
  pitch: number,
  columns: number,
): { left: number; pitch: number } {
  let l = rephase(symbols, left, pitch);
  let p = pitch;
  const start = l;
  // Loose boxes leave a few symbols off any grid: another pitch must put clearly more of them on it, with
  // the row's start where it was (a grid half a cell off would merge the first two characters).
  let hits = onGrid(symbols, l, p, columns, 0.25).length + Math.ceil(columns / 8);
  for (let step = 1; step <= 8; step++) {
    for (const sign of [1, -1]) {
      const tryP = pitch * (1 + (sign * step * ROW_STRETCH) / 8);
      const tryL = rephase(symbols, left, tryP);
      const tryHits = onGrid(symbols, tryL, tryP, columns, 0.25).length;
      if (tryHits >= hits && Math.abs(tryL - start) < 0.3 * tryP) {
        hits = tryHits + 1;
        l = tryL;
        p = tryP;
      }
    }
  }
  for (let round = 0; round < 2; round++) {
    const pairs = onGrid(symbols, l, p, columns, 0.3);
    if (pairs.length < columns / 2) break;
    const mk = pairs.reduce((a, [k]) => a + k, 0) / pairs.length;
    const mc = pairs.reduce((a, [, c]) => a + c, 0) / pairs.length;
    let cov = 0;
    let v = 0;
    for (const [k, c] of pairs) {
      cov += (k - mk) * (c - mc);
      v += (k - mk) ** 2;
    }
    if (v === 0) break;
    p = cov / v;
    l = mc - p * mk;
  }
  return Math.abs(p - pitch) <= pitch * ROW_STRETCH && Math.abs(l - left) < pitch * 0.6
    ? { left: l, pitch: p }
    : { left, pitch };
}

/** Symbols snapped to a row's grid: each cell keeps its surest symbol; ones beyond an end go to it. */
export function snapToGrid(
  symbols: OcrSymbol[],
  g: { left: number; pitch: number },
  columns: number,
): Cell[] {
  const cells: Cell[] = Array.from({ length: columns }, () => ({ char: "?", confidence: 0 }));
  for (const s of symbols) {
    const col = Math.min(columns - 1, Math.max(0, Math.floor((centre(s) - g.left) / g.pitch)));
    if (s.confidence > cells[col]!.confidence || cells[col]!.char === "?") {
      cells[col] = { char: s.text, confidence: s.confidence };
    }
  }
  return cells;
}

/** The pixels of one cell, resampled to `w × h`, in the cell's own coordinates. */
export function cellPixels(r: SizedReading, row: number, col: number, w: number, h: number): Float64Array {
  const { grey, grid } = r;
  const { top, bottom, left, pitch } = grid.rows[row]!;
  const x0 = left + col * pitch;
  const out = new Float64Array(w * h);
  for (let py = 0; py < h; py++) {
    const y = Math.min(grey.height - 1, Math.max(0, Math.round(top + ((py + 0.5) / h) * (bottom - top))));
    for (let px = 0; px < w; px++) {
      const x = Math.min(grey.width - 1, Math.max(0, Math.round(x0 + ((px + 0.5) / w) * pitch)));
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
