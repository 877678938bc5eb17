// POST /console/api/tenants/:tenant_id/webhooks/events/:event_id/resend (spec: Delivery rules 3): the same
// event id goes out again, so receivers that already processed it dedupe.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { resendWebhookEvent } from "../../webhooks/resend-event.js";
import { auditedChange } from "../audited-change.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, okSchema, tenantParams } from "../console-schemas.js";

export function registerConsoleResendWebhookEventRoute(app: App, services: Services): void {
  app.post(
    "/webhooks/events/:event_id/resend",
    {
      schema: {
        summary: "Resend a webhook event",
        tags: CONSOLE_TAGS,
        params: tenantParams.extend({ event_id: z.string().describe("The event id.") }),
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const { tenant_id: tenantId, event_id: eventId } = request.params;
      await auditedChange(
        services,
        operatorOf(request),
        { tenantId, action: "webhook.resend", target: eventId },
        (tx) => resendWebhookEvent(tx, tenantId, eventId),
      );
      return { ok: true as const };
    },
  );
}
