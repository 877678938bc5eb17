// A writer's natural variation must not read as another writer: the same person sometimes joins the
// two words of their name and sometimes does not, and Devanagari or Bengali writing hangs from a
// headline that a line remover could take for a ruled line. Realistic scanned specimens on a clean
// page (scanned-specimens.ts), so only the variation under test differs.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import sharp from "sharp";
import { cropInk } from "../../../src/engines/signature/ink-crop.js";
import { createSignatureEngine } from "../../../src/engines/signature/signature-engine.js";
import {
  REVIEW_BAND_FACTOR,
  SIGNATURE_VERIFY_THRESHOLD,
} from "../../../src/engines/signature/signature-verdict.js";
import {
  CLEAN_PAGE,
  createScannedWriter,
  renderScanned,
  type ScannedWriter,
} from "../../specimens/signatures/scanned-specimens.js";

const engine = createSignatureEngine();
const REVIEW_FLOOR = REVIEW_BAND_FACTOR * SIGNATURE_VERIFY_THRESHOLD;

/** Calibration writers (seed 7) of the given script with at least `words` words. */
function writersOf(script: ScannedWriter["shape"]["script"], count: number, words = 2): ScannedWriter[] {
  const found: ScannedWriter[] = [];
  for (let id = 0; found.length < count && id < 60; id++) {
    const writer = createScannedWriter(id, 7);
    if (writer.shape.script === script && writer.shape.strokes.length >= words) found.push(writer);
  }
  return found;
}

async function describeGenuine(writer: ScannedWriter, index: number, join: boolean) {
  return (
    await engine.prepare(await renderScanned(writer, "genuine", index, { artefacts: CLEAN_PAGE, join }))
  ).descriptor;
}

/** Bounding box of everything darker than the paper on a clean page, at the crop's 800-px scale. */
async function renderedInkWidth(image: Buffer): Promise<number> {
  const { data, info } = await sharp(image)
    .resize({ width: 800, height: 800, fit: "inside" })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let minX = info.width;
  let maxX = -1;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (data[y * info.width + x]! > 190) continue;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
    }
  }
  return maxX - minX + 1;
}

describe("signature: a writer's natural variation", () => {
  test("joined and separated words of the same writer are never mismatch, and score like two separated signings", async () => {
    for (const writer of [...writersOf("latin", 2), ...writersOf("devanagari", 1)]) {
      const separated = await describeGenuine(writer, 0, false);
      const joined = await describeGenuine(writer, 1, true);
      const separatedAgain = await describeGenuine(writer, 1, false);
      const acrossJoin = engine.compare(separated, joined).score;
      const withoutJoin = engine.compare(separated, separatedAgain).score;
      assert.ok(acrossJoin >= REVIEW_FLOOR, `writer ${writer.shape.id}: joined vs separated ${acrossJoin}`);
      assert.ok(
        acrossJoin >= withoutJoin - 0.15,
        `writer ${writer.shape.id}: joined vs separated ${acrossJoin}, separated twice ${withoutJoin}`,
      );
    }
  });

  for (const script of ["devanagari", "bengali"] as const) {
    test(`a ${script}-like headline stays in the crop: the ink box spans all the ink`, async () => {
      for (const writer of writersOf(script, 6, 1)) {
        for (const index of [0, 1, 2, 3]) {
          const image = await renderScanned(writer, "genuine", index, { artefacts: CLEAN_PAGE });
          const crop = await cropInk(image);
          const inkWidth = await renderedInkWidth(image);
          assert.ok(
            crop.mask.width >= inkWidth * 0.95,
            `writer ${writer.shape.id} genuine ${index}: crop ${crop.mask.width} px wide, ink ${inkWidth} px`,
          );
        }
      }
    });
  }
});
