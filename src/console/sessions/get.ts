// GET /console/api/tenants/:tenant_id/sessions/:session_id: the session object with decision_v3.
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { readSession } from "../../verify/sessions/serialize-session.js";
import { sessionIdParams, sessionObjectSchema } from "../../verify/sessions/session-schemas.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

export function registerConsoleGetSessionRoute(app: App, services: Services): void {
  app.get(
    "/sessions/:session_id",
    {
      config: { consoleRole: "reviewer" },
      schema: {
        summary: "Session detail",
        tags: CONSOLE_TAGS,
        params: tenantParams.extend(sessionIdParams.shape),
        response: { 200: sessionObjectSchema },
      },
    },
    async (request) => {
      return readSession(services.db, services.config, request.params.tenant_id, request.params.session_id);
    },
  );
}
