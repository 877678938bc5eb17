// Re-reads every cell of an MRZ grid with the OCR-B glyph classifier; its answer joins tesseract's
// votes where it is sure of it (a vote, not an override: check digits then confirm the read). Each
// cell also keeps the classifier's full distribution, so a column that can only hold a digit can ask
// for the likeliest digit when what was read there is none.
import type { SizedReading } from "../mrz-grid.js";
import { glyphFeatures } from "./glyph-features.js";
import { forward, loadGlyphModel } from "./glyph-model.js";

/** Below this probability the classifier abstains on a cell. */
const SURE = 0.7;

export interface GlyphVote {
  char: string;
  probability: number;
}

export interface GlyphCell {
  /** The classifier's answer when it is sure of it, else null. */
  vote: GlyphVote | null;
  /** The likeliest of the allowed characters, whatever its probability. */
  bestOf(allowed: string): GlyphVote | null;
}

/** One cell of a grid classified. */
export function classifyCell(reading: SizedReading, row: number, col: number): GlyphCell {
  const model = loadGlyphModel();
  const { probs } = forward(model, glyphFeatures(reading, row, col));
  const bestOf = (allowed: string): GlyphVote | null => {
    let best = -1;
    for (let k = 0; k < probs.length; k++) {
      if (allowed.includes(model.classes[k]!) && (best < 0 || probs[k]! > probs[best]!)) best = k;
    }
    return best < 0 ? null : { char: model.classes[best]!, probability: probs[best]! };
  };
  const top = bestOf(model.classes);
  return { vote: top && top.probability >= SURE ? top : null, bestOf };
}

export function classifyCells(reading: SizedReading): GlyphCell[][] {
  return reading.rows.map((cells, row) => cells.map((_, col) => classifyCell(reading, row, col)));
}
