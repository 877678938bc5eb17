// What each layout reader returns to the document engine.

export interface FieldReading {
  fields: Record<string, string>;
  translated: Record<string, string>;
  warnings: string[];
  /** 0..1: how much of the layout's key fields were read and how sure OCR was. */
  confidence: number;
}

/** Confidence from the share of key fields found and the mean OCR confidence (0..100) of their lines. */
export function scoreReading(
  fields: Record<string, string>,
  keyFields: string[],
  ocrConfidences: number[],
): number {
  const found = keyFields.filter((k) => fields[k]).length / keyFields.length;
  const ocr = ocrConfidences.length
    ? ocrConfidences.reduce((a, b) => a + b, 0) / ocrConfidences.length / 100
    : 0.5;
  return Math.round(found * (0.5 + 0.5 * ocr) * 100) / 100;
}
