// Partner-surface test helpers: Bearer headers, flows, and JWTs minted by an independent library (jose).
import { SignJWT } from "jose";
import { createFlow, type FlowListLink } from "../../src/partner/flows/flows.js";
import type { TestApp, TestTenant } from "../support/test-app.js";

/** The tenant's live default workflow (every new tenant has one): flows must point at a real workflow. */
export async function defaultWorkflowId(t: TestApp, tenant: { tenant_id: string }): Promise<string> {
  const row = await t.services.db
    .selectFrom("workflows")
    .select("id")
    .where("tenant_id", "=", tenant.tenant_id)
    .where("is_default", "=", true)
    .executeTakeFirstOrThrow();
  return row.id;
}

export function bearer(tenant: { api_key: string }): Record<string, string> {
  return { authorization: `Bearer ${tenant.api_key}` };
}

export async function flowFor(
  t: TestApp,
  tenant: TestTenant,
  options: { isActive?: boolean; formFields?: string[]; riskLists?: FlowListLink[] } = {},
): Promise<string> {
  const flow = await createFlow(t.services.db, tenant.tenant_id, {
    name: `Flow ${Math.random().toString(36).slice(2, 8)}`,
    workflowId: await defaultWorkflowId(t, tenant),
    ...options,
  });
  return flow.id;
}

export interface JwtOptions {
  claims?: Record<string, unknown>;
  iat?: number;
  exp?: number;
  secret?: string;
  omit?: ("jti" | "iat" | "exp")[];
}

/** An HS256 token signed with the tenant's JWT signing secret unless told otherwise. */
export async function partnerJwt(tenant: TestTenant, options: JwtOptions = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = {
    jti: `jti-${Math.random().toString(36).slice(2)}`,
    iat: options.iat ?? now,
    exp: options.exp ?? (options.iat ?? now) + 120,
    ...options.claims,
  };
  for (const name of options.omit ?? []) delete claims[name];
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .sign(new TextEncoder().encode(options.secret ?? tenant.jwt_signing_secret));
}

export async function createSession(
  t: TestApp,
  tenant: TestTenant,
  flowId: string,
  options: JwtOptions = {},
): Promise<{ statusCode: number; body: Record<string, unknown> }> {
  const jwt = await partnerJwt(tenant, { ...options, claims: { flow_id: flowId, ...options.claims } });
  const response = await t.app.inject({
    method: "POST",
    url: "/api/v1/sessions/",
    headers: bearer(tenant),
    payload: { jwt },
  });
  return { statusCode: response.statusCode, body: response.json() };
}

/** The token part of a hosted URL `{flow_url}/s/<TOKEN>`. */
export function tokenOf(url: unknown): string {
  return String(url).split("/s/")[1] ?? "";
}
