// GET /v3/credits/ledger/ (spec: Verify surface: workflows, usage, credits).
import { z } from "zod";
import { listLedger } from "../../../platform/credits/list-ledger.js";
import { type App, tenantOf } from "../../../platform/http/app.js";
import type { Services } from "../../../services.js";

const ledgerRow = z.object({
  id: z.string().uuid(),
  delta: z.string().describe("Signed decimal string; negative for debits."),
  reason: z.enum(["session_create", "kyc_session", "kyc_module", "tool_usage", "refund", "topup", "adjust"]),
  feature: z.string().describe("Chargeable key; blank on non-usage rows."),
  session_id: z.string().describe("Empty when none."),
  application_id: z.string().describe("Empty when none."),
  created_at: z.string(),
});

export function registerLedgerRoute(app: App, services: Services): void {
  app.get(
    "/credits/ledger/",
    {
      config: { rateBucket: "kyc_v3_read" },
      schema: {
        summary: "Credit ledger, newest first",
        tags: ["credits"],
        querystring: z.object({
          since: z.string().optional().describe("Inclusive YYYY-MM-DD (UTC)."),
          until: z.string().optional().describe("Inclusive YYYY-MM-DD (UTC)."),
          page: z.string().optional().describe("Default 1, floor 1."),
          page_size: z.string().optional().describe("Default 100, clamped 1..500."),
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
      listLedger(services.db, tenantOf(request).tenantId, request.query, { cache: services.ledgerPages }),
  );
}
