// GET /console/api/tenants/:tenant_id/sessions/:session_id/evidence: every stored file of the session (document
// sides, portrait, selfie, liveness stills, the WebM clip…) with the console URL that serves it, oldest first.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { findSession } from "../../verify/sessions/find-session.js";
import { sessionIdParams } from "../../verify/sessions/session-schemas.js";
import { CONSOLE_API_PREFIX } from "../console-paths.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

const item = z.object({
  kind: z.string().describe("selfie, document_front, document_back, portrait, liveness_still, video…"),
  content_type: z.string(),
  url: z.string().describe("Path of GET /console/api/tenants/{tenant_id}/media/{path}."),
  created_at: z.string(),
});

export function registerConsoleSessionEvidenceRoute(app: App, services: Services): void {
  app.get(
    "/sessions/:session_id/evidence",
    {
      config: { consoleRole: "reviewer" },
      schema: {
        summary: "A session's evidence files",
        tags: CONSOLE_TAGS,
        params: tenantParams.extend(sessionIdParams.shape),
        response: { 200: z.array(item) },
      },
    },
    async (request) => {
      const { tenant_id: tenantId, session_id: sessionId } = request.params;
      await findSession(services.db, tenantId, sessionId);
      const rows = await services.db
        .selectFrom("media_objects")
        .select(["kind", "content_type", "path", "created_at"])
        .where("tenant_id", "=", tenantId)
        .where("session_id", "=", sessionId)
        .where("purged_at", "is", null)
        .orderBy("created_at")
        .execute();
      return rows.map((row) => ({
        kind: row.kind,
        content_type: row.content_type,
        url: `${CONSOLE_API_PREFIX}/tenants/${tenantId}/media/${row.path}`,
        created_at: row.created_at.toISOString(),
      }));
    },
  );
}
