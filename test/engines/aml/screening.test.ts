import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { type AmlIndex, buildIndex } from "../../../src/engines/aml/candidate-index.js";
import { type AmlEntity, createEntity } from "../../../src/engines/aml/entity.js";
import { screen } from "../../../src/engines/aml/screen.js";
import { AppError } from "../../../src/platform/errors.js";
import { ofacEntities, unEntities } from "./list-data.js";

function person(id: string, name: string, topics: string[], extra: Partial<AmlEntity> = {}): AmlEntity {
  return createEntity({ id, schema: "Person", names: [name], topics, datasets: ["test_list"], ...extra });
}

describe("screening against the real lists", () => {
  let index: AmlIndex;
  before(() => {
    index = buildIndex([...unEntities(), ...ofacEntities()]);
  });

  test("a listed person is a confirmed hit with the spec's match fields", () => {
    const result = screen(index, { name: "Hasan Nasrallah", birthDate: "1960-08-31" });
    assert.equal(result.risk_level, "high");
    const [hit] = result.matches;
    assert.equal(hit?.entity_id, "ofac-2686");
    assert.equal(hit?.match, true);
    assert.deepEqual(hit?.lists, ["sanctions"]);
    assert.deepEqual(
      Object.keys(hit ?? {}).sort(),
      [
        "addresses",
        "aliases",
        "birth_date",
        "countries",
        "datasets",
        "entity_id",
        "gender",
        "id_numbers",
        "lists",
        "match",
        "name",
        "nationalities",
        "positions",
        "schema",
        "score",
        "topics",
        "url",
      ].sort(),
    );
  });

  test("the result carries the spec's keys, plus the coverage extras", () => {
    const result = screen(index, { name: "Nobody Atall Unlisted" });
    assert.deepEqual(
      Object.keys(result).sort(),
      [
        "algorithm",
        "dataset",
        "informational_matches",
        "lists_checked",
        "matches",
        "possible_matches",
        "provider",
        "risk_level",
        "threshold",
        "lists_not_loaded",
        "stale_lists",
        "warnings",
      ].sort(),
    );
    assert.equal(result.risk_level, "clear");
    assert.equal(result.threshold, 0.7);
  });

  test("lists_checked names only lists that loaded data covers: sanctions lists alone check no PEP", () => {
    const result = screen(index, { name: "Nobody Atall Unlisted" });
    assert.deepEqual(result.lists_checked, ["sanctions"]);
    assert.deepEqual(result.lists_not_loaded, ["pep", "adverse_media", "poi"]);
    assert.deepEqual(result.warnings, ["aml_lists_not_loaded"]);
  });

  test("a list older than the age limit is named in stale_lists with an aml_lists_stale warning", () => {
    const listAsOf = [
      { source: "us_ofac_sdn", as_of: "2024-05-03T00:00:00.000Z", age_hours: 100 },
      { source: "un_sc_sanctions", as_of: "2024-05-06T00:00:00.000Z", age_hours: 20 },
    ];
    const result = screen(index, { name: "Nobody Atall Unlisted" }, { listAsOf, maxListAgeHours: 48 });
    assert.deepEqual(
      result.stale_lists?.map((list) => list.source),
      ["us_ofac_sdn"],
    );
    assert.ok(result.warnings?.includes("aml_lists_stale"));
    const fresh = screen(index, { name: "Nobody Atall Unlisted" }, { listAsOf, maxListAgeHours: 200 });
    assert.deepEqual(fresh.stale_lists, []);
    assert.ok(!fresh.warnings?.includes("aml_lists_stale"));
  });

  test("a typo, reordered name and first/last fields still find the listed person", () => {
    const result = screen(index, {
      firstName: "Abdulhay",
      lastName: "Salek",
      birthDate: "1965",
      nationality: "AF",
    });
    assert.ok(result.matches.some((match) => match.name === "ABDULHAI SALEK"));
  });

  test("a birth date far from the listed one demotes the name match below the threshold", () => {
    const result = screen(index, { name: "Hasan Nasrallah", birthDate: "1990-01-01" });
    assert.ok(!result.matches.some((match) => match.entity_id === "ofac-2686"));
  });

  test("a matching document number is a hit on its own", () => {
    const result = screen(index, { name: "H. N.", documentNumber: "042833" });
    assert.ok(result.matches.some((match) => match.entity_id === "ofac-2686"));
  });

  test("a person is never matched to a vessel or a company", () => {
    const result = screen(index, { name: "Ebano" });
    assert.ok(!result.matches.some((match) => match.schema === "Vessel"));
  });
});

describe("screening rules (spec: aml-check)", () => {
  const index = buildIndex([
    person("pep-no-dob", "Ramon Estevez Caballero", ["role.pep"]),
    person("crime-no-dob", "Tarquin Oduya Bellweather", ["crime.fraud"]),
    person("sanction-no-dob", "Ignatius Vorhees Malloy", ["sanction"]),
    person("pep-with-dob", "Octavia Brennan Sollers", ["role.pep"], { birthDates: ["1970-05-05"] }),
    person("counter", "Yelena Miroshnikova Starr", ["sanction.counter"]),
    person("poi-wiki", "Bartholomew Quince Arden", ["poi"], { datasets: ["wikidata"] }),
    person("poi-listed", "Cordelia Fenwick Arden", ["poi"], { datasets: ["wikidata", "gb_hmt_sanctions"] }),
    person("poi-nodata", "Evander Lisle Arden", ["poi"], { datasets: [] }),
  ]);

  test("a name is required", () => {
    assert.throws(
      () => screen(index, { birthDate: "1970-01-01" }),
      (error: unknown) => error instanceof AppError && error.code === "name_required" && error.status === 400,
    );
    assert.throws(
      () => screen(index, { firstName: "Only" }),
      (error: unknown) => error instanceof AppError && error.code === "name_required",
    );
  });

  test("a PEP confirmed match is demoted when the query has a birth date and the entity none", () => {
    const result = screen(index, { name: "Ramon Estevez Caballero", birthDate: "1970-01-01" });
    assert.equal(result.matches.length, 0);
    assert.equal(result.possible_matches[0]?.entity_id, "pep-no-dob");
    assert.equal(result.possible_matches[0]?.uncorroborated, true);
    assert.equal(result.possible_matches[0]?.match, false);
    assert.equal(result.risk_level, "medium");
  });

  test("an adverse-media confirmed match is demoted the same way", () => {
    const result = screen(index, { name: "Tarquin Oduya Bellweather", birthDate: "1970-01-01" });
    assert.equal(result.possible_matches[0]?.uncorroborated, true);
  });

  test("sanctions are exempt from the corroboration rule", () => {
    const result = screen(index, { name: "Ignatius Vorhees Malloy", birthDate: "1970-01-01" });
    assert.equal(result.matches[0]?.entity_id, "sanction-no-dob");
    assert.equal(result.matches[0]?.uncorroborated, undefined);
    assert.equal(result.risk_level, "high");
  });

  test("without a birth date in the query a PEP match stays confirmed", () => {
    const result = screen(index, { name: "Ramon Estevez Caballero" });
    assert.equal(result.matches[0]?.entity_id, "pep-no-dob");
  });

  test("a PEP with a birth date that agrees stays confirmed", () => {
    const result = screen(index, { name: "Octavia Brennan Sollers", birthDate: "1970-05-05" });
    assert.equal(result.matches[0]?.entity_id, "pep-with-dob");
  });

  test("a counter-sanctioned person never flags", () => {
    const result = screen(index, { name: "Yelena Miroshnikova Starr" });
    assert.equal(result.risk_level, "clear");
  });

  test("candidates on no enabled list never flag", () => {
    const result = screen(index, { name: "Ramon Estevez Caballero" }, { lists: ["sanctions"] });
    assert.equal(result.risk_level, "clear");
    assert.deepEqual(result.lists_checked, ["sanctions"]);
  });

  test("a poi hit from informational datasets only is an informational notice (risk low)", () => {
    const result = screen(index, { name: "Bartholomew Quince Arden" });
    assert.equal(result.informational_matches[0]?.entity_id, "poi-wiki");
    assert.equal(result.matches.length, 0);
    assert.equal(result.risk_level, "low");
  });

  test("a poi hit from a non-informational dataset is blocking", () => {
    const result = screen(index, { name: "Cordelia Fenwick Arden" });
    assert.equal(result.matches[0]?.entity_id, "poi-listed");
    assert.equal(result.risk_level, "high");
  });

  test("a poi hit with no dataset fails safe to blocking", () => {
    const result = screen(index, { name: "Evander Lisle Arden" });
    assert.equal(result.matches[0]?.entity_id, "poi-nodata");
  });

  test("a score between cutoff and threshold is a possible match", () => {
    const result = screen(index, { name: "Ignatius Malloy Pembroke Whitcombe" });
    const hit = result.possible_matches.find((match) => match.entity_id === "sanction-no-dob");
    assert.ok(hit, "expected a possible match");
    assert.ok(hit.score >= 0.5 && hit.score < 0.7);
    assert.equal(result.risk_level, "medium");
  });

  test("a custom threshold moves the confirmed line", () => {
    const result = screen(
      index,
      { name: "Ignatius Malloy Pembroke Whitcombe" },
      { threshold: 0.5, cutoff: 0.4 },
    );
    assert.ok(result.matches.some((match) => match.entity_id === "sanction-no-dob"));
    assert.equal(result.threshold, 0.5);
  });
});
