// Finding labelled values in OCR lines ("Name: RAM THAPA", "D.O.E.: 01-04-2030").
import type { OcrResult } from "../ocr/ocr-engine.js";

export interface TextLine {
  text: string;
  confidence: number;
}

export function linesOf(page: OcrResult): TextLine[] {
  return page.lines.map((l) => ({ text: l.text.trim(), confidence: l.confidence })).filter((l) => l.text);
}

/**
 * The value after `label` on the first line that has it: up to the next run of 2+ spaces followed by
 * another label-like "Word:" (two fields printed side by side), or the end of the line.
 */
export function valueAfter(lines: TextLine[], label: RegExp): { value: string; confidence: number } | null {
  for (const line of lines) {
    const m = label.exec(line.text);
    if (!m) continue;
    let rest = line.text.slice(m.index + m[0].length).replace(/^\s*[:;.,|]?\s*/, "");
    rest = rest.split(/\s{2,}(?=[A-Za-z.\u0900-\u097f ]{2,24}[:;])/)[0]!.trim();
    if (rest) return { value: rest, confidence: line.confidence };
  }
  return null;
}

/** "12-03-1985", "12/03/1985" or "12.03.1985" (day first) to ISO; null when not a real date. */
export function dayFirstToIso(text: string): string | null {
  const m = /(\d{1,2})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{4})/.exec(text);
  if (!m) return null;
  return toIso(Number(m[3]), Number(m[2]), Number(m[1]));
}

/** "2019-05-12" (year first) to ISO. */
export function yearFirstToIso(text: string): string | null {
  const m = /(\d{4})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{1,2})/.exec(text);
  if (!m) return null;
  return toIso(Number(m[1]), Number(m[2]), Number(m[3]));
}

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

/** Every "12 MAR 1985" date in the text, in order, as ISO. */
export function monthNameDates(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toUpperCase().matchAll(/\b(\d{1,2})\s*([A-Z]{3})[A-Z]*\s*(\d{4})\b/g)) {
    const month = MONTHS.indexOf(m[2]!) + 1;
    const iso = month > 0 ? toIso(Number(m[3]), month, Number(m[1])) : null;
    if (iso) out.push(iso);
  }
  return out;
}

/**
 * "25 JUN 19g¢": a month-name date of the 1900s whose last year digits were misread, as "MM-DD" (a day
 * of the month that exists); dates whose year reads whole are monthNameDates'.
 */
export function lastCenturyMonthDays(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toUpperCase().matchAll(/\b(\d{1,2})\s*([A-Z]{3})[A-Z]*\s*19(\S{0,3})/g)) {
    if (/^\d{2}\b/.test(m[3]!)) continue;
    const month = MONTHS.indexOf(m[2]!) + 1;
    const iso = month > 0 ? toIso(2000, month, Number(m[1])) : null;
    if (iso) out.push(iso.slice(5));
  }
  return out;
}

export function toIso(year: number, month: number, day: number): string | null {
  const iso = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

/** Upper-case Latin name: letters and single spaces only. */
export function cleanName(text: string): string {
  return text
    .toUpperCase()
    .replace(/[^A-Z .'-]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Levenshtein distance, for tolerant cross-checks between two readings of the same value. */
export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const temp = prev[j]!;
      prev[j] = Math.min(prev[j]! + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = temp;
    }
  }
  return prev[b.length]!;
}

/** Words as read, then each two neighbours joined: a word or number the page read split in two. */
export function joinedNeighbours(words: string[]): string[] {
  return [...words, ...words.slice(1).map((w, i) => words[i] + w)];
}
