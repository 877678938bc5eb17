// A small multilayer perceptron over glyph features for the 37 MRZ characters (A–Z, 0–9, `<`), trained
// on OCR-B renderings by scripts/train-mrz-glyphs.ts; its weights are glyph-weights.ts beside this file
// (generated, a TypeScript module so the build carries it). One hidden ReLU layer is enough for one
// fixed typeface and cheap to run on every cell.
import { GLYPH_WEIGHTS } from "./glyph-weights.js";

export const GLYPH_CLASSES = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<";

export interface GlyphModelJson {
  inputs: number;
  hidden: number;
  classes: string;
  /** Float32 little-endian arrays, base64: w1 [hidden × inputs], b1, w2 [classes × hidden], b2. */
  w1: string;
  b1: string;
  w2: string;
  b2: string;
  trainedOn?: string;
}

export interface GlyphModel {
  inputs: number;
  hidden: number;
  classes: string;
  w1: Float32Array;
  b1: Float32Array;
  w2: Float32Array;
  b2: Float32Array;
}

const fromBase64 = (s: string) => {
  const bytes = Buffer.from(s, "base64");
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
};
const toBase64 = (a: Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString("base64");

export function decodeModel(json: GlyphModelJson): GlyphModel {
  return {
    inputs: json.inputs,
    hidden: json.hidden,
    classes: json.classes,
    w1: fromBase64(json.w1),
    b1: fromBase64(json.b1),
    w2: fromBase64(json.w2),
    b2: fromBase64(json.b2),
  };
}

export function encodeModel(model: GlyphModel, trainedOn: string): GlyphModelJson {
  return {
    inputs: model.inputs,
    hidden: model.hidden,
    classes: model.classes,
    w1: toBase64(model.w1),
    b1: toBase64(model.b1),
    w2: toBase64(model.w2),
    b2: toBase64(model.b2),
    trainedOn,
  };
}

let loaded: GlyphModel | undefined;

/** The shipped model, decoded once. */
export function loadGlyphModel(): GlyphModel {
  loaded ??= decodeModel(GLYPH_WEIGHTS);
  return loaded;
}

/** Hidden activations and class probabilities for one feature vector. */
export function forward(model: GlyphModel, x: Float32Array): { hidden: Float32Array; probs: Float32Array } {
  const hidden = new Float32Array(model.hidden);
  for (let j = 0; j < model.hidden; j++) {
    let s = model.b1[j]!;
    const row = j * model.inputs;
    for (let i = 0; i < model.inputs; i++) s += model.w1[row + i]! * x[i]!;
    hidden[j] = Math.max(s, 0);
  }
  const n = model.classes.length;
  const probs = new Float32Array(n);
  let max = -Infinity;
  for (let k = 0; k < n; k++) {
    let s = model.b2[k]!;
    const row = k * model.hidden;
    for (let j = 0; j < model.hidden; j++) s += model.w2[row + j]! * hidden[j]!;
    probs[k] = s;
    if (s > max) max = s;
  }
  let sum = 0;
  for (let k = 0; k < n; k++) {
    probs[k] = Math.exp(probs[k]! - max);
    sum += probs[k]!;
  }
  for (let k = 0; k < n; k++) probs[k]! /= sum;
  return { hidden, probs };
}
