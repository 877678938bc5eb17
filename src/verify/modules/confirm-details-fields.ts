// CONFIRM_DETAILS: which document fields the applicant sees and which config name (a "group") covers each.
// A field id is the document engine's key (`full_name`, `date_of_birth`, `citizenship_number`…); the Latin
// transliteration of a Devanagari value is shown beside it as `<key>_latin`. Config names groups, so
// `full_name` covers every written form of the name and `document_number` every kind of document number.
import type { ScreenedParty } from "../../identities/aml-monitoring/enrol-identity.js";
import type { ConfirmField } from "../applicant/step-contract.js";

/** The groups a node may list in `editable_fields` and `review_on_change`. */
export const CONFIRMABLE_GROUPS = [
  "full_name",
  "date_of_birth",
  "sex",
  "nationality",
  "issuing_country",
  "document_number",
  "father_name",
  "birth_district",
  "permanent_district",
  "issuing_district",
  "address",
  "issue_date",
  "expiry_date",
] as const;
export type ConfirmableGroup = (typeof CONFIRMABLE_GROUPS)[number];

const GROUP_MEMBERS: Partial<Record<string, ConfirmableGroup>> = {
  given_names: "full_name",
  surname: "full_name",
  date_of_birth_bs: "date_of_birth",
  issue_date_bs: "issue_date",
  citizenship_number: "document_number",
  license_number: "document_number",
  pan_number: "document_number",
  aadhaar_number: "document_number",
  personal_number: "document_number",
};

/** Shown first, in this order; any other field the document gave follows in alphabetical order. */
const DISPLAY_ORDER = [
  "full_name",
  "given_names",
  "surname",
  "date_of_birth",
  "date_of_birth_bs",
  "sex",
  "nationality",
  "document_number",
  "citizenship_number",
  "license_number",
  "pan_number",
  "aadhaar_number",
  "personal_number",
  "father_name",
  "birth_district",
  "permanent_district",
  "address",
  "issuing_country",
  "issuing_district",
  "issue_date",
  "issue_date_bs",
  "expiry_date",
];

/** The reader's own workings (MRZ lines and format, document code): in id_verifications, not for the applicant. */
const TECHNICAL = /^(mrz_|optional_data|document_code$)/;

const DATE_FIELDS = new Set(["date_of_birth", "issue_date", "expiry_date"]);
const DEVANAGARI = /[\u0900-\u097F]/;

/** The group a field belongs to (null: never editable, e.g. `blood_group`). */
export function groupOf(fieldId: string): ConfirmableGroup | null {
  const base = fieldId.endsWith("_latin") ? fieldId.slice(0, -"_latin".length) : fieldId;
  const group = GROUP_MEMBERS[base] ?? base;
  return (CONFIRMABLE_GROUPS as readonly string[]).includes(group) ? (group as ConfirmableGroup) : null;
}

/**
 * The document's reading as one flat map: its fields (less the reader's technical ones) plus `<key>_latin`
 * for each transliteration.
 */
export function originalValues(reading: {
  fields: Record<string, string>;
  translated_fields: Record<string, string>;
}): Record<string, string> {
  const values = Object.fromEntries(Object.entries(reading.fields).filter(([key]) => !TECHNICAL.test(key)));
  for (const [key, value] of Object.entries(reading.translated_fields)) {
    if (value && value !== reading.fields[key]) values[`${key}_latin`] = value;
  }
  return values;
}

function rank(id: string): number {
  const base = id.endsWith("_latin") ? id.slice(0, -"_latin".length) : id;
  const index = DISPLAY_ORDER.indexOf(base);
  return index === -1 ? DISPLAY_ORDER.length : index;
}

/**
 * The fields the screen lists: every value read, plus an empty full name and date of birth when they are
 * editable but were not read (a missed reading can be filled in; a passport's name parts stand for full_name).
 */
export function confirmFields(original: Record<string, string>, editable: readonly string[]): ConfirmField[] {
  const ids = Object.keys(original);
  const hasName = ["full_name", "given_names", "surname"].some((id) => id in original);
  if (editable.includes("full_name") && !hasName) ids.push("full_name");
  if (editable.includes("date_of_birth") && !("date_of_birth" in original)) ids.push("date_of_birth");
  ids.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return ids.map((id) => {
    const value = original[id] ?? null;
    const group = groupOf(id);
    return {
      id,
      type: DATE_FIELDS.has(id) ? "date" : "text",
      script: value && DEVANAGARI.test(value) ? "devanagari" : "latin",
      value,
      editable: group !== null && editable.includes(group),
    };
  });
}

function text(value: string | undefined): string | null {
  return value?.trim() ? value.trim() : null;
}

/** The person AML screens from confirmed values (the same reading of names AML applies to a document). */
export function partyFromConfirmed(confirmed: Record<string, string>): ScreenedParty | null {
  const fullName =
    text(confirmed.full_name) ??
    ([text(confirmed.given_names), text(confirmed.surname)].filter(Boolean).join(" ") ||
      text(confirmed.full_name_latin));
  if (!fullName) return null;
  return {
    full_name: fullName,
    date_of_birth: text(confirmed.date_of_birth),
    nationality: text(confirmed.nationality),
  };
}
