// Signature engine quality and speed on realistic scanned specimens (test/specimens/signatures/
// scanned-specimens.ts: ~1,000-px scans with pen dynamics, natural variation, skilled forgeries and
// scan artefacts).
//   node --import tsx bench/signature-eer.bench.ts [--writers 20] [--seed 2024] [--calibration]
// The default is the held-aside writer split (HELD_ASIDE_SEEDS), never tuned on; --seed measures one
// seed alone; --calibration runs
// the calibration writers (CALIBRATION_SEEDS) the learned score and its map were fitted on
// (scripts/fit-signature-score.ts).
// Quality: EER of genuine vs skilled forgery and genuine vs random forgery (another writer's
// genuine), the score at each EER, and match/review/mismatch rates at the default threshold.
// Speed: verify() latency (two scans, decode to verdict) against a baseline measured in the same
// run: decoding the same two scans to raw pixels with sharp alone. Plus an exact search scan.
import { parseArgs } from "node:util";
import sharp from "sharp";
import { createSignatureEngine, type PreparedSignature } from "../src/engines/signature/signature-engine.js";
import { decideVerdict, SIGNATURE_VERIFY_THRESHOLD } from "../src/engines/signature/signature-verdict.js";
import {
  CALIBRATION_SEEDS,
  createScannedWriter,
  generateScannedSet,
  HELD_ASIDE_SEEDS,
  type ScannedSpecimen,
} from "../test/specimens/signatures/scanned-specimens.js";

const { values } = parseArgs({
  options: {
    writers: { type: "string", default: "20" },
    seed: { type: "string" },
    calibration: { type: "boolean", default: false },
  },
});
const writers = Number(values.writers);
const seeds = values.calibration
  ? [...CALIBRATION_SEEDS]
  : values.seed
    ? [Number(values.seed)]
    : [...HELD_ASIDE_SEEDS];
const GENUINE = 6;
const FORGERIES = 4;

function equalErrorRate(genuine: number[], impostor: number[]): { eer: number; threshold: number } {
  const candidates = [...new Set([...genuine, ...impostor])].sort((a, b) => a - b);
  let best = { gap: Number.POSITIVE_INFINITY, eer: 1, threshold: 0 };
  for (const t of candidates) {
    const frr = genuine.filter((s) => s < t).length / genuine.length;
    const far = impostor.filter((s) => s >= t).length / impostor.length;
    if (Math.abs(frr - far) < best.gap)
      best = { gap: Math.abs(frr - far), eer: (frr + far) / 2, threshold: t };
  }
  return best;
}

function rates(scores: number[]): string {
  const count = { match: 0, review: 0, mismatch: 0 };
  for (const s of scores) count[decideVerdict(s, SIGNATURE_VERIFY_THRESHOLD)]++;
  const pct = (n: number): string => `${((100 * n) / scores.length).toFixed(1)}%`;
  return `match ${pct(count.match)}  review ${pct(count.review)}  mismatch ${pct(count.mismatch)}`;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const generationStart = performance.now();
const set: Array<ScannedSpecimen & { seed: number }> = [];
for (const seed of seeds) {
  const part = await generateScannedSet({
    writers,
    genuinePerWriter: GENUINE,
    forgeriesPerWriter: FORGERIES,
    seed,
  });
  set.push(...part.map((specimen) => ({ ...specimen, seed })));
}
console.log(
  `signature-eer: ${values.calibration ? "calibration" : "held-aside"} writers (seed ${seeds.join(", ")}), ${writers} per seed × (${GENUINE} genuine + ${FORGERIES} skilled forgeries); generated ${set.length} scans in ${((performance.now() - generationStart) / 1000).toFixed(1)} s`,
);

const engine = createSignatureEngine();
const prepared: PreparedSignature[] = [];
for (const specimen of set) prepared.push(await engine.prepare(specimen.image));

const genuine: number[] = [];
const skilled: number[] = [];
const random: number[] = [];
const byScript = new Map<string, { genuine: number[]; skilled: number[] }>();
/** Rows by script, and the writers whose own line is perfectly even (tablet-like) apart. */
const groupsOf = (specimen: { writer: number; seed: number }): string[] => {
  const writer = createScannedWriter(specimen.writer, specimen.seed);
  return [writer.shape.script, writer.habits.even ? "even-line writers" : "other writers"];
};
for (let i = 0; i < set.length; i++) {
  const a = set[i]!;
  if (a.kind !== "genuine") continue;
  const groups = groupsOf(a).map((name) => {
    const group = byScript.get(name) ?? { genuine: [], skilled: [] };
    byScript.set(name, group);
    return group;
  });
  for (let j = 0; j < set.length; j++) {
    const b = set[j]!;
    if (b.seed !== a.seed) continue;
    const score = (): number => engine.compare(prepared[i]!.descriptor, prepared[j]!.descriptor).score;
    if (b.writer === a.writer && b.kind === "genuine" && j > i) {
      genuine.push(score());
      for (const group of groups) group.genuine.push(genuine.at(-1)!);
    } else if (b.writer === a.writer && b.kind === "skilled_forgery") {
      skilled.push(score());
      for (const group of groups) group.skilled.push(skilled.at(-1)!);
    } else if (b.writer !== a.writer && b.kind === "genuine" && b.index === 0 && a.index < 2)
      random.push(score());
  }
}
const skilledEer = equalErrorRate(genuine, skilled);
const randomEer = equalErrorRate(genuine, random);
console.log(
  `pairs: genuine ${genuine.length}, skilled forgery ${skilled.length}, random forgery ${random.length}`,
);
console.log(
  `EER genuine vs skilled forgery: ${(100 * skilledEer.eer).toFixed(1)}% at score ${skilledEer.threshold.toFixed(3)}`,
);
console.log(
  `EER genuine vs random forgery:  ${(100 * randomEer.eer).toFixed(1)}% at score ${randomEer.threshold.toFixed(3)}`,
);
const sortedGenuine = [...genuine].sort((x, y) => x - y);
console.log(
  `median genuine score ${percentile(sortedGenuine, 50).toFixed(3)}; at threshold ${SIGNATURE_VERIFY_THRESHOLD}:`,
);
console.log(`  genuine         ${rates(genuine)}`);
console.log(`  skilled forgery ${rates(skilled)}`);
console.log(`  random forgery  ${rates(random)}`);
for (const [script, scores] of [...byScript].sort()) {
  const eer = equalErrorRate(scores.genuine, scores.skilled);
  console.log(
    `  ${script}: EER skilled ${(100 * eer.eer).toFixed(1)}%; genuine ${rates(scores.genuine)}; skilled ${rates(scores.skilled)}`,
  );
}

// Latency: the same image pairs through verify() and through a plain sharp decode.
const pairs = set.slice(0, 40).map((a, i) => [a.image, set[(i * 7 + 3) % set.length]!.image] as const);
const baseline: number[] = [];
const verify: number[] = [];
for (let round = 0; round < 3; round++) {
  for (const [a, b] of pairs) {
    let t = performance.now();
    await Promise.all([sharp(a).raw().toBuffer(), sharp(b).raw().toBuffer()]);
    baseline.push(performance.now() - t);
    t = performance.now();
    await engine.verify(a, b);
    verify.push(performance.now() - t);
  }
}
baseline.sort((x, y) => x - y);
verify.sort((x, y) => x - y);
for (const p of [50, 99]) {
  const v = percentile(verify, p);
  const b = percentile(baseline, p);
  console.log(
    `verify p${p}: ${v.toFixed(1)} ms  (${(v / b).toFixed(1)}× the sharp-decode baseline, ${b.toFixed(1)} ms)`,
  );
}

// Search: an exact scan over a gallery of 10,000 stored descriptors.
const gallery = Array.from({ length: 10_000 }, (_, i) => ({
  id: i,
  descriptor: prepared[i % prepared.length]!.descriptor,
}));
const scans: number[] = [];
for (let q = 0; q < 5; q++) {
  const t = performance.now();
  engine.searchExact(prepared[q]!.descriptor, gallery, { threshold: 0.6, topK: 12 });
  scans.push(performance.now() - t);
}
scans.sort((x, y) => x - y);
console.log(`searchExact over 10,000 samples: median ${percentile(scans, 50).toFixed(0)} ms per query`);
