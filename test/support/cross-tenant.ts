// Runs every tenant-scoped route with another tenant's key and expects the answer a missing id gets
// (spec: "A resource of another tenant answers 404, identical to a nonexistent one"; style habit 6).
import assert from "node:assert/strict";
import type { App } from "../../src/platform/http/app.js";

export interface ScopedRoute {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  url: string;
  body?: unknown;
  /** The same route with an id that does not exist; its answer must equal the other tenant's. */
  missingUrl?: string;
}

export async function assertCrossTenantNotFound(
  app: App,
  routes: ScopedRoute[],
  otherTenantHeaders: Record<string, string>,
): Promise<void> {
  for (const route of routes) {
    const foreign = await app.inject({
      method: route.method,
      url: route.url,
      headers: otherTenantHeaders,
      ...(route.body === undefined ? {} : { payload: route.body as object }),
    });
    assert.equal(
      foreign.statusCode,
      404,
      `${route.method} ${route.url} with another tenant's key: ${foreign.body}`,
    );
    if (route.missingUrl) {
      const missing = await app.inject({
        method: route.method,
        url: route.missingUrl,
        headers: otherTenantHeaders,
        ...(route.body === undefined ? {} : { payload: route.body as object }),
      });
      assert.equal(missing.statusCode, 404);
      assert.deepEqual(
        foreign.json(),
        missing.json(),
        `${route.method} ${route.url}: body differs from a missing id`,
      );
    }
  }
}
