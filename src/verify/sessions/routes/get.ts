// GET /v3/session/{session_id}/ — the full session object with decision_v3.
import { type App, tenantOf } from "../../../platform/http/app.js";
import type { Services } from "../../../services.js";
import { readSession } from "../serialize-session.js";
import { sessionIdParams, sessionObjectSchema } from "../session-schemas.js";

export function registerGetSessionRoute(app: App, services: Services): void {
  app.get(
    "/session/:session_id/",
    {
      config: { rateBucket: "kyc_v3_read" },
      schema: {
        summary: "Session detail",
        tags: ["sessions"],
        params: sessionIdParams,
        response: { 200: sessionObjectSchema },
      },
    },
    async (request) => {
      const tenantId = tenantOf(request).tenantId;
      const sessionId = request.params.session_id;
      return services.sessionReads.read("session", tenantId, sessionId, () =>
        readSession(services.db, services.config, tenantId, sessionId),
      );
    },
  );
}
