// A face without colour of its own (colour-spread.ts) is a picture: a black-and-white print or
// photocopy, an ID card's laser-engraved portrait, a greyscale file. Real face models, real images.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import sharp from "sharp";
import { createFaceEngine, type FaceEngine } from "../../../src/engines/face/face-engine.js";
import {
  looksMonochrome,
  MONOCHROME_SPREAD,
  measureFaceColour,
} from "../../../src/engines/liveness/colour-spread.js";
import { decodeFrame } from "../../../src/engines/liveness/frame-analysis.js";
import { createLivenessEngine, type LivenessEngine } from "../../../src/engines/liveness/liveness-engine.js";
import { photoBytes, photoRaw } from "../../specimens/liveness/captures.js";
import { engravedPortrait, monochromePrint } from "../../specimens/liveness/monochrome-attacks.js";
import { jpeg } from "../../specimens/liveness/raw-image.js";
import { createRandom } from "../../specimens/seeded-random.js";

describe("monochrome faces", () => {
  let face: FaceEngine;
  let engine: LivenessEngine;

  before(async () => {
    face = await createFaceEngine({ size: 1 });
    engine = createLivenessEngine(face);
  });
  after(() => face?.close());

  async function colourOf(bytes: Buffer) {
    const image = await decodeFrame(bytes);
    const found = (await face.infer({ image, want: { mesh: true }, maxFaces: 1 })).faces[0];
    assert.ok(found, "a face is found");
    return measureFaceColour(image, found.box, found.mesh);
  }

  async function passive(still: Buffer) {
    return (await engine.evaluate({ method: "PASSIVE", still })).verdict;
  }

  test("a colour photograph has colour; the same photograph in grey has none", async () => {
    const original = await photoBytes("img3.jpg");
    const colour = await colourOf(original);
    assert.ok((colour.spread ?? 0) > 2 * MONOCHROME_SPREAD, JSON.stringify(colour));
    assert.ok((colour.lipRedness ?? 0) > 20, JSON.stringify(colour));
    assert.equal(looksMonochrome(colour), false);
    const grey = await colourOf(await sharp(original).greyscale().jpeg({ quality: 90 }).toBuffer());
    assert.ok((grey.spread ?? 99) < 1, JSON.stringify(grey));
    assert.equal(looksMonochrome(grey), true);
  });

  test("a tint is not colour: a sepia-toned photograph is monochrome", async () => {
    const sepia = await sharp(await photoBytes("img3.jpg"))
      .recomb([
        [0.393, 0.769, 0.189],
        [0.349, 0.686, 0.168],
        [0.272, 0.534, 0.131],
      ])
      .jpeg({ quality: 90 })
      .toBuffer();
    assert.equal(looksMonochrome(await colourOf(sepia)), true);
  });

  test("a live face with its colour turned down (a dim webcam) is still a colour face", async () => {
    for (const name of ["img1.jpg", "img15.jpg", "img22.jpg"]) {
      const dim = await sharp(await photoBytes(name))
        .modulate({ saturation: 0.7 })
        .jpeg()
        .toBuffer();
      const colour = await colourOf(dim);
      assert.equal(looksMonochrome(colour), false, `${name} ${JSON.stringify(colour)}`);
    }
  });

  test("PASSIVE declines a greyscale selfie and an engraved card portrait as spoof_detected", async () => {
    const grey = await sharp(await photoBytes("img5.jpg"))
      .greyscale()
      .jpeg()
      .toBuffer();
    const greyVerdict = await passive(grey);
    assert.equal(greyVerdict.status, "declined");
    assert.equal(greyVerdict.reason, "spoof_detected");
    const card = await jpeg(engravedPortrait(await photoRaw("img5.jpg"), createRandom(11)), 85);
    const cardVerdict = await passive(card);
    assert.equal(cardVerdict.reason, "spoof_detected", JSON.stringify(cardVerdict));
    assert.equal((await passive(await photoBytes("img5.jpg"))).status, "approved", "the colour original");
  });

  test("a black-and-white print photographed under a lamp has no colour of its own", async () => {
    const photo = await photoRaw("img3.jpg");
    const box = (await face.infer({ image: photo, want: {} })).faces[0]?.box;
    // Seed 4: the lamp's tint taken out by the white balance; seed 9: left in.
    for (const seed of [4, 9]) {
      const print = await jpeg(monochromePrint(photo, createRandom(seed), box), 88);
      assert.equal(looksMonochrome(await colourOf(print)), true, `seed ${seed}`);
    }
  });
});
