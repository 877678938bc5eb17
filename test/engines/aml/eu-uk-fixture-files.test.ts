// Issue 14 — the EU FSF and UK Sanctions List parsers on whole files written in the published layouts
// (fixtures/): every attribute and child element the exports carry, the files' own quirks (day and month 0,
// "00"/UNKNOWN countries, latinNumber, NameType casings, Passport rows, unknown date parts as letters), and
// screening against what they load.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { buildIndex } from "../../../src/engines/aml/candidate-index.js";
import type { AmlEntity } from "../../../src/engines/aml/entity.js";
import { loadEuFsfXml } from "../../../src/engines/aml/load-eu.js";
import { detectListFormat } from "../../../src/engines/aml/load-file.js";
import { loadUkSanctionsXml } from "../../../src/engines/aml/load-uk.js";
import { screen } from "../../../src/engines/aml/screen.js";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const EU = fixture("eu-fsf-1.1-sample.xml");
const UK = fixture("uk-sanctions-list-sample.xml");

function byId(entities: readonly AmlEntity[], id: string): AmlEntity {
  const entity = entities.find((candidate) => candidate.id === id);
  assert.ok(entity, `no entity ${id}`);
  return entity;
}

describe("EU FSF 1.1 export file", () => {
  const entities = loadEuFsfXml(EU);

  test("is recognised from its content and yields every party with a name", () => {
    assert.equal(detectListFormat(EU), "eu_fsf_xml");
    assert.deepEqual(
      entities.map((entity) => entity.id),
      ["eu-7001", "eu-7002", "eu-7003"],
    );
  });

  test("a person: names in every language as strong names, citizenship, full date, passport and latinNumber", () => {
    const person = byId(entities, "eu-7001");
    assert.equal(person.schema, "Person");
    assert.equal(person.caption, "Oleg Valerievich KORNILOV");
    assert.deepEqual(person.aliases, [
      "Олег Валерьевич КОРНИЛОВ",
      "Oleg Valerjevitj KORNILOV",
      "Oleg KORNILOV",
    ]);
    assert.deepEqual(person.birthDates, ["1968-05-17"]);
    assert.deepEqual(person.nationalities, ["ru"]);
    assert.deepEqual(person.idNumbers, ["720501234", "ZH 4411"]);
    assert.deepEqual(person.gender, ["male"]);
    assert.deepEqual(person.positions, ["Deputy Head of the Regional Administration"]);
  });

  test("year-only and year-month dates (day and month 0), an UNKNOWN citizenship and a weak alias", () => {
    const person = byId(entities, "eu-7002");
    assert.deepEqual(person.birthDates, ["1971", "1972-06"]);
    assert.deepEqual(person.nationalities, [], "countryIso2Code 00 is no country");
    assert.deepEqual(person.weakAliases, ["Abu Ubayda"]);
    assert.deepEqual(person.countries, ["ye"]);
  });

  test("an enterprise keeps its names in every language, address and registration number", () => {
    const company = byId(entities, "eu-7003");
    assert.equal(company.schema, "Organization");
    assert.equal(company.aliases.length, 2);
    assert.deepEqual(company.idNumbers, ["1023900775522"]);
    assert.match(company.addresses[0] ?? "", /Prospekt Mira 12, Kaliningrad, 236022/);
  });

  test("screening finds the listed people by a Latin, Cyrillic or Arabic spelling", () => {
    const index = buildIndex(entities);
    assert.equal(
      screen(index, { name: "Oleg Kornilov", birthDate: "1968-05-17" }).matches[0]?.entity_id,
      "eu-7001",
    );
    assert.equal(screen(index, { name: "Олег Корнилов" }).matches[0]?.entity_id, "eu-7001");
    assert.equal(screen(index, { name: "Abdul Rahman al-Qasimi" }).matches[0]?.entity_id, "eu-7002");
    assert.equal(
      screen(index, { name: "Nordic Amber Shipping Co", schema: "Organization" }).matches[0]?.entity_id,
      "eu-7003",
    );
  });
});

describe("UK Sanctions List file", () => {
  const entities = loadUkSanctionsXml(UK);

  test("is recognised from its content; a designation without a UniqueID is skipped", () => {
    assert.equal(detectListFormat(UK), "uk_sanctions_xml");
    assert.deepEqual(
      entities.map((entity) => entity.id),
      ["uk-AFG9006", "uk-AFG9001", "uk-DPR9075", "uk-RUS9999"],
    );
  });

  test("a person: primary name and its non-Latin form, a primary-name variation as alias, alias strengths", () => {
    const person = byId(entities, "uk-AFG9006");
    assert.deepEqual(person.names, ["NOOR AHMAD ZADRANI", "نور احمد زدرانی"]);
    assert.deepEqual(person.aliases, ["Nur Ahmed Zadrani", "Haji Noor Ahmad"]);
    assert.deepEqual(person.weakAliases, ["Mawlawi Sahib"], "an ALias of low quality is weak");
    assert.deepEqual(person.lastNames, ["ZADRANI", "Zadrani"]);
  });

  test("a person: dates with unknown parts, passport rows (deduplicated) and national identifier", () => {
    const person = byId(entities, "uk-AFG9006");
    assert.deepEqual(person.birthDates, ["1961", "1962", "1963-03-01", "1964-07"]);
    assert.deepEqual(person.idNumbers, ["OR 919191", "57388"]);
    assert.deepEqual(person.nationalities, ["af"]);
    assert.deepEqual(person.gender, ["male"]);
    assert.deepEqual(person.positions, ["Deputy Governor of Khost Province under the Taliban"]);
  });

  test("an entity keeps its addresses, countries and registration number; a ship its IMO number", () => {
    const entity = byId(entities, "uk-AFG9001");
    assert.equal(entity.schema, "Organization");
    assert.deepEqual(entity.countries, ["af", "pk"]);
    assert.deepEqual(entity.idNumbers, ["MSB-2291"]);
    const ship = byId(entities, "uk-DPR9075");
    assert.equal(ship.schema, "Vessel");
    assert.deepEqual(ship.idNumbers, ["IMO 9000001"]);
  });

  test("a designation with aliases only is still screened by them", () => {
    assert.equal(byId(entities, "uk-RUS9999").caption, "Only An Alias Without Primary");
  });

  test("screening finds the person by a transliteration and by the passport number", () => {
    const index = buildIndex(entities);
    assert.equal(
      screen(index, { name: "Nur Ahmad Zadrani", birthDate: "1963-03-01" }).matches[0]?.entity_id,
      "uk-AFG9006",
    );
    const byDocument = screen(index, { name: "N. Zadran", documentNumber: "OR919191" });
    assert.ok(
      [...byDocument.matches, ...byDocument.possible_matches].some(
        (match) => match.entity_id === "uk-AFG9006",
      ),
    );
  });
});
