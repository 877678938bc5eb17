// has_portrait with the real face engine (src/engines/face) on generated specimens.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import sharp from "sharp";
import { createDocumentEngine, type DocumentEngine } from "../../../src/engines/document/document-engine.js";
import { detectFacesWith } from "../../../src/engines/document/face-portrait-detector.js";
import { createFaceEngine, type FaceEngine } from "../../../src/engines/face/face-engine.js";
import type { OcrEngine } from "../../../src/engines/ocr/ocr-engine.js";
import { createTesseractOcrEngine } from "../../../src/engines/ocr/tesseract-ocr-engine.js";
import { generateSpecimen } from "../../specimens/documents/generate.js";

let ocr: OcrEngine;
let face: FaceEngine;
let engine: DocumentEngine;

before(async () => {
  ocr = createTesseractOcrEngine();
  face = await createFaceEngine({ size: 1 });
  engine = createDocumentEngine({
    ocr,
    detectFaces: detectFacesWith(face),
    now: () => new Date("2025-06-01"),
  });
});

after(async () => {
  await Promise.all([ocr.close(), face.close()]);
});

test("a passport's printed photo is found and returned as a portrait crop holding one face", async () => {
  const specimen = await generateSpecimen("passport", 1);
  const { result, portrait } = await engine.extract(specimen.image);
  assert.equal(result.has_portrait, true);
  const { data, info } = await sharp(portrait!).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const faces = await face.analyze({ data: new Uint8Array(data), width: info.width, height: info.height });
  assert.equal(faces.faces.length, 1);
});

test("a certificate without a photo has no portrait", async () => {
  const specimen = await generateSpecimen("business_registration", 1);
  const { result, portrait } = await engine.extract(specimen.image);
  assert.equal(result.has_portrait, false);
  assert.equal(portrait, null);
});
