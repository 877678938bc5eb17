// spec: rule 5 / issue 9 — full English and Nepali copy: no string key is missing in either locale, and
// every Nepali string keeps the English placeholders and is written in Devanagari.
import assert from "node:assert/strict";
import { test } from "node:test";
import { en } from "../../web/src/i18n/en.js";
import { errorKey, pickLocale, translator } from "../../web/src/i18n/i18n.js";
import { ne } from "../../web/src/i18n/ne.js";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test("English and Nepali have exactly the same keys, none empty", () => {
  assert.deepEqual(Object.keys(ne).sort(), Object.keys(en).sort());
  for (const [key, text] of [...Object.entries(en), ...Object.entries(ne)]) {
    assert.ok(text.trim().length > 0, `${key} is empty`);
  }
});

test("Nepali strings keep the English placeholders and are written in Devanagari", () => {
  for (const key of Object.keys(en) as (keyof typeof en)[]) {
    assert.deepEqual(placeholders(ne[key]), placeholders(en[key]), key);
    if (key !== "lang.switch") assert.match(ne[key], /[\u0900-\u097F]/, `${key} has no Devanagari`);
  }
});

test("the session locale wins over the default language; branding copy overrides single keys", () => {
  assert.equal(pickLocale("ne", "en"), "ne");
  assert.equal(pickLocale("fr", "ne"), "ne");
  assert.equal(pickLocale(undefined, undefined), "en");
  const t = translator("ne", { ne: { "intro.start": "सुरु" } });
  assert.equal(t("intro.start"), "सुरु");
  assert.equal(t("progress.label", { n: 2, total: 5 }), "चरण 2 / 5");
  assert.equal(errorKey("no_face_detected"), "error.no_face_detected");
  assert.equal(errorKey("something_new"), "error.generic");
});
