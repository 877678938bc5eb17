// Date formats printed on the specimens; Bikram Sambat conversion through the same library the reader uses
// would make the test circular, so ground truth BS dates come from bikram-sambat while the reader is
// checked against the ISO date the generator started from.
import bs from "bikram-sambat";

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
const DEVANAGARI_DIGITS = "०१२३४५६७८९";

export function addYears(iso: string, years: number): string {
  return `${Number(iso.slice(0, 4)) + years}${iso.slice(4)}`;
}

/** "12 MAR 1985" as on a passport's visual zone. */
export function visualDate(iso: string): string {
  return `${iso.slice(8, 10)} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
}

/** "12-03-1985" as on a Nepal driving licence. */
export function dayFirstDate(iso: string, separator = "-"): string {
  return [iso.slice(8, 10), iso.slice(5, 7), iso.slice(0, 4)].join(separator);
}

export function toDevanagariDigits(text: string): string {
  return text.replace(/[0-9]/g, (d) => DEVANAGARI_DIGITS[Number(d)]!);
}

/** { iso: "2041-11-29", year, month, day } in Bikram Sambat for a Gregorian ISO date. */
export function toBikramSambat(iso: string): { iso: string; year: number; month: number; day: number } {
  const d = bs.toBik(iso);
  const text = `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
  return { iso: text, year: d.year, month: d.month, day: d.day };
}

export function randomDateBetween(
  random: { int(a: number, b: number): number },
  from: number,
  to: number,
): string {
  const m = random.int(1, 12);
  const d = random.int(1, 28);
  return `${random.int(from, to)}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}
