// Console login and bearer tokens: one generic 401 for every login failure, 12-hour tokens, logout,
// per-email attempt limits, and the reviewer/admin split.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { sql } from "kysely";
import { runOperatorCommand } from "../../src/composition/operator-commands.js";
import { disableOperator } from "../../src/console/operator-admin.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import { auditRows, loginAs, operator, PASSWORD } from "./console-support.js";

describe("console authentication", () => {
  let t: TestApp;
  let tenant: TestTenant;

  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant();
  });
  after(() => t.close());

  test("kyc operator create stores a lower-cased email and a salted scrypt hash; login returns a 12 h token", async () => {
    const created = (await runOperatorCommand(t.services, [
      "operator",
      "create",
      "--email",
      "Ops.Lead@Example.com",
      "--password",
      PASSWORD,
    ])) as { operator_id: string; email: string; role: string };
    assert.equal(created.email, "ops.lead@example.com");
    assert.equal(created.role, "admin");
    const row = await t.services.db
      .selectFrom("operators")
      .selectAll()
      .where("id", "=", created.operator_id)
      .executeTakeFirstOrThrow();
    assert.match(row.password_hash, /^scrypt\$16384\$8\$1\$[^$]+\$[^$]+$/);
    assert.ok(!row.password_hash.includes(PASSWORD));

    const response = await loginAs(t, "OPS.lead@example.com");
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.ok(body.token.length >= 40);
    const hours = (Date.parse(body.expires_at) - Date.now()) / 3_600_000;
    assert.ok(hours > 11.9 && hours <= 12.01, `expires in ${hours} h`);
    const stored = await t.services.db.selectFrom("operator_tokens").selectAll().execute();
    assert.ok(
      stored.every((token) => token.token_hash !== body.token),
      "tokens are stored hashed",
    );
    assert.equal((await auditRows(t, "operator.create", created.operator_id)).length, 1);
  });

  test("a second operator with the same email (any case) is refused", async () => {
    await runOperatorCommand(t.services, [
      "operator",
      "create",
      "--email",
      "dup@example.com",
      "--password",
      PASSWORD,
    ]);
    await assert.rejects(
      runOperatorCommand(t.services, [
        "operator",
        "create",
        "--email",
        "DUP@example.com",
        "--password",
        PASSWORD,
      ]),
      (error: Error & { code?: string }) => error.code === "conflict",
    );
    await assert.rejects(
      runOperatorCommand(t.services, [
        "operator",
        "create",
        "--email",
        "x@example.com",
        "--password",
        "short",
      ]),
      (error: Error & { code?: string }) => error.code === "validation_failed",
    );
  });

  test("wrong password, unknown email and a disabled operator get the same 401", async () => {
    const admin = await operator(t);
    const disabled = await operator(t);
    await disableOperator(t.services.db, disabled.email);
    const answers = [
      await loginAs(t, admin.email, "wrong password!!"),
      await loginAs(t, "nobody@example.com"),
      await loginAs(t, disabled.email),
    ];
    for (const answer of answers) {
      assert.equal(answer.statusCode, 401);
      assert.deepEqual(answer.json(), answers[0]!.json());
    }
    assert.deepEqual(answers[0]!.json(), { detail: "invalid credentials" });
    // The disabled operator's earlier token stops working too.
    const sessions = await t.app.inject({
      url: `/console/api/tenants/${tenant.tenant_id}/sessions`,
      headers: disabled.headers,
    });
    assert.equal(sessions.statusCode, 401);
  });

  test("every route but login needs a valid, unexpired bearer token", async () => {
    const url = `/console/api/tenants/${tenant.tenant_id}/sessions`;
    for (const headers of [{}, { authorization: "Bearer nope" }, { authorization: "Basic abc" }]) {
      const response = await t.app.inject({ url, headers });
      assert.equal(response.statusCode, 401);
      assert.deepEqual(response.json(), { detail: "invalid token" });
    }
    const admin = await operator(t);
    assert.equal((await t.app.inject({ url, headers: admin.headers })).statusCode, 200);
    await t.services.db
      .updateTable("operator_tokens")
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where("operator_id", "=", admin.operatorId)
      .execute();
    assert.equal((await t.app.inject({ url, headers: admin.headers })).statusCode, 401);
  });

  test("logout ends the token at once", async () => {
    const admin = await operator(t);
    const url = `/console/api/tenants/${tenant.tenant_id}/sessions`;
    const logout = await t.app.inject({ method: "POST", url: "/console/api/logout", headers: admin.headers });
    assert.equal(logout.statusCode, 200, logout.body);
    assert.equal((await t.app.inject({ url, headers: admin.headers })).statusCode, 401);
    assert.equal((await auditRows(t, "operator.logout", admin.operatorId)).length, 1);
  });

  test("login attempts per email are limited; another email is unaffected", async () => {
    const target = await operator(t);
    let last = await loginAs(t, target.email, "guess 0 guess");
    for (let i = 1; i < 12 && last.statusCode !== 429; i++) {
      last = await loginAs(t, target.email, `guess ${i} guess`);
    }
    assert.equal(last.statusCode, 429);
    assert.ok(Number(last.headers["retry-after"]) >= 1);
    // Even the right password waits out the window.
    assert.equal((await loginAs(t, target.email)).statusCode, 429);
    const other = await operator(t);
    assert.equal((await loginAs(t, other.email)).statusCode, 200);
  });

  test("reviewers read sessions; admin-only routes answer 403 to them", async () => {
    const reviewer = await operator(t, "reviewer");
    const base = `/console/api/tenants/${tenant.tenant_id}`;
    assert.equal(
      (await t.app.inject({ url: `${base}/sessions`, headers: reviewer.headers })).statusCode,
      200,
    );
    const forbidden = await t.app.inject({ url: `${base}/webhooks/events`, headers: reviewer.headers });
    assert.equal(forbidden.statusCode, 403);
    assert.deepEqual(forbidden.json(), { detail: "forbidden" });
    const admin = await operator(t);
    assert.equal(
      (await t.app.inject({ url: `${base}/webhooks/events`, headers: admin.headers })).statusCode,
      200,
    );
  });

  test("an unknown or malformed tenant id answers 404", async () => {
    const admin = await operator(t);
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const response = await t.app.inject({
        url: `/console/api/tenants/${id}/sessions`,
        headers: admin.headers,
      });
      assert.equal(response.statusCode, 404, id);
    }
  });
});
