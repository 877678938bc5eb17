// POST /console/api/tenants/:tenant_id/features/enable and …/disable {features} (design: `kyc features
// enable|disable T K…`): answers with the features enabled afterwards.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import { enabledFeatures, setFeatures } from "../../platform/tenants/entitlements.js";
import type { Services } from "../../services.js";
import { auditedChange } from "../audited-change.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

export function registerConsoleSetFeaturesRoutes(app: App, services: Services): void {
  for (const enabled of [true, false]) {
    const verb = enabled ? "enable" : "disable";
    app.post(
      `/features/${verb}`,
      {
        schema: {
          summary: enabled ? "Enable features" : "Disable features",
          tags: CONSOLE_TAGS,
          params: tenantParams,
          body: z.object({
            features: z.array(z.string()).min(1).describe("Feature keys, e.g. LIVENESS, FACE_SEARCH."),
          }),
          response: { 200: z.object({ tenant_id: z.string(), features: z.array(z.string()) }) },
        },
      },
      async (request) => {
        const tenantId = request.params.tenant_id;
        const { features } = request.body;
        const now = await auditedChange(
          services,
          operatorOf(request),
          { tenantId, action: `features.${verb}`, data: { features } },
          async (tx) => {
            await setFeatures(tx, tenantId, features, enabled);
            return enabledFeatures(tx, tenantId);
          },
        );
        return { tenant_id: tenantId, features: now };
      },
    );
  }
}
