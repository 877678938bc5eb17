// POST /console/api/logout: the bearer token (or the web app's session cookie, which is also cleared) stops
// working at once.
import type { App } from "../platform/http/app.js";
import type { Services } from "../services.js";
import { auditedChange } from "./audited-change.js";
import { clearSessionCookie } from "./browser-session.js";
import { operatorOf, operatorTokenOf } from "./console-auth.js";
import { CONSOLE_TAGS, okSchema } from "./console-schemas.js";
import { revokeOperatorToken } from "./operator-tokens.js";

export function registerLogoutRoute(app: App, services: Services): void {
  app.post(
    "/logout",
    {
      config: { consoleRole: "reviewer", consoleWhilePending: true },
      schema: { summary: "Operator logout", tags: CONSOLE_TAGS, response: { 200: okSchema } },
    },
    async (request, reply) => {
      const operator = operatorOf(request);
      await auditedChange(
        services,
        operator,
        { tenantId: null, action: "operator.logout", target: operator.operatorId },
        (tx) => revokeOperatorToken(tx, operatorTokenOf(request) ?? ""),
      );
      clearSessionCookie(reply, services.config.publicUrl.startsWith("https:"));
      return { ok: true as const };
    },
  );
}
