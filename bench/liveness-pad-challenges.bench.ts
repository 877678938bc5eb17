// Presentation-attack detection of the liveness engine, in ISO/IEC 30107-3 terms, on real photographs
// (../shared/data/faces/deepface) and attacks made from them with test/specimens/liveness:
// APCER per attack type (attack presentations approved), BPCER (bona fide presentations not approved,
// declined and review apart), the share of captures with no face (422, not a verdict), and latency
// per method against the raw face-engine `infer` time of the same requests, replayed in the same run.
//
// What is simulated, plainly: the bona-fide FLASHING response is a physical lighting model on the
// photo; the bona-fide 3D_ACTION head is the photo's real face mesh rotated rigidly in 3D (its frames
// are the frontal photo; the mesh and pose of the later frames are replaced); the bona-fide GESTURE
// hand is injected into the gesture list (the hand models still run, so latency is real); the
// bona-fide clip is the photo jittered as a hand-held flat card. No real head-turn video, hand
// gesture capture or phone-screen flash exists here.
//
// Run: node --import tsx bench/liveness-pad-challenges.bench.ts   (4 images, ~3 min on 2 loaded cores; BENCH_FULL=1 for all
// 24 images, ~10 min)
import { createFaceEngine, type FaceEngine } from "../src/engines/face/face-engine.js";
import type { FaceInferenceRequest, FaceInferenceResult } from "../src/engines/face/inference-protocol.js";
import { createLivenessEngine, type EvaluateInput } from "../src/engines/liveness/liveness-engine.js";
import {
  type Challenge,
  type ChallengeSequence,
  type FlashStep,
  HAND_GESTURES,
  type HandGesture,
  HEAD_ACTIONS,
  type HeadAction,
  type LivenessOutcome,
} from "../src/engines/liveness/liveness-types.js";
import { findFfmpeg } from "../src/engines/liveness/video-frames.js";
import { type Box, printAttack, screenAttack } from "../test/specimens/liveness/attacks.js";
import {
  clipFromStills,
  flashCapture,
  jitteredStills,
  photoRaw,
  planarSequence,
} from "../test/specimens/liveness/captures.js";
import { jpeg, type Raw, seededRandom } from "../test/specimens/liveness/raw-image.js";
import { percentile } from "./support/latency-stats.js";

// 24 distinct photographs of the 13 people; img47.jpg is WEBP under a .jpg name: sharp decodes it by
// content and the bench re-encodes every photo as JPEG, so it is converted, not skipped.
const ALL_IMAGES = [
  "img1.jpg",
  "img2.jpg",
  "img4.jpg",
  "img6.jpg",
  "img8.jpg",
  "img10.jpg",
  "img11.jpg",
  "img12.jpg",
  "img14.jpg",
  "img16.jpg",
  "img17.jpg",
  "img19.jpg",
  "img20.jpg",
  "img22.jpg",
  "img24.jpg",
  "img26.jpg",
  "img29.jpg",
  "img31.jpg",
  "img38.jpg",
  "img41.jpg",
  "img47.jpg",
  "img50.jpg",
  "img54.jpg",
  "img58.jpg",
];
const FULL = process.env.BENCH_FULL === "1";
const IMAGES = FULL ? ALL_IMAGES : ALL_IMAGES.filter((_, i) => i % 6 === 0);
const FLASH_COLORS = ["#FF0000", "#00FF00", "#0000FF", "#FFFF00", "#FF00FF", "#00FFFF"];
const ACTION_DEGREES = 25;

type MethodLabel = "PASSIVE" | "PASSIVE + clip" | "FLASHING" | "3D_ACTION" | "GESTURE";

interface Presentation {
  method: MethodLabel;
  type: string;
  bonaFide: boolean;
  outcome: LivenessOutcome;
}

/** What the engine asked of the face models during one evaluate, and an optional result rewrite. */
interface Probe {
  requests: FaceInferenceRequest[];
  rewrite: ((result: FaceInferenceResult, call: number) => FaceInferenceResult) | null;
}

const probe: Probe = { requests: [], rewrite: null };
const face = await createFaceEngine({ size: 1 });
// The registry's composition (createEngines(config).liveness() = createLivenessEngine(face)) on a face
// engine whose `infer` is recorded, so the same requests can be replayed raw as the baseline.
const probed: FaceEngine = Object.create(face);
probed.infer = async (request) => {
  const call = probe.requests.push(request) - 1;
  const result = await face.infer(request);
  return probe.rewrite ? probe.rewrite(result, call) : result;
};
const engine = createLivenessEngine(probed);
const hasFfmpeg = Boolean(await findFfmpeg());

const presentations: Presentation[] = [];
const latency = new Map<MethodLabel, { engineMs: number[]; inferMs: number[] }>();

async function present(
  method: MethodLabel,
  type: string,
  input: EvaluateInput,
  options: { bonaFide?: boolean; rewrite?: Probe["rewrite"] } = {},
): Promise<void> {
  probe.requests = [];
  probe.rewrite = options.rewrite ?? null;
  const started = performance.now();
  const outcome = await engine.evaluate(input);
  const engineMs = performance.now() - started;
  probe.rewrite = null;
  presentations.push({ method, type, bonaFide: options.bonaFide ?? false, outcome });
  if (!options.bonaFide) return;
  // Baseline: the identical inference requests sent straight to the face engine, right after.
  const replayStarted = performance.now();
  for (const request of probe.requests) await face.infer(request);
  const series = latency.get(method) ?? { engineMs: [], inferMs: [] };
  series.engineMs.push(engineMs);
  series.inferMs.push(performance.now() - replayStarted);
  latency.set(method, series);
}

function challenge(sequence: ChallengeSequence): Challenge {
  const id = "00000000-0000-4000-8000-000000000000";
  return { id, method: sequence.method, sequence, expiresAt: new Date(Date.now() + 120_000) };
}

/** A challenge like challenges.ts mints (5 colours of 300–700 ms, 2 actions, 2 gestures), seeded. */
function seededSequences(seed: number) {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const colors: FlashStep[] = [];
  while (colors.length < 5) {
    const color = pick(FLASH_COLORS);
    if (color !== colors.at(-1)?.color)
      colors.push({ color, duration_ms: 300 + 50 * Math.floor(random() * 9) });
  }
  const two = <T>(items: readonly T[]) => {
    const first = pick(items);
    return [first, pick(items.filter((item) => item !== first))];
  };
  return {
    colors,
    actions: two(HEAD_ACTIONS) as HeadAction[],
    gestures: two(Object.keys(HAND_GESTURES) as HandGesture[]),
  };
}

function actionDelta(action: HeadAction): { yaw: number; pitch: number } {
  const d = ACTION_DEGREES;
  if (action === "turn_left") return { yaw: -d, pitch: 0 };
  if (action === "turn_right") return { yaw: d, pitch: 0 };
  return { yaw: 0, pitch: action === "look_up" ? -d : d };
}

/**
 * The simulated head: from call 1 on, the subject's real mesh (Human's x, y, z) rotated rigidly about
 * its centroid by the pose the action asks for, and the pose moved by the same angles.
 */
function rotatedHead(actions: HeadAction[]): Probe["rewrite"] {
  return (result, call) => {
    const subject = result.faces[0];
    const action = actions[call - 1];
    if (call === 0 || !subject?.mesh || !subject.pose || !action) return result;
    const { yaw, pitch } = actionDelta(action);
    const [a, b] = [(yaw * Math.PI) / 180, (pitch * Math.PI) / 180];
    const n = subject.mesh.length;
    const centroid = (k: number) => (subject.mesh ?? []).reduce((sum, p) => sum + (p[k] as number), 0) / n;
    const [cx, cy, cz] = [centroid(0), centroid(1), centroid(2)];
    const mesh = subject.mesh.map(([x, y, z]) => {
      const x1 = (x - cx) * Math.cos(a) + (z - cz) * Math.sin(a);
      const z1 = -(x - cx) * Math.sin(a) + (z - cz) * Math.cos(a);
      const y2 = (y - cy) * Math.cos(b) - z1 * Math.sin(b);
      const z2 = (y - cy) * Math.sin(b) + z1 * Math.cos(b);
      return [cx + x1, cy + y2, cz + z2] as [number, number, number];
    });
    const pose = { ...subject.pose, yaw: subject.pose.yaw + yaw, pitch: subject.pose.pitch + pitch };
    return { ...result, faces: [{ ...subject, mesh, pose }, ...result.faces.slice(1)] };
  };
}

/** The simulated hand: from call 1 on, the challenge's gesture n-1 added to the frame's gestures. */
function shownGestures(gestures: HandGesture[]): Probe["rewrite"] {
  return (result, call) => {
    const gesture = gestures[call - 1];
    if (call === 0 || !gesture) return result;
    const shown = { part: "hand" as const, index: 0, gesture: HAND_GESTURES[gesture] };
    return { ...result, gestures: [...result.gestures, shown] };
  };
}

const frames = (bytes: Buffer, count: number) =>
  Array.from({ length: count }, (_, i) => ({ bytes, t_ms: i * 400 }));

const runStarted = performance.now();
for (const [index, name] of IMAGES.entries()) {
  const photo: Raw = await photoRaw(name);
  const selfie = await jpeg(photo);
  const print = printAttack(photo, index + 1);
  const printBytes = await jpeg(print);
  const box = (await face.infer({ image: photo, want: {} })).faces[0]?.box as Box | undefined;
  const { colors, actions, gestures } = seededSequences(index + 1);

  // PASSIVE: the photo as a selfie; the photo re-captured from a print and from a screen.
  await present("PASSIVE", "photo as selfie", { method: "PASSIVE", still: selfie }, { bonaFide: true });
  await present("PASSIVE", "print (halftone)", { method: "PASSIVE", still: printBytes });
  const screen = await jpeg(screenAttack(photo, index + 1));
  await present("PASSIVE", "screen (moiré, gamma, bezel)", { method: "PASSIVE", still: screen });

  // PASSIVE with a clip: a jittered hand-held clip of the photo; the photo replayed as a still video.
  if (hasFfmpeg) {
    const clip = await clipFromStills(await jitteredStills(photo, 4));
    const staticClip = await clipFromStills([selfie, selfie]);
    if (clip)
      await present(
        "PASSIVE + clip",
        "photo + jittered clip",
        { method: "PASSIVE", still: selfie, clip },
        { bonaFide: true },
      );
    if (staticClip)
      await present("PASSIVE + clip", "photo replayed as a static clip", {
        method: "PASSIVE",
        still: selfie,
        clip: staticClip,
      });
  }

  // FLASHING (needs the face box to light the face): the simulated lit face, and four attacks.
  if (box) {
    const flash = (
      type: string,
      source: Raw,
      response: "genuine" | "screen" | "none",
      order?: number[],
      bonaFide = false,
    ) =>
      flashCapture(source, box, colors, response, order).then((captured) =>
        present(
          "FLASHING",
          type,
          { method: "FLASHING", frames: captured, challenge: challenge({ method: "FLASHING", colors }) },
          { bonaFide },
        ),
      );
    await flash("face lit by the sequence (simulated)", photo, "genuine", undefined, true);
    await flash("colours in the wrong order", photo, "genuine", [1, 2, 3, 4, 0]);
    await flash("no response (print / still)", photo, "none");
    await flash("screen replay (whole frame lit)", photo, "screen");
    await flash("print lit by the sequence", print, "genuine");
  }

  // 3D_ACTION: the simulated head; a flat photo tilted and turned in all four directions; held still.
  const actionChallenge = challenge({ method: "3D_ACTION", actions });
  await present(
    "3D_ACTION",
    "real mesh rotated in 3D (simulated head)",
    { method: "3D_ACTION", frames: frames(selfie, 3), challenge: actionChallenge },
    { bonaFide: true, rewrite: rotatedHead(actions) },
  );
  const tilted = await planarSequence(photo, [
    [0, 0],
    [-30, 0],
    [30, 0],
    [0, -25],
    [0, 25],
  ]);
  await present("3D_ACTION", "flat photo tilted/turned (planar warp)", {
    method: "3D_ACTION",
    frames: tilted,
    challenge: actionChallenge,
  });
  await present("3D_ACTION", "photo held still", {
    method: "3D_ACTION",
    frames: frames(selfie, 2),
    challenge: actionChallenge,
  });

  // GESTURE: the face with the gestures injected (simulated); the photo with no hand; a print held up
  // beside a real hand that makes the gestures (injected).
  const gestureChallenge = challenge({ method: "GESTURE", gestures });
  await present(
    "GESTURE",
    "face + gestures injected (simulated)",
    { method: "GESTURE", frames: frames(selfie, 3), challenge: gestureChallenge },
    { bonaFide: true, rewrite: shownGestures(gestures) },
  );
  await present("GESTURE", "photo, no hand", {
    method: "GESTURE",
    frames: frames(selfie, 3),
    challenge: gestureChallenge,
  });
  await present(
    "GESTURE",
    "print + real hand (gestures injected)",
    { method: "GESTURE", frames: frames(printBytes, 3), challenge: gestureChallenge },
    { rewrite: shownGestures(gestures) },
  );
  console.log(`${name}: done (${((performance.now() - runStarted) / 1000).toFixed(0)} s)`);
}

printRates();
printLatency();
await face.close();

function pct(count: number, total: number): string {
  return total === 0 ? "—" : `${((100 * count) / total).toFixed(1)}% (${count}/${total})`;
}

function printRates(): void {
  const groups = new Map<string, Presentation[]>();
  for (const p of presentations) {
    const key = `${p.method}\u0000${p.type}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  console.log(
    `\n${IMAGES.length} photographs${FULL ? " (BENCH_FULL)" : ""}; ffmpeg ${hasFfmpeg ? "present" : "absent: no clip rows"}.`,
  );
  console.log("Rates over verdicts (a 422 no-face capture is not a verdict and is counted apart).\n");
  const header = [
    "method",
    "presentation",
    "n",
    "no face (422)",
    "APCER",
    "BPCER declined",
    "BPCER review",
    "reasons",
  ];
  const rows: string[][] = [];
  for (const group of groups.values()) {
    const first = group[0] as Presentation;
    const verdicts = group.filter((p) => p.outcome.failure !== "capture");
    const count = (status: string) => verdicts.filter((p) => p.outcome.verdict.status === status).length;
    const reasons = new Map<string, number>();
    for (const p of verdicts) {
      const reason = p.outcome.verdict.reason ?? "approved";
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
    rows.push([
      first.method,
      `${first.bonaFide ? "BONA FIDE" : "attack"}: ${first.type}`,
      String(group.length),
      pct(group.length - verdicts.length, group.length),
      first.bonaFide ? "" : pct(count("approved"), verdicts.length),
      first.bonaFide ? pct(count("declined"), verdicts.length) : "",
      first.bonaFide ? pct(count("review"), verdicts.length) : "",
      [...reasons]
        .sort((a, b) => b[1] - a[1])
        .map(([r, n]) => `${r} ${n}`)
        .join(", "),
    ]);
  }
  printTable(header, rows);
}

function printLatency(): void {
  console.log(
    "\nLatency per bona-fide presentation (ms); baseline = the same infer requests replayed raw.\n",
  );
  const rows: string[][] = [];
  for (const [method, series] of latency) {
    const engineMs = [...series.engineMs].sort((a, b) => a - b);
    const inferMs = [...series.inferMs].sort((a, b) => a - b);
    const [e50, e99, i50, i99] = [
      percentile(engineMs, 50),
      percentile(engineMs, 99),
      percentile(inferMs, 50),
      percentile(inferMs, 99),
    ];
    rows.push([
      method,
      String(engineMs.length),
      e50.toFixed(0),
      e99.toFixed(0),
      i50.toFixed(0),
      i99.toFixed(0),
      (e50 / i50).toFixed(2),
      (e99 / i99).toFixed(2),
    ]);
  }
  printTable(
    ["method", "n", "engine p50", "engine p99", "infer p50", "infer p99", "ratio p50", "ratio p99"],
    rows,
  );
  console.log(`\nwall time ${((performance.now() - runStarted) / 1000).toFixed(0)} s`);
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? "").length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] as number)).join(" | ")} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of rows) console.log(line(row));
}
