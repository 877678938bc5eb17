// Dates as bills and statements print them: day-first numerics (15/07/2026), ISO, month names in English
// (15 Jul 2026, July 15, 2026) and Bikram Sambat in either script (२०८१/०४/१५, 2081-04-15, २०८१ साउन १५).
// A four-digit year from 2070 to 2100 is Bikram Sambat (Gregorian documents that far ahead do not exist).
import { bikramSambatToIso, toAsciiDigits } from "../document/nepali-dates.js";

export interface FoundDate {
  iso: string;
  /** The Bikram Sambat date as printed (YYYY-MM-DD), when the document used that calendar. */
  bs: string | null;
  /** Where in the (ASCII-digit) text it starts. */
  index: number;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** Bikram Sambat month names (Nepali and their common Latin spellings), 1-based by position. */
const BS_MONTHS: readonly string[][] = [
  ["बैशाख", "वैशाख", "baisakh", "baishakh"],
  ["जेठ", "जेष्ठ", "jestha", "jeth"],
  ["असार", "आषाढ", "asar", "ashadh"],
  ["साउन", "श्रावण", "shrawan", "saun"],
  ["भदौ", "भाद्र", "bhadra", "bhadau"],
  ["असोज", "आश्विन", "ashwin", "asoj"],
  ["कात्तिक", "कार्तिक", "kartik", "kattik"],
  ["मंसिर", "मङ्सिर", "मार्ग", "mangsir"],
  ["पुस", "पौष", "poush", "push"],
  ["माघ", "magh"],
  ["फागुन", "फाल्गुन", "falgun", "phagun"],
  ["चैत", "चैत्र", "chaitra", "chait"],
];

const isBsYear = (year: number) => year >= 2070 && year <= 2100;

function gregorian(year: number, month: number, day: number): string | null {
  if (year < 1990 || year > 2069) return null;
  const iso = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

function dated(year: number, month: number, day: number, index: number): FoundDate | null {
  if (isBsYear(year)) {
    const iso = bikramSambatToIso(year, month, day);
    if (!iso) return null;
    return { iso, bs: `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`, index };
  }
  const iso = gregorian(year, month, day);
  return iso ? { iso, bs: null, index } : null;
}

/** Every date in `text`, in order of appearance. */
export function findDates(raw: string): FoundDate[] {
  const normalised = raw.normalize("NFC");
  // Devanagari digits map one to one onto ASCII ones, so indices stay valid in both strings.
  const text = toAsciiDigits(normalised);
  const found: FoundDate[] = [];
  const push = (date: FoundDate | null, length = 10) => {
    if (!date || found.some((other) => Math.abs(other.index - date.index) < 4)) return;
    // A date written in Devanagari digits is a Bikram Sambat date: a Gregorian-looking year there is a
    // misread one (२०८३ OCR'd as २००३), not a document twenty years old.
    if (date.bs === null && /[०-९]/u.test(normalised.slice(date.index, date.index + length))) return;
    found.push(date);
  };
  // Separators as OCR reads a slash on a photo: | [ ] \ as well as - / .
  for (const m of text.matchAll(/\b(\d{4})\s*[-/.|[\]\\]\s*(\d{1,2})\s*[-/.|[\]\\]\s*(\d{1,2})\b/g)) {
    push(dated(Number(m[1]), Number(m[2]), Number(m[3]), m.index), m[0].length);
  }
  for (const m of text.matchAll(/\b(\d{1,2})\s*[-/.|[\]\\]\s*(\d{1,2})\s*[-/.|[\]\\]\s*(\d{4})\b/g)) {
    push(dated(Number(m[3]), Number(m[2]), Number(m[1]), m.index), m[0].length);
  }
  const lower = text.toLowerCase();
  for (const m of lower.matchAll(/\b(\d{1,2})(?:st|nd|rd|th)?[\s-]+([a-z]{3,9})\.?,?[\s-]+(\d{4})\b/g)) {
    const month = MONTHS.indexOf(m[2]!.slice(0, 3)) + 1;
    if (month > 0 && m[2]!.length <= 9) push(dated(Number(m[3]), month, Number(m[1]), m.index));
  }
  for (const m of lower.matchAll(/\b([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/g)) {
    const month = MONTHS.indexOf(m[1]!.slice(0, 3)) + 1;
    if (month > 0) push(dated(Number(m[3]), month, Number(m[2]), m.index));
  }
  // Bikram Sambat with a month name: "२०८१ साउन १५", "15 Shrawan 2081", "साउन १५, २०८१".
  for (let month = 1; month <= 12; month++) {
    for (const name of BS_MONTHS[month - 1]!) {
      const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      const patterns = [
        new RegExp(`(\\d{4})\\s*(?:साल\\s*)?${escaped}\\s*(?:महिना\\s*)?(\\d{1,2})`, "giu"),
        new RegExp(`(\\d{1,2})\\s*(?:गते\\s*)?${escaped},?\\s*(\\d{4})`, "giu"),
      ];
      for (const [which, pattern] of patterns.entries()) {
        for (const m of text.matchAll(pattern)) {
          const year = Number(which === 0 ? m[1] : m[2]);
          const day = Number(which === 0 ? m[2] : m[1]);
          if (isBsYear(year)) push(dated(year, month, day, m.index));
        }
      }
    }
  }
  return found.sort((a, b) => a.index - b.index);
}
