// Console authentication: `Authorization: Bearer <token>` from POST /console/api/login. Admins may call every
// console route; reviewers only the routes marked `consoleRole: "reviewer"` (reading sessions, resolving
// reviews, logging out).
import type { FastifyRequest } from "fastify";
import { AppError } from "../platform/errors.js";
import type { App } from "../platform/http/app.js";
import type { Services } from "../services.js";
import { authenticateOperatorToken, invalidToken, type OperatorContext } from "./operator-tokens.js";

declare module "fastify" {
  interface FastifyRequest {
    operator?: OperatorContext;
  }
  interface FastifyContextConfig {
    /** `reviewer`: reviewers may call this console route too (default: admins only). */
    consoleRole?: "reviewer";
  }
}

export function bearerTokenOf(headers: FastifyRequest["headers"]): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? "");
  return match?.[1];
}

export function addConsoleAuthHook(scope: App, services: Services): void {
  scope.addHook("onRequest", async (request) => {
    const operator = await authenticateOperatorToken(services.db, bearerTokenOf(request.headers));
    if (operator.role !== "admin" && request.routeOptions.config.consoleRole !== operator.role) {
      throw new AppError("forbidden", {
        detail: "forbidden",
        message: "This operator's role may not do this.",
      });
    }
    request.operator = operator;
  });
}

export function operatorOf(request: FastifyRequest): OperatorContext {
  if (!request.operator) throw invalidToken();
  return request.operator;
}
