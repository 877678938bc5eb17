import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, describe, test } from "node:test";
import sharp from "sharp";
import { createFaceEngine, type FaceEngine } from "../../../src/engines/face/face-engine.js";
import {
  createSignatureEngine,
  type SignatureEngine,
} from "../../../src/engines/signature/signature-engine.js";
import { isAppError } from "../../../src/platform/errors.js";
import { createWriter, renderSignature } from "../../specimens/signatures/signature-specimens.js";

// spec: signature-verify — 422 not_a_signature when a human face is detected.
const FACE_PHOTO = new URL("../../../../shared/data/faces/deepface/img1.jpg", import.meta.url);

async function toRgb(image: Buffer) {
  const { data, info } = await sharp(image)
    .rotate()
    .resize({ width: 1024, height: 1024, fit: "inside", withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

describe("not_a_signature with the real face detector", () => {
  let faces: FaceEngine;
  let engine: SignatureEngine;
  before(async () => {
    faces = await createFaceEngine({ size: 1 });
    engine = createSignatureEngine({
      detectFaces: async (image) => (await faces.infer({ image: await toRgb(image), want: {} })).faces,
    });
  });
  after(async () => {
    await faces?.close();
  });

  test("a photo of a person is refused as not_a_signature", async () => {
    const photo = await readFile(FACE_PHOTO);
    await assert.rejects(engine.prepare(photo), (e) => isAppError(e) && e.code === "not_a_signature");
  });

  test("signature-verify with a face as the probe is refused as not_a_signature", async () => {
    const reference = await renderSignature(createWriter(0), "genuine", 0);
    const photo = await readFile(FACE_PHOTO);
    await assert.rejects(
      engine.verify(reference, photo),
      (e) => isAppError(e) && e.code === "not_a_signature",
    );
  });

  test("a signature on paper is not taken for a face", async () => {
    const prepared = await engine.prepare(await renderSignature(createWriter(0), "genuine", 0));
    assert.ok(prepared.descriptor.length > 0);
  });
});

describe("not_a_signature check order", () => {
  // A unit-test double of DetectFaces that records its calls: the rule is that an image without
  // ink is no_signature_detected and never pays for face detection.
  test("an image without ink is no_signature_detected before any face detection runs", async () => {
    const calls: Buffer[] = [];
    const engine = createSignatureEngine({
      detectFaces: async (image) => {
        calls.push(image);
        return [];
      },
    });
    const blank = await sharp({ create: { width: 400, height: 200, channels: 3, background: "#f5f2ea" } })
      .png()
      .toBuffer();
    await assert.rejects(engine.prepare(blank), (e) => isAppError(e) && e.code === "no_signature_detected");
    assert.equal(calls.length, 0);
  });
});
