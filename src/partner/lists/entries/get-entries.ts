// GET /api/v1/lists/{list_id}/entries/ (spec: paged newest first; q over value and comment).
import { z } from "zod";
import { type App, tenantOf } from "../../../platform/http/app.js";
import type { Services } from "../../../services.js";
import { entrySchema, listParams } from "../../partner-schemas.js";
import { listEntries } from "../list-entries.js";

export function registerGetEntriesRoute(app: App, services: Services): void {
  app.get(
    "/lists/:list_id/entries/",
    {
      config: { rateBucket: "partner_read" },
      schema: {
        summary: "A page of a risk list's entries, newest first",
        tags: ["partner lists"],
        params: listParams,
        querystring: z.object({
          page: z.string().optional().describe("Default 1, floor 1."),
          page_size: z.string().optional().describe("Default 100, clamped 1..500."),
          q: z.string().optional().describe("Substring of value or comment."),
        }),
        response: {
          200: z.object({
            ok: z.literal(true),
            total: z.number().int(),
            page: z.number().int(),
            page_size: z.number().int(),
            entries: z.array(entrySchema),
          }),
        },
      },
    },
    async (request) => ({
      ok: true as const,
      ...(await listEntries(services.db, tenantOf(request).tenantId, request.params.list_id, request.query)),
    }),
  );
}
