// Nationalities arrive as ISO alpha-2, country names, or — from passport MRZs — ICAO alpha-3 codes.
import assert from "node:assert/strict";
import { test } from "node:test";
import { countryCode } from "../../../src/engines/aml/countries.js";

test("ICAO alpha-3 nationalities from passports map to alpha-2", () => {
  assert.equal(countryCode("NPL"), "np");
  assert.equal(countryCode("ind"), "in");
  assert.equal(countryCode("D"), "de");
});

test("alpha-2 codes and names still map as before, and unknown codes give null", () => {
  assert.equal(countryCode("NP"), "np");
  assert.equal(countryCode("Nepal"), "np");
  assert.equal(countryCode("XXX"), null);
});
