// Labelled Person name pairs built from public material in shared/data/aml (issue 14), split in two by a
// hash of the anchoring entity or row: the `tuning` half may guide matcher work, the `held` half never does
// and is what the bench reports. Positives: a listed person's name against each of its strong aliases
// (transliteration variants, reordered and partial names, original script), the UN positives as listed
// against their typo/transliteration treatments, and 80 spellings of one name across scripts and titles.
// Negatives: a listed person's name against another person of the same list sharing a name part (the hard
// case screening meets), one per positive-bearing entity.
import { readFileSync } from "node:fs";
import { parseCsvRecords } from "../../src/engines/aml/csv-rows.js";
import type { AmlEntity } from "../../src/engines/aml/entity.js";
import { nameParts } from "../../src/engines/aml/name-tokens.js";
import { jaroWinkler } from "./jaro-winkler.js";

export type PairKind = "alias" | "treated" | "scripts" | "hard_negative";
export type Split = "tuning" | "held";

export interface NamePair {
  a: string;
  b: string;
  same: boolean;
  kind: PairKind;
  split: Split;
  /** Either side written in a non-Latin script. */
  crossScript: boolean;
  /**
   * Some part of one name (three letters or more, connecting words aside) is like a part of the other
   * (Jaro-Winkler ≥ 0.8 once romanised). A same-person pair without one is a nom de guerre, a kunya or
   * another name altogether, which no name comparison can or should reach.
   */
  sharesPart: boolean;
}

const CONNECTING = new Set(
  "abu abou bin ben ibn bint umm al el van von der del de la le da dos das".split(" "),
);
const SHARED_PART = 0.8;

function sharesPart(a: string, b: string): boolean {
  const parts = (name: string) => nameParts(name).filter((part) => part.length >= 3 && !CONNECTING.has(part));
  const right = parts(b);
  return parts(a).some((x) => right.some((y) => jaroWinkler(x, y) >= SHARED_PART));
}

const DATA = new URL("../../../shared/data/aml/", import.meta.url);
const read = (name: string) => readFileSync(new URL(name, DATA), "utf8");

/** FNV-1a: a stable split, independent of the order entities were read in. */
export function splitOf(key: string): Split {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 2 === 0 ? "tuning" : "held";
}

const NON_LATIN = /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u;
const isCrossScript = (a: string, b: string) => NON_LATIN.test(a) || NON_LATIN.test(b);
const key = (name: string) => nameParts(name).sort().join(" ");

function pair(a: string, b: string, same: boolean, kind: PairKind, anchor: string): NamePair {
  return {
    a,
    b,
    same,
    kind,
    split: splitOf(anchor),
    crossScript: isCrossScript(a, b),
    sharesPart: sharesPart(a, b),
  };
}

function personPairs(entities: readonly AmlEntity[]): NamePair[] {
  const people = entities.filter((entity) => entity.schema === "Person" && entity.names[0]);
  const byPart = new Map<string, AmlEntity[]>();
  for (const person of people) {
    for (const part of new Set(nameParts(person.names[0] ?? ""))) {
      if (part.length < 3) continue;
      const list = byPart.get(part) ?? [];
      list.push(person);
      byPart.set(part, list);
    }
  }
  const pairs: NamePair[] = [];
  for (const person of people) {
    const primary = person.names[0] ?? "";
    const variants = [...person.names.slice(1), ...person.aliases].filter(
      (name) => key(name) !== key(primary),
    );
    if (variants.length === 0) continue;
    for (const variant of new Set(variants)) pairs.push(pair(primary, variant, true, "alias", person.id));
    // The hard negative: the person of the same list whose name shares the rarest part with this one.
    const parts = [...new Set(nameParts(primary))]
      .map((part) => ({ part, others: (byPart.get(part) ?? []).filter((other) => other !== person) }))
      .filter((entry) => entry.others.length > 0)
      .sort((x, y) => x.others.length - y.others.length);
    const other = parts[0]?.others[0];
    if (other) pairs.push(pair(primary, other.names[0] ?? "", false, "hard_negative", person.id));
  }
  return pairs;
}

export function buildNamePairs(un: readonly AmlEntity[], ofac: readonly AmlEntity[]): NamePair[] {
  const pairs = [...personPairs(un), ...personPairs(ofac)];
  const untreated = parseCsvRecords(read("positives_un_untreated.csv"));
  const treated = parseCsvRecords(read("positives_un_treated.csv"));
  untreated.forEach((row, i) => {
    const a = row.full_name ?? "";
    const b = treated[i]?.full_name ?? "";
    if (a && b && key(a) !== key(b)) pairs.push(pair(a, b, true, "treated", `treated-${i}`));
  });
  const spellings = read("names/putin_names.txt")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  spellings.forEach((spelling, i) => {
    pairs.push(pair("Vladimir Vladimirovich Putin", spelling, true, "scripts", `putin-${i}`));
  });
  return pairs;
}

export interface PairScores {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  precision: number;
  recall: number;
  f1: number;
}

export function scorePairs(
  pairs: readonly Pick<NamePair, "same">[],
  scores: readonly number[],
  threshold: number,
): PairScores {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  pairs.forEach((item, i) => {
    const predicted = (scores[i] ?? 0) >= threshold;
    if (predicted && item.same) tp++;
    else if (predicted) fp++;
    else if (item.same) fn++;
    else tn++;
  });
  const precision = tp / Math.max(tp + fp, 1);
  const recall = tp / Math.max(tp + fn, 1);
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { tp, fp, fn, tn, precision, recall, f1 };
}
