// The learned re-capture texture cue (recapture-texture.ts, fitted by scripts/train-recapture-texture.ts
// on the tuning set): its features on synthetic pixels, and on the real face models a print framed inside
// its paper and a phone screen filling the frame — attacks with no edge, bezel or visible halftone — of a
// photograph of the tuning set (the examined half), against the genuine photograph. The held-aside half,
// which the model never saw, is reported by bench/liveness-pad.bench.ts, not asserted here.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createFaceEngine, type FaceEngine } from "../../../src/engines/face/face-engine.js";
import { createLivenessEngine, type LivenessEngine } from "../../../src/engines/liveness/liveness-engine.js";
import {
  recaptureTextureFeatures,
  recaptureTextureScore,
} from "../../../src/engines/liveness/recapture-texture.js";
import { MEAN, WEIGHTS } from "../../../src/engines/liveness/recapture-texture-model.js";
import { WEAK_RECAPTURE_TEXTURE } from "../../../src/engines/liveness/weak-cues.js";
import { buildManifest } from "../../specimens/liveness/manifest.js";
import { buildPresentation } from "../../specimens/liveness/presentations.js";
import { createRandom } from "../../specimens/seeded-random.js";

function noiseImage(width: number, height: number, seed: number) {
  const random = createRandom(seed);
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < data.length; i++) data[i] = random.int(60, 200);
  return { data, width, height };
}

describe("re-capture texture features", () => {
  test("one value per model weight, pattern histograms that sum to one, null for a face too small", () => {
    const image = noiseImage(320, 240, 7);
    const features = recaptureTextureFeatures(image, { x: 80, y: 40, width: 160, height: 160 });
    assert.ok(features);
    assert.equal(features.length, WEIGHTS.length);
    assert.equal(MEAN.length, WEIGHTS.length);
    for (let h = 0; h < 8; h++) {
      const sum = features.slice(h * 10, h * 10 + 10).reduce((a, b) => a + b, 0);
      assert.ok(Math.abs(sum - 1) < 1e-9, `histogram ${h} sums to ${sum}`);
    }
    assert.equal(recaptureTextureFeatures(image, { x: 10, y: 10, width: 30, height: 30 }), null);
    const score = recaptureTextureScore(image, { x: 80, y: 40, width: 160, height: 160 });
    assert.ok(score !== null && score >= 0 && score <= 1);
  });

  test("a face box partly outside the frame is measured on the part inside", () => {
    const image = noiseImage(200, 150, 9);
    const features = recaptureTextureFeatures(image, { x: 120, y: -40, width: 160, height: 160 });
    assert.ok(features?.every(Number.isFinite));
  });
});

describe("re-captures framed with no edge, on the real face models", () => {
  let face: FaceEngine;
  let engine: LivenessEngine;
  const manifest = buildManifest();
  const still = async (id: string) => {
    const p = manifest.find((entry) => entry.id === id);
    assert.ok(p && !p.heldAside, `${id} is in the tuning set`);
    const built = await buildPresentation(face, p, { clip: false });
    assert.ok(built);
    return built.still;
  };

  before(async () => {
    face = await createFaceEngine({ size: 1 });
    engine = createLivenessEngine(face);
  });
  after(() => face?.close());

  test("the genuine photograph's texture stays under the weak level and it is approved", async () => {
    const verdict = await engine.evaluate({
      method: "PASSIVE",
      still: await still("genuine_photo:img22.jpg"),
    });
    const signals = verdict.evidence.signals;
    assert.equal(verdict.verdict.status, "approved", JSON.stringify(signals));
    assert.ok((signals.still_recapture_texture as number) < WEAK_RECAPTURE_TEXTURE, JSON.stringify(signals));
  });

  test("a print framed inside its paper shows colour fringes alone, and the texture makes it two cues", async () => {
    // Before the texture cue this still had one weak cue (chroma ripple) and was approved.
    const verdict = await engine.evaluate({
      method: "PASSIVE",
      still: await still("cropped_warm_print:img14.jpg"),
    });
    const signals = verdict.evidence.signals;
    assert.equal(verdict.verdict.status, "declined", JSON.stringify(signals));
    assert.equal(verdict.verdict.reason, "spoof_detected");
    assert.equal(signals.still_weak_cues, "chroma_ripple,texture", JSON.stringify(signals));
    assert.ok((signals.still_spoof_evidence as number) < 0.5, JSON.stringify(signals));
    assert.ok((signals.still_recapture_texture as number) >= WEAK_RECAPTURE_TEXTURE);
  });

  test("a recropped document portrait is declined by the liveness tool alone, with no document to compare", async () => {
    const verdict = await engine.evaluate({
      method: "PASSIVE",
      still: await still("reuse_crop:img1.jpg~img10.jpg"),
    });
    const signals = verdict.evidence.signals;
    assert.equal(verdict.verdict.reason, "spoof_detected", JSON.stringify(signals));
    assert.ok(String(signals.still_weak_cues).split(",").includes("texture"), JSON.stringify(signals));
  });
});
