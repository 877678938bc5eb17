// GET /console/api/tenants: every tenant with its status and credit balance.
import { z } from "zod";
import { normalizeDecimal } from "../../platform/credits/rates.js";
import type { App } from "../../platform/http/app.js";
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
    async () => {
      const rows = await services.db
        .selectFrom("tenants")
        .select(["id", "name", "status", "credit_balance", "created_at"])
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        status: row.status,
        balance: normalizeDecimal(row.credit_balance),
        created_at: row.created_at.toISOString(),
      }));
    },
  );
}
