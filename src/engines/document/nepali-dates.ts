// Bikram Sambat (the Nepali civil calendar) dates on Nepali documents, converted to ISO 8601.
import bs from "bikram-sambat";

const DEVANAGARI_ZERO = 0x0966;

/** Replaces Devanagari digits (०–९) with ASCII digits; other characters are kept. */
export function toAsciiDigits(text: string): string {
  return text.replace(/[०-९]/g, (d) => String(d.charCodeAt(0) - DEVANAGARI_ZERO));
}

/** BS year/month/day to a Gregorian ISO date; null when the BS date does not exist or is out of range. */
export function bikramSambatToIso(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || month < 1 || month > 12 || day < 1) return null;
  try {
    if (day > bs.daysInMonth(year, month)) return null;
    const g = bs.toGreg(year, month, day);
    return `${g.year}-${String(g.month).padStart(2, "0")}-${String(g.day).padStart(2, "0")}`;
  } catch {
    // The table covers 1970–2100 BS; anything else is not a date we can vouch for.
    return null;
  }
}

/**
 * Finds a BS date in a fragment such as "साल २०४१ महिना ११ गते २९" or "२०४१/११/२९" and converts it.
 * Returns both the BS date ("2041-11-29") and the ISO Gregorian date.
 */
export function parseBikramSambatDate(fragment: string): { bs: string; iso: string } | null {
  const numbers = toAsciiDigits(fragment).match(/\d+/g)?.map(Number) ?? [];
  const yearAt = numbers.findIndex((n) => n >= 1970 && n <= 2100);
  if (yearAt < 0 || numbers.length < yearAt + 3) return null;
  const [year, month, day] = numbers.slice(yearAt, yearAt + 3) as [number, number, number];
  const iso = bikramSambatToIso(year, month, day);
  if (!iso) return null;
  return { bs: `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`, iso };
}
