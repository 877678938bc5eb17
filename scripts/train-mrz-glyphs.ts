// Trains the OCR-B glyph classifier of the MRZ reader (src/engines/document/mrz-glyphs/).
//
//   node --import tsx scripts/train-mrz-glyphs.ts [--lines 700] [--specimens 24] [--epochs 8]
//
// Material: (1) `--lines` random MRZ-like lines rendered in OCR-B and degraded (mrz-glyph-renders.ts:
// exact labels); (2) realistic MRZ documents of every format photographed (test/specimens/documents/
// mrz-specimen.ts, seeds 50 000+, never used by tests or the bench) and read by the real pipeline (MRZ
// located and straightened, tesseract grid at three sizes), every cell labelled with the printed
// character when the grid's shape is right. Every other round of pipeline specimens (one per format) is held aside: the script
// reports the classifier's and tesseract's cell accuracy on it, then writes glyph-weights.ts.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { glyphFeatures } from "../src/engines/document/mrz-glyphs/glyph-features.js";
import {
  encodeModel,
  forward,
  GLYPH_CLASSES,
  type GlyphModel,
} from "../src/engines/document/mrz-glyphs/glyph-model.js";
import { locateMrz } from "../src/engines/document/mrz-locate.js";
import { readLocatedGrids } from "../src/engines/document/mrz-reader.js";
import { createTesseractOcrEngine } from "../src/engines/ocr/tesseract-ocr-engine.js";
import type { CaptureCondition } from "../test/specimens/documents/camera.js";
import { MRZ_FORMATS } from "../test/specimens/documents/mrz-document.js";
import { generateMrzSpecimen } from "../test/specimens/documents/mrz-specimen.js";
import { createRandom } from "../test/specimens/seeded-random.js";
import { renderLineSamples } from "./mrz-glyph-renders.js";

const { values } = parseArgs({
  options: {
    lines: { type: "string", default: "700" },
    specimens: { type: "string", default: "24" },
    epochs: { type: "string", default: "8" },
  },
});
const LINES = Number(values.lines);
const SPECIMENS = Number(values.specimens);
const EPOCHS = Number(values.epochs);
const HIDDEN = 96;
const CONDITIONS: CaptureCondition[] = ["scan", "photo", "glare", "screen", "lowres", "rotated"];

interface Sample {
  x: Float32Array;
  y: number;
  tesseract: string;
}

async function collect(): Promise<{ train: Sample[]; held: Sample[] }> {
  const ocr = createTesseractOcrEngine();
  const train: Sample[] = [];
  const held: Sample[] = [];
  try {
    for (let i = 0; i < SPECIMENS; i++) {
      const format = MRZ_FORMATS[i % MRZ_FORMATS.length]!;
      const round = Math.floor(i / MRZ_FORMATS.length);
      const condition = CONDITIONS[(i + round) % CONDITIONS.length]!;
      const specimen = await generateMrzSpecimen(format, 50_000 + i, condition);
      const located = await locateMrz(specimen.image);
      const grids = located ? await readLocatedGrids(ocr, located) : [];
      const into = round % 2 === 1 ? held : train;
      let used = 0;
      for (const grid of grids) {
        if (grid.rows.length !== specimen.mrz.length || grid.columns !== specimen.mrz[0]!.length) continue;
        grid.rows.forEach((cells, row) => {
          cells.forEach((cell, col) => {
            const y = GLYPH_CLASSES.indexOf(specimen.mrz[row]![col]!);
            into.push({ x: glyphFeatures(grid, row, col), y, tesseract: cell.char });
            used++;
          });
        });
      }
      console.log(`${i + 1}/${SPECIMENS} ${format} ${condition}: ${grids.length} grids, ${used} cells`);
    }
  } finally {
    await ocr.close();
  }
  return { train, held };
}

function initModel(inputs: number, random: () => number): GlyphModel {
  const n = GLYPH_CLASSES.length;
  const gauss = (sd: number) => (random() + random() + random() - 1.5) * 2 * sd;
  return {
    inputs,
    hidden: HIDDEN,
    classes: GLYPH_CLASSES,
    w1: Float32Array.from({ length: HIDDEN * inputs }, () => gauss(Math.sqrt(2 / inputs))),
    b1: new Float32Array(HIDDEN),
    w2: Float32Array.from({ length: n * HIDDEN }, () => gauss(Math.sqrt(1 / HIDDEN))),
    b2: new Float32Array(n),
  };
}

/** Plain SGD with momentum on cross-entropy, one sample at a time, learning rate decaying per epoch. */
function train(model: GlyphModel, samples: Sample[], random: { next(): number }): void {
  const n = model.classes.length;
  const v = {
    w1: new Float32Array(model.w1.length),
    b1: new Float32Array(model.b1.length),
    w2: new Float32Array(model.w2.length),
    b2: new Float32Array(model.b2.length),
  };
  const momentum = 0.9;
  const order = samples.map((_, i) => i);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    const lr = 0.01 * 0.8 ** epoch;
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random.next() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    let loss = 0;
    for (const index of order) {
      const { x, y } = samples[index]!;
      const { hidden, probs } = forward(model, x);
      loss -= Math.log(Math.max(1e-9, probs[y]!));
      const dOut = Float32Array.from(probs, (p, k) => p - (k === y ? 1 : 0));
      const dHidden = new Float32Array(model.hidden);
      for (let k = 0; k < n; k++) {
        const g = dOut[k]!;
        const row = k * model.hidden;
        for (let h = 0; h < model.hidden; h++) {
          dHidden[h]! += g * model.w2[row + h]!;
          v.w2[row + h] = momentum * v.w2[row + h]! - lr * g * hidden[h]!;
          model.w2[row + h]! += v.w2[row + h]!;
        }
        v.b2[k] = momentum * v.b2[k]! - lr * g;
        model.b2[k]! += v.b2[k]!;
      }
      for (let h = 0; h < model.hidden; h++) {
        if (hidden[h]! <= 0) continue;
        const g = dHidden[h]!;
        const row = h * model.inputs;
        for (let i = 0; i < model.inputs; i++) {
          v.w1[row + i] = momentum * v.w1[row + i]! - lr * g * x[i]!;
          model.w1[row + i]! += v.w1[row + i]!;
        }
        v.b1[h] = momentum * v.b1[h]! - lr * g;
        model.b1[h]! += v.b1[h]!;
      }
    }
    console.log(`epoch ${epoch + 1}: loss ${(loss / samples.length).toFixed(4)}`);
  }
}

function accuracy(model: GlyphModel, samples: Sample[]): { classifier: number; tesseract: number } {
  let right = 0;
  let tess = 0;
  for (const s of samples) {
    const { probs } = forward(model, s.x);
    let best = 0;
    for (let k = 1; k < probs.length; k++) if (probs[k]! > probs[best]!) best = k;
    if (best === s.y) right++;
    if (s.tesseract === GLYPH_CLASSES[s.y]) tess++;
  }
  return { classifier: right / samples.length, tesseract: tess / samples.length };
}

const { train: pipelineSet, held } = await collect();
const random = createRandom(13);
const trainSet: Sample[] = [...pipelineSet];
for (let i = 0; i < LINES; i++) {
  for (const s of await renderLineSamples(random)) trainSet.push({ ...s, tesseract: "" });
}
console.log(`${pipelineSet.length} pipeline cells + ${trainSet.length - pipelineSet.length} rendered cells`);
const model = initModel(trainSet[0]!.x.length, random.next);
train(model, trainSet, random);
const a = accuracy(model, held);
const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
const summary = `${trainSet.length} cells (${LINES} rendered lines, ${Math.ceil(SPECIMENS / 2)} photographed specimens); held aside ${held.length} cells of ${Math.floor(SPECIMENS / 2)} specimens: classifier ${pct(a.classifier)}, tesseract ${pct(a.tesseract)}`;
console.log(summary);
const json = encodeModel(model, summary);
const out = new URL("../src/engines/document/mrz-glyphs/glyph-weights.ts", import.meta.url);
writeFileSync(
  out,
  `// Generated by scripts/train-mrz-glyphs.ts: do not edit.\nimport type { GlyphModelJson } from "./glyph-model.js";\n\nexport const GLYPH_WEIGHTS: GlyphModelJson = ${JSON.stringify(json, null, 2)};\n`,
);
// The repository's formatter owns the layout of the generated module.
execFileSync(fileURLToPath(new URL("../node_modules/.bin/biome", import.meta.url)), [
  "format",
  "--write",
  fileURLToPath(out),
]);
console.log(`wrote ${out.pathname}`);
