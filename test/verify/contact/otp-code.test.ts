// The code and the numbers it goes to (design: OTP steps): six CSPRNG digits, stored as a salted HMAC and
// compared in constant time; phone numbers in E.164 with Nepal first-class.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { codeMatches, hashCode, newCode } from "../../../src/verify/contact/otp-code.js";
import { toE164 } from "../../../src/verify/contact/phone-number.js";

describe("one-time codes", () => {
  test("are six digits, leading zeros kept, spread over the whole range", () => {
    const codes = Array.from({ length: 2000 }, newCode);
    assert.ok(codes.every((code) => /^\d{6}$/.test(code)));
    assert.ok(new Set(codes).size > 1990);
    // Each first digit 0–9 appears: no bias towards codes without a leading zero.
    assert.equal(new Set(codes.map((code) => code[0])).size, 10);
  });

  test("are kept as a salted HMAC: the same code hashes differently per salt and still matches", () => {
    const a = hashCode("004217");
    const b = hashCode("004217");
    assert.notEqual(a.code_hash, b.code_hash);
    assert.notEqual(a.salt, b.salt);
    assert.ok(!a.code_hash.includes("004217"));
    assert.equal(codeMatches("004217", a), true);
    assert.equal(codeMatches("004218", a), false);
    assert.equal(codeMatches("004217", { code_hash: "00", salt: a.salt }), false);
  });
});

describe("phone numbers in E.164", () => {
  const cases: [string, string, string | null][] = [
    ["9841234567", "NP", "+9779841234567"], // Nepal Telecom mobile, national form
    ["980 123 4567", "NP", "+9779801234567"], // Ncell, spaced
    ["+977-9851234567", "NP", "+9779851234567"],
    ["009779741234567", "NP", "+9779741234567"], // Nepal's international prefix 00
    ["12345", "NP", null],
    ["+1 415 555 2671", "NP", "+14155552671"], // a foreign number with its country code
    ["(415) 555-2671", "US", "+14155552671"], // another default region
  ];
  for (const [raw, region, expected] of cases) {
    test(`${raw} (${region}) → ${expected}`, () => assert.equal(toE164(raw, region), expected));
  }
});
