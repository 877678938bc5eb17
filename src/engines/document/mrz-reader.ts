// Reads a machine-readable zone of any format (TD1, TD2, TD3, MRV-A, MRV-B, French ID) following
// research/ocr.md: locate the MRZ lines in a whole-page pass, crop tightly, OCR at three character
// sizes keeping each character's box, snap characters to the column grid, turn misread fillers back
// into `<`, vote per cell across sizes (the OCR-B glyph classifier votes too), repair letter/digit
// confusions by field, settle failing check digits among what was seen, then parse.
import sharp from "sharp";
import type { OcrEngine, OcrLine, OcrResult } from "../ocr/ocr-engine.js";
import { type MrzReadResult, readMrzFields } from "./mrz-fields.js";
import { classifyCells, type GlyphCell } from "./mrz-glyphs/classify-cells.js";
import { type Box, MRZ_CHARS, readAtSize, restoreFillers, type SizedReading } from "./mrz-grid.js";
import type { LocatedMrz } from "./mrz-locate.js";
import {
  namesKnownCountry,
  repairLines,
  settleCheckDigits,
  settleChecks,
  settleCountryCodes,
  settleOutOfClass,
} from "./mrz-repair.js";

/** Line heights (px) to read at; research/ocr.md: 24–36 px per character reads best. */
const LINE_HEIGHTS = [26, 31, 36];

export interface MrzReading extends MrzReadResult {
  /** Share of cells whose vote was unanimous across readings, 0..1. */
  agreement: number;
}

/** A line of the whole-page pass that looks like an MRZ line (fillers possibly read as K/L/C). */
function looksLikeMrz(line: OcrLine): boolean {
  const text = line.text.replace(/\s+/g, "");
  if (text.length < 24) return false;
  const mrzish = [...text].filter((c) => MRZ_CHARS.includes(c)).length;
  return mrzish / text.length > 0.8 && /<|[KLC<]{5,}/.test(text);
}

/** The MRZ lines of a page: the last MRZ-like line and up to two more just above it. */
export function findMrzLines(page: OcrResult): OcrLine[] {
  const candidates = page.lines.filter(looksLikeMrz);
  const last = candidates.at(-1);
  if (!last) return [];
  const group = [last];
  for (let i = candidates.length - 2; i >= 0 && group.length < 3; i--) {
    const above = candidates[i]!;
    const gap = group[0]!.box.y - (above.box.y + above.box.height);
    if (gap > last.box.height * 2.5) break;
    group.unshift(above);
  }
  return group;
}

function unionBox(boxes: Box[]): Box {
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.width));
  const y1 = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

interface Tally {
  lines: string[];
  agreement: number;
  alternatives: (row: number, col: number) => string[];
}

/** Above this the classifier's `<` outweighs any number of K/L/C reads: the glyphs look nothing alike. */
const SURE_FILLER = 0.9;

function vote(readings: SizedReading[], glyphs: GlyphCell[][] | null): Tally {
  const rowCount = Math.min(...readings.map((r) => r.rows.length));
  const columns = readings[0]!.columns;
  let unanimous = 0;
  const seen = new Map<string, Set<string>>();
  const lines: string[] = [];
  for (let row = 0; row < rowCount; row++) {
    let text = "";
    for (let col = 0; col < columns; col++) {
      const tally = new Map<string, number>();
      for (const r of readings) {
        const cell = r.rows[row]![col]!;
        if (cell.char === "?") continue;
        tally.set(cell.char, (tally.get(cell.char) ?? 0) + 1 + cell.confidence / 1000);
      }
      // The glyph classifier was trained on OCR-B itself: it counts as much as two sizes.
      const glyph = glyphs?.[row]?.[col]?.vote;
      if (glyph) {
        // Only over K/L/C: a sure `<` where tesseract saw another letter is more likely a grid slip.
        const onlyFillerLike = [...tally.keys()].every((c) => "KLC<".includes(c));
        const fillerVeto = glyph.char === "<" && glyph.probability >= SURE_FILLER && onlyFillerLike;
        tally.set(glyph.char, (tally.get(glyph.char) ?? 0) + (fillerVeto ? 10 : 1.5));
      }
      const ranked = [...tally.entries()].sort((a, b) => b[1] - a[1]);
      if (ranked.length === 1) unanimous++;
      seen.set(`${row}:${col}`, new Set(ranked.map(([c]) => c)));
      text += ranked[0]?.[0] ?? "<";
    }
    lines.push(text);
  }
  return {
    lines,
    agreement: unanimous / (rowCount * columns),
    alternatives: (row, col) => [...(seen.get(`${row}:${col}`) ?? [])],
  };
}

/**
 * Reads the region at the three sizes (reusing `done`, sizes already read); only the sizes that agree on
 * the grid's shape are kept.
 */
async function readSizes(
  ocr: OcrEngine,
  png: Buffer,
  region: Box,
  lineHeight: number,
  done: Map<number, SizedReading | null> = new Map(),
  expectRows?: number,
): Promise<SizedReading[]> {
  const readings: SizedReading[] = [];
  for (const target of LINE_HEIGHTS) {
    const reading = done.has(target)
      ? done.get(target)!
      : await readAtSize(ocr, png, region, target / lineHeight, expectRows);
    if (reading) {
      restoreFillers(reading);
      readings.push(reading);
    }
  }
  const shape = (r: SizedReading) => `${r.rows.length}x${r.columns}`;
  const counts = new Map<string, number>();
  for (const r of readings) counts.set(shape(r), (counts.get(shape(r)) ?? 0) + 1);
  const best = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  return readings.filter((r) => shape(r) === best);
}

/**
 * The MRZ grid read at each character size, from a prepared page and its whole-page OCR pass: only the
 * sizes that agree on the grid's shape (rows × columns). Empty when the page shows no MRZ-like lines.
 */
export async function readMrzGrids(ocr: OcrEngine, png: Buffer, page: OcrResult): Promise<SizedReading[]> {
  const found = findMrzLines(page);
  if (found.length === 0) return [];
  const meta = await sharp(png).metadata();
  const imgW = meta.width ?? 0;
  const imgH = meta.height ?? 0;
  const lineHeight = Math.max(...found.map((l) => l.box.height));
  const box = unionBox(found.map((l) => l.box));
  // One found line: the other(s) may be above it (line 1 carries the name); take a band for them.
  const extraAbove = found.length === 1 ? lineHeight * 2.2 : 0;
  const x = Math.max(0, Math.round(box.x - lineHeight));
  const y = Math.max(0, Math.round(box.y - lineHeight * 0.7 - extraAbove));
  const region: Box = {
    x,
    y,
    width: Math.min(imgW - x, Math.round(box.width + lineHeight * 2)),
    height: Math.min(imgH - y, Math.round(box.height + lineHeight * 1.4 + extraAbove)),
  };
  return readSizes(ocr, png, region, lineHeight);
}

/**
 * How much a reading looks like an upright MRZ: tesseract's mean confidence plus the fillers it saw.
 * Upside down, `<` turns into `>`, which the whitelist lacks, so a flipped zone shows almost no fillers
 * even when tesseract is confident about its (wrong) letters.
 */
function uprightScore(r: SizedReading | null): number {
  if (!r) return 0;
  const cells = r.rows.flat().filter((c) => c.char !== "?");
  const confidence = cells.reduce((s, c) => s + c.confidence, 0) / Math.max(1, cells.length);
  const fillers = cells.filter((c) => c.char === "<").length;
  return confidence + 3 * Math.min(fillers, 20);
}

/**
 * The MRZ grids of a straightened zone (mrz-locate.ts). The zone may be upside down: one size is read
 * both ways up and the way tesseract is surer of is kept.
 */
export async function readLocatedGrids(ocr: OcrEngine, located: LocatedMrz): Promise<SizedReading[]> {
  const meta = await sharp(located.png).metadata();
  const region: Box = { x: 0, y: 0, width: meta.width ?? 0, height: meta.height ?? 0 };
  const probeSize = LINE_HEIGHTS[1]!;
  const probe = (png: Buffer) => readAtSize(ocr, png, region, probeSize / located.lineHeight, located.lines);
  let png = located.png;
  let probed = await probe(png);
  const upright = uprightScore(probed);
  if (upright < 120) {
    const flipped = await sharp(png).rotate(180).png({ compressionLevel: 1 }).toBuffer();
    const other = await probe(flipped);
    if (uprightScore(other) > upright) {
      png = flipped;
      probed = other;
    }
  }
  return readSizes(ocr, png, region, located.lineHeight, new Map([[probeSize, probed]]), located.lines);
}

/** Votes the grids into lines, repairs and settles them, and parses the fields. */
export function readMrzFromGrids(grids: SizedReading[], today: string): MrzReading | null {
  if (grids.length === 0) return null;
  const glyphs = classifyCells(grids.at(-1)!);
  const voted = vote(grids, glyphs);
  const repaired = repairLines(voted.lines);
  if (!repaired) return null;
  const coded = settleCountryCodes(repaired.lines, repaired.layout, voted.alternatives);
  const classified = settleOutOfClass(coded, repaired.layout, (row, col) => glyphs[row]?.[col] ?? null);
  const digits = settleCheckDigits(classified, repaired.layout, (row, col) => glyphs[row]?.[col] ?? null);
  const settled = settleChecks(digits, repaired.layout, voted.alternatives);
  const result = readMrzFields(settled, today);
  if (!result) return null;
  // An invalid reading is still a zone (mrz_checksum_failed) only when it names a known country.
  if (!result.valid && !namesKnownCountry(settled, repaired.layout)) return null;
  return { ...result, agreement: voted.agreement };
}

/**
 * Reads the MRZ from a prepared page and its whole-page OCR pass. Returns null when the page has no
 * MRZ-like lines or the zone fits no format.
 */
export async function readMrz(
  ocr: OcrEngine,
  png: Buffer,
  page: OcrResult,
  today: string,
): Promise<MrzReading | null> {
  return readMrzFromGrids(await readMrzGrids(ocr, png, page), today);
}
