// DATABASE_VALIDATION: a real registry endpoint on loopback (ALLOW_PRIVATE_TARGETS lets the SSRF-safe client
// reach it, as in the webhook tests), a real generated passport read by the real document engine, and the
// operator surfaces (CLI commands, console routes) that configure the tenant's connector.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { runOperatorCommand } from "../../../src/composition/operator-commands.js";
import { loadNodeStates, moduleContext } from "../../../src/verify/decision/node-states.js";
import {
  databaseValidationModule,
  decideRegistryMatch,
} from "../../../src/verify/modules/database-validation.js";
import { callRegistry } from "../../../src/verify/registry/call-registry.js";
import { findSession } from "../../../src/verify/sessions/find-session.js";
import { createWorkflow } from "../../../src/verify/workflows/workflows.js";
import { operator } from "../../console/console-support.js";
import { drawPassport } from "../../specimens/documents/passport.js";
import { createRandom } from "../../specimens/seeded-random.js";
import { createTestApp, type TestApp, type TestTenant } from "../../support/test-app.js";
import { type RegistryHit, type RegistryServer, startRegistryServer } from "./registry-server.js";

const FACES = new URL("../../../../shared/data/faces/deepface/", import.meta.url).pathname;

/** A national-ID registry holding one record: exact on equal values, fuzzy on the same name words reordered. */
function nationalIdRegistry(record: Record<string, string>, reference: string) {
  return (hit: RegistryHit) => {
    const sent = hit.body.fields as Record<string, string>;
    if (sent.document_number !== record.document_number) {
      return { status: 200, body: { record_found: false, record_reference: null, fields: {} } };
    }
    const words = (v: string) => v.toUpperCase().split(/\s+/).sort().join(" ");
    const fields: Record<string, string> = {};
    for (const [field, value] of Object.entries(sent)) {
      const held = record[field];
      if (held === undefined) fields[field] = "unavailable";
      else if (held === value) fields[field] = "exact";
      else if (words(held) === words(value)) fields[field] = "fuzzy";
      else fields[field] = "mismatch";
    }
    return { status: 200, body: { record_found: true, record_reference: reference, fields } };
  };
}

describe("DATABASE_VALIDATION", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let registry: RegistryServer;
  let passport: string;
  let truth: Record<string, string>;
  let workflow: string;

  before(async () => {
    t = await createTestApp({ ALLOW_PRIVATE_TARGETS: "true" });
    tenant = await t.tenant({ features: "all" });
    registry = await startRegistryServer();
    const draft = await drawPassport(createRandom(2), `${FACES}img2.jpg`, 2, {});
    passport = (await draft.canvas.toPng()).toString("base64");
    truth = draft.fields;
    const created = (await runOperatorCommand(t.services, [
      "registry",
      "set",
      tenant.tenant_id,
      "nepal-nid",
      registry.url,
      "--timeout-ms",
      "400",
      "--retries",
      "2",
    ])) as { signing_secret: string };
    registry.secret = created.signing_secret;
    workflow = (
      await createWorkflow(t.services.db, tenant.tenant_id, {
        name: "Registry",
        nodes: [
          { id: "document", feature: "ID_VERIFICATION", config: {} },
          { id: "registry", feature: "DATABASE_VALIDATION", config: { connector: "nepal-nid" } },
        ],
      })
    ).id;
  });
  after(async () => {
    await registry?.close();
    await t?.close();
  });

  let sessionId = "";
  // biome-ignore lint/suspicious/noExplicitAny: read-back JSON, asserted field by field
  async function runSession(): Promise<{ status: string; node: Record<string, any> }> {
    const created = await t.app.inject({
      method: "POST",
      url: "/v3/session/",
      headers: tenant.headers,
      payload: { workflow_id: workflow },
    });
    assert.equal(created.statusCode, 201, created.body);
    const { id, url } = created.json();
    sessionId = id;
    const token = url.split("/verify/")[1] as string;
    await t.app.inject({ url: `/flow-api/${token}/state` });
    const step = await t.app.inject({
      method: "POST",
      url: `/flow-api/${token}/steps/document`,
      payload: { front_image: passport },
    });
    assert.equal(step.statusCode, 200, step.body);
    assert.equal(step.json().ready_to_finish, true, "the registry node asks the applicant nothing");
    const finished = await t.app.inject({ method: "POST", url: `/flow-api/${token}/finish` });
    assert.equal(finished.statusCode, 200, finished.body);
    const detail = (await t.app.inject({ url: `/v3/session/${id}/`, headers: tenant.headers })).json();
    return { status: detail.status, node: detail.decision_v3.database_validations[0] };
  }

  /** The registry node evaluated again over the finished session's captures, with another config. */
  async function evaluateAgain(config: Record<string, unknown>) {
    const session = await findSession(t.services.db, tenant.tenant_id, sessionId);
    const states = await loadNodeStates(t.services.db, session);
    const registryState = states.find((state) => state.node.id === "registry")!;
    registryState.node = { ...registryState.node, config: databaseValidationModule.parseConfig(config, "") };
    return (
      await databaseValidationModule.evaluate(moduleContext(t.services, session, states, registryState))
    ).result;
  }

  test("a registry holding the same record approves; the request is signed and carries the document's fields", async () => {
    registry.handler = nationalIdRegistry(
      {
        full_name: `${truth.given_names} ${truth.surname}`,
        date_of_birth: truth.date_of_birth!,
        document_number: truth.document_number!,
      },
      "NID-REC-0001",
    );
    registry.hits.length = 0;
    const { status, node } = await runSession();
    assert.equal(registry.hits.length, 1);
    const [hit] = registry.hits;
    assert.equal(hit!.signatureValid, true);
    assert.equal(hit!.headers["x-registry-request-id"], node.data.request_id);
    assert.deepEqual(hit!.body.fields, {
      full_name: `${truth.given_names} ${truth.surname}`,
      date_of_birth: truth.date_of_birth,
      document_number: truth.document_number,
    });
    assert.equal(hit!.body.source, "document");
    assert.equal(hit!.body.document_type, "passport");
    assert.equal(node.status, "approved");
    assert.equal(status, "approved");
    assert.equal(node.score, 100);
    assert.deepEqual(node.warnings, []);
    assert.equal(node.data.record_reference, "NID-REC-0001");
    assert.equal(node.data.record_found, true);
    assert.deepEqual(node.data.fields, {
      full_name: "exact",
      date_of_birth: "exact",
      document_number: "exact",
    });
  });

  test("a different birth date declines; a reordered name is fuzzy and held for review", async () => {
    registry.handler = nationalIdRegistry(
      {
        full_name: `${truth.surname} ${truth.given_names}`,
        date_of_birth: "1901-01-01",
        document_number: truth.document_number!,
      },
      "NID-REC-0002",
    );
    const declined = await evaluateAgain({ connector: "nepal-nid" });
    assert.equal(declined.status, "declined");
    assert.deepEqual(declined.warnings.sort(), ["registry_field_fuzzy", "registry_field_mismatch"]);
    assert.equal((declined.data.fields as Record<string, string>).full_name, "fuzzy");
    const lenient = await evaluateAgain({ connector: "nepal-nid", fields: ["full_name", "document_number"] });
    assert.equal(lenient.status, "in_review");
    assert.deepEqual(lenient.warnings, ["registry_field_fuzzy"]);
    assert.equal(lenient.score, 75);
  });

  test("no record declines by default, or goes to review when on_not_found says so", async () => {
    registry.handler = nationalIdRegistry({ document_number: "NOT-THIS-ONE" }, "x");
    const missing = await evaluateAgain({ connector: "nepal-nid" });
    assert.equal(missing.status, "declined");
    assert.deepEqual(missing.warnings, ["registry_record_not_found"]);
    const held = await evaluateAgain({ connector: "nepal-nid", on_not_found: "in_review" });
    assert.equal(held.status, "in_review");
  });

  test("5xx answers are retried with the same request id; a registry that stays down holds the node", async () => {
    let calls = 0;
    const good = nationalIdRegistry({ document_number: truth.document_number! }, "NID-3");
    registry.hits.length = 0;
    registry.handler = (hit) => (++calls < 3 ? { status: 503, body: "busy" } : good(hit));
    const retried = await evaluateAgain({ connector: "nepal-nid", fields: ["document_number"] });
    assert.equal(retried.status, "approved");
    assert.equal(retried.data.attempts, 3);
    assert.equal(new Set(registry.hits.map((h) => h.headers["x-registry-request-id"])).size, 1);
    assert.ok(registry.hits.every((h) => h.signatureValid));

    registry.handler = () => ({ status: 200, body: {}, delayMs: 1500 });
    const slow = await evaluateAgain({ connector: "nepal-nid" });
    assert.equal(slow.status, "in_review");
    assert.deepEqual(slow.warnings, ["registry_unavailable"]);
    assert.equal(slow.data.attempts, 3);

    registry.handler = () => ({ status: 400, body: { error: "bad" } });
    registry.hits.length = 0;
    const refused = await evaluateAgain({ connector: "nepal-nid", on_error: "declined" });
    assert.equal(refused.status, "declined");
    assert.equal(registry.hits.length, 1, "a 4xx is not retried");
    assert.match(String(refused.data.error), /answered 400/);

    registry.handler = () => ({ status: 200, body: { record_found: "yes" } });
    const malformed = await evaluateAgain({ connector: "nepal-nid" });
    assert.deepEqual(malformed.warnings, ["registry_unavailable"]);
    assert.match(String(malformed.data.error), /record_found/);
  });

  test("a node naming a connector the tenant does not have is held with registry_unavailable", async () => {
    const other = await evaluateAgain({ connector: "missing" });
    assert.equal(other.status, "in_review");
    assert.deepEqual(other.warnings, ["registry_unavailable"]);
  });

  test("after CONFIRM_DETAILS the registry receives the applicant's corrected values", async () => {
    const confirmed = (
      await createWorkflow(t.services.db, tenant.tenant_id, {
        name: "Registry after confirmation",
        nodes: [
          { id: "document", feature: "ID_VERIFICATION", config: {} },
          { id: "confirm", feature: "CONFIRM_DETAILS", config: { review_on_change: [] } },
          { id: "registry", feature: "DATABASE_VALIDATION", config: { connector: "nepal-nid" } },
        ],
      })
    ).id;
    registry.handler = nationalIdRegistry(
      {
        full_name: `${truth.given_names} KARKI`,
        date_of_birth: truth.date_of_birth!,
        document_number: truth.document_number!,
      },
      "NID-REC-0009",
    );
    registry.hits.length = 0;
    const created = await t.app.inject({
      method: "POST",
      url: "/v3/session/",
      headers: tenant.headers,
      payload: { workflow_id: confirmed },
    });
    const { id, url } = created.json();
    const token = url.split("/verify/")[1] as string;
    await t.app.inject({ url: `/flow-api/${token}/state` });
    const post = (node: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: "POST", url: `/flow-api/${token}/steps/${node}`, payload });
    assert.equal((await post("document", { front_image: passport })).statusCode, 200);
    assert.equal((await post("confirm", { fields: { surname: "KARKI" } })).statusCode, 200);
    assert.equal((await t.app.inject({ method: "POST", url: `/flow-api/${token}/finish` })).statusCode, 200);
    const detail = (await t.app.inject({ url: `/v3/session/${id}/`, headers: tenant.headers })).json();
    const node = detail.decision_v3.database_validations[0];
    assert.equal(registry.hits[0]!.body.source, "confirm_details");
    assert.equal(
      (registry.hits[0]!.body.fields as Record<string, string>).full_name,
      `${truth.given_names} KARKI`,
    );
    assert.equal(node.status, "approved", JSON.stringify(node.warnings));
    assert.equal(node.data.source, "confirm_details");
  });

  test("the rule: unavailable counts only for required fields", () => {
    const config = {
      connector: "x",
      fields: ["full_name", "date_of_birth"] as ("full_name" | "date_of_birth")[],
      required_fields: ["date_of_birth"] as "date_of_birth"[],
      on_mismatch: "declined" as const,
      on_fuzzy: "in_review" as const,
      on_unavailable: "declined" as const,
      on_not_found: "declined" as const,
      on_error: "in_review" as const,
    };
    const optional = decideRegistryMatch(config, ["full_name", "date_of_birth"], {
      record_found: true,
      fields: { date_of_birth: "exact" },
    });
    assert.equal(optional.status, "approved");
    assert.equal(optional.fields.full_name, "unavailable");
    const required = decideRegistryMatch(config, ["full_name", "date_of_birth"], {
      record_found: true,
      fields: { full_name: "exact" },
    });
    assert.equal(required.status, "declined");
    assert.deepEqual(required.warnings, ["registry_field_unavailable"]);
  });

  test("workflow config is checked: a connector is required and the node follows a document", async () => {
    await assert.rejects(
      createWorkflow(t.services.db, tenant.tenant_id, {
        name: "bad",
        nodes: [{ id: "document", feature: "ID_VERIFICATION" }, { feature: "DATABASE_VALIDATION" }],
      }),
      /DATABASE_VALIDATION: connector/,
    );
    await assert.rejects(
      createWorkflow(t.services.db, tenant.tenant_id, {
        name: "bad",
        nodes: [{ feature: "DATABASE_VALIDATION", config: { connector: "nepal-nid" } }],
      }),
      /needs an enabled ID_VERIFICATION/,
    );
  });

  test("CLI: the secret is printed once; list never shows it; rotate gives a new one", async () => {
    const again = (await runOperatorCommand(t.services, [
      "registry",
      "set",
      tenant.tenant_id,
      "nepal-nid",
      registry.url,
    ])) as Record<string, unknown>;
    assert.equal(again.signing_secret, undefined);
    assert.equal(again.timeout_ms, 400, "flags left out keep their values");
    const listed = (await runOperatorCommand(t.services, ["registry", "list", tenant.tenant_id])) as {
      connectors: Record<string, unknown>[];
    };
    assert.deepEqual(
      listed.connectors.map((c) => [c.name, c.signing_secret]),
      [["nepal-nid", undefined]],
    );
    const rotated = (await runOperatorCommand(t.services, [
      "registry",
      "rotate-secret",
      tenant.tenant_id,
      "nepal-nid",
    ])) as { signing_secret: string };
    assert.match(rotated.signing_secret, /^regsec_/);
    assert.notEqual(rotated.signing_secret, registry.secret);
    registry.secret = rotated.signing_secret;
    await assert.rejects(
      runOperatorCommand(t.services, ["registry", "set", tenant.tenant_id, "Bad Name!", registry.url]),
      { code: "validation_failed" },
    );
    await assert.rejects(
      runOperatorCommand(t.services, ["registry", "set", tenant.tenant_id, "x", "ftp://example.com/"]),
      { code: "validation_failed" },
    );
  });

  test("console: admins manage connectors, reviewers are refused, another tenant's connector is a 404", async () => {
    const admin = await operator(t, "admin");
    const reviewer = await operator(t, "reviewer");
    const other = await t.tenant();
    const base = `/console/api/tenants/${tenant.tenant_id}/registry-connectors`;
    const put = await t.app.inject({
      method: "PUT",
      url: `${base}/pan-registry`,
      headers: admin.headers,
      payload: { url: registry.url, timeout_ms: 2000, retries: 1 },
    });
    assert.equal(put.statusCode, 200, put.body);
    assert.match(put.json().signing_secret, /^regsec_/);
    const listed = await t.app.inject({ url: base, headers: admin.headers });
    assert.deepEqual(
      listed
        .json()
        .connectors.map((c: Record<string, unknown>) => [c.name, c.retries, "signing_secret" in c]),
      [
        ["nepal-nid", 2, false],
        ["pan-registry", 1, false],
      ],
    );
    for (const request of [
      { method: "GET" as const, url: base },
      { method: "PUT" as const, url: `${base}/x`, payload: { url: registry.url } },
      { method: "DELETE" as const, url: `${base}/pan-registry` },
    ]) {
      const refused = await t.app.inject({ ...request, headers: reviewer.headers });
      assert.equal(refused.statusCode, 403, `${request.method} ${request.url}`);
    }
    const otherBase = `/console/api/tenants/${other.tenant_id}/registry-connectors`;
    const crossDelete = await t.app.inject({
      method: "DELETE",
      url: `${otherBase}/pan-registry`,
      headers: admin.headers,
    });
    assert.equal(crossDelete.statusCode, 404);
    const crossRotate = await t.app.inject({
      method: "POST",
      url: `${otherBase}/pan-registry/rotate-secret`,
      headers: admin.headers,
    });
    assert.equal(crossRotate.statusCode, 404);
    assert.deepEqual((await t.app.inject({ url: otherBase, headers: admin.headers })).json().connectors, []);
    const removed = await t.app.inject({
      method: "DELETE",
      url: `${base}/pan-registry`,
      headers: admin.headers,
    });
    assert.equal(removed.statusCode, 200);
    const audit = await t.services.db
      .selectFrom("audit_log")
      .select("action")
      .where("action", "like", "registry_connector.%")
      .execute();
    assert.deepEqual(audit.map((row) => row.action).sort(), [
      "registry_connector.remove",
      "registry_connector.set",
    ]);
  });
});

describe("DATABASE_VALIDATION without ALLOW_PRIVATE_TARGETS", () => {
  let t: TestApp;
  let registry: RegistryServer;
  before(async () => {
    t = await createTestApp();
    registry = await startRegistryServer();
  });
  after(async () => {
    await registry.close();
    await t.close();
  });

  test("a private or plain-http endpoint is refused when configured and never called", async () => {
    const tenant = await t.tenant();
    await assert.rejects(
      runOperatorCommand(t.services, ["registry", "set", tenant.tenant_id, "local", registry.url]),
      /https/,
    );
    await assert.rejects(
      runOperatorCommand(t.services, [
        "registry",
        "set",
        tenant.tenant_id,
        "local",
        registry.url.replace("http:", "https:"),
      ]),
      /blocked_address/,
    );
    const call = await callRegistry(
      { url: registry.url.replace("http:", "https:"), signing_secret: "s", timeout_ms: 500, retries: 2 },
      {
        request_id: "r",
        session_id: "s",
        node_id: "n",
        connector: "c",
        document_type: null,
        source: "document",
        fields: {},
      },
      { allowPrivateTargets: false },
    );
    assert.deepEqual(call, { ok: false, error: "destination refused: blocked_address", attempts: 1 });
    assert.equal(registry.hits.length, 0);
  });
});
