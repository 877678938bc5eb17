// design: Money — credits are exact decimals; a debit takes the rate card's price (tenant override > global >
// default) and commits with the action it pays for. spec: Errors — 402 insufficient_credits, 403
// feature_not_enabled with `features`.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { z } from "zod";
import { authenticateApiKey } from "../../src/platform/auth/authenticate.js";
import { balanceOf, debit } from "../../src/platform/credits/ledger.js";
import { setRate } from "../../src/platform/credits/rates.js";
import { withTransaction } from "../../src/platform/db/transaction.js";
import { AppError, isAppError } from "../../src/platform/errors.js";
import { runChargeableTool } from "../../src/tools/run-chargeable-tool.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";

const TOOL = "/v3/test-tools/charge";

const toolBody = z.object({
  features: z.array(z.string()),
  billed: z.string().nullable(),
  fail: z.boolean().optional(),
});

describe("credits", () => {
  let t: TestApp;
  before(async () => {
    // A test route on the real entitlement and credit code: what every /v3/tools/* route does around its engine.
    t = await createTestApp({}, (app, services) => {
      app.post(TOOL, { schema: { body: toolBody } }, async (request) => {
        const tenant = await authenticateApiKey(services.db, request.headers["x-api-key"] as string);
        const body = request.body;
        return runChargeableTool(services, {
          tenantId: tenant.tenantId,
          features: body.features,
          billedFeature: body.billed,
          work: async () => {
            if (body.fail) throw new AppError("no_face_detected");
            return { ok: true };
          },
        });
      });
    });
  });
  after(() => t.close());

  async function ledgerRows(tenant: TestTenant) {
    return t.services.db
      .selectFrom("credit_ledger")
      .select(["delta", "reason", "feature"])
      .where("tenant_id", "=", tenant.tenant_id)
      .orderBy("created_at")
      .execute();
  }

  function debitOnce(tenant: TestTenant, feature: string) {
    return withTransaction(t.services.db, (tx) =>
      debit(tx, { tenantId: tenant.tenant_id, feature, reason: "tool_usage" }),
    );
  }

  function isInsufficient(error: unknown): boolean {
    return isAppError(error) && error.code === "insufficient_credits" && error.status === 402;
  }

  test("a debit takes the rate: tenant override over global over the built-in default", async () => {
    const tenant = await t.tenant({ credits: "10" });
    const other = await t.tenant({ credits: "10" });
    // SIGNATURE_SEARCH: built-in default 0.05; no other test in this file touches its rates.
    assert.equal((await debitOnce(tenant, "SIGNATURE_SEARCH")).charged, "0.05");
    await setRate(t.services.db, "SIGNATURE_SEARCH", "0.3");
    assert.equal((await debitOnce(tenant, "SIGNATURE_SEARCH")).charged, "0.3");
    await setRate(t.services.db, "SIGNATURE_SEARCH", "0.125", tenant.tenant_id);
    assert.equal((await debitOnce(tenant, "SIGNATURE_SEARCH")).charged, "0.125");
    assert.equal((await debitOnce(other, "SIGNATURE_SEARCH")).charged, "0.3", "override is per tenant");
    assert.equal(await balanceOf(t.services.db, tenant.tenant_id), "9.525");
  });

  test("a debit writes one ledger row with a negative delta and returns the new balance", async () => {
    const tenant = await t.tenant({ credits: "1" });
    const result = await debitOnce(tenant, "FACE_VERIFY");
    assert.deepEqual(
      { charged: result.charged, balance: result.balance },
      { charged: "0.1", balance: "0.9" },
    );
    const rows = await ledgerRows(tenant);
    assert.deepEqual(rows.slice(1), [{ delta: "-0.1", reason: "tool_usage", feature: "FACE_VERIFY" }]);
    assert.equal(rows[0]!.reason, "topup");
  });

  test("concurrent debits never overdraw: 20 against a balance for 5 leave exactly 5 paid and 0", async () => {
    const tenant = await t.tenant({ credits: "5" });
    await setRate(t.services.db, "FACE_SEARCH", "1", tenant.tenant_id);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => debitOnce(tenant, "FACE_SEARCH")),
    );
    const paid = outcomes.filter((outcome) => outcome.status === "fulfilled");
    const refused = outcomes.filter((outcome) => outcome.status === "rejected");
    assert.equal(paid.length, 5);
    for (const outcome of refused) assert.ok(isInsufficient(outcome.reason), String(outcome.reason));
    assert.equal(await balanceOf(t.services.db, tenant.tenant_id), "0");
    const debits = (await ledgerRows(tenant)).filter((row) => row.reason === "tool_usage");
    assert.equal(debits.length, 5);
  });

  test("402 insufficient_credits changes nothing", async () => {
    const tenant = await t.tenant({ credits: "0.05" });
    const before = await ledgerRows(tenant);
    await assert.rejects(debitOnce(tenant, "FACE_VERIFY"), isInsufficient);
    assert.equal(await balanceOf(t.services.db, tenant.tenant_id), "0.05");
    assert.deepEqual(await ledgerRows(tenant), before);
  });

  test("a debit inside a rolled-back transaction leaves no trace", async () => {
    const tenant = await t.tenant({ credits: "2" });
    const before = await ledgerRows(tenant);
    await assert.rejects(
      withTransaction(t.services.db, async (tx) => {
        await debit(tx, { tenantId: tenant.tenant_id, feature: "FACE_VERIFY", reason: "tool_usage" });
        throw new Error("the action failed");
      }),
      /the action failed/,
    );
    assert.equal(await balanceOf(t.services.db, tenant.tenant_id), "2");
    assert.deepEqual(await ledgerRows(tenant), before);
  });

  describe("over HTTP", () => {
    function call(tenant: TestTenant, body: z.input<typeof toolBody>) {
      return t.app.inject({ method: "POST", url: TOOL, headers: tenant.headers, payload: body });
    }

    test("a paid tool call debits one tool_usage row", async () => {
      const tenant = await t.tenant({ credits: "1" });
      const response = await call(tenant, { features: ["FACE_VERIFY"], billed: "FACE_VERIFY" });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(await balanceOf(t.services.db, tenant.tenant_id), "0.9");
      const debits = (await ledgerRows(tenant)).filter((row) => row.reason === "tool_usage");
      assert.deepEqual(debits, [{ delta: "-0.1", reason: "tool_usage", feature: "FACE_VERIFY" }]);
    });

    test('a balance short of the rate is 402 {detail: "insufficient_credits"} before any work', async () => {
      const tenant = await t.tenant({ credits: "0.05" });
      const response = await call(tenant, { features: ["FACE_VERIFY"], billed: "FACE_VERIFY" });
      assert.equal(response.statusCode, 402);
      assert.deepEqual(response.json(), { detail: "insufficient_credits" });
      assert.equal(await balanceOf(t.services.db, tenant.tenant_id), "0.05");
    });

    test('a disabled feature is 403 {detail: "feature_not_enabled", features} listing each disabled key', async () => {
      const tenant = await t.tenant({ credits: "10", features: ["FACE_VERIFY"] });
      const response = await call(tenant, {
        features: ["FACE_VERIFY", "LIVENESS", "PASSIVE"],
        billed: "LIVENESS",
      });
      assert.equal(response.statusCode, 403);
      assert.deepEqual(response.json(), { detail: "feature_not_enabled", features: ["LIVENESS", "PASSIVE"] });
      assert.equal(await balanceOf(t.services.db, tenant.tenant_id), "10");
    });

    test("a tool call that fails is not charged", async () => {
      const tenant = await t.tenant({ credits: "1" });
      const response = await call(tenant, { features: ["FACE_VERIFY"], billed: "FACE_VERIFY", fail: true });
      assert.equal(response.statusCode, 422);
      assert.deepEqual(response.json(), { detail: "no_face_detected" });
      assert.equal(await balanceOf(t.services.db, tenant.tenant_id), "1");
    });
  });
});
