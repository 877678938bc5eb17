// The console web app is served by the service: index.html (uncached, strict headers) for /console/ and every
// client route, hashed bundles under /console/assets/, a plain 503 without a build, and never the page for an
// API path.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import Fastify from "fastify";
import { registerConsoleApp } from "../../src/console/serve-console-app.js";
import type { App } from "../../src/platform/http/app.js";

async function appWith(root: string): Promise<App> {
  const app = Fastify({ ignoreTrailingSlash: true }) as unknown as App;
  registerConsoleApp(app, { root });
  await app.ready();
  return app;
}

test("without a build the console answers a clear 503", async () => {
  const app = await appWith(mkdtempSync(join(tmpdir(), "console-missing-")));
  const response = await app.inject({ url: "/console/" });
  assert.equal(response.statusCode, 503);
  assert.match(response.body, /npm run build/);
  await app.close();
});

test("client routes get index.html uncached with a strict CSP; bundles are immutable; API paths are not pages", async () => {
  const root = mkdtempSync(join(tmpdir(), "console-built-"));
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "index.html"), "<!doctype html><title>console</title>");
  writeFileSync(join(root, "assets/index-abc.js"), "console.log(1)");
  const app = await appWith(root);
  for (const url of ["/console", "/console/", "/console/keys", "/console/tenants/t/sessions/s"]) {
    const page = await app.inject({ url });
    assert.equal(page.statusCode, 200, url);
    assert.match(page.body, /<title>console<\/title>/);
    assert.equal(page.headers["cache-control"], "no-store");
    assert.match(String(page.headers["content-security-policy"]), /frame-ancestors 'none'/);
  }
  const bundle = await app.inject({ url: "/console/assets/index-abc.js" });
  assert.equal(bundle.statusCode, 200);
  assert.match(String(bundle.headers["cache-control"]), /immutable/);
  assert.equal((await app.inject({ url: "/console/assets/..%2F..%2Fpackage.json" })).statusCode, 404);
  assert.equal((await app.inject({ url: "/console/assets/missing.js" })).statusCode, 404);
  assert.equal((await app.inject({ url: "/console/api/no-such-route" })).statusCode, 404);
  await app.close();
});
