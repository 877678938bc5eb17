// How well the document step tells "no document in a clear photo" from "a document too dark, glared or
// blurred to read" (src/verify/modules/document-photo-quality.ts), on generated document specimens made
// too dark, glared or blurred, and on real face photographs (no document). The thresholds were tuned on the
// tuning half (even-numbered faces, specimen seeds 1–8) and are reported on the held-aside half (odd faces,
// seeds 101–108), plus the time to measure one photo against a baseline: sharp decoding the same photo.
//
//   node --import tsx bench/document-photo-quality.bench.ts
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { createFaceEngine } from "../src/engines/face/face-engine.js";
import type { DocumentUnreadableReason } from "../src/verify/applicant/step-contract.js";
import {
  largestFaceShare,
  measurePhoto,
  photoProblem,
} from "../src/verify/modules/document-photo-quality.js";
import { generateSpecimen } from "../test/specimens/documents/generate.js";
import type { SpecimenType } from "../test/specimens/documents/specimen.js";
import { createRandom } from "../test/specimens/seeded-random.js";

type Expected = DocumentUnreadableReason | "no_document";
interface Sample {
  label: string;
  expected: Expected;
  bytes: Buffer;
}

const FACES = fileURLToPath(new URL("../../shared/data/faces/deepface/", import.meta.url));
const TYPES: SpecimenType[] = ["passport", "citizenship", "pan", "drivers_license"];

async function dark(image: Buffer, seed: number): Promise<Buffer> {
  const random = createRandom(seed);
  return sharp(image)
    .modulate({ brightness: 0.12 + random.next() * 0.18 })
    .jpeg({ quality: 70 })
    .toBuffer();
}

/** A lamp's reflection: a soft white ellipse over 10–30% of the card. */
async function glare(image: Buffer, seed: number): Promise<Buffer> {
  const random = createRandom(seed);
  const { width = 1000, height = 700 } = await sharp(image).metadata();
  const rx = Math.round(width * (0.18 + random.next() * 0.15));
  const ry = Math.round(height * (0.2 + random.next() * 0.15));
  const cx = Math.round(width * (0.3 + random.next() * 0.4));
  const cy = Math.round(height * (0.3 + random.next() * 0.4));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><radialGradient id="g"><stop offset="0.7" stop-color="#fff" stop-opacity="1"/>` +
    `<stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>` +
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#g)"/></svg>`;
  return sharp(image)
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 70 })
    .toBuffer();
}

async function blurred(image: Buffer, seed: number): Promise<Buffer> {
  const random = createRandom(seed);
  return sharp(image)
    .blur(5 + random.next() * 5)
    .jpeg({ quality: 70 })
    .toBuffer();
}

async function samples(half: "tuning" | "held-aside"): Promise<Sample[]> {
  const out: Sample[] = [];
  const faces = readdirSync(FACES)
    .filter((file) => /^img\d+\.jpg$/.test(file))
    .sort((a, b) => Number(a.match(/\d+/)![0]) - Number(b.match(/\d+/)![0]));
  for (const file of faces) {
    const odd = Number(file.match(/\d+/)![0]) % 2 === 1;
    if (odd === (half === "held-aside"))
      out.push({ label: file, expected: "no_document", bytes: readFileSync(`${FACES}${file}`) });
  }
  const seeds = half === "tuning" ? [1, 2, 3, 4, 5, 6, 7, 8] : [101, 102, 103, 104, 105, 106, 107, 108];
  for (const seed of seeds) {
    const type = TYPES[seed % TYPES.length]!;
    const { image } = await generateSpecimen(type, seed);
    out.push({ label: `${type}#${seed} dark`, expected: "too_dark", bytes: await dark(image, seed) });
    out.push({ label: `${type}#${seed} glare`, expected: "glare", bytes: await glare(image, seed) });
    out.push({ label: `${type}#${seed} blur`, expected: "blurry", bytes: await blurred(image, seed) });
  }
  return out;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const face = await createFaceEngine();
const halves = process.env.BENCH_HALF
  ? [process.env.BENCH_HALF as "tuning"]
  : (["tuning", "held-aside"] as const);
for (const half of halves) {
  const set = await samples(half);
  const perClass = new Map<Expected, { right: number; total: number }>();
  const wrong: string[] = [];
  const measureMs: number[] = [];
  const decodeMs: number[] = [];
  for (const sample of set) {
    let started = performance.now();
    await sharp(sample.bytes).rotate().greyscale().raw().toBuffer();
    decodeMs.push(performance.now() - started);
    started = performance.now();
    const measures = await measurePhoto(sample.bytes);
    measureMs.push(performance.now() - started);
    let share: number | null = null;
    const got: Expected =
      (await photoProblem(measures, async () => {
        share = await largestFaceShare(face, sample.bytes);
        return share;
      })) ?? "no_document";
    const tally = perClass.get(sample.expected) ?? { right: 0, total: 0 };
    tally.total++;
    if (got === sample.expected) tally.right++;
    if (got !== sample.expected || process.env.BENCH_VERBOSE)
      wrong.push(
        `${sample.label}: ${got} (mean ${measures.mean.toFixed(0)}, clipped ${measures.clipped.toFixed(3)}, sharpness ${measures.sharpness.toFixed(0)}, face ${share === null ? "-" : (share as number).toFixed(3)})`,
      );
    perClass.set(sample.expected, tally);
  }
  const right = [...perClass.values()].reduce((sum, t) => sum + t.right, 0);
  console.log(`document photo quality, ${half} half: ${right}/${set.length} right`);
  for (const [expected, tally] of perClass) console.log(`  ${expected}: ${tally.right}/${tally.total}`);
  for (const line of wrong) console.log(`  wrong: ${line}`);
  const p50 = percentile(measureMs, 50);
  const base = percentile(decodeMs, 50);
  console.log(
    `  measure p50 ${p50.toFixed(1)} ms (baseline full decode p50 ${base.toFixed(1)} ms, ratio ${(p50 / base).toFixed(2)})`,
  );
}
await face.close();
