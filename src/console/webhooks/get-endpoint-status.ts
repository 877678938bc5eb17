// GET /console/api/tenants/:tenant_id/webhook/status (`kyc webhook status T`): whether the tenant's endpoint is
// enabled, why and when it was disabled, and its current failure streak.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { getWebhookEndpointStatus } from "../../webhooks/enable-endpoint.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

export const endpointStatusSchema = z.object({
  tenant_id: z.string(),
  url: z.string().nullable().describe("The destination; null: none set."),
  enabled: z
    .boolean()
    .describe(
      "False after a long run of failures: no successful attempt for 5 days and at least 10 failed " +
        "attempts in a row. Deliveries are then held (event status failed, last_error endpoint_disabled).",
    ),
  disabled_at: z.string().nullable(),
  disabled_reason: z.string().nullable(),
  failing_since: z.string().nullable().describe("First failed attempt since the last success."),
  consecutive_failures: z.number().int(),
  last_success_at: z.string().nullable(),
  last_failure_at: z.string().nullable(),
  held_events: z.number().int().describe("Events waiting for the endpoint to be enabled."),
});

export function registerConsoleGetWebhookEndpointStatusRoute(app: App, services: Services): void {
  app.get(
    "/webhook/status",
    {
      schema: {
        summary: "Webhook endpoint status",
        tags: CONSOLE_TAGS,
        params: tenantParams,
        response: { 200: endpointStatusSchema },
      },
    },
    async (request) => getWebhookEndpointStatus(services.db, request.params.tenant_id),
  );
}
