// A grid for a straightened MRZ strip found from its ink alone, for print tesseract makes garbage of
// (thin or faded OCR-B over dark security print): the zone's rows are the bands where strokes stand, and
// each row's fixed pitch is the strongest period of its column profile (OCR-B is monospaced, so the gaps
// between glyphs repeat at the pitch whatever the characters are). Tesseract then reads each row on its
// own and its symbols are snapped to that grid; the reader votes them with the glyph classifier, repairs
// them and judges their check digits like any other reading.
import sharp from "sharp";
import type { OcrBox, OcrEngine, OcrSymbol } from "../ocr/ocr-engine.js";
import { type GreyCrop, type GridRow, MRZ_CHARS, type SizedReading, snapToGrid } from "./mrz-grid.js";
import { blackHat } from "./mrz-locate.js";

/** Line lengths by the number of rows the locator found: three rows are a TD1 card. */
const LENGTHS: Record<number, number[]> = { 2: [36, 44], 3: [30] };
/** Share of the strip's strongest scan line (stroke sum) above which a scan line belongs to a row. */
const ROW_LEVEL = 0.4;

interface Profile {
  values: Float64Array;
  width: number;
  height: number;
}

/** Stroke strength per pixel (black-hat share, clipped), as in mrz-strokes.ts. */
function strokes(grey: { data: Uint8Array; width: number; height: number }, lineHeight: number): Profile {
  const hat = blackHat(grey, Math.max(3, Math.round(lineHeight / 7)));
  const values = new Float64Array(hat.length);
  for (let i = 0; i < hat.length; i++) values[i] = Math.min(1, Math.max(0, hat[i]! - 0.08));
  return { values, width: grey.width, height: grey.height };
}

function smooth(values: Float64Array, radius: number): Float64Array {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    let sum = 0;
    let n = 0;
    for (let k = Math.max(0, i - radius); k <= Math.min(values.length - 1, i + radius); k++) {
      sum += values[k]!;
      n++;
    }
    out[i] = sum / n;
  }
  return out;
}

interface Band {
  top: number;
  bottom: number;
  ink: number;
}

/**
 * The zone's rows: runs of scan lines whose stroke sum passes a share of the strongest, about a character
 * tall; of those, the `count` neighbours holding the most ink (a line of smaller print above the zone
 * holds less, and is shorter).
 */
function rowBands(p: Profile, count: number, lineHeight: number): Band[] | null {
  const rows = new Float64Array(p.height);
  for (let y = 0; y < p.height; y++) {
    let sum = 0;
    for (let x = 0; x < p.width; x++) sum += p.values[y * p.width + x]!;
    rows[y] = sum;
  }
  const level = smooth(rows, Math.max(1, Math.round(lineHeight / 10)));
  const peak = Math.max(...level);
  const bands: Band[] = [];
  let start = -1;
  for (let y = 0; y <= p.height; y++) {
    const on = y < p.height && level[y]! >= ROW_LEVEL * peak;
    if (on && start < 0) start = y;
    if (!on && start >= 0) {
      const height = y - start;
      if (height >= lineHeight * 0.5 && height <= lineHeight * 1.8) {
        let ink = 0;
        for (let k = start; k < y; k++) ink += rows[k]!;
        bands.push({ top: start, bottom: y, ink });
      }
      start = -1;
    }
  }
  let best: Band[] | null = null;
  for (let i = 0; i + count <= bands.length; i++) {
    const group = bands.slice(i, i + count);
    if (!best || group.reduce((s, b) => s + b.ink, 0) > best.reduce((s, b) => s + b.ink, 0)) best = group;
  }
  return best;
}

/** The span of a band's strokes and its column profile. */
interface RowSpan {
  band: Band;
  columns: Float64Array;
  first: number;
  last: number;
}

function rowSpan(p: Profile, band: Band): RowSpan | null {
  const columns = new Float64Array(p.width);
  for (let y = band.top; y < band.bottom; y++)
    for (let x = 0; x < p.width; x++) columns[x]! += p.values[y * p.width + x]!;
  const sorted = Float64Array.from(columns).sort();
  const floor = sorted[Math.floor(sorted.length * 0.1)]!;
  const high = sorted[Math.floor(sorted.length * 0.9)]!;
  const coarse = smooth(columns, Math.round((band.bottom - band.top) * 0.6));
  let first = -1;
  let last = -1;
  for (let x = 0; x < p.width; x++) {
    if (coarse[x]! < floor + 0.3 * (high - floor)) continue;
    if (first < 0) first = x;
    last = x;
  }
  return first < 0 || last - first < 10 ? null : { band, columns, first, last };
}

/**
 * A row's grid for a line length: the pitch whose period the column profile shows most strongly (the
 * magnitude of its Fourier component, searched within 6 % of the pitch the span implies), and the phase
 * of that component, which puts the gaps between glyphs on the cell edges.
 */
function rowGrid(s: RowSpan, length: number): { grid: GridRow; strength: number } {
  const implied = (s.last - s.first) / length;
  let best = { strength: -1, pitch: implied, phase: 0 };
  for (let step = -12; step <= 12; step++) {
    const pitch = implied * (1 + step * 0.005);
    let re = 0;
    let im = 0;
    for (let x = s.first; x <= s.last; x++) {
      const angle = (2 * Math.PI * x) / pitch;
      re += s.columns[x]! * Math.cos(angle);
      im += s.columns[x]! * Math.sin(angle);
    }
    const strength = Math.hypot(re, im);
    if (strength > best.strength) best = { strength, pitch, phase: Math.atan2(im, re) };
  }
  // The component peaks at glyph centres (angle ≡ phase), so cell edges fall half a pitch either side.
  // Which glyph is the first: near the span's start, the cell-aligned window of `length` cells that holds
  // the most ink (a faint first glyph can leave the span's start a cell late; beyond the zone's ends only
  // security print stands).
  const centre0 = (best.phase / (2 * Math.PI)) * best.pitch;
  const k0 = Math.round((s.first + best.pitch / 2 - centre0) / best.pitch);
  const inked = (left: number) => {
    let sum = 0;
    const from = Math.max(0, Math.round(left));
    const to = Math.min(s.columns.length, Math.round(left + length * best.pitch));
    for (let x = from; x < to; x++) sum += s.columns[x]!;
    return sum;
  };
  let left = centre0 + k0 * best.pitch - best.pitch / 2;
  for (const k of [k0 - 1, k0 + 1]) {
    const other = centre0 + k * best.pitch - best.pitch / 2;
    if (inked(other) > inked(left)) left = other;
  }
  return {
    grid: { top: s.band.top, bottom: s.band.bottom, left, pitch: best.pitch },
    strength: best.strength,
  };
}

/** A zone's grid found from the strip's ink: one grid row per line, all of one line length. */
export interface InkGrid {
  grey: GreyCrop;
  rows: GridRow[];
  columns: number;
}

/** The strip's grid from its ink alone (see the head of this file); null when no rows or pitch are found. */
export async function findInkGrid(
  png: Buffer,
  rowCount: number,
  lineHeight: number,
): Promise<InkGrid | null> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const grey = { data, width: info.width, height: info.height };
  const profile = strokes(
    {
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
      width: info.width,
      height: info.height,
    },
    lineHeight,
  );
  const count = rowCount === 3 ? 3 : 2;
  const bands = rowBands(profile, count, lineHeight);
  const spans = bands?.map((b) => rowSpan(profile, b));
  if (!spans || spans.some((sp) => !sp)) return null;
  // The rows of a zone share one line length: the one whose period all rows together show most strongly.
  let best: { strength: number; rows: GridRow[]; columns: number } | null = null;
  for (const length of LENGTHS[count]!) {
    const fits = (spans as RowSpan[]).map((sp) => rowGrid(sp, length));
    const strength = fits.reduce((sum, f) => sum + f.strength, 0);
    if (!best || strength > best.strength)
      best = { strength, rows: fits.map((f) => f.grid), columns: length };
  }
  return best && { grey, rows: best.rows, columns: best.columns };
}

/** White margin around a row crop: tesseract garbles a glyph touching the image's edge. */
const ROW_PAD = 12;

/**
 * Each row of an ink grid read by tesseract as one line (a row at a time, so lines of print above the
 * zone and the security print between rows cannot merge rows or steal symbols), at `lineHeight` px per
 * character, its symbols snapped to the row's cells: a reading the reader votes like any other.
 */
export async function readInkRows(
  ocr: OcrEngine,
  png: Buffer,
  grid: InkGrid,
  lineHeight: number,
): Promise<SizedReading> {
  const symbols: OcrSymbol[][] = [];
  for (const row of grid.rows) {
    const h = row.bottom - row.top;
    const top = Math.max(0, Math.round(row.top - 0.35 * h));
    const bottom = Math.min(grid.grey.height, Math.round(row.bottom + 0.35 * h));
    const scale = lineHeight / h;
    const crop = await sharp(png)
      .extract({ left: 0, top, width: grid.grey.width, height: bottom - top })
      .resize({ width: Math.round(grid.grey.width * scale) })
      .extend({ top: ROW_PAD, bottom: ROW_PAD, left: ROW_PAD, right: ROW_PAD, background: "#ffffff" })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const read = await ocr.recognize(crop, { psm: "line", whitelist: MRZ_CHARS, symbols: true });
    const back = (b: OcrBox): OcrBox => ({
      x: (b.x - ROW_PAD) / scale,
      y: top + (b.y - ROW_PAD) / scale,
      width: b.width / scale,
      height: b.height / scale,
    });
    symbols.push(
      read.lines
        .flatMap((l) => l.words.flatMap((w) => w.symbols ?? []))
        .map((sym) => ({ ...sym, box: back(sym.box) })),
    );
  }
  return {
    rows: grid.rows.map((row, i) => snapToGrid(symbols[i]!, row, grid.columns)),
    columns: grid.columns,
    grey: grid.grey,
    grid: { left: grid.rows[0]!.left, pitch: grid.rows[0]!.pitch, rows: grid.rows },
    symbols,
  };
}
