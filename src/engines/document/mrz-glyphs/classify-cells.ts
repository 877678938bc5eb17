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

/** One cell of a grid classified: the likeliest of the allowed characters, whatever its probability. */
function classify(reading: SizedReading, row: number, col: number): (allowed: string) => GlyphVote | null {
  const model = loadGlyphModel();
  const { probs } = forward(model, glyphFeatures(reading, row, col));
  return (allowed) => {
    let best = -1;
    for (let k = 0; k < probs.length; k++) {
      if (allowed.includes(model.classes[k]!) && (best < 0 || probs[k]! > probs[best]!)) best = k;
    }
    return best < 0 ? null : { char: model.classes[best]!, probability: probs[best]! };
  };
}

/** The classifier's answer on one cell when it is sure of it, else null. */
export function classifyCell(reading: SizedReading, row: number, col: number): GlyphVote | null {
  const top = classify(reading, row, col)(loadGlyphModel().classes);
  return top && top.probability >= SURE ? top : null;
}

export function classifyCells(reading: SizedReading): GlyphCell[][] {
  const classes = loadGlyphModel().classes;
  return reading.rows.map((cells, row) =>
    cells.map((_, col) => {
      const bestOf = classify(reading, row, col);
      const top = bestOf(classes);
      return { vote: top && top.probability >= SURE ? top : null, bestOf };
    }),
  );
}
