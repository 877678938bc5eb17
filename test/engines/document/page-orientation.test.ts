// A document photographed upside down or a quarter turned: the page is read the way up its MRZ shows, so
// the visual zone is checked against the MRZ whatever the turn (an MRZ printed over another person's page
// is caught upside down too), and an upright document's page is read once.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import sharp from "sharp";
import { createDocumentEngine, type DocumentEngine } from "../../../src/engines/document/document-engine.js";
import { pageTurn, readPageTurned } from "../../../src/engines/document/page-orientation.js";
import type { OcrEngine, OcrResult } from "../../../src/engines/ocr/ocr-engine.js";
import { createTesseractOcrEngine } from "../../../src/engines/ocr/tesseract-ocr-engine.js";
import { generateMrzSpecimen } from "../../specimens/documents/mrz-specimen.js";

const TODAY = "2026-11-23";
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

describe("real-style captures turned", () => {
  let ocr: OcrEngine;
  let engine: DocumentEngine;
  before(() => {
    ocr = createTesseractOcrEngine();
    engine = createDocumentEngine({ ocr, now: () => new Date(`${TODAY}T00:00:00Z`) });
  });
  after(async () => {
    await ocr.close();
  });
  const turned = async (image: Buffer, turn: number) =>
    sharp(image).autoOrient().rotate(turn).jpeg({ quality: 92 }).toBuffer();

  test("another person's MRZ printed over the page is caught upside down and a quarter turned", async () => {
    const other = await generateMrzSpecimen("TD3", 1001, "scan", { real: true });
    const swapped = await generateMrzSpecimen("TD3", 1000, "scan", { real: true, mrz: other.mrz });
    for (const turn of [180, 90]) {
      const read = (await engine.extract(await turned(swapped.image, turn))).result;
      assert.equal(read.mrz?.lines.join("\n"), other.mrz.join("\n"), `${turn}°: the printed MRZ is read`);
      assert.ok(read.warnings.includes("vz_mrz_mismatch"), `${turn}°: ${read.warnings.join(", ")}`);
    }
  });

  test("the holder's own page upside down is read, and not held", async () => {
    const genuine = await generateMrzSpecimen("TD3", 1000, "scan", { real: true });
    const read = (await engine.extract(await turned(genuine.image, 180))).result;
    assert.equal(read.mrz?.lines.join("\n"), genuine.mrz.join("\n"));
    assert.equal(read.mrz?.valid, true);
    assert.ok(!read.warnings.includes("vz_mrz_mismatch"), read.warnings.join(", "));
  });
});
