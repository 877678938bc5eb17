// AML_SCREENING through the applicant API: every row of the spec's "AML module outcome" table, on the real
// UN list plus a few FtM entities written here for the PEP, adverse-media and informational rows.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { loadAmlLists } from "../../../src/cli/aml-commands.js";
import { createWorkflow } from "../../../src/verify/workflows/workflows.js";
import { createTestApp, type TestApp, type TestTenant } from "../../support/test-app.js";

const UN_FILE = fileURLToPath(
  new URL("../../../../shared/data/aml/un-consolidated-2020-11-30.xml", import.meta.url),
);
// positives_un_untreated.csv: THARWAT SALAH SHIHATA, born 1960-06-29, Egyptian.
const LISTED = { full_name: "Tharwat Salah Shihata", date_of_birth: "1960-06-29", nationality: "EG" };

export function ftmLine(
  id: string,
  name: string,
  topics: string[],
  properties: Record<string, string[]> = {},
  datasets = ["test_watchlist"],
): string {
  return JSON.stringify({
    id,
    caption: name,
    schema: "Person",
    properties: { name: [name], topics, ...properties },
    datasets,
  });
}

const FIXTURES = [
  ftmLine("pep-1", "Quentin Marchbank Oduya", ["role.pep"], { birthDate: ["1970-04-05"] }),
  ftmLine("crime-pep-1", "Cornelius Blackwater Ithaca", ["role.pep", "crime"], { birthDate: ["1966-09-09"] }),
  // No birth date: a PEP hit on a query with one is demoted to a possible match (corroboration rule).
  ftmLine("pep-nodob", "Leopold Anselm Gravesend", ["role.pep"]),
  ftmLine("poi-info", "Esmeralda Voskuijlen", ["poi"], {}, ["wikidata"]),
];

interface Detail {
  status: string;
  // biome-ignore lint/suspicious/noExplicitAny: read-back JSON, asserted field by field
  decision_v3: Record<string, any>;
}

describe("AML_SCREENING through a session", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let dir: string;
  const workflows: Record<string, string> = {};

  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant({ features: "all" });
    dir = mkdtempSync(join(tmpdir(), "aml-module-"));
    const configs: Record<string, Record<string, unknown>> = {
      standard: {},
      decline: { lists: { sanctions: "decline", pep: "review", adverse_media: "review", poi: "review" } },
      flagPep: { lists: { pep: "flag", sanctions: "review" } },
      strongest: { lists: { pep: "flag", adverse_media: "decline" } },
      noPossibleReview: { review_possible_matches: false },
      pepOnly: { lists: ["pep"] },
    };
    for (const [name, config] of Object.entries(configs)) {
      workflows[name] = (
        await createWorkflow(t.services.db, tenant.tenant_id, {
          name,
          nodes: [{ id: "aml", feature: "AML_SCREENING", config }],
        })
      ).id;
    }
  });
  after(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function start(workflow: string, body: Record<string, unknown> = {}) {
    const response = await t.app.inject({
      method: "POST",
      url: "/v3/session/",
      headers: tenant.headers,
      payload: { workflow_id: workflows[workflow], ...body },
    });
    assert.equal(response.statusCode, 201, response.body);
    const session = response.json();
    const token = session.url.split("/verify/")[1] as string;
    const state = await t.app.inject({ url: `/flow-api/${token}/state` });
    assert.equal(state.statusCode, 200, state.body);
    return { id: session.id as string, token, state: state.json() };
  }

  async function screen(workflow: string, answers: Record<string, unknown>, body = {}) {
    const session = await start(workflow, body);
    const step = await t.app.inject({
      method: "POST",
      url: `/flow-api/${session.token}/steps/aml`,
      payload: answers,
    });
    assert.equal(step.statusCode, 200, step.body);
    const finished = await t.app.inject({ method: "POST", url: `/flow-api/${session.token}/finish` });
    assert.equal(finished.statusCode, 200, finished.body);
    const detail = await t.app.inject({ url: `/v3/session/${session.id}/`, headers: tenant.headers });
    const read = detail.json() as Detail;
    const [node] = read.decision_v3.aml_screenings;
    return { session: read, node };
  }

  test("screening engine unreachable (no list loaded): in_review with aml_screening_unavailable", async () => {
    const { session, node } = await screen("standard", LISTED);
    assert.equal(session.status, "in_review");
    assert.equal(node.status, "in_review");
    assert.deepEqual(node.warnings, ["aml_screening_unavailable"]);
    assert.deepEqual(node.data.matches, []);
  });

  test("the lists load (UN list and FtM fixtures)", async () => {
    const fixtures = join(dir, "fixtures.ftm.json");
    writeFileSync(fixtures, `${FIXTURES.join("\n")}\n`);
    const loaded = await loadAmlLists(t.services, [UN_FILE, fixtures]);
    assert.equal((loaded.index as { ready: boolean }).ready, true);
  });

  test("the step asks for name, birth date and nationality, pre-filled from the session's prefill", async () => {
    const session = await start("standard", {
      prefill: { first_name: "Tharwat Salah", last_name: "Shihata", date_of_birth: "1960-06-29" },
    });
    assert.equal(session.state.current_step.node_id, "aml");
    assert.deepEqual(session.state.current_step.config.fields, [
      { id: "full_name", type: "text", required: true, value: "Tharwat Salah Shihata", editable: true },
      { id: "date_of_birth", type: "date", required: false, value: "1960-06-29", editable: true },
      { id: "nationality", type: "country", required: false, value: null, editable: true },
    ]);
    // Prefill alone never decides: the applicant must confirm the step first.
    const early = await t.app.inject({ method: "POST", url: `/flow-api/${session.token}/finish` });
    assert.equal(early.statusCode, 409, early.body);
  });

  test("a malformed answer is 400 naming the field", async () => {
    const session = await start("standard");
    for (const [field, value] of [
      ["date_of_birth", "1960-13-01"],
      ["nationality", "Egypt"],
    ] as const) {
      const response = await t.app.inject({
        method: "POST",
        url: `/flow-api/${session.token}/steps/aml`,
        payload: { full_name: "A B", [field]: value },
      });
      assert.equal(response.statusCode, 400, response.body);
      assert.equal(response.json().detail, `invalid_${field}`);
    }
  });

  test("a confirmed hit on a list with action decline: declined [watchlist_match, sanctions_match]", async () => {
    const { session, node } = await screen("decline", LISTED);
    assert.equal(session.status, "declined");
    assert.equal(node.status, "declined");
    assert.deepEqual(node.warnings, ["watchlist_match", "sanctions_match"]);
    assert.match(node.data.matches[0].name, /THARWAT SALAH SHIHATA/i);
    for (const key of ["possible_matches", "informational_matches", "risk_level", "lists_checked"])
      assert.ok(key in node.data, key);
    assert.equal(node.data.risk_level, "high");
    assert.deepEqual(node.data.screened, { ...LISTED, source: "applicant" });
  });

  test("a confirmed hit with the default action review: in_review [watchlist_match, sanctions_match]", async () => {
    const { session, node } = await screen("standard", LISTED);
    assert.equal(session.status, "in_review");
    assert.deepEqual(node.warnings, ["watchlist_match", "sanctions_match"]);
    assert.deepEqual(node.data.lists_checked, ["sanctions", "pep", "adverse_media", "poi"]);
  });

  test("a confirmed hit on a list with action flag: approved [watchlist_match]", async () => {
    const { session, node } = await screen("flagPep", {
      full_name: "Quentin Marchbank Oduya",
      date_of_birth: "1970-04-05",
    });
    assert.equal(session.status, "approved");
    assert.deepEqual(node.warnings, ["watchlist_match"]);
    assert.equal(node.data.matches[0].entity_id, "pep-1");
  });

  test("the strongest action among the hit lists wins (pep flag, adverse_media decline → declined)", async () => {
    const { node } = await screen("strongest", {
      full_name: "Cornelius Blackwater Ithaca",
      date_of_birth: "1966-09-09",
    });
    assert.equal(node.status, "declined");
    assert.deepEqual(node.warnings, ["watchlist_match", "pep_match", "adverse_media_match"]);
  });

  test("a possible match with review_possible_matches: in_review [possible_watchlist_match]", async () => {
    const { node } = await screen("standard", {
      full_name: "Leopold Anselm Gravesend",
      date_of_birth: "1980-01-01",
    });
    assert.equal(node.status, "in_review");
    assert.deepEqual(node.warnings, ["possible_watchlist_match"]);
    assert.equal(node.data.possible_matches[0].uncorroborated, true);
  });

  test("a possible match without review_possible_matches: approved []", async () => {
    const { node } = await screen("noPossibleReview", {
      full_name: "Leopold Anselm Gravesend",
      date_of_birth: "1980-01-01",
    });
    assert.equal(node.status, "approved");
    assert.deepEqual(node.warnings, []);
  });

  test("only an informational match: approved [watchlist_notice]", async () => {
    const { session, node } = await screen("standard", { full_name: "Esmeralda Voskuijlen" });
    assert.equal(session.status, "approved");
    assert.deepEqual(node.warnings, ["watchlist_notice"]);
    assert.equal(node.data.informational_matches[0].entity_id, "poi-info");
  });

  test("no identity data: in_review [aml_insufficient_data]", async () => {
    const { session, node } = await screen("standard", { full_name: "" });
    assert.equal(session.status, "in_review");
    assert.deepEqual(node.warnings, ["aml_insufficient_data"]);
  });

  test("nothing found: approved with no warnings", async () => {
    const { session, node } = await screen("standard", {
      full_name: "Marigold Pennyworth Haverstock",
      date_of_birth: "1991-03-03",
      nationality: "NP",
    });
    assert.equal(session.status, "approved");
    assert.equal(node.status, "approved");
    assert.deepEqual(node.warnings, []);
    assert.deepEqual(node.data.matches, []);
    assert.equal(node.data.risk_level, "clear");
  });

  test("lists not configured are not screened: a sanctioned name passes a PEP-only workflow", async () => {
    const { node } = await screen("pepOnly", LISTED);
    assert.equal(node.status, "approved");
    assert.deepEqual(node.data.lists_checked, ["pep"]);
  });

  test("after an ID_VERIFICATION node the name comes from the document: AML is no applicant step", async () => {
    const { id } = await createWorkflow(t.services.db, tenant.tenant_id, {
      name: "document then AML",
      nodes: [
        { id: "document", feature: "ID_VERIFICATION", config: {} },
        { id: "aml", feature: "AML_SCREENING", config: {} },
      ],
    });
    workflows.documentFirst = id;
    const session = await start("documentFirst");
    assert.deepEqual(
      session.state.steps.map((s: { node_id: string }) => s.node_id),
      ["document"],
    );
  });

  test("an invalid config is refused when the workflow is saved", async () => {
    await assert.rejects(
      createWorkflow(t.services.db, tenant.tenant_id, {
        name: "bad",
        nodes: [{ id: "aml", feature: "AML_SCREENING", config: { lists: { sanctions: "ignore" } } }],
      }),
      { code: "invalid_workflow" },
    );
  });
});
