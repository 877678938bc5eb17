// GET, POST, DELETE /v3/session/{session_id}/tags/ — list, apply, remove; body {tag}.
import { sql } from "kysely";
import { z } from "zod";
import { AppError } from "../../platform/errors.js";
import { type App, tenantOf } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { findSession } from "./find-session.js";
import { sessionIdParams } from "./session-schemas.js";

const MAX_TAGS_PER_SESSION = 50;

const tagBody = z.object({
  tag: z.string().trim().min(1, { error: "invalid_tag" }).max(64, { error: "invalid_tag" }),
});
const tagsResponse = z.object({ session_id: z.string(), tags: z.array(z.string()) });

export function registerSessionTagsRoutes(app: App, services: Services): void {
  const schema = { tags: ["sessions"], params: sessionIdParams, response: { 200: tagsResponse } };
  app.get(
    "/session/:session_id/tags/",
    { config: { rateBucket: "kyc_v3_read" }, schema: { ...schema, summary: "List tags" } },
    async (request) => {
      const session = await findSession(services.db, tenantOf(request).tenantId, request.params.session_id);
      return { session_id: session.id, tags: session.tags };
    },
  );
  for (const method of ["POST", "DELETE"] as const) {
    app.route({
      method,
      url: "/session/:session_id/tags/",
      config: { rateBucket: "kyc_v3_read" },
      schema: { ...schema, summary: method === "POST" ? "Apply a tag" : "Remove a tag", body: tagBody },
      handler: async (request) => {
        const tenantId = tenantOf(request).tenantId;
        const session = await findSession(services.db, tenantId, request.params.session_id);
        const tag = request.body.tag;
        // Documented limit (README: Limits): 64 characters per tag, 50 tags per session.
        if (method === "POST" && !session.tags.includes(tag) && session.tags.length >= MAX_TAGS_PER_SESSION) {
          throw new AppError("validation_failed", {
            detail: "invalid_tag",
            field: "tag",
            message: `A session holds at most ${MAX_TAGS_PER_SESSION} tags.`,
          });
        }
        const tags =
          method === "POST"
            ? sql<
                string[]
              >`(SELECT array_agg(DISTINCT t ORDER BY t) FROM unnest(array_append(tags, ${tag}::text)) AS t)`
            : sql<string[]>`array_remove(tags, ${tag}::text)`;
        const updated = await services.db
          .updateTable("sessions")
          .set({ tags, updated_at: sql`now()` })
          .where("tenant_id", "=", tenantId)
          .where("id", "=", session.id)
          .returning("tags")
          .executeTakeFirstOrThrow();
        return { session_id: session.id, tags: updated.tags };
      },
    });
  }
}
