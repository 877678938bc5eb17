// A document photographed upside down or a quarter turned: the page is read the way up its MRZ shows, and
// an upright document's page is read once. On real captures: visual-zone-check.test.ts.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { pageTurn, readPageTurned } from "../../../src/engines/document/page-orientation.js";
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

  test("an upright document is read once; a turned read is kept only when tesseract is surer of it", async () => {
    const garbage = { ...page("ANDXA JO ALEQ NIIY3E", "LQ 0 0Z D3S"), confidence: 41 };
    const upright = page("PASSPORT SURNAME GIVEN NAMES", "JUAREZ PRIYA", ...ZONE);
    const turns: number[] = [];
    const read = (result: OcrResult) => async (turn: number) => {
      turns.push(turn);
      return result;
    };
    assert.equal(await readPageTurned(upright, 0, read(upright)), null);
    assert.deepEqual(turns, []);
    assert.equal(await readPageTurned(garbage, 180, read(upright)), upright);
    assert.equal(await readPageTurned(upright, 90, read(garbage)), null, "a worse read leaves the page");
    assert.deepEqual(turns, [180, 90]);
  });
});
