// Asserts that an error response has its surface's documented body shape (src/platform/http/error-bodies.ts).
import assert from "node:assert/strict";
import type { LightMyRequestResponse } from "fastify";

export type SurfaceName = "verify" | "partner" | "lists" | "console";

export function surfaceOfPath(path: string): SurfaceName {
  if (path.startsWith("/api/v1/lists")) return "lists";
  if (path.startsWith("/api/v1")) return "partner";
  if (path.startsWith("/console/")) return "console";
  return "verify";
}

/** Throws unless `response` is a 4xx in the shape its surface documents. */
export function assertErrorShape(path: string, response: LightMyRequestResponse, context = path): void {
  assert.ok(response.statusCode >= 400 && response.statusCode < 500, `${context}: ${response.statusCode}`);
  let body: Record<string, unknown>;
  try {
    body = response.json();
  } catch {
    assert.fail(`${context}: ${response.statusCode} body is not JSON: ${response.body.slice(0, 200)}`);
  }
  assert.equal(typeof body, "object", context);
  assert.ok(!("code" in body && String(body.code).startsWith("FST_")), `${context}: Fastify's own shape`);
  assert.ok(!("statusCode" in body), `${context}: Fastify's own shape ${response.body.slice(0, 200)}`);
  switch (surfaceOfPath(path)) {
    case "verify":
    case "console":
      assert.equal(typeof body.detail, "string", `${context}: ${response.body.slice(0, 200)}`);
      for (const key of Object.keys(body)) {
        // `allowed`: spec — an unknown lens service is 404 invalid_lens_service "with the allowed list".
        const extra = body.detail === "invalid_lens_service" ? ["allowed"] : [];
        assert.ok(
          ["detail", "features", "error", "message", ...extra].includes(key),
          `${context}: extra key ${key}`,
        );
      }
      break;
    case "partner":
      assert.equal(body.ok, false, `${context}: ${response.body.slice(0, 200)}`);
      assert.equal(typeof body.error, "string", context);
      break;
    case "lists":
      assert.equal(typeof body.error, "string", `${context}: ${response.body.slice(0, 200)}`);
      break;
  }
}
