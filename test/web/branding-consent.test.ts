// spec: rule 5 — hosted-flow appearance per tenant and workflow (the workflow's keys win), versioned terms
// accepted before the first step and recorded as a session event; `kyc branding set` validates its file.
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { runOperatorCommand } from "../../src/composition/operator-commands.js";
import { mergeBranding } from "../../src/verify/applicant/branding.js";
import { createWorkflow } from "../../src/verify/workflows/workflows.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";

const QUESTIONS = {
  id: "questions",
  feature: "QUESTIONNAIRE",
  config: { questions: [{ id: "occupation", label: "Occupation", type: "text" }] },
};

describe("hosted-flow branding and terms", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let dir: string;

  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant();
    dir = mkdtempSync(join(tmpdir(), "branding-"));
  });
  after(() => t.close());

  async function tokenFor(branding: Record<string, unknown>): Promise<string> {
    const { id } = await createWorkflow(t.services.db, tenant.tenant_id, {
      name: `wf ${Math.random()}`,
      nodes: [QUESTIONS],
      branding,
    });
    const created = await t.app.inject({
      method: "POST",
      url: "/v3/session/",
      headers: tenant.headers,
      payload: { workflow_id: id },
    });
    assert.equal(created.statusCode, 201, created.body);
    return created.json().url.split("/verify/")[1];
  }

  async function setTenantBranding(branding: unknown): Promise<unknown> {
    const file = join(dir, `b${Math.random()}.json`);
    writeFileSync(file, JSON.stringify(branding));
    return runOperatorCommand(t.services, ["branding", "set", tenant.tenant_id, "--file", file]);
  }

  test("merging keeps tenant keys, lets workflow keys win and merges copy per locale", () => {
    const merged = mergeBranding(
      { color: "#111111", theme: "dark", copy: { en: { a: "A", b: "B" }, ne: { a: "क" } } },
      { color: "#222222", copy: { en: { b: "B2" } } },
    );
    assert.deepEqual(merged, {
      color: "#222222",
      theme: "dark",
      copy: { en: { a: "A", b: "B2" }, ne: { a: "क" } },
    });
  });

  test("the state carries tenant branding under the workflow's", async () => {
    await setTenantBranding({ color: "#0A7A5A", button_shape: "pill", company_name: "Acme" });
    const token = await tokenFor({ color: "#AA0000" });
    const state = (await t.app.inject({ url: `/flow-api/${token}/state` })).json();
    assert.equal(state.branding.color, "#AA0000");
    assert.equal(state.branding.button_shape, "pill");
    assert.equal(state.branding.company_name, "Acme");
    assert.deepEqual(state.consent, { terms_version: null, accepted: true });
  });

  test("kyc branding set refuses an invalid file naming the field", async () => {
    await assert.rejects(setTenantBranding({ button_shape: "blob" }), /button_shape/);
    await assert.rejects(setTenantBranding({ color: "red" }), /color/);
  });

  test("with terms, no step is accepted before consent to the shown version", async () => {
    const token = await tokenFor({ terms: { version: "2026-01", text: "We process your data." } });
    const opened = (await t.app.inject({ url: `/flow-api/${token}/state` })).json();
    assert.deepEqual(opened.consent, { terms_version: "2026-01", accepted: false });
    const early = await t.app.inject({
      method: "POST",
      url: `/flow-api/${token}/steps/questions`,
      payload: { answers: { occupation: "Engineer" } },
    });
    assert.equal(early.statusCode, 409);
    assert.equal(early.json().detail, "consent_required");

    const stale = await t.app.inject({
      method: "POST",
      url: `/flow-api/${token}/consent`,
      payload: { terms_version: "2025-01" },
    });
    assert.equal(stale.statusCode, 400);
    assert.equal(stale.json().detail, "terms_version_mismatch");

    const accepted = await t.app.inject({
      method: "POST",
      url: `/flow-api/${token}/consent`,
      payload: { terms_version: "2026-01" },
    });
    assert.equal(accepted.statusCode, 200, accepted.body);
    assert.equal(accepted.json().consent.accepted, true);
    const step = await t.app.inject({
      method: "POST",
      url: `/flow-api/${token}/steps/questions`,
      payload: { answers: { occupation: "Engineer" } },
    });
    assert.equal(step.statusCode, 200, step.body);

    const events = await t.services.db
      .selectFrom("session_events")
      .select(["type", "data"])
      .where("type", "=", "applicant.consented")
      .execute();
    assert.equal(events.length, 1);
    assert.deepEqual(events[0]!.data, { terms_version: "2026-01" });
  });
});
