import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  bikramSambatToIso,
  parseBikramSambatDate,
  toAsciiDigits,
} from "../../../src/engines/document/nepali-dates.js";
import { transliterateNepali } from "../../../src/engines/document/transliterate-nepali.js";

describe("Bikram Sambat dates", () => {
  test("a BS date converts to its Gregorian ISO date", () => {
    assert.equal(bikramSambatToIso(2041, 11, 29), "1985-03-12");
    assert.equal(bikramSambatToIso(2000, 1, 1), "1943-04-14");
  });

  test("a BS day past the end of its month is rejected", () => {
    assert.equal(bikramSambatToIso(2041, 11, 33), null);
  });

  test("a date written साल … महिना … गते … in Devanagari digits is parsed", () => {
    assert.deepEqual(parseBikramSambatDate("जन्म मिति : साल २०४१ महिना ११ गते २९"), {
      bs: "2041-11-29",
      iso: "1985-03-12",
    });
  });

  test("Devanagari digits become ASCII digits", () => {
    assert.equal(toAsciiDigits("२७-०१-७२-०१२३४"), "27-01-72-01234");
  });
});

describe("Nepali transliteration", () => {
  test("the word-final inherent a is dropped", () => {
    assert.equal(transliterateNepali("राम बहादुर"), "Ram Bahadur");
  });

  test("the inherent a is kept after a final conjunct", () => {
    assert.equal(transliterateNepali("कृष्ण"), "Krishna");
  });

  test("ś and ṣ are written sh", () => {
    assert.equal(transliterateNepali("सुरेश"), "Suresh");
    assert.equal(transliterateNepali("श्रेष्ठ"), "Shreshtha");
  });

  test("छ is written chh and च ch", () => {
    assert.equal(transliterateNepali("छेत्री"), "Chhetri");
    assert.equal(transliterateNepali("चितवन"), "Chitavan");
  });

  test("a word-initial व is written b", () => {
    assert.equal(transliterateNepali("विकास"), "Bikas");
  });

  test("ङ is written ng and long vowels lose their marks", () => {
    assert.equal(transliterateNepali("गुरुङ"), "Gurung");
    assert.equal(transliterateNepali("सीता"), "Sita");
  });
});
