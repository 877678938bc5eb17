// POST /api/v1/sessions/ (spec: Partner surface — hosted application session from a partner-signed JWT).
import { z } from "zod";
import { type App, tenantOf } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { createHostedSession, MAX_PARTNER_JWT_LENGTH } from "./create-hosted-session.js";

export function registerCreateSessionRoute(app: App, services: Services): void {
  app.post(
    "/sessions/",
    {
      schema: {
        summary: "Start a hosted application session from a partner-signed JWT",
        tags: ["partner"],
        body: z.object({
          jwt: z
            .string()
            .max(MAX_PARTNER_JWT_LENGTH)
            .optional()
            .describe(
              "HS256 JWT signed with the tenant's JWT signing secret: jti, iat, exp, flow_id, payload?, session_ttl_minutes?. " +
                "At most 8192 characters; jti and flow_id at most 255, payload.full_name 200, email 254, phone 40, identifier 255.",
            ),
        }),
        response: {
          201: z.object({
            ok: z.literal(true),
            session_id: z.string(),
            url: z.string(),
            expires: z.boolean(),
            expires_at: z.string().nullable(),
            credits_remaining: z.number().int(),
            replay: z.literal(true).optional(),
          }),
        },
      },
    },
    async (request, reply) => {
      const session = await createHostedSession(services, tenantOf(request).tenantId, request.body.jwt);
      return reply.status(201).send(session);
    },
  );
}
