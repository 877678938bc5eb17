// POST /console/api/logout: the bearer token stops working at once.
import type { App } from "../platform/http/app.js";
import type { Services } from "../services.js";
import { auditedChange } from "./audited-change.js";
import { bearerTokenOf, operatorOf } from "./console-auth.js";
import { CONSOLE_TAGS, okSchema } from "./console-schemas.js";
import { revokeOperatorToken } from "./operator-tokens.js";

export function registerLogoutRoute(app: App, services: Services): void {
  app.post(
    "/logout",
    {
      config: { consoleRole: "reviewer" },
      schema: { summary: "Operator logout", tags: CONSOLE_TAGS, response: { 200: okSchema } },
    },
    async (request) => {
      const operator = operatorOf(request);
      await auditedChange(
        services,
        operator,
        { tenantId: null, action: "operator.logout", target: operator.operatorId },
        (tx) => revokeOperatorToken(tx, bearerTokenOf(request.headers) ?? ""),
      );
      return { ok: true as const };
    },
  );
}
