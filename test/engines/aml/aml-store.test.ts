// The AML lists in the database: `kyc aml load` stores them (one transaction per file), every node builds
// its index from them, deltas apply ADD/MOD/DEL, and `aml status|compare` report.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { runOperatorCommand } from "../../../src/composition/operator-commands.js";
import { readAmlEntities } from "../../../src/engines/aml/aml-store.js";
import { syncAmlIndex } from "../../../src/engines/aml/aml-store-sync.js";
import { createTestApp, type TestApp } from "../../support/test-app.js";

const UN_FILE = fileURLToPath(
  new URL("../../../../shared/data/aml/un-consolidated-2020-11-30.xml", import.meta.url),
);

function ftmLine(id: string, name: string, topics: string[], extra: Record<string, string[]> = {}): string {
  return JSON.stringify({
    id,
    caption: name,
    schema: "Person",
    properties: { name: [name], topics, ...extra },
    datasets: ["test_fixture"],
  });
}

describe("AML list storage and the node index", () => {
  let t: TestApp;
  let dir: string;
  let load: { loads: { format: string; added: number; entity_count: number }[]; index_rebuilt: boolean };

  before(async () => {
    t = await createTestApp();
    dir = mkdtempSync(join(tmpdir(), "aml-store-"));
  });
  after(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("before any list is loaded the engine is not ready and screening is unavailable", async () => {
    const engine = t.services.engines.aml();
    await syncAmlIndex(t.services);
    assert.equal(await engine.isReady(), false);
    await assert.rejects(engine.screen({ name: "Anyone" }), { code: "screening_unavailable" });
  });

  test("kyc aml load stores the UN list, records the load and rebuilds this node's index", async () => {
    load = (await runOperatorCommand(t.services, ["aml", "load", UN_FILE])) as typeof load;
    assert.equal(load.loads[0]!.format, "un_consolidated_xml");
    assert.ok(load.loads[0]!.entity_count > 900, String(load.loads[0]!.entity_count));
    assert.equal(load.loads[0]!.added, load.loads[0]!.entity_count);
    assert.equal(load.index_rebuilt, true);
    const stored = await t.services.db
      .selectFrom("aml_entities")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    assert.equal(Number(stored.n), load.loads[0]!.entity_count);
    const loads = await t.services.db.selectFrom("aml_list_loads").selectAll().execute();
    assert.equal(loads.length, 1);
    assert.equal(loads[0]!.format, "un_consolidated_xml");
    const result = await t.services.engines
      .aml()
      .screen({ name: "Tharwat Salah Shihata", birthDate: "1960-06-29" });
    assert.equal(result.risk_level, "high");
    assert.ok(result.matches[0]!.lists.includes("sanctions"));
  });

  test("reloading the same list adds nothing and keeps every entity", async () => {
    const again = (await runOperatorCommand(t.services, ["aml", "load", UN_FILE])) as typeof load;
    assert.equal(again.loads[0]!.added, 0);
    const entities = await readAmlEntities(t.services.db);
    assert.equal(entities.length, load.loads[0]!.entity_count);
  });

  test("an FtM delta applies ADD, MOD and DEL in order and the index follows", async () => {
    const base = join(dir, "base.ftm.json");
    writeFileSync(
      base,
      `${[
        ftmLine("t-keep", "Zorander Quillfeather", ["role.pep"]),
        ftmLine("t-change", "Barnaby Thistlewood", ["sanction"]),
        ftmLine("t-drop", "Octavia Wrenfield", ["crime"]),
      ].join("\n")}\n`,
    );
    await runOperatorCommand(t.services, ["aml", "load", base]);
    const delta = join(dir, "delta.ftm.json");
    writeFileSync(
      delta,
      `${[
        JSON.stringify({ op: "ADD", entity: JSON.parse(ftmLine("t-new", "Ignatius Fernsby", ["sanction"])) }),
        JSON.stringify({
          op: "MOD",
          entity: JSON.parse(
            ftmLine("t-change", "Barnaby Thistlewood", ["sanction"], { birthDate: ["1971-02-03"] }),
          ),
        }),
        JSON.stringify({ op: "DEL", entity: { id: "t-drop" } }),
      ].join("\n")}\n`,
    );
    const applied = (await runOperatorCommand(t.services, ["aml", "load", delta])) as {
      loads: { format: string; added: number; modified: number; deleted: number }[];
    };
    assert.deepEqual(
      {
        ...applied.loads[0],
        load_id: undefined,
        file: undefined,
        sources: undefined,
        entity_count: undefined,
      },
      {
        format: "ftm_delta",
        added: 1,
        modified: 1,
        deleted: 1,
        load_id: undefined,
        file: undefined,
        sources: undefined,
        entity_count: undefined,
      },
    );
    const ids = (await readAmlEntities(t.services.db))
      .map((entity) => entity.id)
      .filter((id) => id.startsWith("t-"));
    assert.deepEqual(ids.sort(), ["t-change", "t-keep", "t-new"]);
    const changed = (await readAmlEntities(t.services.db)).find((entity) => entity.id === "t-change")!;
    assert.deepEqual(changed.birthDates, ["1971-02-03"]);
    const engine = t.services.engines.aml();
    assert.equal((await engine.screen({ name: "Ignatius Fernsby" })).risk_level, "high");
    assert.equal((await engine.screen({ name: "Octavia Wrenfield" })).risk_level, "clear");
  });

  test("a full list reload drops the entries its source no longer lists", async () => {
    const smaller = join(dir, "smaller.ftm.json");
    writeFileSync(smaller, `${ftmLine("t-keep", "Zorander Quillfeather", ["role.pep"])}\n`);
    const reloaded = (await runOperatorCommand(t.services, ["aml", "load", smaller])) as {
      loads: { deleted: number }[];
    };
    assert.equal(reloaded.loads[0]!.deleted, 2);
    const ids = (await readAmlEntities(t.services.db))
      .map((entity) => entity.id)
      .filter((id) => id.startsWith("t-"));
    assert.deepEqual(ids, ["t-keep"]);
  });

  test("an unrecognised file is refused without storing anything", async () => {
    const junk = join(dir, "junk.txt");
    writeFileSync(junk, "hello\n");
    await assert.rejects(runOperatorCommand(t.services, ["aml", "load", junk]), {
      code: "validation_failed",
    });
  });

  test("kyc aml status counts entities per source and reports the index", async () => {
    const status = (await runOperatorCommand(t.services, ["aml", "status"])) as {
      entities: number;
      sources: { source: string; entities: number }[];
      index: { ready: boolean; indexed_entities: number };
    };
    assert.ok(status.sources.some((row) => row.source.startsWith("un") && row.entities > 900));
    assert.equal(status.index.ready, true);
    assert.equal(status.index.indexed_entities, status.entities);
  });

  test("kyc aml compare prints a score and its explanation", async () => {
    const compared = (await runOperatorCommand(t.services, [
      "aml",
      "compare",
      "Fernando Perez",
      "Fernando Pérez Noriega",
    ])) as {
      score: number;
      explanation: string[];
    };
    assert.ok(compared.score > 0.85 && compared.score < 1, String(compared.score));
    assert.ok(compared.explanation.length > 0);
    const org = (await runOperatorCommand(t.services, [
      "aml",
      "compare",
      "Acme Trading LLC",
      "ACME Trading Limited Liability Company",
      "--schema",
      "Organization",
    ])) as { schema: string };
    assert.equal(org.schema, "Organization");
  });
});
