// Documents with a machine-readable zone (passports, ID cards, residence permits, visas): the MRZ is the
// primary source (every check digit judged), the visual zone is read to cross-check the names, which
// carry no check digit (research/ocr.md: check digits alone let some misreads through).
import type { OcrEngine, OcrResult } from "../ocr/ocr-engine.js";
import { editDistance, joinedNeighbours, lastCenturyMonthDays, monthNameDates } from "./field-text.js";
import { type MrzDocumentKind, readMrzFields } from "./mrz-fields.js";
import type { MrzFormat } from "./mrz-formats.js";
import type { LocatedMrz } from "./mrz-locate.js";
import { type MrzReading, readLocatedZone, readMrz } from "./mrz-reader.js";
import {
  repairLetterFromVisualZone,
  repairNamesFromVisualZone,
  restoreLostInitialsFromVisualZone,
} from "./mrz-visual-names.js";
import { repairNumberFromVisualZone } from "./mrz-visual-number.js";
import { type PageReread, pageTurn, readPageUpright, zoneTilt } from "./page-orientation.js";
import { type FieldReading, scoreReading } from "./reading.js";

export { mrzDateToIso } from "./mrz-fields.js";

const KEY_FIELDS = ["document_number", "surname", "given_names", "date_of_birth", "nationality", "sex"];

/** What the MRZ says beyond the fields: returned as the result's `mrz` (an extra key, spec: Versioning). */
export interface MrzSummary {
  format: MrzFormat;
  lines: string[];
  /** Per guarded field, whether its check digit holds. */
  checks: Record<string, boolean>;
  /** Per coded field, whether it holds a value the field can (a known country code, a calendar date, …). */
  field_rules: Record<string, boolean>;
  /** Every check digit holds and every coded field is well formed. */
  valid: boolean;
}

export interface MrzDocumentReading extends FieldReading {
  kind: MrzDocumentKind;
  mrz: MrzSummary;
}

/** Text of the page outside the MRZ lines (read roughly: a third of a line's characters may differ). */
function visualZoneTokens(page: OcrResult, lines: string[]): string[] {
  const inMrz = (text: string) => {
    const t = text.replace(/\s+/g, "");
    return t.length >= 24 && lines.some((l) => editDistance(t.slice(0, l.length), l) <= l.length / 3);
  };
  return page.lines
    .filter((l) => !inMrz(l.text))
    .flatMap((l) => l.text.toUpperCase().split(/[^A-Z0-9]+/))
    .filter(Boolean);
}

/** Letters and digits OCR takes for each other, as one: a near match must not fail on them. */
const twinsAlike = (text: string) =>
  text.replace(/[OQD]/g, "0").replace(/[IL]/g, "1").replace(/S/g, "5").replace(/B/g, "8").replace(/Z/g, "2");

/** A VIZ date this far or more before today may be a birth date; nearer ones are issue dates (or a minor's
 * birth date, which then goes unjudged). */
const BIRTH_BEFORE_YEARS = 10;

/**
 * Names have no check digit, so the MRZ is compared with the visual zone — but only where the page read
 * shows the holder's data, never on what it failed to read. The page must hold enough Latin words and a
 * printed date that can only be a birth date (a real year, at least BIRTH_BEFORE_YEARS before `today`, not
 * the expiry): a card's back, a page read upside down or garbled by print under the text, or a minor's
 * document shows none (a 1900s date whose last year digits were misread counts, by its day and month).
 * Then neither the surname nor the document number near any word there while the page shows another
 * word in a document number's shape, or no such date equal to the MRZ's birth date (exactly: a forger's
 * one-digit change of the birth year is what this is for), is a disagreement. Printed names may carry
 * diacritics or transliterations, so one near token is enough. The former rule (surname and number on any
 * page with six words; any printed date other than the birth date) held 14 of 84 genuine real-style
 * development captures (seeds 1000–1001) for review: expiry dates taken for birth dates, card backs, pages
 * read upside down or at low resolution.
 */
export function visualZoneDisagrees(
  fields: Record<string, string>,
  page: OcrResult,
  mrz: Pick<MrzReading, "lines">,
  today: string,
): boolean {
  const tokens = visualZoneTokens(page, mrz.lines);
  if (tokens.filter((t) => /^[A-Z]{3,}$/.test(t)).length < 6) return false;
  const latestBirth = `${Number(today.slice(0, 4)) - BIRTH_BEFORE_YEARS}${today.slice(4)}`;
  const births = monthNameDates(page.text.toUpperCase()).filter(
    (d) => d >= "1900" && d <= latestBirth && d !== fields.expiry_date,
  );
  // Failing a whole one, a 1900s date whose last year digits were misread ("25 JUN 19g¢") can only be a
  // birth date too: its day and month are judged.
  const monthDays = births.length === 0 ? lastCenturyMonthDays(page.text) : [];
  if (births.length === 0 && monthDays.length === 0) return false;
  // Words the page read split in two count joined too (PAP ADOPOULOS), and a number's visual twins the
  // same (II111861 printed, 11111861 read).
  const words = joinedNeighbours(tokens).map(twinsAlike);
  const near = (value: string) =>
    words.some(
      (t) =>
        Math.abs(t.length - value.length) <= 1 &&
        editDistance(t, value) <= Math.max(1, Math.floor(value.length / 5)),
    );
  const surnameSeen = (fields.surname ?? "").split(" ").some((p) => p.length < 3 || near(twinsAlike(p)));
  const numberSeen = !fields.document_number || near(twinsAlike(fields.document_number));
  const birth = fields.date_of_birth;
  const birthSeen =
    !birth ||
    (births.length > 0
      ? births.includes(birth)
      : birth.startsWith("19") && monthDays.includes(birth.slice(5)));
  // A page read that missed the holder's own lines (low resolution; a layout analysis that skipped the
  // block beside the portrait) shows labels and dates alone: neither the surname nor the number seen
  // disagrees only where the page shows some other document number.
  const otherNumber = tokens.some(looksLikeDocumentNumber);
  return (!surnameSeen && !numberSeen && otherNumber) || !birthSeen;
}

/** A word in a document number's shape: 6 to 12 letters and digits, at least two of them digits. */
const looksLikeDocumentNumber = (word: string) =>
  /^[A-Z0-9]{6,12}$/.test(word) && (word.match(/\d/g)?.length ?? 0) >= 2;

/**
 * Reads the MRZ from the zone located in the photograph (straightened, any rotation) and, when that
 * reads nothing, from the MRZ lines of the whole-page pass; a valid reading wins. `readPageAsItLies` reads
 * the page for its visual zone, `withZone` false when the zone's strip read it surely (every cell at one
 * size as the glyph classifier reads it): then the page's own reading of the zone's lines, a second
 * opinion on the names the visual-zone repairs can draw on, is not worth its time (zone-on-page.ts). With
 * `reread`, a document the located zone shows lying sideways or upside down, or tilted otherwise than the
 * page was straightened, has its page read again upright and straight (page-orientation.ts), so its visual
 * zone is read too.
 */
export async function readMrzDocument(
  ocr: OcrEngine,
  located: LocatedMrz | null,
  pagePng: () => Promise<Buffer>,
  readPageAsItLies: (withZone: boolean) => Promise<OcrResult>,
  today: string,
  reread?: PageReread,
): Promise<MrzDocumentReading | null> {
  let mrz: MrzReading | null = located ? await readLocatedZone(ocr, located, today) : null;
  const withZone = !mrz?.confirmed;
  let page = await readPageAsItLies(withZone);
  // The page's own MRZ lines only when the locator found no zone or its strip read nothing: re-reading a
  // located zone the page-pass way costs three more OCR passes and rarely reads better
  // (document-accuracy-mrz bench).
  if (!mrz) {
    const fromPage = await readMrz(ocr, await pagePng(), page, today);
    if (fromPage && (!mrz || fromPage.valid)) mrz = fromPage;
  }
  if (!mrz) return null;
  if (located && reread && mrz.upsideDown !== undefined) {
    const turn = pageTurn(located.direction, mrz.upsideDown);
    page = (await readPageUpright(page, turn, zoneTilt(located.direction), reread, withZone)) ?? page;
  }
  const tokens = visualZoneTokens(page, mrz.lines);
  const named = repairNamesFromVisualZone(mrz.lines, mrz.format, tokens);
  if (named !== mrz.lines) {
    const fixed = readMrzFields(named, today);
    if (fixed) mrz = { ...mrz, ...fixed };
  }
  const repairs = [
    (r: MrzReading) => repairLetterFromVisualZone(r.lines, r.format, tokens, r.seen),
    (r: MrzReading) => restoreLostInitialsFromVisualZone(r.lines, r.format, tokens),
    (r: MrzReading) => repairNumberFromVisualZone(r.lines, r.format, tokens, r.seen),
  ];
  for (const repair of repairs) {
    const repaired = repair(mrz);
    if (repaired === mrz.lines) continue;
    const fixed = readMrzFields(repaired, today);
    const held = Object.entries(mrz.checks).filter(([, ok]) => ok);
    if (fixed && held.every(([field]) => fixed.checks[field])) mrz = { ...mrz, ...fixed };
  }
  const fields: Record<string, string> = { ...mrz.fields, mrz_format: mrz.format };
  mrz.lines.forEach((line, i) => {
    fields[`mrz_line${i + 1}`] = line;
  });
  if (!fields.issue_date) {
    // The visual zone often prints the issue date, which the MRZ lacks: a date that is neither of the others
    // and could be one — after the birth, not after today, before the expiry (a misread birth year such
    // as 1034 is not taken for it, and would otherwise hold the document as date_implausible).
    const issue = monthNameDates(page.text).find(
      (d) =>
        d !== fields.date_of_birth &&
        d !== fields.expiry_date &&
        d > (fields.date_of_birth ?? "1900") &&
        d <= today &&
        (!fields.expiry_date || d < fields.expiry_date),
    );
    if (issue) fields.issue_date = issue;
  }
  const warnings: string[] = [];
  if (!Object.values(mrz.checks).every(Boolean)) warnings.push("mrz_checksum_failed");
  else if (!mrz.valid) warnings.push("mrz_field_invalid");
  else if (visualZoneDisagrees(fields, page, mrz, today)) warnings.push("vz_mrz_mismatch");
  const confidence = scoreReading(fields, KEY_FIELDS, [mrz.agreement * 100, mrz.valid ? 100 : 40]);
  return {
    fields,
    translated: {},
    warnings,
    confidence,
    kind: mrz.kind,
    mrz: {
      format: mrz.format,
      lines: mrz.lines,
      checks: mrz.checks,
      field_rules: mrz.fieldRules,
      valid: mrz.valid,
    },
  };
}
