// The document engine on generated specimens (realistic degradation unless noted), with the real
// tesseract.js OCR engine shared by every test in this file.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import sharp from "sharp";
import { createDocumentEngine, type DocumentEngine } from "../../../src/engines/document/document-engine.js";
import type { OcrEngine } from "../../../src/engines/ocr/ocr-engine.js";
import { createTesseractOcrEngine } from "../../../src/engines/ocr/tesseract-ocr-engine.js";
import { isAppError } from "../../../src/platform/errors.js";
import { generateSpecimen } from "../../specimens/documents/generate.js";

const TODAY = new Date("2025-06-01T00:00:00Z");

let ocr: OcrEngine;
let engine: DocumentEngine;

before(() => {
  ocr = createTesseractOcrEngine();
  engine = createDocumentEngine({ ocr, now: () => TODAY });
});

after(async () => {
  await ocr.close();
});

describe("passport", () => {
  test("a TD3 passport is detected and its MRZ fields are read with valid check digits", async () => {
    const specimen = await generateSpecimen("passport", 1);
    const { result } = await engine.extract(specimen.image);
    assert.equal(result.detected_type, "passport");
    for (const key of ["document_number", "surname", "given_names", "date_of_birth", "expiry_date", "sex"]) {
      assert.equal(result.fields[key], specimen.fields[key], key);
    }
    assert.equal(result.is_document_valid, true);
    assert.ok(!result.warnings.includes("mrz_checksum_failed"));
  });

  test("a printed MRZ with a wrong check digit is invalid with mrz_checksum_failed, fields still returned", async () => {
    const specimen = await generateSpecimen("passport", 2, { corruptMrz: true });
    const { result } = await engine.extract(specimen.image, { documentType: "passport" });
    assert.equal(result.is_document_valid, false);
    assert.ok(result.warnings.includes("mrz_checksum_failed"));
    assert.equal(result.fields.surname, specimen.fields.surname);
    assert.equal(result.fields.date_of_birth, specimen.fields.date_of_birth);
  });
});

describe("Nepal citizenship certificate", () => {
  test("Devanagari fields are read, BS dates converted to ISO and names transliterated", async () => {
    const specimen = await generateSpecimen("citizenship", 1);
    const { result } = await engine.extract(specimen.image, { documentType: "citizenship" });
    assert.equal(result.detected_type, "citizenship");
    assert.equal(result.fields.citizenship_number, specimen.fields.citizenship_number);
    assert.equal(result.fields.full_name, specimen.fields.full_name);
    assert.equal(result.fields.date_of_birth_bs, specimen.fields.date_of_birth_bs);
    assert.equal(result.fields.date_of_birth, specimen.fields.date_of_birth);
    assert.match(result.translated_fields.full_name ?? "", /^[A-Z][a-z]+( [A-Z][a-z]+)+$/);
  });
});

describe("cards read by their labels", () => {
  test("a PAN card is detected without a hint and its 9-digit number read", async () => {
    const specimen = await generateSpecimen("pan", 1);
    const { result } = await engine.extract(specimen.image);
    assert.equal(result.detected_type, "pan");
    assert.equal(result.fields.pan_number, specimen.fields.pan_number);
    assert.equal(result.fields.full_name, specimen.fields.full_name);
  });

  test("a driving licence gives its number, categories and dates; an expired one is flagged", async () => {
    const specimen = await generateSpecimen("drivers_license", 1);
    const { result } = await engine.extract(specimen.image, { documentType: "drivers_license" });
    assert.equal(result.detected_type, "drivers_license");
    assert.equal(result.fields.license_number, specimen.fields.license_number);
    assert.equal(result.fields.categories, specimen.fields.categories);
    assert.equal(result.fields.expiry_date, specimen.fields.expiry_date);
    assert.equal(result.warnings.includes("document_expired"), specimen.fields.expiry_date! < "2025-06-01");
  });

  test("an Aadhaar-type card is relabelled aadhaar whatever the hint", async () => {
    const specimen = await generateSpecimen("aadhaar", 1);
    const { result } = await engine.extract(specimen.image, { documentType: "citizenship" });
    assert.equal(result.detected_type, "aadhaar");
    assert.equal(result.fields.aadhaar_number, specimen.fields.aadhaar_number);
  });

  test("an unrecognised hint string falls back to auto-detection", async () => {
    const specimen = await generateSpecimen("pan", 3);
    const { result } = await engine.extract(specimen.image, { documentType: "national_id" });
    assert.equal(result.detected_type, "pan");
  });
});

describe("generic extraction", () => {
  test("disability_id runs a best-effort generic extraction with the full text", async () => {
    const specimen = await generateSpecimen("disability_id", 1);
    const { result } = await engine.extract(specimen.image, { documentType: "disability_id" });
    assert.equal(result.detected_type, "disability_id");
    assert.equal(result.generic_extraction, true);
    assert.match(result.full_text ?? "", new RegExp(specimen.fields.name!));
    assert.ok(result.extraction_note);
  });

  test("a layout without a template falls back to generic extraction", async () => {
    const specimen = await generateSpecimen("business_registration", 1, { degrade: false });
    const { result } = await engine.extract(specimen.image);
    assert.equal(result.generic_extraction, true);
    assert.equal(result.is_document_valid, false);
    assert.match(result.full_text ?? "", /CERTIFICATE OF INCORPORATION/);
  });

  test("a blank image is ocr_no_fields", async () => {
    const blank = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#f4f4f0" } })
      .jpeg()
      .toBuffer();
    await assert.rejects(engine.extract(blank), (e) => isAppError(e) && e.code === "ocr_no_fields");
  });

  test("a non-string hint is refused before any OCR", async () => {
    await assert.rejects(
      engine.extract(Buffer.from("not an image"), { documentType: 7 }),
      (e) => isAppError(e) && e.code === "invalid_document_type",
    );
  });
});

describe("business document", () => {
  test("a company registration certificate gives name, number, date and address", async () => {
    const specimen = await generateSpecimen("business_registration", 2);
    const result = await engine.extractBusinessDocument(specimen.image);
    assert.equal(result.detected_type, "business_registration");
    for (const key of ["company_name", "registration_number", "registration_date", "address"]) {
      assert.equal(result.fields[key], specimen.fields[key], key);
    }
    assert.ok(result.full_text.length > 50);
  });
});

describe("portrait", () => {
  test("with a face detector the portrait is found and cropped for face matching", async () => {
    const specimen = await generateSpecimen("pan", 1, { degrade: false });
    // Unit test of the caller: the face engine is another engineer's; its box is stood in for here.
    const withFaces = createDocumentEngine({
      ocr,
      now: () => TODAY,
      detectFaces: async () => [{ box: { x: 800, y: 240, width: 120, height: 150 } }],
    });
    const { result, portrait } = await withFaces.extract(specimen.image);
    assert.equal(result.has_portrait, true);
    assert.ok(!result.warnings.includes("portrait_not_checked"));
    const meta = await sharp(portrait!).metadata();
    assert.equal(meta.format, "png");
  });

  test("without a face detector has_portrait is false and portrait_not_checked is warned", async () => {
    const specimen = await generateSpecimen("pan", 1, { degrade: false });
    const { result, portrait } = await engine.extract(specimen.image);
    assert.equal(result.has_portrait, false);
    assert.ok(result.warnings.includes("portrait_not_checked"));
    assert.equal(portrait, null);
  });
});

describe("OCR engine", () => {
  test("missing language data is ocr_not_configured", async () => {
    const broken = createTesseractOcrEngine({ langPaths: { eng: "/nonexistent/tessdata" } });
    const blank = await sharp({ create: { width: 100, height: 50, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    await assert.rejects(broken.recognize(blank), (e) => isAppError(e) && e.code === "ocr_not_configured");
    await broken.close();
  });
});
