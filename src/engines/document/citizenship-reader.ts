// Nepal citizenship certificate front (Devanagari): number, names, districts and Bikram Sambat dates,
// with ISO conversions and Latin renderings of the names.
import type { OcrResult } from "../ocr/ocr-engine.js";
import { linesOf, type TextLine } from "./field-text.js";
import { parseBikramSambatDate, toAsciiDigits } from "./nepali-dates.js";
import { type FieldReading, scoreReading } from "./reading.js";
import { transliterateNepali } from "./transliterate-nepali.js";

const KEY_FIELDS = ["citizenship_number", "full_name", "date_of_birth", "father_name", "permanent_district"];

/** Text after the label and its colon (OCR gives ":" or the visarga "ः"), up to a second labelled field. */
function after(lines: TextLine[], label: RegExp, not?: RegExp): { value: string; confidence: number } | null {
  for (const line of lines) {
    if (!label.test(line.text) || not?.test(line.text)) continue;
    const m = label.exec(line.text)!;
    const rest = line.text
      .slice(m.index + m[0].length)
      .replace(/^[\s:ः;.|]+/, "")
      .split(/\s{2,}|लिङ्ग|लिंग/)[0]!
      .trim();
    if (rest) return { value: rest, confidence: line.confidence };
  }
  return null;
}

function devanagariWords(text: string): string {
  return text
    .replace(/[^\u0900-\u0963\u0971-\u097f\s]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function districtOf(text: string): string {
  return devanagariWords(text.replace(/.*जिल्ला/, ""));
}

export function readCitizenship(page: OcrResult): FieldReading {
  const lines = linesOf(page);
  const fields: Record<string, string> = {};
  const translated: Record<string, string> = {};
  const confidences: number[] = [];
  const keep = (key: string, value: string | undefined | null, confidence: number) => {
    if (!value) return;
    fields[key] = value;
    confidences.push(confidence);
  };

  const numberLine = lines.find((l) => /ना\.?\s?प्र|नं/.test(l.text) && /[०-९0-9]/.test(l.text));
  const number = toAsciiDigits(numberLine?.text ?? page.text).match(/\d{1,3}(?:\s*[-–]\s*\d{1,6}){2,4}/)?.[0];
  keep("citizenship_number", number?.replace(/\s/g, "").replace(/–/g, "-"), numberLine?.confidence ?? 50);

  const name = after(lines, /नाम\s*थर/, /बाबु|आमा|पति/);
  keep("full_name", name && devanagariWords(name.value), name?.confidence ?? 0);
  const father = after(lines, /बाबुको\s*नाम\s*थर/);
  keep("father_name", father && devanagariWords(father.value), father?.confidence ?? 0);

  if (/पुरुष/.test(page.text)) keep("sex", "M", 80);
  else if (/महिला/.test(page.text)) keep("sex", "F", 80);

  const birthPlace = after(lines, /जन्म\s*स्थान/);
  keep("birth_district", birthPlace && districtOf(birthPlace.value), birthPlace?.confidence ?? 0);
  const permanent = after(lines, /स्थायी\s*बासस्थान/);
  keep("permanent_district", permanent && districtOf(permanent.value), permanent?.confidence ?? 0);

  const dob = after(lines, /जन्म\s*मिति/);
  const dobDate = dob && parseBikramSambatDate(dob.value);
  if (dobDate) {
    keep("date_of_birth", dobDate.iso, dob.confidence);
    fields.date_of_birth_bs = dobDate.bs;
  }
  const issued = after(lines, /जारी\s*मिति/);
  const issuedDate = issued && parseBikramSambatDate(issued.value);
  if (issuedDate) {
    keep("issue_date", issuedDate.iso, issued.confidence);
    fields.issue_date_bs = issuedDate.bs;
  }
  const office = lines.find((l) => /प्रशासन\s*कार्यालय/.test(l.text));
  const officeDistrict = office?.text.split(/[,،]/)[1];
  keep("issuing_district", officeDistrict && devanagariWords(officeDistrict), office?.confidence ?? 0);

  for (const key of [
    "full_name",
    "father_name",
    "birth_district",
    "permanent_district",
    "issuing_district",
  ]) {
    if (fields[key]) translated[key] = transliterateNepali(fields[key]);
  }
  const warnings = (dob && !dobDate) || (issued && !issuedDate) ? ["date_implausible"] : [];
  return { fields, translated, warnings, confidence: scoreReading(fields, KEY_FIELDS, confidences) };
}
