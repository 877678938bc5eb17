// GET /docs: the API reference rendered from /openapi.json by Swagger UI (the `swagger-ui-dist` package), served
// from this server — no CDN, nothing fetched from elsewhere (the CSP allows only this origin). The two bundle
// files are read once and sent gzipped to clients that accept it.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import type { App } from "../platform/http/app.js";

const require = createRequire(import.meta.url);

const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
};

const HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "content-security-policy":
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
    "font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'",
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Identity verification service</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
<div id="docs"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;

// validatorUrl null: Swagger UI would otherwise send the document to an online validator.
const INIT = `window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#docs",
  deepLinking: true,
  validatorUrl: null,
  displayOperationId: true,
  defaultModelsExpandDepth: 0,
});
`;

interface Asset {
  body: Buffer;
  gzip: Buffer;
  type: string;
}

export function registerApiDocs(app: App): void {
  const cache = new Map<string, Promise<Asset>>();
  const load = (name: string): Promise<Asset> => {
    let asset = cache.get(name);
    if (!asset) {
      const root = dirname(require.resolve("swagger-ui-dist/package.json"));
      asset = readFile(join(root, name)).then((body) => ({
        body,
        gzip: gzipSync(body, { level: 9 }),
        type: ASSETS[name]!,
      }));
      cache.set(name, asset);
    }
    return asset;
  };

  app.get("/docs", { schema: { hide: true } }, async (_request, reply) =>
    reply.headers(HEADERS).type("text/html; charset=utf-8").send(PAGE),
  );
  app.get("/docs/init.js", { schema: { hide: true } }, async (_request, reply) =>
    reply.headers(HEADERS).type("text/javascript; charset=utf-8").send(INIT),
  );
  app.get<{ Params: { file: string } }>(
    "/docs/assets/:file",
    { schema: { hide: true } },
    async (request, reply) => {
      const name = request.params.file;
      if (!Object.hasOwn(ASSETS, name)) return reply.status(404).send({ detail: "Not found." });
      const asset = await load(name);
      reply.headers(HEADERS).header("cache-control", "public, max-age=86400").type(asset.type);
      if (/\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""))) {
        return reply.header("content-encoding", "gzip").header("vary", "accept-encoding").send(asset.gzip);
      }
      return reply.header("vary", "accept-encoding").send(asset.body);
    },
  );
}
