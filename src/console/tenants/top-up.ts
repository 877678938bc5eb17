// POST /console/api/tenants/:tenant_id/credits/top-up {amount} (design: `kyc credits topup T AMOUNT`).
import { z } from "zod";
import { topUp } from "../../platform/credits/ledger.js";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { auditedChange } from "../audited-change.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

export function registerConsoleTopUpRoute(app: App, services: Services): void {
  app.post(
    "/credits/top-up",
    {
      schema: {
        summary: "Top up credits",
        tags: CONSOLE_TAGS,
        params: tenantParams,
        body: z.object({
          amount: z.string().describe("A positive decimal, as a string (credits are exact)."),
          note: z.string().max(500).default("operator top-up").describe("Kept on the ledger row."),
        }),
        response: { 200: z.object({ tenant_id: z.string(), balance: z.string() }) },
      },
    },
    async (request) => {
      const tenantId = request.params.tenant_id;
      const { amount, note } = request.body;
      const balance = await auditedChange(
        services,
        operatorOf(request),
        { tenantId, action: "credits.topup", data: { amount } },
        (tx) => topUp(tx, tenantId, amount, note),
      );
      return { tenant_id: tenantId, balance };
    },
  );
}
