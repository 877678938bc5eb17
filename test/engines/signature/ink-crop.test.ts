import assert from "node:assert/strict";
import { describe, test } from "node:test";
import sharp from "sharp";
import { cropInk } from "../../../src/engines/signature/ink-crop.js";
import { isAppError } from "../../../src/platform/errors.js";
import { createWriter, renderSignature } from "../../specimens/signatures/signature-specimens.js";

const LINED_PAPER = { ruleSpacing: 36, format: "png", noise: 4, offsetX: 0, offsetY: 0 } as const;

async function blankPaper(ruled: boolean): Promise<Buffer> {
  const lines = ruled
    ? Array.from({ length: 6 }, (_, i) => `<line x1="0" y1="${20 + i * 40}" x2="640" y2="${20 + i * 40}" />`)
    : [];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="240"><rect width="100%" height="100%" fill="#f3efe6"/><g stroke="#8fb3d9" stroke-width="1.4">${lines.join("")}</g></svg>`;
  const { data, info } = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Seeded sensor grain so "blank" is a realistic photo of blank paper, not a flat fill.
  let state = 12345;
  for (let i = 0; i < data.length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    data[i] = Math.max(0, Math.min(255, data[i]! + ((state >>> 16) % 13) - 6));
  }
  return sharp(data, { raw: info }).jpeg({ quality: 80 }).toBuffer();
}

describe("signature ink crop", () => {
  test("on lined paper the crop holds the signature, not the ruled lines across the page", async () => {
    const image = await renderSignature(createWriter(3), "genuine", 0, LINED_PAPER);
    const crop = await cropInk(image);
    // The lines span all 640 px; the signature is far narrower, so any surviving line would widen the crop.
    assert.ok(crop.mask.width < 400, `ink box ${crop.mask.width} px wide`);
    for (let y = 0; y < crop.mask.height; y++) {
      let run = 0;
      for (let x = 0; x < crop.mask.width; x++) run = crop.mask.data[y * crop.mask.width + x] ? run + 1 : 0;
      assert.ok(run < crop.mask.width * 0.9, `row ${y} is a solid line`);
    }
  });

  test("the crop PNG is the ink's box plus a margin", async () => {
    const image = await renderSignature(createWriter(3), "genuine", 0, LINED_PAPER);
    const crop = await cropInk(image);
    const meta = await sharp(await crop.cropPng).metadata();
    assert.equal(meta.format, "png");
    assert.equal(meta.width, crop.cropWidth);
    assert.ok(crop.cropWidth > crop.mask.width && crop.cropHeight > crop.mask.height);
    assert.ok(crop.inkRatio > 0 && crop.inkRatio < 1);
  });

  test("blank paper is no_signature_detected", async () => {
    await assert.rejects(
      cropInk(await blankPaper(false)),
      (e) => isAppError(e) && e.code === "no_signature_detected",
    );
  });

  test("ruled paper with nothing written on it is no_signature_detected", async () => {
    await assert.rejects(
      cropInk(await blankPaper(true)),
      (e) => isAppError(e) && e.code === "no_signature_detected",
    );
  });
});
