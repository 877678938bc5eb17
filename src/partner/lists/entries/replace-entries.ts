// PUT /api/v1/lists/{list_id}/entries/ (spec: atomic replace; any invalid row → 400 invalid_entries with up
// to 50 diagnostics and nothing changes).
import { z } from "zod";
import { type App, tenantOf } from "../../../platform/http/app.js";
import type { Services } from "../../../services.js";
import { listParams } from "../../partner-schemas.js";
import { replaceEntries } from "../bulk-entries.js";

export function registerReplaceEntriesRoute(app: App, services: Services): void {
  app.put(
    "/lists/:list_id/entries/",
    {
      schema: {
        summary: "Replace every entry of a risk list",
        tags: ["partner lists"],
        params: listParams,
        body: z.object({ entries: z.unknown().optional().describe("Array of {value, comment}.") }),
        response: {
          200: z.object({
            ok: z.literal(true),
            replaced: z.literal(true),
            deleted: z.number().int(),
            created: z.number().int(),
          }),
        },
      },
    },
    async (request) =>
      replaceEntries(services.db, tenantOf(request).tenantId, request.params.list_id, request.body.entries),
  );
}
