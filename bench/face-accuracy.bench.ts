// Face verification accuracy on the deepface pairs, per model/configuration:
// ROC AUC and best accuracy on face-recognition-pivot.csv (280 pairs), TAR at FAR 1% on master.csv
// (300 pairs), each at full quality and with one side degraded the way a document portrait is
// (longer side 224 px so the face is ~112 px, greyscale, Gaussian blur σ 0.8, JPEG quality 40).
// Baseline: the published models' distances shipped in the pivot CSV (VGG-Face, Facenet, …).
// Run: node --import tsx bench/face-accuracy.bench.ts   (about 2–3 minutes on 2 busy cores)
import { readFile } from "node:fs/promises";
import sharp from "sharp";
import type { FaceInferenceResult } from "../src/engines/face/inference-protocol.js";
import { createInferenceRuntime } from "../src/engines/face/inference-runtime.js";
import {
  cosineSimilarity,
  DEFAULT_FACE_VERIFY_THRESHOLD,
  similarityFromCosine,
} from "../src/engines/face/similarity.js";
import {
  accuracyAt,
  bestAccuracy,
  type PairScore,
  rocAuc,
  tarAtFar,
} from "../src/engines/face/verification-metrics.js";
import { decodeImageField } from "../src/engines/image/decode-image-field.js";

const DATA = new URL("../../shared/data/faces/deepface/", import.meta.url);

interface Pair {
  x: string;
  y: string;
  same: boolean;
  published: Record<string, number>;
}

async function readPairs(file: string): Promise<Pair[]> {
  const [header, ...lines] = (await readFile(new URL(file, DATA), "utf8")).trim().split(/\r?\n/);
  const columns = (header as string).split(",");
  return lines.map((line) => {
    const cells = line.split(",");
    const published: Record<string, number> = {};
    columns.forEach((name, i) => {
      if (name.endsWith("_cosine")) published[name.replace("_cosine", "")] = Number(cells[i]);
    });
    return {
      x: (cells[0] as string).split("/").pop() as string,
      y: (cells[1] as string).split("/").pop() as string,
      same: /^yes$/i.test(cells[2] as string),
      published,
    };
  });
}

async function degrade(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes)
    .rotate()
    .resize({ width: 224, height: 224, fit: "inside" })
    .greyscale()
    .blur(0.8)
    .jpeg({ quality: 40 })
    .toBuffer();
}

/** img47.jpg is really a WEBP, which the intake refuses (415): transcode it for the benchmark. */
async function asJpegOrPng(bytes: Buffer): Promise<Buffer> {
  const { format } = await sharp(bytes).metadata();
  return format === "jpeg" || format === "png" ? bytes : sharp(bytes).jpeg({ quality: 95 }).toBuffer();
}

type Embeddings = Map<string, { faceApi?: Float32Array; human?: Float32Array }>;

async function embedAll(files: string[], degraded: boolean): Promise<Embeddings> {
  const runtime = await createInferenceRuntime();
  const out: Embeddings = new Map();
  for (const file of files) {
    const raw = await asJpegOrPng(await readFile(new URL(file, DATA)));
    const bytes = degraded ? await degrade(raw) : raw;
    const image = await decodeImageField(bytes.toString("base64"), "image");
    const result: FaceInferenceResult = await runtime.infer({
      image: image.rgb,
      want: { embedding: true, humanEmbedding: true },
    });
    const face = result.faces[0];
    out.set(file, { faceApi: face?.embedding, human: face?.humanEmbedding });
  }
  return out;
}

/** Scores: face-api pairs on the 0..1 similarity scale, Human pairs as raw cosine. A pair whose face was not found scores as a reject (worst case for same-person pairs). */
function score(pairs: Pair[], left: Embeddings, right: Embeddings, model: "faceApi" | "human"): PairScore[] {
  return pairs.map((p) => {
    const a = left.get(p.x)?.[model];
    const b = right.get(p.y)?.[model];
    if (!a || !b) return { same: p.same, score: -1 };
    // Human's 1024-d cosines sit low; the face-api similarity mapping would clamp them to 0.
    const cosine = cosineSimilarity(a, b);
    return { same: p.same, score: model === "faceApi" ? similarityFromCosine(cosine) : cosine };
  });
}

function row(name: string, pivot: PairScore[], master: PairScore[] | null): string {
  const best = bestAccuracy(pivot);
  const tar = master ? tarAtFar(master, 0.01).tar.toFixed(3) : "  -  ";
  const atDefault = name.startsWith("face-api")
    ? accuracyAt(pivot, DEFAULT_FACE_VERIFY_THRESHOLD).toFixed(3)
    : "  -  ";
  return `${name.padEnd(44)} ${rocAuc(pivot).toFixed(4)}  ${best.accuracy.toFixed(3)}  ${best.threshold.toFixed(3).padStart(7)}  ${atDefault}  ${tar}`;
}

function spread(name: string, pairs: PairScore[]): string {
  const same = pairs.filter((p) => p.same).map((p) => p.score);
  const other = pairs.filter((p) => !p.same).map((p) => p.score);
  return `${name.padEnd(44)} same-person min ${Math.min(...same).toFixed(3)}  different-person max ${Math.max(...other).toFixed(3)}`;
}

const pivot = await readPairs("face-recognition-pivot.csv");
const master = await readPairs("master.csv");
const files = [...new Set([...pivot, ...master].flatMap((p) => [p.x, p.y]))].sort();
const started = performance.now();
const clean = await embedAll(files, false);
const degraded = await embedAll(files, true);
const seconds = (performance.now() - started) / 1000;
const missing = (set: Embeddings) => [...set].filter(([, e]) => !e.faceApi).map(([file]) => file);
console.log(
  `no face found — clean: [${missing(clean).join(", ")}], degraded: [${missing(degraded).join(", ")}]`,
);

console.log(
  `face verification accuracy — ${pivot.length} pivot pairs, ${master.length} master pairs, ${files.length} images`,
);
console.log(
  `${"configuration".padEnd(44)} AUC     best-acc threshold at-${DEFAULT_FACE_VERIFY_THRESHOLD}  TAR@FAR1%(master)`,
);
for (const model of Object.keys(pivot[0]?.published ?? {})) {
  const published = pivot.map((p) => ({ same: p.same, score: -(p.published[model] as number) }));
  console.log(row(`published ${model} (baseline, cosine distance)`, published, null));
}
const variants = [
  ["face-api 128-d on Human detection", "faceApi"],
  ["Human faceres 1024-d (scale 1.0)", "human"],
] as const;
for (const [name, model] of variants) {
  console.log(row(`${name}`, score(pivot, clean, clean, model), score(master, clean, clean, model)));
  console.log(
    row(
      `${name}, one side degraded`,
      score(pivot, clean, degraded, model),
      score(master, clean, degraded, model),
    ),
  );
}
console.log("");
console.log(spread("face-api, clean", score(pivot, clean, clean, "faceApi")));
console.log(spread("face-api, one side degraded", score(pivot, clean, degraded, "faceApi")));
for (const [name, pairs] of [
  ["pivot clean", score(pivot, clean, clean, "faceApi")],
  ["pivot degraded", score(pivot, clean, degraded, "faceApi")],
  ["master clean", score(master, clean, clean, "faceApi")],
  ["master degraded", score(master, clean, degraded, "faceApi")],
] as const) {
  const same = pairs.filter((p) => p.same);
  const other = pairs.filter((p) => !p.same);
  const frr = same.filter((p) => p.score < DEFAULT_FACE_VERIFY_THRESHOLD).length / same.length;
  const far = other.filter((p) => p.score >= DEFAULT_FACE_VERIFY_THRESHOLD).length / other.length;
  const searchFar = other.filter((p) => p.score >= 0.35).length / other.length;
  console.log(
    `face-api at verify threshold ${DEFAULT_FACE_VERIFY_THRESHOLD}, ${name.padEnd(16)} accuracy ${accuracyAt(pairs, DEFAULT_FACE_VERIFY_THRESHOLD).toFixed(3)}  FRR ${frr.toFixed(3)}  FAR ${far.toFixed(3)}  (search default 0.35: FAR ${searchFar.toFixed(3)})`,
  );
}
const baseline = pivot.map((p) => ({ same: p.same, score: -(p.published.Facenet as number) }));
const ours = score(pivot, clean, clean, "faceApi");
console.log(
  `ratio: our AUC / published Facenet AUC = ${(rocAuc(ours) / rocAuc(baseline)).toFixed(4)}; embedding pass ${seconds.toFixed(0)} s for ${files.length * 2} images`,
);
