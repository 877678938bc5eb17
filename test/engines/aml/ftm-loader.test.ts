import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { applyEntityOps, loadFtmDelta, loadFtmEntities } from "../../../src/engines/aml/load-ftm.js";
import { readListFile } from "./list-data.js";

describe("FtM entity files", () => {
  test("keeps parties and skips addresses, sanctions and other linking entities", () => {
    const t1 = loadFtmEntities(readListFile("yente-fixture-t1.ftm.json"));
    assert.deepEqual(
      t1.map((entity) => entity.schema),
      ["Organization", "Person", "Person", "Person", "Person", "Organization"],
    );
    const zala = loadFtmEntities(readListFile("yente-fixture-zala.ftm.json"));
    assert.equal(zala.length, 17);
    assert.ok(
      zala.every((entity) => ["Person", "Company", "Organization", "LegalEntity"].includes(entity.schema)),
    );
  });

  test("maps names, dates, countries, identifiers, topics and datasets", () => {
    const zala = loadFtmEntities(readListFile("yente-fixture-zala.ftm.json"));
    const osetrova = zala.find((entity) => entity.id === "NK-2Tbri3s6GgNtAwsSXh4qpL");
    assert.ok(osetrova);
    assert.equal(osetrova.caption, "Maria Aleksandrovna Osetrova");
    assert.ok(osetrova.names.includes("Мария Александровна Осетрова"));
    assert.ok(osetrova.lastNames.includes("Zakharova"));
    assert.deepEqual(osetrova.birthDates, ["1988-01-07"]);
    assert.deepEqual(osetrova.nationalities, ["ru"]);
    assert.ok(osetrova.idNumbers.includes("183116181362"));
    assert.deepEqual(osetrova.topics, ["debarment", "corp.disqual", "sanction"]);
    assert.ok(osetrova.datasets.includes("us_ofac_sdn"));
    assert.equal(osetrova.firstSeen !== null, true);
  });
});

describe("FtM delta files", () => {
  const base = loadFtmEntities(readListFile("yente-fixture-t1.ftm.json"));
  const lines = readListFile("yente-fixture-t1.ftm.json").trim().split("\n");
  const first = JSON.parse(lines[1] ?? "{}") as { id: string; properties: { name: string[] } };
  const renamed = { ...first, properties: { ...first.properties, name: ["Renamed Person"] } };
  const added = {
    id: "new-1",
    schema: "Person",
    properties: { name: ["Added Person"], topics: ["role.pep"] },
    datasets: ["x"],
  };
  const delta = [
    JSON.stringify({ op: "ADD", entity: added }),
    JSON.stringify({ op: "MOD", entity: renamed }),
    JSON.stringify({ op: "DEL", entity: { id: base[0]?.id, schema: "Organization" } }),
  ].join("\n");

  test("reads ADD, MOD and DEL operations in order", () => {
    const ops = loadFtmDelta(delta);
    assert.deepEqual(
      ops.map((op) => [op.op, op.entity.id]),
      [
        ["ADD", "new-1"],
        ["MOD", first.id],
        ["DEL", base[0]?.id],
      ],
    );
  });

  test("applying a delta adds, replaces and removes entities by id", () => {
    const after = applyEntityOps(base, loadFtmDelta(delta));
    assert.equal(after.length, base.length);
    assert.ok(after.some((entity) => entity.id === "new-1"));
    assert.deepEqual(after.find((entity) => entity.id === first.id)?.names, ["Renamed Person"]);
    assert.ok(!after.some((entity) => entity.id === base[0]?.id));
  });

  test("rejects an unknown operation", () => {
    assert.throws(() => loadFtmDelta('{"op":"UPSERT","entity":{"id":"a","schema":"Person"}}'), /unknown op/);
  });
});
