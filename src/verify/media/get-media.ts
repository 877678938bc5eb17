// GET /v3/media/<path> (spec: Evidence rules): the bytes with 200, never a redirect; only the owning
// tenant (else 404); purged files stop resolving; own rate bucket.
import { z } from "zod";
import { AppError } from "../../platform/errors.js";
import { type App, tenantOf } from "../../platform/http/app.js";
import { openTenantEvidence } from "../../platform/media/evidence.js";
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
      const tenant = tenantOf(request);
      // design: Sandbox — a test key reads its test sessions' files only; a live key never reads those.
      if ((await evidenceIsTest(services, tenant.tenantId, path)) !== tenant.test) {
        throw new AppError("not_found", { detail: "Not found." });
      }
      const file = await openTenantEvidence(services.db, services.media, tenant.tenantId, path);
      if (!file) throw new AppError("not_found", { detail: "Not found." });
      return reply
        .header("content-type", file.contentType)
        .header("content-length", file.size)
        .header("cache-control", "private, max-age=300")
        .header("x-content-type-options", "nosniff")
        .send(file.body);
    },
  );
}

/** Whether the file belongs to a test session (files of no session, e.g. tool uploads, are live). */
async function evidenceIsTest(services: Services, tenantId: string, path: string): Promise<boolean> {
  const row = await services.db
    .selectFrom("media_objects")
    .innerJoin("sessions", "sessions.id", "media_objects.session_id")
    .select("sessions.test")
    .where("media_objects.tenant_id", "=", tenantId)
    .where("media_objects.path", "=", path)
    .executeTakeFirst();
  return row?.test ?? false;
}
