// IP_ANALYSIS through the applicant API: the address is taken at open and at finish (X-Forwarded-For only
// when TRUST_PROXY trusts the peer) and analysed with the bundled offline data at the decision.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createEvidenceCache } from "../../../src/verify/modules/evidence-cache.js";
import { ipAnalysisModule } from "../../../src/verify/modules/ip-analysis.js";
import type { NodeState, WorkflowNode } from "../../../src/verify/modules/module.js";
import { createWorkflow } from "../../../src/verify/workflows/workflows.js";
import { createTestApp, type TestApp, type TestTenant } from "../../support/test-app.js";
import { QUESTIONNAIRE_WORKFLOW } from "../session-fixtures.js";

const NEPAL = "27.34.16.1"; // a Nepali broadband address (NP in the bundled DB-IP data)
const GOOGLE = "8.8.8.8"; // AS15169, US

interface Visit {
  ip: string;
  forwardedFor?: string;
}

async function runSession(t: TestApp, tenant: TestTenant, workflowId: string, open: Visit, finish: Visit) {
  const created = await t.app.inject({
    method: "POST",
    url: "/v3/session/",
    headers: tenant.headers,
    payload: { workflow_id: workflowId },
  });
  assert.equal(created.statusCode, 201, created.body);
  const { id, url } = created.json();
  const token = url.split("/verify/")[1] as string;
  const headers = (visit: Visit) => (visit.forwardedFor ? { "x-forwarded-for": visit.forwardedFor } : {});
  const state = await t.app.inject({
    url: `/flow-api/${token}/state`,
    remoteAddress: open.ip,
    headers: headers(open),
  });
  assert.equal(state.statusCode, 200, state.body);
  const step = await t.app.inject({
    method: "POST",
    url: `/flow-api/${token}/steps/questions`,
    remoteAddress: open.ip,
    payload: { answers: { occupation: "शिक्षक", funds: "salary" } },
  });
  assert.equal(step.statusCode, 200, step.body);
  const finished = await t.app.inject({
    method: "POST",
    url: `/flow-api/${token}/finish`,
    remoteAddress: finish.ip,
    headers: headers(finish),
  });
  assert.equal(finished.statusCode, 200, finished.body);
  const detail = (await t.app.inject({ url: `/v3/session/${id}/`, headers: tenant.headers })).json();
  return { status: detail.status as string, node: detail.decision_v3.ip_analyses[0] };
}

async function ipWorkflow(
  t: TestApp,
  tenant: TestTenant,
  name: string,
  config: Record<string, unknown> = {},
) {
  return (
    await createWorkflow(t.services.db, tenant.tenant_id, {
      name,
      nodes: [...QUESTIONNAIRE_WORKFLOW.nodes, { id: "ip", feature: "IP_ANALYSIS", config }],
    })
  ).id;
}

describe("IP_ANALYSIS without a trusted proxy", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let workflow: string;
  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant({ features: "all" });
    workflow = await ipWorkflow(t, tenant, "ip");
  });
  after(() => t.close());

  test("the peer address is analysed at open and at finish; X-Forwarded-For is ignored", async () => {
    const { status, node } = await runSession(
      t,
      tenant,
      workflow,
      { ip: NEPAL, forwardedFor: GOOGLE },
      { ip: NEPAL, forwardedFor: GOOGLE },
    );
    assert.equal(status, "approved");
    assert.equal(node.node_id, "ip");
    assert.equal(node.status, "approved");
    assert.equal(node.score, null);
    assert.deepEqual(node.warnings, []);
    assert.deepEqual(
      node.data.addresses.map((a: Record<string, unknown>) => [a.moment, a.ip, a.country, a.is_hosting]),
      [
        ["open", NEPAL, "NP", false],
        ["finish", NEPAL, "NP", false],
      ],
    );
    assert.match(node.data.addresses[0].seen_at, /^\d{4}-\d\d-\d\dT/);
    assert.deepEqual(node.data.document_countries, []);
    assert.equal(node.data.country_mismatch, null);
  });

  test("a loopback peer is reported as not public, with nothing looked up", async () => {
    const { node } = await runSession(t, tenant, workflow, { ip: "127.0.0.1" }, { ip: "127.0.0.1" });
    assert.deepEqual(node.warnings, ["ip_not_public"]);
    assert.deepEqual(node.data.addresses[0].signals, ["loopback_address"]);
    assert.equal(node.data.addresses[0].country, null);
  });

  test("a workflow node with an unknown option is refused", async () => {
    await assert.rejects(ipWorkflow(t, tenant, "bad", { hosting: "decline" }), /IP_ANALYSIS: hosting/);
  });
});

describe("IP_ANALYSIS behind a trusted proxy (TRUST_PROXY)", () => {
  let t: TestApp;
  let tenant: TestTenant;
  before(async () => {
    t = await createTestApp({ TRUST_PROXY: "10.0.0.0/8" });
    tenant = await t.tenant({ features: "all" });
  });
  after(() => t.close());

  test("the client the proxy names is analysed; a hosting network and a country change are warned", async () => {
    const workflow = await ipWorkflow(t, tenant, "proxied");
    const { status, node } = await runSession(
      t,
      tenant,
      workflow,
      { ip: "10.1.1.1", forwardedFor: NEPAL },
      { ip: "10.1.1.1", forwardedFor: GOOGLE },
    );
    assert.equal(status, "approved");
    assert.deepEqual(node.warnings, ["ip_hosting_network", "ip_country_changed"]);
    const [open, finish] = node.data.addresses;
    assert.equal(open.ip, NEPAL);
    assert.equal(finish.ip, GOOGLE);
    assert.equal(finish.asn, 15169);
    assert.deepEqual(finish.signals, ["hosting_network"]);
  });

  test("X-Forwarded-For from a peer outside the trusted list is ignored", async () => {
    const workflow = await ipWorkflow(t, tenant, "untrusted");
    const { node } = await runSession(
      t,
      tenant,
      workflow,
      { ip: NEPAL, forwardedFor: GOOGLE },
      { ip: NEPAL, forwardedFor: GOOGLE },
    );
    assert.deepEqual(
      node.data.addresses.map((a: Record<string, unknown>) => a.ip),
      [NEPAL, NEPAL],
    );
  });

  test("hosting: review sends the session to review", async () => {
    const workflow = await ipWorkflow(t, tenant, "strict", { hosting: "review" });
    const { status, node } = await runSession(
      t,
      tenant,
      workflow,
      { ip: "10.1.1.1", forwardedFor: GOOGLE },
      { ip: "10.1.1.1", forwardedFor: GOOGLE },
    );
    assert.equal(node.status, "in_review");
    assert.equal(status, "in_review");
  });
});

describe("IP_ANALYSIS against the document's country", () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const node = (id: string, feature: string, config = {}): WorkflowNode => ({
    id,
    feature,
    enabled: true,
    config,
  });
  function evaluate(documentData: Record<string, unknown>, ip: string, config = {}) {
    const ipNode = node("ip", "IP_ANALYSIS", config);
    const seen = { open: { ip, seen_at: "2026-11-24T05:00:00.000Z" } };
    const nodes: NodeState[] = [
      {
        node: node("doc", "ID_VERIFICATION"),
        captures: {},
        result: { node_id: "doc", status: "approved", score: 90, warnings: [], data: documentData },
      },
      { node: ipNode, captures: seen, result: null },
    ];
    return ipAnalysisModule.evaluate({
      services: t.services,
      db: t.services.db,
      session: {} as never,
      evidence: createEvidenceCache(t.services),
      node: ipNode,
      nodes,
      captures: seen,
    });
  }

  test("a passport nationality (ICAO alpha-3) other than the address's country is a mismatch warning", async () => {
    const { result } = await evaluate(
      { document_type: "passport", fields: { nationality: "NPL", issuing_country: "NPL" } },
      GOOGLE,
    );
    assert.deepEqual(result.data.document_countries, ["NP"]);
    assert.equal(result.data.country_mismatch, true);
    assert.deepEqual(result.warnings, ["ip_country_mismatch", "ip_hosting_network"]);
    assert.equal(result.status, "approved");
  });

  test("country_mismatch: review sends a mismatch to review", async () => {
    const { result } = await evaluate({ document_type: "passport", fields: { nationality: "IND" } }, NEPAL, {
      country_mismatch: "review",
    });
    assert.equal(result.data.country_mismatch, true);
    assert.equal(result.status, "in_review");
  });

  test("a Nepali citizenship card implies NP and a Nepali address matches it", async () => {
    const { result } = await evaluate({ document_type: "citizenship", fields: { full_name: "राम" } }, NEPAL);
    assert.deepEqual(result.data.document_countries, ["NP"]);
    assert.equal(result.data.country_mismatch, false);
    assert.deepEqual(result.warnings, []);
  });
});
