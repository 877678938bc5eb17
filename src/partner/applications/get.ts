// GET /api/v1/applications/{application_id}/ (spec: Partner surface; read bucket partner_read).
import { z } from "zod";
import { type App, tenantOf } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { applicationResponse } from "../partner-schemas.js";
import { getApplication } from "./application-resource.js";

export function registerGetApplicationRoute(app: App, services: Services): void {
  app.get(
    "/applications/:application_id/",
    {
      config: { rateBucket: "partner_read" },
      schema: {
        summary: "Read an application",
        tags: ["partner"],
        params: z.object({ application_id: z.string() }),
        response: { 200: applicationResponse },
      },
    },
    async (request) => ({
      ok: true as const,
      application: await getApplication(
        services.db,
        tenantOf(request).tenantId,
        request.params.application_id,
      ),
    }),
  );
}
