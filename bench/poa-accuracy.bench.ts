// Proof-of-address reading quality and speed on generated bills, statements, letters and tenancy agreements
// (English and Nepali; text PDF, scanned PDF, phone photo, flat scan), on a held-aside seed split: seeds
// 50 000 and up, never used while the reader was tuned (tests and development used seeds below 10 000).
// Per format and language: type right, holder name exact, address exact (case, spaces and punctuation
// ignored), issue date exact, all four right, and whether the module's name comparison accepts the bill
// against the holder's Latin name (what decides a session). Screenshots: detection rate on phone
// screenshots and false alarms on the photos and scans. Latency p50/p99 of one read, with the ratio to a
// baseline measured in the same run: one bare tesseract pass (English, automatic segmentation) of the
// same page image (text PDFs: the pdfjs text extraction alone).
//
//   node --import tsx bench/poa-accuracy.bench.ts                    # 1 document per cell, 40 documents
//   BENCH_PER_CELL=3 node --import tsx bench/poa-accuracy.bench.ts   # 120 documents
import { createTesseractOcrEngine } from "../src/engines/ocr/tesseract-ocr-engine.js";
import { openPdf } from "../src/engines/proof-of-address/pdf-pages.js";
import { readProofOfAddress } from "../src/engines/proof-of-address/read-proof-of-address.js";
import { nameMatchScore } from "../src/verify/modules/poa-name-match.js";
import {
  generatePoaSpecimen,
  POA_KINDS,
  type PoaFormat,
  type PoaSpecimen,
} from "../test/specimens/proof-of-address/generate.js";
import { percentile } from "./support/latency-stats.js";

const PER_CELL = Number(process.env.BENCH_PER_CELL ?? 1);
const SCREENSHOTS = Number(process.env.BENCH_SCREENSHOTS ?? 6);
const FORMATS: PoaFormat[] = ["pdf_text", "pdf_scan", "photo", "scan"];
const LANGUAGES = ["en", "ne"] as const;
const HELD_ASIDE = 50_000;

const squash = (text: string | null | undefined) =>
  (text ?? "")
    .normalize("NFC")
    .toLowerCase()
    .replace(/[\s,.;:|-]+/g, "");

const percentileOf = (values: number[], p: number) =>
  percentile(
    [...values].sort((a, b) => a - b),
    p,
  );
const pct = (n: number, d: number) => (d === 0 ? "-" : `${((100 * n) / d).toFixed(1)} %`);

const ocr = createTesseractOcrEngine();
// Warm both languages so worker start-up is not charged to the first document.
const warm = await generatePoaSpecimen(HELD_ASIDE - 1, { format: "scan" });
await ocr.recognize(warm.bytes, { lang: "eng" });
await ocr.recognize(warm.bytes, { lang: "nep" });

async function baseline(specimen: PoaSpecimen): Promise<number> {
  const started = performance.now();
  if (specimen.mime === "application/pdf") {
    const pdf = await openPdf(specimen.bytes, 5);
    if (specimen.format === "pdf_scan") await ocr.recognize(await pdf.render(1, 2.1));
    await pdf.close();
  } else {
    await ocr.recognize(specimen.bytes);
  }
  return performance.now() - started;
}

interface Tally {
  n: number;
  type: number;
  name: number;
  address: number;
  date: number;
  all: number;
  matched: number;
  refused: number;
  times: number[];
  bare: number[];
}
const tally = (): Tally => ({
  n: 0,
  type: 0,
  name: 0,
  address: 0,
  date: 0,
  all: 0,
  matched: 0,
  refused: 0,
  times: [],
  bare: [],
});
const cells = new Map<string, Tally>();
const total = tally();
const misses: string[] = [];
let falseScreenshots = 0;
let imageReads = 0;
let index = 0;

console.log(`poa-accuracy: ${PER_CELL} per kind × language × format (${5 * 2 * 4 * PER_CELL} documents)\n`);
for (const format of FORMATS) {
  for (const language of LANGUAGES) {
    const cell = tally();
    cells.set(`${format} ${language}`, cell);
    for (const kind of POA_KINDS) {
      for (let i = 0; i < PER_CELL; i++) {
        const seed = HELD_ASIDE + index++;
        const specimen = await generatePoaSpecimen(seed, { kind, language, format });
        const bare = await baseline(specimen);
        const started = performance.now();
        for (const target of [cell, total]) target.n++;
        try {
          const reading = await readProofOfAddress(specimen.bytes, specimen.mime, { ocr, maxPages: 5 });
          const elapsed = performance.now() - started;
          const truth = specimen.truth;
          const right = {
            type: reading.document_type === truth.kind,
            name: squash(reading.holder_name) === squash(truth.name),
            address: squash(reading.address) === squash(truth.address),
            date: reading.issue_date === truth.issueDate,
          };
          const names = [reading.holder_name, reading.holder_name_latin].filter((n): n is string =>
            Boolean(n),
          );
          const matched = names.length > 0 && nameMatchScore(names, [truth.nameLatin]) >= 0.8;
          if (specimen.mime !== "application/pdf") {
            imageReads++;
            if (reading.screenshot) falseScreenshots++;
          }
          for (const target of [cell, total]) {
            target.times.push(elapsed);
            target.bare.push(bare);
            if (right.type) target.type++;
            if (right.name) target.name++;
            if (right.address) target.address++;
            if (right.date) target.date++;
            if (Object.values(right).every(Boolean)) target.all++;
            if (matched) target.matched++;
          }
          if (!Object.values(right).every(Boolean)) {
            const wrong = Object.entries(right)
              .filter(([, ok]) => !ok)
              .map(([field]) => field);
            misses.push(
              `${seed} ${format} ${language} ${kind}: ${wrong.join(", ")} — read ${JSON.stringify({
                type: reading.document_type,
                name: reading.holder_name,
                address: reading.address,
                date: reading.issue_date,
              })}`,
            );
          }
        } catch (error) {
          for (const target of [cell, total]) target.refused++;
          misses.push(`${seed} ${format} ${language} ${kind}: refused ${(error as Error).message}`);
        }
      }
    }
  }
}

const rows: string[][] = [
  [
    "format",
    "lang",
    "n",
    "type",
    "name",
    "address",
    "date",
    "all four",
    "name accepted",
    "p50 ms",
    "p99 ms",
    "bare p50",
    "ratio p50",
  ],
];
const row = (label: string, lang: string, t: Tally) => {
  const p50 = percentileOf(t.times, 50);
  const bare = percentileOf(t.bare, 50);
  rows.push([
    label,
    lang,
    String(t.n),
    pct(t.type, t.n),
    pct(t.name, t.n),
    pct(t.address, t.n),
    pct(t.date, t.n),
    pct(t.all, t.n),
    pct(t.matched, t.n),
    p50.toFixed(0),
    percentileOf(t.times, 99).toFixed(0),
    bare.toFixed(0),
    `${(p50 / bare).toFixed(1)}×`,
  ]);
};
for (const [key, t] of cells) row(...(key.split(" ") as [string, string]), t);
row("all", "", total);
const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
for (const r of rows) console.log(r.map((cell, c) => cell.padEnd(widths[c]!)).join("  "));

let caught = 0;
for (let i = 0; i < SCREENSHOTS; i++) {
  const specimen = await generatePoaSpecimen(HELD_ASIDE + 10_000 + i, { format: "screenshot" });
  const reading = await readProofOfAddress(specimen.bytes, specimen.mime, { ocr, maxPages: 5 }).catch(
    () => null,
  );
  if (reading?.screenshot) caught++;
}
console.log(
  `\nscreenshots flagged: ${caught} of ${SCREENSHOTS}; photos and scans wrongly flagged: ${falseScreenshots} of ${imageReads}`,
);
console.log(`refused as unreadable: ${total.refused} of ${total.n}`);
if (misses.length > 0) console.log(`\nmisses:\n  ${misses.join("\n  ")}`);
await ocr.close();
