// design: Sandbox — test keys and live keys see disjoint worlds. One hook on the /v3 surface enforces it for
// every route, including routes added later: a test key may call the session, workflow-list, media and
// sandbox routes only, and any route with a `session_id` answers 404 when the session's mode differs from
// the key's (the same 404 as another tenant's session, so neither side learns the other exists).
import type { FastifyRequest } from "fastify";
import { AppError } from "../../platform/errors.js";
import { isUuid } from "../../platform/ids.js";
import type { Services } from "../../services.js";
import { sessionNotFound } from "../sessions/find-session.js";

/** Route URLs (as registered, under /v3) a test key may call. */
const TEST_KEY_ROUTES = [
  /^\/v3\/sessions?(\/|$)/,
  /^\/v3\/workflows\/?$/,
  /^\/v3\/media\//,
  /^\/v3\/sandbox\//,
];

export function testKeyAllowed(routeUrl: string): boolean {
  return TEST_KEY_ROUTES.some((pattern) => pattern.test(routeUrl));
}

export function testKeyRefused(): AppError {
  return new AppError("forbidden", {
    detail: "Test keys can call the session, workflow, media and sandbox routes only.",
    message: "Test keys can call the session, workflow, media and sandbox routes only.",
  });
}

export function keyModeGuard(services: Pick<Services, "db">) {
  return async (request: FastifyRequest): Promise<void> => {
    const tenant = request.tenant;
    if (!tenant) return;
    if (tenant.test && !testKeyAllowed(request.routeOptions.url ?? "")) throw testKeyRefused();
    const sessionId = (request.params as { session_id?: unknown } | undefined)?.session_id;
    if (typeof sessionId !== "string" || !isUuid(sessionId)) return;
    const row = await services.db
      .selectFrom("sessions")
      .select("test")
      .where("tenant_id", "=", tenant.tenantId)
      .where("id", "=", sessionId)
      .executeTakeFirst();
    if (row && row.test !== tenant.test) throw sessionNotFound();
  };
}
