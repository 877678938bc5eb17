// GET /console/api/tenants/:tenant_id/media/<path>: an evidence file for the console's session page (the
// browser loads it with the session cookie; /v3/media needs the tenant's API key). Another tenant's path: 404.
import { z } from "zod";
import { AppError } from "../../platform/errors.js";
import type { App } from "../../platform/http/app.js";
import { openTenantEvidence } from "../../platform/media/evidence.js";
import type { Services } from "../../services.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

export function registerConsoleGetMediaRoute(app: App, services: Services): void {
  app.get(
    "/media/*",
    {
      config: { consoleRole: "reviewer" },
      schema: {
        summary: "Evidence file bytes",
        tags: CONSOLE_TAGS,
        params: tenantParams.extend({ "*": z.string() }),
      },
    },
    async (request, reply) => {
      const { tenant_id: tenantId, "*": path } = request.params;
      const file = await openTenantEvidence(services.db, services.media, tenantId, path);
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
