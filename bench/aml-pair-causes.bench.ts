// Where the name matcher goes wrong (issue 14): the misses and false hits at threshold 0.7 on the TUNING
// half of the labelled pairs (bench/support/name-pairs.ts; the held half is never looked at here), counted
// by cause (bench/support/pair-causes.ts), with every labelled pair of that cause beside them so a cause's
// reach is visible. SPLIT=held prints the same for the held half (to report, not to tune);
// BENCH_VERBOSE=1 lists up to 8 pairs per cause.
import { readFileSync } from "node:fs";
import { compareNames } from "../src/engines/aml/compare-names.js";
import { loadOfacSdnCsv } from "../src/engines/aml/load-ofac.js";
import { loadUnConsolidatedXml } from "../src/engines/aml/load-un.js";
import { buildNamePairs } from "./support/name-pairs.js";
import { CAUSES, type Cause, causeOf } from "./support/pair-causes.js";

const DATA = new URL("../../shared/data/aml/", import.meta.url);
const read = (name: string) => readFileSync(new URL(name, DATA), "utf8");
const THRESHOLD = 0.7;
const SPLIT = process.env.SPLIT === "held" ? "held" : "tuning";

const pairs = buildNamePairs(
  loadUnConsolidatedXml(read("un-consolidated-2020-11-30.xml")),
  loadOfacSdnCsv(read("ofac-sdn-2024-05-03.csv")),
).filter((item) => item.split === SPLIT);

interface Tally {
  positives: number;
  misses: number;
  negatives: number;
  falseHits: number;
  examples: string[];
}
const tallies = new Map<Cause, Tally>(
  CAUSES.map((cause) => [cause, { positives: 0, misses: 0, negatives: 0, falseHits: 0, examples: [] }]),
);
for (const item of pairs) {
  const tally = tallies.get(causeOf(item));
  if (!tally) continue;
  const score = compareNames(item.a, item.b, { schema: "Person" }).score;
  const wrong = score >= THRESHOLD !== item.same;
  if (item.same) tally.positives++;
  else tally.negatives++;
  if (wrong && item.same) tally.misses++;
  if (wrong && !item.same) tally.falseHits++;
  if (wrong && tally.examples.length < 8)
    tally.examples.push(`${item.same ? "miss" : "false hit"} ${score.toFixed(3)}  ${item.a}  |  ${item.b}`);
}

const positives = pairs.filter((item) => item.same).length;
console.log(`${SPLIT} half: ${pairs.length} pairs (${positives} same person), threshold ${THRESHOLD}`);
console.log(`${"cause".padEnd(54)} misses/positives  false hits/negatives`);
for (const [cause, tally] of tallies) {
  if (tally.positives + tally.negatives === 0) continue;
  console.log(
    `${cause.padEnd(54)} ${String(tally.misses).padStart(6)}/${String(tally.positives).padEnd(9)} ` +
      `${String(tally.falseHits).padStart(6)}/${tally.negatives}`,
  );
  if (process.env.BENCH_VERBOSE) for (const example of tally.examples) console.log(`    ${example}`);
}
const unreachable = tallies.get("no part in common (nom de guerre, kunya, other name)")?.positives ?? 0;
console.log(
  `recall ceiling for a name matcher (pairs with no part in common cannot match by name): ` +
    `${((positives - unreachable) / Math.max(positives, 1)).toFixed(3)}`,
);
