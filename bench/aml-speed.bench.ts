// AML screening speed: p50/p99 per screening with UN + OFAC loaded, and with a synthetic corpus of
// multi-token names (default 200,000 entities; BENCH_FULL=1 for 1,000,000), with index build time and
// heap/RSS. Baseline in the same run: a bare exact-name Map lookup over the same corpus.
import { readFileSync } from "node:fs";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { buildIndex } from "../src/engines/aml/candidate-index.js";
import { parseCsvRecords } from "../src/engines/aml/csv-rows.js";
import { type AmlEntity, type AmlQuery, createEntity } from "../src/engines/aml/entity.js";
import { loadOfacSdnCsv } from "../src/engines/aml/load-ofac.js";
import { loadUnConsolidatedXml } from "../src/engines/aml/load-un.js";
import { screen } from "../src/engines/aml/screen.js";
import { createRandom } from "../test/specimens/seeded-random.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const DATA = new URL("../../shared/data/aml/", import.meta.url);
const read = (name: string) => readFileSync(new URL(name, DATA), "utf8");
const SIZE = process.env.BENCH_FULL === "1" ? 1_000_000 : Number(process.env.AML_BENCH_SIZE ?? 200_000);
const QUERIES = 1000;

// The shared mulberry32: a reproducible corpus across runs.
const random = createRandom(42).next;
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function memory(): string {
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  return `heap ${(heapUsed / 2 ** 20).toFixed(0)} MB, RSS ${(rss / 2 ** 20).toFixed(0)} MB`;
}

function typo(name: string): string {
  const i = 1 + Math.floor(random() * (name.length - 2));
  return random() < 0.5
    ? name.slice(0, i) + name.slice(i + 1)
    : name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2);
}

function timeScreenings(
  index: ReturnType<typeof buildIndex>,
  queries: AmlQuery[],
): { p50: number; p99: number; hits: number } {
  for (const query of queries.slice(0, 50)) screen(index, query); // warm the JIT
  const times: number[] = [];
  let hits = 0;
  for (const query of queries) {
    const started = performance.now();
    const result = screen(index, query);
    times.push(performance.now() - started);
    if (result.matches.length > 0) hits++;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), hits };
}

function timeBaseline(map: Map<string, number[]>, names: string[]): number {
  const times: number[] = [];
  for (const name of names) {
    const started = performance.now();
    map.get(name.toLowerCase().normalize("NFKD").replace(/\p{M}/gu, ""));
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return percentile(times, 50);
}

const negatives = [
  ...parseCsvRecords(read("negatives_global.csv")),
  ...parseCsvRecords(read("negatives_us.csv")),
];
const firstNames = [...new Set(negatives.map((row) => row.first_name ?? "").filter(Boolean))];
const lastNames = [...new Set(negatives.map((row) => row.last_name ?? "").filter(Boolean))];
const negativeQueries: AmlQuery[] = negatives
  .slice(0, QUERIES)
  .map((row) => ({ name: row.full_name ?? "", birthDate: row.date_of_birth }));

// 1. The real lists.
{
  const lists = [
    ...loadUnConsolidatedXml(read("un-consolidated-2020-11-30.xml")),
    ...loadOfacSdnCsv(read("ofac-sdn-2024-05-03.csv")),
  ];
  const started = performance.now();
  const index = buildIndex(lists);
  const buildMs = performance.now() - started;
  const listed = lists.filter((entity) => entity.schema === "Person").slice(0, QUERIES / 2);
  const queries = [
    ...listed.map((entity) => ({ name: typo(entity.caption) })),
    ...negativeQueries.slice(0, QUERIES / 2),
  ];
  const { p50, p99 } = timeScreenings(index, queries);
  const exact = new Map<string, number[]>();
  lists.forEach((entity, i) => {
    exact.set(entity.caption.toLowerCase(), [i]);
  });
  const baseline = timeBaseline(
    exact,
    queries.map((query) => query.name ?? ""),
  );
  console.log(
    `UN + OFAC (${lists.length} entities): build ${buildMs.toFixed(0)} ms; screen p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms; ` +
      `exact-Map baseline p50 ${(baseline * 1000).toFixed(1)} µs (screen/baseline ${(p50 / Math.max(baseline, 1e-6)).toFixed(0)}×)`,
  );
}

// 2. Synthetic corpus.
{
  const topics = [["sanction"], ["role.pep"], ["crime"], ["poi"], ["sanction", "poi"]];
  const countries = [
    "us",
    "gb",
    "ru",
    "cn",
    "in",
    "np",
    "af",
    "ir",
    "de",
    "fr",
    "br",
    "ng",
    "pk",
    "eg",
    "mx",
  ];
  const before = memory();
  const entities: AmlEntity[] = new Array(SIZE);
  for (let i = 0; i < SIZE; i++) {
    const name =
      random() < 0.4
        ? `${pick(firstNames)} ${pick(firstNames)} ${pick(lastNames)}`
        : `${pick(firstNames)} ${pick(lastNames)}`;
    const year = 1930 + Math.floor(random() * 75);
    entities[i] = createEntity({
      id: `syn-${i}`,
      schema: "Person",
      caption: name,
      names: [name],
      aliases: random() < 0.2 ? [`${pick(firstNames)} ${pick(lastNames)}`] : [],
      birthDates:
        random() < 0.7 ? [`${year}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`] : [],
      nationalities: [pick(countries)],
      topics: pick(topics),
      datasets: ["synthetic"],
    });
  }
  const withEntities = memory();
  const started = performance.now();
  const index = buildIndex(entities);
  const buildMs = performance.now() - started;
  const withIndex = memory();
  const listedQueries = Array.from({ length: QUERIES / 2 }, () => {
    const entity = pick(entities);
    return { name: random() < 0.5 ? typo(entity.caption) : entity.caption, birthDate: entity.birthDates[0] };
  });
  const queries = [...listedQueries, ...negativeQueries.slice(0, QUERIES / 2)];
  const { p50, p99, hits } = timeScreenings(index, queries);
  const exact = new Map<string, number[]>();
  entities.forEach((entity, i) => {
    const key = entity.caption.toLowerCase();
    exact.set(key, [...(exact.get(key) ?? []), i]);
  });
  const baseline = timeBaseline(
    exact,
    queries.map((query) => query.name ?? ""),
  );
  console.log(
    `synthetic ${SIZE.toLocaleString("en")} entities${SIZE < 1_000_000 ? " (BENCH_FULL=1 for 1,000,000)" : ""}:`,
  );
  console.log(`  memory before ${before}; with entities ${withEntities}; with index ${withIndex}`);
  console.log(
    `  index: build ${(buildMs / 1000).toFixed(1)} s, ${index.keyIds.size.toLocaleString("en")} keys, ${index.postings.length.toLocaleString("en")} postings (${((index.postings.byteLength + index.offsets.byteLength) / 2 ** 20).toFixed(0)} MB typed arrays)`,
  );
  console.log(
    `  screen p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms over ${queries.length} queries (${hits} with a confirmed hit); ` +
      `exact-Map baseline p50 ${(baseline * 1000).toFixed(1)} µs (screen/baseline ${(p50 / Math.max(baseline, 1e-6)).toFixed(0)}×)`,
  );
}
