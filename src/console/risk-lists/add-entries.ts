// POST /console/api/tenants/:tenant_id/risk-lists/:list_id/entries: one entry ({value, comment}, an upsert:
// 201 created, 200 existed) or many ({entries: [...]}, idempotent, with up to 20 row diagnostics), as
// POST /api/v1/lists/{id}/entries/ does.
import { z } from "zod";
import { addEntriesInBulk, type BulkAddResult } from "../../partner/lists/bulk-entries.js";
import { type UpsertResult, upsertEntry } from "../../partner/lists/list-entries.js";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { auditedChange } from "../audited-change.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS } from "../console-schemas.js";
import { entrySchema, listParams } from "./risk-list-schemas.js";

const bulkResult = z.object({
  ok: z.literal(true),
  created: z.number().int(),
  skipped: z.number().int(),
  invalid: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), error: z.string() })),
});

export function registerConsoleAddRiskListEntriesRoute(app: App, services: Services): void {
  app.post(
    "/risk-lists/:list_id/entries",
    {
      schema: {
        summary: "Add risk-list entries",
        tags: CONSOLE_TAGS,
        params: listParams,
        body: z.object({
          value: z.string().optional().describe("Single: normalized per the list's type."),
          comment: z.string().optional(),
          entries: z
            .array(z.object({ value: z.unknown(), comment: z.unknown().optional() }))
            .optional()
            .describe("Bulk: invalid rows are reported, valid rows still added."),
        }),
        response: { 200: z.union([entrySchema, bulkResult]), 201: entrySchema },
      },
    },
    async (request, reply) => {
      const { tenant_id: tenantId, list_id: listId } = request.params;
      const { entries } = request.body;
      if (entries !== undefined) {
        return auditedChange<BulkAddResult>(
          services,
          operatorOf(request),
          (result) => ({
            tenantId,
            action: "risk_list.entries_add",
            target: listId,
            data: { created: result.created, skipped: result.skipped, invalid: result.invalid },
          }),
          (tx) => addEntriesInBulk(tx, tenantId, listId, entries),
        );
      }
      const { entry, created } = await auditedChange<UpsertResult>(
        services,
        operatorOf(request),
        (result) => ({
          tenantId,
          action: "risk_list.entry_add",
          target: listId,
          data: { entry_id: result.entry.id, created: result.created },
        }),
        (tx) => upsertEntry(tx, tenantId, listId, request.body),
      );
      return reply.status(created ? 201 : 200).send(entry);
    },
  );
}
