// POST /console/api/tenants/:tenant_id/webhook/enable (`kyc webhook enable T`): re-enables an endpoint disabled
// after a long run of failures and requeues the events held back meanwhile (same event ids). Idempotent.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { enableWebhookEndpoint } from "../../webhooks/enable-endpoint.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

const enabledSchema = z.object({
  tenant_id: z.string(),
  was_disabled: z.boolean().describe("False when the endpoint was already enabled."),
  requeued_events: z.number().int().describe("Held events queued for delivery again."),
});

export function registerConsoleEnableWebhookEndpointRoute(app: App, services: Services): void {
  app.post(
    "/webhook/enable",
    {
      schema: {
        summary: "Re-enable the webhook endpoint",
        description:
          "Ends the failure streak and requeues the events held while the endpoint was disabled. " +
          "Events that had used up their retries before stay failed; resend them one by one.",
        tags: CONSOLE_TAGS,
        params: tenantParams,
        response: { 200: enabledSchema },
      },
    },
    // enableWebhookEndpoint audits in its own transaction, with the operator as actor.
    async (request) =>
      enableWebhookEndpoint(services.db, request.params.tenant_id, operatorOf(request).actor),
  );
}
