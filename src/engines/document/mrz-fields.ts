// Turns read MRZ lines into the document fields: `mrz` parses the layout (ICAO TD1/TD2/TD3 and the
// French ID card; visas are parsed as the ICAO layout of the same size, which shares their fields),
// our layout table judges every check digit, and two-digit years get their century here.
import { parse } from "mrz";
import { mrzFieldRules } from "./mrz-field-rules.js";
import { checkHolds, layoutFor, type MrzFormat, type MrzLayout } from "./mrz-formats.js";

/** What a document is, from the MRZ's document code (ICAO 9303-3 4.2.2 and usage by issuers). */
export type MrzDocumentKind = "passport" | "id_card" | "visa" | "residence_permit";

export interface MrzReadResult {
  format: MrzFormat;
  kind: MrzDocumentKind;
  lines: string[];
  /** Field values, dates ISO; names with spaces. */
  fields: Record<string, string>;
  /** Per guarded field: whether its check digit holds (document_number, date_of_birth, …, composite). */
  checks: Record<string, boolean>;
  /**
   * Per coded field: whether it holds a value the field can (issuing_state and nationality a known code,
   * sex M/F/X/<, names letters, date_of_birth and expiry_date days of the calendar); mrz-field-rules.ts.
   */
  fieldRules: Record<string, boolean>;
  /** Every check digit holds and every coded field can be what it says. */
  valid: boolean;
}

const SEX: Record<string, string> = { male: "M", female: "F", nonspecified: "X" };

/**
 * YYMMDD (or YYMM) to ISO with the century a real reader needs: a birth date is in the past (at most
 * today), an expiry date at most 50 years ahead (so `31` is 2031, not 1931), an issue date in the past.
 */
export function mrzDateToIso(
  digits: string | null | undefined,
  kind: "birth" | "expiry" | "issue",
  today: string,
): string | null {
  if (!digits || !/^\d{4}(\d{2})?$/.test(digits)) return null;
  const yy = Number(digits.slice(0, 2));
  const month = digits.slice(2, 4);
  const day = digits.length === 6 ? digits.slice(4, 6) : "01";
  if (Number(month) < 1 || Number(month) > 12 || Number(day) < 1 || Number(day) > 31) return null;
  const thisYear = Number(today.slice(0, 4));
  let year = 2000 + yy;
  if (kind === "expiry") {
    if (year > thisYear + 50) year -= 100;
  } else if (`${year}-${month}-${day}` > today) {
    year -= 100;
  }
  return `${year}-${month}-${day}`;
}

export function documentKindOf(code: string): MrzDocumentKind {
  if (code.startsWith("P")) return "passport";
  if (code.startsWith("V")) return "visa";
  // Residence permits: ICAO 9303 leaves the second letter to the issuer; IR/AR/CR and RP are the usual ones.
  if (/^[IAC]R$|^RP$/.test(code)) return "residence_permit";
  return "id_card";
}

function cleanName(value: string | null | undefined): string | undefined {
  const name = value?.replace(/</g, " ").replace(/\s+/g, " ").trim();
  return name || undefined;
}

function cleanCode(value: string | null | undefined): string | undefined {
  const code = value?.replace(/</g, "").trim();
  return code || undefined;
}

/** mrz knows no visa layouts: parse a visa as the ICAO layout of its size, with a document code it accepts. */
function parseWithMrz(layout: MrzLayout, lines: string[]) {
  let input = lines;
  if (layout.format === "MRVA") input = [`P${lines[0]!.slice(1)}`, lines[1]!];
  if (layout.format === "MRVB") input = [`I<${lines[0]!.slice(2)}`, lines[1]!];
  try {
    return parse(input, { autocorrect: false });
  } catch {
    return null;
  }
}

/** TD1 document numbers over nine characters continue in the optional field (ICAO 9303-5). */
function td1DocumentNumber(line1: string): string {
  const base = line1.slice(5, 14).replace(/<+$/, "");
  if (line1[14] !== "<") return base;
  const rest = /^[A-Z0-9]+/.exec(line1.slice(15))?.[0];
  return rest && rest.length >= 2 ? base + rest.slice(0, -1) : base;
}

export function readMrzFields(lines: string[], today: string): MrzReadResult | null {
  const layout = layoutFor(lines);
  if (!layout || lines.some((l) => l.length !== layout.columns)) return null;
  const parsed = parseWithMrz(layout, lines);
  const f = parsed?.fields ?? {};
  const fields: Record<string, string> = {};
  const set = (key: string, value: string | null | undefined) => {
    if (value) fields[key] = value;
  };
  const code = lines[0]!.slice(0, 2).replace(/<$/, "");
  set("document_code", code);
  // Raw positions rather than mrz's values: mrz drops codes it does not list (the ICAO specimen's UTO).
  set("issuing_country", cleanCode(lines[0]!.slice(2, 5)));
  if (layout.format === "TD1") {
    set("document_number", td1DocumentNumber(lines[0]!));
    set("nationality", cleanCode(lines[1]!.slice(15, 18)));
    set("optional_data", cleanCode(lines[0]!.slice(15, 30)));
    set("optional_data_2", cleanCode(lines[1]!.slice(18, 29)));
  } else if (layout.format === "FRENCH_ID") {
    set("document_number", lines[1]!.slice(0, 12));
    set("nationality", "FRA");
    set("issue_date", mrzDateToIso(lines[1]!.slice(0, 4), "issue", today));
  } else {
    set("document_number", cleanCode(lines[1]!.slice(0, 9)));
    set("nationality", cleanCode(lines[1]!.slice(10, 13)));
    const optional = cleanCode(lines[1]!.slice(28, layout.format === "TD3" ? 42 : layout.columns - 1));
    set(layout.format === "TD3" ? "personal_number" : "optional_data", optional);
  }
  set("surname", cleanName(f.lastName));
  set("given_names", cleanName(f.firstName));
  set("date_of_birth", mrzDateToIso(f.birthDate, "birth", today));
  if (f.expirationDate) set("expiry_date", mrzDateToIso(f.expirationDate, "expiry", today));
  set("sex", f.sex ? (SEX[f.sex] ?? f.sex) : undefined);
  if (!fields.sex) {
    const sexColumn = layout.classes.findIndex((c) => c.includes("S"));
    const s = lines[sexColumn]?.[layout.classes[sexColumn]!.indexOf("S")];
    if (s === "M" || s === "F") fields.sex = s;
  }

  const checks: Record<string, boolean> = {};
  for (const check of layout.checks) checks[check.field] = checkHolds(lines, check);
  const fieldRules = mrzFieldRules(lines, layout);
  return {
    format: layout.format,
    kind: documentKindOf(code),
    lines,
    fields,
    checks,
    fieldRules,
    valid: Object.values(checks).every(Boolean) && Object.values(fieldRules).every(Boolean),
  };
}
