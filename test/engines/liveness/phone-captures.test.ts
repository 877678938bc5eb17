// The genuine phone-capture generator (test/specimens/liveness/phone-captures.ts) that the PAD bench
// measures BPCER on: reproducible from its seed, and a capture stored sideways with an EXIF orientation
// tag reaches the liveness engine upright and is approved like the photograph it was made from.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, describe, test } from "node:test";
import sharp from "sharp";
import { createFaceEngine, type FaceEngine } from "../../../src/engines/face/face-engine.js";
import { createLivenessEngine, type LivenessEngine } from "../../../src/engines/liveness/liveness-engine.js";
import { FACES_DIR } from "../../specimens/liveness/captures.js";
import { drawPhoneCapture, phoneCapture } from "../../specimens/liveness/phone-captures.js";
import { createRandom } from "../../specimens/seeded-random.js";

/** The first seed from `from` whose capture is stored with the given EXIF orientation. */
function seedWithOrientation(orientation: number, from: number): number {
  for (let seed = from; ; seed++)
    if (drawPhoneCapture(createRandom(seed)).orientation === orientation) return seed;
}

describe("genuine phone captures", () => {
  let face: FaceEngine;
  let engine: LivenessEngine;
  let photo: Buffer;

  before(async () => {
    face = await createFaceEngine({ size: 1 });
    engine = createLivenessEngine(face);
    photo = await readFile(new URL("img1.jpg", FACES_DIR));
  });
  after(() => face?.close());

  test("the same seed gives the same capture", async () => {
    const seed = seedWithOrientation(1, 1);
    const a = await phoneCapture(photo, createRandom(seed));
    const b = await phoneCapture(photo, createRandom(seed));
    assert.equal(Buffer.compare(a, b), 0);
  });

  test("a capture stored sideways with an EXIF tag is judged upright and approved", async () => {
    const seed = seedWithOrientation(6, 1);
    const capture = await phoneCapture(photo, createRandom(seed));
    const stored = await sharp(capture).metadata();
    const original = await sharp(photo).metadata();
    assert.equal(stored.orientation, 6);
    // Stored pixels are sideways: width and height swapped against the upright photograph's shape.
    assert.equal((stored.width ?? 0) > (stored.height ?? 0), (original.width ?? 0) < (original.height ?? 0));
    const verdict = await engine.evaluate({ method: "PASSIVE", still: capture });
    assert.equal(verdict.failure, null);
    assert.equal(verdict.verdict.status, "approved", JSON.stringify(verdict.evidence.signals));
  });
});
