// POST /v3/tools/business-document/: a company registration certificate read into key fields.
//
// Response shape (for the OpenAPI document; the spec leaves it open):
//   {
//     detected_type: "business_registration" | "unknown",
//     fields: { company_name?, registration_number?, registration_date? (ISO), address? },
//     full_text: string,          // every line OCR was reasonably sure of, newline-separated
//     confidence: number,         // 0..1
//     warnings: string[]          // e.g. "date_implausible"
//   }
// Errors: 422 ocr_no_fields when nothing readable; 503 ocr_not_configured.
import { AppError } from "../../platform/errors.js";
import type { OcrEngine } from "../ocr/ocr-engine.js";
import { prepareDocumentImage } from "../ocr/preprocess.js";
import { dayFirstToIso, linesOf, valueAfter, yearFirstToIso } from "./field-text.js";
import { readGeneric } from "./generic-reader.js";
import { scoreReading } from "./reading.js";

export interface BusinessDocumentResult {
  detected_type: "business_registration" | "unknown";
  fields: Record<string, string>;
  full_text: string;
  confidence: number;
  warnings: string[];
}

const COMPANY = /\b(?:Pvt\.?|Private|Public)?\s*(?:Ltd\.?|Limited|LLC|Inc\.?|Company)\s*$/i;

export async function extractBusinessDocument(
  ocr: OcrEngine,
  image: Buffer,
  today = new Date().toISOString().slice(0, 10),
): Promise<BusinessDocumentResult> {
  const prepared = await prepareDocumentImage(image, 1600);
  const page = await ocr.recognize(await prepared.png());
  const lines = linesOf(page);
  const generic = readGeneric([page]);
  if (!generic.fullText)
    throw new AppError("ocr_no_fields", { message: "No text could be read from the image" });

  const fields: Record<string, string> = {};
  const confidences: number[] = [];
  const keep = (key: string, value: string | null | undefined, confidence: number) => {
    if (!value) return;
    fields[key] = value;
    confidences.push(confidence);
  };
  const certifyAt = lines.findIndex((l) => /certify that/i.test(l.text));
  const companyLine =
    lines.find((l) => COMPANY.test(l.text) && !/Companies Act|Registrar/i.test(l.text)) ??
    lines[certifyAt + 1];
  keep("company_name", companyLine?.text.replace(/\s+/g, " ").trim(), companyLine?.confidence ?? 0);
  const number = valueAfter(lines, /Registration\s*(?:No\.?|Number)/i);
  keep("registration_number", number?.value.replace(/\s+/g, ""), number?.confidence ?? 0);
  const date = valueAfter(
    lines,
    /(?:Registration|Incorporation)\s*Date|Date of (?:Registration|Incorporation)/i,
  );
  const iso = date && (yearFirstToIso(date.value) ?? dayFirstToIso(date.value));
  keep("registration_date", iso, date?.confidence ?? 0);
  const address = valueAfter(lines, /(?:Registered\s*)?(?:Office\s*)?Address/i);
  keep("address", address?.value.replace(/\s+/g, " "), address?.confidence ?? 0);

  const warnings = iso && iso > today ? ["date_implausible"] : [];
  const keyFields = ["company_name", "registration_number", "registration_date", "address"];
  return {
    detected_type: fields.registration_number || fields.company_name ? "business_registration" : "unknown",
    fields,
    full_text: generic.fullText,
    confidence: scoreReading(fields, keyFields, confidences),
    warnings,
  };
}
