// What a zone's coded fields can hold whatever its check digits say (ICAO 9303-3): the issuing state and
// the nationality are codes somebody issues, the sex is M, F, X or a filler, names are letters, a document
// number is padded by fillers only at its end, and dates are days of the calendar. A check digit is one
// chance in ten of holding by accident; a misread that shifts cells or trades a letter for a digit often
// breaks one of these instead, so a reading whose digits all hold but whose sex is `2` or whose birth month
// is `20` is a misread, not a document.
import { toIso } from "./field-text.js";
import { MRZ_COUNTRY_CODES } from "./mrz-country-codes.js";
import { countryCodeFields, type MrzLayout } from "./mrz-formats.js";

/**
 * YYMMDD as a day of the calendar (a leap year stands for the unknown century, so 29 February passes). A
 * birth date may leave its day, or its month and day, as fillers when the issuer does not know them (ICAO
 * 9303-3 4.2.2.3); an expiry may be all fillers where the document does not expire.
 */
function calendarDate(value: string, kind: "date_of_birth" | "expiry_date"): boolean {
  if (kind === "expiry_date" && value === "<<<<<<") return true;
  // An unknown month or day stands as the first, which any year has.
  const known =
    kind === "date_of_birth"
      ? value.replace(/<<$/, "01").replace(/^(\d{2})<<01$/, (_, yy) => `${yy}0101`)
      : value;
  return /^\d{6}$/.test(known) && toIso(2000, Number(known.slice(2, 4)), Number(known.slice(4, 6))) !== null;
}

/**
 * Per coded field, whether it holds a value the field can hold: issuing_state, nationality (where the
 * format carries one), sex, names (letters and fillers, no letter four times in a row), document_number (no
 * filler before a letter or digit), date_of_birth, expiry_date (where the format carries one). Positions
 * come from the layout table: the country codes' columns, the sex column (class S), the name columns
 * (class N) and the dates' check-digit ranges.
 */
export function mrzFieldRules(lines: string[], layout: MrzLayout): Record<string, boolean> {
  const cell = (row: number, col: number) => lines[row]?.[col] ?? "";
  const [issuing, nationality] = countryCodeFields(layout).map(([row, start]) =>
    lines[row]!.slice(start, start + 3),
  );
  const rules: Record<string, boolean> = {
    issuing_state:
      layout.format === "FRENCH_ID" ? lines[0]!.slice(2, 5) === "FRA" : MRZ_COUNTRY_CODES.has(issuing!),
  };
  if (nationality !== undefined) rules.nationality = MRZ_COUNTRY_CODES.has(nationality);
  const inClass = (wanted: string, ok: (c: string) => boolean) =>
    layout.classes.every((classes, row) =>
      [...classes].every((cls, col) => cls !== wanted || ok(cell(row, col))),
    );
  rules.sex = inClass("S", (c) => /^[MFX<]$/.test(c));
  // A digit left in a name (no letter twin, as 9) is a misread, and so are four like letters in a row: no
  // name has them, fillers read as K, L or C under security print do (`JOSESLUTSLLLELCLCLLLLLLLLLLLR`).
  // Each row's name cells where they stand, the other cells blank (a missing cell as `?`, which fails).
  const names = layout.classes.map((classes, row) =>
    [...classes].map((cls, col) => (cls === "N" ? cell(row, col) || "?" : " ")).join(""),
  );
  rules.names = names.every((text) => /^[A-Z< ]*$/.test(text) && !/([A-Z])\1{3}/.test(text));
  for (const check of layout.checks) {
    if (check.field === "document_number") {
      // Fillers only pad a number at its end: a `<` with a letter or digit after it is a misread (a 2 read
      // as `<` beside an O read as 0 holds the check digit: 24·7 + 2 ≡ 0 mod 10).
      const [row, from, to] = check.over[0]!;
      rules.document_number = !/<[A-Z0-9]/.test(lines[row]!.slice(from, to));
    }
    if (check.field !== "date_of_birth" && check.field !== "expiry_date") continue;
    const [row, from, to] = check.over[0]!;
    rules[check.field] = calendarDate(lines[row]!.slice(from, to), check.field);
  }
  return rules;
}
