// The labels the pair bench reports by (bench/support): Jaro-Winkler as published, and which same-person
// pairs count as variants of one name.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { jaroWinkler } from "../../../bench/support/jaro-winkler.js";
import { causeOf } from "../../../bench/support/pair-causes.js";

describe("name-pair bench labels", () => {
  test("Jaro-Winkler gives the published reference values", () => {
    assert.equal(jaroWinkler("martha", "marhta").toFixed(4), "0.9611");
    assert.equal(jaroWinkler("dwayne", "duane").toFixed(4), "0.8400");
    assert.equal(jaroWinkler("dixon", "dicksonx").toFixed(4), "0.8133");
    assert.equal(jaroWinkler("abc", "xyz"), 0);
  });

  test("a nom de guerre shares no part with the name; a cut-short name is partial", () => {
    const pair = (a: string, b: string) => ({
      a,
      b,
      same: true,
      kind: "alias" as const,
      split: "tuning" as const,
      crossScript: false,
      sharesPart: true,
    });
    assert.equal(
      causeOf(pair("Luis Eduardo Cifuentes Galindo", "El Aguila")),
      "no part in common (nom de guerre, kunya, other name)",
    );
    assert.equal(
      causeOf(pair("Abdul Ghani Baradar Abdul Ahmad Turk", "Abdul Ghani Baradar")),
      "partial name (parts missing on one side)",
    );
    assert.equal(causeOf(pair("Kamal Mustafa", "كمال مصطفى")), "script: Arabic/Persian/Hebrew");
  });
});
