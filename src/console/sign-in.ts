// POST /console/api/sign-in {email, password}: the web app's sign-in. Same checks, rate limit and lockout as
// /login, but the token goes into the httpOnly session cookie and the answer carries only the CSRF token the
// page must echo on changes. GET /console/api/me tells a reloaded page who is signed in (and its CSRF token).
import { z } from "zod";
import type { App } from "../platform/http/app.js";
import type { Services } from "../services.js";
import { csrfTokenFor, sessionCookieOf, setSessionCookie } from "./browser-session.js";
import { operatorOf } from "./console-auth.js";
import { CONSOLE_TAGS } from "./console-schemas.js";
import { loginOperator } from "./login-operator.js";
import { authenticateOperatorToken, type OperatorContext } from "./operator-tokens.js";

const body = z.object({
  email: z.string().max(320).describe("The operator's email (case-insensitive)."),
  password: z.string().max(1024).describe("The operator's password."),
  totp_code: z
    .string()
    .max(16)
    .optional()
    .describe("The 6-digit code of an operator with two-factor authentication (else 401 `totp_required`)."),
});

const signedInSchema = z.object({
  email: z.string(),
  role: z.enum(["admin", "reviewer"]),
  csrf_token: z
    .string()
    .nullable()
    .describe("Send as `X-CSRF-Token` on every POST/PUT/PATCH/DELETE made with the cookie; null for bearer."),
  totp_enabled: z.boolean().describe("Whether the operator signs in with a TOTP code."),
  pending: z
    .enum(["password_change", "totp_enrolment"])
    .nullable()
    .describe("What the operator must do before any other route answers (403 `<pending>_required`)."),
});

function signedIn(operator: OperatorContext, cookieToken: string | undefined) {
  return {
    email: operator.email,
    role: operator.role,
    csrf_token: cookieToken ? csrfTokenFor(cookieToken) : null,
    totp_enabled: operator.totpEnabled,
    pending: operator.pending,
  };
}

export function registerSignInRoute(app: App, services: Services): void {
  app.post(
    "/sign-in",
    {
      schema: {
        summary: "Operator sign-in (web app)",
        description:
          "Sets the `kyc_console` session cookie (httpOnly, SameSite=Strict, Path=/console, 12 hours). " +
          "Wrong credentials: 401. Five failures in a row for one email lock it for 15 minutes: 429 with Retry-After.",
        tags: CONSOLE_TAGS,
        body,
        response: { 200: signedInSchema.extend({ expires_at: z.string().describe("UTC ISO 8601.") }) },
      },
    },
    async (request, reply) => {
      const issued = await loginOperator(services, request.body);
      const operator = await authenticateOperatorToken(services.db, issued.token);
      setSessionCookie(reply, issued.token, services.config.publicUrl.startsWith("https:"));
      return { ...signedIn(operator, issued.token), expires_at: issued.expires_at };
    },
  );
}

export function registerMeRoute(app: App): void {
  app.get(
    "/me",
    {
      config: { consoleRole: "reviewer", consoleWhilePending: true },
      schema: { summary: "The signed-in operator", tags: CONSOLE_TAGS, response: { 200: signedInSchema } },
    },
    async (request) => {
      const bearer = /^Bearer\s/i.test(request.headers.authorization ?? "");
      return signedIn(operatorOf(request), bearer ? undefined : sessionCookieOf(request));
    },
  );
}
