// Face analyze latency through the worker pool vs the same inference run in-thread (baseline),
// on the same decoded images: p50/p99 per request and the pool's overhead ratio. Also the
// event-loop stall each mode causes (the reason the pool exists).
// Run: node --import tsx bench/face-latency.bench.ts   (about a minute; FACE_BENCH_ROUNDS=N for more,
// FACE_BENCH_WORKERS=N to size the pool)
import { readFile } from "node:fs/promises";
import { createFaceEngine } from "../src/engines/face/face-engine.js";
import type { FaceInferenceRequest } from "../src/engines/face/inference-protocol.js";
import { createInferenceRuntime } from "../src/engines/face/inference-runtime.js";
import { decodeImageField } from "../src/engines/image/decode-image-field.js";

const DATA = new URL("../../shared/data/faces/deepface/", import.meta.url);
const FILES = [
  "img1.jpg",
  "img2.jpg",
  "img5.jpg",
  "img11.jpg",
  "img17.jpg",
  "img22.jpg",
  "img38.jpg",
  "couple.jpg",
];
const ROUNDS = Number(process.env.FACE_BENCH_ROUNDS ?? 3);
const WORKERS = Number(process.env.FACE_BENCH_WORKERS ?? 1);
const WANT: FaceInferenceRequest["want"] = { embedding: true, age: true, quality: true };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Largest gap between 10 ms ticks while `work` runs: how long the event loop was blocked. */
async function loopStall(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let worst = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - 10);
    last = now;
  }, 10);
  await work();
  clearInterval(ticker);
  return Math.max(0, worst, performance.now() - last - 10);
}

interface Series {
  times: number[];
  stalls: number[];
}

function summarize(label: string, series: Series) {
  const times = [...series.times].sort((a, b) => a - b);
  const stalls = [...series.stalls].sort((a, b) => a - b);
  const stats = { p50: percentile(times, 50), p99: percentile(times, 99), stall: percentile(stalls, 50) };
  console.log(
    `${label.padEnd(28)} n=${times.length}  p50 ${stats.p50.toFixed(0)} ms  p99 ${stats.p99.toFixed(0)} ms  median event-loop stall per request ${stats.stall.toFixed(0)} ms`,
  );
  return stats;
}

async function sample(series: Series, run: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  series.stalls.push(await loopStall(run));
  series.times.push(performance.now() - started);
}

const images = await Promise.all(
  FILES.map(async (file) =>
    decodeImageField((await readFile(new URL(file, DATA))).toString("base64"), "image"),
  ),
);

let started = performance.now();
const runtime = await createInferenceRuntime();
console.log(`in-thread models loaded in ${(performance.now() - started).toFixed(0)} ms`);
started = performance.now();
const engine = await createFaceEngine({ size: WORKERS });
console.log(`worker pool (${WORKERS}) ready in ${(performance.now() - started).toFixed(0)} ms`);

// Interleaved, so drift in machine load hits both modes alike.
const inThreadSeries: Series = { times: [], stalls: [] };
const pooledSeries: Series = { times: [], stalls: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const image of images) {
    await sample(inThreadSeries, () => runtime.infer({ image: image.rgb, want: WANT }));
    await sample(pooledSeries, () => engine.analyze(image.rgb));
  }
}
const inThread = summarize("in-thread (baseline)", inThreadSeries);
const pooled = summarize(`worker pool, ${WORKERS} worker(s)`, pooledSeries);

started = performance.now();
await Promise.all(images.map((image) => engine.analyze(image.rgb)));
const concurrentMs = performance.now() - started;
console.log(
  `${images.length} concurrent analyze calls through the pool: ${concurrentMs.toFixed(0)} ms total`,
);

console.log(
  `ratio pool/in-thread: p50 ${(pooled.p50 / inThread.p50).toFixed(3)}  p99 ${(pooled.p99 / inThread.p99).toFixed(3)}; ` +
    `event-loop stall pool/in-thread ${(pooled.stall / Math.max(1, inThread.stall)).toFixed(3)}`,
);
await engine.close();
