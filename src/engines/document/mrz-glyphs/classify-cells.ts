// Re-reads every cell of an MRZ grid with the OCR-B glyph classifier; its answer joins tesseract's
// votes where it is sure of it (a vote, not an override: check digits then confirm the read).
import type { SizedReading } from "../mrz-grid.js";
import { glyphFeatures } from "./glyph-features.js";
import { forward, loadGlyphModel } from "./glyph-model.js";

/** Below this probability the classifier abstains on a cell. */
const SURE = 0.7;

export interface GlyphVote {
  char: string;
  probability: number;
}

export function classifyCells(reading: SizedReading): (GlyphVote | null)[][] {
  const model = loadGlyphModel();
  return reading.rows.map((cells, row) =>
    cells.map((_, col) => {
      const { probs } = forward(model, glyphFeatures(reading, row, col));
      let best = 0;
      for (let k = 1; k < probs.length; k++) if (probs[k]! > probs[best]!) best = k;
      return probs[best]! >= SURE ? { char: model.classes[best]!, probability: probs[best]! } : null;
    }),
  );
}
