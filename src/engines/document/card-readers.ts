// Latin-text cards read by their labels: Nepal PAN card, Nepal driving licence, Aadhaar-type card.
import type { OcrResult } from "../ocr/ocr-engine.js";
import { cleanName, dayFirstToIso, linesOf, valueAfter, yearFirstToIso } from "./field-text.js";
import { type FieldReading, scoreReading } from "./reading.js";
import { verhoeffValid } from "./verhoeff.js";

function collector() {
  const fields: Record<string, string> = {};
  const confidences: number[] = [];
  const keep = (key: string, value: string | null | undefined, confidence: number) => {
    if (!value) return;
    fields[key] = value;
    confidences.push(confidence);
  };
  return { fields, confidences, keep };
}

/** Nepal PAN: a 9-digit Permanent Account Number (printed spaced or not). */
export function readPanCard(page: OcrResult): FieldReading {
  const lines = linesOf(page);
  const { fields, confidences, keep } = collector();
  const digitsLine = lines.find((l) => /^(?:\D{0,12})(\d\s?){9}\s*$/.test(l.text.replace(/[Oo]/g, "0")));
  const pan = (digitsLine?.text ?? page.text.match(/(?:\d\s?){9}(?!\d)/)?.[0] ?? "").replace(/\D/g, "");
  keep("pan_number", pan.length === 9 ? pan : null, digitsLine?.confidence ?? 50);
  const name = valueAfter(lines, /\bName\b/i);
  keep("full_name", name && cleanName(name.value), name?.confidence ?? 0);
  const address = valueAfter(lines, /\bAddress\b/i);
  keep("address", address?.value.toUpperCase().replace(/\s*-\s*/g, "-"), address?.confidence ?? 0);
  const issued = valueAfter(lines, /Issue\s*Date/i);
  keep(
    "issue_date",
    issued && (yearFirstToIso(issued.value) ?? dayFirstToIso(issued.value)),
    issued?.confidence ?? 0,
  );
  return {
    fields,
    translated: {},
    warnings: [],
    confidence: scoreReading(fields, ["pan_number", "full_name"], confidences),
  };
}

/** Nepal driving licence: D.L.No., name, dates (day first), categories, blood group. */
export function readDrivingLicence(page: OcrResult): FieldReading {
  const lines = linesOf(page);
  const { fields, confidences, keep } = collector();
  const number = valueAfter(lines, /D\.?\s?L\.?\s?No\.?/i);
  keep(
    "license_number",
    number?.value.match(/\d{2}\s*-\s*\d{2}\s*-\s*\d{6,9}/)?.[0]?.replace(/\s/g, ""),
    number?.confidence ?? 0,
  );
  const name = valueAfter(lines, /\bName\b/i);
  keep("full_name", name && cleanName(name.value), name?.confidence ?? 0);
  const address = valueAfter(lines, /\bAddress\b/i);
  keep("address", address && cleanName(address.value), address?.confidence ?? 0);
  const dob = valueAfter(lines, /D\.?\s?[O0]\.?\s?B\.?/i);
  keep("date_of_birth", dob && dayFirstToIso(dob.value), dob?.confidence ?? 0);
  const doi = valueAfter(lines, /D\.?\s?[O0]\.?\s?[I1l|]\.?/i);
  keep("issue_date", doi && dayFirstToIso(doi.value), doi?.confidence ?? 0);
  const doe = valueAfter(lines, /D\.?\s?[O0]\.?\s?E\.?/i);
  keep("expiry_date", doe && dayFirstToIso(doe.value), doe?.confidence ?? 0);
  const category = valueAfter(lines, /Categor(?:y|ies)/i);
  const categories = category?.value.toUpperCase().match(/\b[A-K]\d?\b/g);
  keep("categories", categories?.join(","), category?.confidence ?? 0);
  const blood = valueAfter(lines, /B\.?\s?G\.?/);
  keep(
    "blood_group",
    blood?.value
      .toUpperCase()
      .match(/\b(AB|A|B|O)\s?[+-]/)?.[0]
      ?.replace(/\s/g, ""),
    blood?.confidence ?? 0,
  );
  return {
    fields,
    translated: {},
    warnings: [],
    confidence: scoreReading(
      fields,
      ["license_number", "full_name", "date_of_birth", "expiry_date"],
      confidences,
    ),
  };
}

export function readAadhaarCard(page: OcrResult): FieldReading {
  const lines = linesOf(page);
  const { fields, confidences, keep } = collector();
  const warnings: string[] = [];
  const numberLine = lines.find((l) => /\b\d{4}\s+\d{4}\s+\d{4}\b/.test(l.text));
  const number = numberLine?.text.match(/\b\d{4}\s+\d{4}\s+\d{4}\b/)?.[0]?.replace(/\s/g, "");
  keep("aadhaar_number", number, numberLine?.confidence ?? 0);
  if (number && !verhoeffValid(number)) warnings.push("number_checksum_failed");
  const dobIndex = lines.findIndex((l) => /\b(DOB|Year of Birth|Date of Birth)\b/i.test(l.text));
  if (dobIndex >= 0) {
    keep("date_of_birth", dayFirstToIso(lines[dobIndex]!.text), lines[dobIndex]!.confidence);
    // The name is printed on the line above the date of birth.
    const above = lines[dobIndex - 1];
    keep("full_name", above && cleanName(above.text), above?.confidence ?? 0);
  }
  if (/\bFEMALE\b/i.test(page.text)) keep("sex", "F", 80);
  else if (/\bMALE\b/i.test(page.text)) keep("sex", "M", 80);
  return {
    fields,
    translated: {},
    warnings,
    confidence: scoreReading(fields, ["aadhaar_number", "full_name", "date_of_birth"], confidences),
  };
}
