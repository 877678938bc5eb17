// Serves the operator console web app (console/dist, built by `npm run build`): index.html for /console/ and
// every client route under it, hashed bundles under /console/assets/. /console/api/* stays the API: an unknown
// API path is a JSON 404, never the page. Without a build the page answers a plain 503.
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyReply } from "fastify";
import type { App } from "../platform/http/app.js";
import { CONSOLE_PATH } from "./console-paths.js";

/** src/console and dist/console both sit two levels below the project root. */
export const CONSOLE_DIST = fileURLToPath(new URL("../../console/dist/", import.meta.url));

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};

const PAGE_HEADERS = {
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "content-security-policy":
    "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; style-src 'self' 'unsafe-inline'; " +
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
};

export function registerConsoleApp(app: App, options: { root?: string } = {}): void {
  const root = options.root ?? CONSOLE_DIST;
  const assets = new Map<string, Buffer | null>();

  async function page(reply: FastifyReply) {
    reply.headers(PAGE_HEADERS).header("cache-control", "no-store");
    // Re-read each time: a build made after start is picked up, and the file is small.
    const index = await readFile(join(root, "index.html")).catch(() => null);
    if (!index) {
      return reply
        .status(503)
        .type("text/plain; charset=utf-8")
        .send("The operator console is not built on this server: run `npm run build`.\n");
    }
    return reply.type(TYPES[".html"]!).send(index);
  }

  // The app ignores trailing slashes, so this also answers /console.
  app.get(`${CONSOLE_PATH}/`, { schema: { hide: true } }, (_request, reply) => page(reply));
  app.get(`${CONSOLE_PATH}/assets/*`, { schema: { hide: true } }, async (request, reply) => {
    const name = (request.params as { "*": string })["*"];
    const relative = normalize(join("assets", name));
    if (!relative.startsWith("assets/") || name.includes("\0")) return reply.callNotFound();
    if (!assets.has(relative)) assets.set(relative, await readFile(join(root, relative)).catch(() => null));
    const body = assets.get(relative);
    if (!body) return reply.callNotFound();
    return reply
      .header("content-type", TYPES[extname(relative)] ?? "application/octet-stream")
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("x-content-type-options", "nosniff")
      .send(body);
  });
  // Client routes (/console/keys, /console/tenants/…/sessions/…); API paths never fall through to the page.
  app.get(`${CONSOLE_PATH}/*`, { schema: { hide: true } }, (request, reply) => {
    const rest = (request.params as { "*": string })["*"];
    if (rest === "api" || rest.startsWith("api/")) return reply.callNotFound();
    return page(reply);
  });
}
