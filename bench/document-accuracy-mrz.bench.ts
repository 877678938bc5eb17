// MRZ reading on the realistic generator (test/specimens/documents/mrz-specimen.ts): every format (TD3,
// TD1, TD2, MRV-A, MRV-B, French ID) in OCR-B under every capture condition (scan, photo with
// perspective and uneven light, glare spot, screen moiré, low resolution, quarter-turned with or
// without EXIF orientation). Seeds 1…N: the glyph classifier trained on seeds 50 000+, so these are
// held aside. Per format and per condition: exact MRZ (every line equal to the printed one), every
// check digit valid, key fields exact, detected type right. Latency p50/p99 of one extract against one
// bare tesseract recognize (English, automatic page segmentation) of the same images in this run.
//
// BENCH_REAL=1 prints the documents the way real ones are (security print under the zone, the issuer's
// character size and line spacing, the zone near the edge, text right above it, lamination streaks) and
// adds the handheld capture (up to 10° off level, strong perspective, whole page 600–1000 px wide).
// BENCH_HARD=1 is harder still (implies BENCH_REAL): bold, thin or faded print, darker security print
// under the zone, a faint lamination streak in every photograph, JPEG 50–70, 8–12 px characters at low
// resolution.
// BENCH_STAMP=1 overprints every document with SPECIMEN (or MUSTER, MODELO…) in a colour or grey, printed
// on the paper or laid over the scan, across any part of the page, as published real specimens are.
// Every capture is genuine, so the reading warnings that hold a session (ID_VERIFICATION's REVIEW_WARNINGS:
// vz_mrz_mismatch, a failed check, a malformed field, no zone…) are counted too, and listed where exact.
// BENCH_FIRST_SEED moves the seed range (seeds 1000+ are the development set; 1…N stay held aside).
//
//   node --import tsx bench/document-accuracy-mrz.bench.ts                 # 2 per format × condition
//   BENCH_PER_CELL=10 node --import tsx bench/document-accuracy-mrz.bench.ts
//   BENCH_REAL=1 BENCH_PER_CELL=2 node --import tsx bench/document-accuracy-mrz.bench.ts
//   BENCH_HARD=1 BENCH_PER_CELL=1 node --import tsx bench/document-accuracy-mrz.bench.ts
import { createDocumentEngine } from "../src/engines/document/document-engine.js";
import { createTesseractOcrEngine } from "../src/engines/ocr/tesseract-ocr-engine.js";
import { REVIEW_WARNINGS } from "../src/verify/modules/id-verification.js";
import {
  CAPTURE_CONDITIONS,
  type CaptureCondition,
  REAL_CAPTURE_CONDITIONS,
} from "../test/specimens/documents/camera.js";
import { MRZ_FORMATS } from "../test/specimens/documents/mrz-document.js";
import type { SpecimenMrzFormat } from "../test/specimens/documents/mrz-formats.js";
import { generateMrzSpecimen } from "../test/specimens/documents/mrz-specimen.js";
import { percentile } from "./support/latency-stats.js";

const PER_CELL = Number(process.env.BENCH_PER_CELL ?? 2);
const HARD = process.env.BENCH_HARD === "1";
const REAL = process.env.BENCH_REAL === "1" || HARD;
const STAMP = process.env.BENCH_STAMP === "1";
const FIRST_SEED = Number(process.env.BENCH_FIRST_SEED ?? 1);
const ONLY_FORMAT = process.env.BENCH_FORMAT;
const ONLY_CONDITION = process.env.BENCH_CONDITION;
const CONDITIONS = (REAL ? REAL_CAPTURE_CONDITIONS : CAPTURE_CONDITIONS).filter(
  (c) => !ONLY_CONDITION || c === ONLY_CONDITION,
);
const KIND: Record<SpecimenMrzFormat, string> = {
  TD3: "passport",
  TD1: "id_card",
  TD2: "id_card",
  MRVA: "visa",
  MRVB: "visa",
  FRENCH_ID: "id_card",
};

interface Tally {
  n: number;
  exact: number;
  valid: number;
  fields: number;
  detected: number;
}
const empty = (): Tally => ({ n: 0, exact: 0, valid: 0, fields: 0, detected: 0 });
const byFormat = new Map<string, Tally>();
const byCondition = new Map<string, Tally>();
const times: number[] = [];
const held = new Map<string, number>();
const heldExact = new Map<string, number>();
const bare: number[] = [];

const ocr = createTesseractOcrEngine();
const engine = createDocumentEngine({ ocr });
const warm = await generateMrzSpecimen("TD3", 0, "scan");
await ocr.recognize(warm.image);
await engine.extract(warm.image);

console.log(
  `document-accuracy-mrz: ${PER_CELL} per format × condition, seeds from ${FIRST_SEED}${HARD ? ", hard print" : REAL ? ", real print" : ""}${STAMP ? ", SPECIMEN overprint" : ""}\n`,
);
for (let seed = FIRST_SEED; seed < FIRST_SEED + PER_CELL; seed++) {
  for (const format of MRZ_FORMATS.filter((f) => !ONLY_FORMAT || f === ONLY_FORMAT)) {
    for (const condition of CONDITIONS as CaptureCondition[]) {
      const specimen = await generateMrzSpecimen(format, seed, condition, {
        real: REAL,
        hard: HARD,
        stamp: STAMP,
      });
      let t = performance.now();
      await ocr.recognize(specimen.image);
      bare.push(performance.now() - t);
      t = performance.now();
      const { result } = await engine.extract(specimen.image).catch(() => ({ result: null }));
      times.push(performance.now() - t);
      const lines = result?.mrz?.lines ?? [];
      const exact = lines.join("\n") === specimen.mrz.join("\n");
      const valid = Boolean(result?.mrz?.valid);
      const fields = Object.entries(specimen.fields).every(([k, v]) => result?.fields[k] === v);
      // A TD1 residence permit (document code IR) is a residence_permit, not an id_card.
      const kind = specimen.mrz[0]!.startsWith("IR") ? "residence_permit" : KIND[format];
      const detected = result?.detected_type === kind;
      for (const [map, key] of [
        [byFormat, format],
        [byCondition, condition],
      ] as const) {
        const t2 = map.get(key) ?? empty();
        t2.n++;
        t2.exact += Number(exact);
        t2.valid += Number(valid);
        t2.fields += Number(fields);
        t2.detected += Number(detected);
        map.set(key, t2);
      }
      // Every capture is genuine: a reading warning on an exact reading holds a real customer for nothing.
      for (const warning of result?.warnings.filter((w) => REVIEW_WARNINGS.has(w)) ?? []) {
        held.set(warning, (held.get(warning) ?? 0) + 1);
        if (exact) {
          heldExact.set(warning, (heldExact.get(warning) ?? 0) + 1);
          console.log(`  held ${format} ${condition} seed ${seed}: ${warning} on an exact reading`);
        }
      }
      if (!exact) {
        console.log(`  miss ${format} ${condition} seed ${seed}: ${lines.join(" | ") || "(no MRZ)"}`);
        console.log(`       truth ${specimen.mrz.join(" | ")}`);
      }
    }
  }
}
await ocr.close();

const pct = (x: number, n: number) => `${((100 * x) / n).toFixed(1)}%`;
const table = (title: string, map: Map<string, Tally>) => {
  const rows = [[title, "n", "MRZ exact", "checks valid", "fields exact", "type right"]];
  for (const [key, t] of map) {
    rows.push([
      key,
      String(t.n),
      pct(t.exact, t.n),
      pct(t.valid, t.n),
      pct(t.fields, t.n),
      pct(t.detected, t.n),
    ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  console.log("");
  for (const r of rows) console.log(r.map((c, i) => c.padEnd(widths[i]!)).join("  "));
};
table("format", byFormat);
table("condition", byCondition);
console.log(
  `\ngenuine captures warned: ${[...held].map(([w, n]) => `${w} ${n} (on an exact reading ${heldExact.get(w) ?? 0})`).join(", ") || "none"}`,
);
const sorted = [...times].sort((a, b) => a - b);
const bareSorted = [...bare].sort((a, b) => a - b);
const p50 = percentile(sorted, 50);
const bare50 = percentile(bareSorted, 50);
console.log(
  `\nextract p50 ${p50.toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms; bare tesseract p50 ${bare50.toFixed(0)} ms; ratio p50 ${(p50 / bare50).toFixed(2)}x`,
);
