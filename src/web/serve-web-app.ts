// Serves the hosted applicant pages (design: web — one Vite build served by Fastify): `/verify/<token>`
// and the partner's `/s/<token>` answer web/dist/index.html; `/flow-assets/*` are the hashed bundles.
// An unknown or deleted `/verify/<token>` (or an unknown `/s/<token>`) answers 404 with the same page marked `data-page="not-found"`,
// which renders the friendly not-found screen without calling the API.
// Without a build (tests that never run `npm run build`) the pages answer a plain 503 instead of failing.
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { App } from "../platform/http/app.js";

/** src/web and dist/web both sit two levels below the project root. */
export const WEB_DIST = fileURLToPath(new URL("../../web/dist/", import.meta.url));

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".json": "application/json",
};

// The token sits in the page URL: never leak it in a Referer; the page talks only to its own origin.
const PAGE_HEADERS = {
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "content-security-policy":
    "default-src 'self'; img-src 'self' data: blob: https:; media-src 'self' blob:; " +
    "style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'",
  "permissions-policy": "camera=(self), microphone=()",
};

interface CachedFile {
  body: Buffer;
  gzip: Buffer | null;
  type: string;
}

export interface WebAppOptions {
  /** Folder holding index.html and flow-assets/ (default web/dist). */
  root?: string;
  /** Whether a `/verify/<token>` link names a session; without it every link gets the page (200). */
  verifyLinkExists?: (token: string) => Promise<boolean>;
  /** Whether a partner `/s/<token>` link names an application; without it every link gets the page (200). */
  partnerLinkExists?: (token: string) => Promise<boolean>;
  /**
   * Origins that may frame `/preview/branding` (the console's live branding preview, on base_url); the
   * applicant pages themselves are never framed.
   */
  previewFrameAncestors?: string[];
}

const NOT_FOUND_MARK = '<div id="app" data-page="not-found"';

/** index.html marked for the not-found screen. */
function notFoundVariant(index: CachedFile): CachedFile {
  const body = Buffer.from(index.body.toString("utf8").replace('<div id="app"', NOT_FOUND_MARK));
  return { ...index, body, gzip: index.gzip ? gzipSync(body, { level: 9 }) : null };
}

export function registerWebApp(app: App, options: WebAppOptions = {}): void {
  const root = options.root ?? WEB_DIST;
  const cache = new Map<string, CachedFile | null>();
  let notFoundPage: { from: CachedFile; page: CachedFile } | null = null;

  async function load(relative: string): Promise<CachedFile | null> {
    if (cache.has(relative)) return cache.get(relative)!;
    let file: CachedFile | null = null;
    try {
      const body = await readFile(join(root, relative));
      const type = TYPES[extname(relative)] ?? "application/octet-stream";
      const compressible = /text|javascript|json|svg|ttf/.test(type) && body.length > 1024;
      file = { body, gzip: compressible ? gzipSync(body, { level: 9 }) : null, type };
    } catch {
      file = null;
    }
    // index.html is re-read until it exists, so a build made after start is picked up.
    if (file || relative !== "index.html") cache.set(relative, file);
    return file;
  }

  function send(request: FastifyRequest, reply: FastifyReply, file: CachedFile, cacheControl: string) {
    reply
      .header("content-type", file.type)
      .header("cache-control", cacheControl)
      .header("vary", "accept-encoding");
    if (file.gzip && /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""))) {
      return reply.header("content-encoding", "gzip").send(file.gzip);
    }
    return reply.send(file.body);
  }

  async function page(request: FastifyRequest, reply: FastifyReply, headers = PAGE_HEADERS) {
    reply.headers(headers);
    const index = await load("index.html");
    if (!index) {
      return reply
        .status(503)
        .type("text/plain; charset=utf-8")
        .send("The applicant pages are not built on this server: run `npm run build`.\n");
    }
    return send(request, reply, index, "no-store");
  }

  /** The page for a link, or the same page marked not-found with a 404 when the lookup does not know it. */
  function linkPage(lookup: ((token: string) => Promise<boolean>) | undefined) {
    return async (request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
      // A failed lookup (database busy) still serves the page: its API call reports what is wrong.
      const known = lookup ? await lookup(request.params.token).catch(() => true) : true;
      if (known) return page(request, reply);
      reply.headers(PAGE_HEADERS);
      const index = await load("index.html");
      if (!index) return reply.status(404).type("text/plain; charset=utf-8").send("Not found.\n");
      if (notFoundPage?.from !== index) notFoundPage = { from: index, page: notFoundVariant(index) };
      return send(request, reply.status(404), notFoundPage.page, "no-store");
    };
  }

  // The console's branding preview: the same page, framed by the console, reading its branding from the URL
  // fragment (no session, no API call).
  const previewHeaders = {
    ...PAGE_HEADERS,
    "content-security-policy": PAGE_HEADERS["content-security-policy"].replace(
      "frame-ancestors 'none'",
      `frame-ancestors 'self' ${(options.previewFrameAncestors ?? []).join(" ")}`.trim(),
    ),
    "permissions-policy": "camera=(), microphone=()",
  };
  app.get("/preview/branding", { schema: { hide: true } }, (request, reply) =>
    page(request, reply, previewHeaders),
  );
  app.get("/verify/:token", { schema: { hide: true } }, linkPage(options.verifyLinkExists));
  app.get("/s/:token", { schema: { hide: true } }, linkPage(options.partnerLinkExists));
  app.get("/flow-assets/*", { schema: { hide: true } }, async (request, reply) => {
    const name = (request.params as { "*": string })["*"];
    const relative = normalize(join("flow-assets", name));
    if (!relative.startsWith("flow-assets/") || name.includes("\0")) return reply.callNotFound();
    const file = await load(relative);
    if (!file) return reply.callNotFound();
    // Vite names bundles by content hash: a changed file gets a new name.
    return send(request, reply, file, "public, max-age=31536000, immutable");
  });
}
