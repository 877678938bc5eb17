// The page's skew before tesseract reads it (ocr/preprocess.ts estimateSkew). A document photographed in the
// hand tilts up to about 8°, lies on a dark desk beside its portrait and guilloche, and a published specimen
// carries a slanted SPECIMEN stamp: the estimate must follow the text lines through all of these.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import sharp from "sharp";
import { prepareDocumentImage } from "../../../src/engines/ocr/preprocess.js";
import { generateMrzSpecimen } from "../../specimens/documents/mrz-specimen.js";

/** The straight scan laid on a grey desk and turned clockwise by `degrees`, as a camera JPEG. */
async function tilted(scan: Buffer, degrees: number): Promise<Buffer> {
  return sharp(scan)
    .extend({ top: 120, bottom: 120, left: 160, right: 160, background: { r: 92, g: 96, b: 104 } })
    .rotate(degrees, { background: { r: 92, g: 96, b: 104 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The skew the page is straightened by before tesseract reads it (the reader's own preparation). */
async function skewOf(image: Buffer): Promise<number> {
  return (await prepareDocumentImage(image, 1600)).skewDegrees;
}

describe("page skew", () => {
  test("a tilted document on a desk, with and without a SPECIMEN stamp, is straightened by its text lines", async () => {
    const cases = [
      { format: "TD3", seed: 1002, stamp: false, degrees: 7 },
      { format: "MRVB", seed: 1001, stamp: true, degrees: 4.25 },
      { format: "TD1", seed: 1003, stamp: true, degrees: -6 },
      { format: "FRENCH_ID", seed: 1000, stamp: false, degrees: -2.5 },
      { format: "TD2", seed: 1001, stamp: true, degrees: 0 },
    ] as const;
    for (const c of cases) {
      const specimen = await generateMrzSpecimen(c.format, c.seed, "scan", { real: true, stamp: c.stamp });
      const skew = await skewOf(await tilted(specimen.image, c.degrees));
      assert.ok(
        Math.abs(skew - c.degrees) <= 0.3,
        `${c.format} ${c.seed}${c.stamp ? " stamped" : ""} turned ${c.degrees}°: estimated ${skew.toFixed(2)}°`,
      );
    }
  });
});
