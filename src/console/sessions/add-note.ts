// POST /console/api/tenants/:tenant_id/sessions/:session_id/notes {text}: an operator's note in the session log,
// audited with the operator, in one transaction.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { findSession } from "../../verify/sessions/find-session.js";
import { logSessionEvent } from "../../verify/sessions/session-log.js";
import { sessionIdParams } from "../../verify/sessions/session-schemas.js";
import { auditedChange } from "../audited-change.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, okSchema, tenantParams } from "../console-schemas.js";

const body = z.object({
  text: z.string().trim().min(1).max(4000).describe("The note, shown in the session log."),
});

export function registerConsoleAddSessionNoteRoute(app: App, services: Services): void {
  app.post(
    "/sessions/:session_id/notes",
    {
      config: { consoleRole: "reviewer" },
      schema: {
        summary: "Add a note to a session",
        tags: CONSOLE_TAGS,
        params: tenantParams.extend(sessionIdParams.shape),
        body,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const { tenant_id: tenantId, session_id: sessionId } = request.params;
      const operator = operatorOf(request);
      await auditedChange(
        services,
        operator,
        { tenantId, action: "session.note", target: sessionId },
        async (tx) => {
          await findSession(tx, tenantId, sessionId);
          await logSessionEvent(tx, {
            tenantId,
            sessionId,
            type: "note",
            actor: operator.actor,
            data: { text: request.body.text },
          });
        },
      );
      return { ok: true as const };
    },
  );
}
