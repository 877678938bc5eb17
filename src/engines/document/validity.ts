// Validity checks shared by the readers: expiry, date sanity and a minimum-age hook. Each failed check
// adds a stable warning code; invalidating codes make is_document_valid false.

export const INVALIDATING_WARNINGS = new Set([
  "mrz_checksum_failed",
  "mrz_field_invalid",
  "document_expired",
  "date_implausible",
  "vz_mrz_mismatch",
  "number_checksum_failed",
  "under_minimum_age",
]);

export interface ValidityOptions {
  /** Today, ISO date (injectable for tests). */
  today: string;
  /** Warn under_minimum_age when the holder is younger (years). */
  minimumAge?: number;
}

export interface DocumentDates {
  date_of_birth?: string;
  issue_date?: string;
  expiry_date?: string;
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(iso: string): boolean {
  if (!ISO.test(iso)) return false;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso;
}

export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

export function checkDates(dates: DocumentDates, options: ValidityOptions): string[] {
  const warnings: string[] = [];
  const { date_of_birth: dob, issue_date: issued, expiry_date: expiry } = dates;
  const present = [dob, issued, expiry].filter((d): d is string => Boolean(d));
  if (present.some((d) => !isRealDate(d))) warnings.push("date_implausible");
  else {
    const implausible =
      (dob !== undefined && (dob > options.today || dob < "1900-01-01")) ||
      (issued !== undefined && issued > options.today) ||
      (dob !== undefined && issued !== undefined && issued < dob) ||
      (issued !== undefined && expiry !== undefined && expiry <= issued);
    if (implausible) warnings.push("date_implausible");
  }
  if (expiry && isRealDate(expiry) && expiry < options.today) warnings.push("document_expired");
  if (
    options.minimumAge !== undefined &&
    dob &&
    isRealDate(dob) &&
    ageOn(dob, options.today) < options.minimumAge
  ) {
    warnings.push("under_minimum_age");
  }
  return warnings;
}

export function isValidGiven(warnings: string[]): boolean {
  return !warnings.some((w) => INVALIDATING_WARNINGS.has(w));
}
