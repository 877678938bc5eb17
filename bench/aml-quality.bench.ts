// AML screening quality: P/R/F1 of Person name matching at 0.7 on held-aside labelled pairs
// (support/name-pair-report.ts and support/mutation-pair-report.ts), recall on UN-listed persons (as listed and with typos/transliteration
// treatments) against the UN list, and false positives on 100k synthetic people against UN + OFAC,
// at threshold 0.7 / cutoff 0.5. Baseline in the same run: exact normalised-name lookup.
// Default run samples 20k negatives; BENCH_FULL=1 screens all 100k.
import { readFileSync } from "node:fs";
import { buildIndex } from "../src/engines/aml/candidate-index.js";
import { countryCode } from "../src/engines/aml/countries.js";
import { parseCsvRecords } from "../src/engines/aml/csv-rows.js";
import type { AmlEntity, AmlQuery } from "../src/engines/aml/entity.js";
import { loadOfacSdnCsv } from "../src/engines/aml/load-ofac.js";
import { loadUnConsolidatedXml } from "../src/engines/aml/load-un.js";
import { nameParts } from "../src/engines/aml/name-tokens.js";
import { screen } from "../src/engines/aml/screen.js";
import { reportMutationPairs } from "./support/mutation-pair-report.js";
import { reportNamePairs } from "./support/name-pair-report.js";

const DATA = new URL("../../shared/data/aml/", import.meta.url);
const read = (name: string) => readFileSync(new URL(name, DATA), "utf8");
const FULL = process.env.BENCH_FULL === "1";
const NEGATIVE_SAMPLE = FULL ? Number.POSITIVE_INFINITY : 10_000; // per negatives file

type Row = Record<string, string>;

function queryOf(row: Row): AmlQuery {
  // What a real caller sends: the name, the date of birth and an ISO-2 nationality.
  return {
    name: row.full_name ?? "",
    birthDate: row.date_of_birth || undefined,
    nationality: countryCode(row.nationality) ?? undefined,
  };
}

const nameKey = (name: string) => nameParts(name).sort().join(" ");

const un = loadUnConsolidatedXml(read("un-consolidated-2020-11-30.xml"));
const ofac = loadOfacSdnCsv(read("ofac-sdn-2024-05-03.csv"));
const unIndex = buildIndex(un);
const bothIndex = buildIndex([...un, ...ofac]);

// Ground truth: the UN entity one of whose names is the untreated row's name (DOB breaks ties).
const byName = new Map<string, AmlEntity[]>();
for (const entity of un) {
  for (const name of [...entity.names, ...entity.aliases]) {
    const key = nameKey(name);
    const list = byName.get(key) ?? [];
    if (!list.includes(entity)) list.push(entity);
    byName.set(key, list);
  }
}
const untreated = parseCsvRecords(read("positives_un_untreated.csv"));
const treated = parseCsvRecords(read("positives_un_treated.csv"));
const truth = untreated.map((row) => {
  const found = byName.get(nameKey(row.full_name ?? "")) ?? [];
  const year = (row.date_of_birth ?? "").slice(0, 4);
  return found.find((entity) => entity.birthDates.some((date) => date.startsWith(year))) ?? found[0] ?? null;
});

function recall(rows: Row[], label: string) {
  let confirmed = 0;
  let possible = 0;
  let exact = 0;
  let labelled = 0;
  const misses: string[] = [];
  const started = performance.now();
  rows.forEach((row, i) => {
    const expected = truth[i];
    if (!expected) return;
    labelled++;
    if (byName.get(nameKey(row.full_name ?? ""))?.includes(expected)) exact++;
    const result = screen(unIndex, queryOf(row));
    if (result.matches.some((match) => match.entity_id === expected.id)) confirmed++;
    else if (result.possible_matches.some((match) => match.entity_id === expected.id)) possible++;
    else misses.push(`${row.full_name} (${row.date_of_birth}, ${row.nationality}) → ${expected.caption}`);
  });
  const ms = performance.now() - started;
  console.log(
    `${label}: rows ${labelled}/${rows.length} labelled; recall confirmed ${(confirmed / labelled).toFixed(4)}, ` +
      `confirmed+possible ${((confirmed + possible) / labelled).toFixed(4)}; baseline exact-name ${(exact / labelled).toFixed(4)} ` +
      `(ratio ${(confirmed / Math.max(exact, 1)).toFixed(2)}×); ${(ms / labelled).toFixed(2)} ms/query`,
  );
  if (process.env.BENCH_VERBOSE) for (const miss of misses) console.log(`  miss: ${miss}`);
  return { confirmed: confirmed / labelled, any: (confirmed + possible) / labelled };
}

function falsePositives() {
  const rows = [
    ...parseCsvRecords(read("negatives_global.csv")).slice(0, NEGATIVE_SAMPLE),
    ...parseCsvRecords(read("negatives_us.csv")).slice(0, NEGATIVE_SAMPLE),
  ];
  const exactNames = new Set(
    [...un, ...ofac].flatMap((entity) => [...entity.names, ...entity.aliases].map(nameKey)),
  );
  let confirmed = 0;
  let possible = 0;
  let exact = 0;
  const examples: string[] = [];
  const started = performance.now();
  for (const row of rows) {
    if (exactNames.has(nameKey(row.full_name ?? ""))) exact++;
    const result = screen(bothIndex, queryOf(row));
    if (result.matches.length > 0) {
      confirmed++;
      if (examples.length < 15) {
        const top = result.matches[0];
        examples.push(
          `${row.full_name} (${row.date_of_birth}, ${row.nationality}) → ${top?.name} ${top?.score} ${top?.birth_date}`,
        );
      }
    } else if (result.possible_matches.length > 0) possible++;
  }
  const ms = performance.now() - started;
  console.log(
    `negatives: ${rows.length} screened against UN + OFAC (${un.length + ofac.length} entities); ` +
      `confirmed FP rate ${((100 * confirmed) / rows.length).toFixed(3)}% (${confirmed}), possible-only ${((100 * possible) / rows.length).toFixed(2)}% (${possible}); ` +
      `baseline exact-name hits ${exact}; ${(ms / rows.length).toFixed(2)} ms/query`,
  );
  if (process.env.BENCH_VERBOSE) for (const example of examples) console.log(`  FP: ${example}`);
}

console.log(
  `UN ${un.length} entities, OFAC ${ofac.length}; threshold 0.7, cutoff 0.5${FULL ? "" : "; negatives sampled (BENCH_FULL=1 for all)"}`,
);
reportNamePairs(un, ofac);
reportMutationPairs(un, ofac);
recall(untreated, "positives untreated");
recall(treated, "positives treated");
falsePositives();
