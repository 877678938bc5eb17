// The report on the mutation name pairs (name-mutation-pairs.ts), shared by bench/aml-name-pairs.bench.ts
// and bench/aml-quality.bench.ts: P/R/F1 of compareNames at 0.7 on the held half (and the tuning half
// beside it), recall per positive kind and the share confirmed per negative kind, each beside a baseline in
// the same run: normalised Levenshtein similarity of the whole lower-cased names ≥ 0.7 (the edit-distance
// floor of nomenklatura's logic-v2).
import { compareNames } from "../../src/engines/aml/compare-names.js";
import type { AmlEntity } from "../../src/engines/aml/entity.js";
import {
  buildMutationPairs,
  type MutationPair,
  NEGATIVE_KINDS,
  POSITIVE_KINDS,
} from "./name-mutation-pairs.js";
import { type PairScores, scorePairs } from "./name-pairs.js";

const THRESHOLD = 0.7;
const TARGET = 0.767;

/** Plain Levenshtein similarity, 1 − distance / longer length, on the lower-cased names as written. */
export function levenshteinSimilarity(x: string, y: string): number {
  const a = x.toLowerCase().trim();
  const b = y.toLowerCase().trim();
  if (a === b) return 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitute = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(substitute, (previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1));
    }
    previous = current;
  }
  return 1 - (previous[b.length] ?? 0) / Math.max(a.length, b.length, 1);
}

const figure = (scores: PairScores) =>
  `P ${scores.precision.toFixed(3)} R ${scores.recall.toFixed(3)} F1 ${scores.f1.toFixed(3)}`;

/** Prints the report; returns the held-half scores. */
export function reportMutationPairs(un: readonly AmlEntity[], ofac: readonly AmlEntity[]): PairScores {
  const pairs = buildMutationPairs(un, ofac);
  const started = performance.now();
  const ours = pairs.map((item) => compareNames(item.a, item.b, { schema: "Person" }).score);
  const usPerPair = ((performance.now() - started) * 1000) / pairs.length;
  const baseline = pairs.map((item) => levenshteinSimilarity(item.a, item.b));
  const subset = (keep: (item: MutationPair) => boolean) => {
    const chosen = pairs.map((item, i) => ({ item, i })).filter(({ item }) => keep(item));
    const items = chosen.map(({ item }) => item);
    return {
      n: items.length,
      positives: items.filter((item) => item.same).length,
      ours: scorePairs(
        items,
        chosen.map(({ i }) => ours[i] ?? 0),
        THRESHOLD,
      ),
      baseline: scorePairs(
        items,
        chosen.map(({ i }) => baseline[i] ?? 0),
        THRESHOLD,
      ),
    };
  };
  console.log(
    `mutation name pairs at threshold ${THRESHOLD}: ${pairs.length} pairs ` +
      `(${pairs.filter((item) => item.same).length} same person); ${usPerPair.toFixed(1)} µs/pair`,
  );
  const held = subset((item) => item.split === "held");
  const tuning = subset((item) => item.split === "tuning");
  for (const [label, part] of [
    ["held half (reported)", held],
    ["tuning half", tuning],
  ] as const) {
    console.log(
      `${label.padEnd(24)} n=${String(part.n).padStart(5)} (+${part.positives})  ${figure(part.ours)}  ` +
        `| Levenshtein ≥ 0.7 baseline ${figure(part.baseline)}`,
    );
  }
  for (const kind of POSITIVE_KINDS) {
    const part = subset((item) => item.split === "held" && item.kind === kind);
    console.log(
      `held positives ${kind.padEnd(21)} n=${String(part.n).padStart(4)}  recall ${part.ours.recall.toFixed(3)}` +
        `  | baseline ${part.baseline.recall.toFixed(3)}`,
    );
  }
  for (const kind of NEGATIVE_KINDS) {
    const part = subset((item) => item.split === "held" && item.kind === kind);
    const share = (scores: PairScores) => (scores.fp / Math.max(part.n, 1)).toFixed(3);
    console.log(
      `held negatives ${kind.padEnd(21)} n=${String(part.n).padStart(4)}  confirmed ${share(part.ours)}` +
        `  | baseline ${share(part.baseline)}`,
    );
  }
  console.log(
    `mutation pairs, held half: F1 ${held.ours.f1.toFixed(3)} (target ${TARGET}: ` +
      `${held.ours.f1 >= TARGET ? "met" : "not met"}); Levenshtein baseline F1 ${held.baseline.f1.toFixed(3)}`,
  );
  return held.ours;
}
