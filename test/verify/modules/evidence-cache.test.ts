// One decision's evidence reads (evidence-cache.ts) on the real face models: when both decodes of a file
// are the same pixels (within 640 px), analyze, the one-subject choice and portrait reuse share a single
// inference per image, and every answer is the one the separate engine calls give; a larger image is
// still read separately for each.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import sharp from "sharp";
import type { Engines } from "../../../src/engines/engine-registry.js";
import { createFaceEngine, type FaceEngine } from "../../../src/engines/face/face-engine.js";
import { decodeImageField } from "../../../src/engines/image/decode-image-field.js";
import { measurePortraitReuse } from "../../../src/engines/liveness/portrait-reuse.js";
import { createMediaStore, type MediaStore } from "../../../src/platform/media/media-store.js";
import { createEvidenceCache } from "../../../src/verify/modules/evidence-cache.js";
import { renderDocument } from "../../specimens/liveness/attack-set.js";
import { photoBytes } from "../../specimens/liveness/captures.js";

describe("evidence cache", () => {
  let face: FaceEngine;
  let media: MediaStore;
  let dir: string;
  let portrait: Buffer;
  let selfie: Buffer;
  /** Worker inferences by kind, counted on the real engine. */
  const calls = { analyze: 0, analyzeWithMesh: 0, infer: 0 };

  before(async () => {
    face = await createFaceEngine({ size: 1 });
    dir = mkdtempSync(join(tmpdir(), "kyc-evidence-cache-"));
    media = createMediaStore(dir, { region: "us-east-1", forcePathStyle: false });
    const document = await renderDocument(face, "img2.jpg", 2);
    assert.ok(document, "the rendered passport has a portrait");
    portrait = document.portrait;
    selfie = await photoBytes("img1.jpg");
    await media.put("t/portrait.png", portrait);
    await media.put("t/selfie.jpg", selfie);
    // The same selfie at full size: over 640 px, its two decodes differ.
    const large = await sharp(selfie).resize({ width: 1400 }).jpeg().toBuffer();
    await media.put("t/large.jpg", large);
  });
  after(async () => {
    await face?.close();
    await media?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function counted(): { media: MediaStore; engines: Engines } {
    const engine: FaceEngine = Object.create(face);
    engine.analyze = (image) => {
      calls.analyze += 1;
      return face.analyze(image);
    };
    engine.analyzeWithMesh = (image) => {
      calls.analyzeWithMesh += 1;
      return face.analyzeWithMesh(image);
    };
    engine.infer = (request) => {
      calls.infer += 1;
      return face.infer(request);
    };
    return { media, engines: { face: async () => engine } as unknown as Engines };
  }

  const reset = () => {
    calls.analyze = 0;
    calls.analyzeWithMesh = 0;
    calls.infer = 0;
  };

  test("a selfie and a portrait within 640 px: one inference each, the same answers as separate calls", async () => {
    reset();
    const cache = createEvidenceCache(counted());
    const [faces, one, reuse] = await Promise.all([
      cache.faces("t/portrait.png"),
      cache.oneFace("t/selfie.jpg"),
      cache.portraitReuse("t/selfie.jpg", "t/portrait.png"),
    ]);
    assert.deepEqual(calls, { analyze: 0, analyzeWithMesh: 2, infer: 0 });

    const portraitImage = await decodeImageField(portrait.toString("base64"), "image");
    const selfieImage = await decodeImageField(selfie.toString("base64"), "image");
    assert.deepEqual(faces, await face.analyze(portraitImage.rgb));
    assert.deepEqual(one, await face.requireOneFace(selfieImage.rgb));
    assert.deepEqual(reuse, await measurePortraitReuse(face, selfie, portrait));
    assert.equal(reuse?.reused, false);
  });

  test("an image over 640 px is read by each question on its own, as before", async () => {
    reset();
    const cache = createEvidenceCache(counted());
    const [faces, reuse] = await Promise.all([
      cache.faces("t/large.jpg"),
      cache.portraitReuse("t/large.jpg", "t/portrait.png"),
    ]);
    // The large selfie: analyze and reuse's own inference; the portrait: the shared one.
    assert.deepEqual(calls, { analyze: 1, analyzeWithMesh: 1, infer: 1 });
    const large = (await media.get("t/large.jpg"))!;
    const largeImage = await decodeImageField(large.toString("base64"), "image");
    assert.deepEqual(faces, await face.analyze(largeImage.rgb));
    assert.deepEqual(reuse, await measurePortraitReuse(face, large, portrait));
  });

  test("a refusal is remembered: oneFace of a face-less image rejects once, from one inference", async () => {
    reset();
    const blank = await sharp({
      create: { width: 320, height: 240, channels: 3, background: { r: 120, g: 130, b: 140 } },
    })
      .png()
      .toBuffer();
    await media.put("t/blank.png", blank);
    const cache = createEvidenceCache(counted());
    await assert.rejects(cache.oneFace("t/blank.png"), /face/i);
    await assert.rejects(cache.oneFace("t/blank.png"), /face/i);
    assert.equal(await cache.portraitReuse("t/blank.png", "t/portrait.png"), null);
    assert.deepEqual(calls, { analyze: 0, analyzeWithMesh: 2, infer: 0 });
  });
});
