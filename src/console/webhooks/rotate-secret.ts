// POST /console/api/tenants/:tenant_id/webhook/secret: issues a new webhook signing secret, shown once (spec:
// Delivery rules 1 — deliveries are signed with <SIGNING_SECRET>). Retries of earlier events are signed with it.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { rotateWebhookSigningSecret } from "../../webhooks/rotate-signing-secret.js";
import { auditedChange } from "../audited-change.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

export function registerConsoleRotateWebhookSecretRoute(app: App, services: Services): void {
  app.post(
    "/webhook/secret",
    {
      schema: {
        summary: "Rotate the webhook signing secret",
        description: "The old secret stops signing at once; the new one is answered once and never again.",
        tags: CONSOLE_TAGS,
        params: tenantParams,
        response: { 200: z.object({ webhook_signing_secret: z.string() }) },
      },
    },
    async (request) => {
      const tenantId = request.params.tenant_id;
      const secret = await auditedChange(
        services,
        operatorOf(request),
        { tenantId, action: "webhook.rotate_secret" },
        (tx) => rotateWebhookSigningSecret(tx, tenantId),
      );
      return { webhook_signing_secret: secret };
    },
  );
}
