// CONFIRM_DETAILS through the applicant API on the real document engine (a generated passport and a Nepali
// citizenship certificate) and the real AML index: the applicant sees what was read, corrects what the node
// allows, and a later AML_SCREENING screens the confirmed name.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { loadAmlLists } from "../../../src/cli/aml-commands.js";
import { parseWorkflowDefinition } from "../../../src/verify/workflows/parse-workflow.js";
import { createWorkflow } from "../../../src/verify/workflows/workflows.js";
import { drawCitizenship } from "../../specimens/documents/citizenship.js";
import { drawPassport } from "../../specimens/documents/passport.js";
import { createRandom } from "../../specimens/seeded-random.js";
import { createTestApp, type TestApp, type TestTenant } from "../../support/test-app.js";

const FACES = new URL("../../../../shared/data/faces/deepface/", import.meta.url).pathname;
const UN_FILE = fileURLToPath(
  new URL("../../../../shared/data/aml/un-consolidated-2020-11-30.xml", import.meta.url),
);

interface Detail {
  status: string;
  // biome-ignore lint/suspicious/noExplicitAny: read-back JSON, asserted field by field
  decision_v3: Record<string, any>;
}
type Field = { id: string; type: string; script: string; value: string | null; editable: boolean };

describe("CONFIRM_DETAILS", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let standard: string;
  let lenient: string;
  let citizenshipFlow: string;
  let passport: string;
  let citizenship: string;

  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant({ features: "all" });
    const db = t.services.db;
    const document = { id: "document", feature: "ID_VERIFICATION", config: {} };
    standard = (
      await createWorkflow(db, tenant.tenant_id, {
        name: "Confirm",
        nodes: [
          document,
          { id: "confirm", feature: "CONFIRM_DETAILS" },
          { id: "aml", feature: "AML_SCREENING" },
        ],
      })
    ).id;
    lenient = (
      await createWorkflow(db, tenant.tenant_id, {
        name: "Confirm, no review",
        nodes: [document, { id: "confirm", feature: "CONFIRM_DETAILS", config: { review_on_change: [] } }],
      })
    ).id;
    citizenshipFlow = (
      await createWorkflow(db, tenant.tenant_id, {
        name: "Citizenship",
        nodes: [document, { id: "confirm", feature: "CONFIRM_DETAILS" }],
      })
    ).id;
    passport = (
      await (await drawPassport(createRandom(2), `${FACES}img2.jpg`, 2, {})).canvas.toPng()
    ).toString("base64");
    citizenship = (
      await (await drawCitizenship(createRandom(7), `${FACES}img2.jpg`, 7)).canvas.toPng()
    ).toString("base64");
    await loadAmlLists(t.services, [UN_FILE]);
  });
  after(() => t?.close());

  const step = (token: string, node: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: `/flow-api/${token}/steps/${node}`, payload });

  /** A session whose document step is done: the state shows the CONFIRM_DETAILS screen. */
  async function atConfirm(workflowId: string, image = passport) {
    const response = await t.app.inject({
      method: "POST",
      url: "/v3/session/",
      headers: tenant.headers,
      payload: { workflow_id: workflowId },
    });
    assert.equal(response.statusCode, 201, response.body);
    const session = response.json();
    const token = session.url.split("/verify/")[1] as string;
    await t.app.inject({ url: `/flow-api/${token}/state` });
    const document = await step(token, "document", { front_image: image });
    assert.equal(document.statusCode, 200, document.body);
    const current = document.json().current_step;
    assert.equal(current.node_id, "confirm");
    return { id: session.id as string, token, fields: current.config.fields as Field[] };
  }

  async function finish(session: { id: string; token: string }) {
    const finished = await t.app.inject({ method: "POST", url: `/flow-api/${session.token}/finish` });
    assert.equal(finished.statusCode, 200, finished.body);
    const detail = await t.app.inject({ url: `/v3/session/${session.id}/`, headers: tenant.headers });
    return detail.json() as Detail;
  }

  test("config is validated strictly and the node must follow an ID_VERIFICATION node", () => {
    const define = (nodes: unknown[]) => () => parseWorkflowDefinition({ name: "x", nodes });
    const document = { feature: "ID_VERIFICATION" };
    assert.throws(
      define([document, { feature: "CONFIRM_DETAILS", config: { editable_fields: ["eye_colour"] } }]),
      {
        code: "invalid_workflow",
      },
    );
    assert.throws(define([document, { feature: "CONFIRM_DETAILS", config: { editable: ["full_name"] } }]), {
      code: "invalid_workflow",
    });
    assert.throws(define([{ feature: "CONFIRM_DETAILS" }, document]), /needs an enabled ID_VERIFICATION/);
    const parsed = parseWorkflowDefinition({ name: "x", nodes: [document, { feature: "CONFIRM_DETAILS" }] });
    assert.deepEqual(parsed.nodes[1]!.config, {
      editable_fields: ["full_name", "date_of_birth"],
      review_on_change: ["full_name", "date_of_birth"],
    });
  });

  test("the state lists what was read; names and birth date are editable, the rest read-only", async () => {
    const session = await atConfirm(standard);
    const byId = new Map(session.fields.map((field) => [field.id, field]));
    for (const id of ["surname", "given_names", "date_of_birth"]) {
      assert.equal(byId.get(id)?.editable, true, id);
      assert.ok(byId.get(id)?.value, id);
    }
    assert.equal(byId.get("date_of_birth")?.type, "date");
    assert.equal(byId.get("document_number")?.editable, false);
    assert.equal(byId.get("nationality")?.editable, false);
    // No full_name input beside the passport's name parts, and none of the reader's workings (MRZ lines).
    assert.equal(byId.has("full_name"), false);
    assert.deepEqual(
      session.fields.filter((field) => field.id.startsWith("mrz_")),
      [],
    );
  });

  test("confirm without change: the node and the session are approved, original equals confirmed", async () => {
    const session = await atConfirm(standard);
    const confirmed = await step(session.token, "confirm", { confirm: true });
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    const detail = await finish(session);
    const [node] = detail.decision_v3.confirm_details;
    assert.equal(node.node_id, "confirm");
    assert.equal(node.status, "approved");
    assert.equal(node.score, null);
    assert.deepEqual(node.warnings, []);
    assert.deepEqual(node.data.changed, []);
    assert.deepEqual(node.data.confirmed, node.data.original);
    assert.equal(node.data.original.surname, session.fields.find((f) => f.id === "surname")!.value);
    assert.equal(detail.decision_v3.aml_screenings[0].data.screened.source, "confirmed_details");
    assert.equal(detail.status, "approved");
  });

  test("a corrected name and birth date go to review, and AML screens the confirmed values", async () => {
    const session = await atConfirm(standard);
    const original = Object.fromEntries(session.fields.map((field) => [field.id, field.value]));
    // THARWAT SALAH SHIHATA, born 1960-06-29, is on the UN list: a match proves AML read the correction.
    const corrected = await step(session.token, "confirm", {
      fields: { given_names: "Tharwat Salah", surname: "Shihata", date_of_birth: "1960-06-29" },
    });
    assert.equal(corrected.statusCode, 200, corrected.body);
    const detail = await finish(session);
    const [node] = detail.decision_v3.confirm_details;
    assert.equal(node.status, "in_review");
    assert.deepEqual(node.warnings, ["details_corrected"]);
    assert.deepEqual(node.data.changed, ["given_names", "surname", "date_of_birth"]);
    assert.equal(node.data.original.surname, original.surname);
    assert.equal(node.data.confirmed.surname, "Shihata");
    const [aml] = detail.decision_v3.aml_screenings;
    assert.deepEqual(aml.data.screened, {
      full_name: "Tharwat Salah Shihata",
      date_of_birth: "1960-06-29",
      nationality: original.nationality,
      source: "confirmed_details",
    });
    assert.ok(aml.data.matches.length > 0, JSON.stringify(aml.data));
    assert.equal(detail.status, "in_review");
  });

  test("a node with review_on_change: [] keeps a corrected name approved, with the warning", async () => {
    const session = await atConfirm(lenient);
    const corrected = await step(session.token, "confirm", { fields: { surname: "Correctedname" } });
    assert.equal(corrected.statusCode, 200, corrected.body);
    const detail = await finish(session);
    const [node] = detail.decision_v3.confirm_details;
    assert.equal(node.status, "approved");
    assert.deepEqual(node.warnings, ["details_corrected"]);
    assert.deepEqual(node.data.changed, ["surname"]);
    assert.equal(detail.status, "approved");
  });

  test("refusals: read-only 422 field_not_editable, unknown 400 unknown_field, bad values 400", async () => {
    const session = await atConfirm(lenient);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ fields: { document_number: "X1234567" } }, 422, "field_not_editable"],
      [{ fields: { eye_colour: "brown" } }, 400, "unknown_field"],
      [{ fields: { date_of_birth: "1990-02-30" } }, 400, "invalid_date_of_birth"],
      [{ fields: { surname: "   " } }, 400, "invalid_surname"],
      [{}, 400, "fields_required"],
      [{ confirm: false }, 400, "fields_required"],
    ];
    for (const [body, status, detail] of cases) {
      const refused = await step(session.token, "confirm", body);
      assert.equal(refused.statusCode, status, `${JSON.stringify(body)}: ${refused.body}`);
      assert.equal(refused.json().detail, detail);
    }
    // Nothing was kept: the step is still current.
    const state = await t.app.inject({ url: `/flow-api/${session.token}/state` });
    assert.equal(state.json().current_step.node_id, "confirm");
  });

  test("a citizenship certificate shows Devanagari values with their Latin transliteration", async () => {
    const session = await atConfirm(citizenshipFlow, citizenship);
    const byId = new Map(session.fields.map((field) => [field.id, field]));
    assert.equal(byId.get("full_name")?.script, "devanagari");
    assert.equal(byId.get("full_name")?.editable, true);
    assert.equal(byId.get("full_name_latin")?.script, "latin");
    assert.equal(byId.get("full_name_latin")?.editable, true);
    assert.equal(byId.get("citizenship_number")?.editable, false);
    const corrected = await step(session.token, "confirm", {
      fields: { full_name_latin: "Ram Bahadur Thapa" },
    });
    assert.equal(corrected.statusCode, 200, corrected.body);
    const detail = await finish(session);
    const [node] = detail.decision_v3.confirm_details;
    assert.equal(node.data.original.full_name, byId.get("full_name")!.value);
    assert.equal(node.data.confirmed.full_name_latin, "Ram Bahadur Thapa");
    assert.equal(node.status, "in_review");
  });
});
