// GET /console/api/tenants/:tenant_id/credits/usage?days=30: the balance and the credits spent per UTC day and
// per feature, for the console's usage charts.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { summarizeUsage } from "../../verify/usage/usage-summary.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

const usageRow = z.object({ credits: z.number(), entries: z.number().int() });

export function registerConsoleCreditUsageRoute(app: App, services: Services): void {
  app.get(
    "/credits/usage",
    {
      schema: {
        summary: "Credit usage by day and by feature",
        tags: CONSOLE_TAGS,
        params: tenantParams,
        querystring: z.object({
          days: z.coerce
            .number()
            .int()
            .min(1)
            .max(366)
            .default(30)
            .describe("Window ending today; default 30."),
        }),
        response: {
          200: z.object({
            balance: z.string(),
            days: z.number().int(),
            by_day: z.array(usageRow.extend({ day: z.string().describe("YYYY-MM-DD (UTC)") })),
            by_feature: z.array(
              usageRow.extend({ feature: z.string().describe("Chargeable key, or the ledger reason.") }),
            ),
          }),
        },
      },
    },
    async (request) => summarizeUsage(services.db, request.params.tenant_id, request.query.days),
  );
}
