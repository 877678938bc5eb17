// Console TOTP: an operator enrols (QR + otpauth URI, confirmed with a code), sign-in then needs the code, a
// code is never accepted twice, wrong codes count towards the lockout, an admin can require TOTP for
// everyone (operators without it can only enrol), and an admin's reset is the recovery path; all audited.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { generate } from "otplib";
import { LOCKOUT_FAILURES } from "../../src/console/login-lockout.js";
import { operatorAccountCommands } from "../../src/console/operator-commands.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import {
  assertCsrfRequired,
  auditRows,
  cookieSession,
  operator,
  PASSWORD,
  type TestOperator,
} from "./console-support.js";

describe("console TOTP", () => {
  let t: TestApp;
  let admin: TestOperator;

  before(async () => {
    t = await createTestApp();
    admin = await operator(t);
  });
  after(() => t.close());

  const call = (who: TestOperator, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/console/api${url}`,
      headers: who.headers,
      ...(payload ? { payload } : {}),
    });
  const login = (email: string, totp_code?: string) =>
    t.app.inject({
      method: "POST",
      url: "/console/api/login",
      payload: { email, password: PASSWORD, ...(totp_code ? { totp_code } : {}) },
    });

  /** Enrols the operator and returns the secret (the code for the step after the confirming one is fresh). */
  async function enrol(who: TestOperator): Promise<string> {
    const started = await call(who, "POST", "/me/totp/enrol");
    assert.equal(started.statusCode, 200, started.body);
    const { secret, otpauth_uri, qr_svg } = started.json();
    assert.match(otpauth_uri, /^otpauth:\/\/totp\/KYC%20console:.+\?secret=[A-Z2-7]+&issuer=KYC%20console$/);
    assert.match(qr_svg, /^<svg[^>]*>.*<\/svg>\s*$/s);
    const confirmed = await call(who, "POST", "/me/totp/confirm", {
      code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) - 30 }),
    });
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    return secret;
  }

  test("an enrolled operator signs in only with a current code, and a code works once", async () => {
    const who = await operator(t, "reviewer");
    const wrong = await call(who, "POST", "/me/totp/confirm", { code: "12345" });
    assert.equal(wrong.statusCode, 409, "nothing to confirm before enrolment starts");
    const secret = await enrol(who);
    assert.equal((await auditRows(t, "operator.totp_enable", who.operatorId)).length, 1);

    const noCode = await login(who.email);
    assert.equal(noCode.statusCode, 401);
    assert.deepEqual(noCode.json(), { detail: "totp_required" });
    const code = await generate({ secret });
    const ok = await login(who.email, code);
    assert.equal(ok.statusCode, 200, ok.body);
    const me = await t.app.inject({
      url: "/console/api/me",
      headers: { authorization: `Bearer ${ok.json().token}` },
    });
    assert.equal(me.json().totp_enabled, true);
    const replay = await login(who.email, code);
    assert.equal(replay.statusCode, 401);
    assert.deepEqual(replay.json(), { detail: "totp_invalid" });
    assert.equal((await call(who, "POST", "/me/totp/enrol")).statusCode, 409, "already on");
  });

  test("wrong codes count towards the lockout, even with the right password, and are audited", async () => {
    const who = await operator(t);
    await enrol(who);
    for (let i = 0; i < LOCKOUT_FAILURES; i += 1) {
      const response = await login(who.email, "000000");
      assert.equal(response.statusCode, 401, response.body);
    }
    const locked = await login(who.email, "000000");
    assert.equal(locked.statusCode, 429);
    assert.ok(Number(locked.headers["retry-after"]) > 0);
    assert.equal((await auditRows(t, "operator.totp_failed", who.operatorId)).length, LOCKOUT_FAILURES);
  });

  test("required TOTP: operators without it may only enrol, then everything opens", async () => {
    const other = await operator(t, "reviewer");
    const set = await call(admin, "PUT", "/settings/security", { require_totp: true });
    assert.equal(set.statusCode, 200, set.body);
    try {
      assert.equal((await auditRows(t, "console.require_totp")).length, 1);
      const blocked = await call(other, "GET", "/review-queue");
      assert.equal(blocked.statusCode, 403);
      assert.deepEqual(blocked.json(), { detail: "totp_enrolment_required" });
      const me = await call(other, "GET", "/me");
      assert.equal(me.statusCode, 200);
      assert.equal(me.json().pending, "totp_enrolment");
      await enrol(other);
      assert.equal((await call(other, "GET", "/review-queue")).statusCode, 200);
      assert.equal((await call(other, "GET", "/me")).json().pending, null);
    } finally {
      await enrol(admin).catch(() => undefined);
      const off = await call(admin, "PUT", "/settings/security", { require_totp: false });
      assert.equal(off.statusCode, 200, off.body);
    }
    assert.equal((await call(admin, "GET", "/settings/security")).json().require_totp, false);
  });

  test("an admin's TOTP reset lets the operator in with the password alone and ends their sessions", async () => {
    const who = await operator(t, "reviewer");
    await enrol(who);
    const reset = await call(admin, "POST", `/operators/${who.operatorId}/reset-totp`);
    assert.equal(reset.statusCode, 200, reset.body);
    assert.equal((await call(who, "GET", "/me")).statusCode, 401, "the old session ended");
    assert.equal((await login(who.email)).statusCode, 200);
    const audit = await auditRows(t, "operator.totp_reset", who.operatorId);
    assert.equal(audit[0]!.actor, `operator:${admin.email}`);
  });

  test("the web sign-in takes the code too, and TOTP changes made with the cookie need the CSRF token", async () => {
    const who = await operator(t, "reviewer");
    await assertCsrfRequired(t, who.email, [
      { method: "POST", url: "/me/totp/enrol" },
      { method: "POST", url: "/me/totp/confirm", payload: { code: "123456" } },
      { method: "PUT", url: "/settings/security", payload: { require_totp: true } },
    ]);
    const secret = await enrol(who);
    const session = await cookieSession(t, who.email, PASSWORD, await generate({ secret }));
    const me = await t.app.inject({ url: "/console/api/me", headers: { cookie: session.cookie } });
    assert.equal(me.json().totp_enabled, true);
  });

  test("`kyc operator reset-totp` is the recovery when no admin can sign in", async () => {
    const who = await operator(t);
    await enrol(who);
    const result = await operatorAccountCommands["operator reset-totp"]!(t.services, {
      positionals: [],
      flags: { email: who.email.toUpperCase() },
    });
    assert.deepEqual(result, { ok: true });
    assert.equal((await login(who.email)).statusCode, 200, "the password alone works again");
    assert.equal((await auditRows(t, "operator.totp_reset", who.operatorId))[0]!.actor, "operator");
  });

  test("reviewers may not change the security settings or reset others", async () => {
    const reviewer = await operator(t, "reviewer");
    assert.equal((await call(reviewer, "GET", "/settings/security")).statusCode, 403);
    assert.equal((await call(reviewer, "PUT", "/settings/security", { require_totp: true })).statusCode, 403);
    assert.equal((await call(reviewer, "POST", `/operators/${admin.operatorId}/reset-totp`)).statusCode, 403);
  });
});
