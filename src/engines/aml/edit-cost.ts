// Cost-weighted edit distance between two romanised names (research/aml.md, logic-v2): confusable
// letters cost less than other substitutions, digits more, a doubled letter or a moved token boundary
// almost nothing, a swap of neighbours less than two edits.

const SUBSTITUTE = 1;
const CONFUSABLE = 0.7; // 0/o, 1/l, c/k, i/y… and vowel for vowel, the commonest transliteration drift
const DIGIT = 1.5;
const INDEL = 1;
const DOUBLED = 0.5; // "Abdulah" / "Abdullah"
const SPACE = 0.2; // dropping or moving a token boundary
const TRANSPOSE = 0.8; // "Abudl" / "Abdul"

const CONFUSABLE_PAIRS = [
  "ck",
  "kq",
  "cq",
  "iy",
  "sz",
  "fv",
  "vw",
  "jy",
  "0o",
  "1l",
  "1i",
  "5s",
  "8b",
  "gq",
  "dt",
];
const VOWELS = "aeiou";

const SUBSTITUTION_COST = new Float32Array(128 * 128);
for (let a = 0; a < 128; a++) {
  for (let b = 0; b < 128; b++) {
    const x = String.fromCharCode(a);
    const y = String.fromCharCode(b);
    let cost = SUBSTITUTE;
    if (a === b) cost = 0;
    else if (/[0-9]/.test(x) !== /[0-9]/.test(y) || (/[0-9]/.test(x) && /[0-9]/.test(y))) cost = DIGIT;
    else if (VOWELS.includes(x) && VOWELS.includes(y)) cost = CONFUSABLE;
    if (a !== b && (CONFUSABLE_PAIRS.includes(x + y) || CONFUSABLE_PAIRS.includes(y + x))) cost = CONFUSABLE;
    if (a !== b && (x === " " || y === " ")) cost = SPACE + INDEL;
    SUBSTITUTION_COST[a * 128 + b] = cost;
  }
}

function substitutionCost(a: number, b: number): number {
  if (a === b) return 0;
  if (a < 128 && b < 128) return SUBSTITUTION_COST[a * 128 + b] ?? SUBSTITUTE;
  return SUBSTITUTE;
}

function indelCost(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code === 32) return SPACE;
  if (code === text.charCodeAt(index - 1) || code === text.charCodeAt(index + 1)) return DOUBLED;
  return INDEL;
}

// Reused rows: screening is synchronous, so one set of buffers serves every call.
let rowSize = 64;
let previous2 = new Float64Array(rowSize);
let previous = new Float64Array(rowSize);
let current = new Float64Array(rowSize);

/**
 * Weighted optimal-string-alignment distance. Returns early with a value above `limit` once every
 * alignment has exceeded it (the caller only needs to know it is too far).
 */
export function editCost(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  const n = b.length;
  if (n + 1 > rowSize) {
    rowSize = n + 1;
    previous2 = new Float64Array(rowSize);
    previous = new Float64Array(rowSize);
    current = new Float64Array(rowSize);
  }
  previous[0] = 0;
  for (let j = 1; j <= n; j++) previous[j] = (previous[j - 1] ?? 0) + indelCost(b, j - 1);
  // A transposition jumps from row i − 2 to row i, so only two rows both over the limit prove it.
  let previousRowMin = 0;
  for (let i = 1; i <= a.length; i++) {
    const ca = a.charCodeAt(i - 1);
    const deleteA = indelCost(a, i - 1);
    current[0] = (previous[0] ?? 0) + deleteA;
    let rowMin = current[0] ?? 0;
    for (let j = 1; j <= n; j++) {
      const cb = b.charCodeAt(j - 1);
      let best = (previous[j - 1] ?? 0) + substitutionCost(ca, cb);
      const del = (previous[j] ?? 0) + deleteA;
      if (del < best) best = del;
      const ins = (current[j - 1] ?? 0) + indelCost(b, j - 1);
      if (ins < best) best = ins;
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        const swap = (previous2[j - 2] ?? 0) + TRANSPOSE;
        if (swap < best) best = swap;
      }
      current[j] = best;
      if (best < rowMin) rowMin = best;
    }
    if (rowMin > limit && previousRowMin > limit) return Math.min(rowMin, previousRowMin);
    previousRowMin = rowMin;
    const spare = previous2;
    previous2 = previous;
    previous = current;
    current = spare;
  }
  return previous[n] ?? 0;
}

/** logic-v2's tolerance: a pair is similar only if its cost stays within log₂.₃₅(max(len − 2, 1)). */
export function allowedCost(length: number): number {
  return Math.log(Math.max(length - 2, 1)) / Math.log(2.35);
}
