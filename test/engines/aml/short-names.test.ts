// Issue 22 finding 11: a name too short to identify anyone never confirms a hit ("a" was a confirmed
// sanctions hit at 0.86, "a b" at 0.9); it may still surface possible matches for a person to review.
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { type AmlIndex, buildIndex } from "../../../src/engines/aml/candidate-index.js";
import { isIdentifyingName } from "../../../src/engines/aml/identifying-name.js";
import { screen } from "../../../src/engines/aml/screen.js";
import { ofacEntities, unEntities } from "./list-data.js";

describe("names too short to identify anyone", () => {
  let index: AmlIndex;
  before(() => {
    index = buildIndex([...unEntities(), ...ofacEntities()]);
  });

  test("the rule: parts of two or more letters must hold four letters (Han, Hangul, Kana count two)", () => {
    for (const name of ["a", "a b", "ab", "a b c d", "Mao", "Dr. A", "  ", "x.y", "李", "राम"]) {
      assert.equal(isIdentifyingName(name), false, name);
    }
    for (const name of ["Li Na", "Hamas", "Ali Khan", "习近平", "राम बहादुर", "Hasan Nasrallah"]) {
      assert.equal(isIdentifyingName(name), true, name);
    }
  });

  test("one- and two-letter queries confirm nothing against the real lists", () => {
    for (const name of ["a", "a b", "A", "ab", "a b c", "x y"]) {
      const result = screen(index, { name });
      assert.deepEqual(result.matches, [], `${name}: ${JSON.stringify(result.matches[0])}`);
      assert.notEqual(result.risk_level, "high", name);
      for (const possible of result.possible_matches) {
        assert.equal(possible.match, false);
      }
    }
  });

  test("a demoted hit is flagged uncorroborated", () => {
    const result = screen(index, { name: "a" }, { cutoff: 0.5 });
    for (const possible of result.possible_matches.filter((hit) => hit.score >= result.threshold)) {
      assert.equal(possible.uncorroborated, true);
    }
  });

  test("a full listed name still confirms", () => {
    const result = screen(index, { name: "Hasan Nasrallah", birthDate: "1960-08-31" });
    assert.equal(result.risk_level, "high");
  });
});
