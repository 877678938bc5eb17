// POST /console/api/tenants/:tenant_id/sessions {workflow_id?, vendor_data?}: an admin creates a verification
// link for an applicant; it expires after 24 hours (spec: Limits — console-created links). The session is
// made and charged exactly as POST /v3/session/ makes it; the audit row names the operator.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { createSession } from "../../verify/sessions/create-session.js";
import { createSessionBody, createSessionResponse } from "../../verify/sessions/session-input.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

export const CONSOLE_LINK_HOURS = 24;

const body = z.object({
  workflow_id: z.string().optional().describe("Workflow uuid; the tenant default when omitted."),
  vendor_data: z.string().max(1000).optional().describe("Your reference for the applicant."),
});

export function registerConsoleCreateLinkRoute(app: App, services: Services): void {
  app.post(
    "/sessions",
    {
      schema: {
        summary: "Create a verification link",
        description: `A new session whose link expires after ${CONSOLE_LINK_HOURS} hours; admins only.`,
        tags: CONSOLE_TAGS,
        params: tenantParams,
        body,
        response: { 201: createSessionResponse },
      },
    },
    async (request, reply) => {
      const { tenant_id: tenantId } = request.params;
      const operator = operatorOf(request);
      // Parsed like a /v3 body, so its defaults and checks apply.
      const input = createSessionBody.parse({ ...request.body, expires_in_hours: CONSOLE_LINK_HOURS });
      // The audit row is written in the session's own transaction.
      const session = await createSession(services, tenantId, input, {
        actor: { actor: operator.actor, auditAction: "session.create_link" },
      });
      return reply.status(201).send(session);
    },
  );
}
