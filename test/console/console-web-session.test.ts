// The console web app's session: sign-in sets an httpOnly SameSite=Strict cookie, changes made with it need
// the CSRF header, bearer tokens keep working for scripts, and repeated failures lock the email.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { csrfTokenFor } from "../../src/console/browser-session.js";
import { LOCKOUT_FAILURES } from "../../src/console/login-lockout.js";
import { createOperator } from "../../src/console/operators.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { auditRows, operator, PASSWORD } from "./console-support.js";

let counter = 0;

async function newOperatorEmail(t: TestApp, role: "admin" | "reviewer" = "admin"): Promise<string> {
  counter += 1;
  const email = `web${counter}-${Date.now()}@example.com`;
  await createOperator(t.services.db, { email, password: PASSWORD, role });
  return email;
}

describe("console web session", () => {
  let t: TestApp;

  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  function signIn(email: string, password = PASSWORD) {
    return t.app.inject({ method: "POST", url: "/console/api/sign-in", payload: { email, password } });
  }

  function cookieOf(response: { headers: Record<string, unknown> }): string {
    const header = String(response.headers["set-cookie"]);
    return header.split(";")[0]!;
  }

  test("sign-in sets an httpOnly, SameSite=Strict cookie scoped to /console and answers the CSRF token", async () => {
    const email = await newOperatorEmail(t);
    const response = await signIn(email.toUpperCase());
    assert.equal(response.statusCode, 200, response.body);
    const setCookie = String(response.headers["set-cookie"]);
    assert.match(setCookie, /^kyc_console=[^;]{40,};/);
    for (const flag of ["HttpOnly", "SameSite=Strict", "Path=/console", "Max-Age=43200"]) {
      assert.ok(setCookie.includes(flag), `${flag} in ${setCookie}`);
    }
    const token = decodeURIComponent(cookieOf(response).split("=")[1]!);
    const body = response.json();
    assert.deepEqual(
      { email: body.email, role: body.role, csrf_token: body.csrf_token },
      { email, role: "admin", csrf_token: csrfTokenFor(token) },
    );
    assert.ok(!response.body.includes(token), "the session token never reaches page scripts");
    const me = await t.app.inject({ url: "/console/api/me", headers: { cookie: cookieOf(response) } });
    assert.equal(me.statusCode, 200);
    assert.equal(me.json().csrf_token, body.csrf_token);
  });

  test("a change made with the cookie needs the CSRF header; reads do not", async () => {
    const email = await newOperatorEmail(t);
    const response = await signIn(email);
    const cookie = cookieOf(response);
    const csrf = response.json().csrf_token;
    const read = await t.app.inject({ url: "/console/api/tenants", headers: { cookie } });
    assert.equal(read.statusCode, 200, read.body);
    const create = (headers: Record<string, string>) =>
      t.app.inject({ method: "POST", url: "/console/api/tenants", headers, payload: { name: "Cookie Co" } });
    const missing = await create({ cookie });
    assert.equal(missing.statusCode, 403);
    assert.deepEqual(missing.json(), { detail: "csrf_token_invalid" });
    assert.equal((await create({ cookie, "x-csrf-token": "0".repeat(64) })).statusCode, 403);
    const allowed = await create({ cookie, "x-csrf-token": csrf });
    assert.equal(allowed.statusCode, 201, allowed.body);
  });

  test("the bearer API keeps working for scripts without any CSRF header", async () => {
    const admin = await operator(t);
    const response = await t.app.inject({
      method: "POST",
      url: "/console/api/tenants",
      headers: admin.headers,
      payload: { name: "Script Co" },
    });
    assert.equal(response.statusCode, 201, response.body);
    const me = await t.app.inject({ url: "/console/api/me", headers: admin.headers });
    assert.equal(me.json().csrf_token, null);
  });

  test("sign-out ends the cookie's session and clears the cookie", async () => {
    const email = await newOperatorEmail(t, "reviewer");
    const response = await signIn(email);
    const cookie = cookieOf(response);
    const out = await t.app.inject({
      method: "POST",
      url: "/console/api/logout",
      headers: { cookie, "x-csrf-token": response.json().csrf_token },
    });
    assert.equal(out.statusCode, 200, out.body);
    assert.match(String(out.headers["set-cookie"]), /^kyc_console=; Path=\/console; Max-Age=0; HttpOnly/);
    assert.equal((await t.app.inject({ url: "/console/api/me", headers: { cookie } })).statusCode, 401);
  });

  test(`${LOCKOUT_FAILURES} wrong passwords lock the email for 15 minutes, even for the right password`, async () => {
    const email = await newOperatorEmail(t);
    for (let i = 0; i < LOCKOUT_FAILURES; i++) {
      const wrong = await signIn(email, `wrong password ${i}`);
      assert.equal(wrong.statusCode, 401, `attempt ${i + 1}`);
    }
    const locked = await signIn(email);
    assert.equal(locked.statusCode, 429);
    const retryAfter = Number(locked.headers["retry-after"]);
    assert.ok(retryAfter > 14 * 60 && retryAfter <= 15 * 60, `Retry-After ${retryAfter}`);
    // The bearer login shares the lock.
    const bearer = await t.app.inject({
      method: "POST",
      url: "/console/api/login",
      payload: { email, password: PASSWORD },
    });
    assert.equal(bearer.statusCode, 429);
    // Once the lock has passed, the right password works and clears the count.
    await t.services.db
      .updateTable("console_login_failures")
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where("email", "=", email)
      .execute();
    assert.equal((await signIn(email)).statusCode, 200);
    const row = await t.services.db
      .selectFrom("console_login_failures")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirst();
    assert.equal(row, undefined);
  });

  test("an unknown email locks the same way, so the answers never reveal which emails exist", async () => {
    const email = `nobody-${Date.now()}@example.com`;
    const answers: number[] = [];
    for (let i = 0; i <= LOCKOUT_FAILURES; i++)
      answers.push((await signIn(email, "whatever pass")).statusCode);
    assert.deepEqual(answers, [401, 401, 401, 401, 401, 429]);
  });

  test("sign-in is reachable by strangers, so its body is limited like login's (4 KB)", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/console/api/sign-in",
      payload: { email: "a@example.com", password: "x".repeat(5000) },
    });
    assert.equal(response.statusCode, 413);
  });

  test("a failed count below the limit is cleared by a successful sign-in", async () => {
    const email = await newOperatorEmail(t);
    for (let i = 0; i < LOCKOUT_FAILURES - 1; i++) await signIn(email, "not the password");
    assert.equal((await signIn(email)).statusCode, 200);
    assert.equal((await signIn(email, "not the password")).statusCode, 401);
    assert.equal((await signIn(email)).statusCode, 200);
    assert.ok((await auditRows(t, "operator.login")).length >= 2);
  });
});
