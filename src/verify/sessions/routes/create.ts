// POST /v3/session/ (spec: Verify surface: sessions).
import { z } from "zod";
import { type App, tenantOf } from "../../../platform/http/app.js";
import type { Services } from "../../../services.js";
import { createSession } from "../create-session.js";
import { createSessionBody, createSessionResponse } from "../session-input.js";

export function registerCreateSessionRoute(app: App, services: Services): void {
  app.post(
    "/session/",
    {
      config: { rateBucket: "kyc_v3_session_create" },
      schema: {
        summary: "Create a verification session",
        tags: ["sessions"],
        headers: z.object({
          "idempotency-key": z
            .string()
            .optional()
            .describe("Up to 128 characters; a repeat returns the original 201."),
        }),
        body: createSessionBody,
        response: { 201: createSessionResponse },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const session = await createSession(services, tenant.tenantId, request.body, {
        idempotencyKey: request.headers["idempotency-key"],
        test: tenant.test,
      });
      return reply.status(201).send(session);
    },
  );
}
