import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { detectDocumentType, parseDocumentTypeHint } from "../../../src/engines/document/document-types.js";
import { checkDates, isValidGiven } from "../../../src/engines/document/validity.js";
import { verhoeffValid } from "../../../src/engines/document/verhoeff.js";
import { isAppError } from "../../../src/platform/errors.js";

describe("document_type hint (spec: document-extract)", () => {
  test("each listed hint is accepted", () => {
    for (const hint of ["passport", "drivers_license", "citizenship", "pan", "disability_id"]) {
      assert.equal(parseDocumentTypeHint(hint), hint);
    }
  });

  test("an unrecognised string falls back to auto-detect", () => {
    assert.equal(parseDocumentTypeHint("national_id"), undefined);
  });

  test("a non-string hint is invalid_document_type on the document_type field", () => {
    assert.throws(
      () => parseDocumentTypeHint(42),
      (e) =>
        isAppError(e) &&
        e.code === "invalid_document_type" &&
        e.status === 400 &&
        e.field === "document_type",
    );
  });

  test("an absent hint auto-detects", () => {
    assert.equal(parseDocumentTypeHint(undefined), undefined);
    assert.equal(parseDocumentTypeHint(null), undefined);
  });
});

describe("type detection from OCR text", () => {
  test("Aadhaar-type cards are relabelled by their text", () => {
    assert.equal(detectDocumentType("Government of India\nRahul Sharma\nDOB: 01/02/1990"), "aadhaar");
  });

  test("a Devanagari citizenship certificate is recognised from the Nepali pass", () => {
    assert.equal(detectDocumentType("", "नेपाली नागरिकताको प्रमाण-पत्र"), "citizenship");
  });
});

describe("validity checks", () => {
  const today = "2025-06-01";

  test("an expiry date in the past is document_expired", () => {
    const warnings = checkDates({ expiry_date: "2024-01-01" }, { today });
    assert.deepEqual(warnings, ["document_expired"]);
    assert.equal(isValidGiven(warnings), false);
  });

  test("a birth date after the issue date is date_implausible", () => {
    assert.deepEqual(checkDates({ date_of_birth: "2010-01-01", issue_date: "2005-01-01" }, { today }), [
      "date_implausible",
    ]);
  });

  test("a holder younger than the minimum age is under_minimum_age", () => {
    assert.deepEqual(checkDates({ date_of_birth: "2010-01-01" }, { today, minimumAge: 18 }), [
      "under_minimum_age",
    ]);
  });

  test("an Aadhaar number must pass its Verhoeff check digit", () => {
    assert.equal(verhoeffValid("842789864363"), true);
    assert.equal(verhoeffValid("842789864364"), false);
  });
});
