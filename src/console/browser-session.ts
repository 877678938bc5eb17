// The console web app's session (README: Operator console): the same opaque operator token as the bearer API,
// held in an httpOnly, SameSite=Strict cookie scoped to /console, so page scripts never see it. Every
// state-changing call made with the cookie must also send `X-CSRF-Token`, a value derived from the session
// token (SHA-256 under a fixed label): a cross-site page can neither read it nor compute it, and the server
// keeps no extra state for it.
import { timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../platform/errors.js";
import { sha256Hex } from "../platform/ids.js";
import { TOKEN_LIFETIME_HOURS } from "./operator-tokens.js";

export const SESSION_COOKIE = "kyc_console";
export const CSRF_HEADER = "x-csrf-token";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function csrfTokenFor(sessionToken: string): string {
  return sha256Hex(`console-csrf:${sessionToken}`);
}

export function sessionCookieOf(request: FastifyRequest): string | undefined {
  for (const part of String(request.headers.cookie ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === SESSION_COOKIE) return decodeURIComponent(value.join("=")) || undefined;
  }
  return undefined;
}

/** A cookie-authenticated change without the matching header is refused (403) before its handler runs. */
export function assertCsrf(request: FastifyRequest, sessionToken: string): void {
  if (SAFE_METHODS.has(request.method)) return;
  const sent = Buffer.from(String(request.headers[CSRF_HEADER] ?? ""));
  const expected = Buffer.from(csrfTokenFor(sessionToken));
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
    throw new AppError("forbidden", {
      detail: "csrf_token_invalid",
      message: "Missing or wrong CSRF token.",
    });
  }
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.header("set-cookie", cookie(encodeURIComponent(token), TOKEN_LIFETIME_HOURS * 3600, secure));
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.header("set-cookie", cookie("", 0, secure));
}

function cookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  const flags = [`Path=/console`, `Max-Age=${maxAgeSeconds}`, "HttpOnly", "SameSite=Strict"];
  if (secure) flags.push("Secure");
  return [`${SESSION_COOKIE}=${value}`, ...flags].join("; ");
}
