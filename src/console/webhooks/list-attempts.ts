// GET /console/api/tenants/:tenant_id/webhooks/events/:event_id/attempts: each delivery try of one event.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { listWebhookAttempts } from "../../webhooks/list-attempts.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

const attemptSchema = z.object({
  attempt: z.number().int().describe("1 for the first try; a resend starts again at 1."),
  url: z.string().describe("Where this try was sent."),
  status_code: z.number().int().nullable().describe("The receiver's HTTP status; null when none came."),
  error: z.string().nullable().describe('Short text, e.g. "HTTP 500" or "timed out after 15000 ms".'),
  error_class: z
    .string()
    .nullable()
    .describe("http_status, timeout, network, tls, dns or target_refused; null when delivered."),
  response_excerpt: z
    .string()
    .nullable()
    .describe("The first bytes of the receiver's answer (at most 1,000 characters)."),
  duration_ms: z.number().int(),
  created_at: z.string(),
});

export function registerConsoleListWebhookAttemptsRoute(app: App, services: Services): void {
  app.get(
    "/webhooks/events/:event_id/attempts",
    {
      schema: {
        summary: "Delivery attempts of one webhook event",
        tags: CONSOLE_TAGS,
        params: tenantParams.extend({ event_id: z.string().describe("The event id.") }),
        response: { 200: z.array(attemptSchema) },
      },
    },
    async (request) => listWebhookAttempts(services.db, request.params.tenant_id, request.params.event_id),
  );
}
