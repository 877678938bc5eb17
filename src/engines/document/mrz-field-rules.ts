// What a zone's coded fields can hold whatever its check digits say (ICAO 9303-3): the issuing state and
// the nationality are codes somebody issues, the sex is M, F, X or a filler, names are letters, and dates
// are days of the calendar. A check digit is one chance in ten of holding by accident; a misread that
// shifts cells or trades a letter for a digit often breaks one of these instead, so a reading whose digits
// all hold but whose sex is `2` or whose birth month is `20` is a misread, not a document.
import { MRZ_COUNTRY_CODES } from "./mrz-country-codes.js";
import type { MrzLayout } from "./mrz-formats.js";

/** [line, start] of each coded field, by format; absent where the format has none. */
interface Positions {
  nationality?: [number, number];
  birth: [number, number];
  expiry?: [number, number];
  sex: [number, number];
}

function positions(layout: MrzLayout): Positions {
  switch (layout.format) {
    case "TD1":
      return { nationality: [1, 15], birth: [1, 0], expiry: [1, 8], sex: [1, 7] };
    case "FRENCH_ID":
      // The French card: nationality fixed, no expiry, the birth date at 27 and the sex at 34 of line 2.
      return { birth: [1, 27], sex: [1, 34] };
    default:
      return { nationality: [1, 10], birth: [1, 13], expiry: [1, 21], sex: [1, 20] };
  }
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * YYMMDD as a day of the calendar (29 February allowed, the century being unknown here). A birth date
 * may leave its day, or its month and day, as fillers when the issuer does not know them (ICAO 9303-3
 * 4.2.2.3); an expiry may be all fillers where the document does not expire.
 */
function calendarDate(value: string, kind: "birth" | "expiry"): boolean {
  if (kind === "expiry" && value === "<<<<<<") return true;
  if (kind === "birth" && /^\d{2}(<<<<|\d{2}<<)$/.test(value))
    return value[2] === "<" || monthOk(value.slice(2, 4));
  if (!/^\d{6}$/.test(value)) return false;
  const month = Number(value.slice(2, 4));
  const day = Number(value.slice(4, 6));
  return monthOk(value.slice(2, 4)) && day >= 1 && day <= DAYS_IN_MONTH[month - 1]!;
}

function monthOk(mm: string): boolean {
  const month = Number(mm);
  return month >= 1 && month <= 12;
}

/**
 * Per coded field, whether it holds a value the field can hold: issuing_state, nationality (where the
 * format carries one), sex, names (letters and fillers), date_of_birth, expiry_date (where the format
 * carries one).
 */
export function mrzFieldRules(lines: string[], layout: MrzLayout): Record<string, boolean> {
  const at = ([row, start]: [number, number], length: number) =>
    lines[row]?.slice(start, start + length) ?? "";
  const where = positions(layout);
  const issuing = at([0, 2], 3);
  const rules: Record<string, boolean> = {
    issuing_state: layout.format === "FRENCH_ID" ? issuing === "FRA" : MRZ_COUNTRY_CODES.has(issuing),
  };
  if (where.nationality) rules.nationality = MRZ_COUNTRY_CODES.has(at(where.nationality, 3));
  rules.sex = /^[MFX<]$/.test(at(where.sex, 1));
  // Name columns hold letters and fillers only; a digit left there (no letter twin, as 9) is a misread.
  rules.names = layout.classes.every((classes, row) =>
    [...classes].every((cls, col) => cls !== "N" || /[A-Z<]/.test(lines[row]?.[col] ?? "")),
  );
  rules.date_of_birth = calendarDate(at(where.birth, 6), "birth");
  if (where.expiry) rules.expiry_date = calendarDate(at(where.expiry, 6), "expiry");
  return rules;
}
