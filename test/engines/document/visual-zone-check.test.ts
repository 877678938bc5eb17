// The MRZ against the visual zone (vz_mrz_mismatch) and the visual zone's part in reading names: judged only
// where the page read shows the holder's data; an MRZ printed over another person's page is caught, upright,
// upside down and a quarter turned (the page read the way up its MRZ shows: page-orientation.ts); a
// page tesseract's layout analysis finds no text in is read as sparse text; a name's first letter read as
// a filler is restored from the visual zone.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import sharp from "sharp";
import {
  createDocumentEngine,
  type DocumentEngine,
  readPage,
} from "../../../src/engines/document/document-engine.js";
import { visualZoneDisagrees } from "../../../src/engines/document/mrz-document-reader.js";
import { restoreLostInitialsFromVisualZone } from "../../../src/engines/document/mrz-visual-names.js";
import type { OcrEngine, OcrResult } from "../../../src/engines/ocr/ocr-engine.js";
import { prepareDocumentImage } from "../../../src/engines/ocr/preprocess.js";
import { createTesseractOcrEngine } from "../../../src/engines/ocr/tesseract-ocr-engine.js";
import { generateMrzSpecimen } from "../../specimens/documents/mrz-specimen.js";

const TODAY = "2026-11-23";
const MRZ = ["P<GBRJUAREZ<<PRIYA<<<<<<<<<<<<<<<<<<<<<<<<<<", "CXF9386572GBR6402134F2507167<<<<<<<<<<<<<<<0"];
const FIELDS = {
  surname: "JUAREZ",
  document_number: "CXF938657",
  date_of_birth: "1964-02-13",
  expiry_date: "2025-07-16",
};

/** A page read holding these lines of text (words split on spaces). */
function page(...lines: string[]): OcrResult {
  const box = { x0: 0, y0: 0, x1: 10, y1: 10 };
  const words = lines.flatMap((line) => line.split(" ").map((text) => ({ text, confidence: 90, box })));
  return {
    text: lines.join("\n"),
    confidence: 90,
    lines: lines.map((text) => ({ text, confidence: 90, box, slopeDegrees: 0, words: [] })),
    words,
  } as unknown as OcrResult;
}

describe("visual zone against the MRZ", () => {
  const labels = "PASSPORT SURNAME GIVEN NAMES DATE OF BIRTH DATE OF EXPIRY";
  test("the holder's page agrees", () => {
    const read = page(labels, "JUAREZ", "PRIYA", "13 FEB 1964", "16 JUL 2025", "CXF938657", ...MRZ);
    assert.equal(visualZoneDisagrees(FIELDS, read, { lines: MRZ }, TODAY), false);
  });

  test("another person's page under this MRZ disagrees: names and number, or the birth date alone", () => {
    const other = page(labels, "OKAFOR", "FATIMA", "02 MAR 1988", "16 JUL 2025", "PA1234567", ...MRZ);
    assert.equal(visualZoneDisagrees(FIELDS, other, { lines: MRZ }, TODAY), true);
    // A forger's one-digit change of the birth year in the MRZ.
    const older = page(labels, "JUAREZ", "PRIYA", "13 FEB 1966", "16 JUL 2025", "CXF938657", ...MRZ);
    assert.equal(visualZoneDisagrees(FIELDS, older, { lines: MRZ }, TODAY), true);
  });

  test("a 1900s birth date whose last year digits were misread is judged by its day and month", () => {
    const own = page(labels, "JUAREZ", "PRIYA", "13 FEB 19G¢", "16 JUL 20,5", "CXF938657", ...MRZ);
    assert.equal(visualZoneDisagrees(FIELDS, own, { lines: MRZ }, TODAY), false);
    // Development capture: another person's visa page under this MRZ, its birth year and number garbled.
    const other = page(labels, "YELARAN", "FATIMA", "25 JUN 19g¢", "26 MAY 20,7", "CEM5032¢67", ...MRZ);
    assert.equal(visualZoneDisagrees(FIELDS, other, { lines: MRZ }, TODAY), true);
    const otherDay = page(labels, "JUAREZ", "PRIYA", "14 FEB 19g¢", "16 JUL 2025", "CXF938657", ...MRZ);
    assert.equal(visualZoneDisagrees(FIELDS, otherDay, { lines: MRZ }, TODAY), true);
  });

  test("a page read that missed the holder's name and number lines is judged on its birth date alone", () => {
    // Development capture (MRV-B, low resolution): tesseract's layout analysis read the labels and the
    // dates but skipped the block of values beside the portrait.
    const labelsAndDates = page(
      "DATE OF BERTH",
      "13 FEB 1964",
      "ATE OF ENPURY",
      "16 JUL 2025",
      "REMARKS: NONE",
    );
    assert.equal(visualZoneDisagrees(FIELDS, labelsAndDates, { lines: MRZ }, TODAY), false);
    const otherBirth = page("DATE OF BERTH", "13 FEB 1966", "ATE OF ENPURY", "16 JUL 2025", "REMARKS: NONE");
    assert.equal(visualZoneDisagrees(FIELDS, otherBirth, { lines: MRZ }, TODAY), true);
    // Another person's number where the holder's should be, the birth date the same: disagrees.
    const otherNumber = page(labels, "13 FEB 1964", "16 JUL 2025", "PA1234567", ...MRZ);
    assert.equal(visualZoneDisagrees(FIELDS, otherNumber, { lines: MRZ }, TODAY), true);
  });

  test("a page read that shows no birth date is not judged: misread birth, card back, upside down", () => {
    // The birth date misread (no date parses) while the expiry does: the expiry is not a birth date.
    const misread = page(labels, "JUAREZ", "PRIYA", "13 A 1964", "16 JUL 2025", "CXFO38657", ...MRZ);
    assert.equal(visualZoneDisagrees(FIELDS, misread, { lines: MRZ }, TODAY), false);
    const back = page("SIGNATURE OF BEARER SIGNATURE DU TITULAIRE AUTHORITY MINISTRY", ...MRZ);
    assert.equal(visualZoneDisagrees(FIELDS, back, { lines: MRZ }, TODAY), false);
    const upsideDown = page("ANDXA JO ALEQ NIIY3E NIHR ANSST RRR SNAIATFVHY", "LQ 0 0Z D3S", ...MRZ);
    assert.equal(visualZoneDisagrees(FIELDS, upsideDown, { lines: MRZ }, TODAY), false);
    // An issue date (recent) is not a birth date either; a misread year such as 1034 is no date at all.
    const issued = page(labels, "JUAREZ", "12 JAN 2020", "25 JUN 1034", ...MRZ);
    assert.equal(visualZoneDisagrees(FIELDS, issued, { lines: MRZ }, TODAY), false);
  });
});

describe("visual zone on real-style captures", () => {
  let ocr: OcrEngine;
  let engine: DocumentEngine;
  before(() => {
    ocr = createTesseractOcrEngine();
    engine = createDocumentEngine({ ocr, now: () => new Date(`${TODAY}T00:00:00Z`) });
  });
  after(async () => {
    await ocr.close();
  });

  test("the holder's own page is not held; the same page printed with another person's MRZ is", async () => {
    const genuine = await generateMrzSpecimen("TD3", 1000, "scan", { real: true });
    const other = await generateMrzSpecimen("TD3", 1001, "scan", { real: true });
    const own = (await engine.extract(genuine.image)).result;
    assert.equal(own.mrz?.lines.join("\n"), genuine.mrz.join("\n"));
    assert.ok(!own.warnings.includes("vz_mrz_mismatch"), own.warnings.join(", "));
    const swapped = await generateMrzSpecimen("TD3", 1000, "scan", { real: true, mrz: other.mrz });
    const read = (await engine.extract(swapped.image)).result;
    assert.equal(read.mrz?.lines.join("\n"), other.mrz.join("\n"), "the printed MRZ is read");
    assert.equal(read.mrz?.valid, true);
    assert.ok(read.warnings.includes("vz_mrz_mismatch"), read.warnings.join(", "));
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

  test("a document page whose layout analysis finds no text is read as sparse text", async () => {
    // Development capture: the ID card's guilloche and portrait made tesseract's page layout find nothing.
    const capture = await generateMrzSpecimen("TD1", 1000, "screen", { real: true });
    const prepared = await prepareDocumentImage(capture.image, 1600);
    const auto = await ocr.recognize(await prepared.png(), { lang: "eng" });
    const read = await readPage(ocr, await prepared.png(), "eng", async () => true);
    assert.ok(read.words.length >= 5, `${read.words.length} words (layout analysis: ${auto.words.length})`);
    // Where no document was found, an empty page stays empty (a selfie must stay document_not_found).
    const unfound = await readPage(ocr, await prepared.png(), "eng", async () => false);
    assert.equal(unfound.words.length, auto.words.length);
  });
});

describe("a name's first letters read as fillers", () => {
  const lines = [
    "I<JPNXDU1109760<<<<<<<<<<<<<<<",
    "6901143M2509161JPN<<<<<<<<<<<0",
    "<KSTROM<<PIOTR<<<<<<<<<<<<<<<<",
  ];
  test("take the one visual-zone word that ends with the rest", () => {
    const fixed = restoreLostInitialsFromVisualZone(lines, "TD1", ["IDENTITY", "CARD", "EKSTROM", "PIOTR"]);
    assert.equal(fixed[2], "EKSTROM<<PIOTR<<<<<<<<<<<<<<<<");
    const given = ["P<GBREKSTROM<<<IOTR<<<<<<<<<<<<<<<<<<<<<<<<<<", MRZ[1]!];
    assert.equal(
      restoreLostInitialsFromVisualZone(given, "TD3", ["EKSTROM", "PIOTR"])[0],
      "P<GBREKSTROM<<PIOTR<<<<<<<<<<<<<<<<<<<<<<<<<<",
    );
  });
  test("nothing changes without exactly one such word", () => {
    assert.equal(restoreLostInitialsFromVisualZone(lines, "TD1", ["CARD"]), lines);
    assert.equal(restoreLostInitialsFromVisualZone(lines, "TD1", ["EKSTROM", "AKSTROM"]), lines);
  });
});
