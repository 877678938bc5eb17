// Issue 14 — the per-tenant default AML threshold: set by `kyc aml threshold` or the console, used by
// aml-check when a request names no match_threshold, limited to 0.5..1, audited when an operator sets it.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { loadAmlLists } from "../../src/cli/aml-commands.js";
import { runOperatorCommand } from "../../src/composition/operator-commands.js";
import { AppError } from "../../src/platform/errors.js";
import { auditRows, operator, type TestOperator } from "../console/console-support.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";

const UN_FILE = fileURLToPath(
  new URL("../../../shared/data/aml/un-consolidated-2020-11-30.xml", import.meta.url),
);
// A misspelling of the UN-listed THARWAT SALAH SHIHATA: confirmed at 0.7, only possible at 0.99.
const MISSPELT = { full_name: "Tharwat Salah Shehata" };

describe("per-tenant AML threshold", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  let admin: TestOperator;

  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant({ features: "all" });
    other = await t.tenant({ features: "all" });
    admin = await operator(t);
    await loadAmlLists(t.services, [UN_FILE]);
  });
  after(() => t?.close());

  const check = (who: TestTenant, payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/v3/tools/aml-check/", headers: who.headers, payload });

  test("kyc aml threshold sets the tenant default that aml-check uses; other tenants keep 0.7", async () => {
    const before = (await check(tenant, MISSPELT)).json();
    assert.equal(before.threshold, 0.7);
    assert.equal(before.risk_level, "high");
    await runOperatorCommand(t.services, ["aml", "threshold", tenant.tenant_id, "0.99"]);
    const after = (await check(tenant, MISSPELT)).json();
    assert.equal(after.threshold, 0.99);
    assert.equal(after.matches.length, 0);
    assert.ok(after.possible_matches.length > 0);
    assert.equal((await check(other, MISSPELT)).json().threshold, 0.7);
  });

  test("a request's match_threshold still wins over the tenant default", async () => {
    const result = (await check(tenant, { ...MISSPELT, match_threshold: 0.7 })).json();
    assert.equal(result.threshold, 0.7);
    assert.equal(result.risk_level, "high");
  });

  test("a threshold outside 0.5..1 is refused", async () => {
    for (const value of ["0.3", "1.5", "abc"]) {
      await assert.rejects(
        runOperatorCommand(t.services, ["aml", "threshold", tenant.tenant_id, value]),
        (error: unknown) => error instanceof AppError && error.code === "validation_failed",
      );
    }
  });

  test("the console reads and sets it (audited), and null returns to the default", async () => {
    const base = `/console/api/tenants/${other.tenant_id}/aml-threshold`;
    assert.deepEqual((await t.app.inject({ url: base, headers: admin.headers })).json(), {
      aml_threshold: 0.7,
    });
    const set = await t.app.inject({
      method: "PUT",
      url: base,
      headers: admin.headers,
      payload: { aml_threshold: 0.8 },
    });
    assert.equal(set.statusCode, 200, set.body);
    assert.deepEqual(set.json(), { aml_threshold: 0.8 });
    assert.equal((await check(other, MISSPELT)).json().threshold, 0.8);
    assert.equal((await auditRows(t, "tenant.aml_threshold")).length, 1);
    const low = await t.app.inject({
      method: "PUT",
      url: base,
      headers: admin.headers,
      payload: { aml_threshold: 0.2 },
    });
    assert.equal(low.statusCode, 400);
    const reset = await t.app.inject({
      method: "PUT",
      url: base,
      headers: admin.headers,
      payload: { aml_threshold: null },
    });
    assert.deepEqual(reset.json(), { aml_threshold: 0.7 });
  });
});
