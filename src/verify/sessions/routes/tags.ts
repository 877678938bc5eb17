import { z } from "zod";
import { type App, tenantOf } from "../../../platform/http/app.js";
import type { Services } from "../../../services.js";
import { sessionIdParams } from "../session-schemas.js";
import { changeSessionTag, listSessionTags } from "../session-tags.js";

const tagBody = z.object({
  tag: z.string().trim().min(1, { error: "invalid_tag" }).max(64, { error: "invalid_tag" }),
});
const tagsResponse = z.object({ session_id: z.string(), tags: z.array(z.string()) });

export function registerSessionTagsRoutes(app: App, services: Services): void {
  const schema = { tags: ["sessions"], params: sessionIdParams, response: { 200: tagsResponse } };
  app.get(
    "/session/:session_id/tags/",
    { config: { rateBucket: "kyc_v3_read" }, schema: { ...schema, summary: "List tags" } },
    async (request) => listSessionTags(services.db, tenantOf(request).tenantId, request.params.session_id),
  );
  for (const method of ["POST", "DELETE"] as const) {
    app.route({
      method,
      url: "/session/:session_id/tags/",
      config: { rateBucket: "kyc_v3_read" },
      schema: { ...schema, summary: method === "POST" ? "Apply a tag" : "Remove a tag", body: tagBody },
      handler: async (request) => {
        const tag = request.body.tag;
        return changeSessionTag(
          services.db,
          tenantOf(request).tenantId,
          request.params.session_id,
          method === "POST" ? { add: tag } : { remove: tag },
        );
      },
    });
  }
}
