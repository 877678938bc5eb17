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

/** Sessions whose mode this process remembers at most (oldest forgotten first). */
const MODE_CACHE_SIZE = 20_000;

export function keyModeGuard(services: Pick<Services, "db">) {
  // A session's mode is fixed when it is created (nothing updates `test`), so what was read once stays
  // true: a repeated read of the same session costs no query here. Only found sessions are remembered; a
  // deleted one is refused by its route as before.
  const modes = new Map<string, boolean>();
  return async (request: FastifyRequest): Promise<void> => {
    const tenant = request.tenant;
    if (!tenant) return;
    if (tenant.test && !testKeyAllowed(request.routeOptions.url ?? "")) throw testKeyRefused();
    const sessionId = (request.params as { session_id?: unknown } | undefined)?.session_id;
    if (typeof sessionId !== "string" || !isUuid(sessionId)) return;
    const key = `${tenant.tenantId}/${sessionId}`;
    let test = modes.get(key);
    if (test === undefined) {
      const row = await services.db
        .selectFrom("sessions")
        .select("test")
        .where("tenant_id", "=", tenant.tenantId)
        .where("id", "=", sessionId)
        .executeTakeFirst();
      if (!row) return;
      test = row.test;
      if (modes.size >= MODE_CACHE_SIZE) modes.delete(modes.keys().next().value as string);
      modes.set(key, test);
    }
    if (test !== tenant.test) throw sessionNotFound();
  };
}
