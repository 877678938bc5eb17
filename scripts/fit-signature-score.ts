// Fits the signature engine's learned score (src/engines/signature/score-model.ts) on the
// calibration writers of the realistic scanned specimens (test/specimens/signatures/, CALIBRATION_SEEDS;
// the held-aside writers, HELD_ASIDE_SEEDS, are never read here).
//   node --import tsx scripts/fit-signature-score.ts [--writers 20]
// Each specimen goes through the real engine (crop, normalise, describe); every pair gives the
// features of pair-features.ts. One logistic regression is fitted on the standardised features:
// genuine (half the weight) against skilled forgeries and random forgeries (another writer's genuine)
// together, the skilled ones carrying SKILLED_SHARE of the other half. (Two regressions, one per kind of
// forgery, with their logits summed, gave the same random EER and a worse skilled EER when each
// calibration seed in turn was left out of the fit.) Then the logit is mapped onto 0..1 so the spec's
// bands mean what they say at the default threshold (signature-verdict.ts): GENUINE_UNDER_REVIEW of the
// calibration genuine pairs fall under the review band, and `match` starts where SKILLED_MATCH of the
// skilled forgeries still reach, or just above every random forgery, whichever is higher.
// Bounded: a few seconds of fitting after ~1 minute of specimen generation on 2 cores.
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { PAIR_FEATURE_COUNT, pairFeatures } from "../src/engines/signature/pair-features.js";
import { createSignatureEngine } from "../src/engines/signature/signature-engine.js";
import {
  REVIEW_BAND_FACTOR,
  SIGNATURE_VERIFY_THRESHOLD,
} from "../src/engines/signature/signature-verdict.js";
import { measureParts } from "../src/engines/signature/similarity.js";
import { CALIBRATION_SEEDS, generateScannedSet } from "../test/specimens/signatures/scanned-specimens.js";

const { values } = parseArgs({ options: { writers: { type: "string", default: "20" } } });
const GENUINE = 6;
const FORGERIES = 4;
const L2 = 0.01;
const ITERATIONS = 3000;
const STEP = 0.5;
/** Standardised features are clipped here, so one extreme value cannot dominate the logit. */
const CLIP = 4;
const SKILLED_SHARE = 0.4;
const GENUINE_UNDER_REVIEW = 0.02;
/**
 * Share of calibration skilled forgeries at or above the match floor (the spec's target is ≤ 2 %).
 * The floor also stays above every calibration random forgery: with each calibration seed left out in
 * turn, a floor at the 99.9th percentile of random forgeries instead let one left-out random pair in
 * 12,160 reach `match` (genuine match 35 % instead of 29 %), and the spec says random forgeries never
 * match.
 */
const SKILLED_MATCH = 0.015;
/**
 * How far (logit) above the highest calibration random forgery the match floor sits. A random pair
 * never seen can reach past the highest one seen: with the tremor value (descriptor version 4) and
 * each calibration seed left out in turn, a margin of 0.01 let 3 of 3,040 left-out random pairs reach
 * `match`, 0.25 three, 0.5 one, 0.75 none (genuine match 42 %, 36 %, 29 %, 23 %).
 */
const RANDOM_MARGIN = 0.75;

const engine = createSignatureEngine();
const genuine: Float64Array[] = [];
const skilled: Float64Array[] = [];
const random: Float64Array[] = [];
for (const seed of CALIBRATION_SEEDS) {
  const set = await generateScannedSet({
    writers: Number(values.writers),
    genuinePerWriter: GENUINE,
    forgeriesPerWriter: FORGERIES,
    seed,
  });
  const descriptors: Float32Array[] = [];
  for (const specimen of set) descriptors.push((await engine.prepare(specimen.image)).descriptor);
  const features = (i: number, j: number): Float64Array =>
    pairFeatures(measureParts(descriptors[i]!, descriptors[j]!), descriptors[i]!, descriptors[j]!);
  for (let i = 0; i < set.length; i++) {
    const a = set[i]!;
    if (a.kind !== "genuine") continue;
    for (let j = 0; j < set.length; j++) {
      const b = set[j]!;
      if (b.writer === a.writer && b.kind === "genuine" && j > i) genuine.push(features(i, j));
      else if (b.writer === a.writer && b.kind === "skilled_forgery") skilled.push(features(i, j));
      else if (b.writer !== a.writer && b.kind === "genuine" && b.index === 0 && a.index < 2)
        random.push(features(i, j));
    }
  }
  console.log(`seed ${seed}: ${set.length} specimens prepared`);
}

const all = [...genuine, ...skilled, ...random];
const mean = new Float64Array(PAIR_FEATURE_COUNT);
const scale = new Float64Array(PAIR_FEATURE_COUNT);
for (let k = 0; k < PAIR_FEATURE_COUNT; k++) {
  for (const x of all) mean[k]! += x[k]! / all.length;
  for (const x of all) scale[k]! += (x[k]! - mean[k]!) ** 2 / all.length;
  scale[k] = Math.sqrt(scale[k]!) || 1;
}
const standardise = (x: Float64Array): Float64Array =>
  x.map((v, k) => Math.max(-CLIP, Math.min(CLIP, (v - mean[k]!) / scale[k]!)));

/** Weighted, L2-regularised logistic regression by full-batch gradient descent. */
function fitLogistic(groups: Array<{ rows: Float64Array[]; label: 0 | 1; weight: number }>): {
  weights: Float64Array;
  bias: number;
} {
  const rows = groups.flatMap((group) => group.rows.map(standardise));
  const labels = groups.flatMap((group) => group.rows.map(() => group.label));
  const sampleWeights = groups.flatMap((group) => group.rows.map(() => group.weight / group.rows.length));
  const weights = new Float64Array(PAIR_FEATURE_COUNT);
  let bias = 0;
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    const gradient = new Float64Array(PAIR_FEATURE_COUNT);
    let gradientBias = 0;
    rows.forEach((x, i) => {
      let t = bias;
      for (let k = 0; k < PAIR_FEATURE_COUNT; k++) t += weights[k]! * x[k]!;
      const error = (1 / (1 + Math.exp(-t)) - labels[i]!) * sampleWeights[i]!;
      for (let k = 0; k < PAIR_FEATURE_COUNT; k++) gradient[k]! += error * x[k]!;
      gradientBias += error;
    });
    for (let k = 0; k < PAIR_FEATURE_COUNT; k++) weights[k]! -= STEP * (gradient[k]! + L2 * weights[k]!);
    bias -= STEP * gradientBias;
  }
  return { weights, bias };
}

const { weights, bias } = fitLogistic([
  { rows: genuine, label: 1, weight: 0.5 },
  { rows: skilled, label: 0, weight: 0.5 * SKILLED_SHARE },
  { rows: random, label: 0, weight: 0.5 * (1 - SKILLED_SHARE) },
]);
const logit = (x: Float64Array): number => {
  const z = standardise(x);
  let t = bias;
  for (let k = 0; k < PAIR_FEATURE_COUNT; k++) t += weights[k]! * z[k]!;
  return t;
};
const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(q * (sorted.length - 1))))]!;
};
const genuineLogits = genuine.map(logit);
const skilledLogits = skilled.map(logit);
const randomLogits = random.map(logit);
const reviewFloor = quantile(genuineLogits, GENUINE_UNDER_REVIEW);
const matchFloor = Math.max(
  quantile(skilledLogits, 1 - SKILLED_MATCH),
  Math.max(...randomLogits) + RANDOM_MARGIN,
);
if (matchFloor <= reviewFloor) throw new Error("calibration: the match floor is under the review floor");
const knots: Array<[number, number]> = [
  [reviewFloor - 8, 0],
  [reviewFloor, REVIEW_BAND_FACTOR * SIGNATURE_VERIFY_THRESHOLD],
  [matchFloor, SIGNATURE_VERIFY_THRESHOLD],
  [matchFloor + 8, 1],
];
const list = (v: ArrayLike<number>): string =>
  `[${Array.from(v, (x) => Number(x.toPrecision(9))).join(", ")}]`;
writeFileSync(
  new URL("../src/engines/signature/score-model.ts", import.meta.url),
  `// Generated by scripts/fit-signature-score.ts on the calibration writers (CALIBRATION_SEEDS:
// ${CALIBRATION_SEEDS.join(", ")}; ${genuine.length} genuine, ${skilled.length} skilled-forgery and ${random.length} random-forgery pairs). Do not edit.
// The logit is BIAS + Σ WEIGHTS[k] × clip((feature[k] − MEAN[k]) / SCALE[k], ±CLIP) over the
// features of pair-features.ts; CALIBRATION maps it piecewise-linearly onto the 0..1 score.
export const MEAN = ${list(mean)};
export const SCALE = ${list(scale)};
export const WEIGHTS = ${list(weights)};
export const BIAS = ${Number(bias.toPrecision(9))};
export const CLIP = ${CLIP};
export const CALIBRATION: ReadonlyArray<readonly [number, number]> = ${JSON.stringify(knots.map(([x, y]) => [Number(x.toPrecision(9)), Number(y.toFixed(4))]))};
`,
);
console.log(
  `review floor ${reviewFloor.toFixed(3)}, match floor ${matchFloor.toFixed(3)}; wrote src/engines/signature/score-model.ts`,
);
