// spec: Workflow; GET /v3/workflows/ — a bare array, features in graph order with repeats, disabled nodes
// omitted; design: a new tenant starts with a live default; validation through createWorkflow and the CLI.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { runOperatorCommand } from "../../src/composition/operator-commands.js";
import { createWorkflow } from "../../src/verify/workflows/workflows.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";

const question = (id: string) => ({ questions: [{ id, label: id, type: "text" }] });

describe("workflows", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let dir: string;

  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant();
    dir = mkdtempSync(join(tmpdir(), "kyc-wf-"));
  });
  after(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  const list = (headers = tenant.headers) => t.app.inject({ url: "/v3/workflows/", headers });

  test("a new tenant has one live default workflow", async () => {
    const fresh = await t.tenant();
    const response = await list(fresh.headers);
    assert.equal(response.statusCode, 200);
    const workflows = response.json();
    assert.ok(Array.isArray(workflows));
    assert.equal(workflows.length, 1);
    assert.equal(workflows[0].status, "live");
    assert.equal(workflows[0].is_default, true);
    assert.deepEqual(workflows[0].features, ["ID_VERIFICATION", "LIVENESS", "FACE_MATCH", "AML_SCREENING"]);
  });

  test("nodes (additive) carry each node's configuration as it runs, defaults filled in", async () => {
    const fresh = await t.tenant();
    const [workflow] = (await list(fresh.headers)).json();
    const nodes = workflow.nodes as {
      id: string;
      feature: string;
      enabled: boolean;
      config: Record<string, unknown>;
    }[];
    assert.deepEqual(
      nodes.map((node) => [node.id, node.feature, node.enabled]),
      [
        ["document", "ID_VERIFICATION", true],
        ["liveness", "LIVENESS", true],
        ["face_match", "FACE_MATCH", true],
        ["aml", "AML_SCREENING", true],
      ],
    );
    // The default has no minimum age (examples/workflows/README.md says so and shows the bank setup).
    assert.equal(nodes[0]!.config.minimum_age, undefined);
    assert.equal(nodes[1]!.config.method, "PASSIVE");
  });

  test("features are in graph order, repeats kept, disabled nodes omitted", async () => {
    const { id } = await createWorkflow(t.services.db, tenant.tenant_id, {
      name: "Two questionnaires",
      nodes: [
        { id: "first", feature: "QUESTIONNAIRE", config: question("a") },
        { id: "off", feature: "QUESTIONNAIRE", enabled: false, config: question("b") },
        { id: "second", feature: "questionnaire", config: question("c") },
      ],
    });
    const workflow = (await list()).json().find((row: { id: string }) => row.id === id);
    assert.deepEqual(workflow.features, ["QUESTIONNAIRE", "QUESTIONNAIRE"]);
    assert.equal(workflow.name, "Two questionnaires");
    assert.equal(workflow.is_default, false);
  });

  test("another tenant's workflows are not listed", async () => {
    const other = await t.tenant();
    await createWorkflow(t.services.db, tenant.tenant_id, {
      name: "Mine only",
      nodes: [{ feature: "QUESTIONNAIRE", config: question("a") }],
    });
    const names = (await list(other.headers)).json().map((row: { name: string }) => row.name);
    assert.ok(!names.includes("Mine only"));
  });

  const invalid: [string, unknown, RegExp][] = [
    [
      "unknown feature",
      { name: "x", nodes: [{ feature: "TELEPATHY" }] },
      /nodes\.0: unknown feature TELEPATHY/,
    ],
    [
      "bad module config",
      { name: "x", nodes: [{ feature: "QUESTIONNAIRE", config: { questions: [] } }] },
      /QUESTIONNAIRE: questions/,
    ],
    [
      "choice without options",
      {
        name: "x",
        nodes: [
          { feature: "QUESTIONNAIRE", config: { questions: [{ id: "q", label: "Q", type: "choice" }] } },
        ],
      },
      /needs at least two options/,
    ],
    [
      "duplicate node ids",
      {
        name: "x",
        nodes: [
          { id: "same", feature: "QUESTIONNAIRE", config: question("a") },
          { id: "same", feature: "QUESTIONNAIRE", config: question("b") },
        ],
      },
      /nodes\.1: duplicate node id same/,
    ],
    ["no nodes", { name: "x", nodes: [] }, /nodes/],
    ["no name", { nodes: [{ feature: "QUESTIONNAIRE", config: question("a") }] }, /name/],
    [
      "every node disabled",
      { name: "x", nodes: [{ feature: "QUESTIONNAIRE", enabled: false, config: question("a") }] },
      /at least one enabled node/,
    ],
    [
      "bad node id",
      { name: "x", nodes: [{ id: "Bad Id", feature: "QUESTIONNAIRE", config: question("a") }] },
      /nodes\.0\.id/,
    ],
  ];

  for (const [label, definition, message] of invalid) {
    test(`createWorkflow refuses: ${label}`, async () => {
      await assert.rejects(
        createWorkflow(t.services.db, tenant.tenant_id, definition),
        (error: Error & { code?: string }) =>
          error.code === "invalid_workflow" && message.test(error.message),
      );
    });
  }

  test("kyc workflow create --file validates the same way and can make a default", async () => {
    const bad = join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify(invalid[0]![1]));
    await assert.rejects(
      runOperatorCommand(t.services, ["workflow", "create", tenant.tenant_id, "--file", bad]),
      (error: Error & { code?: string }) =>
        error.code === "invalid_workflow" && /unknown feature/.test(error.message),
    );
    const broken = join(dir, "broken.json");
    writeFileSync(broken, "{ not json");
    await assert.rejects(
      runOperatorCommand(t.services, ["workflow", "create", tenant.tenant_id, "--file", broken]),
      (error: Error & { code?: string }) =>
        error.code === "invalid_workflow" && /Cannot read/.test(error.message),
    );
    const good = join(dir, "good.json");
    writeFileSync(
      good,
      JSON.stringify({ name: "From file", nodes: [{ feature: "QUESTIONNAIRE", config: question("a") }] }),
    );
    const created = (await runOperatorCommand(t.services, [
      "workflow",
      "create",
      tenant.tenant_id,
      "--file",
      good,
      "--default",
    ])) as { id: string };
    const workflows = (await list()).json() as { id: string; is_default: boolean }[];
    assert.deepEqual(
      workflows.filter((row) => row.is_default).map((row) => row.id),
      [created.id],
    );
    // The new default is what a session without workflow_id runs.
    const session = await t.app.inject({
      method: "POST",
      url: "/v3/session/",
      headers: tenant.headers,
      payload: {},
    });
    const detail = (
      await t.app.inject({ url: `/v3/session/${session.json().id}/`, headers: tenant.headers })
    ).json();
    assert.equal(detail.workflow, created.id);
  });
});
