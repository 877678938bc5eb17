// The machine-readable-zone layouts a reader meets (ICAO 9303 parts 4–7, plus the French national ID
// card of 1988–2021, which is 2 × 36 but not ICAO). Each line is described column by column so the
// reader can repair letter/digit confusions by position and settle check digits among what OCR saw.

export type MrzFormat = "TD1" | "TD2" | "TD3" | "MRVA" | "MRVB" | "FRENCH_ID";

/**
 * Column classes: A letter or filler, N name (letters and fillers, no digits), D digit, C digit or
 * filler (an optional check digit), X letter, digit or filler, S sex (M, F, X or filler).
 */
export type ColumnClass = "A" | "N" | "D" | "C" | "X" | "S";

export interface MrzCheck {
  /** The field the digit guards (our name for it, as in the per-field check results). */
  field: string;
  /** [line, start, end) ranges whose characters the digit is computed over, in order. */
  over: [number, number, number][];
  digit: [number, number];
}

export interface MrzLayout {
  format: MrzFormat;
  lines: number;
  columns: number;
  /** One class string per line, `columns` long. */
  classes: string[];
  checks: MrzCheck[];
}

const rep = (c: ColumnClass, n: number) => c.repeat(n);

const TD3_LINE1 = `AA${rep("A", 3)}${rep("N", 39)}`;

export const MRZ_LAYOUTS: Record<MrzFormat, MrzLayout> = {
  TD3: {
    format: "TD3",
    lines: 2,
    columns: 44,
    classes: [TD3_LINE1, `${rep("X", 9)}D${rep("A", 3)}${rep("D", 7)}S${rep("D", 7)}${rep("X", 14)}CD`],
    checks: [
      { field: "document_number", over: [[1, 0, 9]], digit: [1, 9] },
      { field: "date_of_birth", over: [[1, 13, 19]], digit: [1, 19] },
      { field: "expiry_date", over: [[1, 21, 27]], digit: [1, 27] },
      { field: "personal_number", over: [[1, 28, 42]], digit: [1, 42] },
      {
        field: "composite",
        over: [
          [1, 0, 10],
          [1, 13, 20],
          [1, 21, 43],
        ],
        digit: [1, 43],
      },
    ],
  },
  MRVA: {
    format: "MRVA",
    lines: 2,
    columns: 44,
    classes: [TD3_LINE1, `${rep("X", 9)}D${rep("A", 3)}${rep("D", 7)}S${rep("D", 7)}${rep("X", 16)}`],
    checks: [
      { field: "document_number", over: [[1, 0, 9]], digit: [1, 9] },
      { field: "date_of_birth", over: [[1, 13, 19]], digit: [1, 19] },
      { field: "expiry_date", over: [[1, 21, 27]], digit: [1, 27] },
    ],
  },
  TD2: {
    format: "TD2",
    lines: 2,
    columns: 36,
    classes: [
      `AA${rep("A", 3)}${rep("N", 31)}`,
      `${rep("X", 9)}D${rep("A", 3)}${rep("D", 7)}S${rep("D", 7)}${rep("X", 7)}D`,
    ],
    checks: [
      { field: "document_number", over: [[1, 0, 9]], digit: [1, 9] },
      { field: "date_of_birth", over: [[1, 13, 19]], digit: [1, 19] },
      { field: "expiry_date", over: [[1, 21, 27]], digit: [1, 27] },
      {
        field: "composite",
        over: [
          [1, 0, 10],
          [1, 13, 20],
          [1, 21, 35],
        ],
        digit: [1, 35],
      },
    ],
  },
  MRVB: {
    format: "MRVB",
    lines: 2,
    columns: 36,
    classes: [
      `AA${rep("A", 3)}${rep("N", 31)}`,
      `${rep("X", 9)}D${rep("A", 3)}${rep("D", 7)}S${rep("D", 7)}${rep("X", 8)}`,
    ],
    checks: [
      { field: "document_number", over: [[1, 0, 9]], digit: [1, 9] },
      { field: "date_of_birth", over: [[1, 13, 19]], digit: [1, 19] },
      { field: "expiry_date", over: [[1, 21, 27]], digit: [1, 27] },
    ],
  },
  TD1: {
    format: "TD1",
    lines: 3,
    columns: 30,
    classes: [
      `AA${rep("A", 3)}${rep("X", 9)}C${rep("X", 15)}`,
      `${rep("D", 7)}S${rep("D", 7)}${rep("A", 3)}${rep("X", 11)}D`,
      rep("N", 30),
    ],
    checks: [
      { field: "document_number", over: [[0, 5, 14]], digit: [0, 14] },
      { field: "date_of_birth", over: [[1, 0, 6]], digit: [1, 6] },
      { field: "expiry_date", over: [[1, 8, 14]], digit: [1, 14] },
      {
        field: "composite",
        over: [
          [0, 5, 30],
          [1, 0, 7],
          [1, 8, 15],
          [1, 18, 29],
        ],
        digit: [1, 29],
      },
    ],
  },
  FRENCH_ID: {
    format: "FRENCH_ID",
    lines: 2,
    columns: 36,
    classes: [
      `AA${rep("A", 3)}${rep("N", 25)}${rep("X", 6)}`,
      `${rep("D", 4)}${rep("X", 3)}${rep("D", 5)}D${rep("N", 14)}${rep("D", 6)}DSD`,
    ],
    checks: [
      { field: "document_number", over: [[1, 0, 12]], digit: [1, 12] },
      { field: "date_of_birth", over: [[1, 27, 33]], digit: [1, 33] },
      {
        field: "composite",
        over: [
          [0, 0, 36],
          [1, 0, 35],
        ],
        digit: [1, 35],
      },
    ],
  },
};

/**
 * [line, start] of the three-letter country codes: the issuing state, then the nationality. None on the
 * French card, whose state is fixed (FRA) and which carries no nationality.
 */
export function countryCodeFields(layout: MrzLayout): [number, number][] {
  if (layout.format === "FRENCH_ID") return [];
  return [[0, 2], layout.format === "TD1" ? [1, 15] : [1, 10]];
}

/** The layout a set of read lines fits: line count and length, then the document code. */
export function layoutFor(lines: readonly string[]): MrzLayout | null {
  const length = lines[0]?.length ?? 0;
  if (lines.length === 3 && length === 30) return MRZ_LAYOUTS.TD1;
  if (lines.length !== 2) return null;
  const visa = lines[0]!.startsWith("V");
  if (length === 44) return visa ? MRZ_LAYOUTS.MRVA : MRZ_LAYOUTS.TD3;
  if (length === 36) {
    if (visa) return MRZ_LAYOUTS.MRVB;
    // The French card says IDFRA and carries digits where TD2 has name fillers (mrz's own rule).
    if (/^I.FRA/.test(lines[0]!) || /[0-9]/.test(lines[0]!.slice(30, 35))) return MRZ_LAYOUTS.FRENCH_ID;
    return MRZ_LAYOUTS.TD2;
  }
  return null;
}

const WEIGHTS = [7, 3, 1];

/** A character's value in a check digit's sum (ICAO 9303 part 3): digits as such, A=10 … Z=35, `<` = 0. */
export function charValue(c: string): number {
  return c === "<" ? 0 : c <= "9" ? c.charCodeAt(0) - 48 : c.charCodeAt(0) - 55;
}

/** ICAO 9303 part 3 check digit: weights 7, 3, 1 over the characters' values. */
export function computeCheckDigit(text: string): string {
  let sum = 0;
  for (let i = 0; i < text.length; i++) sum += charValue(text[i]!) * WEIGHTS[i % 3]!;
  return String(sum % 10);
}

/** The name fields of a layout (class N runs), as [line, start, end). */
export function nameFields(format: MrzFormat): [number, number, number][] {
  const fields: [number, number, number][] = [];
  MRZ_LAYOUTS[format].classes.forEach((classes, line) => {
    for (const m of classes.matchAll(/N+/g)) fields.push([line, m.index, m.index + m[0].length]);
  });
  return fields;
}

export function checkedText(lines: readonly string[], check: MrzCheck): string {
  return check.over.map(([line, from, to]) => lines[line]!.slice(from, to)).join("");
}

/**
 * Whether one check digit holds; an all-filler optional field with a filler digit counts as holding.
 * TD1 document numbers longer than 9 characters put `<` in the check column and continue in the
 * optional field, whose last character before its fillers is then the check digit (ICAO 9303-5 4.2.2).
 */
export function checkHolds(lines: readonly string[], check: MrzCheck): boolean {
  const text = checkedText(lines, check);
  const digit = lines[check.digit[0]]![check.digit[1]]!;
  if (digit !== "<") return computeCheckDigit(text) === digit;
  if (check.field === "document_number" && lines.length === 3) {
    const rest = /^[A-Z0-9]+/.exec(lines[0]!.slice(15))?.[0];
    if (!rest || rest.length < 2) return false;
    return computeCheckDigit(text + rest.slice(0, -1)) === rest.slice(-1);
  }
  return /^<*$/.test(text);
}
