import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  isInformationalDataset,
  isInformationalHit,
  listsForTopics,
} from "../../../src/engines/aml/list-mapping.js";

describe("topic → list mapping (spec: Screening rules)", () => {
  test("sanctions covers topics starting sanction, debarment and export.control", () => {
    for (const topic of [
      "sanction",
      "sanction.linked",
      "sanction.control",
      "debarment",
      "export.control",
      "export.control.linked",
    ]) {
      assert.deepEqual(listsForTopics([topic]), ["sanctions"], topic);
    }
  });

  test("counter-sanctioned people are not on the sanctions list", () => {
    assert.deepEqual(listsForTopics(["sanction.counter"]), []);
    assert.deepEqual(listsForTopics(["sanction.counter", "role.pep"]), ["pep"]);
  });

  test("pep covers role.pep and its variants and role.rca", () => {
    for (const topic of ["role.pep", "role.pep.frmr", "role.pep.intl", "role.pep.natl", "role.rca"]) {
      assert.deepEqual(listsForTopics([topic]), ["pep"], topic);
    }
  });

  test("adverse_media covers crime*, wanted, reg.action and reg.warn", () => {
    for (const topic of ["crime", "crime.fraud", "crime.terror", "wanted", "reg.action", "reg.warn"]) {
      assert.deepEqual(listsForTopics([topic]), ["adverse_media"], topic);
    }
  });

  test("poi covers poi", () => {
    assert.deepEqual(listsForTopics(["poi"]), ["poi"]);
  });

  test("topics outside the four lists put an entity on none", () => {
    assert.deepEqual(listsForTopics(["export.risk", "corp.disqual", "role.oligarch"]), []);
    assert.deepEqual(listsForTopics([]), []);
  });

  test("an entity on several lists gets each, in the spec's order", () => {
    assert.deepEqual(listsForTopics(["poi", "crime", "role.pep", "sanction"]), [
      "sanctions",
      "pep",
      "adverse_media",
      "poi",
    ]);
  });
});

describe("informational hits", () => {
  test("enrichment datasets are informational", () => {
    for (const dataset of ["wikidata", "ext_ru_egrul", "ann_graph_topics"])
      assert.ok(isInformationalDataset(dataset), dataset);
    assert.ok(!isInformationalDataset("us_ofac_sdn"));
  });

  test("a poi-only hit from informational datasets only is informational", () => {
    assert.ok(isInformationalHit(["poi"], ["wikidata", "ext_ru_egrul"]));
  });

  test("a poi hit from a non-informational dataset stays blocking", () => {
    assert.ok(!isInformationalHit(["poi"], ["wikidata", "us_ofac_sdn"]));
  });

  test("an entity with no dataset fails safe to blocking", () => {
    assert.ok(!isInformationalHit(["poi"], []));
  });

  test("a hit on any list besides poi is never informational", () => {
    assert.ok(!isInformationalHit(["pep", "poi"], ["wikidata"]));
    assert.ok(!isInformationalHit(["sanctions"], ["wikidata"]));
  });
});
