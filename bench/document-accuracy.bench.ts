// Document reading quality and speed on generated specimens with realistic degradation (rotation ±3°,
// blur, noise, brightness, JPEG q35–70). Per type: detection rate, field-level accuracy (exact match
// against ground truth), and for passports the MRZ validity and exact-read rates. Latency p50/p99 of
// one extract, against a baseline measured in the same run: one bare tesseract recognize (English,
// automatic page segmentation) of the same image.
//
//   node --import tsx bench/document-accuracy.bench.ts               # 6 specimens per type (~2 min)
//   BENCH_FULL=1 node --import tsx bench/document-accuracy.bench.ts  # 100 per type (~25 min on 2 cores)
import { createDocumentEngine } from "../src/engines/document/document-engine.js";
import { createTesseractOcrEngine } from "../src/engines/ocr/tesseract-ocr-engine.js";
import { generateSpecimen } from "../test/specimens/documents/generate.js";
import type { SpecimenType } from "../test/specimens/documents/specimen.js";

const PER_TYPE = Number(process.env.BENCH_PER_TYPE ?? (process.env.BENCH_FULL ? 100 : 6));
const TYPES: SpecimenType[] = [
  "passport",
  "citizenship",
  "pan",
  "drivers_license",
  "aadhaar",
  "disability_id",
  "business_registration",
];
const HINT: Partial<Record<SpecimenType, string>> = { disability_id: "disability_id" };

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function same(a: string | undefined, b: string): boolean {
  return (a ?? "").trim().toUpperCase() === b.trim().toUpperCase();
}

const ocr = createTesseractOcrEngine();
const engine = createDocumentEngine({ ocr });
// Warm both languages so one-time worker start-up is not charged to the first document.
const warm = await generateSpecimen("pan", 0, { degrade: false });
await ocr.recognize(warm.image, { lang: "eng" });
await ocr.recognize(warm.image, { lang: "nep" });

console.log(`document-accuracy: ${PER_TYPE} degraded specimens per type\n`);
const rows: string[][] = [
  ["type", "n", "detected", "fields", "mrz valid", "mrz exact", "p50 ms", "p99 ms", "bare p50", "ratio p50"],
];
for (const type of TYPES) {
  let detected = 0;
  let fieldsRight = 0;
  let fieldsTotal = 0;
  let mrzValid = 0;
  let mrzExact = 0;
  const times: number[] = [];
  const bare: number[] = [];
  for (let seed = 1; seed <= PER_TYPE; seed++) {
    const specimen = await generateSpecimen(type, 1000 + seed);
    let t = performance.now();
    await ocr.recognize(specimen.image);
    bare.push(performance.now() - t);
    t = performance.now();
    try {
      if (type === "business_registration") {
        const r = await engine.extractBusinessDocument(specimen.image);
        times.push(performance.now() - t);
        if (r.detected_type === "business_registration") detected++;
        for (const [k, v] of Object.entries(specimen.fields)) {
          fieldsTotal++;
          if (same(r.fields[k], v)) fieldsRight++;
        }
        continue;
      }
      const { result } = await engine.extract(specimen.image, { documentType: HINT[type] });
      times.push(performance.now() - t);
      if (result.detected_type === type) detected++;
      for (const [k, v] of Object.entries(specimen.fields)) {
        fieldsTotal++;
        // Generic extraction has no field names of its own: a value counts when it is in the text.
        const right = result.generic_extraction
          ? (result.full_text ?? "").includes(v)
          : same(result.fields[k], v);
        if (right) fieldsRight++;
      }
      if (type === "passport") {
        if (result.fields.mrz_line1 && !result.warnings.includes("mrz_checksum_failed")) mrzValid++;
        if (result.fields.mrz_line1 === specimen.mrz?.[0] && result.fields.mrz_line2 === specimen.mrz?.[1])
          mrzExact++;
      }
    } catch (error) {
      times.push(performance.now() - t);
      fieldsTotal += Object.keys(specimen.fields).length;
      console.log(`  ${type} seed ${1000 + seed}: ${(error as Error).message}`);
    }
  }
  const pct = (x: number, n: number) => `${((100 * x) / n).toFixed(1)}%`;
  const p50 = percentile(times, 50);
  const bare50 = percentile(bare, 50);
  rows.push([
    type,
    String(PER_TYPE),
    pct(detected, PER_TYPE),
    pct(fieldsRight, fieldsTotal),
    type === "passport" ? pct(mrzValid, PER_TYPE) : "-",
    type === "passport" ? pct(mrzExact, PER_TYPE) : "-",
    p50.toFixed(0),
    percentile(times, 99).toFixed(0),
    bare50.toFixed(0),
    `${(p50 / bare50).toFixed(2)}x`,
  ]);
  console.log(rows.at(-1)!.join("\t"));
}
await ocr.close();
console.log("");
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
for (const r of rows) console.log(r.map((c, i) => c.padEnd(widths[i]!)).join("  "));
console.log("\nratio p50 = extract p50 / bare tesseract recognize p50 of the same images in this run");
