// Console test helpers: operators created through the domain function the CLI uses, logged in over HTTP.
import assert from "node:assert/strict";
import { createOperator } from "../../src/console/operators.js";
import type { TestApp } from "../support/test-app.js";

export const PASSWORD = "correct horse battery";
let counter = 0;

export interface TestOperator {
  email: string;
  operatorId: string;
  headers: Record<string, string>;
}

export async function loginAs(t: TestApp, email: string, password = PASSWORD) {
  return t.app.inject({ method: "POST", url: "/console/api/login", payload: { email, password } });
}

export async function operator(t: TestApp, role: "admin" | "reviewer" = "admin"): Promise<TestOperator> {
  counter += 1;
  const email = `${role}${counter}-${Date.now()}@example.com`;
  const created = await createOperator(t.services.db, { email, password: PASSWORD, role });
  const response = await loginAs(t, email);
  assert.equal(response.statusCode, 200, response.body);
  return {
    email,
    operatorId: created.operator_id,
    headers: { authorization: `Bearer ${response.json().token}` },
  };
}

export async function auditRows(t: TestApp, action: string, target?: string) {
  let query = t.services.db.selectFrom("audit_log").selectAll().where("action", "=", action);
  if (target !== undefined) query = query.where("target", "=", target);
  return query.orderBy("created_at").execute();
}

/** A web-app session (cookie + CSRF token) for an operator, as the page gets it from POST /sign-in. */
export async function cookieSession(t: TestApp, email: string, password = PASSWORD, totp_code?: string) {
  const response = await t.app.inject({
    method: "POST",
    url: "/console/api/sign-in",
    payload: { email, password, ...(totp_code ? { totp_code } : {}) },
  });
  assert.equal(response.statusCode, 200, response.body);
  const cookie = String(response.headers["set-cookie"]).split(";")[0]!;
  return { cookie, csrf: response.json().csrf_token as string };
}

/** Every listed change made with the cookie but without X-CSRF-Token is refused before its handler runs. */
export async function assertCsrfRequired(
  t: TestApp,
  email: string,
  routes: { method: "POST" | "PUT"; url: string; payload?: object }[],
) {
  const { cookie } = await cookieSession(t, email);
  for (const route of routes) {
    const response = await t.app.inject({
      method: route.method,
      url: `/console/api${route.url}`,
      headers: { cookie },
      payload: route.payload ?? {},
    });
    assert.equal(response.statusCode, 403, `${route.method} ${route.url}: ${response.body}`);
    assert.deepEqual(response.json(), { detail: "csrf_token_invalid" });
  }
}
