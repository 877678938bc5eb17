// GET /console/api/tenants/:tenant_id/credits/ledger: the tenant's credit ledger (the rules of
// GET /v3/credits/ledger/: inclusive UTC days, page_size default 100 max 500, newest first).
import { z } from "zod";
import { listLedger } from "../../platform/credits/list-ledger.js";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

const ledgerRow = z.object({
  id: z.string(),
  delta: z.string().describe("Signed decimal string; negative for debits."),
  reason: z.string(),
  feature: z.string(),
  session_id: z.string(),
  application_id: z.string(),
  created_at: z.string(),
});

export function registerConsoleCreditLedgerRoute(app: App, services: Services): void {
  app.get(
    "/credits/ledger",
    {
      schema: {
        summary: "A tenant's credit ledger",
        tags: CONSOLE_TAGS,
        params: tenantParams,
        querystring: z.object({
          since: z.string().optional().describe("Inclusive YYYY-MM-DD (UTC)."),
          until: z.string().optional().describe("Inclusive YYYY-MM-DD (UTC)."),
          page: z.string().optional(),
          page_size: z.string().optional(),
        }),
        response: {
          200: z.object({
            count: z.number().int(),
            page: z.number().int(),
            page_size: z.number().int(),
            results: z.array(ledgerRow),
          }),
        },
      },
    },
    async (request) =>
      listLedger(services.db, request.params.tenant_id, request.query, { cache: services.ledgerPages }),
  );
}
