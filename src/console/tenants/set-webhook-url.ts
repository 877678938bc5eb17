// PUT /console/api/tenants/:tenant_id/webhook {url} (design: `kyc webhook set T URL`); null removes it.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import { assertDeliverableUrl } from "../../platform/net/safe-request.js";
import { setWebhookUrl } from "../../platform/tenants/tenants.js";
import type { Services } from "../../services.js";
import { auditedChange } from "../audited-change.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

const webhookSchema = z.object({
  url: z.string().max(2000).nullable().describe("The tenant's webhook destination; null: none."),
});

export function registerConsoleSetWebhookUrlRoute(app: App, services: Services): void {
  app.put(
    "/webhook",
    {
      schema: {
        summary: "Set the webhook URL",
        description: "Loopback, private and link-local destinations are refused (spec: Delivery rules 4).",
        tags: CONSOLE_TAGS,
        params: tenantParams,
        body: webhookSchema,
        response: { 200: webhookSchema },
      },
    },
    async (request) => {
      const tenantId = request.params.tenant_id;
      const { url } = request.body;
      if (url !== null) await assertDeliverableUrl(url, services.config.allowPrivateTargets);
      await auditedChange(
        services,
        operatorOf(request),
        { tenantId, action: "webhook.set_url", data: { url } },
        (tx) => setWebhookUrl(tx, tenantId, url),
      );
      return { url };
    },
  );
}
