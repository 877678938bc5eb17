// Admins manage operators from the console: invite with a role (temporary password shown once, changed at the
// first sign-in), change role, deactivate/reactivate, reset the password; the console never loses its last
// active admin; every change is audited; reviewers may do none of it and cookie changes need the CSRF token.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { assertCsrfRequired, auditRows, loginAs, operator, type TestOperator } from "./console-support.js";

describe("console operator administration", () => {
  let t: TestApp;
  let admin: TestOperator;
  let reviewer: TestOperator;

  before(async () => {
    t = await createTestApp();
    admin = await operator(t);
    reviewer = await operator(t, "reviewer");
  });
  after(() => t.close());

  const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object, who = admin) =>
    t.app.inject({
      method,
      url: `/console/api${url}`,
      headers: who.headers,
      ...(payload ? { payload } : {}),
    });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  test("an invited operator signs in with the temporary password and must choose a new one first", async () => {
    const invited = await call("POST", "/operators", { email: "New.Officer@example.com", role: "reviewer" });
    assert.equal(invited.statusCode, 201, invited.body);
    const { operator_id, email, role, temporary_password } = invited.json();
    assert.deepEqual({ email, role }, { email: "new.officer@example.com", role: "reviewer" });
    assert.ok(temporary_password.length >= 20);
    const listed = (await call("GET", "/operators")).json();
    const row = listed.find((entry: { operator_id: string }) => entry.operator_id === operator_id);
    assert.equal(row.must_change_password, true);
    assert.ok(!JSON.stringify(listed).includes(temporary_password), "shown once");
    assert.equal((await auditRows(t, "operator.create", operator_id))[0]!.actor, `operator:${admin.email}`);

    const token = (await loginAs(t, email, temporary_password)).json().token;
    const blocked = await t.app.inject({ url: "/console/api/review-queue", headers: bearer(token) });
    assert.equal(blocked.statusCode, 403);
    assert.deepEqual(blocked.json(), { detail: "password_change_required" });
    const change = (current_password: string, new_password: string) =>
      t.app.inject({
        method: "POST",
        url: "/console/api/me/password",
        headers: bearer(token),
        payload: { current_password, new_password },
      });
    assert.equal((await change("not it", "a brand new password")).statusCode, 400);
    assert.equal((await change(temporary_password, "short")).statusCode, 400);
    assert.equal((await change(temporary_password, "a brand new password")).statusCode, 200);
    const open = await t.app.inject({ url: "/console/api/review-queue", headers: bearer(token) });
    assert.equal(open.statusCode, 200, "the session that changed it stays signed in");
    assert.equal((await loginAs(t, email, "a brand new password")).statusCode, 200);
    assert.equal((await auditRows(t, "operator.password_change", operator_id)).length, 1);
    const taken = await call("POST", "/operators", { email, role: "admin" });
    assert.equal(taken.statusCode, 409);
  });

  test("role change takes effect on the next request", async () => {
    const who = await operator(t, "reviewer");
    assert.equal((await call("GET", "/tenants", undefined, who)).statusCode, 403);
    const promoted = await call("PUT", `/operators/${who.operatorId}/role`, { role: "admin" });
    assert.equal(promoted.statusCode, 200, promoted.body);
    assert.equal((await call("GET", "/tenants", undefined, who)).statusCode, 200);
    const audit = await auditRows(t, "operator.role_change", who.operatorId);
    assert.deepEqual(audit[0]!.data, { email: who.email, from: "reviewer", to: "admin" });
    const bad = await call("PUT", `/operators/${who.operatorId}/role`, { role: "owner" });
    assert.equal(bad.statusCode, 400);
  });

  test("deactivate ends the operator's sessions and refuses sign-in; reactivate lets them back", async () => {
    const who = await operator(t, "reviewer");
    assert.equal((await call("POST", `/operators/${who.operatorId}/deactivate`)).statusCode, 200);
    assert.equal((await call("GET", "/me", undefined, who)).statusCode, 401);
    assert.equal((await loginAs(t, who.email)).statusCode, 401);
    assert.equal((await call("POST", `/operators/${who.operatorId}/reactivate`)).statusCode, 200);
    assert.equal((await loginAs(t, who.email)).statusCode, 200);
    assert.equal((await auditRows(t, "operator.disable", who.operatorId)).length, 1);
    assert.equal((await auditRows(t, "operator.enable", who.operatorId)).length, 1);
  });

  test("a password reset issues a temporary password and ends the old one", async () => {
    const who = await operator(t, "reviewer");
    const reset = await call("POST", `/operators/${who.operatorId}/reset-password`);
    assert.equal(reset.statusCode, 200, reset.body);
    assert.equal((await call("GET", "/me", undefined, who)).statusCode, 401);
    assert.equal((await loginAs(t, who.email)).statusCode, 401, "the old password no longer works");
    const token = (await loginAs(t, who.email, reset.json().temporary_password)).json().token;
    const me = await t.app.inject({ url: "/console/api/me", headers: bearer(token) });
    assert.equal(me.json().pending, "password_change");
    assert.equal((await auditRows(t, "operator.password_reset", who.operatorId)).length, 1);
  });

  test("the last active admin cannot be demoted or deactivated", async () => {
    const solo = await createTestApp();
    try {
      const only = await operator(solo);
      const req = (method: "POST" | "PUT", url: string, payload?: object) =>
        solo.app.inject({
          method,
          url: `/console/api${url}`,
          headers: only.headers,
          ...(payload ? { payload } : {}),
        });
      const demote = await req("PUT", `/operators/${only.operatorId}/role`, { role: "reviewer" });
      assert.equal(demote.statusCode, 409);
      assert.deepEqual(demote.json(), { detail: "last_admin" });
      assert.equal((await req("POST", `/operators/${only.operatorId}/deactivate`)).statusCode, 409);
    } finally {
      await solo.close();
    }
  });

  test("an unknown or malformed operator id is 404", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      const response = await call("POST", `/operators/${id}/reset-password`);
      assert.equal(response.statusCode, 404, id);
      assert.deepEqual(response.json(), { detail: "operator_not_found" });
    }
  });

  test("reviewers may not manage operators", async () => {
    for (const [method, url, payload] of [
      ["GET", "/operators", undefined],
      ["POST", "/operators", { email: "x@example.com", role: "admin" }],
      ["PUT", `/operators/${reviewer.operatorId}/role`, { role: "admin" }],
      ["POST", `/operators/${admin.operatorId}/deactivate`, undefined],
      ["POST", `/operators/${admin.operatorId}/reactivate`, undefined],
      ["POST", `/operators/${admin.operatorId}/reset-password`, undefined],
    ] as const) {
      const response = await call(method, url, payload, reviewer);
      assert.equal(response.statusCode, 403, `${method} ${url}`);
    }
    assert.equal((await call("GET", "/me", undefined, reviewer)).json().role, "reviewer", "still a reviewer");
  });

  test("operator changes made with the cookie need the CSRF token", async () => {
    await assertCsrfRequired(t, admin.email, [
      { method: "POST", url: "/operators", payload: { email: "csrf@example.com", role: "admin" } },
      { method: "PUT", url: `/operators/${reviewer.operatorId}/role`, payload: { role: "admin" } },
      { method: "POST", url: `/operators/${reviewer.operatorId}/deactivate` },
      { method: "POST", url: `/operators/${reviewer.operatorId}/reset-password` },
      { method: "POST", url: `/operators/${reviewer.operatorId}/reset-totp` },
      { method: "POST", url: "/me/password", payload: { current_password: "x", new_password: "y" } },
    ]);
    const listed = (await call("GET", "/operators")).json();
    assert.ok(!listed.some((row: { email: string }) => row.email === "csrf@example.com"));
  });
});
