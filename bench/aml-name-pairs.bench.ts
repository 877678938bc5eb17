// Person name matching on labelled pairs (issue 14), two families, each split in a tuning and a held half
// by a stable hash; the held half is what is reported and never guided matcher work.
// 1. List pairs (bench/support/name-pairs.ts): a listed person's name against its aliases, the UN positives
//    against their treatments, 80 spellings of one name; hard negatives share a name part. Baseline: exact
//    equality of the normalised name parts. Also: agreement with the scores the official OFAC Sanctions List
//    Search gave on 170 pairs (names/ofac_fixtures.csv).
// 2. Mutation pairs (bench/support/name-mutation-pairs.ts): a name against a typo, transliteration,
//    Devanagari or Cyrillic spelling, initials, reordered, partial, honorific, patronymic or joined form of
//    itself, and hard negatives (other family or given name, one letter, gender, father/son, conflicting
//    initials, a shared common part, short names, random). Baseline: whole-string Levenshtein ≥ 0.7.
// Reference: the frozen logic-v2 scores on its own held-out pairs (P 0.701, R 0.777, F1 0.737) — a
// different pair set, quoted for scale only.
import { readFileSync } from "node:fs";
import { loadOfacSdnCsv } from "../src/engines/aml/load-ofac.js";
import { loadUnConsolidatedXml } from "../src/engines/aml/load-un.js";
import { reportMutationPairs } from "./support/mutation-pair-report.js";
import { reportNamePairs } from "./support/name-pair-report.js";

const DATA = new URL("../../shared/data/aml/", import.meta.url);
const read = (name: string) => readFileSync(new URL(name, DATA), "utf8");

const un = loadUnConsolidatedXml(read("un-consolidated-2020-11-30.xml"));
const ofac = loadOfacSdnCsv(read("ofac-sdn-2024-05-03.csv"));
reportNamePairs(un, ofac);
reportMutationPairs(un, ofac);
