// PATCH /api/v1/applications/{application_id}/ (spec: Partner surface — hosted-URL expiry control).
import { z } from "zod";
import { type App, tenantOf } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { applicationResponse } from "../partner-schemas.js";
import { updateHostedUrlExpiry } from "./hosted-url-expiry.js";

export function registerUpdateApplicationRoute(app: App, services: Services): void {
  app.patch(
    "/applications/:application_id/",
    {
      schema: {
        summary: "Expire the hosted URL now, or set or clear its expiry",
        tags: ["partner"],
        params: z.object({ application_id: z.string() }),
        // Checked in the domain function so each mistake gets the spec's code, not a generic one.
        body: z.object({
          expire_now: z.unknown().optional().describe("boolean; true expires the hosted URL now and wins."),
          session_expires_at: z
            .unknown()
            .optional()
            .describe("ISO 8601 string; null or an empty string removes the expiry."),
        }),
        response: { 200: applicationResponse },
      },
    },
    async (request) => ({
      ok: true as const,
      application: await updateHostedUrlExpiry(
        services.db,
        tenantOf(request).tenantId,
        request.params.application_id,
        request.body,
      ),
    }),
  );
}
