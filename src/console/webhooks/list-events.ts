// GET /console/api/tenants/:tenant_id/webhooks/events: the delivery log, newest first.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { listWebhookEvents } from "../../webhooks/resend-event.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

const eventSchema = z.object({
  id: z.string().describe("The event id (X-Webhook-Id)."),
  event_type: z.string(),
  status: z
    .string()
    .describe(
      "pending, delivered, failed or skipped (no webhook URL). Failed with last_error endpoint_disabled: held " +
        "while the endpoint is disabled; enabling it sends the event again.",
    ),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
});

export function registerConsoleListWebhookEventsRoute(app: App, services: Services): void {
  app.get(
    "/webhooks/events",
    {
      schema: {
        summary: "Webhook delivery log",
        tags: CONSOLE_TAGS,
        params: tenantParams,
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(500).default(50).describe("Default 50, max 500."),
        }),
        response: { 200: z.array(eventSchema) },
      },
    },
    async (request) => listWebhookEvents(services.db, request.params.tenant_id, request.query.limit),
  );
}
