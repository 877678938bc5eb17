// The OpenAPI document an integrator generates a client from: valid OpenAPI 3.1 (checked by a maintained
// validator), every operation with an operationId and its error responses, a security requirement on every
// authenticated surface, the webhook payloads under `webhooks`, and the offline docs page at /docs.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { validate } from "@readme/openapi-parser";
import { registeredRoutes } from "../../src/platform/http/app.js";
import { createTestApp, type TestApp } from "../support/test-app.js";

type Operation = {
  operationId?: string;
  responses?: Record<string, unknown>;
  security?: Record<string, string[]>[];
};

describe("OpenAPI document", () => {
  let t: TestApp;
  let doc: {
    paths: Record<string, Record<string, Operation>>;
    webhooks?: Record<string, { post?: Operation & { requestBody?: unknown } }>;
    components: { securitySchemes: Record<string, unknown> };
  };
  const operations: { method: string; path: string; op: Operation }[] = [];

  before(async () => {
    t = await createTestApp();
    doc = (await t.app.inject({ url: "/openapi.json" })).json();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (["get", "post", "put", "patch", "delete"].includes(method)) operations.push({ method, path, op });
      }
    }
  });
  after(() => t.close());

  test("is valid OpenAPI 3.1 for a maintained validator", async () => {
    const result = await validate(structuredClone(doc) as never);
    assert.ok(result.valid, result.valid ? "" : JSON.stringify(result.errors, null, 2));
    // The validator does reject a broken document (guards against a check that passes anything).
    const broken = structuredClone(doc) as unknown as Record<string, unknown>;
    (broken.paths as Record<string, unknown>)["/v3/session/"] = { get: { responses: "none" } };
    assert.equal((await validate(broken as never)).valid, false);
  });

  test("every operation has a unique operationId", () => {
    const missing = operations
      .filter(({ op }) => !op.operationId)
      .map(({ method, path }) => `${method} ${path}`);
    assert.deepEqual(missing, []);
    const ids = operations.map(({ op }) => op.operationId);
    assert.equal(new Set(ids).size, ids.length);
  });

  test("every route the app serves is in the document, unless hidden on purpose", () => {
    const documented = new Set(operations.map(({ method, path }) => `${method.toUpperCase()} ${path}`));
    // The document writes `:name` parameters as `{name}` and a wildcard as `{*}`; HEAD and OPTIONS come with
    // their GET or CORS.
    const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, "{$1}").replace(/\*$/, "{*}");
    const undocumented = registeredRoutes(t.app)
      .filter((route) => !route.hidden && !["HEAD", "OPTIONS"].includes(route.method))
      .map((route) => `${route.method} ${openApiPath(route.url)}`)
      .filter((key) => !documented.has(key) && !documented.has(key.replace(/\/$/, "")));
    assert.deepEqual([...new Set(undocumented)], []);
  });

  test("only pages, assets, the document itself, the health probe and WebSockets are hidden from it", () => {
    const allowed =
      /^\/(openapi\.json|healthz|verify\/:token|s\/:token|preview\/branding|flow-assets\/\*|docs(\/.*)?|console\/(assets\/\*|\*)?)$/;
    // The video calls' signalling sockets (OpenAPI has no way to describe a WebSocket).
    const sockets =
      /^\/(flow-api\/:token|console\/api\/tenants\/:tenant_id\/video-calls\/:call_id)\/(video\/)?socket$/;
    const hiddenApi = registeredRoutes(t.app)
      .filter((route) => route.hidden && !allowed.test(route.url) && !sockets.test(route.url))
      .map((route) => `${route.method} ${route.url}`);
    assert.deepEqual(hiddenApi, []);
  });

  test("every operation documents its error responses", () => {
    const undocumented = operations
      .filter(({ op }) => !Object.keys(op.responses ?? {}).some((status) => /^[45]\d\d$/.test(status)))
      .map(({ method, path }) => `${method} ${path}`);
    assert.deepEqual(undocumented, []);
  });

  test("each authenticated surface names its security scheme", () => {
    for (const scheme of ["verifyKey", "partnerBearer", "consoleBearer"]) {
      assert.ok(doc.components.securitySchemes[scheme], scheme);
    }
    const expected = (path: string): string | null =>
      path.startsWith("/v3")
        ? "verifyKey"
        : path.startsWith("/api/v1")
          ? "partnerBearer"
          : path.startsWith("/console/api") && path !== "/console/api/login"
            ? "consoleBearer"
            : null;
    for (const { method, path, op } of operations) {
      const scheme = expected(path);
      if (!scheme) continue;
      assert.ok(
        op.security?.some((requirement) => scheme in requirement),
        `${method} ${path}`,
      );
    }
  });

  test("the webhooks section describes every event with its payload", () => {
    const events = Object.keys(doc.webhooks ?? {});
    for (const event of [
      "identity.kyc.session.approved",
      "identity.kyc.session.declined",
      "identity.application.created",
    ]) {
      assert.ok(events.includes(event), event);
      assert.ok(doc.webhooks![event]!.post?.requestBody, event);
    }
  });

  test("the sandbox completion is documented with its body and outcomes", () => {
    const op = doc.paths["/v3/sandbox/session/{session_id}/complete/"]?.post as Operation & {
      requestBody: {
        content: { "application/json": { schema: { properties: Record<string, { enum?: string[] }> } } };
      };
    };
    assert.ok(op);
    const outcome = op.requestBody.content["application/json"].schema.properties.outcome!;
    assert.deepEqual(outcome.enum, ["approved", "declined", "in_review"]);
  });

  test("/docs serves the reference page and its bundle from this server", async () => {
    const page = await t.app.inject({ url: "/docs" });
    assert.equal(page.statusCode, 200);
    assert.match(page.headers["content-security-policy"] as string, /script-src 'self'/);
    const scripts = [...page.body.matchAll(/src="([^"]+)"/g)].map((match) => match[1]!);
    assert.ok(
      scripts.every((src) => src.startsWith("/docs/")),
      scripts.join(),
    );
    for (const src of scripts) {
      const asset = await t.app.inject({ url: src });
      assert.equal(asset.statusCode, 200, src);
    }
    const init = await t.app.inject({ url: "/docs/init.js" });
    assert.match(init.body, /url: "\/openapi.json"/);
    assert.equal((await t.app.inject({ url: "/docs/assets/package.json" })).statusCode, 404);
  });
});
