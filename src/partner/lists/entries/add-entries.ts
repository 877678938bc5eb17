// POST /api/v1/lists/{list_id}/entries/ (spec: single upsert — 201 created, 200 existed; or bulk with
// `entries` — idempotent, with created/skipped/invalid counts and up to 20 row diagnostics).
import { z } from "zod";
import { type App, tenantOf } from "../../../platform/http/app.js";
import type { Services } from "../../../services.js";
import { entryResponse, listParams } from "../../partner-schemas.js";
import { addEntriesInBulk } from "../bulk-entries.js";
import { upsertEntry } from "../list-entries.js";

const bulkResponse = z.object({
  ok: z.literal(true),
  created: z.number().int(),
  skipped: z.number().int(),
  invalid: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), error: z.string() })),
});

export function registerAddEntriesRoute(app: App, services: Services): void {
  app.post(
    "/lists/:list_id/entries/",
    {
      schema: {
        summary: "Add one entry (upsert) or many (bulk, idempotent)",
        tags: ["partner lists"],
        params: listParams,
        body: z.object({
          value: z.unknown().optional().describe("Single: the value (string); normalized per list type."),
          comment: z.unknown().optional().describe("Single: free text."),
          entries: z
            .unknown()
            .optional()
            .describe("Bulk: array of {value, comment}; invalid rows are reported, valid rows still added."),
        }),
        response: { 200: z.union([entryResponse, bulkResponse]), 201: entryResponse },
      },
    },
    async (request, reply) => {
      const tenantId = tenantOf(request).tenantId;
      const { list_id: listId } = request.params;
      if (request.body.entries !== undefined) {
        return reply
          .status(200)
          .send(await addEntriesInBulk(services.db, tenantId, listId, request.body.entries));
      }
      const { entry, created } = await upsertEntry(services.db, tenantId, listId, request.body);
      return reply.status(created ? 201 : 200).send({ ok: true as const, entry });
    },
  );
}
