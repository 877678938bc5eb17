// Issue 14 — a fresh install screens without any command: the dated OFAC + UN snapshot shipped in lists/
// is stored on first start, results are honest about what it covers (sanctions only) and about its age,
// and `kyc aml status` and /healthz show each list's age.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { pino } from "pino";
import { runOperatorCommand } from "../../../src/composition/operator-commands.js";
import { syncAmlIndex } from "../../../src/engines/aml/aml-store-sync.js";
import { decodeSnapshot, encodeSnapshot, SNAPSHOT_PATH } from "../../../src/engines/aml/list-snapshot.js";
import { loadSnapshotIfEmpty } from "../../../src/engines/aml/load-snapshot.js";
import { createWorkflow } from "../../../src/verify/workflows/workflows.js";
import { createTestApp, type TestApp, type TestTenant } from "../../support/test-app.js";

// positives_un_untreated.csv: THARWAT SALAH SHIHATA, born 1960-06-29, Egyptian (UN-listed).
const LISTED = { full_name: "Tharwat Salah Shihata", date_of_birth: "1960-06-29", nationality: "EG" };
const UNLISTED = { full_name: "Marigold Pennyworth Haverstock", date_of_birth: "1984-07-12" };

async function waitUntilReady(t: TestApp): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if ((await t.services.engines.aml().isReady()) && (await t.services.engines.aml().entityCount()) > 0)
      return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the AML index never became ready");
}

describe("first start with the shipped list snapshot", () => {
  let t: TestApp;
  let tenant: TestTenant;

  before(async () => {
    t = await createTestApp({ AML_SNAPSHOT: "on" });
    tenant = await t.tenant({ features: "all" });
    await waitUntilReady(t);
  });
  after(() => t?.close());

  const check = (payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/v3/tools/aml-check/", headers: tenant.headers, payload });

  test("aml-check screens against the snapshot without any command: a UN-listed person is a hit", async () => {
    const response = await check(LISTED);
    assert.equal(response.statusCode, 200, response.body);
    const result = response.json();
    assert.equal(result.risk_level, "high");
    assert.ok(result.matches[0].datasets.includes("un_sc_sanctions"));
  });

  test("the result names only sanctions as checked, and warns that the lists are old", async () => {
    const result = (await check(UNLISTED)).json();
    assert.equal(result.risk_level, "clear");
    assert.deepEqual(result.lists_checked, ["sanctions"]);
    assert.deepEqual(result.lists_not_loaded, ["pep", "adverse_media", "poi"]);
    assert.deepEqual(result.warnings, ["aml_lists_not_loaded", "aml_lists_stale"]);
    assert.deepEqual(result.stale_lists.map((list: { source: string }) => list.source).sort(), [
      "un_sc_sanctions",
      "us_ofac_sdn",
    ]);
    const un = result.stale_lists.find((list: { source: string }) => list.source === "un_sc_sanctions");
    assert.equal(un.as_of, "2020-11-30T00:00:00.000Z");
  });

  test("a workflow that requires PEP screening goes to review with aml_lists_not_loaded, not approved", async () => {
    const workflow = await createWorkflow(t.services.db, tenant.tenant_id, {
      name: "sanctions and pep",
      nodes: [{ id: "aml", feature: "AML_SCREENING", config: { lists: ["sanctions", "pep"] } }],
    });
    const node = await runAmlSession(workflow.id);
    assert.equal(node.status, "in_review");
    assert.ok(node.warnings.includes("aml_lists_not_loaded"), JSON.stringify(node.warnings));
    assert.ok(node.warnings.includes("aml_lists_stale"));
  });

  test("a node that leaves its lists to the default approves a clear applicant and names what was missing", async () => {
    const workflow = await createWorkflow(t.services.db, tenant.tenant_id, {
      name: "default lists",
      nodes: [{ id: "aml", feature: "AML_SCREENING", config: {} }],
    });
    const node = await runAmlSession(workflow.id);
    assert.equal(node.status, "approved");
    assert.deepEqual(node.warnings, ["aml_lists_not_loaded", "aml_lists_stale"]);
  });

  test("require_lists: true holds a default-lists node for review when a list has no data", async () => {
    const workflow = await createWorkflow(t.services.db, tenant.tenant_id, {
      name: "default lists, required",
      nodes: [{ id: "aml", feature: "AML_SCREENING", config: { require_lists: true } }],
    });
    const node = await runAmlSession(workflow.id);
    assert.equal(node.status, "in_review");
    assert.ok(node.warnings.includes("aml_lists_not_loaded"));
  });

  test("a sanctions-only workflow approves a clear applicant, still warning that the lists are old", async () => {
    const workflow = await createWorkflow(t.services.db, tenant.tenant_id, {
      name: "sanctions only",
      nodes: [{ id: "aml", feature: "AML_SCREENING", config: { lists: ["sanctions"] } }],
    });
    const node = await runAmlSession(workflow.id);
    assert.equal(node.status, "approved");
    assert.deepEqual(node.warnings, ["aml_lists_stale"]);
  });

  test("kyc aml status shows each list's origin, date and age", async () => {
    const status = (await runOperatorCommand(t.services, ["aml", "status"])) as {
      lists: { source: string; origin: string; as_of: string; age_hours: number; stale: boolean }[];
    };
    const ofac = status.lists.find((list) => list.source === "us_ofac_sdn");
    assert.equal(ofac?.origin, "snapshot");
    assert.equal(ofac?.as_of, "2024-05-03T00:00:00.000Z");
    assert.ok((ofac?.age_hours ?? 0) > 48);
    assert.equal(ofac?.stale, true);
  });

  test("/healthz carries the AML section with per-list age", async () => {
    const response = await t.app.inject({ url: "/healthz" });
    assert.equal(response.statusCode, 200);
    const aml = response.json().aml;
    assert.equal(aml.ready, true);
    assert.equal(aml.stale, true);
    assert.deepEqual(aml.lists.map((list: { source: string }) => list.source).sort(), [
      "un_sc_sanctions",
      "us_ofac_sdn",
    ]);
    assert.ok(aml.lists.every((list: { age_hours: number }) => list.age_hours > 48));
  });

  test("a later start finds lists stored and loads no snapshot over them", async () => {
    const again = await loadSnapshotIfEmpty(t.services.db, pino({ level: "silent" }));
    assert.equal(again.loaded, false);
    assert.equal(await syncAmlIndex(t.services), false);
  });

  async function runAmlSession(workflowId: string) {
    const created = await t.app.inject({
      method: "POST",
      url: "/v3/session/",
      headers: tenant.headers,
      payload: { workflow_id: workflowId },
    });
    assert.equal(created.statusCode, 201, created.body);
    const token = created.json().url.split("/verify/")[1] as string;
    await t.app.inject({ url: `/flow-api/${token}/state` });
    const step = await t.app.inject({
      method: "POST",
      url: `/flow-api/${token}/steps/aml`,
      payload: UNLISTED,
    });
    assert.equal(step.statusCode, 200, step.body);
    await t.app.inject({ method: "POST", url: `/flow-api/${token}/finish` });
    const detail = await t.app.inject({ url: `/v3/session/${created.json().id}/`, headers: tenant.headers });
    return detail.json().decision_v3.aml_screenings[0];
  }
});

describe("the snapshot file", () => {
  test("holds the OFAC SDN list of 2024-05-03 and the UN list of 2020-11-30", () => {
    const snapshot = decodeSnapshot(readFileSync(SNAPSHOT_PATH));
    const dates = Object.fromEntries(snapshot.header.lists.map((list) => [list.source, list.list_date]));
    assert.deepEqual(dates, { us_ofac_sdn: "2024-05-03", un_sc_sanctions: "2020-11-30" });
    assert.ok(snapshot.entities.length > 15_000);
  });

  test("a snapshot missing entities is refused rather than loaded as the whole list", () => {
    const snapshot = decodeSnapshot(readFileSync(SNAPSHOT_PATH));
    const cut = encodeSnapshot(snapshot.header, snapshot.entities.slice(0, 100));
    assert.throws(() => decodeSnapshot(cut), /header says/);
  });
});
