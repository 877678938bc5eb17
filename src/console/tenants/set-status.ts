// POST /console/api/tenants/:tenant_id/suspend and …/resume (design: `kyc tenant suspend|resume T`). A
// suspended tenant's keys answer 401 on every surface.
import type { App } from "../../platform/http/app.js";
import { setTenantStatus } from "../../platform/tenants/tenants.js";
import type { Services } from "../../services.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, okSchema, tenantParams } from "../console-schemas.js";

export function registerConsoleSetTenantStatusRoutes(app: App, services: Services): void {
  for (const [verb, status] of [
    ["suspend", "suspended"],
    ["resume", "active"],
  ] as const) {
    app.post(
      `/${verb}`,
      {
        schema: {
          summary: verb === "suspend" ? "Suspend a tenant" : "Resume a tenant",
          tags: CONSOLE_TAGS,
          params: tenantParams,
          response: { 200: okSchema },
        },
      },
      async (request) => {
        // setTenantStatus audits in its own transaction, with the operator as actor.
        await setTenantStatus(services.db, request.params.tenant_id, status, operatorOf(request).actor);
        return { ok: true as const };
      },
    );
  }
}
