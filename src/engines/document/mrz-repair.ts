// Position-aware repairs of voted MRZ lines: a column that can only hold a digit cannot be `O`, a name
// cannot hold `0` (ICAO 9303-3: letter/digit classes by field), and after a run of fillers a name field
// holds nothing but fillers. Check digits are then settled among what OCR actually saw, never invented.
import { MRZ_COUNTRY_CODES } from "./mrz-country-codes.js";
import {
  type ColumnClass,
  checkHolds,
  countryCodeFields,
  layoutFor,
  MRZ_LAYOUTS,
  type MrzCheck,
  type MrzLayout,
  nameFields,
} from "./mrz-formats.js";

export { computeCheckDigit } from "./mrz-formats.js";

export const TO_DIGIT: Record<string, string> = {
  O: "0",
  D: "0",
  Q: "0",
  U: "0",
  I: "1",
  L: "1",
  Z: "2",
  A: "4",
  S: "5",
  G: "6",
  T: "7",
  B: "8",
  E: "8",
};
const TO_LETTER: Record<string, string> = { "0": "O", "1": "I", "2": "Z", "5": "S", "6": "G", "8": "B" };
const DOCUMENT_CODES = new Set(["P", "V", "I", "A", "C"]);
const PASSPORT_SIZED_CODES = new Set(["P", "V"]);

function repairChar(c: string, cls: ColumnClass): string {
  switch (cls) {
    case "D":
      return TO_DIGIT[c] ?? c;
    case "C":
      return c === "<" ? c : (TO_DIGIT[c] ?? c);
    case "A":
    case "N":
      return TO_LETTER[c] ?? c;
    default:
      return c;
  }
}

/** After a run of three fillers, nothing but fillers can follow inside that field. */
function fillAfterRun(text: string, from: number, to: number): string {
  const run = text.indexOf("<<<", from);
  if (run < 0 || run >= to) return text;
  return text.slice(0, run) + "<".repeat(to - run) + text.slice(to);
}

/** Optional-data ranges (class X runs other than the nine-character document numbers). */
function optionalRanges(classes: string): [number, number][] {
  const ranges: [number, number][] = [];
  const re = /X+/g;
  for (let m = re.exec(classes); m; m = re.exec(classes)) {
    if (m[0].length >= 6 && m[0].length !== 9) ranges.push([m.index, m.index + m[0].length]);
  }
  return ranges;
}

/**
 * The English model reads runs of `<` as K, L or C (research/ocr.md): a run of three or more of them
 * that reaches the end of a name or optional field is its filler tail.
 */
function restoreFillerTail(text: string, from: number, to: number): string {
  const tail = /[KLC<]{3,}$/.exec(text.slice(from, to));
  if (!tail) return text;
  // Letters before the run's first `<` may end the name or data itself (WOJCIK<<<, …V9C<<<): kept.
  const firstFiller = tail[0].indexOf("<");
  const start = to - tail[0].length + Math.max(0, firstFiller);
  return text.slice(0, start) + "<".repeat(to - start) + text.slice(to);
}

export function repairByLayout(lines: string[], layout: MrzLayout): string[] {
  return lines.map((line, row) => {
    const classes = layout.classes[row]!;
    let fixed = [...line].map((c, i) => repairChar(c, classes[i] as ColumnClass)).join("");
    if (row === 0) {
      // The document code: a passport-sized zone without a visa's V is a passport; its second character
      // is a letter or `<`, and K or L there is the English model's usual misread of `<`.
      // A 44-column zone is a passport or an MRV-A visa: A, C or I there is a misread (P read A).
      const codes = layout.columns === 44 ? PASSPORT_SIZED_CODES : DOCUMENT_CODES;
      if (!codes.has(fixed[0]!)) fixed = (layout.columns === 44 ? "P" : "I") + fixed.slice(1);
      if (fixed[1] === "K" || fixed[1] === "L") fixed = `${fixed[0]}<${fixed.slice(2)}`;
    }
    for (const [line, from, to] of nameFields(layout.format)) {
      if (line === row) fixed = fillAfterRun(restoreFillerTail(fixed, from, to), from, to);
    }
    for (const [from, to] of optionalRanges(classes)) fixed = restoreFillerTail(fixed, from, to);
    // TD3 personal number: after its fillers, only fillers up to the check digit.
    if (layout.format === "TD3" && row === 1) fixed = fillAfterRun(fixed, 28, 42);
    return fixed;
  });
}

/** The layout for voted lines, repaired; null when the shape fits no format. */
export function repairLines(lines: string[]): { lines: string[]; layout: MrzLayout } | null {
  let layout = layoutFor(lines);
  if (!layout) return null;
  // Repair can turn a misread document code into a visa's V or back: take the layout again after it.
  const repaired = repairByLayout(lines, layout);
  layout = layoutFor(repaired) ?? layout;
  return { lines: repairByLayout(lines, layout), layout };
}

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const DIGITS = "0123456789";
/** What each column class may hold (S, the sex, is left to the parser: M, F, X or filler). */
const ALLOWED: Partial<Record<ColumnClass, string>> = {
  D: DIGITS,
  C: `${DIGITS}<`,
  A: `${LETTERS}<`,
  N: `${LETTERS}<`,
};

function allowedIn(layout: MrzLayout, row: number, col: number): string | undefined {
  return ALLOWED[layout.classes[row]?.[col] as ColumnClass];
}

/** The check digit's cell, then every cell of the field it guards, as [line, column]. */
function checkPositions(check: MrzCheck): [number, number][] {
  const positions: [number, number][] = [check.digit];
  for (const [line, from, to] of check.over) for (let c = from; c < to; c++) positions.push([line, c]);
  return positions;
}

/**
 * A character its column cannot hold (a digit in a name) that no twin explained gives way to the best
 * ranked reading of that cell that the column can hold, when another reading saw one (the classifier
 * sure of a 7 where every size of tesseract read T).
 */
export function settleFromSeen(
  lines: string[],
  layout: MrzLayout,
  alternatives: (row: number, col: number) => string[],
): string[] {
  return lines.map((line, row) =>
    [...line]
      .map((c, col) => {
        const allowed = allowedIn(layout, row, col);
        if (!allowed || allowed.includes(c)) return c;
        const cls = layout.classes[row]![col] as ColumnClass;
        return (
          alternatives(row, col)
            .map((alt) => repairChar(alt, cls))
            .find((alt) => allowed.includes(alt)) ?? c
        );
      })
      .join(""),
  );
}

/**
 * Where checked fields hold characters their columns cannot (a 6 read as H in a date) that no twin
 * mapping explained, puts in the OCR-B classifier's likeliest allowed character for each. The result is
 * kept only when every check it touched then holds, and so does the composite check where the format
 * has one (one guess per field could fit its own check digit by chance, one in ten; the composite must
 * agree as well): the classifier proposes, the check digits confirm.
 */
export function settleOutOfClass(
  lines: string[],
  layout: MrzLayout,
  cell: (row: number, col: number) => { bestOf(allowed: string): { char: string } | null } | null,
): string[] {
  const trial = [...lines];
  const touched: MrzCheck[] = [];
  for (const check of layout.checks) {
    if (check.field === "composite") continue;
    const positions = checkPositions(check);
    for (const [row, col] of positions) {
      const allowed = allowedIn(layout, row, col);
      const current = trial[row]![col]!;
      if (!allowed || allowed.includes(current)) continue;
      const best = cell(row, col)?.bestOf(allowed)?.char;
      if (!best) continue;
      trial[row] = trial[row]!.slice(0, col) + best + trial[row]!.slice(col + 1);
      if (!touched.includes(check)) touched.push(check);
    }
  }
  if (touched.length === 0) return lines;
  const composite = layout.checks.filter((c) => c.field === "composite");
  return [...touched, ...composite].every((c) => checkHolds(trial, c)) ? trial : lines;
}

/**
 * A failing check whose own digit tesseract and the glyph classifier read differently (an `8` at the
 * zone's edge read as S and turned into 5): the classifier's likeliest digit is taken when the check then
 * holds and no other check that held breaks. The digit is confirmed by its check, not searched for: only
 * the classifier's first choice is tried.
 */
export function settleCheckDigits(
  lines: string[],
  layout: MrzLayout,
  cell: (row: number, col: number) => { bestOf(allowed: string): { char: string } | null } | null,
): string[] {
  let out = lines;
  for (const check of layout.checks) {
    if (checkHolds(out, check)) continue;
    const [row, col] = check.digit;
    const best = cell(row, col)?.bestOf("0123456789")?.char;
    if (!best || best === out[row]![col]) continue;
    const trial = [...out];
    trial[row] = trial[row]!.slice(0, col) + best + trial[row]!.slice(col + 1);
    const heldBefore = layout.checks.filter((c) => checkHolds(out, c));
    if (checkHolds(trial, check) && heldBefore.every((c) => checkHolds(trial, c))) out = trial;
  }
  return out;
}

/**
 * Whether the lines look like a zone at all: an issuing state or nationality somebody issues (the French
 * card's is fixed). Lines of other print read as a zone (a PAN card's text) have neither, even when a
 * check digit happens to hold.
 */
export function namesKnownCountry(lines: string[], layout: MrzLayout): boolean {
  if (layout.format === "FRENCH_ID") return lines[0]!.slice(2, 5) === "FRA";
  return countryCodeFields(layout).some(([row, start]) =>
    MRZ_COUNTRY_CODES.has(lines[row]!.slice(start, start + 3)),
  );
}

/** Whether the first line's issuing state (columns 2–4 in every format) is a code somebody issues. */
export function issuingStateKnown(lines: string[]): boolean {
  return MRZ_COUNTRY_CODES.has(lines[0]?.slice(2, 5) ?? "");
}

/**
 * A card's document code starts with I, A or C (ICAO 9303-5/6), and I is by far the commonest: where the
 * vote took A or C but a reading saw I there, the code is I. No check digit covers it, and at low
 * resolution or turned a quarter the zone's first cell is the one a loose grid shows least of.
 */
export function settleCardCode(
  lines: string[],
  layout: MrzLayout,
  alternatives: (row: number, col: number) => string[],
): string[] {
  if (layout.columns === 44 || layout.format === "FRENCH_ID") return lines;
  const code = lines[0]![0];
  if ((code !== "A" && code !== "C") || !alternatives(0, 0).includes("I")) return lines;
  return [`I${lines[0]!.slice(1)}`, ...lines.slice(1)];
}

/**
 * A country code nobody issues is a misread: among the characters other readings saw, take the single
 * substitution that makes it a known code, when exactly one does (ICAO 9303-3 codes, no check digit).
 */
export function settleCountryCodes(
  lines: string[],
  layout: MrzLayout,
  alternatives: (row: number, col: number) => string[],
): string[] {
  const out = [...lines];
  for (const [row, start] of countryCodeFields(layout)) {
    const code = out[row]!.slice(start, start + 3);
    if (MRZ_COUNTRY_CODES.has(code)) continue;
    const found = new Set<string>();
    for (let i = 0; i < 3; i++) {
      for (const alt of alternatives(row, start + i)) {
        const letter = repairChar(alt, "A");
        const candidate = code.slice(0, i) + letter + code.slice(i + 1);
        if (MRZ_COUNTRY_CODES.has(candidate)) found.add(candidate);
      }
    }
    if (found.size === 1) {
      const [fixed] = [...found];
      out[row] = out[row]!.slice(0, start) + fixed + out[row]!.slice(start + 3);
    }
  }
  return out;
}

/**
 * Where a check fails, tries the characters other readings saw at the check digit and then at single
 * positions of its field; a candidate is taken only when exactly one substitution makes the check hold
 * and the other checks still hold. The alternatives are what OCR saw: the check digit confirms a reading.
 */
export function settleChecks(
  lines: string[],
  layout: MrzLayout,
  alternatives: (row: number, col: number) => string[],
): string[] {
  const out = [...lines];
  const holds = (ls: string[], c: MrzCheck) => checkHolds(ls, c);
  const ordered = [...layout.checks].sort(
    (a, b) => (a.field === "composite" ? 1 : 0) - (b.field === "composite" ? 1 : 0),
  );
  /** Single substitutions making `check` hold without breaking another; `twins` adds letter/digit twins. */
  const fixesFor = (check: MrzCheck, withTwins: boolean): string[][] => {
    const positions = checkPositions(check);
    const fixes: string[][] = [];
    for (const [row, col] of positions) {
      const cls = layout.classes[row]![col] as ColumnClass;
      const current = out[row]![col]!;
      const twins = withTwins && cls === "X" ? [TO_DIGIT[current], TO_LETTER[current]] : [];
      const candidates = withTwins ? twins.filter((c): c is string => !!c) : alternatives(row, col);
      for (const alt of candidates) {
        const candidate = repairChar(alt, cls);
        // Never a character the column cannot hold (a digit in a name to make a composite check fit).
        if (candidate === current || !(allowedIn(layout, row, col)?.includes(candidate) ?? true)) continue;
        const trial = [...out];
        trial[row] = trial[row]!.slice(0, col) + candidate + trial[row]!.slice(col + 1);
        const othersHold = layout.checks.every((c) => c === check || !holds(out, c) || holds(trial, c));
        if (holds(trial, check) && othersHold) fixes.push(trial);
      }
      // The check digit itself first: a lone misread digit is the likeliest single error.
      if (fixes.length > 0 && row === check.digit[0] && col === check.digit[1]) break;
    }
    return fixes;
  };
  const unique = (fixes: string[][]): string[] | null => {
    const distinct = new Set(fixes.map((f) => f.join("\n")));
    return distinct.size === 1 ? fixes[0]! : null;
  };
  for (const check of ordered) {
    if (holds(out, check)) continue;
    // What another reading saw comes first; only when nothing seen fits, the letter/digit twins of
    // alphanumeric fields (O/0, B/8, I/1, S/5, Z/2, G/6). Either way only a unique fix is taken: the
    // check digit confirms a reading, it does not choose between equally good ones.
    const fixed = unique(fixesFor(check, false)) ?? unique(fixesFor(check, true));
    if (fixed) out.splice(0, out.length, ...fixed);
  }
  return out;
}

export { MRZ_LAYOUTS };
