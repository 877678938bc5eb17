// TD3 passports: the MRZ is the primary source (check digits verified by `mrz`), the visual zone is
// read to cross-check it (research/ocr.md: check digits alone let some misreads through).
import type { OcrEngine, OcrResult } from "../ocr/ocr-engine.js";
import { cleanName, editDistance, monthNameDates } from "./field-text.js";
import { readMrz } from "./mrz-reader.js";
import { type FieldReading, scoreReading } from "./reading.js";

const KEY_FIELDS = [
  "document_number",
  "surname",
  "given_names",
  "date_of_birth",
  "expiry_date",
  "nationality",
];

/** YYMMDD to ISO; birth dates in the future roll back a century, expiry dates stay in this one. */
export function mrzDateToIso(
  yymmdd: string | null | undefined,
  kind: "birth" | "expiry",
  today: string,
): string | null {
  if (!yymmdd || !/^\d{6}$/.test(yymmdd)) return null;
  const yy = Number(yymmdd.slice(0, 2));
  const currentYy = Number(today.slice(2, 4));
  const century = kind === "birth" ? (yy > currentYy ? 1900 : 2000) : yy >= 70 ? 1900 : 2000;
  return `${century + yy}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
}

const SEX: Record<string, string> = { male: "M", female: "F", nonspecified: "X" };

function crossCheck(fields: Record<string, string>, page: OcrResult): boolean {
  const text = page.text.toUpperCase();
  const tokens = text.split(/[^A-Z0-9]+/).filter(Boolean);
  const near = (value: string | undefined) =>
    !value || tokens.some((t) => Math.abs(t.length - value.length) <= 1 && editDistance(t, value) <= 1);
  const dates = monthNameDates(text);
  const datesAgree =
    dates.length === 0 ||
    ((!fields.date_of_birth || dates.includes(fields.date_of_birth)) &&
      (!fields.expiry_date || dates.includes(fields.expiry_date)));
  const surnameParts = (fields.surname ?? "").split(" ").filter(Boolean);
  return near(fields.document_number) && surnameParts.every((p) => near(p)) && datesAgree;
}

export async function readPassport(
  ocr: OcrEngine,
  png: Buffer,
  page: OcrResult,
  today: string,
): Promise<FieldReading | null> {
  const mrz = await readMrz(ocr, png, page);
  if (!mrz) return null;
  const f = mrz.parsed.fields;
  const fields: Record<string, string> = {};
  const set = (key: string, value: string | null | undefined) => {
    if (value) fields[key] = value;
  };
  set("document_number", f.documentNumber?.replace(/</g, ""));
  set("surname", f.lastName ? cleanName(f.lastName) : null);
  set("given_names", f.firstName ? cleanName(f.firstName) : null);
  set("nationality", f.nationality);
  set("issuing_country", f.issuingState);
  set("date_of_birth", mrzDateToIso(f.birthDate, "birth", today));
  set("sex", f.sex ? (SEX[f.sex] ?? f.sex) : null);
  set("expiry_date", mrzDateToIso(f.expirationDate, "expiry", today));
  set("personal_number", f.personalNumber?.replace(/</g, ""));
  // The visual zone also prints the issue date, which the MRZ lacks: the date that is neither of the others.
  const issue = monthNameDates(page.text).find((d) => d !== fields.date_of_birth && d !== fields.expiry_date);
  set("issue_date", issue);
  fields.mrz_line1 = mrz.lines[0];
  fields.mrz_line2 = mrz.lines[1];

  const warnings: string[] = [];
  if (!mrz.parsed.valid) warnings.push("mrz_checksum_failed");
  else if (!crossCheck(fields, page)) warnings.push("vz_mrz_mismatch");
  const confidence = scoreReading(fields, KEY_FIELDS, [mrz.agreement * 100, mrz.parsed.valid ? 100 : 40]);
  return { fields, translated: {}, warnings, confidence };
}
