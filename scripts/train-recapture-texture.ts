// Fits the PASSIVE still's re-capture texture model (src/engines/liveness/recapture-texture.ts) and
// writes src/engines/liveness/recapture-texture-model.ts.
//
//   node --import tsx scripts/train-recapture-texture.ts [--cache FILE] [--variants 4] [--captures 6]
//
// Extracting the features is the slow part (2026-11-25: about 40 min for the 1,016 stills with two shards
// on two cores shared with other benches); to use two cores, run `--shard 0/2 --cache A` and
// `--shard 1/2 --cache B` side by side, join the two JSON arrays into one file and run again with it.
//
// Data recipe (test/specimens/liveness/manifest.ts): the tuning set, that is the tune split and the report
// split's examined half; the held-aside half is never fitted on and is left to bench/liveness-pad.bench.ts.
// - bona fide: each photograph as it is, --copies web copies of it (scaled down and up, blurred or
//   denoised, recompressed: webCopy) and --captures simulated phone captures (phone-captures.ts), with
//   seeds of their own, never the manifest's;
// - attacks: every still attack type of the manifest, as the bench makes it, and for the types no single
//   physical cue catches (cropped_warm_print, fullframe_screen, reuse_crop) --variants more renders.
// Each still goes through the engine's own decode and face detector; the features are those of the
// first face. The model is a class-balanced logistic regression with an L2 penalty (--lambda) on
// standardised, clipped features. The script prints the scores per type out of fold (5 folds by
// photograph: each photograph scored by a model fitted without it), from which weak-cues.ts sets its
// levels, then fits on everything and writes the model. Features are cached in --cache by sample id.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { createFaceEngine } from "../src/engines/face/face-engine.js";
import { decodeFrame } from "../src/engines/liveness/frame-analysis.js";
import { solveLinear } from "../src/engines/liveness/planar-motion.js";
import {
  recaptureTextureFeatures,
  scoreTexture,
  type TextureModel,
} from "../src/engines/liveness/recapture-texture.js";
import { FACES_DIR } from "../test/specimens/liveness/captures.js";
import { buildManifest, type Presentation } from "../test/specimens/liveness/manifest.js";
import { buildPresentation } from "../test/specimens/liveness/presentations.js";
import { createRandom } from "../test/specimens/seeded-random.js";

const { values: args } = parseArgs({
  options: {
    cache: { type: "string", default: "/tmp/recapture-texture-features.json" },
    variants: { type: "string", default: "2" },
    captures: { type: "string", default: "4" },
    copies: { type: "string", default: "4" },
    folds: { type: "string", default: "5" },
    levels: { type: "string", default: "0.9,0.93,0.95,0.97" },
    lambda: { type: "string", default: "0.05" },
    shard: { type: "string", default: "0/1" },
    out: { type: "string", default: "src/engines/liveness/recapture-texture-model.ts" },
  },
});
const VARIANTS = Number(args.variants);
const CAPTURES = Number(args.captures);
const COPIES = Number(args.copies);
const FOLDS = Number(args.folds);
/** Score levels whose counts per type are printed (weak-cues.ts sets its levels from the out-of-fold ones). */
const LEVELS = args.levels.split(",").map(Number);
const LAMBDA = Number(args.lambda);
const CLIP = 4;
/** "k/n": extract only every n-th sample from the k-th into --cache, then stop (parallel extraction). */
const [SHARD, SHARDS] = args.shard.split("/").map(Number) as [number, number];
/** Attack types whose extra renders the model sees: those no single physical cue catches. */
const VARIED = new Set(["cropped_warm_print", "fullframe_screen", "reuse_crop"]);

interface Sample {
  id: string;
  /** The photograph it is made from: cross-validation folds never split one photograph's samples. */
  photo: string;
  type: string;
  label: 0 | 1;
  features: number[];
}

interface ToMake {
  p: Presentation;
  /** A web copy of the genuine photograph (webCopy) instead of the manifest's generator. */
  copy?: number;
}

function samplesToMake(): ToMake[] {
  const out: ToMake[] = [];
  for (const p of buildManifest()) {
    if (p.clipOnly || p.type === "genuine_phone_capture" || p.type === "genuine_vs_document") continue;
    if (p.split === "report" && p.heldAside) continue;
    out.push({ p });
    if (p.type === "genuine_photo") {
      for (let k = 0; k < COPIES; k++) {
        const seed = 70_000 + p.seed * 100 + k;
        out.push({ p: { ...p, id: `genuine_web_copy:${p.photo}@${seed}`, seed }, copy: seed });
      }
      for (let k = 0; k < CAPTURES; k++) {
        const seed = 50_000 + p.seed * 100 + k;
        out.push({
          p: { ...p, type: "genuine_phone_capture", id: `genuine_phone_capture:${p.photo}@${seed}`, seed },
        });
      }
    }
    if (VARIED.has(p.type)) {
      for (let v = 1; v <= VARIANTS; v++) {
        const seed = p.seed + 1000 * v;
        out.push({ p: { ...p, id: `${p.id}@${seed}`, seed } });
      }
    }
  }
  return out;
}

/**
 * A genuine photograph as the web passes it on: scaled down and up again by a smooth kernel (a resized
 * upload), sometimes blurred or denoised, recompressed. Smooth skin and resampled pixels are then not
 * what tells a re-capture from a live face; the instrument's colour and grain must be.
 */
async function webCopy(photo: Buffer, seed: number): Promise<Buffer> {
  const random = createRandom(seed);
  const meta = await sharp(photo).rotate().metadata();
  const width = meta.width ?? 640;
  const down = Math.max(96, Math.round(width * random.between(0.3, 0.75)));
  const kernels = ["cubic", "mitchell", "linear", "lanczos3"] as const;
  let image = sharp(await sharp(photo).rotate().resize({ width: down }).png().toBuffer()).resize({
    width: Math.round(width * random.between(0.9, 1.6)),
    kernel: kernels[random.int(0, kernels.length - 1)],
  });
  if (random.chance(0.4)) image = image.blur(random.between(0.5, 1.4));
  if (random.chance(0.3)) image = image.median(3);
  if (random.chance(0.3)) image = image.sharpen();
  return image.jpeg({ quality: random.int(55, 92) }).toBuffer();
}

async function extract(): Promise<Sample[]> {
  const cached: Sample[] = existsSync(args.cache) ? JSON.parse(readFileSync(args.cache, "utf8")) : [];
  const known = new Map(cached.map((s) => [s.id, s]));
  const face = await createFaceEngine({ size: 1 });
  const samples: Sample[] = [];
  const todo = samplesToMake();
  let made = 0;
  for (const [index, { p, copy }] of todo.entries()) {
    if (index % SHARDS !== SHARD) continue;
    const hit = known.get(p.id);
    if (hit) {
      samples.push(hit);
      continue;
    }
    const still =
      copy === undefined
        ? (await buildPresentation(face, p, { clip: false }))?.still
        : await webCopy(readFileSync(new URL(p.photo, FACES_DIR)), copy);
    if (!still) continue;
    const image = await decodeFrame(still);
    const box = (await face.infer({ image, want: {} })).faces[0]?.box;
    const features = box ? recaptureTextureFeatures(image, box) : null;
    if (!features) continue;
    const type = copy === undefined ? p.type : "genuine_web_copy";
    samples.push({ id: p.id, photo: p.photo, type, label: p.label === "attack" ? 1 : 0, features });
    if (++made % 25 === 0) {
      process.stderr.write(`${made} new features (${samples.length}/${todo.length})\n`);
      writeFileSync(args.cache, JSON.stringify(samples));
    }
  }
  await face.close();
  writeFileSync(args.cache, JSON.stringify(samples));
  return samples;
}

function fit(train: Sample[]): TextureModel {
  const n = train.length;
  const d = train[0]?.features.length ?? 0;
  const mean = new Array<number>(d).fill(0);
  const scale = new Array<number>(d).fill(0);
  for (const s of train) {
    for (let k = 0; k < d; k++) mean[k] = (mean[k] as number) + (s.features[k] as number) / n;
  }
  for (const s of train) {
    for (let k = 0; k < d; k++)
      scale[k] = (scale[k] as number) + ((s.features[k] as number) - (mean[k] as number)) ** 2 / n;
  }
  for (let k = 0; k < d; k++) scale[k] = Math.max(Math.sqrt(scale[k] as number), 1e-6);
  const x = train.map((s) =>
    s.features.map((v, k) =>
      Math.max(-CLIP, Math.min(CLIP, (v - (mean[k] as number)) / (scale[k] as number))),
    ),
  );
  const positives = train.filter((s) => s.label === 1).length;
  // Each class carries half the weight, so the many attack renders do not outweigh the photographs.
  const weightOf = (s: Sample) => (s.label === 1 ? 0.5 / positives : 0.5 / (n - positives));
  const weights = new Array<number>(d).fill(0);
  let bias = 0;
  // Newton's method: the loss is convex and the problem small.
  for (let iteration = 0; iteration < 30; iteration++) {
    const gradient = new Array<number>(d + 1).fill(0);
    const hessian = Array.from({ length: d + 1 }, () => new Array<number>(d + 1).fill(0));
    train.forEach((s, i) => {
      const row = [...(x[i] as number[]), 1];
      const p = 1 / (1 + Math.exp(-(bias + dot(weights, row))));
      const w = weightOf(s);
      for (let a = 0; a <= d; a++) {
        gradient[a] = (gradient[a] as number) + w * (p - s.label) * (row[a] as number);
        const ha = hessian[a] as number[];
        for (let b = a; b <= d; b++)
          ha[b] = (ha[b] as number) + w * p * (1 - p) * (row[a] as number) * (row[b] as number);
      }
    });
    for (let a = 0; a <= d; a++) {
      for (let b = 0; b < a; b++) (hessian[a] as number[])[b] = (hessian[b] as number[])[a] as number;
      if (a < d) {
        gradient[a] = (gradient[a] as number) + LAMBDA * (weights[a] as number);
        (hessian[a] as number[])[a] = ((hessian[a] as number[])[a] as number) + LAMBDA;
      }
    }
    const step = solveLinear(hessian, gradient);
    if (!step) throw new Error("singular Hessian: raise --lambda");
    let size = 0;
    for (let a = 0; a < d; a++) {
      weights[a] = (weights[a] as number) - (step[a] as number);
      size += Math.abs(step[a] as number);
    }
    bias -= step[d] as number;
    if (size < 1e-8) break;
  }
  return { mean, scale, weights, bias, clip: CLIP };
}

function dot(a: number[], b: number[]): number {
  let sum = 0;
  for (let k = 0; k < a.length; k++) sum += (a[k] as number) * (b[k] as number);
  return sum;
}

function report(model: TextureModel, samples: Sample[], title: string): void {
  reportScores(samples, (s) => scoreTexture(s.features, model), title);
}

function reportScores(samples: Sample[], scoreOf: (s: Sample) => number, title: string): void {
  console.log(`\n${title}: ${samples.length} stills`);
  const types = [...new Set(samples.map((s) => s.type))];
  const genuine = samples.filter((s) => s.label === 0).sort((a, b) => scoreOf(b) - scoreOf(a));
  const genuineMax = genuine.length ? scoreOf(genuine[0] as Sample) : 0;
  console.log(
    `genuine highest: ${genuine
      .slice(0, 6)
      .map((s) => `${s.id} ${scoreOf(s).toFixed(3)}`)
      .join(", ")}`,
  );
  for (const type of types) {
    const scores = samples
      .filter((s) => s.type === type)
      .map(scoreOf)
      .sort((a, b) => a - b);
    const at = (q: number) =>
      (scores[Math.min(scores.length - 1, Math.floor(q * scores.length))] ?? 0).toFixed(3);
    const over = scores.filter((v) => v > genuineMax).length;
    const atLevels = LEVELS.map((level) => `≥${level} ${scores.filter((v) => v >= level).length}`).join(" ");
    console.log(
      `${type.padEnd(22)} n ${String(scores.length).padStart(3)}  min ${at(0)} p10 ${at(0.1)} p50 ${at(0.5)} p90 ${at(0.9)} max ${at(1)}  above genuine max ${over}  ${atLevels}`,
    );
  }
}

const samples = await extract();
if (SHARDS > 1) {
  console.log(`shard ${SHARD}/${SHARDS}: ${samples.length} samples in ${args.cache}`);
  process.exit(0);
}
// Out-of-fold scores, folds by photograph: what the model says of photographs it has not seen, which is
// where the levels in weak-cues.ts come from (a fitted photograph's own score is optimistic).
const photos = [...new Set(samples.map((s) => s.photo))].sort();
const outOfFold = new Map<Sample, number>();
for (let fold = 0; fold < FOLDS; fold++) {
  const held = new Set(photos.filter((_, i) => i % FOLDS === fold));
  const model = fit(samples.filter((s) => !held.has(s.photo)));
  for (const s of samples) if (held.has(s.photo)) outOfFold.set(s, scoreTexture(s.features, model));
}
reportScores(
  samples,
  (s) => outOfFold.get(s) ?? 0,
  `OUT-OF-FOLD (${FOLDS} folds by photograph), tune split + examined half`,
);
const model = fit(samples);
report(model, samples, "fitted on all (tune split + examined half)");

const numbers = (values: readonly number[]) => values.map((v) => Number(v.toPrecision(9))).join(", ");
writeFileSync(
  args.out,
  `// Generated by scripts/train-recapture-texture.ts on the tuning set of the labelled attack set (tune split
// and the report split's examined half; ${samples.filter((s) => s.label === 0).length} bona fide stills, ${samples.filter((s) => s.label === 1).length} attack stills;
// --variants ${VARIANTS} --captures ${CAPTURES} --copies ${COPIES} --lambda ${LAMBDA}). Do not edit.
// The logit is BIAS + Σ WEIGHTS[k] × clip((feature[k] − MEAN[k]) / SCALE[k], ±CLIP) over the features of
// recapture-texture.ts.
export const MEAN: readonly number[] = [${numbers(model.mean)}];
export const SCALE: readonly number[] = [${numbers(model.scale)}];
export const WEIGHTS: readonly number[] = [${numbers(model.weights)}];
export const BIAS = ${Number(model.bias.toPrecision(9))};
export const CLIP = ${CLIP};
`,
);
console.log(`\nwrote ${args.out}`);
