// GET /v3/session/ and its alias /v3/sessions: newest first, paged, with X-Total-Count / X-Page / X-Page-Size.
import { z } from "zod";
import { type App, tenantOf } from "../../../platform/http/app.js";
import { pageParam, pageSizeParam } from "../../../platform/http/paging.js";
import type { Services } from "../../../services.js";
import { listSessions } from "../list-sessions.js";
import { sessionObjectSchema } from "../session-schemas.js";
import { SESSION_STATUSES } from "../session-states.js";

const query = z.object({
  status: z.enum(SESSION_STATUSES, { error: "invalid_status" }).optional(),
  session_kind: z.literal("user", { error: "invalid_session_kind" }).optional(),
  page: z.string().optional().describe("Default 1."),
  page_size: z.string().optional().describe("Default 50, max 200."),
});

export function registerListSessionsRoute(app: App, services: Services): void {
  for (const url of ["/session/", "/sessions"]) {
    app.get(
      url,
      {
        config: { rateBucket: "kyc_v3_read" },
        schema: {
          summary: url === "/session/" ? "List sessions" : "List sessions (alias)",
          tags: ["sessions"],
          querystring: query,
          response: { 200: z.array(sessionObjectSchema) },
        },
      },
      async (request, reply) => {
        const { tenantId, test } = tenantOf(request);
        const page = pageParam(request.query.page);
        const pageSize = pageSizeParam(request.query.page_size, { fallback: 50, max: 200 });
        const { total, sessions } = await listSessions(services.db, services.config, tenantId, {
          status: request.query.status,
          sessionKind: request.query.session_kind,
          page,
          pageSize,
          test,
        });
        reply.header("X-Total-Count", total).header("X-Page", page).header("X-Page-Size", pageSize);
        return sessions;
      },
    );
  }
}
