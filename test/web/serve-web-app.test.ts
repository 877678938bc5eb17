// The hosted pages are served by the service (design: web): index.html at /verify/<token> and /s/<token>,
// hashed bundles under /flow-assets/, a real 404 for an unknown link, and a plain 503 when the web app was
// never built.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { gunzipSync } from "node:zlib";
import Fastify from "fastify";
import type { App } from "../../src/platform/http/app.js";
import { registerWebApp, type WebAppOptions } from "../../src/web/serve-web-app.js";

async function appWith(root: string, options: Omit<WebAppOptions, "root"> = {}): Promise<App> {
  const app = Fastify() as unknown as App;
  registerWebApp(app, { root, ...options });
  await app.ready();
  return app;
}

test("without a build the page routes answer a clear 503, not a crash", async () => {
  const app = await appWith(mkdtempSync(join(tmpdir(), "web-missing-")));
  for (const url of ["/verify/abcdefghijklmnopqrstuvwxyz123456", "/s/abcdefghijklmnopqrstuvwxyz"]) {
    const response = await app.inject({ url });
    assert.equal(response.statusCode, 503);
    assert.match(response.headers["content-type"] as string, /^text\/plain/);
    assert.match(response.body, /npm run build/);
  }
  await app.close();
});

test("pages get index.html uncached and without a referrer; bundles are immutable and gzipped", async () => {
  const root = mkdtempSync(join(tmpdir(), "web-built-"));
  mkdirSync(join(root, "flow-assets"));
  writeFileSync(join(root, "index.html"), "<!doctype html><title>flow</title>");
  const script = `console.log(${JSON.stringify("x".repeat(4000))});`;
  writeFileSync(join(root, "flow-assets/index-abc123.js"), script);
  const app = await appWith(root);

  const page = await app.inject({ url: "/verify/abcdefghijklmnopqrstuvwxyz123456" });
  assert.equal(page.statusCode, 200);
  assert.match(page.headers["content-type"] as string, /^text\/html/);
  assert.equal(page.headers["cache-control"], "no-store");
  assert.equal(page.headers["referrer-policy"], "no-referrer");
  assert.match(page.headers["content-security-policy"] as string, /default-src 'self'/);
  assert.equal((await app.inject({ url: "/s/abcdefghijklmnopqrstuvwxyz" })).statusCode, 200);

  const asset = await app.inject({
    url: "/flow-assets/index-abc123.js",
    headers: { "accept-encoding": "gzip, br" },
  });
  assert.equal(asset.statusCode, 200);
  assert.match(asset.headers["cache-control"] as string, /immutable/);
  assert.equal(asset.headers["content-encoding"], "gzip");
  assert.equal(gunzipSync(asset.rawPayload).toString(), script);

  assert.equal((await app.inject({ url: "/flow-assets/missing.js" })).statusCode, 404);
  assert.equal((await app.inject({ url: "/flow-assets/..%2Findex.html" })).statusCode, 404);
  await app.close();
});

test("an unknown /verify/<token> or /s/<token> is a 404 page marked not-found, uncached and without a referrer", async () => {
  const root = mkdtempSync(join(tmpdir(), "web-404-"));
  writeFileSync(
    join(root, "index.html"),
    `<!doctype html><div id="app" aria-live="polite"></div>${"<!-- -->".repeat(200)}`,
  );
  const known = "k".repeat(32);
  const app = await appWith(root, {
    verifyLinkExists: async (token) => token === known,
    partnerLinkExists: async (token) => token === known,
  });

  const missing = await app.inject({
    url: `/verify/${"x".repeat(32)}`,
    headers: { "accept-encoding": "gzip" },
  });
  assert.equal(missing.statusCode, 404);
  assert.match(missing.headers["content-type"] as string, /^text\/html/);
  assert.equal(missing.headers["cache-control"], "no-store");
  assert.equal(missing.headers["referrer-policy"], "no-referrer");
  assert.match(gunzipSync(missing.rawPayload).toString(), /<div id="app" data-page="not-found" aria-live/);

  const found = await app.inject({ url: `/verify/${known}` });
  assert.equal(found.statusCode, 200);
  assert.doesNotMatch(found.body, /not-found/);
  const partnerMissing = await app.inject({ url: `/s/${"x".repeat(32)}` });
  assert.equal(partnerMissing.statusCode, 404);
  assert.equal(partnerMissing.headers["referrer-policy"], "no-referrer");
  assert.match(partnerMissing.body, /data-page="not-found"/);
  assert.equal((await app.inject({ url: `/s/${known}` })).statusCode, 200);
  await app.close();
});

test("a failing lookup still serves the page (its API call reports the problem)", async () => {
  const root = mkdtempSync(join(tmpdir(), "web-lookup-"));
  writeFileSync(join(root, "index.html"), '<!doctype html><div id="app"></div>');
  const app = await appWith(root, {
    verifyLinkExists: async () => {
      throw new Error("database busy");
    },
  });
  assert.equal((await app.inject({ url: `/verify/${"x".repeat(32)}` })).statusCode, 200);
  await app.close();
});

test("only the branding preview may be framed, and only by the console's origin; session pages never", async () => {
  const root = mkdtempSync(join(tmpdir(), "web-preview-"));
  writeFileSync(join(root, "index.html"), "<!doctype html><title>flow</title>");
  const app = await appWith(root, { previewFrameAncestors: ["https://console.example.com"] });
  const preview = await app.inject({ url: "/preview/branding" });
  assert.equal(preview.statusCode, 200);
  assert.match(
    preview.headers["content-security-policy"] as string,
    /frame-ancestors 'self' https:\/\/console\.example\.com;/,
  );
  assert.equal(preview.headers["permissions-policy"], "camera=(), microphone=()");
  const session = await app.inject({ url: "/verify/abcdefghijklmnopqrstuvwxyz123456" });
  assert.match(session.headers["content-security-policy"] as string, /frame-ancestors 'none'/);
  await app.close();
});
