// PASSIVE presentation-attack detection on the labelled attack set (test/specimens/liveness/manifest.ts),
// in ISO/IEC 30107-3 terms: APCER per attack type (attack presentations approved) and BPCER (bona fide
// presentations not approved), on the REPORT split (thresholds were set on the tune split), for PASSIVE
// without a clip and with one (a 6-frame burst, judged exactly as a decoded clip is), plus latency per
// genuine presentation against the raw face-engine `infer` time of the same requests replayed in the run.
//
// "Approved" is what a session on the default workflow would do with the presentation: the liveness
// verdict approved AND, when the presentation comes with a document, the selfie not found to be a copy
// of the document's portrait (portrait-reuse.ts, which LIVENESS and FACE_MATCH apply at finish).
//
// Run: node --import tsx bench/liveness-pad.bench.ts  (6 presentations per type, ~6 min on 2 loaded
// cores); BENCH_FULL=1 for the whole report split (~25 min); BENCH_SPLIT=tune to look at the tune split.
// On a crowded machine: BENCH_SHARD=k/n BENCH_OUT=part-k.json in n processes, then
// BENCH_MERGE=part-0.json,...,part-(n-1).json prints the merged tables (seconds = the slowest shard).
// BENCH_PART=held_aside|examined runs one half of the report split (manifest.ts), BENCH_MODES=still one mode.
// BENCH_TYPES=a,b runs only those presentation types. BENCH_SEED_OFFSET=N makes every presentation afresh
// from its seed + N (fresh prints, crops, phone captures and documents of the same photographs). BENCH_PART=phone_captures runs only the genuine phone captures (phone-captures.ts) made from the
// held-aside half's photographs, which no threshold has seen; they are reported in their own table.
import { readFileSync, writeFileSync } from "node:fs";
import { createFaceEngine, type FaceEngine } from "../src/engines/face/face-engine.js";
import type { FaceInferenceRequest } from "../src/engines/face/inference-protocol.js";
import { createLivenessEngine, type EvaluateInput } from "../src/engines/liveness/liveness-engine.js";
import { measurePortraitReuse } from "../src/engines/liveness/portrait-reuse.js";
import { buildManifest, isPhoneCapture, type Presentation } from "../test/specimens/liveness/manifest.js";
import { buildPresentation } from "../test/specimens/liveness/presentations.js";
import { percentile } from "./support/latency-stats.js";

const FULL = process.env.BENCH_FULL === "1";
const SPLIT = process.env.BENCH_SPLIT === "tune" ? "tune" : "report";
const PER_TYPE = FULL ? Number.POSITIVE_INFINITY : Number(process.env.BENCH_PER_TYPE ?? 6);
/** "k/n": run only every n-th presentation from the k-th (several processes on a shared machine). */
const SHARD = process.env.BENCH_SHARD?.split("/").map(Number) as [number, number] | undefined;
/** Write this process's results as JSON here (for BENCH_MERGE). */
const OUT = process.env.BENCH_OUT;
/** Comma-separated presentation ids: run only these (e.g. the misses of an earlier run), whatever the split. */
const IDS = process.env.BENCH_IDS?.split(",");
/**
 * "held_aside" or "examined": only that half of the report split (manifest.ts `heldAside`), without the
 * phone captures; "phone_captures": only those (manifest.ts `isPhoneCapture`).
 */
const PART = process.env.BENCH_PART;
/** Comma-separated presentation types: only these (e.g. the attack types added last). */
const TYPES = process.env.BENCH_TYPES?.split(",");
/** "still" or "clip": only that mode (default both). */
const MODES = (process.env.BENCH_MODES?.split(",") ?? ["still", "clip"]) as ("still" | "clip")[];
/**
 * Added to every presentation's seed: the same presentation types made afresh (other prints, crops,
 * captures and documents of the same photographs), which no threshold was set on.
 */
const SEED_OFFSET = Number(process.env.BENCH_SEED_OFFSET ?? 0);
/** Comma-separated BENCH_OUT files: print their merged tables instead of running. */
const MERGE = process.env.BENCH_MERGE?.split(",");

const face = await createFaceEngine({ size: 1 });
const requests: FaceInferenceRequest[] = [];
const probed: FaceEngine = Object.create(face);
probed.infer = async (request) => {
  requests.push(request);
  return face.infer(request);
};
const engine = createLivenessEngine(probed);

type Mode = "still" | "clip";
interface Result {
  presentation: Presentation;
  mode: Mode;
  outcome: string;
  approved: boolean;
}
const results: Result[] = [];
const latency = new Map<Mode, { engineMs: number[]; inferMs: number[] }>();

const selected: Presentation[] = [];
const perType = new Map<string, number>();
const inPart = (p: Presentation) =>
  !PART ||
  (PART === "phone_captures"
    ? isPhoneCapture(p)
    : !isPhoneCapture(p) && p.heldAside === (PART === "held_aside"));
const wanted = (p: Presentation) =>
  (IDS ? IDS.includes(p.id) : p.split === SPLIT && inPart(p)) && (!TYPES || TYPES.includes(p.type));
for (const p of buildManifest().filter(wanted)) {
  const n = perType.get(p.type) ?? 0;
  if (n >= PER_TYPE) continue;
  perType.set(p.type, n + 1);
  selected.push(p);
}

const started = performance.now();
for (const [index, presentation] of selected.entries()) {
  if (MERGE) break;
  if (SHARD && index % SHARD[1] !== SHARD[0]) continue;
  const built = await buildPresentation(
    face,
    { ...presentation, seed: presentation.seed + SEED_OFFSET },
    { clip: MODES.includes("clip") },
  );
  if (!built) continue;
  for (const mode of MODES) {
    if (mode === "still" && presentation.clipOnly) continue;
    const input: EvaluateInput = {
      method: "PASSIVE",
      still: built.still,
      burst: mode === "clip" ? built.burst : undefined,
    };
    requests.length = 0;
    const t0 = performance.now();
    const verdict = await engine.evaluate(input);
    const engineMs = performance.now() - t0;
    if (presentation.label === "bona_fide") {
      const replay = [...requests];
      const t1 = performance.now();
      for (const request of replay) await face.infer(request);
      const series = latency.get(mode) ?? { engineMs: [], inferMs: [] };
      series.engineMs.push(engineMs);
      series.inferMs.push(performance.now() - t1);
      latency.set(mode, series);
    }
    let outcome = verdict.failure === "capture" ? "no_face (422)" : (verdict.verdict.reason ?? "approved");
    let approved = verdict.failure === null && verdict.verdict.status === "approved";
    if (approved && built.portrait) {
      const reuse = await measurePortraitReuse(face, built.still, built.portrait);
      if (reuse?.reused) {
        approved = false;
        outcome = "portrait_reuse (spoof_detected)";
      }
    }
    results.push({ presentation, mode, outcome, approved });
    process.stderr.write(`${presentation.id} ${mode}: ${outcome}\n`);
  }
}
let seconds = (performance.now() - started) / 1000;
if (OUT) writeFileSync(OUT, JSON.stringify({ results, latency: [...latency], seconds }));
for (const file of MERGE ?? []) {
  const part = JSON.parse(readFileSync(file, "utf8")) as {
    results: Result[];
    latency: [Mode, { engineMs: number[]; inferMs: number[] }][];
    seconds: number;
  };
  results.push(...part.results);
  for (const [mode, series] of part.latency) {
    const into = latency.get(mode) ?? { engineMs: [], inferMs: [] };
    into.engineMs.push(...series.engineMs);
    into.inferMs.push(...series.inferMs);
    latency.set(mode, into);
  }
  seconds = Math.max(seconds, part.seconds);
}

function pct(count: number, total: number): string {
  return total === 0 ? "–" : `${((100 * count) / total).toFixed(1)}% (${count}/${total})`;
}

console.log(
  `\nPASSIVE PAD on the ${SPLIT} split: ${selected.length} presentations, ${results.length} verdicts, ${seconds.toFixed(0)} s`,
);
const photographs = results.filter((r) => !isPhoneCapture(r.presentation));
if (SPLIT === "report") {
  // The held-aside half was never examined while tuning (manifest.ts); the other half's misses were.
  printVerdicts(
    "report split, examined half",
    photographs.filter((r) => !r.presentation.heldAside),
  );
  printVerdicts(
    "report split, HELD-ASIDE half",
    photographs.filter((r) => r.presentation.heldAside),
  );
}
printVerdicts(`${SPLIT} split, whole (without the phone captures)`, photographs);
const captures = results.filter((r) => isPhoneCapture(r.presentation));
if (captures.length) printVerdicts("GENUINE PHONE CAPTURES (no threshold has seen them)", captures);

function printVerdicts(title: string, subset: Result[]): void {
  console.log(`\n${title}: ${subset.length} verdicts\n`);
  const rows: string[][] = [];
  for (const mode of ["still", "clip"] as const) {
    const types = [...new Set(subset.filter((r) => r.mode === mode).map((r) => r.presentation.type))];
    for (const type of types) {
      const rs = subset.filter((r) => r.mode === mode && r.presentation.type === type);
      const bonaFide = rs[0]?.presentation.label === "bona_fide";
      const reasons = new Map<string, number>();
      for (const r of rs) reasons.set(r.outcome, (reasons.get(r.outcome) ?? 0) + 1);
      const approved = rs.filter((r) => r.approved).length;
      rows.push([
        mode === "still" ? "PASSIVE" : "PASSIVE + clip",
        bonaFide ? `BONA FIDE: ${type}` : `attack: ${type}`,
        String(rs.length),
        bonaFide ? "" : pct(approved, rs.length),
        bonaFide ? pct(rs.length - approved, rs.length) : "",
        [...reasons].map(([k, v]) => `${k} ${v}`).join(", "),
      ]);
    }
  }
  printTable(["mode", "presentation", "n", "APCER", "BPCER", "outcomes"], rows);
  // The liveness tool has no document to compare the selfie with: its answer is the verdict alone.
  const alone: string[] = [];
  for (const mode of ["still", "clip"] as const) {
    const documentAttacks = subset.filter(
      (r) => r.mode === mode && r.presentation.label === "attack" && r.presentation.documentPhoto,
    );
    for (const type of new Set(documentAttacks.map((r) => r.presentation.type))) {
      const rs = documentAttacks.filter((r) => r.presentation.type === type);
      const approved = rs.filter((r) => r.approved || r.outcome.startsWith("portrait_reuse")).length;
      alone.push(`${type}${mode === "clip" ? " + clip" : ""} ${pct(approved, rs.length)}`);
    }
  }
  if (alone.length) console.log(`the liveness tool alone (no document), APCER: ${alone.join("; ")}`);
  const missed = subset.filter((r) => r.approved === (r.presentation.label === "attack"));
  console.log(
    `misses: ${missed.map((r) => `${r.presentation.id} ${r.mode} (${r.outcome})`).join(", ") || "none"}`,
  );
}

console.log("\nLatency per bona-fide presentation (ms); baseline = the same infer requests replayed raw.\n");
const latencyRows: string[][] = [];
for (const [mode, series] of latency) {
  const e = [...series.engineMs].sort((a, b) => a - b);
  const i = [...series.inferMs].sort((a, b) => a - b);
  const ratio = series.engineMs.map((ms, k) => ms / (series.inferMs[k] as number)).sort((a, b) => a - b);
  latencyRows.push([
    mode === "still" ? "PASSIVE" : "PASSIVE + clip",
    String(e.length),
    percentile(e, 50).toFixed(0),
    percentile(e, 99).toFixed(0),
    percentile(i, 50).toFixed(0),
    percentile(i, 99).toFixed(0),
    percentile(ratio, 50).toFixed(2),
    percentile(ratio, 99).toFixed(2),
  ]);
}
printTable(
  ["mode", "n", "engine p50", "engine p99", "infer p50", "infer p99", "ratio p50", "ratio p99"],
  latencyRows,
);
await face.close();

function printTable(header: string[], body: string[][]): void {
  const widths = header.map((h, c) => Math.max(h.length, ...body.map((row) => (row[c] ?? "").length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, c) => cell.padEnd(widths[c] as number)).join(" | ")} |`;
  console.log(line(header));
  console.log(`| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`);
  for (const row of body) console.log(line(row));
}
