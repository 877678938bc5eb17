import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { describe, test } from "node:test";
import sharp from "sharp";
import { createSignatureEngine, type DetectFaces } from "../../../src/engines/signature/signature-engine.js";
import { isAppError } from "../../../src/platform/errors.js";
import { createWriter, renderSignature } from "../../specimens/signatures/signature-specimens.js";

// spec: signature-verify — 422 not_a_signature when a human face is detected.
// The face engine (src/engines/face) had not landed its detector when this was written, so these
// unit tests inject a test double of DetectFaces: it "finds" a face in exactly the bytes of the
// deepface photo and nothing elsewhere. The rule under test is the signature engine's reaction.
const FACE_PHOTO = new URL("../../../../shared/data/faces/deepface/img1.jpg", import.meta.url);

function detectorFor(faceImage: Buffer, calls: Buffer[] = []): DetectFaces {
  return async (image) => {
    calls.push(image);
    return image.equals(faceImage) ? [{ box: [0, 0, 1, 1], score: 0.99 }] : [];
  };
}

describe("not_a_signature", () => {
  test("an image with a human face is refused as not_a_signature", async () => {
    const face = await readFile(FACE_PHOTO);
    const engine = createSignatureEngine({ detectFaces: detectorFor(face) });
    await assert.rejects(engine.prepare(face), (e) => isAppError(e) && e.code === "not_a_signature");
  });

  test("signature-verify with a face as the probe is refused as not_a_signature", async () => {
    const face = await readFile(FACE_PHOTO);
    const engine = createSignatureEngine({ detectFaces: detectorFor(face) });
    const reference = await renderSignature(createWriter(0), "genuine", 0);
    await assert.rejects(
      engine.verify(reference, face),
      (e) => isAppError(e) && e.code === "not_a_signature",
    );
  });

  test("a signature in which the detector finds no face is prepared", async () => {
    const face = await readFile(FACE_PHOTO);
    const engine = createSignatureEngine({ detectFaces: detectorFor(face) });
    const prepared = await engine.prepare(await renderSignature(createWriter(0), "genuine", 0));
    assert.ok(prepared.descriptor.length > 0);
  });

  test("an image without ink is no_signature_detected before any face detection runs", async () => {
    const calls: Buffer[] = [];
    const engine = createSignatureEngine({ detectFaces: detectorFor(Buffer.alloc(0), calls) });
    const blank = await sharp({ create: { width: 400, height: 200, channels: 3, background: "#f5f2ea" } })
      .png()
      .toBuffer();
    await assert.rejects(engine.prepare(blank), (e) => isAppError(e) && e.code === "no_signature_detected");
    assert.equal(calls.length, 0);
  });
});
