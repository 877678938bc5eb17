// PATCH /api/v1/lists/{list_id}/entries/{entry_id}/ (spec: 400 on a blank value, 409 on a collision).
import { z } from "zod";
import { type App, tenantOf } from "../../../platform/http/app.js";
import type { Services } from "../../../services.js";
import { entryParams, entryResponse } from "../../partner-schemas.js";
import { updateEntry } from "../list-entries.js";

export function registerUpdateEntryRoute(app: App, services: Services): void {
  app.patch(
    "/lists/:list_id/entries/:entry_id/",
    {
      schema: {
        summary: "Change an entry's value or comment",
        tags: ["partner lists"],
        params: entryParams,
        body: z.object({ value: z.unknown().optional(), comment: z.unknown().optional() }),
        response: { 200: entryResponse },
      },
    },
    async (request) => ({
      ok: true as const,
      entry: await updateEntry(
        services.db,
        tenantOf(request).tenantId,
        request.params.list_id,
        request.params.entry_id,
        request.body,
      ),
    }),
  );
}
