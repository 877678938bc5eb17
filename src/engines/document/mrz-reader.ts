// Reads a machine-readable zone of any format (TD1, TD2, TD3, MRV-A, MRV-B, French ID) following
// research/ocr.md: locate the MRZ lines in a whole-page pass, crop tightly, OCR at three character
// sizes keeping each character's box, snap characters to the column grid, turn misread fillers back
// into `<`, vote per cell across sizes (the OCR-B glyph classifier votes too), repair letter/digit
// confusions by field, settle failing check digits among what was seen, then parse.
import sharp from "sharp";
import type { OcrEngine, OcrLine, OcrResult } from "../ocr/ocr-engine.js";
import { type MrzReadResult, readMrzFields } from "./mrz-fields.js";
import { MRZ_LAYOUTS, nameFields } from "./mrz-formats.js";
import { classifyCell, classifyCells, type GlyphCell } from "./mrz-glyphs/classify-cells.js";
import {
  type Box,
  MRZ_CHARS,
  readAtSize,
  restoreFillers,
  runsPastRowEnd,
  type SizedReading,
  shiftRowGrid,
} from "./mrz-grid.js";
import { findInkGrid, readInkRows } from "./mrz-ink-grid.js";
import type { LocatedMrz } from "./mrz-locate.js";
import {
  issuingStateKnown,
  namesKnownCountry,
  repairLines,
  settleCardCode,
  settleCheckDigits,
  settleChecks,
  settleCountryCodes,
  settleFromSeen,
  settleOutOfClass,
} from "./mrz-repair.js";
import { strokeStrip } from "./mrz-strokes.js";

/** Line heights (px) to read at; research/ocr.md: 24–36 px per character reads best. */
const LINE_HEIGHTS = [26, 31, 36];

export interface MrzReading extends MrzReadResult {
  /** Share of cells whose vote was unanimous across readings, 0..1. */
  agreement: number;
  /**
   * A located zone's reading: whether its straightened strip was read turned half round (the document
   * lies the other way up from the strip's; see LocatedMrz.direction). Absent for a page-pass reading.
   */
  upsideDown?: boolean;
  /** Every character a size of tesseract or the glyph classifier read in a cell, the voted one first. */
  seen?: (row: number, col: number) => string[];
  /** Read at the probe size alone, every cell as the glyph classifier reads it (`confirmedAtOneSize`). */
  confirmed?: boolean;
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
/** Above this the classifier's answer outweighs every size of tesseract (see `vote`). */
const CERTAIN = 0.99;
/** Share of cells the classifier reads as tesseract does above which a zone needs no upside-down try. */
const UPRIGHT_SHARE = 0.8;
/** Share of a row's sure classifier answers that tesseract read too, for the classifier to be trusted. */
const ROW_TRUST = 0.7;

function vote(readings: SizedReading[], glyphs: GlyphCell[][] | null, casting: boolean): Tally {
  const rowCount = Math.min(...readings.map((r) => r.rows.length));
  const columns = readings[0]!.columns;
  let unanimous = 0;
  const seen = new Map<string, Set<string>>();
  const lines: string[] = [];
  for (let row = 0; row < rowCount; row++) {
    let text = "";
    const trusted = classifierAgrees(readings, glyphs?.[row], row);
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
        // Inside a row it reads like tesseract, a classifier all but certain outweighs the three sizes
        // together: tesseract's sizes share their mistakes (Q read as A, O as 0, 6 as H at every size),
        // the classifier was trained on OCR-B's own shapes. Not in the first two columns or the last,
        // where a loose grid shows it half a neighbour (the document code, the final check digit).
        const inner = col > 1 && col < columns - 1;
        // Nor over a filler a size saw: a `<` is unlike any letter, a classifier sure of one there is
        // looking at the wrong pixels.
        const overFiller = tally.has("<") && glyph.char !== "<";
        const certain = casting && trusted && inner && !overFiller && glyph.probability >= CERTAIN;
        // The document code's second character is a filler on most documents (P<, V<, I<) or a letter;
        // with security print through it, every size may make a letter of the `<` (E, A). A slipped grid
        // shows the classifier the code letter or the state's first letter there, never a `<`.
        const codeFiller =
          casting && trusted && row === 0 && col === 1 && glyph.char === "<" && glyph.probability >= CERTAIN;
        // In a row it reads unlike tesseract, it only breaks ties.
        const weight = !trusted ? 0.5 : fillerVeto || codeFiller ? 10 : certain ? 3.5 : 1.5;
        tally.set(glyph.char, (tally.get(glyph.char) ?? 0) + weight);
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
 * Whether the classifier reads a row as tesseract does on most cells (its `<` as tesseract's K, L or C
 * too): when it does not, the row's band
 * or grid shows it other pixels than the glyphs tesseract read (print above the zone, a band too low),
 * and it is confidently wrong everywhere.
 */
function classifierAgrees(readings: SizedReading[], glyphs: GlyphCell[] | undefined, row: number): boolean {
  if (!glyphs) return false;
  let voted = 0;
  let agree = 0;
  glyphs.forEach((g, col) => {
    if (!g.vote) return;
    voted++;
    const fillerLike = g.vote.char === "<" ? "KLC<" : g.vote.char;
    if (readings.some((r) => fillerLike.includes(r.rows[row]?.[col]?.char ?? "?"))) agree++;
  });
  return voted > 0 && agree >= ROW_TRUST * voted;
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
  return confidence + 3 * Math.min(fillers, 20) + 100 * classifierShare(r);
}

/**
 * Share of the cells where the glyph classifier, trained on upright OCR-B, is sure and reads what
 * tesseract read: upside down it recognises almost nothing, whatever tesseract made of the glyphs.
 */
function classifierShare(r: SizedReading): number {
  const glyphs = classifyCells(r);
  let agree = 0;
  let cells = 0;
  glyphs.forEach((row, i) => {
    row.forEach((g, col) => {
      cells++;
      const read = r.rows[i]?.[col]?.char ?? "?";
      if (g.vote && (g.vote.char === "<" ? "KLC<" : g.vote.char).includes(read)) agree++;
    });
  });
  return agree / Math.max(1, cells);
}

/** The probe size read the way up tesseract and the classifier are surer of, and the strip that way up. */
interface Probe {
  png: Buffer;
  region: Box;
  probed: SizedReading | null;
}

/**
 * One size of a straightened zone (mrz-locate.ts), read both ways up when it may be upside down; the
 * way tesseract and the classifier are surer of is kept.
 */
async function probeZone(ocr: OcrEngine, located: LocatedMrz): Promise<Probe> {
  const meta = await sharp(located.png).metadata();
  const region: Box = { x: 0, y: 0, width: meta.width ?? 0, height: meta.height ?? 0 };
  const probe = (png: Buffer) => readAtSize(ocr, png, region, PROBE_SIZE / located.lineHeight, located.lines);
  let png = located.png;
  let probed = await probe(png);
  const upright = uprightScore(probed);
  if (upright < 120 + 100 * UPRIGHT_SHARE) {
    const flipped = await sharp(png).rotate(180).png({ compressionLevel: 1 }).toBuffer();
    const other = await probe(flipped);
    if (uprightScore(other) > upright) {
      png = flipped;
      probed = other;
    }
  }
  return { png, region, probed };
}

const PROBE_SIZE = LINE_HEIGHTS[1]!;

async function readProbedSizes(ocr: OcrEngine, located: LocatedMrz, p: Probe): Promise<SizedReading[]> {
  const done = new Map([[PROBE_SIZE, p.probed]]);
  return readSizes(ocr, p.png, p.region, located.lineHeight, done, located.lines);
}

/** The MRZ grids of a straightened zone (mrz-locate.ts) at every size, the right way up. */
export async function readLocatedGrids(ocr: OcrEngine, located: LocatedMrz): Promise<SizedReading[]> {
  return readProbedSizes(ocr, located, await probeZone(ocr, located));
}

/**
 * A reading of the probe size alone, when it needs no other: every check digit holds, the issuing state
 * is a known code, and on every cell the classifier reads what the reading holds, or, where it is
 * unsure, tesseract read it so with high confidence (the names carry no check digit; there the
 * classifier stands in for the two sizes not read). Upside down, S, Z, N, O, 0 and 8 look alike and
 * repairs can make garbage fit its checks: the country code and the cell-by-cell agreement rule that out.
 */
export function confirmedAtOneSize(read: SizedReading, today: string): MrzReading | null {
  // A copy: the reading joins the other sizes' vote, which restores its fillers itself.
  const probed = { ...read, rows: read.rows.map((cells) => cells.map((c) => ({ ...c }))) };
  restoreFillers(probed);
  const reading = readVoted([probed], today, true);
  if (!reading?.valid || !issuingStateKnown(reading.lines) || nameStartsWithFiller(reading)) return null;
  const glyphs = classifyCells(probed);
  for (let row = 0; row < reading.lines.length; row++) {
    for (let col = 0; col < reading.lines[row]!.length; col++) {
      const char = reading.lines[row]![col]!;
      const vote = glyphs[row]?.[col]?.vote;
      // OCR-B's O and 0 differ only in width; the column's class has already chosen between them.
      if (vote ? !sameGlyph(vote.char, char) : !surelyRead(probed.rows[row]?.[col], char)) return null;
    }
  }
  return reading;
}

const sameGlyph = (a: string, b: string) => a === b || (OH_ZERO.includes(a) && OH_ZERO.includes(b));
const OH_ZERO = "O0";
/** Tesseract's confidence above which a cell the classifier abstains on stands on its own. */
const SURE_READ = 85;
const surelyRead = (cell: { char: string; confidence: number } | undefined, char: string) =>
  cell?.char === char && cell.confidence >= SURE_READ;

/**
 * Reads a located zone: the probe size alone when its reading is confirmed (see `confirmedAtOneSize`),
 * else every size; when that gives no reading whose every check holds, reads its strokes alone
 * (mrz-strokes.ts: no desk, bezel, glare or moiré for tesseract to trip on) and keeps that reading when
 * it validates; then row by row on a grid found from its ink (`readInkGrid`). With nothing valid, the first
 * reading, or the strokes' when the first gave nothing.
 */
export async function readLocatedZone(
  ocr: OcrEngine,
  located: LocatedMrz,
  today: string,
): Promise<MrzReading | null> {
  const probe = await probeZone(ocr, located);
  const turned = (reading: MrzReading | null, upsideDown: boolean) => reading && { ...reading, upsideDown };
  const probedUpsideDown = probe.png !== located.png;
  const quick = probe.probed && confirmedAtOneSize(probe.probed, today);
  if (quick) return { ...quick, upsideDown: probedUpsideDown, confirmed: true };
  const first = turned(readMrzFromGrids(await readProbedSizes(ocr, located, probe), today), probedUpsideDown);
  if (first?.valid) return first;
  const strokes = { ...located, png: await strokeStrip(located.png, located.lineHeight) };
  const strokesProbe = await probeZone(ocr, strokes);
  const second = turned(
    readMrzFromGrids(await readProbedSizes(ocr, strokes, strokesProbe), today),
    strokesProbe.png !== strokes.png,
  );
  if (second?.valid) return second;
  const inked = await readInkGrid(ocr, located, probe.png, today);
  if (inked) return turned(inked.reading, inked.flipped !== probedUpsideDown);
  return second && !first ? second : first;
}

/**
 * The strip read on a grid found from its ink (mrz-ink-grid.ts), each row by tesseract on its own, when
 * the zone-wide reads made nothing valid of it (thin or faded print over dark security print merges and
 * garbles lines): the way up the probe chose first, then the other (tesseract's sense of it is unreliable
 * on such print; upside down the classifier recognises nothing). Kept only when every check holds and
 * the voters agree on the names' letters but for one.
 */
async function readInkGrid(
  ocr: OcrEngine,
  located: LocatedMrz,
  probed: Buffer,
  today: string,
): Promise<{ reading: MrzReading; flipped: boolean } | null> {
  const flipped = await sharp(probed).rotate(180).png({ compressionLevel: 1 }).toBuffer();
  for (const png of [probed, flipped]) {
    const grid = await findInkGrid(png, located.lines, located.lineHeight);
    if (!grid) continue;
    const readings: SizedReading[] = [];
    for (const size of INK_ROW_HEIGHTS) {
      const reading = await readInkRows(ocr, png, grid, size);
      restoreFillers(reading);
      readings.push(reading);
    }
    const read = readMrzFromGrids(readings, today);
    if (read?.valid && nameDisputes(read, readings) <= NAME_DISPUTES)
      return { reading: read, flipped: png === flipped };
  }
  return null;
}

/** Line heights the ink grid's rows are read at. */
const INK_ROW_HEIGHTS = [26, 36];
/**
 * Name letters the voters may dispute in a reading from the ink grid. Names carry no check digit, and on
 * print this poor a valid zone can still hold a wrong name letter: on development hard print (seeds
 * 1002–1003), readings with at most one name letter some voter read otherwise were exact in 40 of 44,
 * those with more in 10 of 23.
 */
const NAME_DISPUTES = 1;

/** Name letters of a reading that some size or the classifier read otherwise. */
function nameDisputes(read: MrzReading, readings: SizedReading[]): number {
  const classes = MRZ_LAYOUTS[read.format].classes;
  const glyphs = classifyCells(readings.at(-1)!);
  let disputed = 0;
  read.lines.forEach((line, row) => {
    [...line].forEach((char, col) => {
      if (classes[row]?.[col] !== "N" || char === "<") return;
      // A size that read nothing there, or a classifier unsure of it, disputes nothing.
      const votes = [...readings.map((r) => r.rows[row]?.[col]?.char), glyphs[row]?.[col]?.vote?.char];
      if (votes.some((v) => v !== undefined && v !== "?" && v !== char)) disputed++;
    });
  });
  return disputed;
}

/**
 * Votes the grids into lines, repairs and settles them, and parses the fields. A reading whose checks do
 * not all hold is tried again with rows moved by a whole cell (a row's first column misplaced: every
 * character one column off, the last one lost). A shifted reading is taken only when every check then
 * holds; the zone's rows share one grid, so all rows moved alike come first (rows without a check digit,
 * the names, follow the checked ones), then single rows. Among valid ones, one whose issuing state is a
 * code somebody issues wins (the first line of a passport or visa has no check digit of its own).
 */
export function readMrzFromGrids(grids: SizedReading[], today: string): MrzReading | null {
  const led = readVoted(grids, today, true);
  if (grids.length === 0) return led;
  if (led?.valid) return realignNameRow(led, grids, today) ?? led;
  // The classifier's casting vote may be wrong where the print is not quite OCR-B (another typeface's 0
  // or 6): tesseract's own vote, when its checks hold.
  const plain = readVoted(grids, today, false);
  if (plain?.valid) return plain;
  // Neither holds every check: the one holding more, tesseract's on a tie (a wrong check digit printed).
  const holding = (r: MrzReading | null) => (r ? Object.values(r.checks).filter(Boolean).length : -1);
  const read = holding(led) > holding(plain) ? led : (plain ?? led);
  const rowCount = Math.min(...grids.map((g) => g.rows.length));
  let best: { reading: MrzReading; known: boolean } | null = null;
  for (const shifts of rowShifts(rowCount)) {
    const shifted = grids.map((g) =>
      shifts.reduce((r, s, row) => (s === 0 ? r : shiftRowGrid(r, row, s)), g),
    );
    const reading = readVoted(shifted, today, true);
    if (!reading?.valid || !numberStarts(reading)) continue;
    // More tries, more chances that garbage fits every check: a shifted reading must name a country.
    if (!namesKnownCountry(reading.lines, MRZ_LAYOUTS[reading.format])) continue;
    const known = issuingStateKnown(reading.lines);
    if (known) return reading;
    best ??= { reading, known };
  }
  return best?.reading ?? read;
}

/** No name starts with a filler: a reading whose (first) name field does has its row's grid off, or a letter lost. */
function nameStartsWithFiller(reading: MrzReading): boolean {
  const [row, start] = nameFields(reading.format)[0]!;
  return reading.lines[row]?.[start] === "<";
}

/**
 * A valid reading whose name field starts with a filler, on a row whose glyphs run past its last cell at
 * most sizes: the straightened strip left that row sheared by most of a cell, and its grid took the nearer,
 * wrong phase (`<QUAYE<<JOHN…`, the last filler lost; names carry no check digit). Read again with that
 * row's grid a cell further on; kept when every check still holds and the name starts with a letter. A
 * first letter read as a filler (`<KSTROM`) runs past no end and is left to the visual zone
 * (mrz-visual-names.ts).
 */
function realignNameRow(reading: MrzReading, grids: SizedReading[], today: string): MrzReading | null {
  if (!nameStartsWithFiller(reading)) return null;
  const [row] = nameFields(reading.format)[0]!;
  const past = grids.filter((g) => runsPastRowEnd(g, row)).length;
  if (past * 2 < grids.length) return null;
  const moved = readVoted(
    grids.map((g) => shiftRowGrid(g, row, -1)),
    today,
    true,
  );
  if (!moved?.valid || nameStartsWithFiller(moved)) return null;
  return namesKnownCountry(moved.lines, MRZ_LAYOUTS[moved.format]) ? moved : null;
}

/** A document number starts with a letter or digit: fillers only pad it (a shifted row brings them in). */
function numberStarts(reading: MrzReading): boolean {
  const check = MRZ_LAYOUTS[reading.format].checks.find((c) => c.field === "document_number");
  const [row, from] = check?.over[0] ?? [0, 0];
  return reading.lines[row]?.[from] !== "<";
}

/**
 * Row shifts to try: every row alike by ±1 or ±2 cells first (the zone's grid off, e.g. its first
 * characters unread), then single rows by ±1, then the other mixes of −1, 0 and +1.
 */
function rowShifts(rows: number): number[][] {
  const uniform = [1, -1, 2, -2].map((s) => Array.from({ length: rows }, () => s));
  let mixed: number[][] = [[]];
  for (let i = 0; i < rows; i++) mixed = mixed.flatMap((a) => [0, 1, -1].map((s) => [...a, s]));
  const moved = (a: number[]) => a.filter((s) => s !== 0).length;
  const rest = mixed
    .filter((a) => moved(a) > 0 && !(moved(a) === rows && new Set(a).size === 1))
    .sort((a, b) => moved(a) - moved(b));
  return [...uniform, ...rest];
}

/** `casting`: the classifier's casting vote where it is certain (see `vote`). */
function readVoted(grids: SizedReading[], today: string, casting: boolean): MrzReading | null {
  if (grids.length === 0) return null;
  const glyphs = classifyCells(grids.at(-1)!);
  const voted = vote(grids, glyphs, casting);
  const repaired = repairLines(voted.lines);
  if (!repaired) return null;
  const seen = settleFromSeen(repaired.lines, repaired.layout, voted.alternatives);
  const coded = settleCountryCodes(
    settleCardCode(seen, repaired.layout, voted.alternatives),
    repaired.layout,
    voted.alternatives,
  );
  const classified = settleOutOfClass(coded, repaired.layout, (row, col) => glyphs[row]?.[col] ?? null);
  const digits = settleCheckDigits(classified, repaired.layout, (row, col) => glyphs[row]?.[col] ?? null);
  const settled = settleChecks(digits, repaired.layout, voted.alternatives);
  const result = readMrzFields(settled, today);
  if (!result) return null;
  // A zone names a known country, valid or not (mrz_checksum_failed): upside down, S, Z, N, O, 0 and 8
  // read alike and the repairs above can make such garbage fit every check.
  if (!namesKnownCountry(settled, repaired.layout)) return null;
  return { ...result, agreement: voted.agreement, seen: seenAtEverySize(grids, voted.alternatives) };
}

/**
 * What the voters saw in a cell, and what the classifier is sure of there at the other sizes: the vote
 * classifies only the largest size's cells, where a stamp or a slipped row may garble a glyph the smaller
 * grids show cleanly (a G the 26 px grid reads at 1.00, read 6 by every size of tesseract). For the visual
 * zone's repairs only, which also need the page to print the character; the check-digit settling keeps to
 * what was voted on. Classified lazily: most readings never ask.
 */
function seenAtEverySize(
  grids: SizedReading[],
  voted: (row: number, col: number) => string[],
): (row: number, col: number) => string[] {
  const memo = new Map<string, string[]>();
  return (row, col) => {
    const key = `${row}:${col}`;
    let chars = memo.get(key);
    if (!chars) {
      const set = new Set(voted(row, col));
      for (const grid of grids.slice(0, -1)) {
        if (!grid.rows[row]?.[col]) continue;
        const glyph = classifyCell(grid, row, col).vote;
        if (glyph) set.add(glyph.char);
      }
      chars = [...set];
      memo.set(key, chars);
    }
    return chars;
  };
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
