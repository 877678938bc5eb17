// Template-less extraction (spec: document-extract, "generic_extraction"): "Label: value" pairs from
// every line plus the whole text. Used for disability IDs and for layouts nothing else recognises.
import type { OcrResult } from "../ocr/ocr-engine.js";

export const GENERIC_EXTRACTION_NOTE =
  "No template matched this layout; fields are the label: value pairs found in the text, read best-effort.";

function fieldKey(label: string): string {
  return label
    .toLowerCase()
    .replace(/[^a-z0-9\u0900-\u097f]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

export interface GenericReading {
  fields: Record<string, string>;
  fullText: string;
  /** Mean OCR confidence of the lines kept, 0..1. */
  confidence: number;
}

/** A line is kept when OCR was reasonably sure of it and it holds at least one real word or number. */
function meaningful(text: string, confidence: number): boolean {
  return confidence >= 45 && /[A-Za-z]{2,}|[\u0900-\u097f]{2,}|\d{2,}/.test(text);
}

export function readGeneric(pages: OcrResult[]): GenericReading {
  const fields: Record<string, string> = {};
  const kept: string[] = [];
  const confidences: number[] = [];
  for (const page of pages) {
    for (const line of page.lines) {
      const text = line.text.replace(/\s+/g, " ").trim();
      if (!meaningful(text, line.confidence)) continue;
      kept.push(text);
      confidences.push(line.confidence);
      const m = /^([A-Za-z\u0900-\u097f][A-Za-z\u0900-\u097f .'/()]{1,40}?)\s*[:ः]\s*(.+)$/.exec(text);
      if (m) {
        const key = fieldKey(m[1]!);
        if (key && !fields[key]) fields[key] = m[2]!.trim();
      }
    }
  }
  const confidence = confidences.length
    ? confidences.reduce((a, b) => a + b, 0) / confidences.length / 100
    : 0;
  return { fields, fullText: kept.join("\n"), confidence: Math.round(confidence * 100) / 100 };
}
