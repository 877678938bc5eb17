// GET /v3/usage/workflows/ (spec): whole history, only session-linked debits, grouped by workflow name
// (`-` for sessions without a named workflow), credits as positive magnitudes rounded to 4 decimals.
import { sql } from "kysely";
import { z } from "zod";
import { type App, tenantOf } from "../../platform/http/app.js";
import type { Services } from "../../services.js";

export function registerWorkflowUsageRoute(app: App, services: Services): void {
  app.get(
    "/usage/workflows/",
    {
      config: { rateBucket: "kyc_v3_read" },
      schema: {
        summary: "Credits used per workflow",
        tags: ["usage"],
        response: {
          200: z.object({
            usage: z.array(
              z.object({ workflow: z.string(), credits: z.number(), entries: z.number().int() }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const rows = await sql<{ workflow: string; credits: string; entries: number }>`
        SELECT coalesce(w.name, '-') AS workflow, round(-sum(l.delta), 4)::text AS credits, count(*)::int AS entries
        FROM credit_ledger l LEFT JOIN workflows w ON w.id = l.workflow_id AND w.tenant_id = l.tenant_id
        WHERE l.tenant_id = ${tenantOf(request).tenantId} AND l.session_id <> '' AND l.delta < 0
        GROUP BY 1 ORDER BY 1`.execute(services.db);
      return { usage: rows.rows.map((row) => ({ ...row, credits: Number(row.credits) })) };
    },
  );
}
