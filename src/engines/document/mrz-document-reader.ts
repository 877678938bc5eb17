// Documents with a machine-readable zone (passports, ID cards, residence permits, visas): the MRZ is the
// primary source (every check digit judged), the visual zone is read to cross-check the names, which
// carry no check digit (research/ocr.md: check digits alone let some misreads through).
import type { OcrEngine, OcrResult } from "../ocr/ocr-engine.js";
import { editDistance, monthNameDates } from "./field-text.js";
import { type MrzDocumentKind, readMrzFields } from "./mrz-fields.js";
import type { MrzFormat } from "./mrz-formats.js";
import type { LocatedMrz } from "./mrz-locate.js";
import { type MrzReading, readLocatedZone, readMrz } from "./mrz-reader.js";
import { repairDoubledLettersFromVisualZone, repairNamesFromVisualZone } from "./mrz-visual-names.js";
import { type FieldReading, scoreReading } from "./reading.js";

export { mrzDateToIso } from "./mrz-fields.js";

const KEY_FIELDS = ["document_number", "surname", "given_names", "date_of_birth", "nationality", "sex"];

/** What the MRZ says beyond the fields: returned as the result's `mrz` (an extra key, spec: Versioning). */
export interface MrzSummary {
  format: MrzFormat;
  lines: string[];
  /** Per guarded field, whether its check digit holds. */
  checks: Record<string, boolean>;
  valid: boolean;
}

export interface MrzDocumentReading extends FieldReading {
  kind: MrzDocumentKind;
  mrz: MrzSummary;
}

/** Text of the page outside the MRZ lines: the visual zone. */
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

/**
 * Names have no check digit: when the visual zone was read well enough to judge (enough Latin words)
 * and neither the surname nor the document number appears in it, the MRZ and the page disagree.
 * Printed names may carry diacritics or transliterations, so one near token is enough.
 */
function visualZoneDisagrees(fields: Record<string, string>, page: OcrResult, mrz: MrzReading): boolean {
  const tokens = visualZoneTokens(page, mrz.lines);
  if (tokens.filter((t) => /^[A-Z]{3,}$/.test(t)).length < 6) return false;
  const near = (value: string) =>
    tokens.some(
      (t) =>
        Math.abs(t.length - value.length) <= 1 &&
        editDistance(t, value) <= Math.max(1, Math.floor(value.length / 5)),
    );
  const surnameSeen = (fields.surname ?? "").split(" ").some((p) => p.length < 3 || near(p));
  const numberSeen = !fields.document_number || near(fields.document_number);
  const dates = monthNameDates(page.text.toUpperCase());
  const birthSeen = dates.length === 0 || !fields.date_of_birth || dates.includes(fields.date_of_birth);
  return !(surnameSeen || numberSeen) || !birthSeen;
}

/**
 * Reads the MRZ from the zone located in the photograph (straightened, any rotation) and, when that
 * fails or does not validate, from the MRZ lines of the whole-page pass; a valid reading wins.
 */
export async function readMrzDocument(
  ocr: OcrEngine,
  located: LocatedMrz | null,
  png: Buffer,
  page: OcrResult,
  today: string,
): Promise<MrzDocumentReading | null> {
  let mrz: MrzReading | null = located ? await readLocatedZone(ocr, located, today) : null;
  // The page's own MRZ lines only when the locator found no zone: re-reading a located zone the
  // page-pass way costs three more OCR passes and rarely reads better (document-accuracy-mrz bench).
  if (!mrz) {
    const fromPage = await readMrz(ocr, png, page, today);
    if (fromPage && (!mrz || fromPage.valid)) mrz = fromPage;
  }
  if (!mrz) return null;
  const tokens = visualZoneTokens(page, mrz.lines);
  const named = repairNamesFromVisualZone(mrz.lines, mrz.format, tokens);
  if (named !== mrz.lines) {
    const reread = readMrzFields(named, today);
    if (reread) mrz = { ...reread, agreement: mrz.agreement };
  }
  const undoubled = repairDoubledLettersFromVisualZone(mrz.lines, mrz.format, tokens);
  if (undoubled !== mrz.lines) {
    const reread = readMrzFields(undoubled, today);
    const held = Object.entries(mrz.checks).filter(([, ok]) => ok);
    if (reread && held.every(([field]) => reread.checks[field]))
      mrz = { ...reread, agreement: mrz.agreement };
  }
  const fields: Record<string, string> = { ...mrz.fields, mrz_format: mrz.format };
  mrz.lines.forEach((line, i) => {
    fields[`mrz_line${i + 1}`] = line;
  });
  if (!fields.issue_date) {
    // The visual zone often prints the issue date, which the MRZ lacks: the date that is neither of the others.
    const issue = monthNameDates(page.text).find(
      (d) => d !== fields.date_of_birth && d !== fields.expiry_date,
    );
    if (issue) fields.issue_date = issue;
  }
  const warnings: string[] = [];
  if (!mrz.valid) warnings.push("mrz_checksum_failed");
  else if (visualZoneDisagrees(fields, page, mrz)) warnings.push("vz_mrz_mismatch");
  const confidence = scoreReading(fields, KEY_FIELDS, [mrz.agreement * 100, mrz.valid ? 100 : 40]);
  return {
    fields,
    translated: {},
    warnings,
    confidence,
    kind: mrz.kind,
    mrz: { format: mrz.format, lines: mrz.lines, checks: mrz.checks, valid: mrz.valid },
  };
}
