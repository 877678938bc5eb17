// GET /console/api/tenants/:tenant_id/sessions: the tenant's sessions, newest first, paged, in the /v3 shape.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import { MAX_PAGE } from "../../platform/http/paging.js";
import type { Services } from "../../services.js";
import { listSessions } from "../../verify/sessions/list-sessions.js";
import { sessionObjectSchema } from "../../verify/sessions/session-schemas.js";
import { SESSION_STATUSES } from "../../verify/sessions/session-states.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

const query = z.object({
  status: z.enum(SESSION_STATUSES, { error: "invalid_status" }).optional().describe("e.g. in_review"),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1).describe(`Default 1, at most ${MAX_PAGE}.`),
  page_size: z.coerce.number().int().min(1).max(200).default(50).describe("Default 50, max 200."),
});

export function registerConsoleListSessionsRoute(app: App, services: Services): void {
  app.get(
    "/sessions",
    {
      config: { consoleRole: "reviewer" },
      schema: {
        summary: "List a tenant's sessions",
        tags: CONSOLE_TAGS,
        params: tenantParams,
        querystring: query,
        response: { 200: z.array(sessionObjectSchema) },
      },
    },
    async (request, reply) => {
      const { tenant_id: tenantId } = request.params;
      const { status, page, page_size: pageSize } = request.query;
      const { total, sessions } = await listSessions(services.db, services.config, tenantId, {
        status,
        page,
        pageSize,
      });
      reply.header("X-Total-Count", total).header("X-Page", page).header("X-Page-Size", pageSize);
      return sessions;
    },
  );
}
