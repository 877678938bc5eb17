// GET /console/api/tenants: every tenant with its status and credit balance.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import { listTenants } from "../../platform/tenants/tenants.js";
import type { Services } from "../../services.js";
import { CONSOLE_TAGS } from "../console-schemas.js";

const tenantSummary = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(["active", "suspended"]),
  balance: z.string().describe("Credits, an exact decimal."),
  created_at: z.string(),
});

export function registerConsoleListTenantsRoute(app: App, services: Services): void {
  app.get(
    "/tenants",
    {
      schema: { summary: "List tenants", tags: CONSOLE_TAGS, response: { 200: z.array(tenantSummary) } },
    },
    async () => listTenants(services.db),
  );
}
