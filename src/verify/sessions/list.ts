// GET /v3/session/ and its alias /v3/sessions: newest first, paged, with X-Total-Count / X-Page / X-Page-Size.
import { sql } from "kysely";
import { z } from "zod";
import { type App, tenantOf } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { serializeSessions } from "./serialize-session.js";
import { sessionObjectSchema } from "./session-schemas.js";
import { SESSION_STATUSES } from "./session-states.js";

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
        const tenantId = tenantOf(request).tenantId;
        const page = Math.max(1, Number.parseInt(request.query.page ?? "1", 10) || 1);
        const pageSize = Math.min(
          200,
          Math.max(1, Number.parseInt(request.query.page_size ?? "50", 10) || 50),
        );
        let scoped = services.db
          .selectFrom("sessions")
          .where("tenant_id", "=", tenantId)
          .where("deleted_at", "is", null);
        if (request.query.status) scoped = scoped.where("status", "=", request.query.status);
        if (request.query.session_kind)
          scoped = scoped.where("session_kind", "=", request.query.session_kind);
        const [{ total }, rows] = await Promise.all([
          scoped.select(sql<number>`count(*)::int`.as("total")).executeTakeFirstOrThrow(),
          scoped
            .selectAll()
            .orderBy("created_at", "desc")
            .orderBy("id", "desc")
            .limit(pageSize)
            .offset((page - 1) * pageSize)
            .execute(),
        ]);
        reply.header("X-Total-Count", total).header("X-Page", page).header("X-Page-Size", pageSize);
        return serializeSessions(services.db, services.config.flowUrl, rows);
      },
    );
  }
}
