// Console authentication: `Authorization: Bearer <token>` from POST /console/api/login (scripts), or the web
// app's session cookie from POST /console/api/sign-in plus its CSRF header on changes (browser-session.ts).
// A bearer header wins when both are present. Admins may call every
// console route; reviewers only the routes marked `consoleRole: "reviewer"` (reading sessions, resolving
// reviews, logging out). An operator with a pending password change or TOTP enrolment reaches only the routes
// marked `consoleWhilePending` (403 `password_change_required` / `totp_enrolment_required` elsewhere).
import type { FastifyRequest } from "fastify";
import { AppError } from "../platform/errors.js";
import type { App } from "../platform/http/app.js";
import type { Services } from "../services.js";
import { assertCsrf, sessionCookieOf } from "./browser-session.js";
import { authenticateOperatorToken, invalidToken, type OperatorContext } from "./operator-tokens.js";

declare module "fastify" {
  interface FastifyRequest {
    operator?: OperatorContext;
  }
  interface FastifyContextConfig {
    /** `reviewer`: reviewers may call this console route too (default: admins only). */
    consoleRole?: "reviewer";
    /** The operator's own account routes: open while a password change or TOTP enrolment is pending. */
    consoleWhilePending?: true;
  }
}

export function bearerTokenOf(headers: FastifyRequest["headers"]): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? "");
  return match?.[1];
}

export function addConsoleAuthHook(scope: App, services: Services): void {
  scope.addHook("onRequest", async (request) => {
    const bearer = bearerTokenOf(request.headers);
    const cookie = bearer ? undefined : sessionCookieOf(request);
    const operator = await authenticateOperatorToken(services.db, bearer ?? cookie);
    if (cookie) assertCsrf(request, cookie);
    if (operator.role !== "admin" && request.routeOptions.config.consoleRole !== operator.role) {
      throw new AppError("forbidden", {
        detail: "forbidden",
        message: "This operator's role may not do this.",
      });
    }
    if (operator.pending && !request.routeOptions.config.consoleWhilePending) {
      throw new AppError("forbidden", {
        detail: `${operator.pending}_required`,
        message:
          operator.pending === "password_change"
            ? "Choose a new password first."
            : "Set up two-factor authentication first.",
      });
    }
    request.operator = operator;
  });
}

/** The token this request authenticated with (bearer header or session cookie). */
export function operatorTokenOf(request: FastifyRequest): string | undefined {
  return bearerTokenOf(request.headers) ?? sessionCookieOf(request);
}

export function operatorOf(request: FastifyRequest): OperatorContext {
  if (!request.operator) throw invalidToken();
  return request.operator;
}
