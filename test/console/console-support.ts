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
