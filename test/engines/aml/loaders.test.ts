import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { detectListFormat, parseAmlFile } from "../../../src/engines/aml/load-file.js";
import { parseOfacDate } from "../../../src/engines/aml/load-ofac.js";
import { entityById, ofacEntities, readListFile, unEntities } from "./list-data.js";

describe("OFAC SDN CSV loader", () => {
  test("reads every SDN row and types individuals, entities, vessels and aircraft", () => {
    const entities = ofacEntities();
    assert.equal(entities.length, 14965);
    const bySchema = new Map<string, number>();
    for (const entity of entities) bySchema.set(entity.schema, (bySchema.get(entity.schema) ?? 0) + 1);
    assert.deepEqual(Object.fromEntries(bySchema), {
      Organization: 6884,
      Person: 6854,
      Vessel: 851,
      Airplane: 376,
    });
  });

  test("puts an individual's name in written order and keeps the family name", () => {
    const nasrallah = entityById(ofacEntities(), "ofac-2686");
    assert.equal(nasrallah.caption, "Hasan NASRALLAH");
    assert.deepEqual(nasrallah.lastNames, ["NASRALLAH"]);
    assert.deepEqual(nasrallah.topics, ["sanction"]);
    assert.deepEqual(nasrallah.datasets, ["us_ofac_sdn"]);
  });

  test("parses dates of birth, gender and passports out of Remarks", () => {
    const nasrallah = entityById(ofacEntities(), "ofac-2686");
    assert.deepEqual(nasrallah.birthDates, ["1960-08-31", "1953-08-31", "1955-08-31", "1958-08-31"]);
    assert.deepEqual(nasrallah.gender, ["male"]);
    assert.deepEqual(nasrallah.idNumbers, ["042833"]);
  });

  test("parses aliases and nationality out of Remarks", () => {
    const walid = entityById(ofacEntities(), "ofac-6903");
    assert.deepEqual(walid.aliases, ["ABU HAFS THE MAURITANIAN"]);
    assert.deepEqual(walid.nationalities, ["mr"]);
  });

  test("keeps a vessel's former names, flag and IMO number", () => {
    const ebano = entityById(ofacEntities(), "ofac-4243");
    assert.equal(ebano.schema, "Vessel");
    assert.deepEqual(ebano.aliases, ["ANA I", "SAND SWAN"]);
    assert.deepEqual(ebano.countries, ["pa"]);
    assert.deepEqual(ebano.idNumbers, ["7406784"]);
  });

  test("reads OFAC date forms: full, month, circa and ranges of years", () => {
    assert.deepEqual(parseOfacDate("19 Apr 1947"), ["1947-04-19"]);
    assert.deepEqual(parseOfacDate("Apr 1947"), ["1947-04"]);
    assert.deepEqual(parseOfacDate("circa 1960"), ["1960"]);
    assert.deepEqual(parseOfacDate("1960 to 1962"), ["1960", "1961", "1962"]);
  });
});

describe("UN consolidated XML loader", () => {
  test("reads every individual and entity", () => {
    const entities = unEntities();
    assert.equal(entities.length, 1018);
    assert.equal(entities.filter((entity) => entity.schema === "Person").length, 713);
    assert.equal(entities.filter((entity) => entity.schema === "Organization").length, 305);
  });

  test("joins the name parts and keeps good aliases, date of birth and nationality", () => {
    const chang = entityById(unEntities(), "un-6908570");
    assert.equal(chang.caption, "CHANG CHANG HA");
    assert.deepEqual(chang.aliases, ["Jang Chang Ha"]);
    assert.deepEqual(chang.birthDates, ["1964-01-10"]);
    assert.deepEqual(chang.nationalities, ["kp"]);
  });

  test("files low-quality aliases as weak aliases", () => {
    const houthi = entityById(unEntities(), "un-6908434");
    assert.deepEqual(houthi.weakAliases, ["Abu-Yunus"]);
    assert.ok(houthi.aliases.includes("Abd-al-Khaliq al-Huthi"));
    assert.ok(!houthi.aliases.includes("Abu-Yunus"));
  });

  test("splits an alias field holding several spellings into one alias each", () => {
    const safari = unEntities().find((entity) => entity.caption === "MORTEZA SAFARI");
    assert.ok(safari);
    assert.ok(safari.aliases.includes("Mortaza Safari"));
    assert.ok(safari.aliases.includes("Murtaza Saferi"));
    assert.ok(!safari.aliases.some((alias) => alias.includes(";")));
  });

  test("expands a BETWEEN date of birth into its years", () => {
    const nasir = entityById(unEntities(), "un-6908757");
    assert.deepEqual(nasir.birthDates, ["1965", "1966", "1967", "1968", "1969"]);
  });
});

describe("list file detection", () => {
  test("recognises each supported format from its content", () => {
    assert.equal(detectListFormat(readListFile("ofac-sdn-2024-05-03.csv")), "ofac_sdn_csv");
    assert.equal(detectListFormat(readListFile("un-consolidated-2020-11-30.xml")), "un_consolidated_xml");
    assert.equal(detectListFormat(readListFile("yente-fixture-t1.ftm.json")), "ftm_entities");
    assert.equal(detectListFormat('{"op":"DEL","entity":{"id":"x","schema":"Person"}}\n'), "ftm_delta");
  });

  test("refuses a file in no known format", () => {
    assert.throws(() => parseAmlFile("name,dob\nJohn,1970\n"), /unrecognised list format/);
  });
});
