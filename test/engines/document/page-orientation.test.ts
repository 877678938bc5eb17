// A document photographed upside down or a quarter turned: the page is read the way up its MRZ shows, and
// an upright document's page is read once. On real captures: visual-zone-check.test.ts.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { pageTurn, readPageUpright, zoneTilt } from "../../../src/engines/document/page-orientation.js";
import type { OcrResult } from "../../../src/engines/ocr/ocr-engine.js";

const ZONE = ["P<GBRJUAREZ<<PRIYA<<<<<<<<<<<<<<<<<<<<<<<<<<", "CXF9386572GBR6402134F2507167<<<<<<<<<<<<<<<0"];

function page(...lines: string[]): OcrResult {
  const box = { x0: 0, y0: 0, x1: 10, y1: 10 };
  return {
    text: lines.join("\n"),
    confidence: 90,
    lines: lines.map((text) => ({ text, confidence: 90, box, slopeDegrees: 0, words: [] })),
    words: lines.flatMap((line) => line.split(" ").map((text) => ({ text, confidence: 90, box }))),
  } as unknown as OcrResult;
}

describe("which way up to read the page", () => {
  test("the turn that brings the document upright, from the zone's direction and the way its strip was read", () => {
    assert.equal(pageTurn(-2.5, false), 0);
    assert.equal(pageTurn(-2.1, true), 180);
    assert.equal(pageTurn(87.5, false), 270, "the zone runs down the photo: turned a quarter clockwise");
    assert.equal(pageTurn(87.9, true), 90);
    assert.equal(pageTurn(-91, false), 90);
    assert.equal(pageTurn(178, false), 180);
  });

  test("the zone's tilt from the nearest axis straightens the page whichever way up it lies", () => {
    assert.equal(zoneTilt(4.25), 4.25);
    assert.equal(zoneTilt(-2.5), -2.5);
    assert.equal(zoneTilt(184.25), 4.25, "upside down");
    assert.ok(Math.abs(zoneTilt(87.5) + 2.5) < 1e-9, "a quarter turn");
    assert.ok(Math.abs(zoneTilt(-91) + 1) < 1e-9);
  });

  test("an upright, straight page is read once; a second read is kept only when tesseract is surer of it", async () => {
    const garbage = { ...page("ANDXA JO ALEQ NIIY3E", "LQ 0 0Z D3S"), confidence: 41 };
    const upright = page("PASSPORT SURNAME GIVEN NAMES", "JUAREZ PRIYA", ...ZONE);
    const reads: [number, number, boolean][] = [];
    const reread = (skewDegrees: number, result: OcrResult) => ({
      skewDegrees,
      read: async (turn: number, skew: number, withZone: boolean) => {
        reads.push([turn, skew, withZone]);
        return result;
      },
    });
    assert.equal(await readPageUpright(upright, 0, 4.1, reread(4.5, upright), true), null, "within a degree");
    assert.deepEqual(reads, []);
    assert.equal(await readPageUpright(garbage, 180, 1.5, reread(1.5, upright), true), upright);
    assert.equal(
      await readPageUpright(upright, 90, 0, reread(0, garbage), false),
      null,
      "a worse read leaves the page",
    );
    assert.equal(
      await readPageUpright(garbage, 0, 4.25, reread(-5.25, upright), true),
      upright,
      "upright but straightened the wrong way (a stamp pulled the estimate): read again at the zone's tilt",
    );
    assert.deepEqual(reads, [
      [180, 1.5, true],
      [90, 0, false],
      [0, 4.25, true],
    ]);
  });
});
