// POST /console/api/tenants/:tenant_id/sessions/:session_id/rerun-checks: runs a held session's checks again
// (e.g. AML screening that was unavailable) and answers the new status; audited with the operator.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { rerunChecks } from "../../verify/sessions/rerun-checks.js";
import { sessionIdParams } from "../../verify/sessions/session-schemas.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

export function registerConsoleRerunChecksRoute(app: App, services: Services): void {
  app.post(
    "/sessions/:session_id/rerun-checks",
    {
      config: { consoleRole: "reviewer" },
      schema: {
        summary: "Run a held session's checks again",
        description:
          "Only for a session in review: in_review → in_progress, then the decision runs over the stored " +
          "captures and the session lands where that decision puts it (webhook as usual).",
        tags: CONSOLE_TAGS,
        params: tenantParams.extend(sessionIdParams.shape),
        response: { 200: z.object({ session_id: z.string(), status: z.string() }) },
      },
    },
    async (request) => {
      const { tenant_id: tenantId, session_id: sessionId } = request.params;
      const status = await rerunChecks(services, { tenantId, sessionId, actor: operatorOf(request).actor });
      return { session_id: sessionId, status };
    },
  );
}
