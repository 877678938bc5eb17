// Weak re-capture cues decline the PASSIVE still only together (weak-cues.ts), neither face model
// refuses a still alone (frame-analysis.ts combineModels), and a held picture's leaning sides are found
// at the finer line-angle step (picture-frame.ts): measured on the real face models, on
// photographs and held prints of the labelled attack set (test/specimens/liveness/manifest.ts).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createFaceEngine, type FaceEngine } from "../../../src/engines/face/face-engine.js";
import { decodeFrame } from "../../../src/engines/liveness/frame-analysis.js";
import { measureForensics } from "../../../src/engines/liveness/image-forensics.js";
import { createLivenessEngine, type LivenessEngine } from "../../../src/engines/liveness/liveness-engine.js";
import { FRAME_MIN_SIDES, measurePictureFrame } from "../../../src/engines/liveness/picture-frame.js";
import {
  corroboratedRecapture,
  strongNativeTrace,
  weakRecaptureCues,
} from "../../../src/engines/liveness/weak-cues.js";
import { photoBytes, photoRaw } from "../../specimens/liveness/captures.js";
import { heldPrint } from "../../specimens/liveness/held-attacks.js";
import { buildManifest } from "../../specimens/liveness/manifest.js";
import { jpeg } from "../../specimens/liveness/raw-image.js";
import { createRandom } from "../../specimens/seeded-random.js";

/** The held print of the manifest's presentation, made exactly as bench/liveness-pad.bench.ts makes it. */
async function manifestHeldPrint(photo: string): Promise<Buffer> {
  const p = buildManifest().find((entry) => entry.id === `held_print:${photo}`);
  assert.ok(p, photo);
  const random = createRandom(p.seed * 31 + p.type.length);
  return jpeg(heldPrint(await photoRaw(photo), random), random.int(70, 92));
}

describe("weak re-capture cues and the model mix", () => {
  let face: FaceEngine;
  let engine: LivenessEngine;

  before(async () => {
    face = await createFaceEngine({ size: 1 });
    engine = createLivenessEngine(face);
  });
  after(() => face?.close());

  test("an upscaled genuine photograph's native-pixel periodicity alone no longer declines it", async () => {
    const bytes = await photoBytes("img18.jpg");
    const image = await decodeFrame(bytes);
    const box = (await face.infer({ image, want: {} })).faces[0]?.box;
    assert.ok(box);
    const forensics = measureForensics(image, box, { native: true });
    const cues = weakRecaptureCues(forensics, 0);
    assert.deepEqual(cues, ["native_periodicity"], JSON.stringify(forensics));
    assert.equal(corroboratedRecapture(cues), false);
    assert.equal(strongNativeTrace(forensics), false);
    const verdict = await engine.evaluate({ method: "PASSIVE", still: bytes });
    assert.equal(verdict.verdict.status, "approved", JSON.stringify(verdict.evidence.signals));
  });

  for (const photo of ["img10.jpg", "img46.jpg"]) {
    test(`a held print of ${photo} with a faint halftone: colour fringes and two picture edges together decline it`, async () => {
      const verdict = await engine.evaluate({ method: "PASSIVE", still: await manifestHeldPrint(photo) });
      const signals = verdict.evidence.signals;
      assert.equal(verdict.verdict.status, "declined", JSON.stringify(signals));
      assert.equal(verdict.verdict.reason, "spoof_detected");
      const cues = String(signals.still_weak_cues).split(",");
      assert.ok(cues.includes("chroma_ripple") && cues.includes("picture_sides"), JSON.stringify(signals));
      // Neither cue is strong enough alone: the firm forensic evidence stays below one half.
      assert.ok((signals.still_spoof_evidence as number) < 0.5, JSON.stringify(signals));
    });
  }

  test("a held print whose leaning side drifted off a 2.5° line is closed on three or more sides", async () => {
    const bytes = await manifestHeldPrint("img50.jpg");
    const image = await decodeFrame(bytes);
    const box = (await face.infer({ image, want: {} })).faces[0]?.box;
    assert.ok(box);
    const frame = measurePictureFrame(image, box);
    assert.ok(frame.sides >= FRAME_MIN_SIDES, JSON.stringify(frame));
    const verdict = await engine.evaluate({ method: "PASSIVE", still: bytes });
    assert.equal(verdict.verdict.reason, "spoof_detected", JSON.stringify(verdict.evidence.signals));
  });

  test("a genuine photograph with a small face is not declined on the face patch's resampling peaks", async () => {
    // img57: a 93 px face, so the inner face (56 px) is upsampled 2.3× into the 128 px patch by point
    // sampling; the repeated pixels put a peak at 59 cycles per patch (3.50) above the 28 the source holds.
    const bytes = await photoBytes("img57.jpg");
    const image = await decodeFrame(bytes);
    const box = (await face.infer({ image, want: {} })).faces[0]?.box;
    assert.ok(box && box.width < 128, JSON.stringify(box));
    const forensics = measureForensics(image, box);
    assert.ok(forensics.periodicity < 2, JSON.stringify(forensics));
    const verdict = await engine.evaluate({ method: "PASSIVE", still: bytes });
    assert.equal(verdict.verdict.status, "approved", JSON.stringify(verdict.evidence.signals));
  });

  test("genuine photographs with two straight edges beside the head show one weak cue, not two", async () => {
    for (const photo of ["img37.jpg", "img56.jpg"]) {
      const verdict = await engine.evaluate({ method: "PASSIVE", still: await photoBytes(photo) });
      assert.equal(
        verdict.verdict.status,
        "approved",
        `${photo} ${JSON.stringify(verdict.evidence.signals)}`,
      );
      assert.equal(verdict.evidence.signals.still_weak_cues, "picture_sides", photo);
    }
  });

  test("a genuine photograph the liveness model alone doubts is approved; its print is still declined", async () => {
    // img26: Human's `live` 0.21, `real` 0.86 — one model against the other, and no re-capture cue.
    const genuine = await engine.evaluate({ method: "PASSIVE", still: await photoBytes("img26.jpg") });
    assert.equal(genuine.verdict.status, "approved", JSON.stringify(genuine.evidence.signals));
    assert.ok((genuine.evidence.signals.still_liveness as number) < 0.4, "the live model still doubts it");
    const print = await engine.evaluate({ method: "PASSIVE", still: await manifestHeldPrint("img26.jpg") });
    assert.equal(print.verdict.status, "declined", JSON.stringify(print.evidence.signals));
  });
});
