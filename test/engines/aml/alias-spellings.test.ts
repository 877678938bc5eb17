import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { aliasSpellings } from "../../../src/engines/aml/alias-spellings.js";

describe("alias fields holding several spellings (UN list)", () => {
  test("spellings separated by semicolons are separate names", () => {
    assert.deepEqual(aliasSpellings("Abdul Rehman; Abd Ur-Rehman; Abdur Rahman"), [
      "Abdul Rehman",
      "Abd Ur-Rehman",
      "Abdur Rahman",
    ]);
  });

  test("a bracketed spelling in another script is a name of its own", () => {
    assert.deepEqual(aliasSpellings("Akrin Saleh Akrin (أقرين صالح أقرين)"), [
      "Akrin Saleh Akrin",
      "أقرين صالح أقرين",
    ]);
    assert.deepEqual(aliasSpellings("حسن غول (Hassan Ghul; Hassan Gul)"), [
      "حسن غول",
      "Hassan Ghul",
      "Hassan Gul",
    ]);
    assert.deepEqual(aliasSpellings("Abubakar (original script: Абубакар) "), ["Abubakar", "Абубакар"]);
  });

  test("a bracketed note in the same script is dropped", () => {
    assert.deepEqual(aliasSpellings("El Para (combat name) "), ["El Para"]);
    assert.deepEqual(aliasSpellings("Encep Nurjaman (birth name)"), ["Encep Nurjaman"]);
    assert.deepEqual(aliasSpellings("(Sheikh) Musa Hilal"), ["Musa Hilal"]);
  });

  test("an empty field or one without letters holds no name", () => {
    assert.deepEqual(aliasSpellings(""), []);
    assert.deepEqual(aliasSpellings(" ; "), []);
  });
});
