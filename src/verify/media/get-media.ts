// GET /v3/media/<path> (spec: Evidence rules): the bytes with 200, never a redirect; only the owning
// tenant (else 404); purged files stop resolving; own rate bucket.
import { z } from "zod";
import { AppError } from "../../platform/errors.js";
import { type App, tenantOf } from "../../platform/http/app.js";
import type { Services } from "../../services.js";

export function registerGetMediaRoute(app: App, services: Services): void {
  app.get(
    "/media/*",
    {
      config: { rateBucket: "kyc_v3_media" },
      schema: {
        summary: "Evidence file bytes",
        tags: ["media"],
        params: z.object({ "*": z.string() }),
      },
    },
    async (request, reply) => {
      const path = request.params["*"];
      const row = await services.db
        .selectFrom("media_objects")
        .select(["path", "content_type"])
        .where("path", "=", path)
        .where("tenant_id", "=", tenantOf(request).tenantId)
        .where("purged_at", "is", null)
        .executeTakeFirst();
      const bytes = row ? await services.media.get(row.path) : null;
      if (!row || !bytes) throw new AppError("not_found", { detail: "Not found." });
      return reply
        .header("content-type", row.content_type)
        .header("cache-control", "private, max-age=300")
        .header("x-content-type-options", "nosniff")
        .send(bytes);
    },
  );
}
